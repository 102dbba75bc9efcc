package wotr

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// fresh returns a trial of tu at the start of its turn.
func fresh(tu *Turn) *trial {
	tr := tu.NewTrialer().(*trial)
	for i := range tr.f {
		tr.f[i] = formationState{alive: tu.e.Formations[i].Models()}
	}
	for i := range tu.e.Heroes {
		tr.h[i] = heroState{might: tu.e.Heroes[i].Might}
	}
	tr.charger = tu.e.Charger
	return tr
}

// arnorCharges is the Warriors of Arnor with their captain charging the
// Orc Warriors.
func arnorCharges(t testing.TB, rs *Ruleset) *Turn {
	return newTurn(t, rs, Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{captain()}, Charger: 0})
}

// rules/wotr.md §2, §4: dice per company in contact, battle skill, the
// charge bonus and supporting companies, under each option. Arnor: four
// companies two wide (both in contact with the orcs' two-company front),
// the captain's F5 in the command company against the orcs' F3, F4 in the
// other; the orcs' Mob Rule support is 2 dice a company.
func TestDiceCount(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name       string
		rules      []string
		edit       func(tr *trial)
		side, want int
		why        string
	}{
		{"default", nil, nil, 0, 23, "(8 + 2 skill + 1 charge) + (8 + 1 + 1) + 2 supporting companies"},
		{"orcs", nil, nil, 1, 20, "8 + 8, no skill (F3 against F4), 2 supporting companies × 2 (Mob Rule)"},
		{"flat", []string{"battle_skill", "flat"}, nil, 0, 22, "+1 per company whose Fight is higher"},
		{"ratio", []string{"battle_skill", "ratio"}, nil, 0, 22, "F5 against F3 is not double: +1"},
		{"none", []string{"battle_skill", "none"}, nil, 0, 20, "no battle skill"},
		{"cap 1", []string{"battle_skill_cap", "1"}, nil, 0, 22, "the captain's +2 capped at 1"},
		{"scope formation", []string{"hero_fight_scope", "formation"}, nil, 0, 24, "both companies use F5"},
		{"charge per formation", []string{"charge_bonus_per", "formation"}, nil, 0, 22, "one bonus die"},
		{"charge bonus 0", []string{"charge_bonus", "0"}, nil, 0, 21, "no bonus"},
		{"no charge", nil, func(tr *trial) { tr.charger = -1 }, 0, 21, "not charging"},
		{"captain slain", nil, func(tr *trial) { tr.h[0].out = true }, 0, 22, "the command company's own F4: +1"},
		{"epic strike", nil, func(tr *trial) { tr.h[0].strikeUsed = true }, 0, 28, "F10 against F3: +7 in the command company"},
		{"depleted, proportional", nil, func(tr *trial) { tr.f[0].alive = 14 }, 0, 8 + 2 + 1 + 6 + 1 + 1, "two companies left, in contact; the second has 6 of 8: ceil(8·6/8) = 6"},
		{"depleted, full", []string{"depleted_dice", "full"}, func(tr *trial) { tr.f[0].alive = 14 }, 0, 8 + 2 + 1 + 8 + 1 + 1, "a depleted company rolls its full A"},
		{"depleted in the rear", nil, func(tr *trial) { tr.f[0].alive = 27 }, 0, 23, "the depleted company supports like any other"},
		{"one company left", nil, func(tr *trial) { tr.f[0].alive = 5 }, 0, 5 + 2 + 1, "one company, 5 of 8: ceil(40/8) = 5 dice"},
	} {
		tr := fresh(arnorCharges(t, with(t, c.rules...)))
		if c.edit != nil {
			c.edit(tr)
		}
		if got := first(tr.dice(c.side, false)); got != c.want {
			t.Errorf("%s: %d dice, want %d: %s", c.name, got, c.want, c.why)
		}
	}
	tr := fresh(arnorCharges(t, with(t, "earthshaking_charge", "yes")))
	if got := first(tr.dice(0, true)); got != 25 {
		t.Errorf("earthshaking charge: %d dice, want 25 (one more for each of the two charging companies)", got)
	}
}

// Supporting companies behind those in contact (rules/wotr.md §4).
func TestSupporting(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		comps, front, contact int
		ranks                 SupportRanks
		want                  int
	}{
		{4, 2, 2, SupportOne, 2}, {6, 2, 2, SupportOne, 2}, {6, 2, 2, SupportAll, 4},
		{5, 2, 2, SupportAll, 3}, {5, 2, 1, SupportAll, 2}, {3, 2, 1, SupportOne, 1},
		{2, 2, 2, SupportOne, 0}, {1, 1, 1, SupportAll, 0}, {7, 3, 2, SupportAll, 3},
	} {
		if got := supporting(c.comps, c.front, c.contact, c.ranks); got != c.want {
			t.Errorf("%d companies, %d wide, %d in contact, ranks %d: %d supporting, want %d", c.comps, c.front, c.contact, c.ranks, got, c.want)
		}
	}
}

// Companies in contact by width: an infantry company is as wide as two of
// cavalry (rules/wotr.md §4).
func TestCompaniesInContact(t *testing.T) {
	t.Parallel()
	cav := Formation{Type: Cavalry, Companies: 4, Frontage: 4}
	inf := Formation{Type: Infantry, Companies: 4, Frontage: 1}
	troll := Formation{Type: Monster, Companies: 1, Frontage: 1}
	two := Formation{Type: Infantry, Companies: 2, Frontage: 2}
	for _, c := range []struct {
		name     string
		me, foe  Formation
		foeAlive int
		front    FrontRule
		want     int
	}{
		{"cavalry against one infantry company", cav, inf, 32, FrontRemaining, 2},
		{"infantry against four cavalry companies", inf, cav, 8, FrontRemaining, 1},
		{"infantry against a troll", inf, troll, 1, FrontRemaining, 1},
		{"troll against infantry", troll, inf, 32, FrontRemaining, 1},
		{"cavalry against a lone depleted company", cav, two, 3, FrontRemaining, 2},
		// enemy_front deployed: the two companies' front as deployed, four
		// cavalry companies wide, though one company is left.
		{"cavalry against a lone depleted company, the deployed front", cav, two, 3, FrontDeployed, 4},
	} {
		rs := &Ruleset{EnemyFront: c.front}
		front := min(c.me.Frontage, c.me.Companies)
		if got := companiesInContact(rs, &c.me, &c.foe, front, c.foeAlive); got != c.want {
			t.Errorf("%s: %d in contact, want %d", c.name, got, c.want)
		}
	}
}

// Casualties (rules/wotr.md §5): leftover hits are lost; the last company
// at half strength is removed, and its hero with it; Hard to Kill rolls
// once per Resilience-worth of hits, the next roll on the next monster.
func TestHits(t *testing.T) {
	t.Parallel()
	knights := Formation{ID: "knights", Type: Cavalry, Companies: 3, Frontage: 3, F: 3, S: 3, D: 5, A: 2, R: 2, C: 3}
	tu := newTurn(t, preset(t), Engagement{Formations: [2]Formation{knights, orcs()}, Charger: -1})
	tr := fresh(tu)
	if cas, _ := tr.hits(nil, 0, 5); cas != 2 || tr.f[0].alive != 4 {
		t.Errorf("5 hits on R2: %d casualties, %d left; want 2 and 4 (the fifth hit is lost)", cas, tr.f[0].alive)
	}
	// one-ring t=18473: "Last company, 2 or more hits and the formation is
	// gone" (R2 cavalry, two to a company).
	tr.f[0].alive = 2
	if cas, _ := tr.hits(nil, 0, 2); cas != 2 || !tr.f[0].destroyed {
		t.Errorf("2 hits on the last R2 cavalry company: %d casualties, destroyed %v; want 2, true", cas, tr.f[0].destroyed)
	}

	tu = newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{captain()}, Charger: -1})
	tr = fresh(tu)
	// v2project: "I can take 28 casualties before my final company runs
	// away" (32 models).
	if cas, _ := tr.hits(nil, 0, 27); cas != 27 || tr.f[0].destroyed {
		t.Errorf("27 hits on 32 R1 models: %d casualties, destroyed %v; want 27, not destroyed (5 of 8 is more than half)", cas, tr.f[0].destroyed)
	}
	if cas, _ := tr.hits(nil, 0, 1); cas != 5 || !tr.f[0].destroyed || !tr.h[0].out || tr.h[0].slain {
		t.Errorf("the 28th: %d casualties, destroyed %v, captain out %v, slain %v; want 5 (the last 4 disperse), destroyed, the captain lost but not slain in a duel",
			cas, tr.f[0].destroyed, tr.h[0].out, tr.h[0].slain)
	}
	tr = fresh(newTurn(t, with(t, "last_company_half", "no"), tu.e))
	if cas, _ := tr.hits(nil, 0, 28); cas != 28 || tr.f[0].destroyed {
		t.Errorf("last_company_half no: %d casualties, destroyed %v; want 28, false", cas, tr.f[0].destroyed)
	}

	trolls := Formation{ID: "trolls", Type: Monster, Companies: 2, Frontage: 2, F: 7, S: 7, D: 7, A: 3, R: 2, C: 4, Toughness: HardToKill}
	tr = fresh(newTurn(t, preset(t), Engagement{Formations: [2]Formation{trolls, orcs()}, Charger: -1}))
	d := engine.Scripted(6, 3, 1)
	cas, counters := tr.hits(d, 0, 7)
	if cas != 1 || counters != 2 || tr.f[0].alive != 1 || tr.f[0].counters != 2 || d.Left() != 0 {
		t.Errorf("7 hits on R2 Trolls, rolls 6, 3, 1: %d casualties, %d counters gained, %d left with %d counters, %d dice left; want 1 (the 6), 2 (3: one; 1+1: one), 1 Troll with 2, all three dice rolled (the seventh hit is lost)",
			cas, counters, tr.f[0].alive, tr.f[0].counters, d.Left())
	}
}

// The Panic table and the Courage test (rules/wotr.md §6 [V]), against
// their exact chances, within 4.5 standard errors on fixed seeds.
func TestPanicProbabilities(t *testing.T) {
	t.Parallel()
	p2d6Below := func(x int) float64 { // P(2D6 < x)
		n := 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if a+b < x {
					n++
				}
			}
		}
		return float64(n) / 36
	}
	type outcome func(tr *trial, held bool) bool
	holds := func(tr *trial, held bool) bool { return held }
	lostModels := func(tr *trial, held bool) bool { return tr.f[1].alive < 32 && !tr.f[1].destroyed }
	destroyed := func(tr *trial, held bool) bool { return tr.f[1].destroyed }
	greedyChief := Hero{ID: "chief", Formation: 1, F: 4, R: 2, C: 2, Might: 1, Policy: GreedyMight}
	for _, c := range []struct {
		name   string
		loser  func() Formation
		heroes []Hero
		alive  int
		what   outcome
		want   float64
	}{
		{"holds on a 6", orcs, nil, 32, holds, 1.0 / 6},
		{"a banner re-rolls", func() Formation { f := orcs(); f.Banner = true; return f }, nil, 32, holds, 11.0 / 36},
		{"Shieldbearer: steadfast on 5+", func() Formation { f := orcs(); f.SteadfastOn = 5; return f }, nil, 32, holds, 2.0 / 6},
		{"fails Courage C2: 2D6 < 8", orcs, nil, 32, lostModels, 5.0 / 6 * p2d6Below(8)},
		{"a hero's Courage counts", orcs, []Hero{{ID: "chief", Formation: 1, F: 4, R: 2, C: 5}}, 32, lostModels, 5.0 / 6 * p2d6Below(5)},
		{"greedy Might 1 lessens the failure", orcs, []Hero{greedyChief}, 32, lostModels, 5.0 / 6 * p2d6Below(7)},
		{"Onset of Dismay below half", orcs, nil, 15, destroyed, 1.0 / 6 * p2d6Below(8)},
		{"not below half: no Dismay", orcs, nil, 16, destroyed, 0},
	} {
		e := Engagement{Formations: [2]Formation{arnor(), c.loser()}, Heroes: c.heroes, Charger: -1}
		tu := newTurn(t, preset(t), e)
		d := engine.NewDice(11, 0)
		const n = 200_000
		hits := 0
		tr := tu.NewTrialer().(*trial)
		for range n {
			for i := range tr.f {
				tr.f[i] = formationState{alive: e.Formations[i].Models()}
			}
			for i := range e.Heroes {
				tr.h[i] = heroState{might: e.Heroes[i].Might}
			}
			tr.f[1].alive = c.alive
			if c.what(tr, tr.panic(d, 1)) {
				hits++
			}
		}
		p := float64(hits) / n
		se := math.Sqrt(c.want * (1 - c.want) / n)
		if math.Abs(p-c.want) > 4.5*se+1e-12 {
			t.Errorf("%s: %.5f, exact %.5f: beyond 4.5 standard errors (%.5f)", c.name, p, c.want, se)
		}
	}
}

// The binomial count and the per-die rolls give the same turn: every
// event's probability and every metric's mean agree within 4.5 standard
// errors of their difference.
func TestBinomialMatchesPerDie(t *testing.T) {
	t.Parallel()
	n := int64(200_000)
	if testing.Short() {
		n = 40_000
	}
	for _, tu := range []*Turn{bigTurn(t), smallFight(t, ChargeAgain, preset(t))} {
		tu.perDie = false
		a, b := run(t, tu, n, 3), run(t, tu.PerDie(), n, 4)
		for i, name := range a.Events {
			pa, pb := float64(a.Count[i])/float64(n), float64(b.Count[i])/float64(n)
			se := math.Sqrt(pa*(1-pa)/float64(n) + pb*(1-pb)/float64(n))
			if math.Abs(pa-pb) > 4.5*se+1e-9 {
				t.Errorf("%s: binomial %.5f, per die %.5f (se %.5f)", name, pa, pb, se)
			}
		}
		for i, m := range a.Metrics {
			ma, va := moments(a.Hist[i])
			mb, vb := moments(b.Hist[i])
			se := math.Sqrt(va/float64(n) + vb/float64(n))
			if math.Abs(ma-mb) > 4.5*se+1e-9 {
				t.Errorf("%s: mean binomial %.4f, per die %.4f (se %.4f)", m.Name, ma, mb, se)
			}
		}
	}
}

func moments(h []int64) (mean, variance float64) {
	var n, s, s2 float64
	for k, c := range h {
		n += float64(c)
		s += float64(k) * float64(c)
		s2 += float64(k) * float64(k) * float64(c)
	}
	mean = s / n
	return mean, s2/n - mean*mean
}

// bigTurn is the Heroic Combat against Heroic Duel of the built-in
// scenario, with Epic Strike and greedy Might for good measure.
func bigTurn(t testing.TB) *Turn {
	c := captain(Action{Kind: HeroicCombat}, Action{Kind: EpicStrike})
	c.Policy = GreedyMight
	g := gorbag(Action{Kind: HeroicDuel, Target: 0})
	g.Policy = GreedyMight
	return newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{c, g}, Charger: 0})
}

// A trial allocates nothing (the runner's hot loop).
func TestTrialDoesNotAllocate(t *testing.T) {
	enginetest.TrialsDoNotAllocate(t, "combat against duel", bigTurn(t))
	enginetest.TrialsDoNotAllocate(t, "combat against duel, per die", bigTurn(t).PerDie())
	several := bigTurn(t).e
	several.Turns = 4
	enginetest.TrialsDoNotAllocate(t, "combat against duel, four turns", newTurn(t, preset(t), several))
	berserkers := block("berserkers", 3, 5)
	berserkers.Berserk = true
	epics := newTurn(t, preset(t), Engagement{Formations: [2]Formation{berserkers, block("men", 3, 5)}, Charger: 0, Turns: 2,
		Heroes: []Hero{hero("rager", 0, Action{Kind: EpicRage}, Action{Kind: MightyBlow}), hero("martyr", 1, Action{Kind: EpicSacrifice}, Action{Kind: EpicDefence})}})
	enginetest.TrialsDoNotAllocate(t, "epic actions in the fight, Berserk", epics)
	enginetest.TrialsDoNotAllocate(t, "epic actions in the fight, Berserk, per die", epics.PerDie())
}

// The same seed gives the same numbers on any number of workers: a trial
// keeps nothing from the one before.
func TestWorkersDoNotChangeResults(t *testing.T) {
	t.Parallel()
	tu := bigTurn(t)
	var first *engine.Result
	for _, w := range []int{1, 3, 8} {
		res, err := engine.Run(context.Background(), tu, engine.Config{Trials: 20_000, Seed: 99, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = res
			continue
		}
		if !reflect.DeepEqual(res.Hist, first.Hist) || !reflect.DeepEqual(res.Count, first.Count) {
			t.Errorf("%d workers give other results than 1", w)
		}
	}
}

func BenchmarkTurn(b *testing.B) {
	for _, c := range []struct {
		name string
		tu   *Turn
	}{
		{"combat-vs-duel", bigTurn(b)},
		{"combat-vs-duel/per-die", bigTurn(b).PerDie()},
		{"duel-only", duelOnly(b, preset(b), 6, 5, 2, true, GreedyMight)},
		{"blocks", newTurn(b, preset(b), Engagement{Formations: [2]Formation{block("a", 3, 3), block("b", 3, 3)}, Charger: 0})},
		{"blocks/epic-actions", newTurn(b, preset(b), Engagement{Formations: [2]Formation{block("a", 3, 3), block("b", 3, 3)}, Charger: 0,
			Heroes: []Hero{hero("rager", 0, Action{Kind: EpicRage}, Action{Kind: MightyBlow}), hero("martyr", 1, Action{Kind: EpicSacrifice})}})},
	} {
		b.Run(c.name, func(b *testing.B) { enginetest.BenchTrials(b, c.tu) })
	}
}

// A duel's hits can remove the enemy formation before any fight: its last
// company down to half strength (rules/wotr.md §5). Then there is nothing
// to fight, and its hero is lost with it, though not slain in the duel.
func TestDuelDestroysBeforeTheFight(t *testing.T) {
	t.Parallel()
	e := Engagement{
		Formations: [2]Formation{
			{ID: "men", Type: Infantry, Companies: 2, Frontage: 1, F: 3, S: 3, D: 3, A: 2, R: 1, C: 3},
			{ID: "orcs", Type: Infantry, Companies: 1, Frontage: 1, F: 3, S: 3, D: 3, A: 2, R: 1, C: 2},
		},
		Heroes: []Hero{
			{ID: "captain", Formation: 0, F: 5, R: 2, C: 4, Might: 1, Actions: []Action{{Kind: HeroicDuel, Target: 1}}},
			{ID: "chief", Formation: 1, F: 4, R: 2, C: 3, Might: 1},
		},
		Charger: -1,
	}
	tu := newTurn(t, preset(t), e).PerDie()
	// No roll-off (one side declared). 6 + 5 + 1 = 12 against 1 + 4 = 5:
	// seven table dice, two 2s (4 formation hits) and five 1s.
	d := engine.Scripted(6, 1, 2, 2, 1, 1, 1, 1, 1)
	r := play(tu, d)
	check(t, "duel destroys the orcs", tu, r, d, want{
		"fights": 0, "orcs.destroyed": 1, "orcs.casualties": 8, "chief.slain": 0, "captain.wins_duel": 1,
		"men.wins": 0, "orcs.wins": 0, "draw": 0, "duel_first": 1,
	})
}
