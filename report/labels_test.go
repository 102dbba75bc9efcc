package report

import (
	"slices"
	"testing"

	"github.com/wargamesim/sim/stats"
)

func TestLabels(t *testing.T) {
	t.Parallel()
	names := map[string]string{"knights": "Empire Knights", "trolls": "Trolls", "knights.captain": "Captain Kurt"}
	for _, c := range []struct {
		got, want, why string
	}{
		{EventLabel("knights.wins", names), "Empire Knights win", "a known event, with the unit's name (issue 13)"},
		{EventLabel("knights.wins", nil), "knights win", "no name: the id"},
		{EventLabel("trolls.lost_regeneration", names), "Trolls lose Regeneration", "a known event"},
		{EventLabel("draw", names), "draw", "no unit"},
		{EventLabel("duel_fought", nil), "duel fought", "no unit: words"},
		{EventLabel("aragorn.wins_duel", map[string]string{"aragorn": "Aragorn"}), "Aragorn wins a duel", "a War of the Ring event"},
		{EventLabel("knights.wins_on_result", names), "Empire Knights: wins on result", "unknown: the name and the event in words"},
		{EventLabel("knights.captain.slain", names), "Captain Kurt slain", "a character named in names: the longest known prefix"},
		{EventLabel("knights.hero.slain", names), "Empire Knights: hero slain", "a character with no name: the unit's, and the rest in words"},
		{MetricLabel("knights.captain.wounds", names), "Captain Kurt: wounds", "a character's metric"},
		{EventLabel("orcs.falls_back", map[string]string{"orcs": "Orc Warriors (Gorbag's Morgul Rats)"}), "Orc Warriors (Gorbag's Morgul Rats) fall back", "a name with brackets of its own"},
		{MetricLabel("knights.casualties", names), "Empire Knights: models lost", "a unit's metric: its name and the quantity"},
		{MetricLabel("ogres.casualties", names), "ogres: models lost", "a unit without a name"},
		{MetricLabel("combat_result_difference", names), "combat result difference", "a fight's metric"},
		{MetricLabel("rounds", nil), "rounds fought", "a fight's metric"},
		{MetricLabel("ogres.panic_tests", nil), "ogres: panic tests", "unknown: spaces for underscores"},
		{FieldLabel("units.knights.models", names), "Empire Knights: models", "a unit's field: the unit's name, not units.knights.models (issue 13)"},
		{FieldLabel("units.knights.mount.profile.A", names), "Empire Knights: mount profile A", "a field deeper in"},
		{FieldLabel("formations.arnor.companies", nil), "arnor: companies", "another game's list, no name"},
		{FieldLabel("units[1].profile.Ld", names), "units[1]: profile Ld", "an item by index keeps it"},
		{FieldLabel("units[knights].mount.profile.A", names), "Empire Knights: mount profile A", "an item by its key (scenarios.NamedPath)"},
		{FieldLabel("fight.sides[empire].units[knights].charge_distance", names), "Empire Knights: charge distance", "an army's unit: the unit, not the army that holds it"},
		{FieldLabel("fight.sides[orcs].units[ogres].fights[knights].models", names), "ogres: models (fights Empire Knights)", "a keyed item after the subject qualifies the field"},
		{FieldLabel("fight.sides[knights].charge_distance", names), "Empire Knights: charge distance", "a side that is its unit"},
		{FieldLabel("fight.max_rounds", names), "fight max rounds", "not a list's item"},
		{FieldLabel("rules.rank_bonus_width", names), "rules rank bonus width", "a rule option"},
		{FieldLabel("ruleset", names), "ruleset", "one word"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q (%s)", c.got, c.want, c.why)
		}
	}
}

// Tables for people name a sweep's fields and results in words, with the
// units' names; CSV keeps the JSON's paths and names, for scripts.
func TestSweepAndComparisonTablesUseNames(t *testing.T) {
	t.Parallel()
	names := map[string]string{"knights": "Empire Knights", "trolls": "Trolls"}
	point := Point{Values: []string{"5"}, Trials: 10,
		Metrics: map[string]stats.Summary{"knights.casualties": {Mean: 1}},
		Events:  map[string]stats.Proportion{"knights.wins": {P: 0.5}}}
	sw := &Sweep{Scenario: "s", Ruleset: "6th", Trials: 10, Complete: true, Names: names,
		Parameters: []Parameter{{Path: "units.knights.models", Values: []string{"5"}}}, Points: []Point{point}}
	cmp := &Comparison{Columns: []Column{{Label: "a"}, {Label: "b"}}, Trials: 10, Complete: true, Names: names,
		Results:     map[string]*Section{"a": {Metrics: point.Metrics, Events: point.Events}, "b": {Metrics: point.Metrics, Events: point.Events}},
		Differences: map[string]*DiffSection{"b-a": {Metrics: map[string]stats.Summary{}, Events: map[string]stats.Summary{}}},
		EventOrder:  []string{"knights.wins"}, MetricOrder: []string{"knights.casualties"}}
	for _, c := range []struct {
		name   string
		tables func(csv bool) []Table
		people []string // in the header or first column, for text and Markdown
		csv    []string // the same places, in CSV
	}{
		{"sweep", func(csv bool) []Table {
			return []Table{sw.Table([]string{"knights.casualties"}, []string{"knights.wins"}, csv)}
		},
			[]string{"Empire Knights: models", "P(Empire Knights win)", "Empire Knights: models lost (mean)"},
			[]string{"units.knights.models", "P(knights.wins)", "mean knights.casualties"}},
		{"comparison", cmp.Tables,
			[]string{"Empire Knights win", "Empire Knights: models lost"},
			[]string{"knights.wins", "knights.casualties"}},
	} {
		for _, csv := range []bool{false, true} {
			var cells []string
			for _, tb := range c.tables(csv) {
				cells = append(cells, tb.Header...)
				for _, r := range tb.Rows {
					cells = append(cells, r[0])
				}
			}
			want := c.people
			if csv {
				want = c.csv
			}
			for _, w := range want {
				if !slices.Contains(cells, w) {
					t.Errorf("%s (csv %t): no column or row %q in %q", c.name, csv, w, cells)
				}
			}
		}
	}
}
