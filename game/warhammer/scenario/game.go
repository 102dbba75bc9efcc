// Package scenario is the Warhammer Fantasy Battles scenario format and
// the Warhammer Game: the types of a file as written (spec.go), their
// validation into located errors (validate.go, validate_fight.go), the unit
// library that a unit's from: starts from (library.go, units/), the build
// into the engine's volley or fight (build.go), and the built-in scenarios
// (builtin/). docs/scenarios.md is the format's manual; the rules
// themselves are package warhammer.
package scenario

import (
	"embed"
	"io/fs"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

func init() { scenarios.Register(Game{}) }

// Game is Warhammer Fantasy Battles as the commands see it: the 6th edition
// of the seeds by default, 8th as a preset, a unit library and its
// built-in scenarios.
type Game struct{}

// Name is the game field of a Warhammer scenario (the default game).
func (Game) Name() string { return "warhammer" }

// Title names the game for people.
func (Game) Title() string { return "Warhammer Fantasy Battles" }

// Docs is the manual of the options and the scenario format.
func (Game) Docs() string { return "docs/rules.md" }

// Rules is the Warhammer rule system.
func (Game) Rules() scenarios.RuleSystem { return warhammer.System }

//go:embed builtin/*.yaml
var builtinFS embed.FS

// Builtins holds the built-in Warhammer scenarios.
func (Game) Builtins() fs.FS { return scenarios.Sub(builtinFS, "builtin") }

// RollFields are the unit fields written as rolls ("4+").
func (Game) RollFields() []string {
	return []string{"armour", "natural_armour", "ward", "regeneration"}
}

// Defaults are what a user starts from: seed 000's fight, Empire Knights
// against Trolls, and the 6th and 8th editions side by side.
func (Game) Defaults() scenarios.Defaults {
	return scenarios.Defaults{Scenario: "trolls-vs-knights", Units: [2]string{"empire_knights", "trolls"}, Compare: "6th,8th"}
}

// Library is the unit library (library.go).
func (Game) Library() scenarios.Library { return library{units, characters} }

// Load decodes, validates and builds a Warhammer scenario.
func (Game) Load(doc *scenarios.Document, rules options.Ruleset) (*scenarios.Plan, error) {
	rs, err := scenarios.TypedRules[warhammer.Ruleset](doc.File, rules)
	if err != nil {
		return nil, err
	}
	return format(rs, rules).Load(doc)
}

// format is the Warhammer format under rules, typed (nil keeps the
// scenario's own) and as given (for a house-rules file's unit fields).
func format(rules *options.Rules[warhammer.Ruleset], given options.Ruleset) scenarios.Format[Scenario] {
	return scenarios.Format[Scenario]{
		Library: useLibrary,
		Validate: func(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
			if errs := validate(file, s, pos); len(errs) > 0 {
				return errs
			}
			return engineRefusal(file, s, pos, rules)
		},
		Name:  func(s *Scenario) *string { return &s.Name },
		Build: func(file string, s *Scenario) (*scenarios.Plan, error) { return build(file, s, rules) },
		Warn:  warnings,
		Units: func(s *Scenario) (string, any) { return "units", &s.Units },
		Rules: given,
	}
}
