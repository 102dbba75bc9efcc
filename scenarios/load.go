package scenarios

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/wargamesim/sim/game/warhammer"
	"go.yaml.in/yaml/v3"
)

// Load decodes, validates and builds the scenario in data, read from file
// (which names it in errors and gives its default name), after starting
// each unit that says from: from the unit library (library.go). Problems
// with the file come back as an [ErrorList].
func Load(file string, data []byte) (*Plan, error) { return LoadWith(file, data, nil) }

// LoadWith is Load, under the ruleset rules instead of the scenario's own
// when rules is not nil (the scenario's ruleset and rules are still checked).
func LoadWith(file string, data []byte, rules *warhammer.Ruleset) (*Plan, error) {
	if g := gameOf(data); g != "" && g != "warhammer" {
		load, ok := games[g]
		if !ok {
			return nil, ErrorList{{File: file, Line: 1, Path: "game", Msg: fmt.Sprintf("unknown game %q; use %s", g, strings.Join(GameNames(), ", "))}}
		}
		if rules != nil {
			return nil, ErrorList{{File: file, Path: "game", Msg: "a Warhammer ruleset cannot apply to a " + g + " scenario"}}
		}
		return load(file, data)
	}
	var s Scenario
	pos, errs := decodeStrict(file, data, &s)
	if libErrs := useLibrary(file, &s, pos); len(libErrs) > 0 {
		errs = append(errs, libErrs...)
		slices.SortStableFunc(errs, inFileOrder)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if errs := validate(file, &s, pos); len(errs) > 0 {
		return nil, errs
	}
	if s.Name == "" {
		s.Name = defaultName(file)
	}
	p, err := build(file, &s, rules)
	if err != nil {
		// A validated scenario always builds; this is a bug, but the
		// user still deserves the file's name with it.
		return nil, ErrorList{{File: file, Msg: fmt.Sprintf("internal error, please report it: %v", err)}}
	}
	return p, nil
}

// defaultName is the file's base name without its extension, made a valid
// name: "My Ward.yaml" gives "my_ward".
func defaultName(file string) string {
	base := filepath.Base(strings.TrimPrefix(file, "builtin:"))
	base = strings.TrimSuffix(base, filepath.Ext(base))
	if idPattern.MatchString(base) {
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
	if name := strings.Trim(b.String(), "_"); idPattern.MatchString(name) {
		return name
	}
	return "scenario"
}

// LoadFile loads the scenario file at path.
func LoadFile(path string) (*Plan, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

// ReadFile reads a scenario file, with an error that says what to do.
func ReadFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, ErrorList{{File: path, Msg: "no such file; give a scenario file's path, or a built-in name (sim list shows them)"}}
		}
		return nil, ErrorList{{File: path, Msg: fmt.Sprintf("cannot read it: %v", errors.Unwrap(err))}}
	}
	return data, nil
}

//go:embed builtin/*.yaml
var builtinFS embed.FS

// BuiltinNames lists the built-in scenarios, sorted.
func BuiltinNames() []string {
	entries, _ := builtinFS.ReadDir("builtin")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(names)
	return names
}

// BuiltinSource returns the YAML of a built-in scenario.
func BuiltinSource(name string) ([]byte, bool) {
	data, err := builtinFS.ReadFile("builtin/" + name + ".yaml")
	return data, err == nil
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
func OpenWith(arg string, rules *warhammer.Ruleset) (*Plan, error) {
	if _, err := os.Stat(arg); err == nil || strings.HasSuffix(arg, ".yaml") || strings.HasSuffix(arg, ".yml") || strings.ContainsRune(arg, os.PathSeparator) {
		data, err := ReadFile(arg)
		if err != nil {
			return nil, err
		}
		return LoadWith(arg, data, rules)
	}
	if data, ok := BuiltinSource(arg); ok {
		return LoadWith("builtin:"+arg, data, rules)
	}
	return nil, ErrorList{{File: arg, Msg: fmt.Sprintf("no such file, and no built-in scenario of that name; the built-ins are %s", strings.Join(BuiltinNames(), ", "))}}
}

// games holds the loaders of the games other than Warhammer, by the name a
// scenario's game field gives. Each game registers itself from its own file.
var games = map[string]func(file string, data []byte) (*Plan, error){}

// GameNames lists the games scenarios can be written for.
func GameNames() []string {
	names := []string{"warhammer"}
	for g := range games {
		names = append(names, g)
	}
	sort.Strings(names[1:])
	return names
}

// gameOf reads the top-level game field of a scenario without decoding the
// rest; "" when there is none (or the YAML does not parse: the full decoder
// reports that).
func gameOf(data []byte) string {
	var top struct {
		Game string `yaml:"game"`
	}
	if yaml.Unmarshal(data, &top) != nil {
		return ""
	}
	return top.Game
}
