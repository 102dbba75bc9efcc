package main

import (
	"github.com/wargamesim/sim/report"
)

// comparedOutcomes are the events of a comparison's outcomes chart (compare
// --plot outcomes=FILE): who wins, and the draw, for a fight; the target
// destroyed, for a volley (report.Headline); of those, the ones every
// column has and some column saw happen (a draw that never came takes no
// row, as in a run's outcomes chart). When none is left it is those every
// column has; when the columns have none of them, nil: every event they
// share.
func comparedOutcomes(c *report.Comparison) []string {
	_, head := report.Headline(nil, c.EventOrder)
	var shared, happened []string
	for _, e := range head {
		all, seen := true, false
		for _, col := range c.Columns {
			p, ok := c.Results[col.Label].Events[e]
			all, seen = all && ok, seen || p.P > 0
		}
		if all {
			shared = append(shared, e)
			if seen {
				happened = append(happened, e)
			}
		}
	}
	if len(happened) > 0 {
		return happened
	}
	return shared
}
