package scenario

import (
	"embed"
	"fmt"
	"strings"

	"github.com/wargamesim/sim/scenarios"

	"github.com/wargamesim/sim/game/warhammer"
)

// The unit library is a set of ready-made units, one YAML file each in
// units/, written as a scenario's units are but without an id. A scenario's
// unit that says `from: NAME` starts as the library's unit NAME, and every
// field the scenario gives overrides it (docs/scenarios.md, "The unit
// library"; scenarios.UnitLibrary does the merge). A given mapping
// (profile, mount, mount.profile, command, special_rules, rerolls,
// missile...) with fields in it is merged field by field. (A frontage
// wider than the models is fine: they form one rank.)

//go:embed units/*.yaml characters/*.yaml
var libraryFS embed.FS

// units is the unit library.
var units = scenarios.UnitLibrary[Unit]{FS: scenarios.Sub(libraryFS, "units"), What: "unit", List: "sim units",
	From: func(u *Unit) string { return u.From }}

// characters is the character library: characters/NAME.yaml, written as
// a unit's characters are but without an id, for a character's from:.
var characters = scenarios.UnitLibrary[Unit]{FS: scenarios.Sub(libraryFS, "characters"), What: "character",
	List: "sim units --characters", From: func(u *Unit) string { return u.From }}

// CharacterNames lists the characters of the library, sorted.
func CharacterNames() []string { return characters.Names() }

// LibraryCharacter returns the library's character name, decoded, or false
// when the library has none of that name.
func LibraryCharacter(name string) (Unit, bool) { return characters.Unit(name) }

// LibraryNames lists the units of the library, sorted: the names a
// scenario's `from:` takes.
func LibraryNames() []string { return units.Names() }

// LibraryUnit returns the library's unit name, decoded, or false when the
// library has no unit of that name.
func LibraryUnit(name string) (Unit, bool) { return units.Unit(name) }

// useLibrary starts each unit of s that says from: from the library.
func useLibrary(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	errs := units.Use(file, "units", s.Units, pos)
	for i := range s.Units {
		errs = append(errs, characters.Use(file, fmt.Sprintf("units[%d].characters", i), s.Units[i].Characters, pos)...)
	}
	return errs
}

// TroopType is the unit's troop type: as given, else cavalry when mounted
// on a cavalry mount or Cold One, a monster when riding one, else infantry.
// The unit must be valid.
func (u *Unit) TroopType() warhammer.TroopType { return troopType(u) }

// ArmourSave is the unit's armour save before Strength modifiers: given
// directly, or worked out from its equipment, mount and natural armour
// (seed 002); warhammer.NoSave when it has none. It may be better than 2+
// (seed 002, "Maximum saving throw"). The unit must be valid.
func (u *Unit) ArmourSave() warhammer.Save { return armour(u) }

// library is the unit library as a scenarios.Library: its names and
// files, and what sim units and sim matrix make of them.
type library struct{ scenarios.UnitLibrary[Unit] }

// Columns are a unit's name, troop type, profile, armour save and army book.
func (l library) Columns(name string) []string {
	u, ok := l.Unit(name)
	if !ok {
		return nil
	}
	p := u.Profile
	return []string{name, u.TroopType().String(),
		fmt.Sprintf("M%d WS%d BS%d S%d T%d W%d I%d A%d Ld%d", p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld),
		"save " + saveText(u.ArmourSave()), bookText(u.Source)}
}

// Characters is the character library, for sim units --characters.
func (library) Characters() scenarios.Lister { return characterList{characters} }

// characterList is the character library as sim units lists it.
type characterList struct{ scenarios.UnitLibrary[Unit] }

// Columns are a character's name, troop type, profile, armour save and
// army book.
func (l characterList) Columns(name string) []string { return library(l).Columns(name) }

// Fights are a charge fought to the break, and one round of blows on the
// charge.
func (library) Fights() []scenarios.Fight {
	return []scenarios.Fight{
		{Name: "charge", Says: "charge the columns and fight to the break"},
		{Name: "volley", Says: "strike one round of blows on the charge"},
	}
}

// UnitList is the scenario field of the units.
func (library) UnitList() string { return "units" }

// SizeField is a unit's models.
func (library) SizeField() string { return "models" }

// Matchup is row charging col (charge), or striking one round of blows at
// it on the charge (volley).
func (l library) Matchup(row, col scenarios.Pick, fight string) []byte {
	f := "fight: {type: close_combat, sides: [row, col], charger: row}"
	if fight == "volley" {
		f = "fight: {type: volley, attacker: row, target: col, phase: close_combat, charged: true}"
	}
	return []byte(fmt.Sprintf("name: %s-vs-%s\nunits:\n  - %s\n  - %s\n%s\n", row.Unit, col.Unit,
		row.UnitYAML("row", l.SizeField()), col.UnitYAML("col", l.SizeField()), f))
}

// saveText is an armour save as the books write it ("3+"), or "none".
func saveText(s warhammer.Save) string {
	if s >= warhammer.NoSave {
		return "none"
	}
	return fmt.Sprintf("%d+", int(s))
}

// bookText is the army book and edition of a library unit's source, without
// the series name and the note in brackets: "Bretonnia, 6th edition".
func bookText(source string) string {
	book, _, _ := strings.Cut(source, " (")
	return strings.TrimPrefix(book, "Warhammer Armies ")
}
