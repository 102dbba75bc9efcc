package scenario

import (
	"embed"
	"fmt"
	"os"
	"strconv"
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
	us, cs := units, characters
	if len(s.Library) > 0 {
		var errs scenarios.ErrorList
		if us, cs, errs = withFiles(file, s.Library, pos); len(errs) > 0 {
			return errs
		}
	}
	var errs scenarios.ErrorList
	for i := range s.Units {
		lib := us
		if s.Units[i].Character {
			lib = cs // a lone character comes from the character library
		}
		if err := lib.UseOne(file, fmt.Sprintf("units[%d]", i), &s.Units[i], pos); err != nil {
			errs = append(errs, err)
		}
		errs = append(errs, cs.Use(file, fmt.Sprintf("units[%d].characters", i), s.Units[i].Characters, pos)...)
		if s.Units[i].Character && s.Units[i].Models == 0 {
			s.Units[i].Models = 1 // a lone character is one model
		}
	}
	return errs
}

// withFiles is the unit and character libraries with a scenario's library
// files before the built-in ones; a file that is missing or wrong is an
// error at the scenario's library field, or in the file.
func withFiles(file string, lib scenarios.Paths, pos scenarios.Positions) (us, cs scenarios.UnitLibrary[Unit], errs scenarios.ErrorList) {
	paths := lib.Resolve(file)
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return us, cs, scenarios.ErrorList{pos.At(file, "library", "%s: no such library file; give a path relative to the scenario's folder, of a file sim import wrote (docs/import.md)", p)}
		}
	}
	var err error
	if us, err = units.WithFiles("warhammer", "units", paths, true); err == nil {
		cs, err = characters.WithFiles("warhammer", "characters", paths, true)
	}
	if err != nil {
		if el, ok := err.(scenarios.ErrorList); ok {
			return us, cs, el
		}
		return us, cs, scenarios.ErrorList{pos.At(file, "library", "%v", err)}
	}
	return us, cs, nil
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
type library struct {
	scenarios.UnitLibrary[Unit]
	chars scenarios.UnitLibrary[Unit]
}

// WithFiles is the library with the units and characters of library
// files before the built-in ones, or instead of them (builtin false): sim
// units --library and sim matrix --library.
func (l library) WithFiles(paths []string, builtin bool) (scenarios.Library, error) {
	us, err := l.UnitLibrary.WithFiles("warhammer", "units", paths, builtin)
	if err != nil {
		return nil, err
	}
	cs, err := l.chars.WithFiles("warhammer", "characters", paths, builtin)
	if err != nil {
		return nil, err
	}
	return library{us, cs}, nil
}

// Size is the unit's models in the library.
func (l library) Size(name string) int {
	u, _ := l.Unit(name)
	return u.Models
}

// MinSize is the unit's min_models, its smallest legal size; 0 when the
// library gives none.
func (l library) MinSize(name string) int {
	u, _ := l.Unit(name)
	return u.MinModels
}

// Points is what the unit name costs: points a model, and what the unit
// pays beside its models; false if the library gives it no points.
func (l library) Points(name string) (perModel, unit float64, ok bool) {
	u, found := l.Unit(name)
	if !found || u.Points <= 0 {
		return 0, 0, false
	}
	return u.Points, u.UnitPoints, true
}

// Columns are a unit's name, troop type, profile, armour save, points a
// model and army book (or source).
func (l library) Columns(name string) []string {
	u, ok := l.Unit(name)
	if !ok {
		return nil
	}
	p := u.Profile
	return []string{name, u.TroopType().String(),
		fmt.Sprintf("M%d WS%d BS%d S%d T%d W%d I%d A%d Ld%d", p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld),
		"save " + saveText(u.ArmourSave()), perModelText(u.Points), bookText(u.Source)}
}

// Characters is the character library, for sim units --characters.
func (l library) Characters() scenarios.Lister { return characterList{l.chars} }

// characterList is the character library as sim units lists it.
type characterList struct{ scenarios.UnitLibrary[Unit] }

// Columns are a character's name, troop type, profile, armour save and
// army book.
func (l characterList) Columns(name string) []string {
	return library{UnitLibrary: l.UnitLibrary}.Columns(name)
}

// Fights are a charge fought to the break, and one round of blows on the
// charge.
func (library) Fights() []scenarios.Fight {
	return []scenarios.Fight{
		{Name: "charge", Says: "charge the columns and fight to the break", Win: scenarios.RowWins},
		{Name: "volley", Says: "strike one round of blows on the charge", Win: scenarios.ColDestroyed},
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
	lib := ""
	if paths := l.Paths(); len(paths) > 0 {
		quoted := make([]string, len(paths))
		for i, p := range paths {
			quoted[i] = strconv.Quote(p)
		}
		lib = "library: [" + strings.Join(quoted, ", ") + "]\n"
	}
	return []byte(fmt.Sprintf("name: %s-vs-%s\n%sunits:\n  - %s\n  - %s\n%s\n", row.Unit, col.Unit, lib,
		row.UnitYAML("row", l.SizeField()), col.UnitYAML("col", l.SizeField()), f))
}

// perModelText is a unit's points a model, "12 pts", or "" when it has none.
func perModelText(p float64) string {
	if p <= 0 {
		return ""
	}
	return strconv.FormatFloat(p, 'f', -1, 64) + " pts"
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
