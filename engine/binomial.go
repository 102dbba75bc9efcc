package engine

import (
	"fmt"
	"math"
)

// tableRows bounds the trial counts a [Binomial] tabulates. Larger counts are
// sampled as sums of independent tabulated draws, which is exact because
// Binomial(a, p) + Binomial(b, p) is Binomial(a+b, p). 128 rows keep a table
// near 64 KiB, inside the L2 cache.
const tableRows = 128

// Binomial samples the number of successes among n independent trials of
// probability p, for any n ≥ 0: one 64-bit draw for n up to 128, and for
// larger n a draw for each power of two in n/128 (n up to the maxN it was
// built for: rows of 256, 512, ... trials are tabulated too; beyond, one
// draw per 128 trials more). The first draw of a flow's first step, of
// the flow's whole maxN, is one draw from a table of that count (withTop).
//
// It inverts a precomputed cumulative table: with u uniform on [0, 2^64), the
// count is the smallest k with u < T(k), where T(k) = F(k)·2^64 rounded, F the
// binomial CDF. The lower part of each row is computed from the left and the
// upper part as 1 - P(X > k) from the right, so both tails keep their
// relative precision; each count's probability is within about 1e-15 of the
// exact value (a test checks it against exact rational arithmetic), far below
// anything a simulation can resolve.
//
// A Binomial is read-only once built and safe for concurrent use.
type Binomial struct {
	p     float64
	rows  int     // rows 0..rows-1 are tabulated
	kmin  []int32 // first count that row n can return
	start []int32 // row n's thresholds are thr[start[n]:start[n+1]]
	thr   []uint64
	guide []guide // one per row
	// big[j] tabulates 2^(j+1)·(rows-1) trials, up to maxN: a large count
	// is the sum of those its binary digits say. Each is a Discrete, whose
	// guide grows with its row: a row of thousands of trials has hundreds
	// of thresholds.
	big []*Discrete
	// top, where set, samples the count of exactly topN trials with one
	// draw: a flow's first draw is most often of its whole count ([Flow]).
	top  *Discrete
	topN int
}

// NewBinomial tabulates Binomial(n, p) for n up to maxN (larger n still work,
// as sums). It panics if p is not in [0, 1] or maxN is negative: probabilities
// come from the rules, never from user input.
func NewBinomial(p float64, maxN int) *Binomial {
	if !(p >= 0 && p <= 1) || maxN < 0 {
		panic(fmt.Sprintf("engine: NewBinomial(%v, %d): p must be in [0, 1] and maxN ≥ 0", p, maxN))
	}
	return newBinomial(p, 1-p, maxN)
}

// newBinomial is NewBinomial with the failure probability q = 1 - p given
// separately: when p is near 1, q computed by the caller from its own terms
// (say 1/1296) is accurate where 1 - p would carry p's rounding error.
func newBinomial(p, q float64, maxN int) *Binomial {
	rows := min(maxN, tableRows) + 1
	b := &Binomial{
		p:     p,
		rows:  rows,
		kmin:  make([]int32, rows),
		start: make([]int32, rows+1),
	}
	pmf := make([]float64, rows)
	for n := range rows {
		binomialPMF(pmf[:n+1], n, p, q)
		kmin, row := thresholds(pmf[:n+1])
		b.kmin[n] = int32(kmin)
		b.thr = append(b.thr, row...)
		b.start[n+1] = int32(len(b.thr))
		b.guide = append(b.guide, newGuide(row))
	}
	for size := 2 * (rows - 1); rows > 1 && size <= maxN; size *= 2 {
		pmf := make([]float64, size+1)
		binomialPMF(pmf, size, p, q)
		b.big = append(b.big, NewDiscrete(pmf))
	}
	return b
}

// withTop adds to b a sampler of exactly n trials in one draw, for a count
// beyond its rows that it draws often (a volley's attacks, every trial).
func (b *Binomial) withTop(p, q float64, n int) *Binomial {
	if n < b.rows || n > maxTopN {
		return b
	}
	pmf := make([]float64, n+1)
	binomialPMF(pmf, n, p, q)
	b.top, b.topN = NewDiscrete(pmf), n
	return b
}

// maxTopN bounds the counts withTop tabulates: its table is built from a
// row of n+1 probabilities.
const maxTopN = 1 << 20

// P returns the success probability.
func (b *Binomial) P() float64 { return b.p }

// Sample returns a Binomial(n, p) count in 0..n. It panics if n < 0.
func (b *Binomial) Sample(d *Dice, n int) int {
	if b.top != nil && n == b.topN {
		return b.top.Sample(d)
	}
	k := 0
	if n >= b.rows && b.rows > 1 {
		base := b.rows - 1
		q := n / base
		n %= base
		for j := len(b.big) - 1; j >= 0; j-- {
			for size := 2 << j; q >= size; q -= size {
				k += b.big[j].Sample(d)
			}
		}
		for ; q > 0; q-- {
			k += b.sampleRow(d, base)
		}
	}
	for n >= b.rows {
		k += b.sampleRow(d, b.rows-1)
		n -= b.rows - 1
	}
	return k + b.sampleRow(d, n)
}

func (b *Binomial) sampleRow(d *Dice, n int) int {
	return int(b.kmin[n]) + b.guide[n].search(b.thr[b.start[n]:b.start[n+1]], d.Uint64())
}

// BinomialPMF returns P(X = k) for k = 0..n, X ~ Binomial(n, p), given the
// success and failure probabilities p and q = 1 - p separately (see
// newBinomial for why). Each term is within a few units in the last place of
// the exact value relative to the largest term; exact solvers build on it.
func BinomialPMF(n int, p, q float64) []float64 {
	pmf := make([]float64, n+1)
	binomialPMF(pmf, n, p, q)
	return pmf
}

// binomialPMF fills pmf[k] = P(X = k), X ~ Binomial(n, p), k = 0..n. It starts
// at the mode, walks outwards with the ratio of successive terms, and
// normalises, so no term underflows before it is negligible.
func binomialPMF(pmf []float64, n int, p, q float64) {
	clear(pmf)
	switch {
	case p == 0:
		pmf[0] = 1
		return
	case q == 0:
		pmf[n] = 1
		return
	}
	mode := min(int(float64(n+1)*p), n)
	pmf[mode] = 1
	for k := mode; k < n; k++ { // P(k+1)/P(k) = (n-k)/(k+1) · p/q
		pmf[k+1] = pmf[k] * float64(n-k) / float64(k+1) * p / q
	}
	for k := mode; k > 0; k-- { // P(k-1)/P(k) = k/(n-k+1) · q/p
		pmf[k-1] = pmf[k] * float64(k) / float64(n-k+1) * q / p
	}
	var sum float64
	for _, v := range pmf {
		sum += v
	}
	for k := range pmf {
		pmf[k] /= sum
	}
}

// thresholds turns a pmf into the inversion thresholds T(k) for the counts
// that have a representable chance: it returns the first such count and
// T(kmin), ..., T(kmax-1); a draw above all of them returns kmax.
func thresholds(pmf []float64) (kmin int, row []uint64) {
	const two64 = 0x1p64
	n := len(pmf) - 1
	// below[k] = P(X ≤ k) summed from the left; above[k] = P(X > k) from the right.
	below := make([]float64, n+1)
	above := make([]float64, n+1)
	var s float64
	for k := 0; k <= n; k++ {
		s += pmf[k]
		below[k] = s
	}
	s = 0
	for k := n; k >= 0; k-- {
		above[k] = s
		s += pmf[k]
	}
	// T(k) for k ≤ the median comes from below[k]; above it, 2^64 minus the
	// rounded upper tail, in integer arithmetic so the tail keeps its bits.
	threshold := func(k int) (t uint64, last bool) {
		if below[k] <= above[k] {
			return uint64(math.Round(below[k] * two64)), false
		}
		a := math.Round(above[k] * two64)
		if a < 1 {
			return 0, true // P(X > k) < 2^-65: k is the last count drawn
		}
		return -uint64(a), false // 2^64 - a
	}
	for kmin < n {
		if t, last := threshold(kmin); t > 0 || last {
			break
		}
		kmin++ // T(kmin) = 0: a draw is never below it
	}
	for k := kmin; k < n; k++ {
		t, last := threshold(k)
		if last {
			break
		}
		row = append(row, t)
	}
	return kmin, row
}
