// Package engine holds what every rule system shares: the dice, the count
// samplers, and the parallel runner that turns millions of trials into
// integer histograms.
//
// # Reproducibility
//
// A run is cut into fixed-size batches of [BatchSize] trials. Batch b draws all
// its random numbers from its own [Dice], seeded from (seed, b) alone by
// [NewDice]. Workers pull batch indices from a shared counter, and results are
// integer histograms merged by addition, so a run gives the same numbers for
// any worker count. The seed derivation carries a version tag
// ([StreamVersion]); it changes only deliberately, and the change is noted in
// the changelog because it changes every result.
//
// # Speed
//
// Dice are drawn several to a 64-bit word (Brackett-Rozinsky and Lemire,
// "Batched Ranged Random Integer Generation", Software: Practice and
// Experience, 2024). Where only the number of successes among n attacks
// matters, a [Binomial] samples that count with one 64-bit draw by inverting a
// precomputed cumulative table, and a [Flow] moves counts through a game's
// stages (hit, wound, save) that way. Plain per-die rolls ([Dice.D6Lemire],
// [Test.Roll]) remain as the test oracle.
//
// # Exact solutions
//
// A [Chain] is the one exact engine: a game writes each random step of a
// trial as a [StepFunc] from a state to the states it leads to, and the
// chain follows the distribution over states through the steps, merging
// equal states and working out each step's outcomes from a state once. It
// sums in the order states are first reached, so an exact answer is the
// same to the last bit on every run; [Chain.Tallies], [Chain.Flows] and
// [Chain.Exits] give what the outcomes were marked with, and [Ordered]
// sums the small distributions within a step in the same fixed order.
//
// Nothing in this package knows a game's rules; the rule systems live in
// sub-packages such as [github.com/wargamesim/sim/game/warhammer].
package engine
