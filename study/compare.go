package study

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// CompareOptions is a comparison (sim compare): one column for each
// scenario under each ruleset.
type CompareOptions struct {
	Scenarios []string // scenario files or built-ins' names
	// Rules is comma-separated rulesets (--rules), a column each; ""
	// runs each scenario under its own.
	Rules  string
	Trials int64 // trials per column; 0: the first scenario's, else 1,000,000
	// Exact solves every column exactly, with exact differences; if one
	// cannot be, they are all simulated, with a note.
	Exact bool
	// Points, if not nil, fights at equal points: each unit that has
	// points takes as many models as this many points buy.
	Points *float64
	// ByRole names units by their role (target; first, second side), so
	// that scenarios with different unit ids line up; a comparison whose
	// columns share no result is by role whatever this says.
	ByRole bool
}

// Compare runs the columns side by side on common random numbers (in
// each trial every column starts from the same dice), or solves them all
// exactly. An interrupted comparison holds the trials that finished and
// is not Complete; one interrupted before any trial finished is
// ErrNoTrials.
func Compare(ctx context.Context, s Setup, o CompareOptions) (*report.Comparison, error) {
	rules, err := compareRules(o.Rules, len(o.Scenarios))
	if err != nil {
		return nil, err
	}
	c, err := openColumns(s, o, rules)
	if err != nil {
		return nil, err
	}
	if o.Exact {
		if cmp, err := c.exactly(s); cmp != nil || err != nil {
			return cmp, err
		}
	}
	return c.simulate(ctx, s, o.Trials)
}

// compareRules splits --rules into its rulesets, and refuses a
// comparison of fewer than two columns or too many.
func compareRules(flag string, scenarios int) ([]string, error) {
	var rules []string
	if flag != "" {
		rules = strings.Split(flag, ",")
	}
	for i, r := range rules {
		if strings.TrimSpace(r) == "" {
			return nil, failure.Usagef("compare: --rules %q has no ruleset in place %d; write rulesets separated by single commas, as in 6th,8th", flag, i+1)
		}
	}
	if scenarios == 1 && len(rules) < 2 {
		return nil, failure.Usagef("compare: give two or more scenarios, or one scenario and two or more rulesets with --rules")
	}
	if err := checkColumns(scenarios, len(rules)); err != nil {
		return nil, err
	}
	return rules, nil
}

// columns are a comparison's columns, opened.
type columns struct {
	cols   []report.Column
	plans  []*scenarios.Plan
	models []engine.Model // renamed by role when byRole
	byRole bool
}

// A column is a scenario under a ruleset ("" for its own).
type column struct{ scenario, rules string }

// openColumns opens one column per scenario and ruleset, each scenario's
// warnings said once, and names the units by role if asked or if the
// columns share no result.
func openColumns(s Setup, o CompareOptions, rules []string) (*columns, error) {
	var specs []column
	for _, sc := range o.Scenarios {
		if len(rules) == 0 {
			specs = append(specs, column{sc, ""})
		}
		for _, r := range rules {
			specs = append(specs, column{sc, r})
		}
	}
	c := &columns{}
	var roled []engine.Model
	labels, warned := map[string]bool{}, map[string]bool{}
	for _, sp := range specs {
		plan, err := openColumn(sp, o.Points, c.plans)
		if err != nil {
			return nil, err
		}
		if !warned[sp.scenario] {
			s.warn(plan) // once a scenario, whatever its rulesets
			warned[sp.scenario] = true
		}
		label := columnLabel(sp.scenario, sp.rules, plan.Name, len(o.Scenarios) > 1, len(rules) > 1)
		for base, n := label, 2; labels[label]; n++ {
			label = fmt.Sprintf("%s#%d", base, n)
		}
		labels[label] = true
		c.plans = append(c.plans, plan)
		c.cols = append(c.cols, report.Column{Label: label, Scenario: plan.Name, Title: plan.Title,
			Ruleset: plan.RulesetName, Rules: plan.Rules, Costs: columnCosts(plan)})
		c.models = append(c.models, plan.Model)
		roled = append(roled, engine.Renamed(plan.Model, roleNames(plan)))
	}
	if o.ByRole || !shareResults(c.models) {
		c.models, c.byRole = roled, true
		for i := range c.cols {
			c.cols[i].Costs = byRoleCosts(c.cols[i].Costs, c.plans[i].Roles)
		}
	}
	return c, nil
}

// openColumn opens a column's scenario, at points if given, and refuses
// one of another game than the columns opened before it.
func openColumn(sp column, points *float64, before []*scenarios.Plan) (*scenarios.Plan, error) {
	plan, err := Open(sp.scenario, sp.rules)
	if err != nil {
		return nil, err
	}
	if points != nil {
		if plan, err = atPoints(plan, sp.scenario, sp.rules, *points); err != nil {
			return nil, err
		}
	}
	if len(before) > 0 && plan.Game != before[0].Game {
		first := before[0]
		return nil, failure.Usagef("compare: %s is a %s scenario and %s a %s one; compare scenarios of one game",
			first.Name, scenarios.Title(first.Game), plan.Name, scenarios.Title(plan.Game))
	}
	return plan, nil
}

// exactly is the comparison of the columns solved exactly, or nil when
// one of them cannot be: that is said in a note, and the caller simulates
// them all.
func (c *columns) exactly(s Setup) (*report.Comparison, error) {
	var exacts []*engine.Exact
	for i, plan := range c.plans {
		ex, err := solve("compare: --exact", plan, plan.Name)
		if err != nil {
			s.note(fmt.Sprintf("%v; comparing the simulated answers instead", err))
			return nil, nil
		}
		if c.byRole {
			ex = renamedExact(ex, c.models[i])
		}
		exacts = append(exacts, ex)
	}
	cmp, err := report.NewExactComparison(c.cols, s.Version, exacts)
	if err != nil {
		return nil, err
	}
	cmp.ByRole, cmp.Names = c.byRole, comparisonNames(c.plans, c.byRole)
	return cmp, nil
}

// simulate runs the columns as one paired model, trials trials (0: the
// first scenario's, else the default) on the first scenario's seed unless
// one is asked for.
func (c *columns) simulate(ctx context.Context, s Setup, trials int64) (*report.Comparison, error) {
	names := make([]string, len(c.cols))
	for i, col := range c.cols {
		names[i] = col.Label
	}
	paired, err := engine.NewPaired(names, c.models)
	if err != nil {
		return nil, err
	}
	first := c.plans[0]
	cfg := s.config(chooseTrials(trials, first.Trials))
	var source string
	cfg.Seed, source = s.seed(first.Seed)
	s.begin(cfg.Trials)
	start := time.Now()
	res, err := s.Scale.Run(ctx, paired, cfg)
	if err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	if res.Trials == 0 {
		return nil, ErrNoTrials
	}
	cmp, err := report.NewComparison(c.cols, source, s.Version, res)
	if err != nil {
		return nil, err
	}
	cmp.ByRole, cmp.Names = c.byRole, comparisonNames(c.plans, c.byRole)
	cmp.Timing = timing(elapsed.Seconds(), res.Trials, cfg.Workers)
	return cmp, nil
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
		if err := belowMinimum("compare", points, id+" in "+arg, c, n); err != nil {
			return nil, err
		}
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
		out[id] = report.Cost{Models: c.Models, PerModel: c.PerModel, Total: c.Total(), Side: c.Side}
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
		if c.Side != "" {
			c.Side = scenarios.OrDefault(roles[c.Side], c.Side)
		}
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
// sides; a result that Roles names whole ("knights.wins") goes by that
// role before its unit's.
func roleNames(p *scenarios.Plan) func(string) string {
	return func(name string) string {
		unit, rest, ok := strings.Cut(name, ".")
		if role, known := p.Roles[name]; ok && known {
			return role + "." + rest // a result the Roles name whole
		}
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

// renamedExact is ex with its results named as m names them (m is the
// renamed model of ex's).
func renamedExact(ex *engine.Exact, m engine.Model) *engine.Exact {
	r := *ex
	r.Metrics = m.Metrics()
	r.Events = m.Events()
	return &r
}
