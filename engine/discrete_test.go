package engine

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// The guide only says where a search may start: every draw must land on the
// outcome a plain binary search of the thresholds (sort.Search, not the
// package's own) gives, whatever the size of the guide. Rows of 1 to 5,000 outcomes, many of them impossible (long
// runs of zeros, as the Multiple Wounds block tables have), against draws
// spread evenly and draws on each threshold and either side of it.
func TestDiscreteSearchIsBinarySearch(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 31, 32, 33, 200, 1000, 5000} {
		pmf := make([]float64, n)
		var sum float64
		for i := range pmf {
			if rnd.IntN(3) > 0 || i == n-1 {
				pmf[i] = rnd.Float64()
				sum += pmf[i]
			}
		}
		for i := range pmf {
			pmf[i] /= sum
		}
		s := NewDiscrete(pmf)
		if 1<<(64-s.shift) < min(len(s.thr), 1<<maxDiscreteGuideBits) {
			t.Errorf("%d outcomes: a guide of %d slices for %d thresholds", n, 1<<(64-s.shift), len(s.thr))
		}
		draws := []uint64{0, ^uint64(0)}
		for range 10_000 {
			draws = append(draws, rnd.Uint64())
		}
		for _, th := range s.thr {
			draws = append(draws, th-1, th, th+1)
		}
		for _, u := range draws {
			want := sort.Search(len(s.thr), func(i int) bool { return s.thr[i] > u })
			if got := s.search(u); got != want {
				t.Fatalf("%d outcomes, draw %#x: outcome %d, binary search %d", n, u, got, want)
			}
		}
	}
}
