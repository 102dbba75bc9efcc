package conquest

import (
	"context"
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	_ "github.com/wargamesim/sim/game/all"
	"github.com/wargamesim/sim/scenarios"
)

// zLimit is the agreement tolerance: two independent estimates must differ
// by at most 4.5 standard errors of their difference (as bench/).
const zLimit = 4.5

// pLimit is the same tolerance as a two-sided p-value, for rare events.
const pLimit = 6.8e-6

// minCount is the smallest expected count for the normal approximation.
const minCount = 25

// builtinNames lists the built-in Conquest scenarios.
func builtinNames(tb testing.TB) []string {
	var names []string
	for _, n := range scenarios.BuiltinNames() {
		if p, err := scenarios.Builtin(n); err == nil && p.Game == "conquest" {
			names = append(names, n)
		}
	}
	if len(names) < 5 {
		tb.Fatalf("built-in Conquest scenarios %v: want at least 5", names)
	}
	return names
}

// load loads a built-in scenario and builds its reference resolver.
func load(tb testing.TB, name string) (*scenarios.Plan, *Resolver) {
	tb.Helper()
	src, ok := scenarios.BuiltinSource(name)
	if !ok {
		tb.Fatalf("no built-in scenario %q", name)
	}
	p, err := scenarios.Load("builtin:"+name, src)
	if err != nil {
		tb.Fatal(err)
	}
	r, err := Reference(p, src)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return p, r
}

// trials is the trials of each side of a case: 200,000 for a single
// action, fewer for a fight of turns (the package stays near 30 s on two
// cores), a tenth under -short.
func trials(p *scenarios.Plan) int {
	n := 200_000
	if _, ok := p.Model.(engine.Solver); !ok {
		n = 100_000
	}
	if testing.Short() {
		n /= 10
	}
	return n
}

// TestAgreement runs every built-in Conquest scenario through the engine
// and the reference, with independent dice, and checks every metric's
// mean, every tail P(X ≥ k) and every event within zLimit standard errors.
func TestAgreement(t *testing.T) {
	for _, name := range builtinNames(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, ref := load(t, name)
			n := trials(p)
			eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(n), Seed: 7, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			compare(t, eng, ref.Run(n, 11))
		})
	}
}

// TestReferenceAgainstExact holds the reference's single actions to the
// engine's exact solver (game/conquest/exact.go).
func TestReferenceAgainstExact(t *testing.T) {
	for _, name := range builtinNames(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, ref := load(t, name)
			solver, ok := p.Model.(engine.Solver)
			if !ok {
				t.Skip("no exact solver (a fight of turns)")
			}
			exact, err := solver.Exact()
			if err != nil {
				t.Fatal(err)
			}
			res := ref.Run(trials(p), 5)
			for m := range exact.Metrics {
				if exact.Metrics[m].Name != res.Metrics[m].Name {
					t.Fatalf("metric %d: exact %q, reference %q", m, exact.Metrics[m].Name, res.Metrics[m].Name)
				}
			}
			enginetest.Agree(t, name, exact, res)
		})
	}
}

// compare checks the reference's result got against the engine's eng.
func compare(t *testing.T, eng, got *engine.Result) {
	t.Helper()
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
		mean1, se1 := meanSE(h1, n1)
		mean2, se2 := meanSE(h2, n2)
		if z, ok := zScore(mean1-mean2, se1, se2); !ok || z > zLimit {
			t.Errorf("%s: mean engine %.5f ± %.5f, reference %.5f ± %.5f (z = %.2f, limit %.1f)",
				mt.Name, mean1, se1, mean2, se2, z, zLimit)
		}
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
			z, _ := zScore(p1-p2, math.Sqrt(p1*(1-p1)/n1), math.Sqrt(p2*(1-p2)/n2))
			if z > zLimit {
				t.Errorf("%s: P engine %.6f, reference %.6f (z = %.2f, limit %.1f)", name, p1, p2, z, zLimit)
			}
		} else {
			// Rare or near-certain: an exact conditional binomial test on
			// the rarer side, at the 4.5σ level.
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
