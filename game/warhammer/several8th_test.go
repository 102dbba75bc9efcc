package warhammer

import (
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Issue 30, step 5: fights of several units under 8th and The Old World.
// As in several_test.go, each row's numbers are worked out by hand from
// the rules text it cites (docs/rules.md "Several units in one combat"),
// and each rule comes with a row that changes its input by one and a
// different answer.

var heavyInf trait = func(f *Fighter) { f.Weight = Heavy }
var terrifying trait = func(f *Fighter) { f.CausesTerror = true }

// flankers are a1 at b1's front and a2, which charged, at its flank.
func flankers(a1, a2, b1 Fighter) []Engaged {
	return []Engaged{
		unitIn(a1, "a1", 0, false, at(b1x, Front, 5)),
		unitIn(a2, "a2", 0, true, at(b1x, Flank, 5)),
		unitIn(b1, "b1", 1, false, at(0, Front, 5), at(1, Front, 5)),
	}
}

// b1x is unit b1 in a fight of three units (a1, a2, b1).
const b1x = 2

// twoFronts are a1 and a2 both at b1's front, five models each.
func twoFronts(a1, a2 Fighter, charged bool, b1 Fighter) []Engaged {
	return []Engaged{
		unitIn(a1, "a1", 0, charged, at(b1x, Front, 5)),
		unitIn(a2, "a2", 0, charged, at(b1x, Front, 5)),
		unitIn(b1, "b1", 1, false, at(0, Front, 5), at(1, Front, 5)),
	}
}

var eighthTowCases = []severalCase{
	{name: "8th disrupted by two ranks of 5 in its flank", preset: "8th",
		units: flankers(foot(20, 5), foot(10, 5), foot(20, 5)),
		high:  -1, cr: [2]int{5, 0}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 3},
		source: "8th.whfb.app close-combat/flank-attack: a2's 10 in ranks of 5 are two ranks of five, so b1 loses its +3; A +3 ranks (a1: 4 ranks), +1 charge, +1 flank; b1 4 ranks, not more than a1's 4: not Steadfast; Ld 8 − 5"},
	{name: "8th one rank of 5 and 4 does not disrupt", preset: "8th",
		units: flankers(foot(20, 5), foot(9, 5), foot(20, 5)),
		high:  -1, cr: [2]int{5, 3}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 6},
		source: "as above with a2 of 9: a rank of 5 and one of 4, so b1 keeps +3; Ld 8 − 2"},
	{name: "8th Steadfast against the enemy unit with the most ranks", preset: "8th",
		units: twoFronts(foot(10, 5), foot(14, 5), false, foot(40, 10)), wounds: map[int]int{b1x: 6},
		high: -1, cr: [2]int{7, 2}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 8},
		source: "8th.whfb.app close-combat/steadfast-multiple-close-combats: b1, 34 models ten wide, has 3 ranks of five, more than a1's 2 and a2's 2 (14 five wide), so it tests on its Ld 8 unmodified; A 6 wounds + a2's +1 (the best, extra-ranks-multiple-close-combats); b1 +2 at the end of the round"},
	{name: "8th not Steadfast when one enemy unit has as many ranks", preset: "8th",
		units: twoFronts(foot(10, 5), foot(15, 5), false, foot(40, 10)), wounds: map[int]int{b1x: 6},
		high: -1, cr: [2]int{8, 2}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 2},
		source: "as above with a2 of 15: 3 ranks, as many as b1's, so b1 is not Steadfast though it has more than a1; A 6 + 2; Ld 8 − 6"},
	{name: "8th the charge bonus per charging unit", preset: "8th",
		units: twoFronts(foot(10, 10), foot(10, 10), true, foot(10, 10)),
		high:  -1, cr: [2]int{2, 0}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 6},
		source: "charge_bonus_count per_charging_unit [U]: +1 for each of a1 and a2 (8th.whfb.app: +1 \"if your unit charged\"); one rank each, no rank bonus; Ld 8 − 2"},
	{name: "8th the charge bonus once a side", preset: "8th", set: []string{"charge_bonus_count", "once_per_side"},
		units: twoFronts(foot(10, 10), foot(10, 10), true, foot(10, 10)),
		high:  -1, cr: [2]int{1, 0}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 7},
		source: "charge_bonus_count once_per_side: +1 however many charged; Ld 8 − 1"},
	{name: "tow Massed Infantry by the army's total Unit Strength", preset: "tow",
		units: twoFronts(foot(6, 6), foot(6, 6), false, foot(10, 10)),
		high:  -1, cr: [2]int{1, 0}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 7},
		source: "tow.whfb.app troop-types-in-detail/massed-infantry, the-combat-phase/loser-falls-back-in-good-order (a side's Unit Strengths \"add together\"): 6 + 6 = 12 against 10, +1, though each unit alone has fewer; one rank each, no rank bonus; Ld 8 − 1"},
	{name: "tow no Massed Infantry at equal Unit Strength", preset: "tow",
		units: twoFronts(foot(6, 6), foot(5, 5), false, foot(11, 11)),
		high:  -1, cr: [2]int{0, 0},
		source: "as above, 6 + 5 = 11 against 11: no bonus, a draw"},
	{name: "tow heavy infantry kept its ranks against Unit Strength 9", preset: "tow",
		units: flankers(foot(20, 5), foot(9, 9), foot(20, 5, heavyInf)),
		high:  -1, cr: [2]int{4, 2}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 6},
		source: "tow.whfb.app troop-types-in-detail/heavy-infantry (Steady in the Ranks: disrupted only by Unit Strength 10): b1, heavy, 5 ranks of 4, +2; A +2 (a1, ranks of 5 regular infantry, at most +2), Massed Infantry 29 against 20 +1, flank +1; Ld 8 − 2"},
	{name: "tow heavy infantry disrupted by Unit Strength 10", preset: "tow",
		units: flankers(foot(20, 5), foot(10, 10), foot(20, 5, heavyInf)),
		high:  -1, cr: [2]int{4, 0}, tests: map[int]breakKind{b1x: rollsTest}, target: map[int]int{b1x: 4},
		source: "as above with a2 of 10: b1 is disrupted (tow.whfb.app forming-units/disrupted-units) and loses its +2; Ld 8 − 4"},
	{name: "tow the flank bonus once per enemy unit", preset: "tow",
		units: []Engaged{
			unitIn(foot(5, 5), "a1", 0, false, at(3, Front, 5)),
			unitIn(foot(5, 5), "a2", 0, true, at(3, Flank, 5)),
			unitIn(foot(5, 5), "a3", 0, true, at(3, Flank, 5)),
			unitIn(foot(5, 5), "b1", 1, false, at(0, Front, 5), at(1, Front, 5), at(2, Front, 5)),
		},
		high: -1, cr: [2]int{2, 0}, tests: map[int]breakKind{3: rollsTest}, target: map[int]int{3: 6},
		source: "tow.whfb.app the-combat-phase/flank-and-rear-attacks-multiple-combats (\"once per enemy unit\": two flanks of one unit earn a single flank bonus) +1; Massed Infantry 15 against 5 +1; Ld 8 − 2"},
}

// TestEighthAndOldWorldCombatResult checks each row as
// TestSeveralUnitsCombatResult does.
func TestEighthAndOldWorldCombatResult(t *testing.T) {
	t.Parallel()
	checkSeveralCases(t, eighthTowCases)
}

// The Old World's break tests in a fight of several units, with scripted
// dice: three ways per unit, the Unit Strengths of the sides, Terror.
func TestOldWorldBreakTestsPerUnit(t *testing.T) {
	t.Parallel()
	// a1 touches b1's front and b2's flank, a2 b2's front.
	pairs := func(a1 Fighter, b2 Fighter) *Fight {
		return severalFight(t, combatRules(t, "tow"), -1, 5,
			unitIn(a1, "a1", 0, false, at(2, Front, 4), at(3, Flank, 1)),
			unitIn(foot(20, 5), "a2", 0, false, at(3, Front, 5)),
			unitIn(foot(10, 5), "b1", 1, false, at(0, Front, 5)),
			unitIn(b2, "b2", 1, false, at(1, Front, 5), at(0, Front, 1)))
	}
	rows := []struct {
		name        string
		f           *Fight
		margin      int
		dice        []int
		over        bool
		winner      int
		broke, fell []int
		caught      []int
		source      string
	}{
		{"one falls back, one breaks", pairs(foot(20, 5), foot(10, 5)), 5,
			[]int{3, 3, 6, 6, 2, 2, 4, 4, 3, 3}, true, 0, []int{3}, []int{2}, []int{3},
			"tow.whfb.app the-combat-phase/break-test, per unit (\"each unit belonging to the losing side\"): b1 rolls 6 ≤ Ld 8 but 6 + 5 > 8, so it falls back in good order, A's 40 not being more than twice B's 20; b2 rolls 12 > 8: breaks; a1 touches b1 (gone) and b2 (fleeing): a1 and a2 pursue b2, 4 and 8 against its flee roll of 6, caught; every B unit fell back or broke: A wins"},
		{"more than twice the losing side's Unit Strength: the fall back breaks", pairs(foot(21, 5), foot(10, 5)), 5,
			[]int{3, 3, 6, 6, 2, 2, 4, 4, 3, 3, 3, 3}, true, 0, []int{2, 3}, nil, []int{3},
			"tow.whfb.app the-combat-phase/loser-falls-back-in-good-order: A's 21 + 20 = 41 is more than twice B's 10 + 10, so b1's roll that fell back breaks; a1 pursues one of its fleeing foes, the first of equal Unit Strength, b1 (pursuit one_each_largest; tow the-combat-phase/pursuit: \"a single losing unit\"), a2 b2; pursuers roll 4 and 8, then b1 flees 6 (escapes 4), b2 6 (caught by 8)"},
		{"Terror: -1 Leadership to a loser that causes no Terror", pairs(foot(20, 5, terrifying), foot(10, 5, terrifying)), 1,
			[]int{4, 3, 4, 4}, true, 0, nil, []int{2, 3}, nil,
			"tow.whfb.app special-rules/terror: the winners include a Terror-causer, so b1 tests on Ld 7: 7 ≤ 7, 7 + 1 > 7, falls back (on Ld 6 it would break); b2 causes Terror, is immune, and keeps Ld 8: 8 ≤ 8, 8 + 1 > 8, falls back; no B unit is left: A wins"},
		{"Terror: a Fear-causer is not immune", pairs(foot(20, 5, terrifying), foot(10, 5, fearsome)), 1,
			[]int{4, 3, 4, 4, 1, 1, 1, 1, 6, 6}, true, 0, []int{3}, []int{2}, nil,
			"tow.whfb.app special-rules/terror (\"Models with the Fear special rule Fear models that cause Terror\"): b2 causes Fear only and tests on Ld 7: 8 > 7, breaks; a1 and a2 pursue it, 2 and 2 against 12: it escapes"},
		{"no Terror: the same rolls give ground", pairs(foot(20, 5), foot(10, 5, fearsome)), 1,
			[]int{4, 3, 4, 4}, false, -1, nil, []int{3}, nil,
			"as the first Terror row with no Terror-causer: b1 on Ld 8, 7 + 1 ≤ 8, gives ground and fights on against a1; b2 falls back"},
	}
	for _, c := range rows {
		t.Run(c.name, func(t *testing.T) {
			tr := c.f.NewTrialer().(*fightTrial)
			tr.begin()
			d := engine.Scripted(c.dice...)
			o := fightOutcome{prevWinner: -1, winner: -1}
			over := tr.afterArmies(d, 1, [2]int{c.margin, 0}, &o)
			if over != c.over || o.winner != c.winner {
				t.Errorf("over %v, winner %d; want %v, %d (%s)", over, o.winner, c.over, c.winner, c.source)
			}
			check := func(what string, got [MaxUnits]bool, want []int) {
				checkUnitSet(t, what, got, want, len(c.f.sides), c.source)
			}
			check("broke", o.broke, c.broke)
			check("fell back", o.fell, c.fell)
			check("caught", o.caught, c.caught)
			if d.Left() != 0 {
				t.Errorf("%d scripted dice left unrolled (%s)", d.Left(), c.source)
			}
		})
	}
}

// Fear at the start of a round, unit by unit: 8th's WS 1 against everyone
// for a unit touching any Fear-causer, The Old World's -1 to hit only the
// Fear-causing units of higher Unit Strength.
func TestSeveralUnitsFearPerUnit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		preset string
		fears  uint16 // b's feared units, a bit each
		source string
	}{
		{"8th", 1<<0 | 1<<1, "8th.whfb.app special-rules/fear: b touches two Fear-causers and fails its one test (12 > 8): WS 1 against both"},
		{"tow", 1 << 0, "tow.whfb.app special-rules/fear: only a1, Unit Strength 10 against b's 5, is feared; a2's 3 is not; -1 to hit a1 only"},
	} {
		t.Run(c.preset, func(t *testing.T) {
			f := severalFight(t, combatRules(t, c.preset), -1, 3,
				unitIn(foot(10, 5, fearsome), "a1", 0, false, at(2, Front, 3)),
				unitIn(foot(3, 3, fearsome), "a2", 0, false, at(2, Front, 2)),
				unitIn(foot(5, 5), "b", 1, false, at(0, Front, 3), at(1, Front, 2)))
			tr := f.NewTrialer().(*fightTrial)
			tr.begin()
			d := engine.Scripted(6, 6)
			tr.fearTests(d)
			if tr.fears[2] != c.fears || !tr.st[2][0].feared || tr.st[0][0].feared || tr.st[1][0].feared || d.Left() != 0 {
				t.Fatalf("fears %b, feared %v %v %v, %d dice left; want %b, b alone feared, no dice left (%s)",
					tr.fears[2], tr.st[0][0].feared, tr.st[1][0].feared, tr.st[2][0].feared, d.Left(), c.fears, c.source)
			}
			sd := f.sides[2]
			g := &sd.groups[0]
			for k := range sd.contacts {
				c0 := &sd.contacts[k]
				want := &g.v[c0.target][0][0][0][0]
				if c.fears&(1<<c0.enemy) != 0 {
					want = &g.v[c0.target][0][1][0][0]
				}
				if got := tr.variant(2, g, c0, 0, 2); got != want {
					t.Errorf("b's blows at %s are struck feared %v, want %v (%s)", f.unit(c0.enemy).ID, got != &g.v[c0.target][0][0][0][0],
						want != &g.v[c0.target][0][0][0][0], c.source)
				}
			}
		})
	}
}

// The Old World's +4 Initiative from a flank is the flanker's: a unit
// that charged a front adds at most 3 (tow.whfb.app
// the-combat-phase/charging-units).
func TestChargeInitiativeFlankerOnly(t *testing.T) {
	t.Parallel()
	units := []Engaged{
		unitIn(foot(10, 5), "a1", 0, true, at(2, Front, 5)),
		unitIn(foot(10, 5), "a2", 0, true, at(2, Flank, 5)),
		unitIn(foot(20, 5), "b", 1, false, at(0, Front, 5), at(1, Front, 5)),
	}
	units[0].ChargeDistance, units[1].ChargeDistance = 6, 6
	f := severalFight(t, combatRules(t, "tow"), -1, 3, units...)
	g := group{i: 3}
	if a1, a2, later := f.initiative(&g, 0, 1, true), f.initiative(&g, 1, 1, true), f.initiative(&g, 1, 2, true); a1 != 6 || a2 != 7 || later != 3 {
		t.Errorf("Initiative a1 %d, a2 %d, a2 in round 2 %d; want 3 + 3 = 6, 3 + 4 = 7, 3", a1, a2, later)
	}
}

// Supporting attacks (8th) and Press of Battle (The Old World) strike per
// front contact: the rank behind each contact's models strikes that
// enemy, and none strike an enemy at the unit's flank.
func TestSupportPerFrontContact(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		preset string
		a2At   Facing
		round  int
		want   [2]int
		source string
	}{
		{"8th", "8th", Front, 2, [2]int{3, 2}, "8th.whfb.app close-combat/dividing-attacks: supporting attacks go where the model in front could strike: 3 behind a1's 3, 2 behind a2's 2"},
		{"8th a flanker", "8th", Flank, 2, [2]int{3, 0}, "8th.whfb.app special-rules/fight-in-extra-ranks: the ranks behind fight only to the front"},
		{"tow", "tow", Front, 2, [2]int{3, 2}, "tow.whfb.app troop-types-in-detail/press-of-battle: the second rank of infantry fights, one attack a model"},
		{"tow, the round it charged", "tow", Front, 1, [2]int{0, 0}, "Press of Battle: not in the round it charged"},
		{"8th, a horde with one rank behind", "8th", Front, 2, [2]int{5, 5}, "8th.whfb.app (RULES.md §2.2): a horde, ten wide, supports with two ranks, but its 20 models have one rank behind the ten in contact: five behind each contact's five, not ten behind the first"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := unitIn(foot(20, 5), "b", 1, c.round == 1, at(0, Front, 3), at(1, Front, 2))
			if c.name == "8th, a horde with one rank behind" {
				b = unitIn(foot(20, 10), "b", 1, false, at(0, Front, 5), at(1, Front, 5))
			}
			a2 := unitIn(foot(10, 5), "a2", 0, false, at(2, Front, 5))
			if c.a2At == Flank {
				a2, b.Contacts[1] = unitIn(foot(10, 5), "a2", 0, false, at(2, Flank, 5)), at(1, Front, 2)
			}
			f := severalFight(t, combatRules(t, c.preset), -1, 3, unitIn(foot(10, 5), "a1", 0, false, at(2, Front, 5)), a2, b)
			tr := f.NewTrialer().(*fightTrial)
			tr.begin()
			var n [2]int
			for k := range f.sides[2].groups {
				if g := &f.sides[2].groups[k]; g.kind == supporters {
					tr.split(2, g, c.round, n[:])
				}
			}
			if n != c.want {
				t.Errorf("supporting attacks %v, want %v (%s)", n, c.want, c.source)
			}
		})
	}
}

// Stomp per contact (8th): a monstrous unit touching two infantry units
// stomps each.
func TestStompPerContact(t *testing.T) {
	t.Parallel()
	f := severalFight(t, combatRules(t, "8th"), -1, 3,
		unitIn(trolls(3, 3), "trolls", 0, false, at(1, Front, 2), at(2, Front, 1)),
		unitIn(foot(10, 5), "b1", 1, false, at(0, Front, 5)),
		unitIn(foot(10, 5), "b2", 1, false, at(0, Front, 5)))
	if s := f.sides[0].stomps; len(s) != 2 || s[0] == nil || s[1] == nil || f.sides[0].stomp != nil {
		t.Fatalf("stomps %v, one a contact", s)
	}
	// Scripted, per die: a Stomp hits automatically, S5 wounds T3 on 2+
	// and the foot have no save, so each stomp rolls one die. With a Troll
	// slain this round, the casualty comes off the last contact: two
	// stomps at b1, none at b2 (the round's casualties, as for blows).
	for _, c := range []struct {
		slain        int
		dice         []int
		lost1, lost2 int
	}{{0, []int{6, 6, 6}, 2, 1}, {1, []int{6, 6}, 2, 0}} {
		tr := f.PerDie().NewTrialer().(*fightTrial)
		tr.begin()
		tr.st[0][0].alive -= c.slain
		d := engine.Scripted(c.dice...)
		tr.stompContacts(d)
		if l1, l2 := 10-tr.st[1][0].alive, 10-tr.st[2][0].alive; l1 != c.lost1 || l2 != c.lost2 || d.Left() != 0 {
			t.Errorf("%d Trolls slain: b1 lost %d, b2 %d, %d dice left; want %d, %d, none", c.slain, l1, l2, d.Left(), c.lost1, c.lost2)
		}
	}
}

// Fights of two against one under 8th and The Old World allocate nothing
// a trial, by stages and per die.
func TestEighthAndOldWorldDoNotAllocate(t *testing.T) {
	for _, preset := range []string{"8th", "tow"} {
		f := severalFight(t, combatRules(t, preset), -1, 10,
			unitIn(foot(20, 5, standard), "halberdiers", 0, false, at(2, Front, 5)),
			unitIn(trolls(3, 3, fearsome), "trolls", 0, true, at(2, Flank, 3)),
			unitIn(foot(25, 5), "boyz", 1, false, at(0, Front, 5), at(1, Front, 3)))
		enginetest.TrialsDoNotAllocate(t, preset+" 2v1", f)
		enginetest.TrialsDoNotAllocate(t, preset+" 2v1 per die", f.PerDie())
	}
}

// 8th's break tests unit by unit with scripted dice: the battle
// standard's re-roll is its own unit's, Insane Courage each unit's.
func TestEighthBreakTestsPerUnit(t *testing.T) {
	t.Parallel()
	pairs := func(b1 Fighter) *Fight {
		return severalFight(t, combatRules(t, "8th"), -1, 5,
			unitIn(foot(20, 5), "a1", 0, false, at(2, Front, 4), at(3, Flank, 1)),
			unitIn(foot(20, 5), "a2", 0, false, at(3, Front, 5)),
			unitIn(b1, "b1", 1, false, at(0, Front, 5)),
			unitIn(foot(10, 5), "b2", 1, false, at(1, Front, 5), at(0, Front, 1)))
	}
	rows := []struct {
		name   string
		f      *Fight
		margin int
		dice   []int
		broke  []int
		source string
	}{
		{"the battle standard re-rolls its own unit's test", pairs(foot(10, 5, bsb)), 5,
			[]int{6, 6, 2, 1, 2, 2, 3, 3, 4, 4}, []int{3},
			"RULES.md §2.11 (8th battle_standard_reroll): b1, with the battle standard, fails 12 > 8 − 5 and re-rolls 3 ≤ 3: holds; b2 fails 4 > 3 with no re-roll: breaks; a1 still touches b1, so only a2 pursues, 6 against 8: b2 escapes"},
		{"without it the same dice break b1 and b2 holds", pairs(foot(10, 5)), 5,
			[]int{6, 6, 2, 1}, []int{2},
			"as above with no battle standard: b1 breaks on 12; b2 rolls 3 ≤ 3 and holds; a1 still touches b2, a2 too: no pursuit"},
		{"Insane Courage per unit", pairs(foot(10, 5)), 10,
			[]int{1, 1, 1, 2}, []int{3},
			"RULES.md §2.11 (insane_courage): at 8 − 10 only a double 1 passes: b1's holds, b2's 3 breaks (the break tests alone)"},
	}
	for _, c := range rows[:2] {
		t.Run(c.name, func(t *testing.T) {
			tr := c.f.NewTrialer().(*fightTrial)
			tr.begin()
			d := engine.Scripted(c.dice...)
			o := fightOutcome{prevWinner: -1, winner: -1}
			if over := tr.afterArmies(d, 1, [2]int{c.margin, 0}, &o); over {
				t.Errorf("the fight is over; want it to go on (%s)", c.source)
			}
			var want [MaxUnits]bool
			for _, u := range c.broke {
				want[u] = true
			}
			if o.broke != want || d.Left() != 0 {
				t.Errorf("broke %v, %d dice left; want %v, none (%s)", o.broke[:4], d.Left(), want[:4], c.source)
			}
		})
	}
	// Insane Courage: the break tests alone, before any pursuit.
	c := rows[2]
	tr := c.f.NewTrialer().(*fightTrial)
	tr.begin()
	d := engine.Scripted(c.dice...)
	o := fightOutcome{prevWinner: -1, winner: -1}
	var flees [MaxUnits]bool
	tr.breakTests(d, 0, c.margin, &o, &flees)
	if o.broke != [MaxUnits]bool{3: true} || d.Left() != 0 {
		t.Errorf("broke %v, %d dice left; want b2 alone, none (%s)", o.broke[:4], d.Left(), c.source)
	}
}
