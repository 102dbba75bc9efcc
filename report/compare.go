package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/stats"
)

// Comparison is the result of sim compare: several columns (scenarios, or
// one scenario under several rulesets) run on common random numbers, each
// column's results, and every later column's difference from the first.
type Comparison struct {
	Kind       string   `json:"kind"` // "comparison"
	Columns    []Column `json:"columns"`
	Seed       uint64   `json:"seed"`
	SeedSource string   `json:"seed_source"`
	Trials     int64    `json:"trials"`
	Requested  int64    `json:"trials_requested"`
	Complete   bool     `json:"complete"`
	Version    string   `json:"version"`
	Dice       string   `json:"dice"`
	// CommonRandomNumbers is always true: in each trial every column rolls
	// the same dice, so the luck they share cancels from the differences.
	CommonRandomNumbers bool `json:"common_random_numbers"`
	// ByRole is true when units are named by their role in the fight
	// ("target", "first", "second") rather than their ids, so that
	// scenarios with different units line up.
	ByRole bool `json:"by_role,omitempty"`
	// Exact is true when every column was solved exactly (sim compare
	// --exact): the differences have no sampling error, and Trials is 0.
	Exact       bool                    `json:"exact,omitempty"`
	Results     map[string]*Section     `json:"results"`     // by column label
	Differences map[string]*DiffSection `json:"differences"` // by "LABEL-FIRST"
	// Names gives the units' names for people, by id (by role, with
	// ByRole, where every column's unit of that role has the same name),
	// for the labels of tables and charts.
	Names map[string]string `json:"names,omitempty"`
	// MetricOrder and EventOrder list the results in the models' order.
	MetricOrder []string `json:"metric_order"`
	EventOrder  []string `json:"event_order"`
	Timing      *Timing  `json:"timing,omitempty"`
}

// Column is one column of a comparison.
type Column struct {
	Label    string            `json:"label"`
	Scenario string            `json:"scenario"`
	Title    string            `json:"title,omitempty"`
	Ruleset  string            `json:"ruleset"`
	Rules    map[string]string `json:"rules,omitempty"` // options set on top of the preset
	// Costs are the points of the units that have them, by unit id (by
	// role with ByRole), for the table of results per 100 points.
	Costs map[string]Cost `json:"costs,omitempty"`
}

// Cost is a unit's points: its models, its points a model, and its total
// at that size.
type Cost struct {
	Models   int     `json:"models"`
	PerModel float64 `json:"points_per_model"`
	Total    float64 `json:"points"`
	// Side is the army the unit fights in where an army has several
	// units: no row pairs two units of one side.
	Side string `json:"side,omitempty"`
}

// Section is one column's results.
type Section struct {
	Metrics map[string]stats.Summary    `json:"metrics"`
	Events  map[string]stats.Proportion `json:"events"`
}

// DiffSection is one column's difference from the first: for a metric, the
// summary of the per-trial difference; for an event, of the per-trial
// difference of its indicator (-1, 0 or 1), whose mean is the difference of
// the probabilities.
type DiffSection struct {
	Metrics map[string]stats.Summary `json:"metrics"`
	Events  map[string]stats.Summary `json:"events"`
}

// NewComparison summarises a run of an [engine.Paired] model whose labels
// are those of cols, in order.
func NewComparison(cols []Column, seedSource, version string, res *engine.Result) (*Comparison, error) {
	if res.Trials == 0 {
		return nil, fmt.Errorf("no trials finished")
	}
	c := &Comparison{
		Kind: "comparison", Columns: cols, Seed: res.Seed, SeedSource: seedSource,
		Trials: res.Trials, Requested: res.Requested, Complete: res.Complete,
		Version: version, Dice: engine.StreamVersion, CommonRandomNumbers: true,
		Results: map[string]*Section{}, Differences: map[string]*DiffSection{},
	}
	base := cols[0].Label
	for _, col := range cols {
		c.Results[col.Label] = &Section{Metrics: map[string]stats.Summary{}, Events: map[string]stats.Proportion{}}
		if col.Label != base {
			c.Differences[col.Label+"-"+base] = &DiffSection{Metrics: map[string]stats.Summary{}, Events: map[string]stats.Summary{}}
		}
	}
	seen := map[string]bool{}
	for i, e := range res.Events {
		label, name, _ := strings.Cut(e, ":")
		c.Results[label].Events[name] = stats.Wilson(res.Count[i], res.Trials)
		if !seen["e:"+name] {
			seen["e:"+name] = true
			c.EventOrder = append(c.EventOrder, name)
		}
	}
	for i, m := range res.Metrics {
		prefix, name, _ := strings.Cut(m.Name, ":")
		s, err := stats.Summarize(res.Hist[i])
		if err != nil {
			return nil, fmt.Errorf("metric %s: %w", m.Name, err)
		}
		s = s.Shift(m.Min)
		if sec, ok := c.Results[prefix]; ok {
			sec.Metrics[name] = s
			if !seen["m:"+name] {
				seen["m:"+name] = true
				c.MetricOrder = append(c.MetricOrder, name)
			}
			continue
		}
		d, ok := c.Differences[prefix]
		if !ok {
			return nil, fmt.Errorf("report: metric %q belongs to no column", m.Name)
		}
		if _, isEvent := c.Results[base].Events[name]; isEvent {
			d.Events[name] = s
		} else {
			d.Metrics[name] = s
		}
	}
	return c, nil
}

// NewExactComparison is a comparison of columns solved exactly: exacts
// [i] is column i's solution, with its results named as the columns'
// common names (rename). Each difference is the difference of the exact
// values, its interval a point.
func NewExactComparison(cols []Column, version string, exacts []*engine.Exact) (*Comparison, error) {
	c := &Comparison{
		Kind: "comparison", Columns: cols, SeedSource: "none", Complete: true, Exact: true,
		Version: version, Dice: engine.StreamVersion,
		Results: map[string]*Section{}, Differences: map[string]*DiffSection{},
	}
	seen := map[string]bool{}
	for i, col := range cols {
		e, err := exactSection(exacts[i])
		if err != nil {
			return nil, err
		}
		c.Results[col.Label] = &Section{Metrics: e.Metrics, Events: e.Events}
		for _, m := range exacts[i].Metrics {
			if !seen["m:"+m.Name] {
				seen["m:"+m.Name] = true
				c.MetricOrder = append(c.MetricOrder, m.Name)
			}
		}
		for _, name := range exacts[i].Events {
			if !seen["e:"+name] {
				seen["e:"+name] = true
				c.EventOrder = append(c.EventOrder, name)
			}
		}
	}
	base := c.Results[cols[0].Label]
	point := func(d float64) stats.Summary { return stats.Summary{Mean: d, CI95: [2]float64{d, d}} }
	for _, col := range cols[1:] {
		r := c.Results[col.Label]
		d := &DiffSection{Metrics: map[string]stats.Summary{}, Events: map[string]stats.Summary{}}
		for name, s := range r.Metrics {
			if b, ok := base.Metrics[name]; ok {
				d.Metrics[name] = point(s.Mean - b.Mean)
			}
		}
		for name, p := range r.Events {
			if b, ok := base.Events[name]; ok {
				d.Events[name] = point(p.P - b.P)
			}
		}
		c.Differences[col.Label+"-"+cols[0].Label] = d
	}
	return c, nil
}

// Tables is the comparison as tables: events, then metric means, one column
// per column of the comparison and one per difference, with its interval.
// For people (text, Markdown) the rows are named in words, with the units'
// names ("Empire Knights win"); csv keeps the JSON's names, for scripts.
func (c *Comparison) Tables(csv bool) []Table {
	base := c.Columns[0].Label
	var labels, diffs []string
	for _, col := range c.Columns {
		labels = append(labels, col.Label)
		if col.Label != base {
			diffs = append(diffs, col.Label)
		}
	}
	head := func(first string) []string {
		h := append([]string{first}, labels...)
		interval := "95% interval"
		if c.Exact {
			interval = "interval (exact)"
		}
		for _, l := range diffs {
			h = append(h, l+" − "+base, interval)
		}
		return h
	}
	ev := Table{Title: c.title(), Header: head("event: P")}
	label := func(name string, words func(string, map[string]string) string) string {
		if csv {
			return name
		}
		return words(name, c.Names)
	}
	for _, name := range c.EventOrder {
		row := []string{label(name, EventLabel)}
		for _, l := range labels {
			if p, ok := c.Results[l].Events[name]; ok {
				row = append(row, num(p.P, csv))
			} else {
				row = append(row, "—")
			}
		}
		for _, l := range diffs {
			row = append(row, diffCells(c.Differences[l+"-"+base].Events, name, csv)...)
		}
		ev.Rows = append(ev.Rows, row)
	}
	mt := Table{Header: head("metric: mean")}
	for _, name := range c.MetricOrder {
		row := []string{label(name, MetricLabel)}
		for _, l := range labels {
			if s, ok := c.Results[l].Metrics[name]; ok {
				row = append(row, num(s.Mean, csv))
			} else {
				row = append(row, "—")
			}
		}
		for _, l := range diffs {
			row = append(row, diffCells(c.Differences[l+"-"+base].Metrics, name, csv)...)
		}
		mt.Rows = append(mt.Rows, row)
	}
	mt.Notes = c.notes()
	var out []Table
	if len(ev.Rows) > 0 {
		out = append(out, ev)
	} else {
		mt.Title = c.title()
	}
	out = append(out, mt)
	if pt, ok := c.pointsTable(labels, csv); ok {
		pt.Notes = mt.Notes
		out[len(out)-1].Notes = nil
		out = append(out, pt)
	}
	return out
}

// modelsWord is "model" for one, else "models".
func modelsWord(n int) string {
	if n == 1 {
		return "model"
	}
	return "models"
}

// possessive is name's: "Trolls'", "Test Knight's".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// pointsTable is, where units have points, each unit's cost and models,
// and for each pair of priced units u and v of different sides whose
// casualties are a metric, v's points killed per 100 points of u: mean v.casualties times v's
// points a model, times 100, over u's cost.
func (c *Comparison) pointsTable(labels []string, csv bool) (Table, bool) {
	var ids []string
	for _, col := range c.Columns {
		for id := range col.Costs {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return Table{}, false
	}
	slices.Sort(ids)
	name := func(id string) string {
		if n := c.Names[id]; n != "" && !csv {
			return n
		}
		return id
	}
	value := func(x float64) string {
		if csv {
			return num(x, true)
		}
		return fmt.Sprintf("%.1f", x)
	}
	t := Table{Header: append([]string{"points"}, labels...)}
	for _, id := range ids {
		row := []string{name(id)}
		for _, col := range c.Columns {
			if k, ok := col.Costs[id]; ok {
				row = append(row, fmt.Sprintf("%s (%d %s)", strconv.FormatFloat(k.Total, 'f', -1, 64), k.Models, modelsWord(k.Models)))
			} else {
				row = append(row, "—")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	for _, u := range ids {
		for _, v := range ids {
			if u == v {
				continue
			}
			row := []string{fmt.Sprintf("%s points killed per 100 of %s", possessive(name(v)), name(u))}
			any := false
			for i, col := range c.Columns {
				ku, oku := col.Costs[u]
				kv, okv := col.Costs[v]
				m, okm := c.Results[labels[i]].Metrics[v+".casualties"]
				if !oku || !okv || !okm || ku.Total <= 0 || ku.Side != "" && ku.Side == kv.Side {
					row = append(row, "—")
					continue
				}
				any = true
				row = append(row, value(m.Mean*kv.PerModel*100/ku.Total))
			}
			if any {
				t.Rows = append(t.Rows, row)
			}
		}
	}
	return t, true
}

func diffCells(m map[string]stats.Summary, name string, csv bool) []string {
	s, ok := m[name]
	if !ok {
		return []string{"—", ""}
	}
	if csv {
		return []string{num(s.Mean, true), fmt.Sprintf("[%s, %s]", num(s.CI95[0], true), num(s.CI95[1], true))}
	}
	return []string{fmt.Sprintf("%+.4f", s.Mean), fmt.Sprintf("[%+.4f, %+.4f]", s.CI95[0], s.CI95[1])}
}

func (c *Comparison) title() string {
	var cols []string
	for _, col := range c.Columns {
		cols = append(cols, col.Label+" = "+col.Scenario+" under "+RulesetText(col.Ruleset, col.Rules))
	}
	t := fmt.Sprintf("compare %s; %s trials each, seed %d", strings.Join(cols, "; "), thousands(c.Trials), c.Seed)
	if c.Exact {
		return fmt.Sprintf("compare %s; solved exactly", strings.Join(cols, "; "))
	}
	if c.SeedSource == "random" {
		t += " (drawn at random)"
	}
	if !c.Complete {
		t += fmt.Sprintf("; PARTIAL: interrupted after %s of %s trials", thousands(c.Trials), thousands(c.Requested))
	}
	return t
}

func (c *Comparison) notes() []string {
	if c.Exact {
		n := []string{"Every column is solved exactly: the values and their differences have no sampling error."}
		if c.ByRole {
			n = append(n, "Units are named by their role in each fight: a volley's target, a close combat's first and second sides.")
		}
		return n
	}
	n := []string{
		"Common random numbers: in each trial every column starts from the same dice, so the luck they share",
		"cancels from the differences (how much depends on how alike the columns roll). Each difference's",
		"interval comes from the per-trial differences themselves, so it holds either way.",
	}
	if c.ByRole {
		n = append(n, "Units are named by their role in each fight: a volley's target, a close combat's first and second sides.")
	}
	if c.SeedSource == "random" {
		n = append(n, fmt.Sprintf("The seed was drawn at random; rerun with --seed %d to get these numbers again.", c.Seed))
	}
	return n
}
