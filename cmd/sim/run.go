package main

import (
	"context"
	"fmt"
	"io"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/study"
)

const runUsage = `Usage: sim run FILE|NAME [flags]

Runs a scenario: a YAML file (docs/scenarios.md) or a built-in scenario
named by 'sim list'. The same seed gives the same numbers for any number
of workers. Ctrl-C stops the run early and prints the trials done so far,
marked partial.

To cut a long job across machines, --shard I/N --out FILE runs shard I of
N and sim merge adds the shards up; --checkpoint FILE saves finished
batches as it goes, and the same command resumes from them. Both need
--seed (docs/scale.md).

Flags:
`

func runCmd(ctx context.Context, sc *runs.Scale, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("run", runUsage, stdout)
	trials := trialsFlag(fs, 0, "number of trials (default: the scenario's, else 1000000)")
	rf := addRunFlags(fs, "random seed (default: the scenario's, else drawn at random and printed)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	exact := fs.Bool("exact", false, "also compute the exact distributions and show them beside the simulated ones")
	rules := fs.String("rules", "", "ruleset to use instead of the scenario's: a preset of its game, a house-rules file, plus options (6th+regeneration=save)")
	pf := addPlotFlags(fs, `"outcomes=FILE" or "METRIC=FILE" picks the chart (default: who wins a fight, a volley's casualties)`)
	fs.String("from-link", "", "run what a web page link holds (scenario, flags, seed), in place of FILE|NAME; flags given beside it win")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return failure.Usagef("run: give one scenario file or built-in name (got %d arguments)", len(pos))
	}
	jobs, popts, err := pf.check("run")
	if err != nil {
		return err
	}
	if err := checkDestinations("run", *out, jobs, append(rulesFiles(*rules), pos[0])...); err != nil {
		return err
	}
	if err := checkFormat("run", *format); err != nil {
		return err
	}
	setup, bar := rf.setup(fs, sc, stderr)
	rep, err := study.Run(ctx, setup, study.RunOptions{Scenario: pos[0], Rules: *rules, Trials: *trials, Exact: *exact,
		Check: func(m engine.Model) error { ms, es := names(m); return checkCharts(jobs, ms, es, true) }})
	bar.done()
	if err != nil {
		return noResult(stderr, err)
	}
	if err := write(*out, *format, rep, stdout); err != nil {
		return err
	}
	if err := drawCharts(jobs, popts, func(w string, o plots.Options) (*plots.Chart, error) { return runChart(rep, w, o) }, stderr); err != nil {
		return err
	}
	if !rep.Complete {
		fmt.Fprintf(stderr, "sim: interrupted after %d of %d trials; the output holds those trials only and is marked partial (complete: false)\n", rep.Trials, rep.Requested)
		return failure.ErrInterrupted
	}
	return nil
}

// write writes the report in the format asked for, to the file out
// (atomically) or to stdout.
func write(out, format string, rep *report.Report, stdout io.Writer) error {
	render := func(w io.Writer) error {
		switch format {
		case "json":
			return report.WriteJSON(w, rep)
		case "csv", "markdown":
			if h := rep.Headline(); h != "" {
				// The answer first: a comment line in CSV, a paragraph in Markdown.
				lead := map[string]string{"csv": "# %s\n", "markdown": "%s\n\n"}[format]
				if _, err := fmt.Fprintf(w, lead, h); err != nil {
					return err
				}
			}
			return report.WriteTables(w, format, report.RunTables(rep, format == "csv")...)
		}
		return report.WriteText(w, rep)
	}
	return emit(out, stdout, render)
}

const exactUsage = `Usage: sim exact FILE|NAME [flags]

Computes a scenario's distributions exactly (no sampling), where the
maths allows: Warhammer volleys and close combats, War of the Ring turns
of at most two duels and the fight between formations after them (no
Heroic Combat, no Hard to Kill), and Conquest actions and fights of
several turns. The same metrics and
events as 'sim run', with no sampling error; a scenario without an exact
solver is refused in one line.

Flags:
`

func exactCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("exact", exactUsage, stdout)
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	rules := fs.String("rules", "", "ruleset to use instead of the scenario's (see sim run --help)")
	pf := addPlotFlags(fs, `"METRIC=FILE" picks the metric (default: the casualties)`)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return failure.Usagef("exact: give one scenario file or built-in name (got %d arguments)", len(pos))
	}
	jobs, popts, err := pf.check("exact")
	if err != nil {
		return err
	}
	if err := checkDestinations("exact", *out, jobs, append(rulesFiles(*rules), pos[0])...); err != nil {
		return err
	}
	if err := checkFormat("exact", *format); err != nil {
		return err
	}
	rep, err := study.Exact(study.Setup{Version: version, Note: noter(stderr)}, pos[0], *rules)
	if err != nil {
		return err
	}
	if err := write(*out, *format, rep, stdout); err != nil {
		return err
	}
	return drawCharts(jobs, popts, func(w string, o plots.Options) (*plots.Chart, error) { return runChart(rep, w, o) }, stderr)
}

// checkFormat accepts the output formats of a report.
func checkFormat(cmd, format string) error {
	switch format {
	case "text", "json", "csv", "markdown":
		return nil
	}
	return failure.Usagef("%s: --format must be text, json, csv or markdown, got %q", cmd, format)
}
