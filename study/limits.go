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

// maxMatrixUnits is the most units --units, and --vs, may name: a matrix
// of at most 100 × 100 cells, as a sweep has at most 100 × 100 points.
const maxMatrixUnits = 100

// checkMatrixSize refuses a matrix of more than maxMatrixUnits rows or
// columns.
func checkMatrixSize(rows, cols int) error {
	if rows > maxMatrixUnits || cols > maxMatrixUnits {
		return failure.Usagef("matrix: --units and --vs name at most %d units each, got %d and %d; split the matrix", maxMatrixUnits, rows, cols)
	}
	return nil
}
