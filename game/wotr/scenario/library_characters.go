package scenario

import (
	"embed"
	"fmt"

	"github.com/wargamesim/sim/scenarios"
)

// The hero library: ready-made heroes, one YAML file each in heroes/,
// written as a scenario's heroes are but without an id or actions (a
// scenario declares them). A scenario's hero that says `from: NAME` starts
// as the library's NAME, and every field he gives overrides the library's,
// the profile field by field (docs/wotr.md, "The formation library").

//go:embed heroes/*.yaml
var heroesFS embed.FS

var heroes = scenarios.UnitLibrary[Hero]{FS: scenarios.Sub(heroesFS, "heroes"), What: "hero",
	List: "sim units --game wotr --characters", From: func(h *Hero) string { return h.From }}

// Characters is the hero library, for sim units --game wotr --characters.
func (library) Characters() scenarios.Lister { return heroLister{heroes} }

// heroLister is the hero library as sim units lists it.
type heroLister struct{ scenarios.UnitLibrary[Hero] }

// Columns are a hero's name, faction, profile and source.
func (l heroLister) Columns(name string) []string {
	h, ok := l.Unit(name)
	if !ok {
		return nil
	}
	p := h.Profile
	return []string{name, h.Faction, fmt.Sprintf("F%d R%d C%d Might %d", p.F, p.R, p.C, p.Might), h.Source}
}
