package main

import (
	"fmt"

	"github.com/wargamesim/sim/report"
)

// sweepPartial says what an interrupted sweep's chart lacks, for the end
// of its subtitle ("partial: 4 of 7 points"; "…, the last of 12,288
// trials" when the last point run was cut short too); "" for a sweep that
// finished.
func sweepPartial(s *report.Sweep) string {
	if s.Complete {
		return ""
	}
	total := 1
	for _, p := range s.Parameters {
		total *= len(p.Values)
	}
	var last int64
	if n := len(s.Points); n > 0 {
		last = s.Points[n-1].Trials
	}
	return partialText(len(s.Points), total, "point", last, s.Trials)
}

// matrixPartial says what an interrupted matrix's chart lacks: "partial:
// 5 of 9 cells", as sweepPartial does.
func matrixPartial(m *report.Matrix) string {
	if m.Complete {
		return ""
	}
	done := 0
	var last int64
	for _, row := range m.Cells {
		done += len(row)
		if len(row) > 0 {
			last = row[len(row)-1].Trials
		}
	}
	return partialText(done, len(m.Rows)*len(m.Cols), "cell", last, m.Trials)
}

// partialText is "partial: DONE of TOTAL UNITs", with ", the last of N
// trials" when the last one ran fewer trials than the others (0 trials is
// JSON that does not say).
func partialText(done, total int, unit string, last, trials int64) string {
	if total != 1 {
		unit += "s"
	}
	s := fmt.Sprintf("partial: %d of %d %s", done, total, unit)
	if last > 0 && last < trials {
		s += fmt.Sprintf(", the last of %s trials", comma(last))
	}
	return s
}
