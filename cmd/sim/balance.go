package main

import (
	"context"
	"fmt"
	"io"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/study"
)

const balanceUsage = `Usage: sim balance SCENARIO --vary PATH=LO..HI | --points UNIT --target EVENT=P|METRIC.mean=X [flags]

Finds where, as a whole-number field goes from LO to HI, an event's
probability (or a metric's mean) crosses a target: the two adjacent values
either side of it, each with its result and intervals. It bisects, so it
tries about log2(HI-LO) values, not all of them:

  sim balance trolls-vs-knights --vary units.knights.models=3..9 --target knights.wins=0.5

Each value the exact solver can take is solved exactly (the answer is then
exact); the others are simulated, every value on the same seed (common
random numbers). The stopping rule of a simulated search is stated with
its answer: it doubles the trials and bisects again until both values of
the bracket have --confidence intervals (99% by default) that exclude the
target, or --max-trials is reached, and then says whether it is
significant. --simulate simulates every value. The result assumes the
quantity moves one way along the field; a range where it does not is
reported as it is found.

--points UNIT replaces --vary: it varies that unit's models while the
other units cost what they cost (their points), and gives the points a
model at which the unit breaks even against them at equal points.

With --shard I/N (or in sim merge) it cannot decide as it goes, so it
simulates every value of the range at --trials and reads the crossing off
them (docs/scale.md).

Flags:
`

func balanceCmd(ctx context.Context, sc *runs.Scale, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("balance", balanceUsage, stdout)
	var o study.BalanceOptions
	fs.StringVar(&o.Vary, "vary", "", "PATH=LO..HI, the whole-number field to vary")
	fs.StringVar(&o.Points, "points", "", "UNIT: vary that unit's models at the points the other units cost, and give the points a model at which it breaks even (instead of --vary)")
	fs.StringVar(&o.Target, "target", "", "EVENT=P (a probability) or METRIC.mean=X")
	trials := trialsFlag(fs, 100_000, "trials at each simulated value, to start")
	fs.Int64Var(&o.MaxTrials, "max-trials", 0, "the most trials a value may take as the search narrows (default 16 times --trials)")
	fs.Float64Var(&o.Confidence, "confidence", 0.99, "the confidence of the intervals the stopping rule reads, in (0, 1)")
	fs.BoolVar(&o.Simulate, "simulate", false, "simulate every value, even those the exact solver can take")
	rf := addRunFlags(fs, "random seed (default: drawn at random and printed)")
	fs.StringVar(&o.Rules, "rules", "", "ruleset to use instead of the scenario's (see sim run --help)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	pf := addPlotFlags(fs, "the curve, with the target and the crossing marked")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return failure.Usagef("balance: give one scenario")
	}
	jobs, popts, err := checkOutputs("balance", *format, *out, pf, append(rulesFiles(o.Rules), pos[0])...)
	if err != nil {
		return err
	}
	o.Scenario, o.Trials = pos[0], *trials
	setup, bar := rf.setup(fs, sc, stderr)
	defer bar.done()
	b, err := study.Balance(ctx, setup, o)
	if err != nil {
		return noResult(stderr, err)
	}
	bar.done()
	if *format == "text" && *out == "" {
		fmt.Fprintln(stdout, b.Headline())
	}
	if err := emitReport(*out, stdout, *format, b, b.Tables); err != nil {
		return err
	}
	return drawCharts(jobs, popts, func(_ string, o plots.Options) (*plots.Chart, error) { return balanceChart(b, o) }, stderr)
}
