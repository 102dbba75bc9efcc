package study

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// SweepOptions is a sweep (sim sweep): a scenario run at every value of
// one field, or every pair of values of two.
type SweepOptions struct {
	Scenario string   // a scenario file, or a built-in's name
	Vary     []string // PATH=FROM..TO[:STEP], once or twice
	Rules    string   // a ruleset spec in place of the scenario's; "" keeps it
	Trials   int64    // trials at each point
	// Exact solves each point exactly where it can be, and simulates the
	// others.
	Exact bool
}

// Sweep runs the scenario at every point, each on the same seed, the
// first field varying slowest. An interrupted sweep holds the points that
// finished (the last maybe cut short) and is not Complete.
func Sweep(ctx context.Context, s Setup, o SweepOptions) (*report.Sweep, error) {
	w, err := newSweeper(s, o)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if err := w.run(ctx); err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	simulated := int64(0)
	for _, p := range w.sw.Points {
		simulated += p.Trials
	}
	w.sw.Timing = timing(elapsed.Seconds(), simulated, w.cfg.Workers)
	return w.sw, nil
}

// A sweeper runs a sweep's points into its report.
type sweeper struct {
	s      Setup
	file   string // the scenario's name in errors
	src    []byte // its YAML, which each point edits
	rs     options.Ruleset
	params []scenarios.Vary
	cfg    engine.Config
	exact  bool
	sw     *report.Sweep
}

// newSweeper reads the fields to vary, the scenario and the ruleset, and
// checks the scenario as it is before any point.
func newSweeper(s Setup, o SweepOptions) (*sweeper, error) {
	var params []scenarios.Vary
	for _, v := range o.Vary {
		p, err := scenarios.ParseVary(v)
		if err != nil {
			return nil, failure.Usagef("sweep: %v", err)
		}
		params = append(params, p)
	}
	file, src, err := Source(o.Scenario)
	if err != nil {
		return nil, err
	}
	rs, err := sweepRules(o.Rules, params)
	if err != nil {
		return nil, err
	}
	base, err := scenarios.LoadWith(file, src, rs) // the scenario as it is, checked before any point
	if err != nil {
		return nil, err
	}
	s.warn(base)
	w := &sweeper{s: s, file: file, src: src, rs: rs, params: params, cfg: s.config(o.Trials), exact: o.Exact}
	var source string
	w.cfg.Seed, source = s.seed(base.Seed)
	w.sw = &report.Sweep{Kind: "sweep", Seed: w.cfg.Seed, SeedSource: source, Trials: w.cfg.Trials,
		Version: s.Version, Dice: engine.StreamVersion, Complete: true}
	for _, p := range params {
		vals := make([]string, len(p.Values))
		for i, v := range p.Values {
			vals[i] = p.Text(v)
		}
		named := "" // a path by ids words itself (report.FieldLabel)
		if strings.Contains(p.Path, "[") {
			named = scenarios.NamedPath(w.src, p.Path)
		}
		w.sw.Parameters = append(w.sw.Parameters, report.Parameter{Path: p.Path, Values: vals, Named: named})
	}
	return w, nil
}

// sweepRules is the ruleset spec rules ("": nil, the scenario's own), or
// a usage error where it would make a field swept have no effect.
func sweepRules(rules string, params []scenarios.Vary) (options.Ruleset, error) {
	if rules == "" {
		return nil, nil
	}
	for _, p := range params {
		if p.Path == "rules" || strings.HasPrefix(p.Path, "rules.") || p.Path == "ruleset" {
			return nil, failure.Usagef("sweep: --vary %s has no effect with --rules, which replaces the scenario's rules; vary the option with --rules alone in sim compare, or drop --rules", p.Path)
		}
	}
	rs, err := scenarios.ParseRules(rules)
	if err != nil {
		return nil, err
	}
	for _, p := range params {
		if field := houseRulesField(rs, p.Path); field != "" {
			return nil, failure.Usagef("sweep: --vary %s has no effect with --rules %s, whose units: sets %s on every unit that has it; drop that field from the house rules, or vary another", p.Path, rules, field)
		}
	}
	return rs, nil
}

// run runs every point in turn, until one is interrupted.
func (w *sweeper) run(ctx context.Context) error {
	points := grid(w.params)
	w.s.begin(int64(len(points)) * w.cfg.Trials)
	for i, point := range points {
		stop, err := w.point(ctx, int64(i)*w.cfg.Trials, point)
		if stop || err != nil {
			return err
		}
	}
	return nil
}

// point solves or runs the scenario at one point, whose trials count in
// the progress from offset; stop reports that the sweep stops there,
// interrupted.
func (w *sweeper) point(ctx context.Context, offset int64, point []string) (stop bool, err error) {
	plan, err := w.load(point)
	if err != nil {
		return true, err
	}
	if w.sw.Scenario == "" {
		w.describe(plan)
	}
	if ex := solveIf(w.exact, plan); ex != nil {
		rep, err := report.NewExact(report.Info{}, ex)
		if err != nil {
			return true, err
		}
		w.sw.Points = append(w.sw.Points, report.Point{Values: point, Exact: true, Metrics: rep.Metrics, Events: rep.Events})
		w.s.update(offset + w.cfg.Trials)
		return false, nil
	}
	cfg := w.cfg
	cfg.Progress = func(done int64) { w.s.update(offset + done) }
	res, err := w.s.Scale.Run(ctx, plan.Model, cfg)
	if err != nil {
		return true, err
	}
	if res.Trials == 0 {
		w.sw.Complete = false
		return true, nil
	}
	rep, err := report.New(report.Info{}, res)
	if err != nil {
		return true, err
	}
	w.sw.Points = append(w.sw.Points, report.Point{Values: point, Trials: res.Trials, Metrics: rep.Metrics, Events: rep.Events})
	if !res.Complete {
		w.sw.Complete = false
		return true, nil
	}
	return false, nil
}

// load is the scenario with its fields set to a point's values.
func (w *sweeper) load(point []string) (*scenarios.Plan, error) {
	data := w.src
	var desc []string
	for i, p := range w.params {
		var err error
		if data, err = scenarios.SetField(data, p.Path, point[i]); err != nil {
			return nil, failure.Usagef("sweep: %v", err)
		}
		desc = append(desc, p.Path+"="+point[i])
	}
	plan, err := scenarios.LoadWith(w.file, data, w.rs)
	if err != nil {
		var list scenarios.ErrorList
		if errors.As(err, &list) {
			// The lines are those of the changed scenario, not the
			// file's: name the field and the value instead.
			e := list[0]
			return nil, &failure.Input{Msg: fmt.Sprintf("sweep at %s: %s: %s", strings.Join(desc, ", "), e.Path, e.Msg)}
		}
		return nil, err
	}
	return plan, nil
}

// describe gives the sweep its scenario's names and results, from its
// first point.
func (w *sweeper) describe(plan *scenarios.Plan) {
	sw := w.sw
	sw.Scenario, sw.Title, sw.Ruleset, sw.Rules = plan.Name, plan.Title, plan.RulesetName, plan.Rules
	sw.Names = plan.Names
	var metrics []string
	for _, m := range plan.Model.Metrics() {
		metrics = append(metrics, m.Name)
	}
	sw.MetricOrder, sw.EventOrder = metrics, plan.Model.Events()
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
