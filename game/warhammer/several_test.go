package warhammer

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Issue 30, step 2: fights of several units under 6th and 7th. Each row's
// expected numbers are worked out by hand from the rules text it cites
// (docs/rules.md "Several units in one combat"), never from the code.

// unitIn is a unit of a fight of several units: f as id, of army, that
// charged or not, touching the enemies contacts lists.
func unitIn(f Fighter, id string, army int, charged bool, contacts ...Contact) Engaged {
	f.ID = id
	return Engaged{Fighter: f, Army: army, Charged: charged, Contacts: contacts}
}

// at is a contact with enemy unit e at its face at, with models models.
func at(e int, face Facing, models int) Contact { return Contact{Enemy: e, At: face, Models: models} }

// severalFight builds a fight of units under rs, armies "A" and "B",
// high ground high (-1: none), of rounds rounds at most.
func severalFight(t testing.TB, rs *Ruleset, high, rounds int, units ...Engaged) *Fight {
	t.Helper()
	return newFight(t, rs, Combat{Units: units, Armies: [2]Army{{ID: "A"}, {ID: "B"}}, HighGround: high, MaxRounds: rounds})
}

// severalTrial is a trial of f at the end of a round in which unit u
// lost wounds[u] one-Wound models, each scored by its enemies.
func severalTrial(t *testing.T, f *Fight, wounds map[int]int) *fightTrial {
	t.Helper()
	tr := f.NewTrialer().(*fightTrial)
	tr.begin()
	for u, w := range wounds {
		if f.unit(u).Profile.W != 1 {
			t.Fatalf("wounds on %s: the rows slay one-Wound models only", f.unit(u).ID)
		}
		s := &tr.st[u][0]
		s.alive -= w
		s.scored, s.lost = w, w
	}
	return tr
}

// The units of most rows: A1 and A2 of army A against B (and B2).
const a1, a2, b1, b2 = 0, 1, 2, 3

type severalCase struct {
	name   string
	preset string
	set    []string
	units  []Engaged
	high   int
	wounds map[int]int // by unit: one-Wound models slain this round
	cr     [2]int      // each army's combat result
	// tests are the losers' break tests by unit: what each comes to, and
	// the target of those that roll.
	tests  map[int]breakKind
	target map[int]int
	source string
}

var severalCases = []severalCase{
	{name: "6th flank charge cancels ranks", preset: "6th",
		units: []Engaged{
			unitIn(foot(20, 5), "halberdiers", 0, false, at(b1, Front, 5)),
			unitIn(cavalry(5, 5), "knights", 0, true, at(b1, Flank, 3)),
			unitIn(foot(20, 5), "boyz", 1, false, at(a1, Front, 5), at(a2, Front, 3)),
		},
		high: -1, cr: [2]int{5, 0}, tests: map[int]breakKind{2: rollsTest}, target: map[int]int{2: 3},
		source: "6th.whfb.app close-combat/combat-resolution-bonuses: A's one rank bonus +3 (20 five wide, 4 ranks); outnumber by the army's total, 20 + 10 (knights 2 each) against 20, +1; flank +1 (knights US 10 >= 5); the boyz' +3 lost to a flanker of US 5 or more: 0; Ld 8 − 5 = 3"},
	{name: "6th rear +2", preset: "6th",
		units: []Engaged{
			unitIn(foot(20, 5), "halberdiers", 0, false, at(b1, Front, 5)),
			unitIn(cavalry(5, 5), "knights", 0, true, at(b1, Rear, 3)),
			unitIn(foot(20, 5), "boyz", 1, false, at(a1, Front, 5), at(a2, Front, 3)),
		},
		high: -1, cr: [2]int{6, 0}, tests: map[int]breakKind{2: rollsTest}, target: map[int]int{2: 2},
		source: "as the flank row with the rear +2 (6th.whfb.app close-combat/combat-results): 3 + 1 + 2; Ld 8 − 6"},
	{name: "6th a flanker cut below Unit Strength 5 in the round gives the ranks back", preset: "6th",
		units: []Engaged{
			unitIn(foot(20, 5), "halberdiers", 0, false, at(b1, Front, 5)),
			unitIn(cavalry(5, 5), "knights", 0, true, at(b1, Flank, 3)),
			unitIn(foot(20, 5), "boyz", 1, false, at(a1, Front, 5), at(a2, Front, 3)),
		},
		high: -1, wounds: map[int]int{1: 3}, cr: [2]int{4, 6},
		tests: map[int]breakKind{0: rollsTest, 1: rollsTest}, target: map[int]int{0: 6, 1: 6},
		source: "docs/rules.md flank_cancels_ranks [I]: the flanker's Unit Strength when the combat result is worked out, at the end of the round (6th.whfb.app faq/close-combat, WC 2004 p.112, \"at the end of the phase\"): 2 knights left, US 4, cancel no ranks and claim no flank bonus; A +3 ranks, +1 outnumber (20 + 4 against 20); B 3 wounds, +3 ranks; Ld 8 − 2 each"},
	{name: "6th a flanker below Unit Strength 5 claims no flank bonus", preset: "6th",
		units: []Engaged{
			unitIn(foot(20, 5), "halberdiers", 0, false, at(b1, Front, 5)),
			unitIn(foot(4, 4), "scouts", 0, true, at(b1, Flank, 4)),
			unitIn(foot(20, 5), "boyz", 1, false, at(a1, Front, 5), at(a2, Front, 4)),
		},
		high: -1, cr: [2]int{4, 3}, tests: map[int]breakKind{2: rollsTest}, target: map[int]int{2: 7},
		source: "6th.whfb.app faq/close-combat (WC 2004 p.112): US 4 claims no flank bonus, and cancels no ranks (US 5 needed); A +3 ranks, +1 outnumber (24 against 20); boyz +3 ranks; Ld 8 − 1"},
	{name: "6th one rank bonus a side, not the sum", preset: "6th",
		units: []Engaged{
			unitIn(foot(15, 5), "spearmen", 0, false, at(b1, Front, 5)),
			unitIn(foot(20, 5), "halberdiers", 0, false, at(b1, Front, 5)),
			unitIn(foot(10, 10), "boyz", 1, false, at(a1, Front, 5), at(a2, Front, 5)),
		},
		high: -1, cr: [2]int{4, 0}, tests: map[int]breakKind{2: rollsTest}, target: map[int]int{2: 4},
		source: "6th.whfb.app close-combat/combat-resolution-bonuses (\"Do not add up the bonuses\"): the deeper +3, not +2 + 3; outnumber 35 against 10, +1; Ld 8 − 4"},
	{name: "6th standards once a side", preset: "6th",
		units: []Engaged{
			unitIn(foot(5, 5, standard), "spearmen", 0, false, at(b1, Front, 5)),
			unitIn(foot(5, 5, standard), "halberdiers", 0, false, at(b1, Front, 5)),
			unitIn(foot(10, 10), "boyz", 1, false, at(a1, Front, 5), at(a2, Front, 5)),
		},
		high: -1, cr: [2]int{1, 0}, tests: map[int]breakKind{2: rollsTest}, target: map[int]int{2: 7},
		source: "6th.whfb.app close-combat/combat-resolution-bonuses (\"you still only add +1, not +1 for each standard\"); 10 against 10: no outnumbering; Ld 8 − 1"},
	{name: "7th a standard and the battle standard's extra +1", preset: "7th",
		units: []Engaged{
			unitIn(foot(5, 5, standard), "spearmen", 0, false, at(b1, Front, 5)),
			unitIn(foot(5, 5, standard, bsb), "halberdiers", 0, false, at(b1, Front, 5)),
			unitIn(foot(10, 10), "boyz", 1, false, at(a1, Front, 5), at(a2, Front, 5)),
		},
		high: -1, cr: [2]int{2, 0}, tests: map[int]breakKind{2: rollsTest}, target: map[int]int{2: 6},
		source: "7th.whfb.app command-groups/combat-result-bonus (+1 for one or more standards), generals-and-battle-standards/combat-bonus (\"an extra +1\"); Ld 8 − 2"},
	{name: "6th outnumbering by the army's total", preset: "6th",
		units: []Engaged{
			unitIn(foot(6, 6), "spearmen", 0, false, at(b1, Front, 5)),
			unitIn(foot(6, 6), "halberdiers", 0, false, at(b1, Front, 5)),
			unitIn(foot(10, 10), "boyz", 1, false, at(a1, Front, 5), at(a2, Front, 5)),
		},
		high: 1, cr: [2]int{1, 1},
		source: "6th.whfb.app close-combat/combat-resolution-bonuses (\"the combined Unit Strength of your troops in combat\"): 12 against 10, +1, though each unit alone has fewer; high ground +1 to B once; a draw"},
	{name: "6th break tests unit by unit: Stubborn on its Leadership", preset: "6th",
		units: []Engaged{
			unitIn(foot(20, 5), "halberdiers", 0, false, at(1, Front, 5), at(2, Front, 5)),
			unitIn(foot(5, 5, stubborn), "dwarfs", 1, false, at(a1, Front, 5)),
			unitIn(foot(5, 5), "goblins", 1, false, at(a1, Front, 5)),
		},
		high: -1, wounds: map[int]int{1: 1, 2: 1}, cr: [2]int{6, 0},
		tests: map[int]breakKind{1: rollsTest, 2: rollsTest}, target: map[int]int{1: 8, 2: 2},
		source: "6th.whfb.app close-combat/combat-resolution-bonuses: 2 wounds (one on each unit, added up), +3 ranks, outnumbering 20 against 4 + 4, +1; Stubborn tests on its Ld 8, the Goblins on 8 − 6 (6th.whfb.app close-combat/break-tests: each unit tests)"},
	{name: "6th Fear break per unit: its own Unit Strength against the Fear-causers'", preset: "6th",
		units: []Engaged{
			unitIn(trolls(3, 3), "trolls", 0, false, at(1, Front, 1), at(2, Front, 2)),
			unitIn(foot(2, 2), "scouts", 1, false, at(a1, Front, 2)),
			unitIn(foot(12, 12), "spearmen", 1, false, at(a1, Front, 3)),
		},
		high: -1, wounds: map[int]int{2: 2}, cr: [2]int{2, 1},
		tests: map[int]breakKind{1: breaksOutright, 2: rollsTest}, target: map[int]int{2: 7},
		source: "6th.whfb.app psychology/defeated-by-fear-causing-enemy (fear_break_compare unit_vs_fear_causers): the Scouts' US 2 against the Trolls' 9 breaks; the Spearmen's 10 left against 9 tests; A 2 wounds, B outnumbers 2 + 10 against 9, +1: Ld 8 − 1"},
	{name: "7th Fear break: the side's combined Unit Strength", preset: "7th",
		units: []Engaged{
			unitIn(trolls(3, 3), "trolls", 0, false, at(1, Front, 1), at(2, Front, 2)),
			unitIn(foot(2, 2), "scouts", 1, false, at(a1, Front, 2)),
			unitIn(foot(12, 12), "spearmen", 1, false, at(a1, Front, 3)),
		},
		high: -1, wounds: map[int]int{2: 2}, cr: [2]int{2, 1},
		tests: map[int]breakKind{1: rollsTest, 2: rollsTest}, target: map[int]int{1: 7, 2: 7},
		source: "7th.whfb.app psychology/defeated-by-fear-causing-enemy (\"combined unit strength\", fear_break_compare side_vs_fear_causers): 2 + 10 = 12 against 9, so both test, Ld 8 − 1"},
}

// TestSeveralUnitsCombatResult checks each row's combat results and the
// losers' break tests through armyResult, musicianBonus, winner and breakTest.
func TestSeveralUnitsCombatResult(t *testing.T) {
	t.Parallel()
	checkSeveralCases(t, severalCases)
}

// checkSeveralCases checks each case's combat results and the losers'
// break tests.
func checkSeveralCases(t *testing.T, cases []severalCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := severalFight(t, combatRules(t, c.preset, c.set...), c.high, 2, c.units...)
			tr := severalTrial(t, f, c.wounds)
			cr := tr.musicianBonus([2]int{tr.armyResult(0, 1), tr.armyResult(1, 1)})
			if cr != c.cr {
				t.Errorf("combat result %v, want %v (%s)", cr, c.cr, c.source)
			}
			w, margin := tr.winner(cr)
			if w < 0 {
				if len(c.tests) > 0 {
					t.Errorf("a draw, want break tests (%s)", c.source)
				}
				return
			}
			for _, u := range f.armies[1-w] {
				test, target := tr.breakTest(u, w, margin)
				if want := c.tests[u]; test != want || test == rollsTest && target != c.target[u] {
					t.Errorf("%s: break test %s (target %d), want %s (target %d) (%s)", f.unit(u).ID,
						breakNames[test], target, breakNames[want], c.target[u], c.source)
				}
			}
		})
	}
}

// The end of a round with scripted dice: break tests unit by unit, Panic,
// pursuit by several units, and whether the fight goes on.
func TestSeveralUnitsAfterRound(t *testing.T) {
	t.Parallel()
	// A1 fights B1 (Stubborn) at its front and B2 at its flank, A2 fights
	// B2; or A1 and A2 both fight B.
	pairs := func(set ...string) *Fight {
		return severalFight(t, combatRules(t, "6th", set...), -1, 5,
			unitIn(foot(20, 5), "a1", 0, false, at(2, Front, 4), at(3, Flank, 1)),
			unitIn(foot(20, 5), "a2", 0, false, at(3, Front, 5)),
			unitIn(foot(10, 5, stubborn), "b1", 1, false, at(0, Front, 5)),
			unitIn(foot(10, 5), "b2", 1, false, at(1, Front, 5), at(0, Front, 1)))
	}
	twoOnOne := severalFight(t, combatRules(t, "6th"), -1, 5,
		unitIn(foot(20, 5), "a1", 0, false, at(2, Front, 5)),
		unitIn(cavalry(5, 5), "a2", 0, true, at(2, Flank, 3)),
		unitIn(foot(10, 5), "b", 1, false, at(0, Front, 5), at(1, Front, 3)))
	rows := []struct {
		name   string
		f      *Fight
		dice   []int
		over   bool
		winner int
		broke  []int
		panic  []int
		caught []int
		source string
	}{
		{"a Stubborn unit holds while its friend flees: the fight goes on", pairs(),
			[]int{3, 3, 6, 6, 2, 2, 4, 4, 3, 3}, false, -1, []int{3}, nil, []int{3},
			"b1 Stubborn holds on 6 ≤ Ld 8; b2 fails 12 > 8 − 5; b1 passes its Panic test (4 ≤ 8, friend_breaks_panic in_combat: 6th.whfb.app close-combat/panic-tests-for-breaks); a1 still fights b1, so it does not pursue (6th.whfb.app close-combat/pursuit: only \"if all the enemies it is fighting flee\"); a2 pursues 8 against b2's 6: caught"},
		{"a friend's break panics the Stubborn unit: both flee, both pursued", pairs(),
			[]int{3, 3, 6, 6, 6, 6, 1, 2, 5, 5, 3, 3, 4, 4}, true, 0, []int{3}, []int{2}, []int{3},
			"b1 holds its break test but fails Panic (12 > 8); dice: a1's pursuit 3, a2's 10, then b1's flee 6, b2's 8 (pursuers first, in unit order); a1 touched both and chases both (pursuit catch_every_fleeing_foe); b1 escapes 3 < 6, b2 is caught by a2's 10 ≥ 8 though a1's 3 falls short; every B unit fled: A wins"},
		{"no Panic under friend_breaks_panic none", pairs("friend_breaks_panic", "none"),
			[]int{3, 3, 6, 6, 2, 2, 3, 4}, false, -1, []int{3}, nil, nil,
			"b1 holds, b2 breaks; no Panic test; a2's 4 against b2's 7: it escapes; a1 fights on"},
		{"two pursuers of one unit: the second's roll catches it", twoOnOne,
			[]int{6, 6, 2, 1, 6, 6, 5, 5, 4}, true, 0, []int{2}, nil, []int{2},
			"b breaks (12 > 8 − 5); a1 pursues on 2D6: 3; a2, cavalry, on 3D6 (6th cavalry_flee_roll 3d6): 17; b flees 2D6: 9; 17 ≥ 9, caught (7th.whfb.app close-combat/multiple-fleeing-and-pursuing: caught unless it rolled higher than any pursuer)"},
		{"an equal roll catches", twoOnOne,
			[]int{6, 6, 3, 4, 1, 1, 1, 4, 3}, true, 0, []int{2}, nil, []int{2},
			"b breaks; a1's 7 on 2D6, a2's 3 on 3D6; b flees 7: a1's equal roll catches it (6th.whfb.app close-combat/pursuit: \"equal or higher\")"},
		{"pursuit none: no one is caught", severalFight(t, combatRules(t, "6th", "pursuit", "none"), -1, 5,
			unitIn(foot(20, 5), "a1", 0, false, at(2, Front, 5)),
			unitIn(cavalry(5, 5), "a2", 0, true, at(2, Flank, 3)),
			unitIn(foot(10, 5), "b", 1, false, at(0, Front, 5), at(1, Front, 3))),
			[]int{6, 6}, true, 0, []int{2}, nil, nil,
			"b breaks; pursuit none rolls no pursuit: b flees and A wins"},
	}
	for _, c := range rows {
		t.Run(c.name, func(t *testing.T) {
			tr := c.f.NewTrialer().(*fightTrial)
			tr.begin()
			d := engine.Scripted(c.dice...)
			o := fightOutcome{prevWinner: -1, winner: -1}
			over := tr.afterArmies(d, 1, [2]int{5, 0}, &o)
			if over != c.over || o.winner != c.winner {
				t.Errorf("over %v, winner %d; want %v, %d (%s)", over, o.winner, c.over, c.winner, c.source)
			}
			check := func(what string, got [MaxUnits]bool, want []int) {
				checkUnitSet(t, what, got, want, len(c.f.sides), c.source)
			}
			check("broke", o.broke, c.broke)
			check("panicked", o.panicked, c.panic)
			check("caught", o.caught, c.caught)
			if d.Left() != 0 {
				t.Errorf("%d scripted dice left unrolled (%s)", d.Left(), c.source)
			}
		})
	}
}

// A fight of two units written as Units is the fight written as Sides:
// the same results from the same dice.
func TestTwoUnitsAsUnitsSameAsSides(t *testing.T) {
	t.Parallel()
	rs := combatRules(t, "6th")
	k, tr := empireKnights(), trollsUnit()
	k.ID, tr.ID = "knights", "trolls"
	sides := newFight(t, rs, Combat{Sides: [2]Fighter{k, tr}, Charger: 0, Facing: Flank, ChargeDistance: 6, HighGround: 1, MaxRounds: 6})
	units := newFight(t, rs, Combat{Units: []Engaged{
		{Fighter: k, Army: 0, Charged: true, ChargeDistance: 6, Contacts: []Contact{{Enemy: 1, At: Flank, Models: k.contact()}}},
		{Fighter: tr, Army: 1},
	}, HighGround: 1, MaxRounds: 6})
	for _, f := range []*Fight{sides.WithoutTables(), sides.PerDie()} {
		g := units.WithoutTables()
		if f.perDie {
			g = units.PerDie()
		}
		a, b := f.NewTrialer(), g.NewTrialer()
		ra, rb := engine.NewTrialResult(f), engine.NewTrialResult(g)
		for seed := range uint64(2000) {
			a.Trial(engine.NewDice(seed, 0), &ra)
			b.Trial(engine.NewDice(seed, 0), &rb)
			if !equalResults(&ra, &rb) {
				t.Fatalf("seed %d: Sides give %v %v, Units %v %v", seed, ra.Values, ra.Events, rb.Values, rb.Events)
			}
		}
	}
}

func equalResults(a, b *engine.TrialResult) bool {
	for i := range a.Values {
		if a.Values[i] != b.Values[i] {
			return false
		}
	}
	for i := range a.Events {
		if a.Events[i] != b.Events[i] {
			return false
		}
	}
	return true
}

// Splitting one enemy unit of 10 into two identical units of 5 in the same
// front leaves the blows of the first round unchanged: the models in
// contact are the same, and Binomial(5, p) + Binomial(5, p) is
// Binomial(10, p). The means of both units' casualties agree within 4.5
// standard errors of their difference (seeded, so the test is fixed).
//
// Under 8th and The Old World the attackers are two ranks deep, and their
// second rank (supporting attacks, Press of Battle) strikes behind each
// contact's models: the same blows again.
func TestSplittingAUnitLeavesTheBlowsAlone(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ preset string }{{"6th"}, {"8th"}, {"tow"}} {
		t.Run(c.preset, func(t *testing.T) {
			t.Parallel()
			n := 10
			if c.preset != "6th" {
				n = 20
			}
			splittingLeavesTheBlowsAlone(t, combatRules(t, c.preset), n)
		})
	}
}

// splittingLeavesTheBlowsAlone is TestSplittingAUnitLeavesTheBlowsAlone
// under rs, the attackers n models ten wide.
func splittingLeavesTheBlowsAlone(t *testing.T, rs *Ruleset, models int) {
	attackers, block := foot(models, 10), foot(10, 10)
	attackers.ID, block.ID = "attackers", "block"
	whole := newFight(t, rs, Combat{Sides: [2]Fighter{attackers, block}, Charger: -1, HighGround: -1, MaxRounds: 1})
	split := severalFight(t, rs, -1, 1,
		unitIn(foot(models, 10), "attackers", 0, false, at(1, Front, 5), at(2, Front, 5)),
		unitIn(foot(5, 5), "left", 1, false, at(0, Front, 5)),
		unitIn(foot(5, 5), "right", 1, false, at(0, Front, 5)))
	n := 40000
	if testing.Short() {
		n = 10000
	}
	mean := func(f *Fight, metric func(r *engine.TrialResult) int) (m, v float64) {
		tr, r := f.WithoutTables().NewTrialer(), engine.NewTrialResult(f)
		var s, s2 float64
		for i := range n {
			tr.Trial(engine.NewDice(7, uint64(i)), &r)
			x := float64(metric(&r))
			s, s2 = s+x, s2+x*x
		}
		m = s / float64(n)
		return m, (s2/float64(n) - m*m) / float64(n)
	}
	for _, c := range []struct {
		what         string
		whole, split func(r *engine.TrialResult) int
	}{
		{"models the attackers slay", func(r *engine.TrialResult) int { return r.Values[whole.out.unit[1].casualties] },
			func(r *engine.TrialResult) int {
				return r.Values[split.out.unit[1].casualties] + r.Values[split.out.unit[2].casualties]
			}},
		{"models the attackers lose", func(r *engine.TrialResult) int { return r.Values[whole.out.unit[0].casualties] },
			func(r *engine.TrialResult) int { return r.Values[split.out.unit[0].casualties] }},
	} {
		m1, v1 := mean(whole, c.whole)
		m2, v2 := mean(split, c.split)
		if se := math.Sqrt(v1 + v2); math.Abs(m1-m2) > 4.5*se {
			t.Errorf("%s: %.4f in one unit, %.4f split in two; more than 4.5 standard errors (%.4f) apart", c.what, m1, m2, se)
		}
	}
}

// A fight of two against one allocates nothing a trial, by stages and
// per die.
func TestSeveralUnitsDoNotAllocate(t *testing.T) {
	f := severalFight(t, combatRules(t, "6th"), -1, 10,
		unitIn(foot(20, 5, standard), "halberdiers", 0, false, at(2, Front, 5)),
		unitIn(cavalry(5, 5), "knights", 0, true, at(2, Flank, 3)),
		unitIn(foot(25, 5), "boyz", 1, false, at(0, Front, 5), at(1, Front, 3)))
	enginetest.TrialsDoNotAllocate(t, "2v1", f)
	enginetest.TrialsDoNotAllocate(t, "2v1 per die", f.PerDie())
}

// What a fight of several units does not simulate yet is refused, each
// with an error that names it.
func TestSeveralUnitsRefused(t *testing.T) {
	t.Parallel()
	units := func(mod func(u []Engaged)) []Engaged {
		u := []Engaged{
			unitIn(foot(20, 5), "a1", 0, false, at(2, Front, 5)),
			unitIn(foot(20, 5), "a2", 0, true, at(2, Flank, 5)),
			unitIn(foot(20, 5), "b", 1, false, at(0, Front, 5), at(1, Front, 5)),
		}
		if mod != nil {
			mod(u)
		}
		return u
	}
	for _, c := range []struct {
		name   string
		preset string
		units  []Engaged
		want   string
	}{
		{"a blow at no character", "6th", units(func(u []Engaged) { u[0].StrikeAt = "captain" }), `strikes at "captain", which is not a character of the enemy units it touches`},
		{"a challenge by no character", "6th", units(func(u []Engaged) { u[0].Challenge.By = "captain" }), `challenges with "captain"`},
		{"no contact back", "6th", units(func(u []Engaged) { u[2].Contacts = u[2].Contacts[:1] }), "does not list it"},
		{"two armies charging", "6th", units(func(u []Engaged) { u[2].Charged = true }), "both armies charged"},
		{"a unit of its own army", "6th", units(func(u []Engaged) { u[0].Contacts = []Contact{at(1, Front, 5)} }), "its own army"},
		{"separate combats", "6th", []Engaged{
			unitIn(foot(20, 5), "a1", 0, false, at(2, Front, 5)),
			unitIn(foot(20, 5), "a2", 0, false, at(3, Front, 5)),
			unitIn(foot(20, 5), "b1", 1, false, at(0, Front, 5)),
			unitIn(foot(20, 5), "b2", 1, false, at(1, Front, 5)),
		}, "separate combats"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewFight(combatRules(t, c.preset), Combat{Units: c.units, Armies: [2]Army{{ID: "A"}, {ID: "B"}}, HighGround: -1, MaxRounds: 3})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
	// left_without_foes join_remaining is a reading with no code yet.
	rs := combatRules(t, "6th")
	rs.LeftWithoutFoes = JoinRemaining
	if _, err := NewFight(rs, Combat{Units: units(nil), Armies: [2]Army{{ID: "A"}, {ID: "B"}}, HighGround: -1, MaxRounds: 3}); err == nil || !strings.Contains(err.Error(), "join_remaining") {
		t.Errorf("error %v, want one saying join_remaining", err)
	}
	// 8th and The Old World are simulated (issue 30, step 5).
	for _, preset := range []string{"8th", "tow"} {
		if _, err := NewFight(combatRules(t, preset), Combat{Units: units(nil), Armies: [2]Army{{ID: "A"}, {ID: "B"}}, HighGround: -1, MaxRounds: 3}); err != nil {
			t.Errorf("%s: %v, want the fight", preset, err)
		}
	}
}

// wins_on_result in a fight of several units (docs/output.md: "Within a
// draw: the fight ended undecided, and this side won the last round
// fought on combat result, but its enemy held"): set where max_rounds
// stopped the fight with enemies still touching, not where it ended with
// no contact left because the round's loser fled (bench/warhammer
// README.md "Disagreements", 7th/fear-break-by-side). A1 and A2 (5
// models each, Ld 8) fight B (10) at its front; A wins the round 5 to 0;
// one round at most.
func TestSeveralUnitsWinsOnResult(t *testing.T) {
	t.Parallel()
	rows := []struct {
		name   string
		wiped  bool // A1 lost its last model in the round
		dice   []int
		events []string // the events set, each army's and the draw
		source string
	}{
		{"the loser broke, the winner's last unit panicked: a draw, no one ahead", true,
			[]int{6, 6, 6, 6}, []string{"draw"},
			"B tests at 8 − 5: 12 breaks; A1 was wiped out, so A2 tests Panic (6th.whfb.app close-combat/panic-tests-for-breaks): 12 > 8, it flees; no pursuer is left (A1 slain, A2 fled); every unit of both armies broke, panicked or was destroyed: a draw (docs/rules.md \"The end\"), and B did not hold, so A is not ahead"},
		{"the loser held and max_rounds stopped the fight: A ahead", false,
			[]int{1, 1}, []string{"draw", "A.wins_on_result"},
			"B tests at 8 − 5: 2 holds; no one fled or was slain, so no Panic and no pursuit; A1 and A2 still touch B when the one round is over: undecided, A won the last round and B held"},
		{"the loser broke and escaped: A wins", false,
			[]int{6, 6, 1, 1, 1, 1, 6, 6}, []string{"A.wins"},
			"B breaks on 12; A1 and A2 pursue on 2 and 2 (unit order), B flees 12: it escapes; every B unit fled and A's did not: A wins (6th.whfb.app close-combat/pursuit)"},
	}
	for _, c := range rows {
		t.Run(c.name, func(t *testing.T) {
			f := severalFight(t, combatRules(t, "6th"), -1, 1,
				unitIn(foot(5, 5), "a1", 0, false, at(2, Front, 5)),
				unitIn(foot(5, 5), "a2", 0, false, at(2, Front, 5)),
				unitIn(foot(10, 10), "b", 1, false, at(0, Front, 5), at(1, Front, 5)))
			tr := f.NewTrialer().(*fightTrial)
			tr.begin()
			if c.wiped {
				tr.st[a1][0].alive = 0
			}
			d := engine.Scripted(c.dice...)
			o := fightOutcome{rounds: 1, prevWinner: -1, winner: -1}
			tr.afterArmies(d, 1, [2]int{5, 0}, &o)
			r := engine.NewTrialResult(f)
			tr.record(&r, &o)
			want := map[string]bool{}
			for _, e := range c.events {
				want[e] = true
			}
			for _, e := range []string{"A.wins", "B.wins", "draw", "A.wins_on_result", "B.wins_on_result"} {
				if got := r.Events[slices.Index(f.Events(), e)]; got != want[e] {
					t.Errorf("%s %v, want %v (%s)", e, got, want[e], c.source)
				}
			}
			if d.Left() != 0 {
				t.Errorf("%d scripted dice left unrolled (%s)", d.Left(), c.source)
			}
		})
	}
}

// checkUnitSet reports, for a what (broke, caught, ...), the units set in
// got that are not those in want, or the other way round.
func checkUnitSet(t *testing.T, what string, got [MaxUnits]bool, want []int, n int, source string) {
	t.Helper()
	var w [MaxUnits]bool
	for _, u := range want {
		w[u] = true
	}
	if got != w {
		t.Errorf("%s %v, want %v (%s)", what, got[:n], w[:n], source)
	}
}
