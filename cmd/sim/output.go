package main

import (
	"fmt"
	"io"

	"github.com/wargamesim/sim/internal/atomicfile"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// emitReport writes v to the file out or stdout as emit does: as JSON when
// format is "json", or else as the tables v gives for format.
func emitReport(out string, stdout io.Writer, format string, v any, tables func(csv bool) []report.Table) error {
	return emit(out, stdout, func(w io.Writer) error {
		if format == "json" {
			return report.WriteJSON(w, v)
		}
		return report.WriteTables(w, format, tables(format == "csv")...)
	})
}

// emit renders output to the file out (atomically) or, when out is empty,
// to stdout.
func emit(out string, stdout io.Writer, render func(io.Writer) error) error {
	if out == "" {
		return render(stdout)
	}
	return atomicfile.Write(out, render)
}

// warn prints a plan's warnings on stderr, one line each.
func warn(stderr io.Writer, p *scenarios.Plan) {
	for _, w := range p.Warnings {
		fmt.Fprintf(stderr, "sim: warning: %s\n", w)
	}
}
