package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/scenarios"
)

// defaultTrials is the trial count when neither the command line nor the
// scenario gives one: enough for three decimals on most probabilities.
const defaultTrials = 1_000_000

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
	seed := seedFlag(fs, "random seed (default: the scenario's, else drawn at random and printed)")
	workers := workersFlag(fs)
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	exact := fs.Bool("exact", false, "also compute the exact distributions and show them beside the simulated ones")
	rules := fs.String("rules", "", "ruleset to use instead of the scenario's: a preset of its game, a house-rules file, plus options (6th+regeneration=save)")
	pf := addPlotFlags(fs, `"outcomes=FILE" or "METRIC=FILE" picks the chart (default: who wins a fight, a volley's casualties)`)
	quiet := fs.Bool("quiet", false, "no progress bar (it is drawn only on a terminal, for runs longer than a second)")
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
	plan, err := openPlan(pos[0], *rules)
	if err != nil {
		return err
	}
	warn(stderr, plan)
	ms, es := names(plan.Model)
	if err := checkCharts(jobs, ms, es, true); err != nil {
		return err
	}

	cfg := engine.Config{Trials: chooseTrials(fs, *trials, plan.Trials), Workers: *workers}
	var source string
	cfg.Seed, source = chooseSeed(fs, *seed, plan.Seed)

	var ex *engine.Exact
	if *exact {
		if ex, err = solve("run: --exact", plan, pos[0]); err != nil {
			var tooLarge *exactTooLarge
			if !errors.As(err, &tooLarge) {
				return err
			}
			// The scenario has a solver, but this one is beyond it: say so,
			// and give the simulated answer.
			fmt.Fprintf(stderr, "sim: %v; showing the simulated answer only\n", err)
		}
	}

	bar := newProgress(stderr, cfg.Trials, "", *quiet)
	cfg.Progress = bar.update
	start := time.Now()
	res, err := sc.Run(ctx, plan.Model, cfg)
	bar.done()
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if res.Trials == 0 {
		fmt.Fprintln(stderr, "sim: interrupted before any trial finished; nothing to report")
		return failure.ErrInterrupted
	}
	rep, err := report.New(info(plan, source), res)
	if err != nil {
		return err
	}
	if ex != nil {
		if err := rep.AddExact(ex); err != nil {
			return err
		}
	}
	rep.Timing = &report.Timing{
		Seconds:         elapsed.Seconds(),
		TrialsPerSecond: float64(res.Trials) / elapsed.Seconds(),
		Workers:         cfg.Workers,
	}
	if err := write(*out, *format, rep, stdout); err != nil {
		return err
	}
	if err := drawCharts(jobs, popts, func(w string, o plots.Options) (*plots.Chart, error) { return runChart(rep, w, o) }, stderr); err != nil {
		return err
	}
	if !res.Complete {
		fmt.Fprintf(stderr, "sim: interrupted after %d of %d trials; the output holds those trials only and is marked partial (complete: false)\n", res.Trials, res.Requested)
		return failure.ErrInterrupted
	}
	return nil
}

// info is the provenance a report carries.
func info(p *scenarios.Plan, seedSource string) report.Info {
	return report.Info{
		Scenario: p.Name, Title: p.Title, Ruleset: p.RulesetName, Rules: p.Rules,
		SeedSource: seedSource, Version: version, Lines: p.Lines, Names: p.Names,
	}
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
	plan, err := openPlan(pos[0], *rules)
	if err != nil {
		return err
	}
	warn(stderr, plan)
	ex, err := solve("exact", plan, pos[0])
	if err != nil {
		return err
	}
	rep, err := report.NewExact(info(plan, "none"), ex)
	if err != nil {
		return err
	}
	if err := write(*out, *format, rep, stdout); err != nil {
		return err
	}
	return drawCharts(jobs, popts, func(w string, o plots.Options) (*plots.Chart, error) { return runChart(rep, w, o) }, stderr)
}

// solve computes the plan's exact answer, or says why there is none
// (exit status 3) and what to run instead; arg is the scenario as the
// user named it.
func solve(cmd string, plan *scenarios.Plan, arg string) (*engine.Exact, error) {
	solver, ok := plan.Model.(engine.Solver)
	if !ok {
		instead := fmt.Sprintf("run 'sim run %s'", arg)
		if cmd != "exact" {
			instead = "drop --exact"
		}
		return nil, &failure.Unsolvable{Msg: fmt.Sprintf("%s: %s has no exact solution: sim solves exactly Warhammer volleys and close combats, War of the Ring turns (one or several) of at most two duels and the fight after them, and Conquest actions and fights of turns, not War of the Ring turns with a Heroic Combat, more duels, Hard to Kill formations in a fight, Terror, Epic Charge, Berserk or the fight's epic actions; %s for the simulated answer, whose intervals say how close it is", cmd, plan.Name, instead)}
	}
	ex, err := solver.Exact()
	if err != nil {
		return nil, &exactTooLarge{failure.Unsolvable{Msg: fmt.Sprintf("%s: %s: %v", cmd, plan.Name, err)}}
	}
	return ex, nil
}

// exactTooLarge is a scenario whose game solves such scenarios exactly,
// but not this one (too large): sim exact exits with status 3, and sim
// run --exact gives the simulated answer alone.
type exactTooLarge struct{ failure.Unsolvable }

func (e *exactTooLarge) Unwrap() error { return &e.Unsolvable }

// checkFormat accepts the output formats of a report.
func checkFormat(cmd, format string) error {
	switch format {
	case "text", "json", "csv", "markdown":
		return nil
	}
	return failure.Usagef("%s: --format must be text, json, csv or markdown, got %q", cmd, format)
}

// openPlan opens a scenario, under the ruleset spec if one is given.
func openPlan(arg, rules string) (*scenarios.Plan, error) {
	if rules == "" {
		return scenarios.Open(arg)
	}
	rs, err := scenarios.ParseRules(rules)
	if err != nil {
		return nil, err
	}
	return scenarios.OpenWith(arg, rs)
}

// cellExactRuns bounds the exact solution of one point of a sweep or cell
// of a matrix (about a fifth of a second): those beyond it are simulated.
const cellExactRuns = 200_000

// solveCell is plan's exact answer for a sweep point or matrix cell, or nil
// when it has no solver or is too large for one: it is then simulated.
func solveCell(plan *scenarios.Plan) *engine.Exact {
	var ex *engine.Exact
	var err error
	switch m := plan.Model.(type) {
	case interface {
		ExactWithin(runs int) (*engine.Exact, error)
	}:
		ex, err = m.ExactWithin(cellExactRuns)
	case engine.Solver:
		ex, err = m.Exact()
	default:
		return nil
	}
	if err != nil {
		return nil
	}
	return ex
}

// solveIf is solveCell when on, else nil.
func solveIf(on bool, plan *scenarios.Plan) *engine.Exact {
	if !on {
		return nil
	}
	return solveCell(plan)
}
