package wotrref

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	_ "github.com/wargamesim/sim/game/wotr/scenario"
	"github.com/wargamesim/sim/scenarios"
)

// zLimit is the agreement tolerance: 4.5 standard errors of the
// difference, se = sqrt(se1² + se2²), as in bench/agreement_test.go.
const zLimit = 4.5

// pLimit is the same tolerance as a two-sided p-value, for rare events.
const pLimit = 6.8e-6

// minCount is the smallest expected count on either side of a proportion
// compared with the normal approximation.
const minCount = 25

// builtins lists the built-in War of the Ring scenarios.
func builtins(tb testing.TB) []string {
	var names []string
	for _, n := range scenarios.BuiltinNames() {
		if p, err := scenarios.Builtin(n); err == nil && p.Game == "wotr" {
			names = append(names, n)
		}
	}
	if len(names) < 4 {
		tb.Fatalf("built-in wotr scenarios: %v, want the four", names)
	}
	return names
}

// load loads a built-in scenario and its reference.
func load(tb testing.TB, name string) (*scenarios.Plan, *Resolver) {
	p, err := scenarios.Builtin(name)
	if err != nil {
		tb.Fatal(err)
	}
	src, _ := scenarios.BuiltinSource(name)
	r, err := New(p, src)
	if err != nil {
		tb.Fatal(err)
	}
	return p, r
}

func trials() int {
	if testing.Short() {
		return 20_000
	}
	return 200_000
}

// TestAgreement runs every built-in War of the Ring scenario through the
// engine and the reference with independent dice: every metric's mean and
// tails P(X ≥ k), and every event, agree within zLimit standard errors.
func TestAgreement(t *testing.T) {
	for _, name := range builtins(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, ref := load(t, name)
			n := trials()
			eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(n), Seed: 7, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			compare(t, eng, ref.Run(n, 11))
		})
	}
}

// TestReferenceAgainstExact holds the reference to the engine's exact
// solver where the turn has one (the duels alone).
func TestReferenceAgainstExact(t *testing.T) {
	solved := 0
	for _, name := range builtins(t) {
		p, ref := load(t, name)
		s, ok := p.Model.(engine.Solver)
		if !ok {
			continue
		}
		ex, err := s.Exact()
		if err != nil {
			t.Fatal(err)
		}
		solved++
		enginetest.Agree(t, name, ex, ref.Run(trials(), 5))
	}
	if solved < 2 {
		t.Errorf("%d built-ins solved exactly, want wotr-epic-duel and wotr-worked-duel", solved)
	}
}

// TestWorkedDuel checks the reference's duel roll against rules/wotr.md
// §1's worked case A by hand: F6 declaring on F5 (R2), no Might, slays
// him 5735/13824 of the time.
func TestWorkedDuel(t *testing.T) {
	_, ref := load(t, "wotr-worked-duel")
	n := trials()
	res := ref.Run(n, 3)
	for e, name := range res.Events {
		if name != "hero_b.slain" {
			continue
		}
		want := 5735.0 / 13824
		got := float64(res.Count[e]) / float64(n)
		if z := math.Abs(got-want) / math.Sqrt(want*(1-want)/float64(n)); z > zLimit {
			t.Errorf("P(hero B slain) = %.5f, want %.5f (z = %.2f)", got, want, z)
		}
		return
	}
	t.Fatal("no hero_b.slain event")
}

// TestTrialsDoNotAllocate holds the reference to the engine's rule.
func TestTrialsDoNotAllocate(t *testing.T) {
	for _, name := range builtins(t) {
		_, ref := load(t, name)
		rnd := rand.New(rand.NewPCG(1, Stream))
		values, events := make([]int, len(ref.Metrics())), make([]bool, len(ref.Events()))
		if a := testing.AllocsPerRun(100, func() {
			clear(values)
			clear(events)
			ref.Trial(rnd, values, events)
		}); a != 0 {
			t.Errorf("%s: %v allocations per trial", name, a)
		}
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
		mean1, se1 := meanSE(eng, m)
		mean2, se2 := meanSE(got, m)
		if z, ok := zScore(mean1-mean2, se1, se2); !ok || z > zLimit {
			t.Errorf("%s: mean engine %.5f ± %.5f, reference %.5f ± %.5f (z = %.2f)", mt.Name, mean1, se1, mean2, se2, z)
		}
		for k := mt.Min + 1; k <= mt.Max; k++ {
			c1, c2 := atLeast(eng, m, k), atLeast(got, m, k)
			if min(c1, n1-c1) < minCount || min(c2, n2-c2) < minCount {
				continue
			}
			p1, p2 := c1/n1, c2/n2
			if z, _ := zScore(p1-p2, math.Sqrt(p1*(1-p1)/n1), math.Sqrt(p2*(1-p2)/n2)); z > zLimit {
				t.Errorf("%s: P(X ≥ %d) engine %.5f, reference %.5f (z = %.2f)", mt.Name, k, p1, p2, z)
			}
		}
		t.Logf("%-28s mean engine %9.4f  reference %9.4f", mt.Name, mean1, mean2)
	}
	for e, name := range eng.Events {
		c1, c2 := float64(eng.Count[e]), float64(got.Count[e])
		p1, p2 := c1/n1, c2/n2
		if min(c1, n1-c1) >= minCount && min(c2, n2-c2) >= minCount {
			if z, _ := zScore(p1-p2, math.Sqrt(p1*(1-p1)/n1), math.Sqrt(p2*(1-p2)/n2)); z > zLimit {
				t.Errorf("%s: P engine %.6f, reference %.6f (z = %.2f)", name, p1, p2, z)
			}
		} else {
			// rare or near-certain: an exact conditional binomial test
			r1, r2 := c1, c2
			if c1 > n1/2 {
				r1, r2 = n1-c1, n2-c2
			}
			if pv := binomialTwoSided(int(r1), int(r1+r2), n1/(n1+n2)); pv < pLimit {
				t.Errorf("%s: P engine %.6f, reference %.6f (exact p-value %.2g)", name, p1, p2, pv)
			}
		}
		t.Logf("%-28s P    engine %9.6f  reference %9.6f", name, p1, p2)
	}
}

func meanSE(r *engine.Result, m int) (mean, se float64) {
	n := float64(r.Trials)
	lo := r.Metrics[m].Min
	for i, c := range r.Hist[m] {
		mean += float64(lo+i) * float64(c)
	}
	mean /= n
	var ss float64
	for i, c := range r.Hist[m] {
		d := float64(lo+i) - mean
		ss += float64(c) * d * d
	}
	return mean, math.Sqrt(ss / (n - 1) / n)
}

func atLeast(r *engine.Result, m, k int) float64 {
	var c float64
	for i, n := range r.Hist[m] {
		if r.Metrics[m].Min+i >= k {
			c += float64(n)
		}
	}
	return c
}

func zScore(diff, se1, se2 float64) (float64, bool) {
	se := math.Sqrt(se1*se1 + se2*se2)
	if se == 0 {
		return 0, diff == 0
	}
	return math.Abs(diff) / se, true
}

func binomialTwoSided(x, n int, p float64) float64 {
	if n == 0 {
		return 1
	}
	lg := func(x int) float64 { v, _ := math.Lgamma(float64(x + 1)); return v }
	var lower, upper float64
	for k := 0; k <= n; k++ {
		pk := math.Exp(lg(n) - lg(k) - lg(n-k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
		if k <= x {
			lower += pk
		}
		if k >= x {
			upper += pk
		}
	}
	return math.Min(1, 2*math.Min(lower, upper))
}
