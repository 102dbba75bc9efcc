package scenario

import (
	"embed"
	"fmt"

	"github.com/wargamesim/sim/scenarios"
)

// The character library: ready-made Characters, one YAML file each in
// characters/, written as a regiment's character is, with a faction. A
// regiment's character that says `from: NAME` starts as the library's
// NAME, and every field it gives overrides the library's, the profile and
// special_rules field by field (docs/conquest.md, "The regiment library").
//
// A library Character gives no engaged: whether he is in contact is the
// scenario's to say. Nor does it give a stand_profile: the engine reads a
// Character's profile the same under per_model and per_stand (he is one
// model and one stand: his Attacks are his Strikes, his Barrage his shots,
// his Wounds his own), so a 1.5 Character joins a 2.0 regiment without
// misread numbers. Each file's source says which era its profile is from.

//go:embed characters/*.yaml
var charactersFS embed.FS

var characters = scenarios.UnitLibrary[Character]{FS: scenarios.Sub(charactersFS, "characters"), What: "character",
	List: "sim units --game conquest --characters", From: func(c *Character) string { return c.From }}

// Characters is the character library, for sim units --game conquest
// --characters.
func (library) Characters() scenarios.Lister { return characterLister{characters} }

// characterLister is the character library as sim units lists it.
type characterLister struct {
	scenarios.UnitLibrary[Character]
}

// Columns are a Character's name, faction, profile, spell and source.
func (l characterLister) Columns(name string) []string {
	c, ok := l.Unit(name)
	if !ok {
		return nil
	}
	p := c.Profile
	spell := "no spell"
	if c.Spell != nil {
		spell = c.Spell.Name
	}
	return []string{name, c.Faction, fmt.Sprintf("M%d V%d C%d A%d W%d R%d D%d E%d", p.M, p.V, p.C, p.A, p.W, p.R, p.D, p.E), spell, c.Source}
}
