package battlescribe

import (
	"fmt"
	"strconv"
	"strings"
)

// modifiers applies to e the modifiers of its entry (or of the link that
// reached it) that change a characteristic of its profiles or its cost.
//
// A modifier with no condition always holds, so it is applied: a set,
// increment or decrement of a characteristic, or of the cost (a cost
// increment repeated once per model of the parent is e's PerModel). One
// that holds only under a condition depends on what the player selects,
// which a catalogue does not say, so it is not applied and e.Skipped says
// so. Modifiers of anything else (hidden, name, categories, constraints)
// shape the list builder's screens, not the models, and are ignored. A
// roster's profiles and costs already have every modifier applied.
func (r *resolver) modifiers(e *Entry, mods []xModifier) {
	for _, m := range mods {
		what, ok := r.modified(e, m.Field)
		if !ok {
			continue
		}
		if len(m.Conditions) > 0 || len(m.Groups) > 0 {
			e.Skipped = append(e.Skipped, fmt.Sprintf("a modifier (%s) applies only when something is selected; not applied", change(m, what)))
			continue
		}
		v, err := strconv.ParseFloat(m.Value, 64)
		if what == "points" {
			if err != nil {
				e.Skipped = append(e.Skipped, fmt.Sprintf("a modifier sets points to %q, not a number; not applied", m.Value))
				continue
			}
			r.cost(e, m, v)
			continue
		}
		if len(m.Repeats) > 0 {
			e.Skipped = append(e.Skipped, fmt.Sprintf("a modifier (%s) repeats with what is selected; not applied", change(m, what)))
			continue
		}
		for i := range e.Profiles {
			applyValue(&e.Profiles[i], m)
		}
	}
}

// change is a modifier in words: "set WS to 4", "increment A by 1".
func change(m xModifier, what string) string {
	if m.Type == "set" {
		return fmt.Sprintf("set %s to %s", what, m.Value)
	}
	return fmt.Sprintf("%s %s by %s", m.Type, what, m.Value)
}

// modified says what a modifier's field is: a characteristic of e's
// profiles (by type id, or by name where the data names it so), or its
// cost ("points"); false for anything else.
func (r *resolver) modified(e *Entry, field string) (string, bool) {
	for _, p := range e.Profiles {
		for _, v := range p.Values {
			if v.TypeID != "" && v.TypeID == field {
				return v.Name, true
			}
		}
	}
	if f := strings.ToLower(field); f == "points" || f == "pts" || r.costTypes[field] {
		return "points", true
	}
	return "", false
}

// cost applies an unconditional cost modifier of value v to e.
func (r *resolver) cost(e *Entry, m xModifier, v float64) {
	if len(m.Repeats) > 0 {
		rp := m.Repeats[0]
		per, err := strconv.ParseFloat(rp.Value, 64)
		if len(m.Repeats) == 1 && rp.ChildID == "model" && err == nil && per > 0 && m.Type == "increment" {
			e.PerModel += v / per
			return
		}
		e.Skipped = append(e.Skipped, fmt.Sprintf("a cost modifier (%s by %s) repeats with %s selected; not applied", m.Type, m.Value, rp.ChildID))
		return
	}
	switch m.Type {
	case "set":
		e.Points = v
	case "increment":
		e.Points += v
	case "decrement":
		e.Points -= v
	}
}

// applyValue applies a set, increment or decrement to the characteristic
// of p the modifier names, by type id. A characteristic that is not a
// number ("4+", "-") is only ever set.
func applyValue(p *Profile, m xModifier) {
	for i := range p.Values {
		v := &p.Values[i]
		if v.TypeID == "" || v.TypeID != m.Field {
			continue
		}
		switch m.Type {
		case "set":
			v.Text = m.Value
		case "increment", "decrement":
			old, err1 := strconv.Atoi(v.Text)
			by, err2 := strconv.ParseFloat(m.Value, 64)
			if err1 != nil || err2 != nil {
				continue
			}
			if m.Type == "decrement" {
				by = -by
			}
			v.Text = strconv.Itoa(old + int(by))
		}
	}
}

// renamed is name with the unconditional modifiers of its name applied:
// a set replaces it, an append adds to it. The Old World's data names a
// shared rule's parameter so, on the link that reaches it (Regeneration,
// appended "(5+)"), and the importer reads the parameter from the name.
func renamed(name string, mods []xModifier) string {
	for _, m := range mods {
		if m.Field != "name" || len(m.Conditions) > 0 || len(m.Groups) > 0 {
			continue
		}
		switch m.Type {
		case "set":
			name = m.Value
		case "append":
			name = strings.TrimSpace(name + " " + m.Value)
		}
	}
	return name
}
