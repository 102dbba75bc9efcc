package plots

import (
	"fmt"
	"math"

	"github.com/wargamesim/sim/stats"
)

// sumTolerance is how far from 1 the probabilities of a metric may sum: a
// sampled pmf sums to 1 up to rounding, an exact one within 1e-9
// (stats.Exact); a JSON file edited by hand may not.
const sumTolerance = 1e-6

// series is one metric's distribution, checked: pmf[i] = P(X = offset+i)
// and atLeast[i] = P(X ≥ offset+i), both in 0..1, summing (pmf) to 1.
type series struct {
	offset       int
	pmf, atLeast []float64
	mean         float64
	ci           [2]float64
	exact        bool // the values are exact: no interval
	first, last  int  // the least and greatest value with P > 0
	largestP     float64
}

// newSeries checks s, the summary of metric name, and returns its
// distribution. It returns an error, naming the metric, if the summary has
// no probabilities, one outside 0..1 or not a number, probabilities that do
// not sum to 1 (all zero, say), or an at_least that does not match pmf in
// length. A missing at_least is computed from pmf.
func newSeries(name string, s stats.Summary, exact bool) (*series, error) {
	what := "metric " + name
	if exact {
		what = "exact metric " + name
	}
	if len(s.PMF) == 0 {
		return nil, fmt.Errorf("plots: %s has no probabilities (pmf is empty)", what)
	}
	sr := &series{offset: s.Offset, pmf: s.PMF, atLeast: s.AtLeast, mean: s.Mean, ci: s.CI95, exact: exact, first: -1}
	var sum float64
	for i, p := range s.PMF {
		if math.IsNaN(p) || p < 0 || p > 1+sumTolerance {
			return nil, fmt.Errorf("plots: %s: pmf[%d] = %g, want a probability in 0..1", what, i, p)
		}
		sum += p
		if p > 0 {
			if sr.first < 0 {
				sr.first = i
			}
			sr.last = i
		}
		sr.largestP = max(sr.largestP, p)
	}
	if math.Abs(sum-1) > sumTolerance {
		return nil, fmt.Errorf("plots: %s: probabilities sum to %.6g, want 1", what, sum)
	}
	sr.first += s.Offset
	sr.last += s.Offset
	switch {
	case len(s.AtLeast) == 0:
		sr.atLeast = make([]float64, len(s.PMF))
		var tail float64
		for i := len(s.PMF) - 1; i >= 0; i-- {
			tail += s.PMF[i]
			sr.atLeast[i] = min(tail, 1)
		}
	case len(s.AtLeast) != len(s.PMF):
		return nil, fmt.Errorf("plots: %s: at_least has %d entries and pmf %d, want as many", what, len(s.AtLeast), len(s.PMF))
	default:
		for i, p := range s.AtLeast {
			if math.IsNaN(p) || p < 0 || p > 1+sumTolerance {
				return nil, fmt.Errorf("plots: %s: at_least[%d] = %g, want a probability in 0..1", what, i, p)
			}
		}
	}
	if math.IsNaN(s.Mean) || math.IsInf(s.Mean, 0) {
		return nil, fmt.Errorf("plots: %s: mean is %g", what, s.Mean)
	}
	return sr, nil
}

// p returns P(X = k): 0 outside the series.
func (s *series) p(k int) float64 {
	if i := k - s.offset; i >= 0 && i < len(s.pmf) {
		return s.pmf[i]
	}
	return 0
}

// pAtLeast returns P(X ≥ k): 1 below the series, 0 above it.
func (s *series) pAtLeast(k int) float64 {
	i := k - s.offset
	switch {
	case i <= 0:
		return 1
	case i >= len(s.atLeast):
		return 0
	}
	return s.atLeast[i]
}

// tailCut is the probability below which a distribution's tails are left
// off a chart whose values span more than untrimmedSpan.
const (
	tailCut       = 0.001
	untrimmedSpan = 16
)

// span is the range of values a chart shows, lo..hi, and what it leaves
// off: below is the largest P(X < lo) and above the largest P(X > hi) of
// the series drawn (0 when nothing is left off).
type span struct {
	lo, hi       int
	below, above float64
}

// shown returns the values to draw for several series: from the least
// value with P > 0 in any series to the greatest. When that spans more than
// 16 values it leaves off each tail that holds less than 0.1% in every
// series, since its bars would be invisible and would squeeze the others:
// the chart then says what it left off.
func shown(ss ...*series) span {
	sp := span{lo: math.MaxInt, hi: math.MinInt}
	for _, s := range ss {
		sp.lo = min(sp.lo, s.first)
		sp.hi = max(sp.hi, s.last)
	}
	if sp.hi-sp.lo+1 <= untrimmedSpan {
		return sp
	}
	// P(X ≤ k) = 1 − P(X ≥ k+1), the mass of the left tail up to k.
	leftMass := func(k int) (m float64) {
		for _, s := range ss {
			m = max(m, 1-s.pAtLeast(k+1))
		}
		return m
	}
	rightMass := func(k int) (m float64) {
		for _, s := range ss {
			m = max(m, s.pAtLeast(k))
		}
		return m
	}
	for sp.lo < sp.hi && leftMass(sp.lo) < tailCut {
		sp.lo++
	}
	for sp.hi > sp.lo && rightMass(sp.hi) < tailCut {
		sp.hi--
	}
	for _, s := range ss {
		sp.below = max(sp.below, 1-s.pAtLeast(sp.lo))
		sp.above = max(sp.above, s.pAtLeast(sp.hi+1))
	}
	// 1 − P(X ≥ lo) is not exactly 0 in floating point when nothing lies
	// below lo.
	if sp.below < 1e-12 {
		sp.below = 0
	}
	return sp
}

// cutNote says what a span leaves off, as "not drawn: ≥ 25 (0.04%)", or
// is empty when it leaves off nothing.
func (sp span) cutNote() string {
	var parts []string
	if sp.below > 0 {
		parts = append(parts, "≤ "+integer(sp.lo-1)+" ("+percent(sp.below)+")")
	}
	if sp.above > 0 {
		parts = append(parts, "≥ "+integer(sp.hi+1)+" ("+percent(sp.above)+")")
	}
	if len(parts) == 0 {
		return ""
	}
	note := "not drawn: " + parts[0]
	if len(parts) == 2 {
		note += " and " + parts[1]
	}
	return note
}
