package scenarios

import (
	"embed"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

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
func libraryUnit(name string) (Unit, positions, []byte, error) {
	file := "units/" + name + ".yaml"
	data, err := libraryFS.ReadFile(file)
	if err != nil {
		return Unit{}, nil, nil, fmt.Errorf("library unit %s: %w", name, err)
	}
	var u Unit
	pos, errs := decodeStrict(file, data, &u)
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
func useLibrary(file string, s *Scenario, pos positions) ErrorList {
	var errs ErrorList
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
			errs = append(errs, pos.at(file, fp, "empty; name a unit of the library (sim units lists them), or remove from"))
			continue
		case !slices.Contains(names, u.From):
			errs = append(errs, pos.at(file, fp, "%s", unknownChoice("library unit", u.From, names,
				"one of "+strings.Join(names, ", ")+" (sim units lists them)")))
			continue
		}
		lib, libPos, _, err := libraryUnit(u.From)
		if err != nil {
			errs = append(errs, pos.at(file, fp, "internal error, please report it: %v", err))
			continue
		}
		m := merger{pos: pos, replaced: map[string]bool{}}
		m.overlay(reflect.ValueOf(&lib).Elem(), reflect.ValueOf(u).Elem(), p)
		for _, q := range slices.Sorted(maps.Keys(libPos)) {
			if full := p + "." + q; q != "" && !m.given(full) && !m.shadowed(full, p) {
				pos[full] = at
			}
		}
		*u = lib
	}
	return errs
}

// merger lays the fields a scenario gives over a library unit.
type merger struct {
	pos      positions       // the scenario's: which fields it gives
	replaced map[string]bool // paths whose library value was replaced whole
}

func (m *merger) given(path string) bool {
	_, ok := m.pos[path]
	return ok
}

// shadowed reports whether path, below the unit at unit, lies in a value the
// scenario replaced whole, so that the library's value there is gone.
func (m *merger) shadowed(path, unit string) bool {
	for q := path; q != unit && q != ""; q = parentPath(q) {
		if m.replaced[q] {
			return true
		}
	}
	return false
}

// overlay sets each field of the struct dst (the library's) that the
// scenario gives to the scenario's value in src, the same struct type at
// path, merging the mappings it gives with fields in them.
func (m *merger) overlay(dst, src reflect.Value, path string) {
	info := fieldsOf(dst.Type())
	for _, name := range info.names {
		fp := joinPath(path, name)
		if !m.given(fp) {
			continue
		}
		d, s := dst.Field(info.byName[name]), src.Field(info.byName[name])
		if m.mergeable(s, fp) {
			if d.Kind() == reflect.Pointer {
				if d.IsNil() {
					d.Set(reflect.New(d.Type().Elem()))
				}
				d, s = d.Elem(), s.Elem()
			}
			m.overlay(d, s, fp)
			continue
		}
		d.Set(s)
		m.replaced[fp] = true
	}
}

// mergeable reports whether the scenario's value v at path is merged field
// by field: a struct, or a non-nil pointer to one, that decodes field by
// field (not a Roll or Reroll, which read their own notation) and has at
// least one field given.
func (m *merger) mergeable(v reflect.Value, path string) bool {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct || implements(v.Type(), unmarshalerType) {
		return false
	}
	return slices.ContainsFunc(fieldsOf(v.Type()).names, func(name string) bool {
		return m.given(joinPath(path, name))
	})
}

// inFileOrder orders errors by line, then column.
func inFileOrder(a, b *Error) int {
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	return a.Column - b.Column
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
