package study

import "github.com/wargamesim/sim/internal/failure"

// The most a study takes on, each checked before anything runs: a
// comparison's columns and a matrix's units. A sweep's points are
// bounded by scenarios.ParseVary.

// maxCompareColumns is the most columns a comparison runs: each holds its
// model, on every worker, for the whole run.
const maxCompareColumns = 100

// checkColumns refuses a comparison of more than maxCompareColumns
// columns: one for each scenario under each ruleset.
func checkColumns(scenarios, rulesets int) error {
	if n := scenarios * max(rulesets, 1); n > maxCompareColumns {
		return failure.Usagef("compare: %d columns (one for each scenario under each ruleset) is too many; at most %d", n, maxCompareColumns)
	}
	return nil
}
