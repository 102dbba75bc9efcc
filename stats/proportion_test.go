package stats

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestZ95(t *testing.T) {
	t.Parallel()
	// Φ⁻¹(0.975) = 1.95996398454005423552... (Abramowitz and Stegun 1964,
	// table 26.5; R qnorm(0.975) prints 1.959964).
	if !closeTo(z95, 1.959963984540054, 1e-15) {
		t.Errorf("z95 = %.17g, want 1.959963984540054", z95)
	}
}

func TestWilson(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		reason    string
		successes int64
		trials    int64
		want      [2]float64
		tol       float64 // absolute: 5e-5 for values published to 4 decimals
	}{
		{
			name:      "0/10",
			reason:    "with no successes the upper end has the closed form z²/(n + z²) = 3.841459/13.841459 = 0.277533 (R prop.test(0, 10, correct = FALSE) gives 0 to 0.2775328), and the lower end is exactly 0",
			successes: 0, trials: 10,
			want: [2]float64{0, 0.277533}, tol: 5e-7,
		},
		{
			name:      "5/10",
			reason:    "p̂ = 1/2 centres the interval on 1/2; R prop.test(5, 10, correct = FALSE) gives 0.2365931 to 0.7634069, i.e. 0.2366 to 0.7634",
			successes: 5, trials: 10,
			want: [2]float64{0.2366, 0.7634}, tol: 5e-5,
		},
		{
			name:      "10/10",
			reason:    "the mirror image of 0/10: 1 − z²/(n + z²) = 0.722467 to exactly 1",
			successes: 10, trials: 10,
			want: [2]float64{0.722467, 1}, tol: 5e-7,
		},
		{
			name:      "81/263",
			reason:    "Newcombe (1998), Statistics in Medicine 17:857, table II example (a), method 3 (score, no continuity correction): 0.2553 to 0.3662",
			successes: 81, trials: 263,
			want: [2]float64{0.2553, 0.3662}, tol: 5e-5,
		},
		{
			name:      "15/148",
			reason:    "Newcombe (1998), table II example (b), method 3: 0.0624 to 0.1605",
			successes: 15, trials: 148,
			want: [2]float64{0.0624, 0.1605}, tol: 5e-5,
		},
		{
			name:      "0/20",
			reason:    "Newcombe (1998), table II example (c), method 3: 0.0000 to 0.1611 (closed form z²/(20 + z²) = 0.161125)",
			successes: 0, trials: 20,
			want: [2]float64{0, 0.1611}, tol: 5e-5,
		},
		{
			name:      "1/29",
			reason:    "Newcombe (1998), table II example (d), method 3: 0.0061 to 0.1718",
			successes: 1, trials: 29,
			want: [2]float64{0.0061, 0.1718}, tol: 5e-5,
		},
		{
			name:      "1/1",
			reason:    "a single trial: n/(n + z²) = 1/4.841459 = 0.206549 to exactly 1",
			successes: 1, trials: 1,
			want: [2]float64{0.206549, 1}, tol: 5e-7,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Wilson(tt.successes, tt.trials)
			if want := float64(tt.successes) / float64(tt.trials); got.P != want {
				t.Errorf("P = %.17g, want exactly %.17g", got.P, want)
			}
			for i := range 2 {
				if math.Abs(got.CI95[i]-tt.want[i]) > tt.tol {
					t.Errorf("CI95 = [%.7f, %.7f], want [%.7f, %.7f] within %g (%s)",
						got.CI95[0], got.CI95[1], tt.want[0], tt.want[1], tt.tol, tt.reason)
					break
				}
			}
			if tt.successes == 0 && got.CI95[0] != 0 {
				t.Errorf("CI95[0] = %g, want exactly 0 with no successes", got.CI95[0])
			}
			if tt.successes == tt.trials && got.CI95[1] != 1 {
				t.Errorf("CI95[1] = %.17g, want exactly 1 with no failures", got.CI95[1])
			}
		})
	}
}

// wilsonRoots computes the Wilson interval a second way, as Wilson (1927)
// derived it: the two roots of the score-test boundary
// (p̂ − p)² = z²·p(1 − p)/n, that is
// (n + z²)p² − (2x + z²)p + x²/n = 0, solved in 256-bit big.Float arithmetic
// (the same z) so that the reference carries no float64 cancellation; in
// float64 the discriminant cancels badly when x is near 0 or n.
func wilsonRoots(x, n int64) [2]float64 {
	const prec = 256
	num := func() *big.Float { return new(big.Float).SetPrec(prec) }
	bx, bn := num().SetInt64(x), num().SetInt64(n)
	z := num().SetFloat64(z95)
	z2 := num().Mul(z, z)
	a := num().Add(bn, z2)                                // n + z²
	mb := num().Add(num().Mul(num().SetInt64(2), bx), z2) // −b = 2x + z²
	c := num().Quo(num().Mul(bx, bx), bn)                 // x²/n
	disc := num().Sub(num().Mul(mb, mb), num().Mul(num().SetInt64(4), num().Mul(a, c)))
	root := num().Sqrt(disc)
	twoA := num().Mul(num().SetInt64(2), a)
	lo, _ := num().Quo(num().Sub(mb, root), twoA).Float64()
	hi, _ := num().Quo(num().Add(mb, root), twoA).Float64()
	return [2]float64{lo, hi}
}

func TestWilsonMatchesQuadraticRoots(t *testing.T) {
	t.Parallel()
	check := func(x, n int64) {
		t.Helper()
		got := Wilson(x, n).CI95
		want := wilsonRoots(x, n)
		for i := range 2 {
			if math.Abs(got[i]-want[i]) > 1e-14 {
				t.Errorf("Wilson(%d, %d).CI95 = %.17g, roots of the score quadratic give %.17g", x, n, got, want)
				return
			}
		}
	}
	// The published example, computed independently of the closed form.
	check(81, 263)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		n := 1 + rng.Int64N(1_000_000)
		check(rng.Int64N(n+1), n)
	}
	for range 100 {
		n := 1 + rng.Int64N(50)
		check(rng.Int64N(n+1), n)
	}
}

func TestWilsonContainsP(t *testing.T) {
	t.Parallel()
	for n := int64(1); n <= 60; n++ {
		for x := int64(0); x <= n; x++ {
			got := Wilson(x, n)
			if !(0 <= got.CI95[0] && got.CI95[0] <= got.P && got.P <= got.CI95[1] && got.CI95[1] <= 1) {
				t.Errorf("Wilson(%d, %d) = %+v, want 0 ≤ lo ≤ P ≤ hi ≤ 1", x, n, got)
			}
			// The interval for n − x failures mirrors the one for x successes.
			mirror := Wilson(n-x, n)
			if math.Abs(got.CI95[0]-(1-mirror.CI95[1])) > 1e-15 || math.Abs(got.CI95[1]-(1-mirror.CI95[0])) > 1e-15 {
				t.Errorf("Wilson(%d, %d).CI95 = %v, 1 − Wilson(%d, %d).CI95 reversed = [%v %v]",
					x, n, got.CI95, n-x, n, 1-mirror.CI95[1], 1-mirror.CI95[0])
			}
		}
	}
}

func TestWilsonPanics(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name              string
		reason            string
		successes, trials int64
	}{
		{"zero trials", "p̂ = x/0 is undefined", 0, 0},
		{"negative trials", "a trial count cannot be negative", 0, -5},
		{"negative successes", "a success count cannot be negative", -1, 10},
		{"more successes than trials", "p̂ would exceed 1", 11, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			defer func() {
				r := recover()
				if r == nil {
					t.Fatalf("Wilson(%d, %d) did not panic (%s)", tt.successes, tt.trials, tt.reason)
				}
				if msg := fmt.Sprint(r); !strings.HasPrefix(msg, "stats: ") {
					t.Errorf("Wilson(%d, %d) panicked with %q, want a \"stats: \" prefix", tt.successes, tt.trials, msg)
				}
			}()
			Wilson(tt.successes, tt.trials)
		})
	}
}

func TestExactProportion(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		reason string
		p      float64
	}{
		{"zero", "an impossible event: the interval is the point 0", 0},
		{"one", "a certain event: the interval is the point 1", 1},
		{"two thirds", "an inexact float is passed through bit for bit", 2.0 / 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ExactProportion(tt.p)
			if want := (Proportion{P: tt.p, CI95: [2]float64{tt.p, tt.p}}); got != want {
				t.Errorf("ExactProportion(%v) = %+v, want %+v (%s)", tt.p, got, want, tt.reason)
			}
		})
	}
}

// Z matches the normal quantiles printed in every table, and WilsonAt at
// z95 is Wilson's interval.
func TestZ(t *testing.T) {
	for _, tc := range []struct{ c, want float64 }{{0.95, 1.959963984540054}, {0.99, 2.5758293035489004}, {0.5, 0.6744897501960817}} {
		if got := Z(tc.c); !closeTo(got, tc.want, 1e-12) {
			t.Errorf("Z(%v) = %.17g, want %.17g", tc.c, got, tc.want)
		}
	}
	if got, want := WilsonAt(37, 100, z95), Wilson(37, 100).CI95; got != want {
		t.Errorf("WilsonAt(37, 100, z95) = %v, Wilson %v", got, want)
	}
	narrow, wide := WilsonAt(37, 100, Z(0.95)), WilsonAt(37, 100, Z(0.99))
	if !(wide[0] < narrow[0] && wide[1] > narrow[1]) {
		t.Errorf("99%% interval %v does not contain the 95%% one %v", wide, narrow)
	}
}
