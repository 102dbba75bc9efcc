package conquest

import (
	"fmt"
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// RULES.md §7.10's worked Clash: 6 stands of 4 (A1, Clash 3), 3 engaged,
// make 12 + 3 Support = 15 Strikes; half hit (7.5); Defence 3 with Cleave
// 1 blocks 2 in 6, so 5.0 wounds; Resolve 2 + 1 (6 stands) fails half the
// dice: 2.5 more, "≈ 7.5 wounds per Clash". The example counts the size
// bonus before the action and leaves Broken out; with size_bonus_counted
// before_action the failures are exactly the sum of P(pool) × pool × q,
// q = 1/2, or 4/6 when the pool breaks the target (12 wounds or more take
// it to 3 stands and cost the size bonus).
func TestClashWorkedExample(t *testing.T) {
	t.Parallel()
	rs := set(t, v15(t), "size_bonus_counted", "before_action")
	atk := Regiment{ID: "attackers", Type: Infantry, Class: Medium, Profile: Profile{C: 3, A: 1, W: 1, R: 2, D: 2},
		Stands: 6, Models: 4, Frontage: 3, Engaged: 3, Rules: Rules{Cleave: 1}}
	tgt := Regiment{ID: "defenders", Type: Infantry, Class: Medium, Profile: Profile{C: 2, A: 1, W: 1, R: 2, D: 3, E: 2},
		Stands: 6, Models: 4, Frontage: 3, Engaged: 3}
	ex, err := newStrike(t, rs, Clash, atk, tgt, Engagement{}).Exact()
	if err != nil {
		t.Fatal(err)
	}
	pool := engine.BinomialPMF(15, 1.0/3, 2.0/3)
	var fails, wounds float64
	for p, pp := range pool {
		q := 0.5
		if p >= 12 {
			q = 4.0 / 6
		}
		fails += pp * float64(p) * q
		for f, pf := range engine.BinomialPMF(p, q, 1-q) {
			wounds += pp * pf * float64(min(p+f, 24)) // the 24 models take no more
		}
	}
	for _, c := range []struct {
		metric int
		want   float64
	}{{smHits, 7.5}, {smPool, 5.0}, {smFailures, fails}, {smWounds, wounds}} {
		if got := mean(ex.PMF[c.metric]); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: mean %.15f, want %.15f", ex.Metrics[c.metric].Name, got, c.want)
		}
	}
	if math.Abs(fails-2.5) > 0.01 {
		t.Errorf("expected Morale failures %.4f: not the example's ≈ 2.5", fails)
	}
}

// Without special rules every attack wounds independently with one
// chance, so the Wound Pool is binomial: exact to 1e-14.
func TestExactBinomial(t *testing.T) {
	t.Parallel()
	rs := v15(t)
	for _, c := range []struct {
		name     string
		kind     Kind
		atk, tgt Regiment
		n        int
		p        float64
	}{
		// Men-at-Arms strike Household Guard: 12 at Clash 2 (1/3), Defence 3 (1/2).
		{"clash", Clash, menAtArms(), householdGuard(), 12, 1.0 / 3 * 1.0 / 2},
		// Crossbowmen shoot Men-at-Arms: 12 at Volley 2 (1/3); Defence 2 + Shield 1 - AP 1 = 2 (fail 4/6).
		{"volley", Volley, crossbowmen(), menAtArms(), 12, 1.0 / 3 * 4.0 / 6},
		// Household Knights charge Militia: 6 impact at Clash 2; Defence 1 + Shield 1 - Brutal Impact 2 = 0: no save.
		{"impact", Impact, householdKnights(), militia(), 6, 1.0 / 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex, err := newStrike(t, rs, c.kind, c.atk, c.tgt, Engagement{}).Exact()
			if err != nil {
				t.Fatal(err)
			}
			want := engine.BinomialPMF(c.n, c.p, 1-c.p)
			if len(ex.PMF[smPool]) != len(want) {
				t.Fatalf("pool of 0..%d, want 0..%d", len(ex.PMF[smPool])-1, c.n)
			}
			for k, w := range want {
				if math.Abs(ex.PMF[smPool][k]-w) > 1e-14 {
					t.Errorf("P(pool = %d) = %v, binomial %v", k, ex.PMF[smPool][k], w)
				}
			}
		})
	}
}

// Clash, Volley and Impact without special rules: the simulated Wound Pool,
// by counts and die by die, agrees with the binomial distribution (mean and
// every tail within 4.5 standard errors, fixed seeds).
func TestSimulatedPoolIsBinomial(t *testing.T) {
	t.Parallel()
	rs := v15(t)
	for _, c := range []struct {
		name     string
		kind     Kind
		atk, tgt Regiment
		n        int
		p        float64
	}{
		{"clash", Clash, menAtArms(), householdGuard(), 12, 1.0 / 6},
		{"volley", Volley, crossbowmen(), menAtArms(), 12, 2.0 / 9},
		{"impact", Impact, householdKnights(), militia(), 6, 1.0 / 3},
	} {
		s := newStrike(t, rs, c.kind, c.atk, c.tgt, Engagement{})
		pool := engine.BinomialPMF(c.n, c.p, 1-c.p)
		ex := &engine.Exact{Metrics: []engine.Metric{s.metrics[smPool]}, PMF: [][]float64{pool}}
		for i, m := range []engine.Model{s, s.PerDie()} {
			res := run(t, m, 100_000, uint64(40+i))
			enginetest.Agree(t, c.name, ex, &engine.Result{Trials: res.Trials, Hist: [][]int64{res.Hist[smPool][:len(pool)]}})
			for _, k := range res.Hist[smPool][len(pool):] {
				if k != 0 {
					t.Errorf("%s: a pool above %d attacks", c.name, c.n)
				}
			}
		}
	}
}

// strikeCases are actions with most rules in play, for the agreement of
// simulation and exact solution.
func strikeCases(t testing.TB) map[string]*Strike {
	rs := v15(t)
	brutes := avatara()
	brutes.Rules.RelentlessBlows, brutes.Rules.DeadlyBlades = true, true
	hero := menAtArms()
	hero.Character = &Character{Name: "lord", Profile: Profile{C: 4, A: 4, W: 4, R: 4, D: 3}, Rules: Rules{Flurry: true, Cleave: 2}, Engaged: true}
	archers := crossbowmen()
	archers.Rules.PreciseShot, archers.Rules.RapidVolley = true, true
	dodgy := avatara()
	dodgy.Profile.E, dodgy.Rules.Untouchable = 3, true
	small := militia()
	small.Stands = 6
	return map[string]*Strike{
		"relentless deadly brutes": newStrike(t, rs, Clash, brutes, householdKnights(), Engagement{}),
		"abomination at militia":   newStrike(t, rs, Clash, abomination(), small, Engagement{}),
		"men-at-arms with a lord":  newStrike(t, rs, Clash, hero, avatara(), Engagement{Inspired: true}),
		"precise rapid volley":     newStrike(t, rs, Volley, archers, dodgy, Engagement{Obscured: true}),
		"knights charge":           newStrike(t, rs, Impact, householdKnights(), small, Engagement{}),
		"2.0 clash": newStrike(t, preset(t, "2.0"), Clash, func() Regiment {
			r := avatara()
			r.Rules.DeadlyBlades = true
			return r
		}(), householdKnights(), Engagement{Facing: Flank}),
	}
}

// The counting path and the per-die oracle both agree with the exact
// solution: every mean, every P(X ≥ k) and every event within 4.5 standard
// errors (fixed seeds; see enginetest.Agree).
func TestExactMatchesSimulation(t *testing.T) {
	t.Parallel()
	trials := int64(200_000)
	if testing.Short() {
		trials = 20_000
	}
	seed := uint64(11)
	for name, s := range strikeCases(t) {
		ex, err := s.Exact()
		if err != nil {
			t.Fatal(err)
		}
		var total float64
		for _, p := range ex.PMF[smWounds] {
			total += p
		}
		if math.Abs(total-1) > 1e-12 {
			t.Errorf("%s: the wounds distribution sums to %v", name, total)
		}
		seed++
		enginetest.Agree(t, name+" counts", ex, run(t, s, trials, seed))
		seed++
		enginetest.Agree(t, name+" per die", ex, run(t, s.PerDie(), trials/4, seed))
	}
}

func TestExactTooLarge(t *testing.T) {
	horde := menAtArms()
	horde.Stands, horde.Engaged, horde.Profile.A = 100, 100, 6
	big := militia()
	big.Stands = 100
	s := newStrike(t, v15(t), Clash, horde, big, Engagement{})
	if _, err := s.Exact(); err == nil {
		t.Error("a 2400-strike Clash: want an error from the exact solver, got none")
	}
}

func ExampleStrike_Exact() {
	rs, _ := Preset("1.5")
	crossbows := Regiment{ID: "crossbows", Type: Infantry, Class: Light,
		Profile: Profile{M: 5, V: 2, C: 1, A: 1, W: 1, R: 2, D: 1},
		Stands:  3, Models: 4, Frontage: 3, Engaged: 3, Rules: Rules{Barrage: 1, ArmourPiercing: 1}}
	knights := Regiment{ID: "knights", Type: Cavalry, Class: Medium,
		Profile: Profile{M: 8, V: 1, C: 2, A: 4, W: 4, R: 3, D: 3},
		Stands:  3, Models: 1, Frontage: 3, Engaged: 3, Rules: Rules{BrutalImpact: 2, Shield: true}}
	s, _ := NewStrike(&rs.Values, Volley, crossbows, knights, Engagement{})
	ex, _ := s.Exact()
	// 12 shots at Volley 2 (1/3); Defence 3 + Shield − Armour Piercing 1 = 3
	// (1/2): 2 wounds; Resolve 3 fails half the Morale dice: 1 more.
	fmt.Printf("expected wounds %.3f, P(a stand lost) %.4f\n", mean(ex.PMF[smWounds]), 1-ex.PMF[smCasualties][0])
	// Output: expected wounds 3.000, P(a stand lost) 0.3719
}
