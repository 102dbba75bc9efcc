package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// What a new user tripped over gets one clear line, with what to do
// instead, and the documented exit status (issue 13, item 5).
func TestClearMessages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	house := filepath.Join(dir, "house.yaml")
	os.WriteFile(house, []byte("preset: 8th\nrules: {fear: none}\n"), 0o644)
	scenario := filepath.Join(dir, "mine.yaml")
	src, _ := os.ReadFile("../../game/wotr/scenario/builtin/wotr-epic-duel.yaml")
	os.WriteFile(scenario, src, 0o644)
	both := filepath.Join(dir, "both.yaml")
	os.WriteFile(both, []byte(`name: both
units:
  - id: elves
    from: high_elf_spearmen
    special_rules: {always_strikes_first: true, always_strikes_last: true, stubborn: true, unbreakable: true}
  - id: orcs
    from: orc_boyz
fight: {type: close_combat, sides: [elves, orcs]}
`), 0o644)
	stands := filepath.Join(dir, "stands.yaml")
	os.WriteFile(stands, []byte("preset: \"1.5\"\nunits: {stands: 6}\n"), 0o644)
	models := filepath.Join(dir, "models.yaml")
	os.WriteFile(models, []byte("preset: 6th\nunits: {models: 20}\n"), 0o644)
	template := filepath.Join(dir, "template.yaml")
	os.WriteFile(template, []byte("units:\n  - {id: row, from: trolls}\n  - {id: col, from: trolls}\nfight: {type: close_combat, sides: [row, col], charger: row}\n"), 0o644)
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"an empty ruleset in a list", []string{"compare", "trolls-vs-knights", "--rules", "6th,,"}, 2,
			[]string{`--rules "6th,," has no ruleset in place 2`}},
		{"a house-rules file run as a scenario", []string{"run", house}, 2,
			[]string{"this is a house-rules file", "--rules " + house}},
		{"a scenario given to sim rules", []string{"rules", scenario}, 2,
			[]string{"this is a scenario, not a house-rules file", "sim run " + scenario, "sim rules wotr"}},
		{"a --plot with nothing before the =", []string{"run", "ogres-vs-arrows", "--plot", "=x.png"}, 2,
			[]string{`--plot "=x.png": give FILE, or WHAT=FILE`}},
		{"exact on a fight it cannot solve", []string{"exact", "wotr-combat-vs-duel"}, 3,
			[]string{"wotr-combat-vs-duel has no exact solution", "run 'sim run wotr-combat-vs-duel'"}},
		{"run --exact on a fight", []string{"run", "wotr-combat-vs-duel", "--exact", "--trials", "10"}, 3,
			[]string{"has no exact solution", "drop --exact"}},
		{"exact on a fight too large for it", []string{"exact", "black-orcs-big-boss-challenge"}, 3,
			[]string{"black-orcs-big-boss-challenge: exact solution too large", "use sim run"}},
		{"run --exact on a fight too large for it", []string{"run", "black-orcs-big-boss-challenge", "--exact", "--trials", "10"}, 0,
			[]string{"exact solution too large", "showing the simulated answer only"}},
		{"compare across games", []string{"compare", "trolls-vs-knights", "wotr-captain-duel"}, 2,
			[]string{"trolls-vs-knights is a Warhammer Fantasy Battles scenario and wotr-captain-duel a War of the Ring one"}},
		{"a sweep of a field the house rules set", []string{"sweep", "conquest-guard-vs-drones", "--vary", "regiments.guard.stands=1..3", "--rules", stands}, 2,
			[]string{"has no effect with --rules " + stands + ", whose units: sets stands"}},
		{"a matrix size the house rules set", []string{"matrix", "--units", "trolls:1", "--rules", models}, 2,
			[]string{"trolls:1 asks for 1 models, but --rules " + models + " sets models"}},
		{"a matrix written over its template", []string{"matrix", "--units", "trolls", "--template", template, "--out", template}, 2,
			[]string{"--out " + template + " is a file this command reads"}},
		{"rules that cancel: a warning, and the run", []string{"run", both, "--trials", "100", "--seed", "1"}, 0,
			[]string{"sim: warning: " + both + ":5:70: units[0].special_rules.always_strikes_last: always_strikes_first and always_strikes_last cancel",
				"units[0].special_rules.stubborn: stubborn and unbreakable together: unbreakable wins"}},
	} {
		code, _, stderr := sim(t, context.Background(), c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d; stderr %q", c.name, code, c.code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%s: stderr %q lacks %q", c.name, stderr, w)
			}
		}
	}
	if _, err := os.Stat("x.png"); err == nil {
		os.Remove("x.png")
		t.Error("--plot =x.png drew x.png")
	}
}
