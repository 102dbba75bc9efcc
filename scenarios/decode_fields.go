package scenarios

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/wargamesim/sim/internal/suggest"
	"go.yaml.in/yaml/v3"
)

// unmarshalerType is yaml.v3's Unmarshaler, which Roll, Rolls, Amount and
// Reroll implement to read their own notation ("4+", "D3", [1, 2]).
var unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()

// implements reports whether *t, and so an addressable t, implements iface.
func implements(t, iface reflect.Type) bool {
	return reflect.PointerTo(t).Implements(iface)
}

// structFields is the decodable fields of a struct type, by yaml name.
type structFields struct {
	names  []string       // in struct order, as the user writes them
	byName map[string]int // name to reflect field index
}

var (
	fieldsCache  sync.Map // reflect.Type to *structFields
	checkedTypes sync.Map // reflect.Type to true
)

// fieldsOf returns the decodable fields of the struct type t: its exported
// fields not tagged `yaml:"-"`, named by their `yaml:"name"` tag or, when
// untagged, their lower-cased Go name, as yaml.v3 names them. Tag flags such
// as omitempty are ignored. It panics on two fields with one name and on an
// inline field, which Decode does not support.
func fieldsOf(t reflect.Type) *structFields {
	if f, ok := fieldsCache.Load(t); ok {
		return f.(*structFields)
	}
	sf := &structFields{byName: map[string]int{}}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		if tag == "-" {
			continue
		}
		name, flags, _ := strings.Cut(tag, ",")
		if slices.Contains(strings.Split(flags, ","), "inline") {
			panic(fmt.Sprintf("scenarios: field %s.%s: inline fields are not supported; name the field", t, f.Name))
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		if _, dup := sf.byName[name]; dup {
			panic(fmt.Sprintf("scenarios: struct %s has two fields named %q", t, name))
		}
		sf.byName[name] = i
		sf.names = append(sf.names, name)
	}
	f, _ := fieldsCache.LoadOrStore(t, sf)
	return f.(*structFields)
}

// checkType panics if t holds a type Decode cannot decode.
func checkType(t reflect.Type) {
	if _, ok := checkedTypes.Load(t); ok {
		return
	}
	checkTypeIn(t, map[reflect.Type]bool{})
	checkedTypes.Store(t, true)
}

// checkTypeIn is checkType for t, skipping types already in seen, so that
// recursive types end.
func checkTypeIn(t reflect.Type, seen map[reflect.Type]bool) {
	if seen[t] {
		return
	}
	seen[t] = true
	if implements(t, unmarshalerType) {
		return
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		checkTypeIn(t.Elem(), seen)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			panic(fmt.Sprintf("scenarios: cannot decode %s: map keys must be strings", t))
		}
		checkTypeIn(t.Elem(), seen)
	case reflect.Struct:
		if implements(t, shorthandType) {
			shorthandField(t)
		}
		sf := fieldsOf(t)
		for _, name := range sf.names {
			checkTypeIn(t.Field(sf.byName[name]).Type, seen)
		}
	case reflect.Bool, reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
	default:
		panic(fmt.Sprintf("scenarios: cannot decode a %s from YAML", t))
	}
}

// unknownField says that name is not a field, suggests the closest field and
// lists them all.
func unknownField(name string, names []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "unknown field %q", name)
	if s := suggest.Nearest(name, names); s != "" {
		fmt.Fprintf(&b, "; did you mean %q?", s)
	}
	if len(names) == 0 {
		b.WriteString(" (no fields are allowed here)")
	} else {
		fmt.Fprintf(&b, " (fields here: %s)", strings.Join(names, ", "))
	}
	return b.String()
}
