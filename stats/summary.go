package stats

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// z95 is Φ⁻¹(0.975) ≈ 1.959963984540054, the standard normal quantile that
// bounds a two-sided 95% interval.
var z95 = distuv.UnitNormal.Quantile(0.975)

// exactTolerance is how far from 1 the entries of a pmf given to [Exact] may
// sum.
const exactTolerance = 1e-9

// quantileTolerance is the slack [Exact] allows when comparing a cumulative
// probability with a quantile level, so that a CDF that reaches q only up to
// rounding (0.03 + 0.29 + 0.18 sums to 0.5 − 5.6e-17 in float64) still counts
// as reaching it.
const quantileTolerance = 1e-12

// quantilePercents are the levels of [Quantiles], in percent, in field order.
var quantilePercents = [...]uint64{1, 5, 25, 50, 75, 95, 99}

// Summary describes an integer-valued metric (a count per trial, k = 0, 1, 2, ...).
type Summary struct {
	Mean      float64    `json:"mean"`
	SD        float64    `json:"sd"`   // sample standard deviation (n-1 denominator); 0 when n < 2
	SE        float64    `json:"se"`   // standard error of the mean, SD/sqrt(n); 0 for exact distributions
	CI95      [2]float64 `json:"ci95"` // 95% interval for the mean: mean ± z·SE with z = Φ⁻¹(0.975) from gonum distuv; [mean, mean] when exact
	Min       int        `json:"min"`  // smallest value with nonzero probability
	Max       int        `json:"max"`  // largest value with nonzero probability
	Quantiles Quantiles  `json:"quantiles"`
	PMF       []float64  `json:"pmf"`      // PMF[k] = P(X = k + Offset), k = 0..Max-Offset
	AtLeast   []float64  `json:"at_least"` // AtLeast[k] = P(X >= k + Offset); AtLeast[0] = 1
	// Offset is the value of index 0 of PMF and AtLeast: 0 (and left out of
	// the JSON) for counts, negative for metrics that can be negative, such
	// as a difference of combat results.
	Offset int `json:"offset,omitempty"`
}

// Shift returns s for the metric X + offset: s summarises X, the metric
// stored from index 0, and offset is the true value of index 0. The
// distribution arrays are shared, not copied.
func (s Summary) Shift(offset int) Summary {
	f := float64(offset)
	s.Mean += f
	s.CI95[0] += f
	s.CI95[1] += f
	s.Min += offset
	s.Max += offset
	q := &s.Quantiles
	for _, v := range []*int{&q.P01, &q.P05, &q.P25, &q.P50, &q.P75, &q.P95, &q.P99} {
		*v += offset
	}
	s.Offset += offset
	return s
}

// Quantiles are the inverse-CDF quantiles of the distribution: the smallest k with P(X <= k) >= q.
type Quantiles struct {
	P01 int `json:"p01"`
	P05 int `json:"p05"`
	P25 int `json:"p25"`
	P50 int `json:"p50"`
	P75 int `json:"p75"`
	P95 int `json:"p95"`
	P99 int `json:"p99"`
}

// set stores k as the quantile at level quantilePercents[i].
func (q *Quantiles) set(i int, k int) {
	switch i {
	case 0:
		q.P01 = k
	case 1:
		q.P05 = k
	case 2:
		q.P25 = k
	case 3:
		q.P50 = k
	case 4:
		q.P75 = k
	case 5:
		q.P95 = k
	case 6:
		q.P99 = k
	default:
		panic(fmt.Sprintf("stats: quantile index %d out of range", i))
	}
}

// Summarize summarises a sampled metric from its histogram: hist[k] is the number of trials whose value was k.
// It returns an error if hist is empty, has a negative count, or sums to zero trials.
//
// It also returns an error if the counts sum past math.MaxInt64. Trailing
// zero bins are dropped, so PMF and AtLeast end at Max. Mean and SD come from
// gonum's stat.MeanVariance with the values 0..Max as x and the counts as
// frequency weights, whose sum(weights)−1 denominator makes SD the sample
// standard deviation; SE = SD/√n and CI95 = Mean ± z·SE with z = Φ⁻¹(0.975).
// Quantiles and AtLeast come from integer cumulative counts.
func Summarize(hist []int64) (Summary, error) {
	if len(hist) == 0 {
		return Summary{}, errors.New("stats: empty histogram")
	}
	var n int64
	lo, hi := -1, -1
	for k, c := range hist {
		if c < 0 {
			return Summary{}, fmt.Errorf("stats: hist[%d] = %d: negative count", k, c)
		}
		if c == 0 {
			continue
		}
		if n > math.MaxInt64-c {
			return Summary{}, fmt.Errorf("stats: histogram counts sum past %d trials", int64(math.MaxInt64))
		}
		n += c
		if lo < 0 {
			lo = k
		}
		hi = k
	}
	if n == 0 {
		return Summary{}, fmt.Errorf("stats: histogram of %d bins holds zero trials", len(hist))
	}
	counts := hist[:hi+1]

	x := make([]float64, len(counts))
	w := make([]float64, len(counts))
	for k, c := range counts {
		x[k] = float64(k)
		w[k] = float64(c)
	}
	mean, variance := stat.MeanVariance(x, w)
	var sd float64
	if n >= 2 && variance > 0 {
		sd = math.Sqrt(variance)
	}
	se := sd / math.Sqrt(float64(n))

	s := Summary{
		Mean:    mean,
		SD:      sd,
		SE:      se,
		CI95:    [2]float64{mean - z95*se, mean + z95*se},
		Min:     lo,
		Max:     hi,
		PMF:     make([]float64, len(counts)),
		AtLeast: make([]float64, len(counts)),
	}
	fn := float64(n)
	var suffix int64
	for k := hi; k >= 0; k-- {
		suffix += counts[k]
		s.PMF[k] = float64(counts[k]) / fn
		s.AtLeast[k] = float64(suffix) / fn
	}

	// The q-quantile is the smallest k whose cumulative count c has
	// c ≥ q·n, that is 100·c ≥ percent·n, compared in 128 bits so that
	// neither side can overflow or round.
	var cum int64
	i := 0
	for k := 0; k <= hi && i < len(quantilePercents); k++ {
		cum += counts[k]
		for i < len(quantilePercents) && reaches(uint64(cum), uint64(n), quantilePercents[i]) {
			s.Quantiles.set(i, k)
			i++
		}
	}
	if i != len(quantilePercents) {
		panic(fmt.Sprintf("stats: cumulative count %d of %d trials left quantile %d%% unset", cum, n, quantilePercents[i]))
	}
	return s, nil
}

// reaches reports whether 100·cum ≥ percent·n, exactly, for cum, n < 2^63
// and percent ≤ 100.
func reaches(cum, n, percent uint64) bool {
	lhsHi, lhsLo := bits.Mul64(cum, 100)
	rhsHi, rhsLo := bits.Mul64(percent, n)
	if lhsHi != rhsHi {
		return lhsHi > rhsHi
	}
	return lhsLo >= rhsLo
}

// Exact summarises a distribution known exactly: pmf[k] = P(X = k). SE is 0 and CI95 is [mean, mean].
// It returns an error if pmf is empty, has a negative or NaN entry, or does not sum to 1 within 1e-9.
//
// An infinite entry is also an error. Trailing entries that are exactly 0 are
// dropped, so PMF and AtLeast end at Max; PMF holds the given probabilities
// unchanged. Mean is Σ k·pmf[k] and SD is the population standard deviation
// √(Σ pmf[k]·(k − Mean)²). AtLeast[k] is the suffix sum Σ_{j≥k} pmf[j], clamped
// to [0, 1], with AtLeast[0] = 1 exactly since X ≥ 0. The q-quantile is the
// smallest k with Σ_{j≤k} pmf[j] ≥ q − 1e-12.
func Exact(pmf []float64) (Summary, error) {
	if len(pmf) == 0 {
		return Summary{}, errors.New("stats: empty pmf")
	}
	var sum float64
	lo, hi := -1, -1
	for k, p := range pmf {
		switch {
		case math.IsNaN(p):
			return Summary{}, fmt.Errorf("stats: pmf[%d] is NaN", k)
		case math.IsInf(p, 0):
			return Summary{}, fmt.Errorf("stats: pmf[%d] = %g: not finite", k, p)
		case p < 0:
			return Summary{}, fmt.Errorf("stats: pmf[%d] = %g: negative probability", k, p)
		case p > 0:
			if lo < 0 {
				lo = k
			}
			hi = k
		}
		sum += p
	}
	if !(math.Abs(sum-1) <= exactTolerance) {
		return Summary{}, fmt.Errorf("stats: pmf sums to %.17g, want 1 within %g", sum, exactTolerance)
	}
	probs := pmf[:hi+1]

	var mean float64
	for k, p := range probs {
		mean += float64(k) * p
	}
	var variance float64
	for k, p := range probs {
		d := float64(k) - mean
		variance += p * d * d
	}

	s := Summary{
		Mean:    mean,
		SD:      math.Sqrt(variance),
		CI95:    [2]float64{mean, mean},
		Min:     lo,
		Max:     hi,
		PMF:     append([]float64(nil), probs...),
		AtLeast: make([]float64, len(probs)),
	}
	var suffix float64
	for k := hi; k >= 0; k-- {
		suffix += probs[k]
		s.AtLeast[k] = min(max(suffix, 0), 1)
	}
	s.AtLeast[0] = 1

	var cdf float64
	i := 0
	for k := 0; k <= hi && i < len(quantilePercents); k++ {
		cdf += probs[k]
		for i < len(quantilePercents) && cdf >= float64(quantilePercents[i])/100-quantileTolerance {
			s.Quantiles.set(i, k)
			i++
		}
	}
	// A pmf that sums to 1 − 1e-9 still reaches 0.99; this only guards the
	// levels against a total that falls short, by giving them Max.
	for ; i < len(quantilePercents); i++ {
		s.Quantiles.set(i, hi)
	}
	return s, nil
}
