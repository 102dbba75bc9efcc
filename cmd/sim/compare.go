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

const compareUsage = `Usage: sim compare SCENARIO... [--rules RULES,RULES,...] [flags]

Runs scenarios side by side, one column each, and gives every result of
each column with the difference from the first column and its 95%
interval. Either compare several scenarios, or one scenario under several
rulesets:

  sim compare trolls-vs-knights --rules 6th,6th+regeneration=save
  sim compare wotr-captain-duel --rules wotr,wotr+battle_skill=none
  sim compare my-knights.yaml my-knights-with-standard.yaml

Each column runs on common random numbers: in each trial every column
starts from the same dice. Where the columns roll alike (a Strength bonus,
a unit's size) the luck they share cancels and the differences come out
sharper than from separate runs; where a difference changes which dice are
rolled (Regeneration as a save) the columns soon fall out of step and the
gain is lost. Either way each difference's interval comes from the
per-trial differences, so it holds. A ruleset is a preset of the
scenario's game (6th, 8th; wotr; 1.5, 2.0), a house-rules file, either
followed by options (6th+regeneration=save).

To cut a long job across machines, --shard I/N --out FILE runs shard I of
N and sim merge adds the shards up; --checkpoint FILE saves finished
batches as it goes, and the same command resumes from them. Both need
--seed (docs/scale.md).

Flags:
`

func compareCmd(ctx context.Context, sc *runs.Scale, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("compare", compareUsage, stdout)
	rules := fs.String("rules", "", "comma-separated rulesets, one column each (default: each scenario's own)")
	trials := trialsFlag(fs, 0, "trials per column (default: the first scenario's, else 1000000)")
	rf := addRunFlags(fs, "random seed (default: drawn at random and printed)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	pf := addPlotFlags(fs, `"outcomes=FILE" charts who wins in each column, "METRIC=FILE" one metric (default: the casualties)`)
	exact := fs.Bool("exact", false, "solve every column exactly, with exact differences; if one cannot be, simulate them all")
	points := fs.Float64("points", 0, "fight at equal points: each unit that has points takes as many models as this many points buy (docs/import.md)")
	byRole := fs.Bool("by-role", false, "name units by their role (target; first, second side) so that scenarios with different unit ids line up (automatic when the columns share no result)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return failure.Usagef("compare: give one or more scenarios")
	}
	jobs, popts, err := checkOutputs("compare", *format, *out, pf, append(rulesFiles(*rules), pos...)...)
	if err != nil {
		return err
	}
	o := study.CompareOptions{Scenarios: pos, Rules: *rules, Trials: *trials, Exact: *exact, ByRole: *byRole}
	if set(fs, "points") {
		o.Points = points
	}
	setup, bar := rf.setup(fs, sc, stderr)
	cmp, err := study.Compare(ctx, setup, o)
	bar.done()
	if err != nil {
		return noResult(stderr, err)
	}
	if err := emitReport(*out, stdout, *format, cmp, cmp.Tables); err != nil {
		return err
	}
	if err := drawCharts(jobs, popts, func(w string, o plots.Options) (*plots.Chart, error) { return comparisonChart(cmp, w, o) }, stderr); err != nil {
		return err
	}
	if !cmp.Complete {
		fmt.Fprintf(stderr, "sim: interrupted after %d of %d trials; the output holds those trials only and is marked partial\n", cmp.Trials, cmp.Requested)
		return failure.ErrInterrupted
	}
	return nil
}
