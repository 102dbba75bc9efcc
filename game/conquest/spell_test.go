package conquest

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// Damage spells (BSData Hundred Kingdoms.cat: Fire Dart "Inflicts one Hit
// per success. Hits have the Armor Piercing 2 special rule"; Holy Fire
// "Inflicts two Hits per success"), Enemy Interference and Scaling
// (conquestwiki Spellcasting, v1.5), their means worked by hand.

// mage is a regiment whose Character casts sp.
func mage(sp Spell) Regiment {
	r := wall("mage", 1, 2)
	r.Character = &Character{Name: "Chapter Mage", Profile: Profile{M: 5, V: 3, C: 1, A: 2, W: 4, R: 2, D: 1}, Spell: &sp}
	return r
}

// The binomial chances of n successes of 5 dice at 1/2, in 32nds: 1, 5,
// 10, 10, 5, 1.
func TestDamageSpellMeans(t *testing.T) {
	t.Parallel()
	fireDart := Spell{Name: "Fire Dart", Dice: 5, Difficulty: 3, Hits: 1, ArmourPiercing: 2}
	holyFire := Spell{Name: "Holy Fire", Dice: 5, Difficulty: 3, Hits: 2}
	scaled := fireDart
	scaled.Scaling = true
	interfered := fireDart
	interfered.Interfered = true
	for _, c := range []struct {
		name    string
		preset  string
		rules   []string
		sp      Spell
		stands  int
		enemyCC bool    // the target has a caster and clashes: in contact with one
		want    float64 // the target's mean wounds
	}{
		// 5 dice at 3 or less: 5/2 successes, a hit each; Defence 3 less
		// Armour Piercing 2 blocks on a 1 only: 5/2 · 5/6.
		{"Fire Dart", "1.5", nil, fireDart, 3, false, 5.0 / 2 * 5 / 6},
		// Two hits a success at Defence 3 (blocked on 3 or less): 5 · 1/2.
		{"Holy Fire", "1.5", nil, holyFire, 3, false, 5 * 0.5},
		// 2.x needs two successes: the one-success casts (5/32) hit for
		// nothing: (5/2 − 5/32) · 5/6.
		{"two successes", "1.5", []string{"spell_successes", "2"}, fireDart, 3, false, (2.5 - 5.0/32) * 5 / 6},
		// Scaling at 7 stands needs 1 + 2 successes: (3·10 + 4·5 + 5)/32.
		{"Scaling, 7 stands", "1.5", nil, scaled, 7, false, 55.0 / 32 * 5 / 6},
		{"Scaling ignored", "1.5", []string{"scaling", "ignored"}, scaled, 7, false, 5.0 / 2 * 5 / 6},
		// Interference: one die fewer, 4 at 1/2.
		{"interference", "1.5", nil, interfered, 3, false, 2 * 5.0 / 6},
		{"in contact with a caster", "1.5", nil, fireDart, 3, true, 2 * 5.0 / 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tgt := wall("target", c.stands, 3)
			var acts []Action
			if c.enemyCC {
				tgt.Character = &Character{Name: "Priest", Profile: Profile{M: 5, C: 2, A: 2, W: 4, R: 2, D: 2}, Spell: &Spell{Dice: 1, Difficulty: 1, PerSuccess: 1}}
				acts = []Action{ActClash}
			}
			rs := set(t, preset(t, c.preset), append([]string{"spell_morale", "no"}, c.rules...)...)
			f := newFight(t, rs, Combat{Turns: 1, Sides: []Side{
				{Regiment: mage(c.sp), FirstTurn: []Action{ActCast}}, {Regiment: tgt, FirstTurn: acts}}})
			ex, err := f.Exact()
			if err != nil {
				t.Fatal(err)
			}
			if got := mean(ex.PMF[index(t, ex, "target.wounds")]); math.Abs(got-c.want) > 1e-12 {
				t.Errorf("the target's wounds: %v, want %v", got, c.want)
			}
			enginetest.Agree(t, c.name, ex, run(t, f, 40_000, 71))
		})
	}
}

// With Morale (spell_morale, both presets) and Lethal Demise striking back
// at the caster's regiment, over three turns against a regiment that
// fights back: exact against the simulation, by counts and die by die.
func TestDamageSpellFight(t *testing.T) {
	t.Parallel()
	tgt := wall("target", 3, 3)
	tgt.Profile.W, tgt.Profile.R = 3, 3
	tgt.Rules.LethalDemise = true
	caster := mage(Spell{Name: "Fire Dart", Dice: 5, Difficulty: 3, Hits: 1, ArmourPiercing: 2})
	caster.Profile.W = 6
	f := newFight(t, v15(t), Combat{Turns: 3, Sides: []Side{
		{Regiment: caster, FirstTurn: []Action{ActCast}, Actions: []Action{ActCast, ActClash}},
		{Regiment: tgt, Actions: []Action{ActClash}}}})
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "spell fight", ex, run(t, f, 60_000, 72))
	enginetest.Agree(t, "spell fight, die by die", ex, run(t, f.PerDie(), 60_000, 73))
}
