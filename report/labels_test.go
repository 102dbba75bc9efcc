package report

import "testing"

func TestLabels(t *testing.T) {
	t.Parallel()
	names := map[string]string{"knights": "Empire Knights", "trolls": "Trolls"}
	for _, c := range []struct {
		got, want, why string
	}{
		{EventLabel("knights.wins", names), "Empire Knights win", "a known event, with the unit's name (issue 13)"},
		{EventLabel("knights.wins", nil), "knights win", "no name: the id"},
		{EventLabel("trolls.lost_regeneration", names), "Trolls lose Regeneration", "a known event"},
		{EventLabel("draw", names), "draw", "no unit"},
		{EventLabel("duel_fought", nil), "duel fought", "no unit: words"},
		{EventLabel("aragorn.wins_duel", map[string]string{"aragorn": "Aragorn"}), "Aragorn (wins duel)", "unknown: the name and the event in words"},
		{MetricLabel("knights.casualties", names), "Empire Knights (models lost)", "a unit's metric: its name and the quantity"},
		{MetricLabel("ogres.casualties", names), "ogres (models lost)", "a unit without a name"},
		{MetricLabel("combat_result_difference", names), "combat result difference", "a fight's metric"},
		{MetricLabel("rounds", nil), "rounds fought", "a fight's metric"},
		{MetricLabel("ogres.panic_tests", nil), "ogres (panic tests)", "unknown: spaces for underscores"},
		{FieldLabel("units.knights.models", names), "Empire Knights (models)", "a unit's field: the unit's name, not units.knights.models (issue 13)"},
		{FieldLabel("units.knights.mount.profile.A", names), "Empire Knights (mount profile A)", "a field deeper in"},
		{FieldLabel("formations.arnor.companies", nil), "arnor (companies)", "another game's list, no name"},
		{FieldLabel("units[1].profile.Ld", names), "units[1] (profile Ld)", "an item by index keeps it"},
		{FieldLabel("fight.max_rounds", names), "fight max rounds", "not a list's item"},
		{FieldLabel("rules.rank_bonus_width", names), "rules rank bonus width", "a rule option"},
		{FieldLabel("ruleset", names), "ruleset", "one word"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q (%s)", c.got, c.want, c.why)
		}
	}
}
