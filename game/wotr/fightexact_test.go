package wotr

import (
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// A fight small enough to work by hand. Two cavalry formations of one
// company of two models (R1), one die each (A1, one company in contact,
// equal Fight: no battle skill; no charge; cavalry does not support), and
// last_company_half off so that one hit is one casualty:
//
//	a (S3) hits b (D3) on 4+: 1/2;  b (S3) hits a (D4) on 5+: 1/3.
//	both hit   1/2·1/3 = 1/6: one casualty each, a draw
//	a only     1/2·2/3 = 1/3: a wins; b panics
//	b only     1/2·1/3 = 1/6: b wins; a panics
//	neither    1/2·2/3 = 1/3: a draw
//
// The Panic roll holds on a 6 (1/6); otherwise 2D6 + Courage must make 10.
// b (C5) fails on 2D6 <= 4, 6/36 = 1/6, and takes 10-(2D6+5) >= 1 hits:
// its last model dies (a roll of 1 destroys it outright only below half
// its models, and 1 of 2 is not below half). a (C8) always passes.
//
//	b.destroyed  = 1/3 · 5/6 · 1/6          = 5/108
//	b.falls_back = 1/3 · 5/6 · 5/6          = 25/108 (lost, did not hold, still there)
//	a.falls_back = 1/6 · 5/6                = 5/36
//	a.casualties: 1 with P(b hits) = 1/3
//	b.casualties: 1 with 1/2 - 5/108 = 49/108, 2 with 5/108 (mean 59/108)
func TestExactFightByHand(t *testing.T) {
	t.Parallel()
	a := Formation{ID: "a", Type: Cavalry, Companies: 1, Frontage: 1, F: 3, S: 3, D: 4, A: 1, R: 1, C: 8}
	b := Formation{ID: "b", Type: Cavalry, Companies: 1, Frontage: 1, F: 3, S: 3, D: 3, A: 1, R: 1, C: 5}
	tu := newTurn(t, with(t, "last_company_half", "no"), Engagement{Formations: [2]Formation{a, b}, Charger: -1})
	sv := tu.Solver()
	if sv == nil {
		t.Fatal("no solver for a fight without heroes")
	}
	ex, err := sv.Exact()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		want float64
	}{
		{"a.wins", 1.0 / 3}, {"b.wins", 1.0 / 6}, {"draw", 1.0 / 2},
		{"a.destroyed", 0}, {"b.destroyed", 5.0 / 108},
		{"a.falls_back", 5.0 / 36}, {"b.falls_back", 25.0 / 108},
	} {
		if got := ex.P[index(t, ex.Events, c.name)]; math.Abs(got-c.want) > 1e-12 {
			t.Errorf("P(%s) = %.6f, want %.6f", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		name string
		want []float64
	}{
		{"fights", []float64{0, 1}},
		{"a.casualties", []float64{2.0 / 3, 1.0 / 3, 0}},
		{"b.casualties", []float64{1.0 / 2, 49.0 / 108, 5.0 / 108}},
	} {
		got := ex.PMF[index(t, metricNames(ex.Metrics), c.name)]
		for k, w := range c.want {
			if math.Abs(got[k]-w) > 1e-12 {
				t.Errorf("P(%s = %d) = %.6f, want %.6f", c.name, k, got[k], w)
			}
		}
	}
	enginetest.Agree(t, "by hand", ex, run(t, tu, 200_000, 7))
}

// fightCases are small turns whose formations fight, each exercising
// something the solver follows: duels before the fight, Epic Strike, the
// greedy policy's Courage Might, a banner, the charge and its
// Earthshaking roll, striking order, a Heroic Charge roll-off, Onset of
// Dismay, options that change the fight, and a Hard to Kill hero's duel.
func fightCases(t testing.TB) []struct {
	name string
	tu   *Turn
} {
	small := func(f Formation, n int) Formation { f.Companies, f.Frontage = n, min(n, f.Frontage); return f }
	knights := Formation{ID: "knights", Type: Cavalry, Companies: 3, Frontage: 2, F: 3, S: 3, D: 5, A: 2, R: 2, C: 3, Shield: true}
	ogres := Formation{ID: "ogres", Type: Monster, Companies: 2, Frontage: 2, F: 5, S: 6, D: 6, A: 3, R: 2, C: 3}
	elves := Formation{ID: "elves", Type: Infantry, Companies: 2, Frontage: 2, F: 6, S: 3, D: 5, A: 8, R: 1, C: 5}
	goblins := Formation{ID: "goblins", Type: Infantry, Companies: 2, Frontage: 1, F: 2, S: 3, D: 4, A: 6, R: 1, C: 0}
	c := captain(Action{Kind: HeroicDuel, Target: 1}, Action{Kind: EpicStrike})
	c.Policy = GreedyMight
	g := gorbag()
	g.Policy = GreedyMight
	aragorn := Hero{ID: "aragorn", Formation: 0, F: 7, R: 3, C: 6, Might: 3, Policy: GreedyMight, Actions: []Action{{Kind: EpicDuel, Target: 1}}}
	gd := gorbag(Action{Kind: HeroicDuel, Target: 0})
	lancers := knights
	lancers.Lances = true
	troll := Hero{ID: "troll_chief", Formation: 1, F: 6, R: 2, C: 4, Might: 1, Toughness: VeryHardToKill, Policy: DuelMight}
	pikemen := small(orcs(), 2)
	pikemen.Pikes = true
	bannerOrcs := small(orcs(), 2)
	bannerOrcs.Banner = true // the loser, mostly: its re-roll matters
	chargers := [2]Hero{
		{ID: "rider", Formation: 0, F: 4, R: 2, C: 4, Might: 1, Actions: []Action{{Kind: HeroicCharge}}},
		{ID: "boss", Formation: 1, F: 5, R: 2, C: 3, Might: 2, Policy: GreedyMight, Actions: []Action{{Kind: HeroicCharge}}},
	}
	return []struct {
		name string
		tu   *Turn
	}{
		{"no heroes, arnor charging, the orcs' banner", newTurn(t, preset(t), Engagement{Formations: [2]Formation{small(arnor(), 2), bannerOrcs}, Charger: 0})},
		{"a duel with Epic Strike, greedy Courage Might, a banner", newTurn(t, preset(t), Engagement{Formations: [2]Formation{small(arnor(), 2), small(orcs(), 2)}, Heroes: []Hero{c, g}, Charger: 1})},
		{"two duels, then the fight, options changed", newTurn(t, with(t, "duel_counts_for_victory", "no", "hero_death_is_casualty", "no", "battle_skill", "ratio", "depleted_dice", "full", "support_ranks", "all", "destroyed_loses", "no"),
			Engagement{Formations: [2]Formation{small(arnor(), 3), small(orcs(), 2)}, Heroes: []Hero{aragorn, gd}, Charger: -1})},
		{"monsters before cavalry, Earthshaking, monsters test", newTurn(t, with(t, "earthshaking_charge", "yes", "monsters_test_panic", "yes", "cavalry_support", "yes", "charge_bonus_per", "formation"),
			Engagement{Formations: [2]Formation{knights, ogres}, Charger: 1})},
		{"Heroic Charges on both sides: a roll-off", newTurn(t, with(t, "last_company_half", "no", "loser_falls_back", "no"), Engagement{Formations: [2]Formation{knights, small(orcs(), 1)}, Heroes: chargers[:], Charger: -1})},
		{"elves on goblins: Onset of Dismay, one company wide", newTurn(t, with(t, "battle_skill_cap", "2", "enemy_front", "deployed", "to_hit_floor", "3+"), Engagement{Formations: [2]Formation{elves, goblins}, Charger: 0})},
		{"lancers charging pikes", newTurn(t, preset(t), Engagement{Formations: [2]Formation{lancers, pikemen}, Charger: 0})},
		{"a Very Hard to Kill hero's duel, then the fight", newTurn(t, preset(t), Engagement{Formations: [2]Formation{small(arnor(), 2), small(orcs(), 2)},
			Heroes: []Hero{aragorn, troll}, Charger: 0})},
	}
}

func metricNames(ms []engine.Metric) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Name
	}
	return out
}

// The exact solver and a fixed-seed simulation of 200,000 trials agree on
// every metric's mean and every event of every fight case (4.5 standard
// errors), the binomial way of rolling and, for one case, die by die.
func TestExactFightMatchesSimulation(t *testing.T) {
	t.Parallel()
	n := int64(200_000)
	if testing.Short() {
		n = 40_000
	}
	for i, c := range fightCases(t) {
		ex := solve(t, c.name, c.tu)
		enginetest.Agree(t, c.name, ex, run(t, c.tu, n, uint64(300+i)))
		if i == 1 {
			enginetest.Agree(t, c.name+", per die", ex, run(t, c.tu.PerDie(), n/2, uint64(400+i)))
		}
	}
}

// A Heroic Combat, more than two duels and Hard to Kill stay with the
// simulation; Exact itself refuses the first and the last rather than
// give a wrong number, and a turn too large for the bounds is an error
// that says to simulate.
func TestExactFightRefuses(t *testing.T) {
	t.Parallel()
	if bigTurn(t).Solver() != nil {
		t.Errorf("a Heroic Combat: a solver")
	}
	if _, err := (exactTurn{Turn: bigTurn(t)}).Exact(); err == nil {
		t.Errorf("a Heroic Combat: solved")
	}
	trolls := Formation{ID: "trolls", Type: Monster, Companies: 2, Frontage: 2, F: 7, S: 7, D: 7, A: 3, R: 2, C: 4, Toughness: HardToKill}
	htk := newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), trolls}, Charger: 1})
	if htk.Solver() != nil {
		t.Errorf("Hard to Kill: a solver")
	}
	if _, err := (exactTurn{Turn: htk}).Exact(); err == nil {
		t.Errorf("Hard to Kill in a fight: solved")
	}
	huge := Formation{ID: "horde", Type: Infantry, Companies: 100, Frontage: 10, Contact: 10, F: 3, S: 3, D: 3, A: 20, R: 1, C: 2}
	huge2 := huge
	huge2.ID = "horde2"
	heroes := []Hero{captain(Action{Kind: HeroicDuel, Target: 1}), gorbag(Action{Kind: EpicDuel, Target: 0})} // many states before the fight, each a fight of 200-odd dice a side
	big := newTurn(t, preset(t), Engagement{Formations: [2]Formation{huge, huge2}, Heroes: heroes, Charger: 0})
	if _, err := big.Solver().Exact(); err == nil || !strings.Contains(err.Error(), "exact solution too large") || !strings.Contains(err.Error(), "use sim run") {
		t.Errorf("a huge fight: %v", err)
	}
}
