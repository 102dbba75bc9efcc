package scenarios_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/wargamesim/sim/game/all"

	"github.com/wargamesim/sim/scenarios"
)

func TestParseRulesFile(t *testing.T) {
	for _, c := range []struct {
		name, in, want string // want: the one error, or "" for none
		why            string
	}{
		{"good", "name: house\npreset: 6th\nrules:\n  regeneration: save\n", "", "a preset and an option"},
		{"no preset", "rules:\n  fear: none\n", "", "6th by default"},
		{"unknown option", "preset: 6th\nrules:\n  regenration: save\n", `h.yaml:3:16: rules.regenration: unknown rule option "regenration"; did you mean "regeneration"? Options are `, "an unknown option is named, with the list"},
		{"bad value", "preset: 8th\nrules:\n  fear: sometimes\n", `h.yaml:3:9: rules.fear: unknown value "sometimes"; use one of auto_break_when_outnumbered, ws1_on_failed_test, none`, "a bad value names the option and the values"},
		{"bad preset", "preset: 5th\n", `h.yaml:1:9: preset: unknown ruleset "5th"; use one of 6th, 7th, 8th, tow`, "presets are named"},
		{"unknown field", "preset: 6th\nrule:\n  fear: none\n", `h.yaml:2:1: rule: unknown field "rule"; did you mean "rules"?`, "strict decoding"},
		{"empty", "", "h.yaml: the file is empty; a rules file holds a preset and rules", "an empty file says what goes in it"},
	} {
		rs, err := scenarios.ParseRulesFile("h.yaml", []byte(c.in))
		if c.want == "" {
			if err != nil || rs == nil {
				t.Errorf("%s (%s): %v", c.name, c.why, err)
			}
			continue
		}
		var list scenarios.ErrorList
		if !errors.As(err, &list) || len(list) != 1 || !strings.HasPrefix(list[0].Error(), c.want) {
			t.Errorf("%s (%s): %v\nwant one error starting %q", c.name, c.why, err, c.want)
		}
	}
	rs, _ := scenarios.ParseRulesFile("h.yaml", []byte("name: house\nrules:\n  regeneration: save\n"))
	if v, from, _ := rs.Get("regeneration"); v != "save" || from != "house (h.yaml)" || rs.Name() != "house" {
		t.Errorf("house rules: regeneration %q from %q, ruleset %q", v, from, rs.Name())
	}
	if _, from, _ := rs.Get("fear"); from != "preset 6th" {
		t.Errorf("an option the file leaves alone comes from %q, want the preset", from)
	}
}

func TestParseRules(t *testing.T) {
	dir := t.TempDir()
	house := filepath.Join(dir, "house.yaml")
	os.WriteFile(house, []byte("preset: 8th\nrules: {fear: none}\n"), 0o644)
	for _, c := range []struct {
		spec, wantName, wantErr string
	}{
		{"8th", "8th", ""},
		{"6th+regeneration=save", "6th+regeneration=save", ""},
		{house, "house", ""},
		{house + "+stomp=no", house + "+stomp=no", ""},
		{"5th", "", `unknown ruleset "5th"; use one of ` + strings.Join(scenarios.PresetNames(), ", ") + `, or a house-rules file`}, // every game's presets
		{"wotr", "wotr", ""},
		{"wotr+battle_skill=none", "wotr+battle_skill=none", ""},
		{"wotr+regeneration=save", "", `unknown rule option "regeneration"`},
		{"1.5", "1.5", ""},
		{"2.0+evasion=cap_2", "", `unknown value "cap_2"`},
		{"6th+regeneration", "", "is not option=value"},
		{"6th+regeneration=often", "", `unknown value "often"`},
		{"+fear=none", "", "no ruleset before the options"},
		{filepath.Join(dir, "nope.yaml"), "", "no such file"},
	} {
		rs, err := scenarios.ParseRules(c.spec)
		switch {
		case c.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s: error %v, want one containing %q", c.spec, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("%s: %v", c.spec, err)
		case rs.Name() != c.wantName:
			t.Errorf("%s: ruleset named %q, want %q", c.spec, rs.Name(), c.wantName)
		}
	}
}
