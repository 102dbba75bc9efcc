package scenario

import (
	"embed"
	"fmt"
	"slices"
	"strings"

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

// useLibrary starts each regiment of s that says from: from the regiment
// library, then each of their characters that says from: from the
// character library. A library regiment has no character, so a
// regiment's character is the scenario's own whether it says from: or not.
func useLibrary(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	errs := regiments.Use(file, "regiments", s.Regiments, pos)
	for i := range s.Regiments {
		if c := s.Regiments[i].Character; c != nil {
			errs = append(errs, useCharacter(file, fmt.Sprintf("regiments[%d].character", i), c, pos)...)
		}
	}
	return errs
}

// useCharacter is [scenarios.UnitLibrary.Use] for the one character at
// path p: when it says from: NAME it becomes the library's NAME with the
// fields it gives laid over, and the library's fields are placed at its
// from line; a from that names no library character is reported there.
func useCharacter(file, p string, c *Character, pos scenarios.Positions) scenarios.ErrorList {
	fp := p + ".from"
	at, ok := pos[fp]
	if !ok {
		return nil
	}
	l := characters
	names := l.Names()
	switch from := c.From; {
	case from == "":
		return scenarios.ErrorList{pos.At(file, fp, "empty; name a %s of the library (%s lists them), or remove from", l.What, l.List)}
	case !slices.Contains(names, from):
		return scenarios.ErrorList{pos.At(file, fp, "%s", scenarios.UnknownChoice("library "+l.What, from, names,
			"one of "+strings.Join(names, ", ")+" ("+l.List+" lists them)"))}
	}
	lib, libPos, err := l.Decode(c.From)
	if err != nil {
		return scenarios.ErrorList{pos.At(file, fp, "internal error, please report it: %v", err)}
	}
	scenarios.Overlay(&lib, c, p, pos, libPos, at)
	*c = lib
	return nil
}

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
