package stats_test

import (
	"fmt"

	"github.com/wargamesim/sim/stats"
)

func ExampleSummarize() {
	// Wounds dealt in 20 simulated attacks: hist[k] trials dealt k wounds.
	hist := []int64{4, 6, 5, 3, 2}
	s, err := stats.Summarize(hist)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mean %.4f, sd %.4f, se %.4f\n", s.Mean, s.SD, s.SE)
	fmt.Printf("95%% CI for the mean [%.4f, %.4f]\n", s.CI95[0], s.CI95[1])
	fmt.Printf("range %d..%d, median %d, 95th percentile %d\n", s.Min, s.Max, s.Quantiles.P50, s.Quantiles.P95)
	for k := range s.PMF {
		fmt.Printf("P(X = %d) = %.4f   P(X >= %d) = %.4f\n", k, s.PMF[k], k, s.AtLeast[k])
	}
	// Output:
	// mean 1.6500, sd 1.2680, se 0.2835
	// 95% CI for the mean [1.0943, 2.2057]
	// range 0..4, median 1, 95th percentile 4
	// P(X = 0) = 0.2000   P(X >= 0) = 1.0000
	// P(X = 1) = 0.3000   P(X >= 1) = 0.8000
	// P(X = 2) = 0.2500   P(X >= 2) = 0.5000
	// P(X = 3) = 0.1500   P(X >= 3) = 0.2500
	// P(X = 4) = 0.1000   P(X >= 4) = 0.1000
}

func ExampleExact() {
	// Successes among 4 dice that each succeed on 4+: binomial(4, 1/2).
	s, err := stats.Exact([]float64{1.0 / 16, 4.0 / 16, 6.0 / 16, 4.0 / 16, 1.0 / 16})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("mean %.4f, sd %.4f, ci95 [%.4f, %.4f]\n", s.Mean, s.SD, s.CI95[0], s.CI95[1])
	fmt.Printf("quantiles %+v\n", s.Quantiles)
	fmt.Printf("P(X >= 3) = %.4f\n", s.AtLeast[3])
	// Output:
	// mean 2.0000, sd 1.0000, ci95 [2.0000, 2.0000]
	// quantiles {P01:0 P05:0 P25:1 P50:2 P75:3 P95:4 P99:4}
	// P(X >= 3) = 0.3125
}

func ExampleWilson() {
	// The target was destroyed in 81 of 263 trials.
	p := stats.Wilson(81, 263)
	fmt.Printf("p = %.4f, 95%% CI [%.4f, %.4f]\n", p.P, p.CI95[0], p.CI95[1])

	// Never destroyed in 10 trials: the interval still has width.
	p = stats.Wilson(0, 10)
	fmt.Printf("p = %.4f, 95%% CI [%.4f, %.4f]\n", p.P, p.CI95[0], p.CI95[1])
	// Output:
	// p = 0.3080, 95% CI [0.2553, 0.3662]
	// p = 0.0000, 95% CI [0.0000, 0.2775]
}
