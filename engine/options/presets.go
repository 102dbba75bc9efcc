package options

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Presets maps a preset's name ("6th", "wotr", "2.0") to a function that
// builds a fresh ruleset with that preset's values.
type Presets[R any] map[string]func() R

// Names lists the preset names, sorted.
func (p Presets[R]) Names() []string { return slices.Sorted(maps.Keys(p)) }

// Build returns a fresh ruleset of the named preset. An unknown name is an
// error that lists the presets.
func (p Presets[R]) Build(name string) (R, error) {
	build, ok := p[name]
	if !ok {
		var zero R
		names := p.Names()
		if len(names) == 1 {
			return zero, fmt.Errorf("unknown ruleset %q; use %s", name, names[0])
		}
		return zero, fmt.Errorf("unknown ruleset %q; use one of %s", name, strings.Join(names, ", "))
	}
	return build(), nil
}
