package wotr

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// duelCases are duels-only turns that exercise what the exact solver
// follows: the roll-off between two declared duels, the Might policies,
// Epic Duel and Epic Strike, Hard to Kill heroes and formations, the last
// company at half strength, and the options that change a duel.
func duelCases(t testing.TB) []struct {
	name string
	tu   *Turn
} {
	small := Formation{ID: "guard", Type: Infantry, Companies: 1, Frontage: 1, F: 3, S: 3, D: 5, A: 8, R: 1, C: 3}
	trolls := Formation{ID: "trolls", Type: Monster, Companies: 2, Frontage: 2, F: 7, S: 7, D: 7, A: 3, R: 2, C: 4, Toughness: HardToKill}
	aragorn := Hero{ID: "aragorn", Formation: 0, F: 7, R: 3, C: 6, Might: 3, Policy: GreedyMight, Actions: []Action{{Kind: EpicDuel, Target: 1}}}
	g := gorbag(Action{Kind: HeroicDuel, Target: 0})
	g.Policy = DuelMight
	both := func(rs *Ruleset, f0, f1 Formation, a, b Hero) *Turn {
		return newTurn(t, rs, Engagement{Formations: [2]Formation{f0, f1}, Heroes: []Hero{a, b}, Charger: -1, DuelsOnly: true})
	}
	chieftain := Hero{ID: "chieftain", Formation: 1, F: 7, R: 3, C: 4, Might: 2, Toughness: VeryHardToKill, Policy: GreedyMight,
		Actions: []Action{{Kind: HeroicDuel, Target: 0}, {Kind: EpicStrike}}}
	return []struct {
		name string
		tu   *Turn
	}{
		{"worked case, no Might", duelOnly(t, preset(t), 6, 5, 2, false, NoMight)},
		{"worked case, duel policy", duelOnly(t, preset(t), 6, 5, 2, false, DuelMight)},
		{"worked case, greedy, Epic Duel", duelOnly(t, preset(t), 6, 5, 2, true, GreedyMight)},
		{"Epic Duel against Heroic Duel", both(preset(t), arnor(), orcs(), aragorn, g)},
		{"the same, picks by hero, m1 table", both(with(t, "order_picks", "hero", "duel_table", "m1"), arnor(), orcs(), aragorn, g)},
		{"the same, m3, hits not persisting, no declarer bonus", both(with(t, "duel_table", "m3", "duel_hits_persist", "no", "duel_declarer_bonus", "0"), arnor(), orcs(), aragorn, g)},
		{"a Very Hard to Kill troll chieftain with Epic Strike", both(preset(t), small, trolls, captain(Action{Kind: HeroicDuel, Target: 1}), chieftain)},
		{"the same, no last-company rule", both(with(t, "last_company_half", "no"), small, trolls, captain(Action{Kind: HeroicDuel, Target: 1}), chieftain)},
		{"long runs of Hard to Kill rolls", both(preset(t), Formation{ID: "beasts", Type: Monster, Companies: 6, Frontage: 2, F: 1, S: 3, D: 5, A: 2, R: 1, C: 1, Toughness: VeryHardToKill},
			trolls, Hero{ID: "runt", Formation: 0, F: 1, R: 1, C: 1, Toughness: VeryHardToKill},
			Hero{ID: "king", Formation: 1, F: 9, R: 3, C: 5, Might: 3, Policy: GreedyMight, Actions: []Action{{Kind: EpicDuel, Target: 0}, {Kind: EpicStrike}}})},
	}
}

// The exact solver and the simulation agree on every metric and event of
// every duels-only case, both ways of rolling (there is no binomial draw
// in a duel, so they differ only in their dice).
func TestExactMatchesSimulation(t *testing.T) {
	t.Parallel()
	n := int64(100_000)
	if testing.Short() {
		n = 20_000
	}
	for i, c := range duelCases(t) {
		ex := solve(t, c.name, c.tu)
		enginetest.Agree(t, c.name, ex, run(t, c.tu, n, uint64(100+i)))
	}
}

// The roll-off is exact: with both sides declaring, each picks first half
// the time.
func TestExactRollOff(t *testing.T) {
	t.Parallel()
	c := duelCases(t)[3]
	ex, err := c.tu.Solver().Exact()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"arnor.acts_first", "orcs.acts_first"} {
		if p := ex.P[index(t, ex.Events, name)]; math.Abs(p-0.5) > 1e-12 {
			t.Errorf("%s: %v, want 1/2", name, p)
		}
	}
}

// Solver offers the exact solution only where it is cheap: at most two
// duels, no Hard to Kill formation in a fight.
func TestSolverOnlyWhenCheap(t *testing.T) {
	t.Parallel()
	cases := duelCases(t)
	for _, c := range []struct {
		name string
		tu   *Turn
		want bool
	}{
		{"a fight between formations", bigTurn(t), false},
		{cases[0].name, cases[0].tu, true},
		{cases[3].name, cases[3].tu, true},
		{cases[6].name, cases[6].tu, true},
		{"Hard to Kill trolls in a fight", newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(),
			{ID: "trolls", Type: Monster, Companies: 2, Frontage: 2, F: 7, S: 7, D: 7, A: 3, R: 2, C: 4, Toughness: HardToKill}}, Charger: 0}), false},
	} {
		if got := c.tu.Solver() != nil; got != c.want {
			t.Errorf("%s: solver %v, want %v", c.name, got, c.want)
		}
	}
	g := gorbag(Action{Kind: HeroicDuel, Target: 0}, Action{Kind: EpicDuel, Target: 0})
	c := captain(Action{Kind: HeroicDuel, Target: 1})
	tu := newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{c, g}, Charger: -1, DuelsOnly: true})
	if tu.Solver() != nil {
		t.Errorf("three duels: a solver")
	}
}
