package engine

import (
	"fmt"
	"math"
)

// Discrete samples an outcome 0..len(pmf)-1 of fixed probabilities with one
// 64-bit draw, by inverting its cumulative table (as [Binomial] does for
// its rows). It stands in for a chain of rolls whose end result has a known
// distribution, such as the damage of u wounds of Multiple Wounds (D3).
// Each outcome's probability is within about 1e-15 of pmf's.
//
// A Discrete is read-only once built and safe for concurrent use.
type Discrete struct {
	kmin int
	thr  []uint64
}

// NewDiscrete builds a sampler of pmf, whose entries must be non-negative
// and sum to 1 within 1e-9; it panics otherwise (a programming error).
func NewDiscrete(pmf []float64) *Discrete {
	var sum float64
	for _, p := range pmf {
		if !(p >= 0) {
			panic(fmt.Sprintf("engine: NewDiscrete: negative or NaN probability in %v", pmf))
		}
		sum += p
	}
	if len(pmf) == 0 || math.Abs(sum-1) > 1e-9 {
		panic(fmt.Sprintf("engine: NewDiscrete: probabilities sum to %v, not 1", sum))
	}
	kmin, thr := thresholds(pmf)
	return &Discrete{kmin: kmin, thr: thr}
}

// Sample returns an outcome.
func (s *Discrete) Sample(d *Dice) int {
	return s.kmin + search(s.thr, d.Uint64())
}

// search returns the index of the first threshold above u (len(thr) if
// none): linearly for short rows, where it wins, by halves for long ones.
func search(thr []uint64, u uint64) int {
	if len(thr) <= 16 {
		for i, t := range thr {
			if t > u {
				return i
			}
		}
		return len(thr)
	}
	lo, hi := 0, len(thr)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if thr[m] > u {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}
