package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Proportion is the estimated probability of an event and its 95% Wilson score interval.
type Proportion struct {
	P    float64    `json:"p"`
	CI95 [2]float64 `json:"ci95"`
}

// Wilson returns the proportion successes/trials with its 95% Wilson score interval
// (Wilson 1927; z = Φ⁻¹(0.975)). It panics with a "stats: " prefix if trials <= 0 or successes is outside 0..trials (programmer error).
//
// With p̂ = successes/trials (P, exactly), n = trials and z ≈ 1.959964, the
// interval is
//
//	(p̂ + z²/(2n) ± z·√(p̂(1−p̂)/n + z²/(4n²))) / (1 + z²/n),
//
// the set of p that a two-sided score test at the 5% level does not reject.
// Its ends lie in [0, 1]; the lower end is exactly 0 when successes = 0 and
// the upper end exactly 1 when successes = trials, as they are in exact
// arithmetic.
func Wilson(successes, trials int64) Proportion {
	return Proportion{P: float64(successes) / float64(trials), CI95: WilsonAt(successes, trials, z95)}
}

// WilsonAt is the Wilson score interval of successes/trials for the normal
// quantile z (z95 for 95%; [Z] gives it for any confidence). It panics as
// Wilson does.
func WilsonAt(successes, trials int64, z float64) [2]float64 {
	if trials <= 0 {
		panic(fmt.Sprintf("stats: Wilson: trials = %d, want > 0", trials))
	}
	if successes < 0 || successes > trials {
		panic(fmt.Sprintf("stats: Wilson: successes = %d, want 0..%d", successes, trials))
	}
	n := float64(trials)
	p := float64(successes) / n
	z2 := z * z
	denom := 1 + z2/n
	centre := (p + z2/(2*n)) / denom
	half := z * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / denom
	lo := max(centre-half, 0)
	hi := min(centre+half, 1)
	if successes == 0 {
		lo = 0
	}
	if successes == trials {
		hi = 1
	}
	return [2]float64{lo, hi}
}

// Z is the two-sided normal quantile of a confidence level in (0, 1):
// Φ⁻¹((1+confidence)/2), 1.959964 for 0.95 and 2.575829 for 0.99 (gonum
// distuv). It panics with a "stats: " prefix outside (0, 1).
func Z(confidence float64) float64 {
	if !(confidence > 0 && confidence < 1) {
		panic(fmt.Sprintf("stats: Z: confidence %v, want 0 < c < 1", confidence))
	}
	return distuv.UnitNormal.Quantile((1 + confidence) / 2)
}

// ExactProportion is a probability known exactly: CI95 = [p, p].
//
// p is returned as given; it should lie in [0, 1].
func ExactProportion(p float64) Proportion {
	return Proportion{P: p, CI95: [2]float64{p, p}}
}
