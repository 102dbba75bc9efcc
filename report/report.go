// Package report is the output of a run: the document that `sim run`
// writes as JSON (docs/output.md is its manual, and its field names are
// stable) or as a text summary, and that charts are drawn from.
package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/stats"
)

// Report is the result of one run, with its provenance.
type Report struct {
	Scenario string `json:"scenario"`
	Title    string `json:"title,omitempty"`
	Ruleset  string `json:"ruleset"`
	// Rules lists the options set on top of the ruleset's preset.
	Rules map[string]string `json:"rules,omitempty"`
	Seed  uint64            `json:"seed"`
	// SeedSource says where the seed came from: "flag", "scenario" or
	// "random" (drawn for this run; rerun with it to reproduce the run).
	SeedSource string `json:"seed_source"`
	Trials     int64  `json:"trials"`
	Requested  int64  `json:"trials_requested"`
	// Complete is false when the run was interrupted: the results are then
	// those of the trials that finished.
	Complete bool   `json:"complete"`
	Version  string `json:"version"`
	// Dice names the dice streams (engine.StreamVersion): a seed gives the
	// same numbers only with the same streams.
	Dice    string                      `json:"dice"`
	Metrics map[string]stats.Summary    `json:"metrics"`
	Events  map[string]stats.Proportion `json:"events"`
	Exact   *Exact                      `json:"exact,omitempty"`
	// Names gives the units' names for people, by id ("knights": "Empire
	// Knights"), for tables and charts; units without one are left out.
	Names map[string]string `json:"names,omitempty"`
	// Timing is kept apart so that two runs can be compared byte for byte
	// without it.
	Timing *Timing `json:"timing,omitempty"`

	// MetricOrder and EventOrder list the metrics and events in the
	// model's order, which reads better than the maps' sorted keys: the
	// text summary and charts follow it.
	MetricOrder []string `json:"metric_order"`
	EventOrder  []string `json:"event_order"`

	// Lines describe what was simulated, for the text summary.
	Lines []string `json:"-"`
}

// Exact holds exactly computed results beside the sampled ones.
type Exact struct {
	Metrics map[string]stats.Summary    `json:"metrics"`
	Events  map[string]stats.Proportion `json:"events"`
}

// Timing is how long the run took, and on how many workers.
type Timing struct {
	Seconds         float64 `json:"seconds"`
	TrialsPerSecond float64 `json:"trials_per_second"`
	Workers         int     `json:"workers"`
}

// Info is what a report says about where its numbers came from.
type Info struct {
	Scenario, Title, Ruleset string
	Rules                    map[string]string
	SeedSource               string
	Version                  string
	Lines                    []string
	Names                    map[string]string // unit id → name for people
}

// New summarises a run's result.
func New(info Info, res *engine.Result) (*Report, error) {
	r := newReport(info)
	r.Seed, r.Trials, r.Requested, r.Complete = res.Seed, res.Trials, res.Requested, res.Complete
	if res.Trials == 0 {
		return nil, fmt.Errorf("no trials finished")
	}
	for i, m := range res.Metrics {
		s, err := stats.Summarize(res.Hist[i])
		if err != nil {
			return nil, fmt.Errorf("metric %s: %w", m.Name, err)
		}
		r.Metrics[m.Name] = s.Shift(m.Min)
		r.MetricOrder = append(r.MetricOrder, m.Name)
	}
	for i, e := range res.Events {
		r.Events[e] = stats.Wilson(res.Count[i], res.Trials)
		r.EventOrder = append(r.EventOrder, e)
	}
	return r, nil
}

// NewExact makes a report of exact results alone (sim exact).
func NewExact(info Info, ex *engine.Exact) (*Report, error) {
	r := newReport(info)
	r.Complete = true
	e, err := exactSection(ex)
	if err != nil {
		return nil, err
	}
	r.Metrics, r.Events = e.Metrics, e.Events
	for _, m := range ex.Metrics {
		r.MetricOrder = append(r.MetricOrder, m.Name)
	}
	r.EventOrder = append(r.EventOrder, ex.Events...)
	return r, nil
}

// AddExact puts exact results beside the sampled ones (sim run --exact).
func (r *Report) AddExact(ex *engine.Exact) error {
	e, err := exactSection(ex)
	if err == nil {
		r.Exact = e
	}
	return err
}

func exactSection(ex *engine.Exact) (*Exact, error) {
	e := &Exact{Metrics: map[string]stats.Summary{}, Events: map[string]stats.Proportion{}}
	for i, m := range ex.Metrics {
		s, err := stats.Exact(ex.PMF[i])
		if err != nil {
			return nil, fmt.Errorf("exact metric %s: %w", m.Name, err)
		}
		e.Metrics[m.Name] = s.Shift(m.Min)
	}
	for i, name := range ex.Events {
		e.Events[name] = stats.ExactProportion(ex.P[i])
	}
	return e, nil
}

func newReport(info Info) *Report {
	return &Report{
		Scenario:   info.Scenario,
		Title:      info.Title,
		Ruleset:    info.Ruleset,
		Rules:      info.Rules,
		SeedSource: info.SeedSource,
		Version:    info.Version,
		Dice:       engine.StreamVersion,
		Metrics:    map[string]stats.Summary{},
		Events:     map[string]stats.Proportion{},
		Lines:      info.Lines,
		Names:      info.Names,
	}
}

// MetricNames lists the report's metrics in the model's order (sorted, for
// a report read back from JSON).
func (r *Report) MetricNames() []string { return r.metrics() }

// EventNames lists the report's events in the model's order (sorted, for a
// report read back from JSON).
func (r *Report) EventNames() []string { return r.events() }

// RulesetText names a ruleset and the options set on it, for titles and
// subtitles: "ruleset 6th with fear=none, stomp=yes".
func RulesetText(ruleset string, rules map[string]string) string {
	s := "ruleset " + ruleset
	if len(rules) > 0 {
		var opts []string
		for _, k := range slices.Sorted(maps.Keys(rules)) {
			opts = append(opts, k+"="+rules[k])
		}
		s += " with " + strings.Join(opts, ", ")
	}
	return s
}
