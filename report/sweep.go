package report

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/stats"
)

// Sweep is the result of sim sweep: one scenario run at every value (or
// pair of values) of one or two of its fields, on the same seed.
type Sweep struct {
	Kind       string            `json:"kind"` // "sweep"
	Scenario   string            `json:"scenario"`
	Title      string            `json:"title,omitempty"`
	Ruleset    string            `json:"ruleset"`
	Rules      map[string]string `json:"rules,omitempty"`
	Parameters []Parameter       `json:"parameters"`
	Seed       uint64            `json:"seed"`
	SeedSource string            `json:"seed_source"`
	Trials     int64             `json:"trials"` // per point
	Complete   bool              `json:"complete"`
	Version    string            `json:"version"`
	Dice       string            `json:"dice"`
	Points     []Point           `json:"points"`
	// Names gives the units' names for people, by id, as a run's report
	// does, for the labels of tables and charts.
	Names map[string]string `json:"names,omitempty"`
	// MetricOrder and EventOrder list the results in the model's order.
	MetricOrder []string `json:"metric_order"`
	EventOrder  []string `json:"event_order"`
	Timing      *Timing  `json:"timing,omitempty"`
}

// Parameter is a field a sweep varies, and its values.
type Parameter struct {
	Path   string   `json:"path"`
	Values []string `json:"values"`
	// Named is Path with its list items named by their keys
	// (scenarios.NamedPath), where that differs, for the labels:
	// "fight.sides[empire].units[knights].charge_distance".
	Named string `json:"named,omitempty"`
}

// Label words the parameter for people (FieldLabel): by its named path
// where it has one.
func (p Parameter) Label(names map[string]string) string {
	if p.Named != "" {
		return FieldLabel(p.Named, names)
	}
	return FieldLabel(p.Path, names)
}

// Point is the sweep's result at one value of each parameter.
type Point struct {
	Values  []string                    `json:"values"`          // one per parameter
	Trials  int64                       `json:"trials"`          // fewer than the sweep's when it was interrupted here; 0 when solved exactly
	Exact   bool                        `json:"exact,omitempty"` // solved exactly (sim sweep --exact), not simulated
	Metrics map[string]stats.Summary    `json:"metrics"`
	Events  map[string]stats.Proportion `json:"events"`
}

// Headline picks the results a sweep's table shows: who wins (and draws)
// and the casualties, for a fight; wounds, casualties and the target
// destroyed, for a volley.
func Headline(metrics []string, events []string) (ms, es []string) {
	for _, e := range events {
		if strings.HasSuffix(e, ".wins") || e == "draw" {
			es = append(es, e)
		}
	}
	for _, m := range metrics {
		if strings.HasSuffix(m, ".casualties") || len(es) == 0 && strings.HasSuffix(m, ".wounds") {
			ms = append(ms, m)
		}
	}
	if len(es) == 0 {
		for _, e := range events {
			if strings.HasSuffix(e, ".destroyed") {
				es = append(es, e)
			}
		}
	}
	return ms, es
}

// Table is the sweep as one table: a row per point, its parameter values,
// then each headline event's probability and metric's mean. In text and
// Markdown a value carries the half-width of its 95% interval (0.494±0.003),
// and the columns are named in words ("Empire Knights: models", "P(Empire
// Knights win)"); in CSV the interval has columns of its own, and the
// columns keep the paths and names of the JSON, for scripts.
func (s *Sweep) Table(metrics, events []string, csv bool) Table {
	t := Table{Title: s.title()}
	for _, p := range s.Parameters {
		if csv {
			t.Header = append(t.Header, p.Path)
		} else {
			t.Header = append(t.Header, p.Label(s.Names))
		}
	}
	for _, e := range events {
		if csv {
			t.Header = append(t.Header, "P("+e+")", e+"_ci95_low", e+"_ci95_high")
		} else {
			t.Header = append(t.Header, "P("+EventLabel(e, s.Names)+")")
		}
	}
	for _, m := range metrics {
		if csv {
			t.Header = append(t.Header, "mean "+m, m+"_ci95_low", m+"_ci95_high")
		} else {
			t.Header = append(t.Header, MetricLabel(m, s.Names)+" (mean)")
		}
	}
	exact := s.anyExact()
	if exact {
		t.Header = append(t.Header, "solved")
	}
	for _, p := range s.Points {
		cell := func(v float64, ci [2]float64) []string {
			switch {
			case csv:
				return []string{num(v, true), num(ci[0], true), num(ci[1], true)}
			case p.Exact:
				return []string{fmt.Sprintf("%.3f", v)}
			}
			return []string{fmt.Sprintf("%.3f±%.3f", v, (ci[1]-ci[0])/2)}
		}
		row := append([]string(nil), p.Values...)
		for _, e := range events {
			row = append(row, cell(p.Events[e].P, p.Events[e].CI95)...)
		}
		for _, m := range metrics {
			row = append(row, cell(p.Metrics[m].Mean, p.Metrics[m].CI95)...)
		}
		if exact {
			row = append(row, solvedText(p.Exact))
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = []string{"Every point runs on the same seed, so neighbouring rows share their luck and the trend shows clearly."}
	switch {
	case trialsText(s.Trials, "point", s.Points) == "solved exactly":
		t.Notes = []string{"Every point is solved exactly, with no sampling error."}
		return t
	case exact:
		t.Notes = append(t.Notes, "Points solved exactly have no sampling error; the others are simulated.")
	}
	if s.SeedSource == "random" {
		t.Notes = append(t.Notes, fmt.Sprintf("The seed was drawn at random; rerun with --seed %d to get these numbers again.", s.Seed))
	}
	return t
}

// trialsText says how the points (or cells) were worked out: "100,000
// trials a point", "solved exactly", or "100,000 trials a point where
// simulated".
func trialsText[T interface{ solved() bool }](trials int64, what string, points []T) string {
	n := 0
	for _, p := range points {
		if p.solved() {
			n++
		}
	}
	t := fmt.Sprintf("%s trials a %s", thousands(trials), what)
	switch {
	case n > 0 && n == len(points):
		return "solved exactly"
	case n > 0:
		return t + " where simulated"
	}
	return t
}

func (p Point) solved() bool { return p.Exact }
func (c Cell) solved() bool  { return c.Exact }

// anyExact reports whether a point was solved exactly.
func (s *Sweep) anyExact() bool {
	for _, p := range s.Points {
		if p.Exact {
			return true
		}
	}
	return false
}

// solvedText says how a point or cell was worked out.
func solvedText(exact bool) string {
	if exact {
		return "exact"
	}
	return "simulated"
}

func (s *Sweep) title() string {
	t := fmt.Sprintf("sweep %s: %s, %s, seed %d", s.Scenario, RulesetText(s.Ruleset, s.Rules), trialsText(s.Trials, "point", s.Points), s.Seed)
	if s.SeedSource == "random" {
		t += " (drawn at random)"
	}
	if !s.Complete {
		t += "; PARTIAL: interrupted, the last points are missing or short"
	}
	return t
}
