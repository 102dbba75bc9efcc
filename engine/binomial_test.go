package engine

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
)

// exactPMF returns P(X = k), X ~ Binomial(n, num/den), as exact rationals.
func exactPMF(n int, num, den int64) []*big.Rat {
	out := make([]*big.Rat, n+1)
	for k := 0; k <= n; k++ {
		c := new(big.Int).Binomial(int64(n), int64(k))
		a := new(big.Int).Exp(big.NewInt(num), big.NewInt(int64(k)), nil)
		b := new(big.Int).Exp(big.NewInt(den-num), big.NewInt(int64(n-k)), nil)
		d := new(big.Int).Exp(big.NewInt(den), big.NewInt(int64(n)), nil)
		c.Mul(c, a).Mul(c, b)
		out[k] = new(big.Rat).SetFrac(c, d)
	}
	return out
}

// impliedPMF returns the probability the table gives each count of row n:
// the width of its threshold interval over 2^64, computed exactly.
func impliedPMF(b *Binomial, n int) []*big.Rat {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	row := b.thr[b.start[n]:b.start[n+1]]
	kmin := int(b.kmin[n])
	out := make([]*big.Rat, n+1)
	prev := big.NewInt(0)
	for k := 0; k <= n; k++ {
		var t *big.Int
		switch {
		case k < kmin:
			t = big.NewInt(0)
		case k-kmin < len(row):
			t = new(big.Int).SetUint64(row[k-kmin])
		default:
			t = two64
		}
		out[k] = new(big.Rat).SetFrac(new(big.Int).Sub(t, prev), two64)
		prev = t
	}
	return out
}

// Each count's probability in the table is within 1e-15 of the exact
// binomial probability, including in the far tails and at p = 0 and 1.
func TestBinomialTableExact(t *testing.T) {
	t.Parallel()
	type row struct {
		num, den int64
		why      string
	}
	for _, r := range []row{
		{1, 6, "a 6+ roll"},
		{1, 2, "a 4+ roll: symmetric"},
		{5, 6, "a 2+ roll: the upper tail must keep its precision"},
		{1, 1296, "four sixes in a row: the lower tail"},
		{1295, 1296, "almost certain"},
		{0, 6, "impossible (a wound chart N)"},
		{6, 6, "certain"},
		{11, 36, "a re-rolled 5+"},
	} {
		b := newBinomial(float64(r.num)/float64(r.den), float64(r.den-r.num)/float64(r.den), 200)
		for _, n := range []int{0, 1, 2, 7, 40, 100, tableRows} {
			exact := exactPMF(n, r.num, r.den)
			got := impliedPMF(b, n)
			for k := range exact {
				diff, _ := new(big.Rat).Sub(got[k], exact[k]).Float64()
				if math.Abs(diff) > 1e-15 {
					e, _ := exact[k].Float64()
					g, _ := got[k].Float64()
					t.Errorf("p=%d/%d (%s), n=%d, k=%d: table gives %.17g, exact %.17g", r.num, r.den, r.why, n, k, g, e)
				}
			}
		}
	}
}

// Sampled counts follow the exact binomial law, within the table and
// beyond it (where draws are summed).
func TestBinomialSample(t *testing.T) {
	t.Parallel()
	type row struct {
		n        int
		num, den int64
		why      string
	}
	for _, r := range []row{
		{10, 1, 3, "a small volley"},
		{100, 5, 6, "a large one at 2+"},
		{tableRows, 1, 2, "the last tabulated row"},
		{tableRows + 1, 1, 2, "one row beyond: two draws summed"},
		{1000, 1, 6, "many rows beyond"},
		{1000, 1, 6, "many rows beyond, with rows of 256 and more tabulated"},
		{5003, 2, 3, "rows of 256 to 4096 and a remainder"},
		{5003, 2, 3, "the whole count in one draw (a split's first)"},
	} {
		t.Run(fmt.Sprintf("n=%d p=%d/%d %s", r.n, r.num, r.den, r.why), func(t *testing.T) {
			t.Parallel()
			maxN := 100 // rows to 100 only: sums of rows
			if strings.Contains(r.why, "256") {
				maxN = 8192
			}
			ps, qs := float64(r.num)/float64(r.den), float64(r.den-r.num)/float64(r.den)
			b := newBinomial(ps, qs, maxN)
			if strings.Contains(r.why, "one draw") {
				if b = newBinomial(ps, qs, r.n).withTop(ps, qs, r.n); b.top == nil {
					t.Fatal("no table of the whole count")
				}
			}
			d := NewDice(5, uint64(r.n))
			const trials = 200_000
			obs := make([]int64, r.n+1)
			for range trials {
				obs[b.Sample(d, r.n)]++
			}
			exact := exactPMF(r.n, r.num, r.den)
			probs := make([]float64, len(exact))
			for k := range exact {
				probs[k], _ = exact[k].Float64()
			}
			o, p := pool(obs, probs, 5/float64(trials))
			if x, c := chiSquare(o, p), critical(len(o)-1, alpha); x > c {
				t.Errorf("%s: chi-square %.1f > %.1f (df %d)", r.why, x, c, len(o)-1)
			}
		})
	}
}

// pool merges neighbouring cells until each expects at least minP of the
// trials (the usual rule for a chi-square test: at least 5 expected).
func pool(obs []int64, probs []float64, minP float64) ([]int64, []float64) {
	var o []int64
	var p []float64
	var co int64
	var cp float64
	for i := range obs {
		co += obs[i]
		cp += probs[i]
		if cp >= minP {
			o, p = append(o, co), append(p, cp)
			co, cp = 0, 0
		}
	}
	if len(o) > 0 {
		o[len(o)-1] += co
		p[len(p)-1] += cp
	}
	return o, p
}

func TestBinomialEdges(t *testing.T) {
	d := NewDice(1, 1)
	never, always := NewBinomial(0, 10), NewBinomial(1, 10)
	for _, n := range []int{0, 1, 10, 500} {
		if k := never.Sample(d, n); k != 0 {
			t.Errorf("p=0: Sample(%d) = %d, want 0", n, k)
		}
		if k := always.Sample(d, n); k != n {
			t.Errorf("p=1: Sample(%d) = %d, want %d", n, k, n)
		}
	}
	for _, bad := range []float64{-0.1, 1.1, math.NaN()} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewBinomial(%v) did not panic", bad)
				}
			}()
			NewBinomial(bad, 10)
		}()
	}
}

func BenchmarkBinomialSample(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprint("n=", n), func(b *testing.B) {
			bin := NewBinomial(1.0/3, 128)
			d := NewDice(1, 0)
			s := 0
			for b.Loop() {
				s += bin.Sample(d, n)
			}
			sink = s
		})
	}
}

// A Discrete samples its pmf: checked by chi-square on a lopsided pmf with
// a zero in it, long enough to take the binary search.
func TestDiscrete(t *testing.T) {
	t.Parallel()
	pmf := make([]float64, 40)
	for k := range pmf {
		pmf[k] = float64((k*7)%5) + 0.5
	}
	pmf[3] = 0
	var sum float64
	for _, p := range pmf {
		sum += p
	}
	for k := range pmf {
		pmf[k] /= sum
	}
	for _, p := range [][]float64{pmf, {0.25, 0, 0.75}, {1}} {
		s := NewDiscrete(p)
		d := NewDice(3, 4)
		obs := make([]int64, len(p))
		const n = 200_000
		for range n {
			obs[s.Sample(d)]++
		}
		var o []int64
		var q []float64
		for k := range p {
			if p[k] == 0 {
				if obs[k] != 0 {
					t.Fatalf("outcome %d of probability 0 drawn %d times", k, obs[k])
				}
				continue
			}
			o, q = append(o, obs[k]), append(q, p[k])
		}
		if len(o) < 2 {
			continue
		}
		if x, c := chiSquare(o, q), critical(len(o)-1, alpha); x > c {
			t.Errorf("%d outcomes: chi-square %.1f > %.1f", len(p), x, c)
		}
	}
}
