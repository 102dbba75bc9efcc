package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/study"
)

const sweepUsage = `Usage: sim sweep SCENARIO --vary PATH=FROM..TO[:STEP] [--vary PATH=FROM..TO[:STEP]] [flags]

Runs a scenario at every value of one field, or every pair of values of
two, on the same seed, and gives a table with a row per value: who wins and
the casualties (a fight), or wounds, casualties and the target destroyed (a
volley). A PATH names a field of the scenario file: units by id or index,
then fields, joined by dots:

  sim sweep trolls-vs-knights --vary units.knights.models=3..10
  sim sweep trolls-vs-knights --vary units.trolls.regeneration=2+..6+
  sim sweep trolls-vs-knights --vary units.knights.models=3..8 --vary units.trolls.models=2..5

To cut a long job across machines, --shard I/N --out FILE runs shard I of
N and sim merge adds the shards up; --checkpoint FILE saves finished
batches as it goes, and the same command resumes from them. Both need
--seed (docs/scale.md).

Flags:
`

// multiFlag is a flag that may be given several times.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ", ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func sweepCmd(ctx context.Context, sc *runs.Scale, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sweep", sweepUsage, stdout)
	var varies multiFlag
	fs.Var(&varies, "vary", "PATH=FROM..TO[:STEP], once or twice")
	trials := trialsFlag(fs, 100_000, "trials at each point")
	rf := addRunFlags(fs, "random seed (default: drawn at random and printed)")
	rules := fs.String("rules", "", "ruleset to use instead of the scenario's (see sim run --help)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	exact := fs.Bool("exact", false, "solve each point exactly where it can be, and simulate the others; the table marks which")
	pf := addPlotFlags(fs, `"EVENT=FILE" picks the event (default: who wins, or the target destroyed)`)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return failure.Usagef("sweep: give one scenario")
	}
	if len(varies) < 1 || len(varies) > 2 {
		return failure.Usagef("sweep: give --vary once or twice (got %d)", len(varies))
	}
	jobs, popts, err := checkOutputs("sweep", *format, *out, pf, append(rulesFiles(*rules), pos[0])...)
	if err != nil {
		return err
	}
	setup, bar := rf.setup(fs, sc, stderr)
	defer bar.done()
	sw, err := study.Sweep(ctx, setup, study.SweepOptions{Scenario: pos[0], Vary: varies, Rules: *rules, Trials: *trials, Exact: *exact})
	if err != nil {
		return err
	}
	ms, es := report.Headline(sw.MetricOrder, sw.EventOrder)
	if err := emitReport(*out, stdout, *format, sw, func(csv bool) []report.Table { return []report.Table{sw.Table(ms, es, csv)} }); err != nil {
		return err
	}
	if err := drawCharts(jobs, popts, func(w string, o plots.Options) (*plots.Chart, error) { return sweepChart(sw, w, o) }, stderr); err != nil {
		return err
	}
	if !sw.Complete {
		fmt.Fprintln(stderr, "sim: interrupted; the output holds the points finished so far and is marked partial")
		return failure.ErrInterrupted
	}
	return nil
}
