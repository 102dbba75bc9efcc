package scenarios

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/wargamesim/sim/game/warhammer"
)

// RulesFile is a house-rules file: options layered on a preset.
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
}

// LoadRulesFile reads a house-rules file and returns its ruleset. Problems
// come back as an [ErrorList] naming the file, line and option.
func LoadRulesFile(path string) (*warhammer.Ruleset, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, ErrorList{{File: path, Msg: "no such file; give a house-rules file's path, or a preset (" + strings.Join(warhammer.PresetNames(), ", ") + ")"}}
		}
		return nil, ErrorList{{File: path, Msg: fmt.Sprintf("cannot read it: %v", errors.Unwrap(err))}}
	}
	return ParseRulesFile(path, data)
}

// ParseRulesFile reads a house-rules file's contents; file names it in errors.
func ParseRulesFile(file string, data []byte) (*warhammer.Ruleset, error) {
	var rf RulesFile
	pos, errs := decodeStrictRules(file, data, &rf)
	if len(errs) > 0 {
		return nil, errs
	}
	c := &checker{file: file, pos: pos}
	preset := orDefault(rf.Preset, warhammer.DefaultPreset)
	rs, err := warhammer.Preset(preset)
	if err != nil {
		c.add("preset", "%v", err)
		return nil, c.sorted()
	}
	origin := file
	if rf.Name != "" {
		origin = rf.Name + " (" + file + ")"
	}
	if !c.rules(rs, rf.Rules, origin) {
		return nil, c.sorted()
	}
	if rf.Name != "" {
		rs.Name = rf.Name
	} else {
		rs.Name = defaultName(file)
	}
	return rs, nil
}

// decodeStrictRules decodes a rules file; an empty file is an error that
// says what a rules file holds rather than what a scenario does.
func decodeStrictRules(file string, data []byte, rf *RulesFile) (positions, ErrorList) {
	if strings.TrimSpace(string(data)) == "" {
		return nil, ErrorList{{File: file, Msg: "the file is empty; a rules file holds a preset and rules, e.g. {preset: 6th, rules: {regeneration: save}}"}}
	}
	return decodeStrict(file, data, rf)
}

// ParseRules reads a ruleset named on the command line: a preset ("8th"), a
// house-rules file ("house.yaml"), either followed by options set one by
// one ("6th+regeneration=save+fear=none"). It returns the ruleset and a
// label for it.
func ParseRules(spec string) (*warhammer.Ruleset, error) {
	parts := strings.Split(spec, "+")
	base := parts[0]
	var rs *warhammer.Ruleset
	var err error
	switch {
	case base == "":
		return nil, ErrorList{{File: spec, Msg: "no ruleset before the options; write a preset or a rules file first, as in 6th+regeneration=save"}}
	case strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml") || strings.ContainsRune(base, os.PathSeparator):
		rs, err = LoadRulesFile(base)
	default:
		rs, err = warhammer.Preset(base)
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
			return nil, ErrorList{{File: spec, Msg: fmt.Sprintf("%q is not option=value; write it as in 6th+regeneration=save", opt)}}
		}
		if err := rs.Set(name, value, "command line"); err != nil {
			return nil, ErrorList{{File: spec, Path: name, Msg: err.Error()}}
		}
	}
	if len(parts) > 1 {
		rs.Name = spec
	}
	return rs, nil
}
