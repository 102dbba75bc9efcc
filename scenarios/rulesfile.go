package scenarios

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine/options"
)

// RulesFile is a house-rules file: options layered on a preset of any
// game, which the preset names.
//
//	name: regeneration-as-save
//	preset: 6th
//	description: 6th edition, with 8th edition's Regeneration.
//	rules:
//	  regeneration: save
type RulesFile struct {
	Name        string            `yaml:"name"`
	Preset      string            `yaml:"preset"` // 6th by default
	Description string            `yaml:"description"`
	Rules       map[string]string `yaml:"rules"`
	// Units sets unit fields on every unit that has them, in any scenario
	// run under the file: regeneration: 5+ makes every Regeneration 5+.
	Units map[string]string `yaml:"units"`
}

// LoadRulesFile reads a house-rules file and returns its ruleset. Problems
// come back as an [ErrorList] naming the file, line and option.
func LoadRulesFile(path string) (options.Ruleset, error) {
	data, err := ReadLimited(path, MaxFileSize)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, ErrorList{{File: path, Msg: "no such file; give a house-rules file's path, or a preset (" + strings.Join(PresetNames(), ", ") + ")"}}
		}
		return nil, ErrorList{{File: path, Msg: fmt.Sprintf("cannot read it: %v", errors.Unwrap(err))}}
	}
	return ParseRulesFile(path, data)
}

// ParseRulesFile reads a house-rules file's contents; file names it in errors.
func ParseRulesFile(file string, data []byte) (options.Ruleset, error) {
	var rf RulesFile
	pos, errs := decodeStrictRules(file, data, &rf)
	if len(errs) > 0 {
		return nil, errs
	}
	c := &Checker{File: file, Pos: pos}
	rs, err := Preset(OrDefault(rf.Preset, defaultPreset()))
	if err != nil {
		c.Add("preset", "%v", err)
		return nil, c.Sorted()
	}
	origin := file
	if rf.Name != "" {
		origin = rf.Name + " (" + file + ")"
	}
	if !c.Rules(rs, rf.Rules, origin) {
		return nil, c.Sorted()
	}
	c.unitFields(rf.Units)
	if len(c.Errs) > 0 {
		return nil, c.Sorted()
	}
	if rf.Name != "" {
		rs.Rename(rf.Name)
	} else {
		rs.Rename(DefaultName(file))
	}
	if len(rf.Units) > 0 {
		return &HouseRules{Ruleset: rs, File: file, Units: rf.Units}, nil
	}
	return rs, nil
}

// decodeStrictRules decodes a rules file; an empty file is an error that
// says what a rules file holds rather than what a scenario does.
func decodeStrictRules(file string, data []byte, rf *RulesFile) (Positions, ErrorList) {
	if strings.TrimSpace(string(data)) == "" {
		return nil, ErrorList{{File: file, Msg: "the file is empty; a rules file holds a preset and rules, e.g. {preset: 6th, rules: {regeneration: save}}"}}
	}
	doc := Parse(file, data)
	if isScenario(doc.topKeys()) {
		return nil, ErrorList{{File: file, Msg: "this is a scenario, not a house-rules file; run it with sim run " + file + ", or see its ruleset's options with sim rules " + scenarioPreset(doc)}}
	}
	return doc.decode(target(rf))
}

// PresetNames lists the presets of every game, the default game's first.
func PresetNames() []string {
	var names []string
	for _, g := range Games() {
		names = append(names, g.Rules().PresetNames()...)
	}
	return names
}

// Preset returns a fresh ruleset of the named preset, of whichever game
// has it (preset names are unique across games). An unknown name is an
// error that lists every game's presets.
func Preset(name string) (options.Ruleset, error) {
	for _, g := range Games() {
		if g.Rules() != nil && slices.Contains(g.Rules().PresetNames(), name) {
			return g.Rules().NewRuleset(name)
		}
	}
	return nil, fmt.Errorf("unknown ruleset %q; use one of %s", name, strings.Join(PresetNames(), ", "))
}

func defaultPreset() string {
	g, err := Lookup(DefaultGame())
	if err != nil {
		return ""
	}
	return g.Rules().DefaultPreset()
}

// ParseRules reads a ruleset named on the command line: a preset of any
// game ("8th", "wotr", "1.5"), a house-rules file ("house.yaml"), either
// followed by options set one by one ("6th+regeneration=save+fear=none").
func ParseRules(spec string) (options.Ruleset, error) {
	parts := strings.Split(spec, "+")
	base := parts[0]
	var rs options.Ruleset
	var err error
	switch {
	case base == "":
		return nil, ErrorList{{File: spec, Msg: "no ruleset before the options; write a preset or a rules file first, as in 6th+regeneration=save"}}
	case IsFileName(base):
		rs, err = LoadRulesFile(base)
	default:
		rs, err = Preset(base)
		if err != nil {
			return nil, ErrorList{{File: spec, Msg: fmt.Sprintf("%v, or a house-rules file ending in .yaml", err)}}
		}
	}
	if err != nil {
		return nil, err
	}
	for _, opt := range parts[1:] {
		name, value, ok := strings.Cut(opt, "=")
		if !ok {
			return nil, ErrorList{{File: spec, Msg: fmt.Sprintf("%q is not option=value; write it as in %s+%s", opt, base, exampleOption(rs))}}
		}
		if err := rs.Set(name, value, "command line"); err != nil {
			return nil, ErrorList{{File: spec, Path: name, Msg: err.Error()}}
		}
	}
	if len(parts) > 1 {
		rs.Rename(spec)
	}
	return rs, nil
}

// exampleOption is option=value for the first option of rs, for messages.
func exampleOption(rs options.Ruleset) string {
	o := rs.Options()[0]
	v, _, _ := rs.Get(o.Name)
	return o.Name + "=" + v
}

// scenarioPreset is the preset a scenario's ruleset field names, else its
// game's default preset.
func scenarioPreset(doc *Document) string {
	var top struct {
		Ruleset string `yaml:"ruleset"`
	}
	if doc.err == nil && doc.root.Decode(&top) == nil && top.Ruleset != "" {
		return top.Ruleset
	}
	if g, err := Lookup(OrDefault(doc.game(), DefaultGame())); err == nil && g.Rules() != nil {
		return g.Rules().DefaultPreset()
	}
	return defaultPreset()
}

// unitFields checks a house-rules file's units: each a path of field
// names (profile.Ld) to one plain value on one line (5+, 9, yes). A unit's
// identity (id, from, name, source) is not a rule, and a value with YAML
// syntax in it would set other fields than its own.
func (c *Checker) unitFields(units map[string]string) {
	for _, path := range slices.Sorted(maps.Keys(units)) {
		at, v := JoinPath("units", path), units[path]
		first, _, _ := strings.Cut(path, ".")
		switch {
		case slices.Contains([]string{"id", "from", "name", "source"}, first):
			c.Add(at, "%s names a unit, and is not a rule; house rules set fields such as regeneration or profile.Ld", first)
		case !validFieldPath(path):
			c.Add(at, "%q is not a field path; write field names joined by dots, as in profile.Ld", path)
		case strings.TrimSpace(v) == "" || strings.ContainsAny(v, "\n\r{}[],:#&*!|>'\"%@`"):
			c.Add(at, "give one plain value, such as 5+, 9 or yes, got %q", v)
		}
	}
}

// validFieldPath reports whether path is field names joined by dots.
func validFieldPath(path string) bool {
	for _, part := range strings.Split(path, ".") {
		if !plainWord(part) {
			return false
		}
	}
	return true
}
