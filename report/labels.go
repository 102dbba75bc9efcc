package report

import (
	"fmt"
	"strconv"
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
// other path is its words, "fight max rounds". A path whose items are
// named by their keys (scenarios.NamedPath) reads as keyedFieldLabel says.
func FieldLabel(path string, names map[string]string) string {
	if l, ok := keyedFieldLabel(path, names); ok {
		return l
	}
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

// keyedFieldLabel words a path whose list items are written by key,
// "list[key]" (scenarios.NamedPath), as its subject's name and the field:
// "fight.sides[empire].units[knights].charge_distance" is "Empire
// Knights: charge distance". The subject is the first keyed item, or the
// second where the first holds it directly (an army's unit); a keyed item
// after the subject qualifies the field: "fight.sides[orcs].units[boyz].
// fights[halberdiers].models" is "Orc Boyz: models (fights Empire
// Halberdiers)". false when no item has a key that is not a number.
func keyedFieldLabel(path string, names map[string]string) (string, bool) {
	type item struct{ list, key string }
	var items []item
	var fields []string
	subject := -1
	for i, seg := range strings.Split(path, ".") {
		list, key, keyed := strings.Cut(strings.TrimSuffix(seg, "]"), "[")
		if _, err := strconv.Atoi(key); !keyed || err == nil {
			if subject >= 0 {
				fields = append(fields, spaced(seg))
			}
			continue
		}
		items = append(items, item{list, key})
		held := subject >= 0 && len(fields) == 0 && len(items) == 2 && i > 0
		if subject < 0 || held {
			subject = len(items) - 1
		}
	}
	if subject < 0 || len(fields) == 0 {
		return "", false
	}
	l := UnitName(items[subject].key, names) + ": " + strings.Join(fields, " ")
	for _, it := range items[subject+1:] {
		l += " (" + spaced(it.list) + " " + UnitName(it.key, names) + ")"
	}
	return l, true
}
