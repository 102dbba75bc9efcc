package report

import (
	"fmt"
	"strings"
)

// Labels for people: the words that tables for people (text, Markdown) and
// charts put where the JSON has a name. A result about a unit is named
// "<unit id>.<what>" (docs/output.md, "Metrics and events"); its label
// gives the unit's name for people where the report has one ("knights" →
// "Empire Knights", [Report.Names]), and else its id. CSV keeps the names,
// for scripts.

// UnitName is a unit's name for people: names[id], or else the id.
func UnitName(id string, names map[string]string) string {
	if n := names[id]; n != "" {
		return n
	}
	return id
}

// EventLabel words an event: "knights.wins" is "Empire Knights win" (with
// names["knights"] = "Empire Knights"; "knights win" without), "draw" is
// "draw", and an event of a unit that it has no words for is the unit's
// name and the event in words: "Empire Knights: wins on result".
func EventLabel(name string, names map[string]string) string {
	unit, ev, ok := subject(name, names)
	if !ok {
		return spaced(name)
	}
	if f, known := outcome(ev); known {
		return fmt.Sprintf(f, UnitName(unit, names))
	}
	return UnitName(unit, names) + ": " + spaced(ev)
}

// subject splits a result's name into whom it is about and what: the
// longest prefix at a dot that names holds ("knights.captain" in
// "knights.captain.slain", a unit's character), else the first segment,
// with any further dots of the rest read as spaces.
func subject(name string, names map[string]string) (who, what string, ok bool) {
	for i := strings.LastIndex(name, "."); i > 0; i = strings.LastIndex(name[:i], ".") {
		if _, known := names[name[:i]]; known {
			return name[:i], strings.ReplaceAll(name[i+1:], ".", " "), true
		}
	}
	who, what, ok = strings.Cut(name, ".")
	return who, strings.ReplaceAll(what, ".", " "), ok
}

// MetricLabel words a metric with its unit: "knights.casualties" is
// "Empire Knights: models lost", "rounds" is "rounds fought". (A colon,
// not brackets: names have brackets of their own, "Orc Warriors
// (Gorbag's Morgul Rats)".)
func MetricLabel(name string, names map[string]string) string {
	unit, q, ok := subject(name, names)
	if !ok {
		q = name
	}
	words, known := quantity(q)
	if !known {
		words = spaced(q)
	}
	if !ok {
		return words
	}
	return UnitName(unit, names) + ": " + words
}

// FieldLabel words the path of a swept field (sim sweep --vary): a field
// of an item of a list, "units.knights.models", is the item's name and the
// field, "Empire Knights: models"; an item given by its index
// ("units[1].profile.Ld") keeps the index, "units[1]: profile Ld"; any
// other path is its words, "fight max rounds".
func FieldLabel(path string, names map[string]string) string {
	segs := strings.Split(path, ".")
	switch {
	case strings.Contains(segs[0], "[") && len(segs) > 1:
		return segs[0] + ": " + spaced(strings.Join(segs[1:], " "))
	case len(segs) > 2:
		return UnitName(segs[1], names) + ": " + spaced(strings.Join(segs[2:], " "))
	}
	return spaced(strings.Join(segs, " "))
}

// spaced puts spaces for underscores.
func spaced(s string) string { return strings.ReplaceAll(s, "_", " ") }
