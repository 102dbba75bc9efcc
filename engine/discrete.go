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
	kmin  int
	thr   []uint64
	shift uint    // 64 minus the bits of a draw that index guide
	guide []int32 // as a [guide], with as many slices as thresholds or more
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
	s := &Discrete{kmin: kmin, thr: thr}
	// A guide of at least one slice a threshold keeps the search to a step
	// or two however many outcomes there are (Chen and Asau); a long row of
	// outcomes, many of them impossible, would otherwise be walked a
	// threshold at a time.
	bits := uint(guideBits)
	for bits < maxDiscreteGuideBits && 1<<bits < len(thr) {
		bits++
	}
	s.shift = 64 - bits
	s.guide = make([]int32, 1<<bits)
	for b := range s.guide {
		s.guide[b] = int32(binarySearch(thr, uint64(b)<<s.shift))
	}
	return s
}

// maxDiscreteGuideBits bounds a Discrete's guide at 4,096 slices (16 KiB).
const maxDiscreteGuideBits = 12

// Sample returns an outcome.
func (s *Discrete) Sample(d *Dice) int { return s.kmin + s.search(d.Uint64()) }

// search returns the index of the first threshold above u (len(s.thr) if
// none), as binarySearch does.
func (s *Discrete) search(u uint64) int {
	i := int(s.guide[u>>s.shift])
	for i < len(s.thr) && s.thr[i] <= u {
		i++
	}
	return i
}

// guideBits is how many leading bits of a draw index a guide.
const guideBits = 5

// guide is a guide table (Chen and Asau, "On generating random variates
// from an empirical distribution", AIIE Transactions 1974): for each of the
// 32 slices of the draws' range, where in a row of thresholds the search
// for a draw in that slice can start. A search then takes a step or two
// instead of a binary search's branchy halvings.
type guide [1 << guideBits]int32

func newGuide(thr []uint64) guide {
	var g guide
	for b := range g {
		g[b] = int32(binarySearch(thr, uint64(b)<<(64-guideBits)))
	}
	return g
}

// search returns the index of the first threshold above u (len(thr) if
// none), starting where the guide says: no threshold before it is above
// the lowest draw of u's slice, so none is above u.
func (g *guide) search(thr []uint64, u uint64) int {
	i := int(g[u>>(64-guideBits)])
	for i < len(thr) && thr[i] <= u {
		i++
	}
	return i
}

// binarySearch returns the index of the first threshold above u.
func binarySearch(thr []uint64, u uint64) int {
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
