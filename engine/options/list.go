package options

import (
	"fmt"
	"maps"
	"strings"

	"github.com/wargamesim/sim/internal/suggest"
)

// List is a rule system's options, in the order its documentation gives
// them. Names are unique; the methods find an option by a linear search,
// which a few dozen options make cheaper than a map.
type List[R any] []Option[R]

// Origins records, by option name, where each value of a ruleset came
// from: "preset 6th", "scenario rules", a house-rules file. An option
// missing from it has no recorded origin ("").
type Origins map[string]string

// Clone returns a copy of o that can be changed without changing o; nil
// for nil.
func (o Origins) Clone() Origins { return maps.Clone(o) }

// Names lists the option names in order.
func (l List[R]) Names() []string {
	names := make([]string, len(l))
	for i, o := range l {
		names[i] = o.Name
	}
	return names
}

// Find returns the option called name, and whether there is one.
func (l List[R]) Find(name string) (Option[R], bool) {
	for _, o := range l {
		if o.Name == name {
			return o, true
		}
	}
	return Option[R]{}, false
}

// PresetOrigins returns fresh origins for a ruleset just made from the
// named preset: "preset NAME" for every option.
func (l List[R]) PresetOrigins(preset string) Origins {
	from := make(Origins, len(l))
	for _, o := range l {
		from[o.Name] = "preset " + preset
	}
	return from
}

// Set sets option name of r to value and records origin for it in *from
// (making the map if it is nil). An unknown option is an error that lists
// the options, and suggests the nearest name when it is at most two edits
// away; a value the option does not take is the option's error. Either
// way r and *from are left unchanged.
func (l List[R]) Set(r *R, from *Origins, name, value, origin string) error {
	o, ok := l.Find(name)
	if !ok {
		names := l.Names()
		if near := suggest.Nearest(name, names); near != "" {
			return fmt.Errorf("unknown rule option %q; did you mean %q? Options are %s", name, near, strings.Join(names, ", "))
		}
		return fmt.Errorf("unknown rule option %q; options are %s", name, strings.Join(names, ", "))
	}
	if err := o.Set(r, value); err != nil {
		return err
	}
	if *from == nil {
		*from = Origins{}
	}
	(*from)[name] = origin
	return nil
}

// Get returns the value of option name in r, where it came from according
// to from, and whether there is such an option.
func (l List[R]) Get(r *R, from Origins, name string) (value, origin string, ok bool) {
	o, ok := l.Find(name)
	if !ok {
		return "", "", false
	}
	return o.Get(r), from[name], true
}

// Changed returns the options of r whose origin is not "preset " + preset,
// with their values, or nil if there are none. With no origins recorded
// (a ruleset not made by a preset), every option counts as changed.
func (l List[R]) Changed(r *R, from Origins, preset string) map[string]string {
	var m map[string]string
	for _, o := range l {
		if from[o.Name] != "preset "+preset {
			if m == nil {
				m = map[string]string{}
			}
			m[o.Name] = o.Get(r)
		}
	}
	return m
}
