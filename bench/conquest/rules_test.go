package conquestref

import (
	"os"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

// variant is one case of a testdata scenario: options set in its rules
// block, and edits of its text (pairs of old and new, each replaced once).
type variant struct {
	name, opts string
	edits      []string
	noExact    bool // too large for the exact solver: engine against reference only
}

// loadVariant loads testdata/file.yaml as v edits it, and builds its
// reference resolver.
func loadVariant(tb testing.TB, file string, v variant) (*scenarios.Plan, *Resolver) {
	tb.Helper()
	b, err := os.ReadFile("testdata/" + file + ".yaml")
	if err != nil {
		tb.Fatal(err)
	}
	src := editSource(tb, string(b), v)
	p, err := scenarios.Load(file+".yaml", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	r, err := Reference(p, []byte(src))
	if err != nil {
		tb.Fatalf("%s: %v", file, err)
	}
	return p, r
}

// editSource applies v's edits and options to a scenario's text.
func editSource(tb testing.TB, src string, v variant) string {
	tb.Helper()
	for i := 0; i+1 < len(v.edits); i += 2 {
		if !strings.Contains(src, v.edits[i]) {
			tb.Fatalf("no %q to edit", v.edits[i])
		}
		src = strings.Replace(src, v.edits[i], v.edits[i+1], 1)
	}
	if v.opts != "" {
		if strings.Contains(src, "\nrules: {") {
			src = strings.Replace(src, "\nrules: {", "\nrules: {"+v.opts+", ", 1)
		} else {
			src += "rules: {" + v.opts + "}\n"
		}
	}
	return src
}

// agreeVariants holds each variant of testdata/file.yaml to the engine
// and to the exact solver (agreeThree), 100,000 trials a side (a tenth
// under -short); a variant noExact to the engine alone.
func agreeVariants(t *testing.T, file string, vs []variant) { agreeVariantsN(t, file, vs, 0) }

// agreeVariantsN is agreeVariants with n trials a side (a tenth under
// -short), or trials' when n is 0.
func agreeVariantsN(t *testing.T, file string, vs []variant, n int) {
	for _, v := range vs {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			p, ref := loadVariant(t, file, v)
			k := trials(p)
			if n > 0 {
				k = n
				if testing.Short() {
					k /= 10
				}
			}
			if v.noExact {
				agreeEngine(t, p, ref, k)
				return
			}
			agreeThree(t, file+" "+v.name, p, ref, k)
		})
	}
}

// Counter-Attack (docs/conquest.md): the Wardens' defence dice that block
// on a natural 1, against the Raiders' Strikes and their Chieftain's,
// strike hits back at the Raiders, whose wounds test Morale
// under strike_back_morale (1.5 yes); with Lethal Demise beside it, both
// rules' hits back in one action.
func TestAgreementCounterAttack(t *testing.T) {
	agreeVariants(t, "counter-attack", []variant{
		{name: "strike_back_morale yes"},
		{name: "strike_back_morale no", opts: "strike_back_morale: no"},
		{name: "with lethal demise", edits: []string{"counter_attack: true", "counter_attack: true, lethal_demise: true"}},
		{name: "with lethal demise, failed_defence, no morale", opts: "lethal_demise: failed_defence, strike_back_morale: no",
			edits: []string{"counter_attack: true", "counter_attack: true, lethal_demise: true"}},
	})
}

// Lethal Demise (docs/conquest.md): in contact, each wound the Ghouls
// suffer strikes a hit back at the Raiders: every wound, Morale's too
// (1.5), or those of failed defence rolls; under character_wounds last
// their Character's own wounds strike nothing back.
func TestAgreementLethalDemise(t *testing.T) {
	ghast := []string{"    special_rules: {lethal_demise: true}\n", "    special_rules: {lethal_demise: true}\n" +
		"    character: {name: Ghast, profile: {M: 5, V: 1, C: 2, A: 2, W: 3, R: 3, D: 2, E: 0}}\n"}
	agreeVariants(t, "lethal-demise", []variant{
		{name: "every_wound"},
		{name: "failed_defence", opts: "lethal_demise: failed_defence"},
		{name: "strike_back_morale no", opts: "strike_back_morale: no"},
		{name: "character wounds excluded", opts: "character_wounds: last", edits: ghast},
	})
}

// Damage spells (docs/conquest.md, Spells): Fire Dart at five stands of
// Militia out of contact: Scaling (one success more), spell_successes,
// Armour Piercing against Shield, spell_morale, and the spell's own
// Enemy Interference.
func TestAgreementDamageSpell(t *testing.T) {
	agreeVariants(t, "damage-spell", []variant{
		{name: "1.5"},
		{name: "spell_successes 2", opts: "spell_successes: 2"},
		{name: "scaling ignored", opts: "scaling: ignored"},
		{name: "spell_morale no", opts: "spell_morale: no"},
		{name: "interference", edits: []string{"scaling: true", "scaling: true, interference: true"}},
	})
}

// Spells in contact (docs/conquest.md, Spells): Holy Fire at Ghouls whose
// Necromancer heals them; each caster casts one die fewer in contact with
// the other, and the Ghouls' Lethal Demise strikes back for the spell's
// wounds too.
func TestAgreementSpellInContact(t *testing.T) {
	agreeVariants(t, "spell-contact", []variant{
		{name: "1.5"},
		{name: "failed_defence, two successes", opts: "lethal_demise: failed_defence, spell_successes: 2"},
	})
}

// A healing spell needs spell_successes, and more when Scaling: the
// built-in conquest-chapter-mage-heals with two successes needed, and its
// Ninuah's Tears made Scaling (five stands: one more, three in all).
func TestAgreementHealingSpellSuccesses(t *testing.T) {
	t.Parallel()
	name := "conquest-chapter-mage-heals"
	src, _ := scenarios.BuiltinSource(name)
	edited := []byte(editSource(t, string(src), variant{opts: "spell_successes: 2",
		edits: []string{"heal_per_success: 2}", "heal_per_success: 2, scaling: true}"}}))
	p, err := scenarios.Load(name+".yaml", edited)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Reference(p, edited)
	if err != nil {
		t.Fatal(err)
	}
	agreeThree(t, name+" scaling", p, ref, trials(p))
}

// A Character's Draw Event Rally (docs/conquest.md): Broken as it
// activates, the Men-at-Arms' Captain foregoes his Strikes and his spell
// to Rally them (a Resolve roll against the Fearsome Trolls; none without
// Fearsome), before their heal source; under 2.0 a Broken regiment is not
// healed, so the Rally lets it heal.
func TestAgreementDrawEventRally(t *testing.T) {
	agreeVariants(t, "draw-event-rally", []variant{
		{name: "2.0"},
		{name: "broken_blocks_healing no", opts: "broken_blocks_healing: no"},
		{name: "not fearsome", edits: []string{"fearsome: true", "fearsome: false"}},
		// Rallied, then struck back by Lethal Demise in the same turn: still
		// short of half its stands, it is Broken again as the next wound
		// comes (README.md, Read so).
		{name: "struck back after the rally", edits: []string{"fearsome: true", "fearsome: false, lethal_demise: true"}},
	})
}

// A regiment Rallied by the rally action, then wounded again in the same
// turn by the hits Lethal Demise strikes back (README.md, Read so): the
// built-in conquest-rally-under-fear's Trolls with Lethal Demise, not
// Fearsome, over one turn; the Men-at-Arms rally after the Trolls' Clash
// and strike them, and the hits back may Shatter them.
func TestAgreementRalliedThenStruckBack(t *testing.T) {
	t.Parallel()
	name := "conquest-rally-under-fear"
	src, _ := scenarios.BuiltinSource(name)
	edited := []byte(editSource(t, string(src), variant{edits: []string{
		"fearsome: true, oblivious: true", "oblivious: true, lethal_demise: true", "turns: 4", "turns: 1"}}))
	p, err := scenarios.Load(name+".yaml", edited)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Reference(p, edited)
	if err != nil {
		t.Fatal(err)
	}
	agreeThree(t, name+" struck back", p, ref, 2*trials(p))
}

// Duels (docs/conquest.md, Duel): the Noble Lord and the Champion strike
// each other at once; slain, a Character strikes, casts and lends his
// Resolve no more and is not healed; duel_morale both ways.
func TestAgreementDuel(t *testing.T) {
	agreeVariants(t, "duel", []variant{
		{name: "duel_morale no"},
		{name: "duel_morale yes", opts: "duel_morale: yes"},
		{name: "healed and casting", edits: []string{
			"    special_rules: {shield: true}\n", "    special_rules: {shield: true}\n    healing: [{kind: heal, amount: D3}]\n",
			"      special_rules: {cleave: 1}\n", "      special_rules: {cleave: 1}\n      spell: {name: Fire Dart, dice: 4, difficulty: 3, hits_per_success: 1}\n",
			"    - regiment: brutes\n      actions: [clash]", "    - regiment: brutes\n      actions: [cast, clash]"}},
	})
}

// TestReferenceRefuses checks that the combinations the reference does
// not implement are refused with an error, not resolved some other way.
func TestReferenceRefuses(t *testing.T) {
	for _, c := range []struct {
		file string
		v    variant
		want string
	}{
		{"duel", variant{edits: []string{"    special_rules: {shield: true}\n", "    special_rules: {shield: true, counter_attack: true}\n"}}, "a Duel beside"},
		{"duel", variant{edits: []string{"      engaged: true\n  - id: brutes", "      engaged: true\n      draw_event_rally: true\n  - id: brutes"}}, "a Duel beside"},
		{"duel", variant{opts: "character_wounds: last"}, "character_wounds: last"},
		{"draw-event-rally", variant{opts: "character_wounds: last"}, "character_wounds: last"},
		{"two-on-one", variant{edits: []string{"support: 2}", "support: 2, decay: 1}"}}, "special rules"},
		{"two-on-one", variant{edits: []string{"actions: [clash]}\n    - {regiment: wardens", "actions: [inspire, clash]}\n    - {regiment: wardens"}}, "inspire"},
	} {
		b, err := os.ReadFile("testdata/" + c.file + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		src := []byte(editSource(t, string(b), c.v))
		p, err := scenarios.Load(c.file+".yaml", src)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Reference(p, src); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: error %v, want one saying %q", c.file, c.v, err, c.want)
		}
	}
}
