package conquest

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Special rules from the BSData .gst text (v1.03 [V]), each checked
// against counts worked by hand and the exact solver against the
// simulation.

// Fiend Hunter: "re-roll failed To Hit rolls against Monsters": against
// the Abomination, not against Militia.
func TestFiendHunter(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		target Regiment
		want   bool
	}{{abomination(), true}, {militia(), false}} {
		p := newPacket(v15(t), attackCtx{kind: Clash, skill: 2, rules: Rules{FiendHunter: true}, target: &c.target}, 10)
		if p.hit.RerollFailed != c.want {
			t.Errorf("Fiend Hunter against %s: re-rolls %v, want %v", c.target.ID, p.hit.RerollFailed, c.want)
		}
	}
}

// Torrential Fire: "Unless firing at Long Range, each successful hit ...
// generates an additional ranged Attack. These additional Attacks cannot
// generate further rolls." Scripted: two shots at Volley 2 roll 2 (a hit)
// and 5; the hit's attack rolls 1 (a hit, no further attack): 2 hits.
// Against Defence 1 (Militia), defence dice 3 and 1: one wound. Exactly,
// a shot at Volley 2 hits 1/3 of the time and its attack 1/3 again: 4/9
// hits a shot; at long range 1/3.
func TestTorrentialFire(t *testing.T) {
	t.Parallel()
	tgt := militia()
	tgt.Rules = Rules{}
	p := newPacket(v15(t), attackCtx{kind: Volley, skill: 2, rules: Rules{TorrentialFire: true}, target: &tgt}, 4)
	if h, w := p.perDie(engine.Scripted(2, 5, 1, 3, 1), 2); h != 2 || w != 1 {
		t.Errorf("Torrential Fire, scripted: %d hits, %d wounds; want 2 and 1", h, w)
	}
	for _, c := range []struct {
		long bool
		want float64
	}{{false, 4.0 / 9}, {true, 1.0 / 3}} {
		p := newPacket(v15(t), attackCtx{kind: Volley, skill: 2, rules: Rules{TorrentialFire: true}, target: &tgt, long: c.long}, 4)
		hits, _ := p.perAttack()
		if got := mean(hits); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("long range %v: %v hits a shot, want %v", c.long, got, c.want)
		}
	}
	bows := crossbowmen()
	bows.Rules.TorrentialFire = true
	s := newStrike(t, v15(t), Volley, bows, menAtArms(), Engagement{})
	ex, err := s.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "Torrential Fire", ex, run(t, s, 100_000, 31))
	enginetest.Agree(t, "Torrential Fire, die by die", ex, run(t, s.PerDie(), 50_000, 32))
}

// Decay X: "Roll a number of dice equal to the Draw Event's attribute for
// each Stand ... For each roll of 5 or 6, the unit suffers a Wound.
// Casualties suffered from Decay do not cause Morale Tests ... always
// resolved at the end of a Regiment's Activation"; Resist Decay X lowers
// it. Three stands of one Brute (W3) with Decay 2 and Resist Decay 1, who
// only Inspire, roll 3 dice at the end of the turn: wounds B(3, 1/3),
// mean 1, no Morale dice; with Resist Decay 2 none.
func TestDecay(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		resist int
		want   float64
	}{{1, 1}, {2, 0}} {
		b := brutes()
		b.Healing = nil
		b.Rules.Decay, b.Rules.ResistDecay = 2, c.resist
		f := newFight(t, v15(t), Combat{Turns: 1, Sides: []Side{
			{Regiment: b, FirstTurn: []Action{ActInspire}}, {Regiment: menAtArms()}}})
		ex, err := f.Exact()
		if err != nil {
			t.Fatal(err)
		}
		if got := mean(ex.PMF[index(t, ex, "brutes.wounds")]); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Resist Decay %d: %v wounds, want %v", c.resist, got, c.want)
		}
		if got := mean(ex.PMF[index(t, ex, "brutes.resolve_failures")]); got != 0 {
			t.Errorf("Resist Decay %d: %v Morale failures, want none", c.resist, got)
		}
		enginetest.Agree(t, "Decay", ex, run(t, f, 50_000, 33))
		enginetest.Agree(t, "Decay, die by die", ex, run(t, f.PerDie(), 50_000, 34))
	}
}

// Leader (reroll_one): "allows the Regiment to re-roll a single failed hit
// roll during Volley or Clash Actions" [V 1.03]. Two attacks hitting 1/3:
// both miss (4/9), then the re-roll hits 1/3; one misses (4/9), re-rolled;
// both hit (1/9). Hits: 0 with 4/9·2/3 = 8/27; 1 with 4/9·1/3 + 4/9·2/3
// = 12/27; 2 with 4/9·1/3 + 1/9 = 7/27. Scripted: misses 5 and 6, the
// re-roll 2 hits: one hit, blocked on a 1 against Defence 1. Flurry
// already re-rolls every failed hit, and a die is re-rolled once: no
// Leader re-roll then. Under plus_one_attack (2.x) the command stand
// strikes once more instead.
func TestLeader(t *testing.T) {
	t.Parallel()
	got := rerollOne([]float64{2.0 / 3, 1.0 / 3}, 2.0/3, 2)
	for k, want := range []float64{8.0 / 27, 12.0 / 27, 7.0 / 27} {
		if math.Abs(got[k]-want) > 1e-12 {
			t.Errorf("P(%d hits) = %v, want %v", k, got[k], want)
		}
	}
	tgt := militia()
	tgt.Rules = Rules{}
	p := newPacket(v15(t), attackCtx{kind: Clash, skill: 2, rules: Rules{Leader: true}, target: &tgt}, 4)
	if h, w := p.perDie(engine.Scripted(5, 6, 2, 1), 2); h != 1 || w != 0 {
		t.Errorf("Leader, scripted: %d hits, %d wounds; want 1 and 0", h, w)
	}
	if p := newPacket(v15(t), attackCtx{kind: Clash, skill: 2, rules: Rules{Leader: true, Flurry: true}, target: &tgt}, 4); p.leader {
		t.Errorf("Leader with Flurry re-rolls a re-rolled die")
	}
	led := householdGuard()
	led.Rules.Leader = true
	s := newStrike(t, v15(t), Clash, led, menAtArms(), Engagement{})
	ex, err := s.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "Leader", ex, run(t, s, 100_000, 35))
	enginetest.Agree(t, "Leader, die by die", ex, run(t, s.PerDie(), 50_000, 36))
	plus := set(t, v15(t), "leader", "plus_one_attack")
	a := attackerOf(t, plus, led, perStandTarget(), Engagement{Melee: true}, false)
	if got := a.strikesOf(a.u.hMax); got != 13 {
		t.Errorf("plus_one_attack: %d strikes, want 3 engaged stands of 4 and the command stand's 1: 13", got)
	}
}

// Blessed: "Once per Turn, this Stand can re-roll all failed To Hit rolls
// or re-roll all failed Defence Rolls" [V 1.5], the use a player's choice
// (blessed: hits or defence). At Clash 2 a hit comes 1/3 of the time, and
// 1/3 + 2/3·1/3 = 5/9 with the re-roll; the Militia (D1) block 1/6 of the
// time, and 1/6 + 5/6·1/6 = 11/36 with theirs. The first attack of the
// turn uses it, the second does not; a fight of two turns, two Clashes
// each, agrees with the simulation (each turn gives the Blessing back).
func TestBlessed(t *testing.T) {
	t.Parallel()
	rs := v15(t)
	hitter := menAtArms() // Clash 2, no Cleave
	hitter.ID, hitter.Rules.Blessed = "blessed", BlessedHits
	tgt := militia()
	tgt.Rules = Rules{Blessed: BlessedDefence}
	a := attackerOf(t, rs, hitter, tgt, Engagement{Melee: true}, false)
	me, tg := a.u.start, a.tgt.start
	ps, _, f := a.packetsOf(Clash, &me, &tg)
	if f&(fBlessHit|fBlessDef) != fBlessHit|fBlessDef {
		t.Fatalf("the first Clash of the turn: flags %b, want both blessings", f)
	}
	if h, _ := ps[0].perAttack(); math.Abs(mean(h)-5.0/9) > 1e-12 {
		t.Errorf("Blessed hits: %v a Strike, want 5/9", mean(h))
	}
	if o := ps[0].def.Odds(); math.Abs(o.PassP()-11.0/36) > 1e-12 {
		t.Errorf("Blessed defence: blocked %v, want 11/36", o.PassP())
	}
	spendFlags(Clash, f, &me, &tg)
	if _, _, f := a.packetsOf(Clash, &me, &tg); f&(fBlessHit|fBlessDef) != 0 {
		t.Errorf("the second Clash of the turn: flags %b, want no blessing", f)
	}
	// A Blessed Character in a regiment that is not: his Strikes re-roll,
	// the regiment's do not.
	lord := menAtArms()
	lord.ID = "lord"
	lord.Character = &Character{Name: "priest", Profile: Profile{C: 2, A: 3, W: 3, R: 3, D: 3}, Engaged: true, Rules: Rules{Blessed: BlessedHits}}
	b := attackerOf(t, rs, lord, tgt, Engagement{Melee: true}, false)
	me, tg = b.u.start, b.tgt.start
	if ps, _, f := b.packetsOf(Clash, &me, &tg); f&fBlessHit == 0 || ps[0].hit.RerollFailed || !ps[1].hit.RerollFailed {
		t.Errorf("a Blessed Character: flags %b, the regiment re-rolls %v, he %v; want the blessing, no, yes", f, ps[0].hit.RerollFailed, ps[1].hit.RerollFailed)
	}
	target := menAtArms()
	target.Stands, target.Rules.Blessed = 6, BlessedDefence
	fight := newFight(t, rs, Combat{Turns: 2, Sides: []Side{
		{Regiment: hitter, FirstTurn: []Action{ActClash, ActClash}, Actions: []Action{ActClash, ActClash}}, {Regiment: target}}})
	ex, err := fight.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "Blessed", ex, run(t, fight, 100_000, 37))
}

// A Character's Impact attacks (conquest.md §2, 1.5 [V]): a Noble Lord
// (A5) joined to Household Knights (medium cavalry) makes half his
// Attacks, rounded up, 3, in contact; 1 (impact_unengaged_hits) out of
// it; none as a light Character, in an infantry regiment, or under 2.x's
// Impact (X).
func TestCharacterImpact(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		reg     Regiment
		class   Class
		engaged bool
		rules   []string
		want    int
	}{
		{"in contact", householdKnights(), Medium, true, nil, 3},
		{"out of contact", householdKnights(), Medium, false, nil, 1},
		{"a light character", householdKnights(), Light, true, nil, 0},
		{"an infantry regiment", menAtArms(), Heavy, true, nil, 0},
		{"2.x Impact (X)", householdKnights(), Medium, true, []string{"impact", "impact_x"}, 0},
	} {
		r := c.reg
		r.Character = &Character{Name: "lord", Class: c.class, Profile: Profile{M: 8, C: 3, A: 5, W: 4, R: 3, D: 3}, Engaged: c.engaged}
		a := attackerOf(t, set(t, v15(t), c.rules...), r, militia(), Engagement{Melee: true}, false)
		st := a.u.start
		if got := a.charImpact(&st, false); got != c.want {
			t.Errorf("%s: %d Impact attacks, want %d", c.name, got, c.want)
		}
	}
}

// Tenacious (X): "X failed Defense results count as successes" (2.x [S]),
// the costliest first: with X 2, three failed dice of one wound and one
// of two lose the two-wound one and a one-wound one, 2 wounds left of 5.
// Exactly, a pool moves down by X; the exact solver agrees with the
// simulation, and refuses Tenacious against Deadly Blades, whose doubled
// wounds it cannot tell from the dice.
func TestTenacious(t *testing.T) {
	t.Parallel()
	tough := menAtArms()
	tough.Rules.Tenacious = 2
	a := attackerOf(t, v15(t), householdGuard(), tough, Engagement{}, false)
	if got := a.tenacious(3, 1); got != 2 {
		t.Errorf("3 one-wound and 1 two-wound failures, Tenacious 2: %d wounds, want 2", got)
	}
	if got := a.tenacious(1, 0); got != 0 {
		t.Errorf("1 failure, Tenacious 2: %d wounds, want 0", got)
	}
	s := newStrike(t, v15(t), Clash, householdGuard(), tough, Engagement{})
	ex, err := s.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "Tenacious", ex, run(t, s, 100_000, 38))
	enginetest.Agree(t, "Tenacious, die by die", ex, run(t, s.PerDie(), 50_000, 39))
	deadly := householdGuard()
	deadly.Rules.DeadlyBlades = true
	knights := householdKnights() // W4: Deadly Blades doubles their failed dice
	knights.Rules.Tenacious = 1
	if _, err := newStrike(t, v15(t), Clash, deadly, knights, Engagement{}).Exact(); err == nil {
		t.Errorf("Tenacious against Deadly Blades: solved exactly")
	}
}

// Aura of Death: "At the start of each Supremacy Phase, each enemy
// Regiment in contact ... suffers one Hit for each Stand in contact with
// it that has this special rule (it may take Injury Rolls as normal)"
// [V 1.03]. One Household Knight with Aura of Death 1, who only Inspires,
// against Militia (D1: a hit fails to be blocked 5/6 of the time) that
// clash with him: their only wounds are the Aura's, 5/6 on average; with a
// Morale test (aura_morale, 1.5) a wound costs another 2/3 of the time
// (Resolve 2 passes on 2 or less): 5/6 · 5/3 = 25/18. Not in a turn that
// starts with a charge.
func TestAuraOfDeath(t *testing.T) {
	t.Parallel()
	aura := householdKnights()
	aura.Stands, aura.Engaged, aura.Frontage, aura.Rules = 1, 1, 1, Rules{AuraOfDeath: 1}
	for _, c := range []struct {
		rules []string
		first []Action
		want  float64
	}{
		{nil, []Action{ActClash}, 25.0 / 18},
		{[]string{"aura_morale", "no"}, []Action{ActClash}, 5.0 / 6},
	} {
		tgt := militia()
		tgt.Rules = Rules{}
		f := newFight(t, set(t, v15(t), c.rules...), Combat{Turns: 1, Sides: []Side{
			{Regiment: aura, FirstTurn: []Action{ActInspire}}, {Regiment: tgt, FirstTurn: c.first}}})
		ex, err := f.Exact()
		if err != nil {
			t.Fatal(err)
		}
		if got := mean(ex.PMF[index(t, ex, "militia.wounds")]); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%v: %v wounds, want %v", c.rules, got, c.want)
		}
		enginetest.Agree(t, "Aura of Death", ex, run(t, f, 50_000, 40))
		enginetest.Agree(t, "Aura of Death, die by die", ex, run(t, f.PerDie(), 50_000, 41))
	}
	charged := newFight(t, v15(t), Combat{Turns: 1, Sides: []Side{
		{Regiment: aura, FirstTurn: []Action{ActCharge}}, {Regiment: militia()}}})
	if charged.auraIn(0, 1) || !charged.auraIn(0, 2) {
		t.Errorf("after a charge in turn 1: the Aura strikes in turn 1 %v, turn 2 %v; want no, yes", charged.auraIn(0, 1), charged.auraIn(0, 2))
	}
}
