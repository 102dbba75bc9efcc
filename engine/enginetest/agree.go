// Package enginetest checks the rule systems against their exact answers
// and their documentation, for their tests (as testing/fstest does for
// file systems): [Agree] tests a simulation against an exact solution,
// [OptionsTable] a markdown table of options against the code,
// [TrialsDoNotAllocate] the no-allocation-per-trial rule; [BenchTrials]
// measures a model's trials as a worker runs them. Only tests import it.
package enginetest

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"gonum.org/v1/gonum/stat/distuv"
)

// Agree checks a simulation against the exact solution of the same model:
// every metric's mean, every P(X ≥ k) and every event, each within 4.5
// standard errors of the exact value. It reports each disagreement with
// t.Errorf, prefixed by name.
//
// "Within 4.5 standard errors" is the normal approximation, which fails for
// rare outcomes: one trial in 20,000 landing in a tail of probability 1e-6
// is 7 standard errors away, yet happens 2% of the time. So a probability p
// with n·p·(1-p) < 25 is tested exactly instead ([ProportionAgrees]): the
// count of trials is Binomial(n, p), and it fails when either tail beyond
// the observed count has probability below 3.4e-6, the two-sided level of
// 4.5 standard errors. A mean is tested where at least 25 trials are
// expected off the most likely value (below that its deviation is that of
// a rare count, which the tail tests already cover exactly).
//
// Values are matched through the metrics' ranges: ex.PMF[m][i] is the
// probability of ex.Metrics[m].Min + i and res.Hist[m][j] counts
// res.Metrics[m].Min + j (the same Min as the exact solution's where res
// has no Metrics, as in a hand-built result). P(X ≥ k) is tested for
// every k above the exact range's least value and up to its greatest. A
// simulated value outside that range, which the exact solution calls
// impossible, fails.
func Agree(t testing.TB, name string, ex *engine.Exact, res *engine.Result) {
	t.Helper()
	if !sameNames(t, name, ex, res) {
		return
	}
	n := res.Trials
	nf := float64(n)
	for m, pmf := range ex.PMF {
		lo := 0 // the value of pmf[0]
		if m < len(ex.Metrics) {
			lo = ex.Metrics[m].Min
		}
		hlo := lo // the value of hist[0]
		if m < len(res.Metrics) {
			hlo = res.Metrics[m].Min
		}
		hist := res.Hist[m]
		count := func(v int) int64 {
			if i := v - hlo; i >= 0 && i < len(hist) {
				return hist[i]
			}
			return 0
		}

		var mean, v, mode float64
		for k, p := range pmf {
			mean += float64(lo+k) * p
		}
		for k, p := range pmf {
			d := float64(lo+k) - mean
			v += p * d * d
			mode = max(mode, p)
		}
		var sum float64
		var below, above int64 // trials outside the exact range
		top := lo + len(pmf) - 1
		for j, c := range hist {
			sum += float64(hlo+j) * float64(c)
			if hlo+j < lo {
				below += c
			} else if hlo+j > top {
				above += c
			}
		}
		if below+above > 0 {
			t.Errorf("%s: %s: %d of %d trials outside the exact range %d..%d", name, ex.Metrics[m].Name, below+above, n, lo, top)
		}
		if se := math.Sqrt(v / nf); nf*(1-mode) >= 25 && math.Abs(sum/nf-mean) > 4.5*se {
			t.Errorf("%s: %s mean %.5f, exact %.5f (se %.5f)", name, ex.Metrics[m].Name, sum/nf, mean, se)
		}

		var tailExact float64
		tailCount := above
		for k := len(pmf) - 1; k >= 1; k-- {
			tailExact += pmf[k]
			tailCount += count(lo + k)
			if !ProportionAgrees(tailCount, n, min(tailExact, 1)) {
				t.Errorf("%s: %s P(X >= %d) = %.6f, exact %.6f", name, ex.Metrics[m].Name, lo+k, float64(tailCount)/nf, tailExact)
			}
		}
	}
	for e, p := range ex.P {
		if !ProportionAgrees(res.Count[e], n, p) {
			t.Errorf("%s: %s P = %.6f, exact %.6f", name, ex.Events[e], float64(res.Count[e])/nf, p)
		}
	}
}

// ProportionAgrees reports whether x successes in n trials are consistent
// with probability p at the level of 4.5 standard errors: by the normal
// approximation where n·p·(1-p) ≥ 25, else by the exact binomial tails,
// each of which must be at least 3.4e-6 (see [Agree]). p is clamped to
// 0..1, so that rounding in an exact sum does no harm; an outcome of
// probability below 1e-15 must never happen (x = 0), and one above 1-1e-15
// must always (x = n).
func ProportionAgrees(x, n int64, p float64) bool {
	switch p = max(0, min(1, p)); {
	case p < 1e-15:
		return x == 0 // impossible outcomes never happen
	case p > 1-1e-15:
		return x == n
	}
	nf := float64(n)
	if v := nf * p * (1 - p); v >= 25 {
		return math.Abs(float64(x)-nf*p) <= 4.5*math.Sqrt(v)
	}
	const level = 3.4e-6 // one tail of the normal beyond 4.5 standard errors
	b := distuv.Binomial{N: nf, P: p}
	below := b.CDF(float64(x))       // P(X ≤ x)
	above := 1 - b.CDF(float64(x)-1) // P(X ≥ x)
	return below >= level && above >= level
}

// sameNames reports whether res names its metrics and events as ex does,
// one for one (a hand-built result with none is taken as named alike), and
// reports with t.Errorf where not: a solver and a simulation whose metrics
// were listed in other orders would otherwise be compared value by value.
func sameNames(t testing.TB, name string, ex *engine.Exact, res *engine.Result) bool {
	t.Helper()
	ok := true
	if len(res.Metrics) > 0 {
		if len(res.Metrics) != len(ex.PMF) {
			t.Errorf("%s: %d simulated metrics, %d exact", name, len(res.Metrics), len(ex.PMF))
			return false
		}
		for m := range res.Metrics {
			if m < len(ex.Metrics) && res.Metrics[m].Name != ex.Metrics[m].Name {
				t.Errorf("%s: metric %d is %q simulated, %q exact", name, m, res.Metrics[m].Name, ex.Metrics[m].Name)
				ok = false
			}
		}
	}
	if len(res.Events) > 0 {
		if len(res.Events) != len(ex.P) {
			t.Errorf("%s: %d simulated events, %d exact", name, len(res.Events), len(ex.P))
			return false
		}
		for e := range res.Events {
			if e < len(ex.Events) && res.Events[e] != ex.Events[e] {
				t.Errorf("%s: event %d is %q simulated, %q exact", name, e, res.Events[e], ex.Events[e])
				ok = false
			}
		}
	}
	return ok
}
