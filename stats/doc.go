// Package stats turns the integer results of a simulation into the numbers a
// report shows: summaries of count-valued metrics and event probabilities with
// their uncertainty. Trials report integer counts and the runner merges them
// as integer histograms; floating point enters here (the engine's samplers
// use it only to build their tables).
//
// # Inputs
//
// A sampled metric arrives as an integer histogram built by the runner:
// hist[k] is the number of trials whose value was k (k = 0, 1, 2, ...), and
// n = Σ hist[k] is the number of trials. [Summarize] reads such a histogram.
// A metric whose distribution the exact solver computed arrives as a
// probability mass function, pmf[k] = P(X = k); [Exact] reads that. Both
// return a [Summary] with the same fields, so a report can show sampled and
// exact results side by side.
//
// An event probability arrives as a pair of counts (successes, trials), read
// by [Wilson], or as an exact probability, read by [ExactProportion]. Both
// return a [Proportion].
//
// # Definitions
//
// For a histogram with n trials:
//
//   - Mean is Σ k·hist[k] / n.
//   - SD is the sample standard deviation, the square root of
//     Σ hist[k]·(k − Mean)² / (n − 1), computed by gonum's stat.MeanVariance
//     with the counts as frequency weights; it is 0 when n < 2.
//   - SE is the standard error of the mean, SD/√n.
//   - CI95 is the normal-approximation 95% interval for the mean,
//     Mean ± z·SE with z = Φ⁻¹(0.975) ≈ 1.959964 (gonum distuv.UnitNormal).
//     It relies on the central limit theorem, which holds well for the
//     thousands of trials a simulation runs; for an exact distribution SE is
//     0 and CI95 is [Mean, Mean].
//   - Quantiles are inverse-CDF quantiles: the q-quantile is the smallest k
//     with P(X ≤ k) ≥ q. From a histogram they are found with exact integer
//     arithmetic (the smallest k whose cumulative count c satisfies
//     100·c ≥ 100q·n), so a quantile on a boundary never depends on rounding.
//   - PMF[k] = P(X = k) and AtLeast[k] = P(X ≥ k) for k = 0..Max, where Max is
//     the largest value with nonzero probability. AtLeast is computed from
//     integer suffix sums, so AtLeast[0] is exactly 1.
//
// For an exact distribution the same fields hold the exact values, with SD
// the population standard deviation √(Σ p(k)·(k − Mean)²).
//
// Event probabilities carry the Wilson score interval (Wilson 1927, "Probable
// inference, the law of succession, and statistical inference", JASA 22,
// 209–212), which stays inside [0, 1] and keeps close to its nominal 95%
// coverage even for probabilities near 0 or 1, where the textbook Wald
// interval p̂ ± z·√(p̂(1−p̂)/n) collapses to zero width (Newcombe 1998,
// "Two-sided confidence intervals for the single proportion: comparison of
// seven methods", Statistics in Medicine 17, 857–872).
//
// Every function is deterministic: the same input gives the same bits out.
package stats
