package scenarios_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/wargamesim/sim/game/all"
	"github.com/wargamesim/sim/scenarios"
)

// A house-rules file's units: sets a field on every unit that has it, in
// any game, and says so in the plan's rules (issue 13, item 8).
func TestHouseRulesSetUnitFields(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name, rules, scenario string
		want, wantNot         []string // in the plan's lines
		wantRules             string   // in the plan's rules
	}{
		{"every Regeneration, every Leadership",
			"preset: 6th\nunits:\n  regeneration: 5+\n  profile.Ld: 9\n", "trolls-vs-knights",
			[]string{"trolls: 3 models, 3 wide, Ld 9, armour none, Regeneration 5+", "knights: 5 models, 5 wide, Ld 9,"},
			[]string{"Regeneration 4+", "knights: 5 models, 5 wide, Ld 9, armour 1+, Regeneration"}, // the knights have none, and get none
			"units.regeneration=5+"},
		{"War of the Ring companies", "preset: wotr\nunits: {companies: 2}\n", "wotr-captain-duel",
			[]string{"arnor: 2 companies", "orcs: 2 companies"}, nil, "units.companies=2"},
		{"Conquest stands", "preset: \"1.5\"\nunits: {stands: 2}\n", "conquest-guard-vs-drones",
			[]string{"(guard): 2 stands", "(drones): 2 stands"}, nil, "units.stands=2"},
	} {
		rs, err := scenarios.ParseRules(write(strings.ReplaceAll(c.name, " ", "_")+".yaml", c.rules))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p, err := scenarios.OpenWith(c.scenario, rs)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		lines := strings.Join(p.Lines, "\n")
		for _, w := range c.want {
			if !strings.Contains(lines, w) {
				t.Errorf("%s: no %q in\n%s", c.name, w, lines)
			}
		}
		for _, w := range c.wantNot {
			if strings.Contains(lines, w) {
				t.Errorf("%s: %q in\n%s", c.name, w, lines)
			}
		}
		path, value, _ := strings.Cut(c.wantRules, "=")
		if p.Rules[path] != value || rs.Changed()[path] != value {
			t.Errorf("%s: plan rules %v, ruleset changes %v; want %s", c.name, p.Rules, rs.Changed(), c.wantRules)
		}
	}
	// A misspelt field is an error whether or not a unit has it; a value
	// the scenario refuses names the house rules it came from.
	bad, _ := scenarios.ParseRules(write("bad.yaml", "preset: 6th\nunits: {regenration: 5+}\n"))
	if _, err := scenarios.OpenWith("ogres-vs-arrows", bad); err == nil || !strings.Contains(err.Error(), `bad.yaml: units.regenration: unknown field "regenration"; did you mean "regeneration"?`) {
		t.Errorf("a misspelt unit field: %v", err)
	}
	out, _ := scenarios.ParseRules(write("out.yaml", "preset: 6th\nunits: {regeneration: 9+}\n"))
	if _, err := scenarios.OpenWith("trolls-vs-knights", out); err == nil ||
		!strings.Contains(err.Error(), "units[1].regeneration: Regeneration must be 2+ to 6+, got 9+ (the value is the house rules' units.regeneration, in "+filepath.Join(dir, "out.yaml")+")") {
		t.Errorf("a value out of range: %v", err)
	}
}

// A unit field's value is one plain value, and a unit's identity is not a
// rule; a field no unit has is set nowhere, with a warning, and reports
// do not claim it (issue 13 review).
func TestHouseRulesUnitFieldChecks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct{ name, text, want string }{
		{"injected", "preset: 6th\nunits: {regeneration: \"5+\\nmodels: 30\"}\n", `units.regeneration: give one plain value, such as 5+, 9 or yes, got "5+\nmodels: 30"`},
		{"flow", "preset: 6th\nunits: {profile: \"{WS: 1}\"}\n", "give one plain value"},
		{"empty", "preset: 6th\nunits: {regeneration: \"\"}\n", "give one plain value"},
		{"identity", "preset: 6th\nunits: {name: Bob}\n", "units.name: name names a unit, and is not a rule"},
		{"path", "preset: 6th\nunits: {\"profile..WS\": 3}\n", "is not a field path"},
	} {
		p := filepath.Join(dir, c.name+".yaml")
		os.WriteFile(p, []byte(c.text), 0o644)
		if _, err := scenarios.ParseRules(p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
	}
	p := filepath.Join(dir, "missile.yaml")
	os.WriteFile(p, []byte("preset: 6th\nunits: {missile.strength: 4}\n"), 0o644)
	rs, err := scenarios.ParseRules(p)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := scenarios.OpenWith("trolls-vs-knights", rs)
	if err != nil {
		t.Fatal(err)
	}
	if _, claimed := plan.Rules["units.missile.strength"]; claimed || len(plan.Warnings) != 1 || !strings.Contains(plan.Warnings[0], "no unit of builtin:trolls-vs-knights has this field") {
		t.Errorf("a field no unit has: rules %v, warnings %q", plan.Rules, plan.Warnings)
	}
}
