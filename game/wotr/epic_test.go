package wotr

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// The fight phase's epic actions and Berserk (docs/wotr.md, "Epic actions
// in the fight"), each checked on a fight whose hits are simple to count by
// hand. Two blocks of ten infantry companies (A8, R1, Fight 3 both, so no
// battle skill), two companies in contact each, roll 2×8 dice and one for
// each of the two supporting companies: 18 dice, 8 of them the command
// company's. With 80 models a side no count is capped, and with Courage 10
// no Courage test fails, so a side's casualties are the hits it takes.
// Hit chances are the chart's (rules/wotr.md §3): S3 against D3 is 1/2,
// against D5 1/3, against D7 1/6; S5 against D7 1/3, S7 against D7 1/2 and
// against D3 2/3.

func block(id string, s, d int) Formation {
	return Formation{ID: id, Type: Infantry, Companies: 10, Frontage: 2, F: 3, S: s, D: d, A: 8, R: 1, C: 10}
}

func hero(id string, side int, acts ...Action) Hero {
	return Hero{ID: id, Formation: side, F: 3, R: 2, C: 4, Might: 2, Policy: NoMight, Actions: acts} // F3: no battle-skill die
}

// meanNear fails unless the simulated mean of metric name is within 4.5
// standard errors of want (the standard error from the sample itself).
func meanNear(t *testing.T, what string, tu *Turn, res *engine.Result, name string, want float64) {
	t.Helper()
	i := index(t, metricNames(tu.Metrics()), name)
	var n, s, ss float64
	for k, c := range res.Hist[i] {
		v := float64(k + res.Metrics[i].Min)
		n += float64(c)
		s += v * float64(c)
		ss += v * v * float64(c)
	}
	mean := s / n
	se := math.Sqrt((ss/n - mean*mean) / n)
	if math.Abs(mean-want) > 4.5*se {
		t.Errorf("%s: mean %s %.4f, want %.4f (4.5 standard errors: %.4f)", what, name, mean, want, 4.5*se)
	}
}

func simulate(t *testing.T, rs *Ruleset, e Engagement) (*Turn, *engine.Result) {
	t.Helper()
	tu := newTurn(t, rs, e)
	return tu, run(t, tu, 40_000, 77)
}

// Epic Defence: "his formation's Defence is increased by 2 until the end
// of the phase". The orcs (D3) are hit at D5: 18 × 1/3 = 6 casualties,
// where without it 18 × 1/2 = 9.
func TestEpicDefence(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		acts []Action
		want float64
	}{
		{nil, 9},
		{[]Action{{Kind: EpicDefence}}, 6},
	} {
		tu, res := simulate(t, preset(t), Engagement{Formations: [2]Formation{block("men", 3, 3), block("orcs", 3, 3)},
			Heroes: []Hero{hero("boss", 1, c.acts...)}, Charger: -1})
		meanNear(t, "Epic Defence", tu, res, "orcs.casualties", c.want)
	}
}

// Epic Rage: "his company has +4 Strength ... the Defence of the Hero's
// formation is reduced to 3". The men's command company (8 dice) hits the
// orcs (D3) at S7, 2/3, and their other 10 dice at S3, 1/2: 16/3 + 5. The
// orcs hit the men, D5, at D3: 18 × 1/2 = 9 instead of 18 × 1/3 = 6.
// The die-by-die path (Turn.PerDie) gives the same.
func TestEpicRage(t *testing.T) {
	t.Parallel()
	tu, res := simulate(t, preset(t), Engagement{Formations: [2]Formation{block("men", 3, 5), block("orcs", 3, 3)},
		Heroes: []Hero{hero("berserker", 0, Action{Kind: EpicRage})}, Charger: -1})
	for _, m := range []*Turn{tu, tu.PerDie()} {
		res := res
		if m != tu {
			res = run(t, m, 40_000, 78)
		}
		meanNear(t, "Epic Rage", m, res, "orcs.casualties", 16.0/3+5)
		meanNear(t, "Epic Rage", m, res, "men.casualties", 9)
	}
}

// Mighty Blow: "each hit caused by his company will cause a casualty,
// regardless of the foe's Resilience". Against R2 orcs the command
// company's hits (8 dice at 1/2) are a casualty each, 4 on average; the
// other 10 dice take two hits a casualty: E[floor(H/2)] for H ~ B(10, 1/2)
// is (45+120)·1 + (210+252)·2 + (210+120)·3 + (45+10)·4 + 1·5 = 2304
// 1024ths, 2.25. With mighty_blow_hits formation all 18 dice's hits count:
// 9. Without it, E[floor(H/2)] for H ~ B(18, 1/2): 4.25 (the sum over
// the binomial below, worked out here, not by the code under test).
func TestMightyBlow(t *testing.T) {
	t.Parallel()
	orcs := block("orcs", 3, 3)
	orcs.R = 2
	floorHalf := 0.0
	for h := 0; h <= 18; h++ {
		floorHalf += float64(h/2) * binom(18, h) / math.Pow(2, 18)
	}
	for _, c := range []struct {
		rules []string
		acts  []Action
		want  float64
	}{
		{nil, nil, floorHalf},
		{nil, []Action{{Kind: MightyBlow}}, 4 + 2.25},
		{[]string{"mighty_blow_hits", "formation"}, []Action{{Kind: MightyBlow}}, 9},
	} {
		tu, res := simulate(t, with(t, c.rules...), Engagement{Formations: [2]Formation{block("men", 3, 3), orcs},
			Heroes: []Hero{hero("aragorn", 0, c.acts...)}, Charger: -1})
		meanNear(t, "Mighty Blow", tu, res, "orcs.casualties", c.want)
	}
}

func binom(n, k int) float64 {
	r := 1.0
	for i := range k {
		r = r * float64(n-i) / float64(i+1)
	}
	return r
}

// Mighty Blow on a Hard to Kill monster: one monster of R3, hit by one
// command company die. With mighty_blow_hard_to_kill remove, a hit (1/2,
// S3 against D3) removes it; with roll, a hit is one roll on the table,
// which removes it only on a 6: 1/2 × 1/6.
func TestMightyBlowHardToKill(t *testing.T) {
	t.Parallel()
	men := Formation{ID: "men", Type: Infantry, Companies: 1, Frontage: 1, F: 3, S: 3, D: 3, A: 1, R: 1, C: 10, Contact: 1}
	troll := Formation{ID: "troll", Type: Monster, Companies: 1, Frontage: 1, F: 3, S: 1, D: 3, A: 0, R: 3, C: 10, Toughness: HardToKill}
	for _, c := range []struct {
		how  string
		want float64
	}{{"remove", 1.0 / 2}, {"roll", 1.0 / 12}} {
		tu, res := simulate(t, with(t, "mighty_blow_hard_to_kill", c.how, "last_company_half", "no"), Engagement{Formations: [2]Formation{men, troll},
			Heroes: []Hero{hero("aragorn", 0, Action{Kind: MightyBlow})}, Charger: -1})
		meanNear(t, "Mighty Blow on Hard to Kill, "+c.how, tu, res, "troll.casualties", c.want)
	}
}

// Epic Sacrifice: "roll a D6 for every hit inflicted on his formation for
// the remainder of the turn - on a roll of 3 or more, that hit is
// discounted. At the end of the phase, remove the Hero from the game."
// The orcs take 18 × 1/2 hits, a third of them kept: 3; their hero is
// removed in every trial, and pays one Might.
func TestEpicSacrifice(t *testing.T) {
	t.Parallel()
	tu, res := simulate(t, preset(t), Engagement{Formations: [2]Formation{block("men", 3, 3), block("orcs", 3, 3)},
		Heroes: []Hero{hero("martyr", 1, Action{Kind: EpicSacrifice})}, Charger: -1})
	meanNear(t, "Epic Sacrifice", tu, res, "orcs.casualties", 3)
	meanNear(t, "Epic Sacrifice, die by die", tu, run(t, tu.PerDie(), 40_000, 79), "orcs.casualties", 3)
	if i := index(t, tu.Events(), "martyr.sacrificed"); res.Count[i] != res.Trials {
		t.Errorf("the hero was removed in %d of %d trials, want all", res.Count[i], res.Trials)
	}
	meanNear(t, "Epic Sacrifice", tu, res, "martyr.might_spent", 1)
}

// Berserk, charging: a D6 as the fight phase starts. The berserkers (S3)
// charge men in shields (D5+2 = D7) with 18 dice and the charge bonus of
// one a company in contact: 20. On 2-5 (4/6) they strike at S5, 1/3; on a
// 6 (1/6) at S7, 1/2; on a 1 (1/6) at S3, 1/6, and suffer D6 dice at
// S5 against their own D5, 1/2 each. The men lose 20 × (4/6·1/3 +
// 1/6·1/2 + 1/6·1/6) = 20/3 on average; the berserkers' Madness comes 1
// time in 6, and costs them 1/6 × 3.5 × 1/2 casualties on top of the
// men's 18 dice at S3 against D5, 1/3: 6 + 7/24. Not charging, no roll.
func TestBerserk(t *testing.T) {
	t.Parallel()
	berserkers := block("berserkers", 3, 5)
	berserkers.Berserk = true
	men := block("men", 3, 5)
	men.Shield = true
	tu, res := simulate(t, preset(t), Engagement{Formations: [2]Formation{berserkers, men}, Charger: 0})
	meanNear(t, "Berserk", tu, res, "men.casualties", 20.0/3)
	meanNear(t, "Berserk", tu, res, "berserkers.casualties", 6+7.0/24)
	meanNear(t, "Berserk, die by die", tu, run(t, tu.PerDie(), 40_000, 80), "berserkers.casualties", 6+7.0/24)
	if i := index(t, tu.Events(), "berserkers.madness"); !enginetest.ProportionAgrees(res.Count[i], res.Trials, 1.0/6) {
		t.Errorf("Madness in %d of %d trials, want 1/6", res.Count[i], res.Trials)
	}
	tu, res = simulate(t, preset(t), Engagement{Formations: [2]Formation{berserkers, men}, Charger: 1})
	if i := index(t, tu.Events(), "berserkers.madness"); res.Count[i] != 0 {
		t.Errorf("charged, the berserkers rolled Madness %d times; they roll only having charged", res.Count[i])
	}
}

// A bodyguard fights the duels directed at his charge while he lives
// (BSData: Beregond for Denethor). The orc captain (F9) duels Denethor; his
// bodyguard Beregond is the one who can be slain, and Denethor is never
// in the duel, so never slain; with Beregond slain in an earlier turn,
// the next duel falls on Denethor.
func TestBodyguard(t *testing.T) {
	t.Parallel()
	denethor := Hero{ID: "denethor", Formation: 0, F: 4, R: 2, C: 5}
	beregond := Hero{ID: "beregond", Formation: 0, F: 4, R: 1, C: 4, BodyguardOf: "denethor"}
	orc := Hero{ID: "orc", Formation: 1, F: 9, R: 3, C: 3, Might: 1, Actions: []Action{{Kind: HeroicDuel, Target: 0}}}
	tu, res := simulate(t, preset(t), Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{denethor, beregond, orc}, Charger: -1, DuelsOnly: true})
	if i := index(t, tu.Events(), "denethor.slain"); res.Count[i] != 0 {
		t.Errorf("Denethor slain %d times behind his bodyguard", res.Count[i])
	}
	if i := index(t, tu.Events(), "beregond.slain"); res.Count[i] == 0 {
		t.Errorf("Beregond never slain facing F9")
	}
	// The exact solver follows the bodyguard too.
	sv := tu.Solver()
	if sv == nil {
		t.Fatal("a duel with a bodyguard: no solver")
	}
	ex, err := sv.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "bodyguard", ex, res)
	if p := ex.P[index(t, ex.Events, "denethor.slain")]; p != 0 {
		t.Errorf("exact: Denethor slain with probability %v behind his bodyguard", p)
	}
	orc.Might = 3
	tu = newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{denethor, beregond, orc}, Charger: -1, DuelsOnly: true, Turns: 3})
	playTrials(t, tu, 3000, func(tr *trial) {
		if tr.h[0].slain && !tr.h[1].slain {
			t.Fatalf("Denethor slain while his bodyguard lives")
		}
	})
}
