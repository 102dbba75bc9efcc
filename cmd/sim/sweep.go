package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/scenarios"
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
	seed := seedFlag(fs, "random seed (default: drawn at random and printed)")
	workers := workersFlag(fs)
	rules := fs.String("rules", "", "ruleset to use instead of the scenario's (see sim run --help)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	quiet := fs.Bool("quiet", false, "no progress bar (it is drawn only on a terminal, for runs longer than a second)")
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
	var params []scenarios.Vary
	for _, v := range varies {
		p, err := scenarios.ParseVary(v)
		if err != nil {
			return failure.Usagef("sweep: %v", err)
		}
		params = append(params, p)
	}
	file, src, err := scenarioSource(pos[0])
	if err != nil {
		return err
	}
	for _, p := range params {
		if *rules != "" && (p.Path == "rules" || strings.HasPrefix(p.Path, "rules.") || p.Path == "ruleset") {
			return failure.Usagef("sweep: --vary %s has no effect with --rules, which replaces the scenario's rules; vary the option with --rules alone in sim compare, or drop --rules", p.Path)
		}
	}
	var rs options.Ruleset
	if *rules != "" {
		if rs, err = scenarios.ParseRules(*rules); err != nil {
			return err
		}
		for _, p := range params {
			if field := houseRulesField(rs, p.Path); field != "" {
				return failure.Usagef("sweep: --vary %s has no effect with --rules %s, whose units: sets %s on every unit that has it; drop that field from the house rules, or vary another", p.Path, *rules, field)
			}
		}
	}

	base, err := scenarios.LoadWith(file, src, rs) // the scenario as it is, checked before any point
	if err != nil {
		return err
	}
	warn(stderr, base)
	cfg := engine.Config{Trials: *trials, Workers: *workers}
	var source string
	cfg.Seed, source = chooseSeed(fs, *seed, base.Seed)
	sw := &report.Sweep{Kind: "sweep", Seed: cfg.Seed, SeedSource: source, Trials: cfg.Trials,
		Version: version, Dice: engine.StreamVersion, Complete: true}
	for _, p := range params {
		vals := make([]string, len(p.Values))
		for i, v := range p.Values {
			vals[i] = p.Text(v)
		}
		sw.Parameters = append(sw.Parameters, report.Parameter{Path: p.Path, Values: vals})
	}

	start := time.Now()
	var metricNames, eventNames []string
	points := grid(params)
	bar := startedProgress(stderr, int64(len(points))*cfg.Trials, *quiet)
	defer bar.done()
	for i, point := range points {
		offset := int64(i) * cfg.Trials
		cfg.Progress = func(done int64) { bar.Update(offset + done) }
		data := src
		var desc []string
		for i, p := range params {
			if data, err = scenarios.SetField(data, p.Path, point[i]); err != nil {
				return failure.Usagef("sweep: %v", err)
			}
			desc = append(desc, p.Path+"="+point[i])
		}
		label := strings.Join(desc, ", ")
		plan, err := scenarios.LoadWith(file, data, rs)
		if err != nil {
			var list scenarios.ErrorList
			if errors.As(err, &list) {
				// The lines are those of the changed scenario, not the
				// file's: name the field and the value instead.
				e := list[0]
				return &failure.Input{Msg: fmt.Sprintf("sweep at %s: %s: %s", label, e.Path, e.Msg)}
			}
			return err
		}
		if sw.Scenario == "" {
			sw.Scenario, sw.Title, sw.Ruleset, sw.Rules = plan.Name, plan.Title, plan.RulesetName, plan.Rules
			sw.Names = plan.Names
			for _, m := range plan.Model.Metrics() {
				metricNames = append(metricNames, m.Name)
			}
			eventNames = plan.Model.Events()
			sw.MetricOrder, sw.EventOrder = metricNames, eventNames
		}
		if ex := solveIf(*exact, plan); ex != nil {
			rep, err := report.NewExact(report.Info{}, ex)
			if err != nil {
				return err
			}
			sw.Points = append(sw.Points, report.Point{Values: point, Exact: true, Metrics: rep.Metrics, Events: rep.Events})
			bar.Update(offset + cfg.Trials)
			continue
		}
		res, err := sc.Run(ctx, plan.Model, cfg)
		if err != nil {
			return err
		}
		if res.Trials == 0 {
			sw.Complete = false
			break
		}
		rep, err := report.New(report.Info{}, res)
		if err != nil {
			return err
		}
		sw.Points = append(sw.Points, report.Point{Values: point, Trials: res.Trials, Metrics: rep.Metrics, Events: rep.Events})
		if !res.Complete {
			sw.Complete = false
			break
		}
	}
	elapsed := time.Since(start)
	simulated := int64(0)
	for _, p := range sw.Points {
		simulated += p.Trials
	}
	sw.Timing = &report.Timing{Seconds: elapsed.Seconds(), TrialsPerSecond: float64(simulated) / elapsed.Seconds(), Workers: cfg.Workers}
	ms, es := report.Headline(metricNames, eventNames)
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

// grid lists every combination of the parameters' values, as text, the
// first parameter varying slowest.
func grid(params []scenarios.Vary) [][]string {
	points := [][]string{nil}
	for _, p := range params {
		var next [][]string
		for _, pt := range points {
			for _, v := range p.Values {
				next = append(next, append(append([]string(nil), pt...), p.Text(v)))
			}
		}
		points = next
	}
	return points
}

// scenarioSource reads a scenario's YAML, from a file or a built-in, with
// the name it goes by in errors.
func scenarioSource(arg string) (string, []byte, error) {
	if data, ok := scenarios.BuiltinSource(arg); ok {
		return "builtin:" + arg, data, nil
	}
	data, err := scenarios.ReadFile(arg)
	return arg, data, err
}

// houseRulesField is the field of a house-rules file's units: that sets
// the unit field at path (units.knights.models, formations[0].companies),
// or "" when none does: a sweep of it would run the same value every time.
func houseRulesField(rs options.Ruleset, path string) string {
	h, ok := rs.(*scenarios.HouseRules)
	if !ok {
		return ""
	}
	// Drop the list and the unit: units.knights.models or units[0].models.
	parts := strings.Split(path, ".")
	skip := 2
	if strings.Contains(parts[0], "[") {
		skip = 1
	}
	if len(parts) <= skip {
		return ""
	}
	rest := strings.Join(parts[skip:], ".")
	for field := range h.Units {
		if rest == field || strings.HasPrefix(rest, field+".") || strings.HasPrefix(field, rest+".") {
			return field
		}
	}
	return ""
}
