package enginetest

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// recorder is a testing.TB that keeps what Errorf reports.
type recorder struct {
	testing.TB // nil: only Helper and Errorf may be called
	errs       []string
}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// Sources: the normal bound is 4.5·sqrt(n·p·(1-p)); the binomial tails are
// P(X ≥ 1) = 1-(1-p)^n ≈ 0.0198 and P(X ≥ 3) ≈ 1.3e-6 for n = 20,000,
// p = 1e-6; P(X = 0) = 0.8^100 ≈ 2e-10.
func TestProportionAgrees(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, reason string
		x, n         int64
		p            float64
		want         bool
	}{
		{"centre", "the expected count", 5000, 10_000, 0.5, true},
		{"4.4 se", "inside 4.5 standard errors (se 50)", 5220, 10_000, 0.5, true},
		{"4.6 se", "outside", 5230, 10_000, 0.5, false},
		{"4.6 se low", "outside, below", 4770, 10_000, 0.5, false},
		{"rare once", "one trial in a 1e-6 tail is 7 se away yet plausible", 1, 20_000, 1e-6, true},
		{"rare thrice", "three is beyond the 3.4e-6 tail", 3, 20_000, 1e-6, false},
		{"small n, none", "the lower binomial tail", 0, 100, 0.2, false},
		{"small n, expected", "n·p·(1-p) = 16 is tested exactly", 20, 100, 0.2, true},
		{"impossible, never", "p = 0 and no trial", 0, 1000, 0, true},
		{"impossible, once", "p = 0 and one trial", 1, 1000, 0, false},
		{"certain, always", "p = 1 and every trial", 1000, 1000, 1, true},
		{"certain, but once not", "p = 1 and one trial short", 999, 1000, 1, false},
		{"rounded above 1", "an exact sum a hair over 1 is 1", 1000, 1000, 1 + 1e-15, true},
		{"rounded below 0", "a hair under 0 is 0", 0, 1000, -1e-17, true},
	} {
		if got := ProportionAgrees(c.x, c.n, c.p); got != c.want {
			t.Errorf("%s (%s): ProportionAgrees(%d, %d, %g) = %v", c.name, c.reason, c.x, c.n, c.p, got)
		}
	}
}

// differenceExact is a metric from -2 to 2, Binomial(4, 1/2) - 2, and an
// event of probability 0.3.
func differenceExact() *engine.Exact {
	return &engine.Exact{
		Metrics: []engine.Metric{{Name: "diff", Min: -2, Max: 2}},
		Events:  []string{"win"},
		PMF:     [][]float64{engine.BinomialPMF(4, 0.5, 0.5)},
		P:       []float64{0.3},
	}
}

// result is a simulation of n trials that matches differenceExact exactly,
// its histogram starting at value lo (padded with zeros below -2 and above
// 2 to the length given).
func result(n int64, lo, length int) *engine.Result {
	ex := differenceExact()
	hist := make([]int64, length)
	for k, p := range ex.PMF[0] {
		hist[-2+k-lo] = int64(math.Round(p * float64(n)))
	}
	return &engine.Result{
		Metrics: []engine.Metric{{Name: "diff", Min: lo, Max: lo + length - 1}},
		Hist:    [][]int64{hist}, Count: []int64{int64(0.3 * float64(n))}, Trials: n,
	}
}

func TestAgree(t *testing.T) {
	t.Parallel()
	const n = 16_000
	for _, c := range []struct {
		name, reason string
		res          *engine.Result
		want         []string // the start of each error, in order
	}{
		{"same", "the exact frequencies", result(n, -2, 5), nil},
		{"no metrics", "a hand-built result takes the exact Min", func() *engine.Result {
			r := result(n, -2, 5)
			r.Metrics = nil
			return r
		}(), nil},
		{"wider range", "a histogram from -3 is aligned by value", result(n, -3, 7), nil},
		{"shifted", "every value one higher: the mean and the tails, labelled by value", func() *engine.Result {
			r := result(n, -2, 6)
			r.Metrics[0].Min = -1
			return r
		}(), []string{"x: diff: 1000 of 16000 trials outside the exact range -2..2", "x: diff mean 1.00000", "x: diff P(X >= 2)", "x: diff P(X >= 1)", "x: diff P(X >= 0)", "x: diff P(X >= -1)"}},
		{"beyond the range", "one trial at 3, which the exact solution rules out", func() *engine.Result {
			r := result(n, -2, 6)
			r.Hist[0][5] = 1
			r.Hist[0][2]--
			return r
		}(), []string{"x: diff: 1 of 16000 trials outside the exact range -2..2"}},
		{"below the range", "one trial at -3", func() *engine.Result {
			r := result(n, -3, 6)
			r.Hist[0][0] = 1
			r.Hist[0][3]--
			return r
		}(), []string{"x: diff: 1 of 16000 trials outside the exact range -2..2"}},
		{"renamed", "a metric named otherwise: not compared value by value", func() *engine.Result {
			r := result(n, -2, 5)
			r.Metrics[0].Name = "other"
			return r
		}(), []string{`x: metric 0 is "other" simulated, "diff" exact`}},
		{"event", "an event half again as likely", func() *engine.Result {
			r := result(n, -2, 5)
			r.Count[0] = n * 45 / 100
			return r
		}(), []string{"x: win P = 0.450000"}},
	} {
		rec := &recorder{}
		Agree(rec, "x", differenceExact(), c.res)
		ok := len(rec.errs) == len(c.want)
		for i := 0; ok && i < len(c.want); i++ {
			ok = strings.HasPrefix(rec.errs[i], c.want[i])
		}
		if !ok {
			t.Errorf("%s (%s): errors\n%s\nwant ones starting\n%s", c.name, c.reason, strings.Join(rec.errs, "\n"), strings.Join(c.want, "\n"))
		}
	}
}
