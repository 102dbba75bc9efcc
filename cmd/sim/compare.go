package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
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
	rulesFlag := fs.String("rules", "", "comma-separated rulesets, one column each (default: each scenario's own)")
	trials := trialsFlag(fs, 0, "trials per column (default: the first scenario's, else 1000000)")
	seed := seedFlag(fs, "random seed (default: drawn at random and printed)")
	workers := workersFlag(fs)
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	pf := addPlotFlags(fs, `"outcomes=FILE" charts who wins in each column, "METRIC=FILE" one metric (default: the casualties)`)
	quiet := fs.Bool("quiet", false, "no progress bar (it is drawn only on a terminal, for runs longer than a second)")
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
	if err := checkFormat("compare", *format); err != nil {
		return err
	}
	jobs, popts, err := pf.check("compare")
	if err != nil {
		return err
	}
	if err := checkDestinations("compare", *out, jobs, append(rulesFiles(*rulesFlag), pos...)...); err != nil {
		return err
	}
	var rules []string
	if *rulesFlag != "" {
		rules = strings.Split(*rulesFlag, ",")
	}
	for i, r := range rules {
		if strings.TrimSpace(r) == "" {
			return failure.Usagef("compare: --rules %q has no ruleset in place %d; write rulesets separated by single commas, as in 6th,8th", *rulesFlag, i+1)
		}
	}
	if len(pos) == 1 && len(rules) < 2 {
		return failure.Usagef("compare: give two or more scenarios, or one scenario and two or more rulesets with --rules")
	}

	if err := checkColumns(len(pos), len(rules)); err != nil {
		return err
	}
	// One column per scenario and ruleset.
	type col struct{ scenario, rules string }
	var specs []col
	for _, s := range pos {
		if len(rules) == 0 {
			specs = append(specs, col{s, ""})
		}
		for _, r := range rules {
			specs = append(specs, col{s, r})
		}
	}
	var cols []report.Column
	var models, roled []engine.Model
	var first *scenarios.Plan
	var plans []*scenarios.Plan
	labels, warned := map[string]bool{}, map[string]bool{}
	for _, sp := range specs {
		plan, err := openPlan(sp.scenario, sp.rules)
		if err != nil {
			return err
		}
		if set(fs, "points") {
			if plan, err = atPoints(plan, sp.scenario, sp.rules, *points); err != nil {
				return err
			}
		}
		if first != nil && plan.Game != first.Game {
			return failure.Usagef("compare: %s is a %s scenario and %s a %s one; compare scenarios of one game",
				first.Name, scenarios.Title(first.Game), plan.Name, scenarios.Title(plan.Game))
		}
		if !warned[sp.scenario] {
			warn(stderr, plan) // once a scenario, whatever its rulesets
			warned[sp.scenario] = true
		}
		if first == nil {
			first = plan
		}
		plans = append(plans, plan)
		label := columnLabel(sp.scenario, sp.rules, plan.Name, len(pos) > 1, len(rules) > 1)
		for base, n := label, 2; labels[label]; n++ {
			label = fmt.Sprintf("%s#%d", base, n)
		}
		labels[label] = true
		cols = append(cols, report.Column{Label: label, Scenario: plan.Name, Title: plan.Title,
			Ruleset: plan.RulesetName, Rules: plan.Rules, Costs: columnCosts(plan)})
		models = append(models, plan.Model)
		roled = append(roled, engine.Renamed(plan.Model, roleNames(plan)))
	}
	if *byRole || !shareResults(models) {
		models = roled
		*byRole = true
		for i := range cols {
			cols[i].Costs = byRoleCosts(cols[i].Costs, plans[i].Roles)
		}
	}
	if *exact {
		if done, err := compareExactly(cols, plans, models, *byRole, *out, *format, jobs, popts, stdout, stderr); done || err != nil {
			return err
		}
	}
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Label
	}
	paired, err := engine.NewPaired(names, models)
	if err != nil {
		return err
	}

	cfg := engine.Config{Trials: chooseTrials(fs, *trials, first.Trials), Workers: *workers}
	var source string
	cfg.Seed, source = chooseSeed(fs, *seed, first.Seed)
	bar := startedProgress(stderr, cfg.Trials, *quiet)
	cfg.Progress = bar.Update
	start := time.Now()
	res, err := sc.Run(ctx, paired, cfg)
	bar.done()
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if res.Trials == 0 {
		fmt.Fprintln(stderr, "sim: interrupted before any trial finished; nothing to report")
		return failure.ErrInterrupted
	}
	cmp, err := report.NewComparison(cols, source, version, res)
	if err != nil {
		return err
	}
	cmp.ByRole = *byRole
	cmp.Names = comparisonNames(plans, *byRole)
	cmp.Timing = &report.Timing{Seconds: elapsed.Seconds(), TrialsPerSecond: float64(res.Trials) / elapsed.Seconds(), Workers: cfg.Workers}
	if err := emitReport(*out, stdout, *format, cmp, cmp.Tables); err != nil {
		return err
	}
	if err := drawCharts(jobs, popts, func(w string, o plots.Options) (*plots.Chart, error) { return comparisonChart(cmp, w, o) }, stderr); err != nil {
		return err
	}
	if !res.Complete {
		fmt.Fprintf(stderr, "sim: interrupted after %d of %d trials; the output holds those trials only and is marked partial\n", res.Trials, res.Requested)
		return failure.ErrInterrupted
	}
	return nil
}

// atPoints is the plan with each unit that has points at as many models as
// points buy: the scenario's size field set, and the scenario loaded again.
func atPoints(plan *scenarios.Plan, arg, rules string, points float64) (*scenarios.Plan, error) {
	if !(points > 0) || points > scenarios.MaxPoints {
		return nil, failure.Usagef("compare: --points must be more than 0 and at most %d, got %v", scenarios.MaxPoints, points)
	}
	if len(plan.Costs) == 0 {
		return nil, failure.Usagef("compare: --points: no unit of %s has points; give its units points: (docs/import.md)", arg)
	}
	g, err := scenarios.Lookup(plan.Game)
	if err != nil || g.Library() == nil {
		return nil, failure.Usagef("compare: --points: %s units have no points yet", scenarios.Title(plan.Game))
	}
	lib := g.Library()
	file, data, err := scenarios.Source(arg)
	if err != nil {
		return nil, err
	}
	for _, id := range slices.Sorted(maps.Keys(plan.Costs)) {
		c := plan.Costs[id]
		n := c.ModelsFor(points)
		if n < 1 {
			return nil, failure.Usagef("compare: --points %v buys no %s in %s: a model costs %v points and the unit %v more", points, id, arg, c.PerModel, c.Fixed)
		}
		if data, err = scenarios.SetField(data, lib.UnitList()+"."+id+"."+lib.SizeField(), strconv.Itoa(n)); err != nil {
			return nil, err
		}
	}
	var rs options.Ruleset
	if rules != "" {
		if rs, err = scenarios.ParseRules(rules); err != nil {
			return nil, err
		}
	}
	return scenarios.LoadWith(file, data, rs)
}

// columnCosts are a plan's unit costs as a comparison reports them.
func columnCosts(p *scenarios.Plan) map[string]report.Cost {
	if len(p.Costs) == 0 {
		return nil
	}
	out := map[string]report.Cost{}
	for id, c := range p.Costs {
		out[id] = report.Cost{Models: c.Models, PerModel: c.PerModel, Total: c.Total()}
	}
	return out
}

// byRoleCosts renames costs by the units' roles; a unit with no role keeps
// its id.
func byRoleCosts(costs map[string]report.Cost, roles map[string]string) map[string]report.Cost {
	if costs == nil {
		return nil
	}
	out := map[string]report.Cost{}
	for id, c := range costs {
		out[scenarios.OrDefault(roles[id], id)] = c
	}
	return out
}

// columnLabel names a column by what tells it apart: the ruleset, the
// scenario, or both.
func columnLabel(arg, rules, name string, manyScenarios, manyRules bool) string {
	var l string
	switch {
	case manyScenarios && manyRules:
		l = name + "/" + rules
	case manyRules:
		l = rules
	default:
		l = name
	}
	return strings.ReplaceAll(l, ":", "_")
}

// roleNames renames a plan's units by the role its game gives them in the
// fight (Plan.Roles): a volley's target, a close combat's first and second
// sides.
func roleNames(p *scenarios.Plan) func(string) string {
	return func(name string) string {
		unit, rest, ok := strings.Cut(name, ".")
		if role, known := p.Roles[unit]; ok && known {
			return role + "." + rest
		}
		return name
	}
}

// shareResults reports whether every model shares at least one unit's
// metric ("trolls.casualties", not "rounds") with the first.
func shareResults(models []engine.Model) bool {
	names := map[string]bool{}
	for _, m := range models[0].Metrics() {
		names[m.Name] = true
	}
	for _, m := range models[1:] {
		shared := false
		for _, mt := range m.Metrics() {
			shared = shared || names[mt.Name] && strings.Contains(mt.Name, ".")
		}
		if !shared {
			return false
		}
	}
	return true
}

// compareExactly writes the comparison of cols solved exactly, and
// reports whether it did: a column the exact solver cannot solve is said
// on stderr, and the caller simulates them all.
func compareExactly(cols []report.Column, plans []*scenarios.Plan, models []engine.Model, byRole bool,
	out, format string, jobs []chartJob, popts plots.Options, stdout, stderr io.Writer) (bool, error) {
	var exacts []*engine.Exact
	for i, plan := range plans {
		ex, err := solve("compare: --exact", plan, plan.Name)
		if err != nil {
			fmt.Fprintf(stderr, "sim: %v; comparing the simulated answers instead\n", err)
			return false, nil
		}
		if byRole {
			ex = renamedExact(ex, models[i])
		}
		exacts = append(exacts, ex)
	}
	cmp, err := report.NewExactComparison(cols, version, exacts)
	if err != nil {
		return true, err
	}
	cmp.ByRole = byRole
	cmp.Names = comparisonNames(plans, byRole)
	if err := emitReport(out, stdout, format, cmp, cmp.Tables); err != nil {
		return true, err
	}
	return true, drawCharts(jobs, popts, func(w string, o plots.Options) (*plots.Chart, error) { return comparisonChart(cmp, w, o) }, stderr)
}

// renamedExact is ex with its results named as m names them (m is the
// renamed model of ex's).
func renamedExact(ex *engine.Exact, m engine.Model) *engine.Exact {
	r := *ex
	r.Metrics = m.Metrics()
	r.Events = m.Events()
	return &r
}
