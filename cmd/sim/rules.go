package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

const rulesUsage = `Usage: sim rules [RULES] [flags]
       sim rules diff RULES RULES [flags]

Prints every option of a ruleset, its value and where the value came
from; 'diff' lists the options two rulesets of one game set differently
(when they agree on all, the text format says so in a sentence and the
other formats give an empty table). RULES is a preset of any game (6th,
7th, 8th and tow, The Old World, for Warhammer, 6th by default; wotr for War of the Ring; 1.5 and
2.0 for Conquest), a house-rules file (house.yaml: preset: 6th, rules:
{option: value}), either followed by options set one by one:
6th+regeneration=save, wotr+battle_skill=none. docs/rules.md, docs/wotr.md
and docs/conquest.md explain every option.

Flags:
`

func rulesCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("rules", rulesUsage, stdout)
	format := fs.String("format", "text", "output format: text, csv, markdown or json")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if !slices.Contains(append(report.TableFormats, "json"), *format) {
		return failure.Usagef("rules: --format must be text, csv, markdown or json, got %q", *format)
	}
	if len(pos) > 0 && pos[0] == "diff" {
		if len(pos) != 3 {
			return failure.Usagef("rules diff: give two rulesets, e.g. sim rules diff 6th 8th")
		}
		return rulesDiff(pos[1], pos[2], *format, stdout)
	}
	if len(pos) > 1 {
		return failure.Usagef("rules: give one ruleset (or: sim rules diff A B)")
	}
	spec := ""
	if len(pos) == 1 {
		spec = pos[0]
	}
	rs, err := parseRules(spec)
	if err != nil {
		return err
	}
	game, err := scenarios.Lookup(rs.Game())
	if err != nil {
		return err
	}
	type row struct {
		Option  string `json:"option"`
		Value   string `json:"value"`
		From    string `json:"from"`
		Values  string `json:"values"`
		Tag     string `json:"tag"`
		Source  string `json:"source"`
		Summary string `json:"summary"`
	}
	var rows []row
	t := report.Table{
		Title:  fmt.Sprintf("ruleset %s (preset %s): every option, its value, where it came from and the rule's source", rs.Name(), rs.Preset()),
		Header: []string{"option", "value", "from", "tag", "source"},
		Notes:  []string{fmt.Sprintf("Tags (RULES.md §0.1): V verified, S secondary, I interpretation, U uncertain. %s explains each option.", game.Docs())},
	}
	for _, o := range rs.Options() {
		v, from, _ := rs.Get(o.Name)
		rows = append(rows, row{o.Name, v, from, o.Values, o.Tag, o.Source, o.Summary})
		t.Rows = append(t.Rows, []string{o.Name, v, from, o.Tag, o.Source})
	}
	if *format == "json" {
		return report.WriteJSON(stdout, map[string]any{"game": rs.Game(), "ruleset": rs.Name(), "preset": rs.Preset(), "options": rows})
	}
	return report.WriteTables(stdout, *format, t)
}

func rulesDiff(a, b, format string, stdout io.Writer) error {
	ra, err := scenarios.ParseRules(a)
	if err != nil {
		return err
	}
	rb, err := scenarios.ParseRules(b)
	if err != nil {
		return err
	}
	if ra.Game() != rb.Game() {
		return failure.Usagef("rules diff: %s is for %s and %s for %s; compare two rulesets of one game", ra.Name(), scenarios.Title(ra.Game()), rb.Name(), scenarios.Title(rb.Game()))
	}
	type row struct {
		Option string `json:"option"`
		A      string `json:"a"`
		B      string `json:"b"`
		Tag    string `json:"tag"`
		Source string `json:"source"`
	}
	rows := []row{}
	t := report.Table{
		Title:  fmt.Sprintf("options that differ between %s and %s, with the rule's source", ra.Name(), rb.Name()),
		Header: []string{"option", ra.Name(), rb.Name(), "tag", "source"},
	}
	for _, o := range ra.Options() {
		va, _, _ := ra.Get(o.Name)
		vb, _, _ := rb.Get(o.Name)
		if va != vb {
			rows = append(rows, row{o.Name, va, vb, o.Tag, o.Source})
			t.Rows = append(t.Rows, []string{o.Name, va, vb, o.Tag, o.Source})
		}
	}
	if format == "json" {
		return report.WriteJSON(stdout, map[string]any{"game": ra.Game(), "a": ra.Name(), "b": rb.Name(), "differences": rows})
	}
	if len(rows) == 0 && format == "text" {
		_, err := fmt.Fprintf(stdout, "%s and %s set every option alike.\n", ra.Name(), rb.Name())
		return err
	}
	return report.WriteTables(stdout, format, t)
}

// parseRules reads a --rules value or a rules argument; "" is the default
// game's default preset.
func parseRules(spec string) (options.Ruleset, error) {
	if spec == "" {
		g, err := scenarios.Lookup(scenarios.DefaultGame())
		if err != nil {
			return nil, err
		}
		spec = g.Rules().DefaultPreset()
	}
	return scenarios.ParseRules(spec)
}
