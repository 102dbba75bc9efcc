package scenarios

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// UnitLibrary is a game's ready-made units (or formations, or regiments):
// one YAML file NAME.yaml each at the root of FS, written as the game's
// scenarios write one, without an id. U is the game's unit type. A
// scenario's unit that says `from: NAME` starts as the library's NAME, and
// every field the scenario gives overrides it ([Overlay]).
type UnitLibrary[U any] struct {
	FS   fs.FS  // nil for a library of files alone
	What string // what one is called in messages: "unit", "formation"
	List string // the command that lists them: "sim units --game wotr"
	// From reads a unit's from field.
	From func(*U) string

	// files are the units of a user's library files, by name, as YAML;
	// they come before FS's (WithFiles).
	files map[string]fileUnit
	paths []string // the library files, absolute, in the order given
	// ambiguous are the plain names of units in two or more library
	// files, with the namespaced names that tell them apart.
	ambiguous map[string][]string
}

// fileUnit is one unit of a library file.
type fileUnit struct {
	yaml []byte
	file string // the library file, as given
}

// Sub is the directory dir of a file system that has it, such as an
// embedded builtin/ or units/; it panics otherwise, as a missing embedded
// directory is a bug.
func Sub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic("scenarios: " + err.Error())
	}
	if _, err := fs.ReadDir(s, "."); err != nil {
		panic("scenarios: " + dir + ": " + err.Error())
	}
	return s
}

// Names lists the library's units, sorted, each once: the names from:
// takes. A unit of a library file is listed by its plain name, or by its
// namespaced name (og6.trolls) where another file has the plain name;
// from: also takes the namespaced name of every file's unit.
func (l UnitLibrary[U]) Names() []string {
	var names []string
	for n, u := range l.files {
		ns, plain, dotted := strings.Cut(n, ".")
		if !dotted || LibraryNamespace(u.file) != ns || len(l.ambiguous[plain]) > 0 {
			names = append(names, n)
		}
	}
	if l.FS != nil {
		entries, _ := fs.ReadDir(l.FS, ".")
		for _, e := range entries {
			if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok && l.files[n].yaml == nil && len(l.ambiguous[n]) == 0 {
				names = append(names, n)
			}
		}
	}
	slices.Sort(names)
	return names
}

// has reports whether from: can take name: a name Names lists, or a
// library file's unit by its namespaced name.
func (l UnitLibrary[U]) has(name string) bool {
	_, ok := l.files[name]
	return ok || slices.Contains(l.Names(), name)
}

// read returns the YAML of the unit name and the file it is in.
func (l UnitLibrary[U]) read(name string) ([]byte, string, error) {
	if u, ok := l.files[name]; ok {
		return u.yaml, u.file, nil
	}
	if l.FS == nil {
		return nil, "", fs.ErrNotExist
	}
	data, err := fs.ReadFile(l.FS, name+".yaml")
	return data, name + ".yaml", err
}

// Source returns the YAML of the library's unit name.
func (l UnitLibrary[U]) Source(name string) ([]byte, bool) {
	if !l.has(name) {
		return nil, false
	}
	data, _, err := l.read(name)
	return data, err == nil
}

// Unit returns the library's unit name, decoded, or false when there is
// none of that name. It panics if the unit's file does not decode: the
// library is built in, and each game's tests decode and validate every file.
func (l UnitLibrary[U]) Unit(name string) (U, bool) {
	var zero U
	if !l.has(name) {
		return zero, false
	}
	u, _, err := l.Decode(name)
	if err != nil {
		panic("scenarios: " + err.Error())
	}
	return u, true
}

// Decode decodes the library's unit name, a name Names lists, and returns
// it with the positions of the fields its file gives (paths relative to
// the unit: "profile.WS"). Each call decodes afresh, so the caller owns
// every slice and pointer in the unit.
func (l UnitLibrary[U]) Decode(name string) (U, Positions, error) {
	var u U
	data, file, err := l.read(name)
	if err != nil {
		return u, nil, fmt.Errorf("library %s %s: %w", l.What, name, err)
	}
	pos, errs := Decode(file, data, &u)
	if len(errs) > 0 {
		return u, nil, fmt.Errorf("library %s %s: %w", l.What, name, errs)
	}
	for _, f := range []string{"id", "from"} {
		if _, ok := pos[f]; ok {
			return u, nil, fmt.Errorf("library %s %s gives %s, which only a scenario may give", l.What, name, f)
		}
	}
	return u, pos, nil
}

// Use replaces each of units (the list at path list in file, "units") that
// says `from: NAME` by the library's NAME with the fields the unit gives
// (those whose path is in pos) laid over it, and reports each from that
// names no library unit. A given mapping with fields in it is merged field
// by field; anything else given, lists and single values, and a mapping
// given empty or null, replaces the library's value.
//
// The fields that come from the library are added to pos at the position
// of the unit's from value, so that validation finds them given and its
// messages about them point at the from line.
func (l UnitLibrary[U]) Use(file, list string, units []U, pos Positions) ErrorList {
	var errs ErrorList
	for i := range units {
		if err := l.UseOne(file, fmt.Sprintf("%s[%d]", list, i), &units[i], pos); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

// UseOne is Use for the one unit u at path p (a field that holds one
// unit, such as a regiment's character): nil when it gives no from, or
// when its from names a library unit.
func (l UnitLibrary[U]) UseOne(file, p string, u *U, pos Positions) *Error {
	fp := p + ".from"
	at, ok := pos[fp]
	if !ok {
		return nil
	}
	names := l.Names()
	switch from := l.From(u); {
	case from == "":
		return pos.At(file, fp, "empty; name a %s of the library (%s lists them), or remove from", l.What, l.List)
	case len(l.ambiguous[from]) > 0:
		return pos.At(file, fp, "%s is in more than one library file; name the one you mean: %s", from, strings.Join(l.ambiguous[from], " or "))
	case !l.has(from):
		return pos.At(file, fp, "%s", UnknownChoice("library "+l.What, from, names,
			"one of "+strings.Join(names, ", ")+" ("+l.List+" lists them)"))
	}
	lib, libPos, err := l.Decode(l.From(u))
	if err != nil {
		return pos.At(file, fp, "internal error, please report it: %v", err)
	}
	Overlay(&lib, u, p, pos, libPos, at)
	*u = lib
	return nil
}
