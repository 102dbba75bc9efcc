package scenarios

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/wargamesim/sim/battlescribe"
	"go.yaml.in/yaml/v3"
)

// ImportedLibrary is what a game's importer makes of one BattleScribe file:
// a library file's units and characters, with what it left out.
type ImportedLibrary struct {
	Source  string // the file read, in words
	Units   []ImportedUnit
	Skipped []string // the entries left out, each with why
	// Summary is one line on what the units written assume or leave out
	// (a troop type assumed, rules not simulated), for sim import's
	// output; "" when nothing.
	Summary string
}

// ImportedUnit is one unit or character of an ImportedLibrary.
type ImportedUnit struct {
	Key     string     // its library name
	Kind    string     // "unit" or "character"
	Options []string   // what it could take, with points, in words
	YAML    *yaml.Node // the unit, as a mapping
}

// Marshal writes the library file (docs/import.md): a header saying where
// it came from, then its units and characters, each under its name with
// its options as a comment above it, and the entries left out at the end.
func (l ImportedLibrary) Marshal(game, command string) ([]byte, error) {
	doc := &yaml.Node{Kind: yaml.MappingNode}
	doc.HeadComment = strings.Join([]string{
		"A unit library written by " + command + ".",
		"Each unit is at the size and with the equipment its source gives (a",
		"catalogue's smallest unit and what it must take; a roster's selections);",
		"not_simulated lists what the engine does not model, and the comment above",
		"a unit what else it may take. Use it with library: in a scenario, sim units",
		"--library or sim matrix --library (docs/import.md).",
	}, "\n")
	add := func(k string, v *yaml.Node) {
		doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, v)
	}
	add("game", &yaml.Node{Kind: yaml.ScalarNode, Value: game})
	add("source", &yaml.Node{Kind: yaml.ScalarNode, Value: l.Source, Style: yaml.DoubleQuotedStyle})
	for _, kind := range []string{"unit", "character"} {
		sec := &yaml.Node{Kind: yaml.MappingNode}
		for _, u := range l.Units {
			if u.Kind != kind {
				continue
			}
			key := &yaml.Node{Kind: yaml.ScalarNode, Value: u.Key}
			if len(u.Options) > 0 {
				key.HeadComment = "May take: " + strings.Join(u.Options, "\n  ")
			}
			sec.Content = append(sec.Content, key, u.YAML)
		}
		if len(sec.Content) > 0 {
			add(kind+"s", sec)
		}
	}
	if len(l.Skipped) > 0 {
		doc.FootComment = "Left out:\n  " + strings.Join(l.Skipped, "\n  ")
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("writing the library: %w", err)
	}
	return b.Bytes(), enc.Close()
}

// An Importer is a Game that reads BattleScribe catalogues and rosters into
// a library file (sim import).
type Importer interface {
	Import(doc *battlescribe.Document) (ImportedLibrary, error)
}

// An AliasImporter is an Importer that also reads a user's alias file
// (sim import --aliases FILE): the names a data set gives what the game's
// import table knows under other names. The file's format is the game's;
// data is its contents and file its name for errors, which are
// *battlescribe.Error with the line.
type AliasImporter interface {
	ImportAliases(doc *battlescribe.Document, file string, data []byte) (ImportedLibrary, error)
}

// A SystemReader is a Game that knows its BattleScribe data by its game
// system's name, so that sim import can say whose data a file is when it
// is given to another game's import, at once and instead of "no model
// profile" for every entry.
type SystemReader interface {
	// ReadsSystem reports whether a BattleScribe game system's name (or,
	// where its .gst was not read, its id) is this game's data.
	ReadsSystem(system string) bool
	// ImportLacks says, for a game whose data sim cannot import yet, what
	// is missing, in words for a message; "" for a game that imports.
	ImportLacks() string
}

// Importing lists the registered games that import BattleScribe data.
func Importing() []string {
	var out []string
	for _, g := range Games() {
		if _, ok := g.(Importer); ok {
			out = append(out, g.Name())
		}
	}
	return out
}

// DataOf is the registered game whose BattleScribe data a game system is,
// other than the game except; nil if none says so.
func DataOf(system string, except Game) Game {
	for _, g := range Games() {
		if r, ok := g.(SystemReader); ok && g.Name() != except.Name() && r.ReadsSystem(system) {
			return g
		}
	}
	return nil
}
