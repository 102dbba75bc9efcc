// Package scenario is the Conquest scenario format (game: conquest) and the
// Conquest Game: a file's types (spec.go, values.go), their validation
// (validate.go), the regiment and character libraries (library.go,
// library_characters.go), the build into the engine's strike or fight
// (build.go) and the built-in scenarios (builtin/).
// docs/conquest.md is its manual; the rules themselves are package
// conquest.
package scenario

import (
	"embed"
	"io/fs"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/game/conquest"
	"github.com/wargamesim/sim/scenarios"
)

func init() { scenarios.Register(Game{}) }

// Game is Conquest: The Last Argument of Kings as the commands see it: regiments, Clash, Volley, Morale and Healing, under the 1.5 and 2.0 presets.
type Game struct{}

// Name is the game field of a Conquest: The Last Argument of Kings scenario.
func (Game) Name() string { return "conquest" }

// Title names the game for people.
func (Game) Title() string { return "Conquest: The Last Argument of Kings" }

// Docs is the manual of the options and the scenario format.
func (Game) Docs() string { return "docs/conquest.md" }

// Rules is the Conquest: The Last Argument of Kings rule system.
func (Game) Rules() scenarios.RuleSystem { return conquest.System }

//go:embed builtin/*.yaml
var builtinFS embed.FS

// Builtins holds the built-in Conquest: The Last Argument of Kings scenarios.
func (Game) Builtins() fs.FS { return scenarios.Sub(builtinFS, "builtin") }

// RollFields are the fields written as rolls ("4+"): none.
func (Game) RollFields() []string { return nil }

// Library is the regiment library (library.go).
func (Game) Library() scenarios.Library { return library{regiments} }

// Load decodes, validates and builds a Conquest: The Last Argument of Kings scenario.
func (Game) Load(doc *scenarios.Document, rules options.Ruleset) (*scenarios.Plan, error) {
	rs, err := scenarios.TypedRules[conquest.Ruleset](doc.File, rules)
	if err != nil {
		return nil, err
	}
	return format(rs, rules).Load(doc)
}

// format is the Conquest format under rules, typed (nil keeps the
// scenario's own) and as given (for a house-rules file's unit fields).
func format(rules *options.Rules[conquest.Ruleset], given options.Ruleset) scenarios.Format[Scenario] {
	return scenarios.Format[Scenario]{
		Library: func(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
			return useLibrary(file, s, pos) // library.go
		},
		Validate: func(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
			return validateConquest(file, s, pos, rules)
		},
		Name:  func(s *Scenario) *string { return &s.Name },
		Build: func(file string, s *Scenario) (*scenarios.Plan, error) { return buildConquest(file, s, rules) },
		Units: func(s *Scenario) (string, any) { return "regiments", &s.Regiments },
		Rules: given,
	}
}
