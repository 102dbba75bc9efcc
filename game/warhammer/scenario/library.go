package scenario

import (
	"embed"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/wargamesim/sim/scenarios"

	"github.com/wargamesim/sim/game/warhammer"
)

// The unit library is a set of ready-made units, one YAML file each in
// units/, written as a scenario's units are but without an id. A scenario's
// unit that says `from: NAME` starts as the library's unit NAME, and every
// field the scenario gives overrides it (docs/scenarios.md, "The unit
// library").
//
// The merge runs on decoded values, not on YAML nodes: the decoder's
// positions already say which fields the scenario gave (a field is given
// iff its path is in positions), and reflection over the struct fields by
// yaml name (fieldsOf, as the decoder uses) overlays them on the library's
// unit. Merging nodes instead would mean reparsing, copying nodes so as not
// to change an anchor's value, and line numbers from another file.

//go:embed units/*.yaml
var libraryFS embed.FS

// LibraryNames lists the units of the library, sorted: the names a
// scenario's `from:` takes.
func LibraryNames() []string {
	entries, _ := libraryFS.ReadDir("units")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(names)
	return names
}

// LibraryUnit returns the library's unit name, decoded, and its YAML, or
// false when the library has no unit of that name. It panics if the unit's
// file does not decode: the library is built in, and its tests decode and
// validate every file.
func LibraryUnit(name string) (Unit, []byte, bool) {
	if !slices.Contains(LibraryNames(), name) {
		return Unit{}, nil, false
	}
	u, _, data, err := libraryUnit(name)
	if err != nil {
		panic("scenarios: " + err.Error())
	}
	return u, data, true
}

// libraryUnit decodes the library's unit name, a name LibraryNames lists,
// and returns it with the positions of the fields its file gives (paths
// relative to the unit: "profile.WS") and the file itself. Each call
// decodes afresh, so the caller owns every slice and pointer in the unit.
func libraryUnit(name string) (Unit, scenarios.Positions, []byte, error) {
	file := "units/" + name + ".yaml"
	data, err := libraryFS.ReadFile(file)
	if err != nil {
		return Unit{}, nil, nil, fmt.Errorf("library unit %s: %w", name, err)
	}
	var u Unit
	pos, errs := scenarios.Decode(file, data, &u)
	if len(errs) > 0 {
		return Unit{}, nil, nil, fmt.Errorf("library unit %s: %w", name, errs)
	}
	for _, f := range []string{"id", "from"} {
		if _, ok := pos[f]; ok {
			return Unit{}, nil, nil, fmt.Errorf("library unit %s gives %s, which only a scenario may give", name, f)
		}
	}
	return u, pos, data, nil
}

// useLibrary replaces each unit of s that says `from: NAME` by the library's
// unit NAME with the fields the unit gives (those whose path is in pos)
// laid over it, and reports each from that names no library unit. A given
// mapping (profile, mount, mount.profile, command, special_rules, rerolls,
// missile...) with fields in it is merged field by field; anything else
// given, lists and single values, and a mapping given empty or null,
// replaces the library's value. (A frontage wider than the models is
// fine: they form one rank.)
//
// The fields that come from the library are added to pos at the position
// of the unit's from value, so that validation finds them given and its
// messages about them point at the from line.
func useLibrary(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	var errs scenarios.ErrorList
	for i := range s.Units {
		u := &s.Units[i]
		p := fmt.Sprintf("units[%d]", i)
		fp := p + ".from"
		at, ok := pos[fp]
		if !ok {
			continue
		}
		names := LibraryNames()
		switch {
		case u.From == "":
			errs = append(errs, pos.At(file, fp, "empty; name a unit of the library (sim units lists them), or remove from"))
			continue
		case !slices.Contains(names, u.From):
			errs = append(errs, pos.At(file, fp, "%s", scenarios.UnknownChoice("library unit", u.From, names,
				"one of "+strings.Join(names, ", ")+" (sim units lists them)")))
			continue
		}
		lib, libPos, _, err := libraryUnit(u.From)
		if err != nil {
			errs = append(errs, pos.At(file, fp, "internal error, please report it: %v", err))
			continue
		}
		scenarios.Overlay(&lib, u, p, pos, libPos, at)
		*u = lib
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

// library is the unit library as a scenarios.Library.
type library struct{}

func (library) Names() []string { return LibraryNames() }

func (library) Source(name string) ([]byte, bool) {
	_, data, ok := LibraryUnit(name)
	return data, ok
}

// Columns are a unit's name, troop type, profile, armour save and army book.
func (library) Columns(name string) []string {
	u, _, ok := LibraryUnit(name)
	if !ok {
		return nil
	}
	p := u.Profile
	return []string{name, u.TroopType().String(),
		fmt.Sprintf("M%d WS%d BS%d S%d T%d W%d I%d A%d Ld%d", p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld),
		"save " + saveText(u.ArmourSave()), bookText(u.Source)}
}

// Fights are a charge fought to the break, and one round of blows on the
// charge.
func (library) Fights() []string { return []string{"charge", "volley"} }

// Matchup is row charging col (charge), or striking one round of blows at
// it on the charge (volley).
func (library) Matchup(row, col, fight string) []byte {
	f := "fight: {type: close_combat, sides: [row, col], charger: row}"
	if fight == "volley" {
		f = "fight: {type: volley, attacker: row, target: col, phase: close_combat, charged: true}"
	}
	return []byte(fmt.Sprintf("name: %s-vs-%s\nunits:\n  - {id: row, from: %s}\n  - {id: col, from: %s}\n%s\n", row, col, row, col, f))
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
