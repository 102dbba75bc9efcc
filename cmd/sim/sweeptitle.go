package main

import (
	"github.com/wargamesim/sim/report"
)

// sweepTitle is the title of a sweep's chart, which says what varies
// (issue 13): for one field, the scenario's title (or name) and the field
// in words, "Five Empire Knights charge three Trolls, fought to the break
// — by Empire Knights: models"; for two, the event the heatmap shows and
// both fields, "P(Empire Knights win), by Empire Knights: models and
// Trolls: models".
func sweepTitle(s *report.Sweep, event string) string {
	field := func(i int) string { return s.Parameters[i].Label(s.Names) }
	if len(s.Parameters) == 1 {
		base := s.Title
		if base == "" {
			base = s.Scenario
		}
		return base + " — by " + field(0)
	}
	return "P(" + report.EventLabel(event, s.Names) + "), by " + field(0) + " and " + field(1)
}
