package main

import (
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/wargamesim/sim/internal/atomicfile"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// defaultTrials is the trial count when neither the command line nor the
// scenario gives one: enough for three decimals on most probabilities.
const defaultTrials = 1_000_000

// chooseTrials is the trial count of a run: the --trials flag, else the
// scenario's (0 when it gives none), else defaultTrials.
func chooseTrials(fs *flagSet, flag, scenario int64) int64 {
	switch {
	case set(fs, "trials"):
		return flag
	case scenario > 0:
		return scenario
	}
	return defaultTrials
}

// chooseSeed is the seed of a run and where it came from: the --seed flag,
// else the scenario's (scenario may be nil), else one drawn at random, short
// enough to read out and retype.
func chooseSeed(fs *flagSet, flag uint64, scenario *uint64) (seed uint64, source string) {
	switch {
	case set(fs, "seed"):
		return flag, "flag"
	case scenario != nil:
		return *scenario, "scenario"
	}
	return rand.Uint64N(1 << 32), "random"
}

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
