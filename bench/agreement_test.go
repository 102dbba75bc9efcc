package bench

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// zLimit is the agreement tolerance: two independent estimates of the same
// quantity must differ by at most 4.5 standard errors of their difference,
// se = sqrt(se1² + se2²). A true agreement fails one comparison with
// probability about 7e-6 (two-sided normal tail).
const zLimit = 4.5

// pLimit is the same tolerance as a two-sided p-value, for the exact test
// of rare events.
const pLimit = 6.8e-6

// minCount is the smallest expected count in either run for which a
// proportion is compared with the normal approximation.
const minCount = 25

// agreementCase is one scenario, run by the engine and by the reference.
type agreementCase struct {
	name string
	plan func(testing.TB) *scenarios.Plan
	// divide divides the trials (0: 1), to keep the many small cases
	// within the package's time.
	divide int
}

// agreementCases lists every built-in Warhammer scenario under its own ruleset and
// under the 8th preset, then the benchmarks' scenarios, and the cases that
// isolated the two engine bugs this reference found (8th-edition Fear
// lowering the target's WS; Regeneration dice after a Killing Blow), which
// now agree like the rest.
func agreementCases() []agreementCase {
	var cs []agreementCase
	for _, name := range scenarios.BuiltinNames() {
		if p, err := scenarios.Builtin(name); err == nil && p.Game != "warhammer" {
			continue // the reference resolves Warhammer only
		}
		cs = append(cs,
			agreementCase{name: name, plan: func(tb testing.TB) *scenarios.Plan { return builtin(tb, name, "") }},
			agreementCase{name: name + "/8th", plan: func(tb testing.TB) *scenarios.Plan { return builtin(tb, name, "8th") }})
	}
	regenDice := "rules: {regeneration_dice: wounds_lost}\n"
	cs = append(cs,
		agreementCase{name: "trolls-vs-knights/8th/fear-none", plan: func(tb testing.TB) *scenarios.Plan {
			src, _ := scenarios.BuiltinSource("trolls-vs-knights")
			p := load(tb, "trolls-vs-knights", strings.Replace(string(src), "\nruleset: 6th\n", "\nruleset: 8th\nrules: {fear: none}\n", 1))
			if p.Ruleset.Name() != "8th" || rules(tb, p).Fear != warhammer.FearNone {
				tb.Fatalf("control case: ruleset %s, fear %v; want 8th and none", p.Ruleset.Name(), rules(tb, p).Fear)
			}
			return p
		}},
		agreementCase{name: "volley-10", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "volley-10", volleyYAML(10)) }},
		agreementCase{name: "volley-100", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "volley-100", volleyYAML(100)) }},
		agreementCase{name: "volley-10/wounds-lost", plan: func(tb testing.TB) *scenarios.Plan {
			return woundsLost(tb, load(tb, "volley-10", volleyYAML(10)+regenDice))
		}},
		agreementCase{name: "volley-100/wounds-lost", plan: func(tb testing.TB) *scenarios.Plan {
			return woundsLost(tb, load(tb, "volley-100", volleyYAML(100)+regenDice))
		}},
		agreementCase{name: "regen-volley-100", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "regen-volley-100", regenVolleyYAML) }},
		agreementCase{name: "halberds-vs-spears", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "halberds-vs-spears", infantryYAML) }},
		agreementCase{name: "lancers-without-mount-profile", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "lancers", lancersYAML) }},
		agreementCase{name: "lancers/one-round", plan: func(tb testing.TB) *scenarios.Plan {
			// One round: most fights end undecided, won on combat result.
			return load(tb, "lancers", strings.Replace(lancersYAML, "charger: knights}", "charger: knights, max_rounds: 1}", 1))
		}},
		agreementCase{name: "halberds-vs-spears/6th", plan: func(tb testing.TB) *scenarios.Plan {
			return load(tb, "halberds-vs-spears", strings.Replace(infantryYAML, "ruleset: 8th", "ruleset: 6th", 1))
		}})
	// Issue 14's cases, whose numbers psychology_test.go also checks by
	// hand, and close combats that put rules together (combinations_test.go).
	cs = append(cs, handPlans()...)
	cs = append(cs, combinationCases()...)
	return append(cs, characterAgreementCases()...)
}

// woundsLost checks that a control case rolls one Regeneration die per
// wound lost.
func woundsLost(tb testing.TB, p *scenarios.Plan) *scenarios.Plan {
	if rules(tb, p).RegenDice != warhammer.RegenPerWoundLost {
		tb.Fatalf("control case: regeneration_dice %v, want wounds_lost", rules(tb, p).RegenDice)
	}
	return p
}

// TestAgreement runs every case through the engine and the reference, with
// independent dice, and checks that every metric's mean, every event's
// probability and every metric's tail P(X ≥ k) agree within zLimit
// standard errors.
func TestAgreement(t *testing.T) {
	trials := 200_000
	if testing.Short() {
		trials = 20_000
	}
	for _, c := range agreementCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			trials := trials / max(c.divide, 1)
			p := c.plan(t)
			ref := reference(t, p)
			eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(trials), Seed: 7, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			compare(t, eng, ref.Run(trials, 11))
		})
	}
}

// compare checks the reference's result got against the engine's eng.
func compare(t *testing.T, eng, got *engine.Result) {
	if len(eng.Metrics) != len(got.Metrics) || len(eng.Events) != len(got.Events) {
		t.Fatalf("engine has metrics %v and events %v; reference %v and %v", eng.Metrics, eng.Events, got.Metrics, got.Events)
	}
	for m := range eng.Metrics {
		if eng.Metrics[m].Name != got.Metrics[m].Name {
			t.Fatalf("metric %d: engine %q, reference %q", m, eng.Metrics[m].Name, got.Metrics[m].Name)
		}
	}
	for e := range eng.Events {
		if eng.Events[e] != got.Events[e] {
			t.Fatalf("event %d: engine %q, reference %q", e, eng.Events[e], got.Events[e])
		}
	}
	n1, n2 := float64(eng.Trials), float64(got.Trials)

	for m, mt := range eng.Metrics {
		h1, h2 := byValue(eng, m), byValue(got, m)
		// The means agree within zLimit standard errors of their
		// difference; a metric constant in both runs must be equal.
		mean1, se1 := meanSE(h1, n1)
		mean2, se2 := meanSE(h2, n2)
		if z, ok := zScore(mean1-mean2, se1, se2); !ok || z > zLimit {
			t.Errorf("%s: mean engine %.5f ± %.5f, reference %.5f ± %.5f (z = %.2f, limit %.1f)",
				mt.Name, mean1, se1, mean2, se2, z, zLimit)
		}
		// Every tail P(X ≥ k) agrees within zLimit standard errors.
		// Where the expected count is small (fewer than minCount trials
		// in either run on either side of k), the normal approximation
		// does not hold and that k is skipped: the mean still covers it.
		lo, hi := minMax(h1, h2)
		for k := lo + 1; k <= hi; k++ {
			c1, c2 := atLeast(h1, k), atLeast(h2, k)
			if min(c1, n1-c1) < minCount || min(c2, n2-c2) < minCount {
				continue
			}
			p1, p2 := c1/n1, c2/n2
			z, _ := zScore(p1-p2, math.Sqrt(p1*(1-p1)/n1), math.Sqrt(p2*(1-p2)/n2))
			if z > zLimit {
				t.Errorf("%s: P(X ≥ %d) engine %.5f, reference %.5f (z = %.2f, limit %.1f)", mt.Name, k, p1, p2, z, zLimit)
			}
		}
		t.Logf("%-34s mean engine %9.4f  reference %9.4f", mt.Name, mean1, mean2)
	}

	for e, name := range eng.Events {
		c1, c2 := float64(eng.Count[e]), float64(got.Count[e])
		p1, p2 := c1/n1, c2/n2
		if min(c1, n1-c1) >= minCount && min(c2, n2-c2) >= minCount {
			// The probabilities agree within zLimit standard errors.
			z, _ := zScore(p1-p2, math.Sqrt(p1*(1-p1)/n1), math.Sqrt(p2*(1-p2)/n2))
			if z > zLimit {
				t.Errorf("%s: P engine %.6f, reference %.6f (z = %.2f, limit %.1f)", name, p1, p2, z, zLimit)
			}
		} else {
			// Rare (or near-certain) events: an exact conditional test on
			// the rarer side. If both runs have the same probability, the
			// engine's share of the k rare trials is Binomial(k, n1/(n1+n2));
			// its two-sided p-value must be at least pLimit, the
			// probability of a 4.5σ normal deviation.
			r1, r2 := min(c1, n1-c1), min(c2, n2-c2)
			if c1 > n1/2 {
				r1, r2 = n1-c1, n2-c2
			}
			if pv := binomialTwoSided(int(r1), int(r1+r2), n1/(n1+n2)); pv < pLimit {
				t.Errorf("%s: P engine %.6f, reference %.6f (exact p-value %.2g, limit %.1g)", name, p1, p2, pv, pLimit)
			}
		}
		t.Logf("%-34s P    engine %9.6f  reference %9.6f", name, p1, p2)
	}
}

// byValue returns metric m's histogram as a map from value to trials.
func byValue(r *engine.Result, m int) map[int]float64 {
	h := map[int]float64{}
	for i, c := range r.Hist[m] {
		if c > 0 {
			h[r.Metrics[m].Min+i] = float64(c)
		}
	}
	return h
}

func meanSE(h map[int]float64, n float64) (mean, se float64) {
	for v, c := range h {
		mean += float64(v) * c
	}
	mean /= n
	var ss float64
	for v, c := range h {
		ss += c * (float64(v) - mean) * (float64(v) - mean)
	}
	return mean, math.Sqrt(ss / (n - 1) / n)
}

// zScore is |diff| over the standard error of a difference of independent
// estimates; ok is false when both errors are zero and diff is not.
func zScore(diff, se1, se2 float64) (z float64, ok bool) {
	se := math.Sqrt(se1*se1 + se2*se2)
	if se == 0 {
		return 0, diff == 0
	}
	return math.Abs(diff) / se, true
}

func minMax(hs ...map[int]float64) (lo, hi int) {
	lo, hi = math.MaxInt, math.MinInt
	for _, h := range hs {
		for v := range h {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

func atLeast(h map[int]float64, k int) float64 {
	var c float64
	for v, n := range h {
		if v >= k {
			c += n
		}
	}
	return c
}

// binomialTwoSided is the two-sided p-value of x successes in n trials of
// probability p: twice the smaller tail, at most 1.
func binomialTwoSided(x, n int, p float64) float64 {
	if n == 0 {
		return 1
	}
	var lower, upper float64
	for k := 0; k <= n; k++ {
		pk := binomialPMF(k, n, p)
		if k <= x {
			lower += pk
		}
		if k >= x {
			upper += pk
		}
	}
	return math.Min(1, 2*math.Min(lower, upper))
}

func binomialPMF(k, n int, p float64) float64 {
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x + 1)); return v }
	return math.Exp(lg(n) - lg(k) - lg(n-k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
}
