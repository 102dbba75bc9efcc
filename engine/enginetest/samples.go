package enginetest

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/wargamesim/sim/engine"
)

// Two simulations of the same model, or of one model and an independent
// resolver of it (the die-by-die references in bench/), must agree:
// AgreeSamples checks every metric's mean and tails and every event, each
// within zLimit standard errors of the difference of two independent
// estimates, and tests rare events exactly.

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

// AgreeSamples checks that the results a and b, named as names says ("engine",
// "reference"), report the same metrics and events in the same order and
// agree on each: the means within 4.5 standard errors of their difference
// (a metric constant in both must be equal), every P(X ≥ k) where at
// least 25 trials lie on either side in both runs, and every event's
// probability, by the normal approximation where both runs expect 25 trials
// on either side and otherwise by an exact conditional binomial test at the
// same level (p ≥ 6.8e-6). It reports with t.Errorf, and logs each mean.
func AgreeSamples(t testing.TB, a, b *engine.Result, names [2]string) {
	t.Helper()
	if len(a.Metrics) != len(b.Metrics) || len(a.Events) != len(b.Events) {
		t.Fatalf("%s has metrics %v and events %v; %s %v and %v", names[0], a.Metrics, a.Events, names[1], b.Metrics, b.Events)
	}
	for m := range a.Metrics {
		if a.Metrics[m].Name != b.Metrics[m].Name {
			t.Fatalf("metric %d: %s %q, %s %q", m, names[0], a.Metrics[m].Name, names[1], b.Metrics[m].Name)
		}
	}
	for e := range a.Events {
		if a.Events[e] != b.Events[e] {
			t.Fatalf("event %d: %s %q, %s %q", e, names[0], a.Events[e], names[1], b.Events[e])
		}
	}
	n1, n2 := float64(a.Trials), float64(b.Trials)
	for m, mt := range a.Metrics {
		h1, h2 := byValue(a, m), byValue(b, m)
		mean1, se1 := meanSE(h1, n1)
		mean2, se2 := meanSE(h2, n2)
		if z, ok := zScore(mean1-mean2, se1, se2); !ok || z > zLimit {
			t.Errorf("%s: mean %s %.5f ± %.5f, %s %.5f ± %.5f (z = %.2f, limit %.1f)",
				mt.Name, names[0], mean1, se1, names[1], mean2, se2, z, zLimit)
		}
		// Where the expected count is small the normal approximation does
		// not hold and that k is skipped: the mean still covers it.
		lo, hi := minMax(h1, h2)
		for k := lo + 1; k <= hi; k++ {
			c1, c2 := atLeast(h1, k), atLeast(h2, k)
			if min(c1, n1-c1) < minCount || min(c2, n2-c2) < minCount {
				continue
			}
			p1, p2 := c1/n1, c2/n2
			z, _ := zScore(p1-p2, math.Sqrt(p1*(1-p1)/n1), math.Sqrt(p2*(1-p2)/n2))
			if z > zLimit {
				t.Errorf("%s: P(X ≥ %d) %s %.5f, %s %.5f (z = %.2f, limit %.1f)", mt.Name, k, names[0], p1, names[1], p2, z, zLimit)
			}
		}
		t.Logf("%-34s mean %s %9.4f  %s %9.4f", mt.Name, names[0], mean1, names[1], mean2)
	}
	for e, name := range a.Events {
		c1, c2 := float64(a.Count[e]), float64(b.Count[e])
		p1, p2 := c1/n1, c2/n2
		if min(c1, n1-c1) >= minCount && min(c2, n2-c2) >= minCount {
			z, _ := zScore(p1-p2, math.Sqrt(p1*(1-p1)/n1), math.Sqrt(p2*(1-p2)/n2))
			if z > zLimit {
				t.Errorf("%s: P %s %.6f, %s %.6f (z = %.2f, limit %.1f)", name, names[0], p1, names[1], p2, z, zLimit)
			}
		} else {
			// Rare (or near-certain) events: an exact conditional test on
			// the rarer side. If both runs have the same probability, the
			// first's share of the k rare trials is Binomial(k, n1/(n1+n2)).
			r1, r2 := min(c1, n1-c1), min(c2, n2-c2)
			if c1 > n1/2 {
				r1, r2 = n1-c1, n2-c2
			}
			if pv := binomialTwoSided(int(r1), int(r1+r2), n1/(n1+n2)); pv < pLimit {
				t.Errorf("%s: P %s %.6f, %s %.6f (exact p-value %.2g, limit %.1g)", name, names[0], p1, names[1], p2, pv, pLimit)
			}
		}
		t.Logf("%-34s P    %s %9.6f  %s %9.6f", name, names[0], p1, names[1], p2)
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
	b := distuv.Binomial{N: float64(n), P: p}
	below := b.CDF(float64(x))       // P(X ≤ x)
	above := 1 - b.CDF(float64(x)-1) // P(X ≥ x)
	return math.Min(1, 2*math.Min(below, above))
}

// MeanSE is metric m's mean in r and the standard error of that mean.
func MeanSE(r *engine.Result, m int) (mean, se float64) {
	return meanSE(byValue(r, m), float64(r.Trials))
}

// WithinLimit reports whether an estimate got, of standard error se, is
// within 4.5 standard errors of want (an estimate with no error must equal
// it), and returns its distance in standard errors.
func WithinLimit(got, want, se float64) (z float64, ok bool) {
	z, ok = zScore(got-want, se, 0)
	return z, ok && z <= zLimit
}
