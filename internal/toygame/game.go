package toygame

import (
	"embed"
	"io/fs"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/scenarios"
)

// Register adds the toy game to the scenarios registry. Only a test calls
// it, in a process of its own, so that sim and the other tests see the
// real games alone: the package has no init that registers.
func Register() { scenarios.Register(Game{}) }

// Game is the toy game as the commands see it: two bands, one wound a
// model, under the presets toy1 and toy2.
type Game struct{}

// Name is the game field of a toy scenario.
func (Game) Name() string { return "toy" }

// Title names the game for people.
func (Game) Title() string { return "Toy Skirmish" }

// Docs is the manual of the options and the scenario format.
func (Game) Docs() string { return "internal/toygame/doc.go" }

// Rules is the toy rule system.
func (Game) Rules() scenarios.RuleSystem { return System }

//go:embed builtin/*.yaml
var builtinFS embed.FS

// Builtins holds the built-in toy scenarios.
func (Game) Builtins() fs.FS { return scenarios.Sub(builtinFS, "builtin") }

// RollFields are the fields written as rolls ("4+").
func (Game) RollFields() []string { return []string{"hit_on"} }

// Library is the band library (library.go).
func (Game) Library() scenarios.Library { return library{bands} }

// Load decodes, validates and builds a toy scenario.
func (Game) Load(doc *scenarios.Document, rules options.Ruleset) (*scenarios.Plan, error) {
	rs, err := scenarios.TypedRules[Ruleset](doc.File, rules)
	if err != nil {
		return nil, err
	}
	return scenarios.Format[Scenario]{
		Library: func(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
			return bands.Use(file, "bands", s.Bands, pos)
		},
		Validate: validate,
		Name:     func(s *Scenario) *string { return &s.Name },
		Build:    func(file string, s *Scenario) (*scenarios.Plan, error) { return build(file, s, rs) },
		Units:    func(s *Scenario) (string, any) { return "bands", &s.Bands },
		Rules:    rules,
	}.Load(doc)
}
