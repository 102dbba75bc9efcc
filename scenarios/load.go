package scenarios

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine/options"
	"go.yaml.in/yaml/v3"
)

// Load decodes, validates and builds the scenario in data, read from file
// (which names it in errors and gives its default name), with the game its
// game field names (Warhammer when it names none). Problems with the file
// come back as an [ErrorList].
func Load(file string, data []byte) (*Plan, error) { return LoadWith(file, data, nil) }

// LoadWith is Load, under the ruleset rules instead of the scenario's own
// when rules is not nil (the scenario's ruleset and rules are still
// checked). A ruleset of another game than the scenario's is an error.
func LoadWith(file string, data []byte, rules options.Ruleset) (*Plan, error) {
	doc := Parse(file, data) // once: every step below reads doc
	keys := doc.topKeys()
	if isRulesFile(keys) {
		return nil, ErrorList{{File: file, Msg: "this is a house-rules file (a preset and rules), not a scenario; give it as --rules " + file + ", or list it with sim rules " + file}}
	}
	name := OrDefault(doc.game(), DefaultGame())
	g, err := Lookup(name)
	if err != nil {
		return nil, ErrorList{{File: file, Line: doc.line("game"), Path: "game", Msg: err.Error()}}
	}
	if rules != nil && rules.Game() != g.Name() {
		return nil, ErrorList{{File: file, Msg: fmt.Sprintf("ruleset %s is for %s, and this is a %s scenario; use one of its presets (%s), or a house-rules file for it",
			rules.Name(), Title(rules.Game()), g.Title(), strings.Join(g.Rules().PresetNames(), ", "))}}
	}
	return g.Load(doc, rules)
}

// Title is the title of the game called name, or name itself when no game
// has it.
func Title(name string) string {
	if g, err := Lookup(name); err == nil {
		return g.Title()
	}
	return name
}

// DefaultName is the file's base name without its extension, made a valid
// name: "My Ward.yaml" gives "my_ward".
func DefaultName(file string) string {
	base := filepath.Base(strings.TrimPrefix(file, "builtin:"))
	base = strings.TrimSuffix(base, filepath.Ext(base))
	if ValidID(base) {
		return base
	}
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	if name := strings.Trim(b.String(), "_"); ValidID(name) {
		return name
	}
	return "scenario"
}

// ReadFile reads a scenario file, with an error that says what to do.
func ReadFile(path string) ([]byte, error) {
	data, err := ReadLimited(path, MaxFileSize)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, ErrorList{{File: path, Msg: "no such file; give a scenario file's path, or a built-in name (sim list shows them)"}}
		}
		return nil, ErrorList{{File: path, Msg: fmt.Sprintf("cannot read it: %v", errors.Unwrap(err))}}
	}
	return data, nil
}

// BuiltinNames lists the built-in scenarios of every game, sorted.
func BuiltinNames() []string {
	var names []string
	for _, g := range Games() {
		names = append(names, builtinNames(g)...)
	}
	slices.Sort(names)
	return names
}

// BuiltinSource returns the YAML of a built-in scenario.
func BuiltinSource(name string) ([]byte, bool) {
	if !fs.ValidPath(name) || strings.Contains(name, "/") {
		return nil, false
	}
	for _, g := range Games() {
		if data, err := fs.ReadFile(g.Builtins(), name+".yaml"); err == nil {
			return data, true
		}
	}
	return nil, false
}

// Builtin loads a built-in scenario by name.
func Builtin(name string) (*Plan, error) {
	data, ok := BuiltinSource(name)
	if !ok {
		return nil, ErrorList{{File: name, Msg: fmt.Sprintf("no built-in scenario of that name; the built-ins are %s", strings.Join(BuiltinNames(), ", "))}}
	}
	return Load("builtin:"+name, data)
}

// Open loads a scenario named on the command line: a file if one exists at
// that path (or the argument ends in .yaml or .yml), else a built-in.
func Open(arg string) (*Plan, error) { return OpenWith(arg, nil) }

// OpenWith is Open under the ruleset rules instead of the scenario's own
// ruleset and rules (nil keeps the scenario's).
func OpenWith(arg string, rules options.Ruleset) (*Plan, error) {
	file, data, err := Source(arg)
	if err != nil {
		return nil, err
	}
	return LoadWith(file, data, rules)
}

// Source reads a scenario named on the command line as Open finds it, and
// returns the name errors give it ("builtin:NAME" for a built-in) and its
// YAML.
func Source(arg string) (file string, data []byte, err error) {
	if _, err := os.Stat(arg); err == nil || IsFileName(arg) {
		data, err := ReadFile(arg)
		return arg, data, err
	}
	if data, ok := BuiltinSource(arg); ok {
		return "builtin:" + arg, data, nil
	}
	return "", nil, ErrorList{{File: arg, Msg: fmt.Sprintf("no such file, and no built-in scenario of that name; the built-ins are %s", strings.Join(BuiltinNames(), ", "))}}
}

// IsFileName reports whether a name given on the command line can only be
// a file's, not a built-in scenario's or a preset's: it ends in .yaml or
// .yml, or holds a path separator.
func IsFileName(s string) bool {
	return strings.HasSuffix(s, ".yaml") || strings.HasSuffix(s, ".yml") || strings.ContainsRune(s, os.PathSeparator)
}

// GameOf returns the game of the scenario in data: the one its game field
// names, or the default.
func GameOf(data []byte) (Game, error) {
	return Lookup(OrDefault(Parse("", data).game(), DefaultGame()))
}

// isRulesFile reports whether a file whose top-level keys are keys reads
// as a house-rules file rather than a scenario: it gives a preset, and
// none of what a scenario gives.
func isRulesFile(keys map[string]yaml.Kind) bool {
	_, preset := keys["preset"]
	return preset && !isScenario(keys)
}

// isScenario reports whether a file whose top-level keys are keys gives
// what only scenarios give: a game, a fight, a ruleset field, or a game's
// list of units (Library.UnitList); units only as a list, since a
// house-rules file's units is a mapping of fields.
func isScenario(keys map[string]yaml.Kind) bool {
	for _, k := range []string{"game", "fight", "ruleset"} {
		if _, ok := keys[k]; ok {
			return true
		}
	}
	for _, g := range Games() {
		lib := g.Library()
		if lib == nil {
			continue
		}
		if kind, ok := keys[lib.UnitList()]; ok && (lib.UnitList() != houseRulesUnits || kind == yaml.SequenceNode) {
			return true
		}
	}
	return false
}
