package scenarios

import (
	"maps"
	"reflect"
	"slices"
)

// Overlay lays over base the fields of given (a pointer to the same struct
// type) that a file gives: those whose path, below path, is in pos. A given
// mapping with fields in it is merged field by field; anything else given,
// lists and single values, and a mapping given empty or null, replaces
// base's value. The fields that then come from base (basePos holds their
// paths relative to base) are added to pos at Position at, so that
// validation finds them given and its messages about them point there: a
// unit library's "from:" line, say.
//
// The merge runs on decoded values, not on YAML nodes: the decoder's
// Positions already say which fields the file gave, and reflection over the
// struct fields by yaml name (as the decoder uses) overlays them.
func Overlay(base, given any, path string, pos, basePos Positions, at Position) {
	m := merger{pos: pos, replaced: map[string]bool{}}
	m.overlay(reflect.ValueOf(base).Elem(), reflect.ValueOf(given).Elem(), path)
	for _, q := range slices.Sorted(maps.Keys(basePos)) {
		if full := path + "." + q; q != "" && !m.given(full) && !m.shadowed(full, path) {
			pos[full] = at
		}
	}
}

// merger lays the fields a scenario gives over a library unit.
type merger struct {
	pos      Positions       // the scenario's: which fields it gives
	replaced map[string]bool // paths whose library value was replaced whole
}

func (m *merger) given(path string) bool {
	_, ok := m.pos[path]
	return ok
}

// shadowed reports whether path, below the unit at unit, lies in a value the
// scenario replaced whole, so that the library's value there is gone.
func (m *merger) shadowed(path, unit string) bool {
	for q := path; q != unit && q != ""; q = ParentPath(q) {
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
		fp := JoinPath(path, name)
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
		return m.given(JoinPath(path, name))
	})
}

// InFileOrder orders errors by line, then column.
func InFileOrder(a, b *Error) int {
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	return a.Column - b.Column
}
