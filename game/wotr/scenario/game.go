// Package scenario is the War of the Ring scenario format (game: wotr) and
// the War of the Ring Game: a file's types (spec.go), their validation
// (validate.go), the formation and hero libraries (library.go,
// library_characters.go), the build into the engine's turn (build.go) and
// the built-in scenarios (builtin/). docs/wotr.md, "Scenario format", is
// its manual; the rules themselves are package wotr.
package scenario

import (
	"embed"
	"io/fs"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/game/wotr"
	"github.com/wargamesim/sim/scenarios"
)

func init() { scenarios.Register(Game{}) }

// Game is War of the Ring as the commands see it: formations, heroes and their heroic actions, duels, one preset (wotr).
type Game struct{}

// Name is the game field of a War of the Ring scenario.
func (Game) Name() string { return "wotr" }

// Title names the game for people.
func (Game) Title() string { return "War of the Ring" }

// Docs is the manual of the options and the scenario format.
func (Game) Docs() string { return "docs/wotr.md" }

// Rules is the War of the Ring rule system.
func (Game) Rules() scenarios.RuleSystem { return wotr.System }

//go:embed builtin/*.yaml
var builtinFS embed.FS

// Builtins holds the built-in War of the Ring scenarios.
func (Game) Builtins() fs.FS { return scenarios.Sub(builtinFS, "builtin") }

// RollFields are the fields written as rolls ("4+"): none.
func (Game) RollFields() []string { return nil }

// Library is the formation library (library.go).
func (Game) Library() scenarios.Library { return library{formations} }

// Load decodes, validates and builds a War of the Ring scenario.
func (Game) Load(doc *scenarios.Document, rules options.Ruleset) (*scenarios.Plan, error) {
	rs, err := scenarios.TypedRules[wotr.Ruleset](doc.File, rules)
	if err != nil {
		return nil, err
	}
	return format(rs, rules).Load(doc)
}

// format is the War of the Ring format under rules, typed (nil keeps the
// scenario's own) and as given (for a house-rules file's unit fields).
func format(rules *options.Rules[wotr.Ruleset], given options.Ruleset) scenarios.Format[Scenario] {
	return scenarios.Format[Scenario]{
		Library: func(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
			return useLibrary(file, s, pos)
		},
		Validate: validateWotR,
		Name:     func(s *Scenario) *string { return &s.Name },
		Build:    func(file string, s *Scenario) (*scenarios.Plan, error) { return buildWotR(file, s, rules) },
		Units:    func(s *Scenario) (string, any) { return "formations", &s.Formations },
		Rules:    given,
	}
}
