package scenarios

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine/options"
)

// houseRulesUnits is the key of a house-rules file's unit fields (a
// mapping of fields, for every game).
const houseRulesUnits = "units"

// HouseRules is a ruleset from a house-rules file that also sets unit
// fields: each field of Units (a path within a unit, "regeneration",
// "profile.Ld") is given its value on every unit of a scenario that has
// that field, from the scenario or its library unit. It is an
// [options.Ruleset] as its embedded ruleset is; Changed lists the unit
// fields too, as "units.PATH", so that reports say what was set.
type HouseRules struct {
	options.Ruleset
	File  string            // the house-rules file, for errors
	Units map[string]string // unit field path → value, as a scenario writes it
}

// Copy returns a copy that can be changed without changing h.
func (h *HouseRules) Copy() options.Ruleset {
	return &HouseRules{Ruleset: h.Ruleset.Copy(), File: h.File, Units: maps.Clone(h.Units)}
}

// Changed is the options changed from the preset and the unit fields set.
func (h *HouseRules) Changed() map[string]string {
	c := h.Ruleset.Changed()
	if len(h.Units) > 0 && c == nil {
		c = map[string]string{}
	}
	for path, v := range h.Units {
		c["units."+path] = v
	}
	return c
}

// unwrap is the ruleset under a HouseRules, or rules itself.
func unwrap(rules options.Ruleset) options.Ruleset {
	if h, ok := rules.(*HouseRules); ok {
		return h.Ruleset
	}
	return rules
}

// unitRules are the unit fields rules sets, or nil.
func unitRules(rules options.Ruleset) *HouseRules {
	if h, ok := rules.(*HouseRules); ok && len(h.Units) > 0 {
		return h
	}
	return nil
}

// applyUnitRules sets each unit field h gives on every unit of units (a
// slice of a game's unit type, the list at path list) that has it: whose
// path is in pos. It returns the paths it set ("units[1].regeneration");
// a field the unit type does not have, or a value it cannot decode, is an
// error naming the house-rules file and the field.
func applyUnitRules(h *HouseRules, list string, units reflect.Value, pos Positions) (map[string]bool, ErrorList) {
	// Every field is checked against the unit type, whether or not a unit
	// has it, so that a misspelt field is an error rather than nothing.
	var all strings.Builder
	paths := slices.Sorted(maps.Keys(h.Units))
	for _, path := range paths {
		all.WriteString(nested(path, h.Units[path]))
	}
	if _, errs := Decode(h.File, []byte(all.String()), reflect.New(units.Type().Elem()).Interface()); len(errs) > 0 {
		return nil, unitRuleErrors(h, errs)
	}
	var errs ErrorList
	set := map[string]bool{}
	for i := 0; i < units.Len(); i++ {
		p := fmt.Sprintf("%s[%d]", list, i)
		var doc strings.Builder
		var has []string
		for _, path := range paths {
			if _, ok := pos[p+"."+path]; ok {
				has = append(has, path)
				set[p+"."+path] = true
				doc.WriteString(nested(path, h.Units[path]))
			}
		}
		if len(has) == 0 {
			continue
		}
		fresh := reflect.New(units.Type().Elem())
		fpos, ferrs := Decode(h.File, []byte(doc.String()), fresh.Interface())
		if len(ferrs) > 0 {
			errs = append(errs, unitRuleErrors(h, ferrs)...)
			continue
		}
		// Overlay reads which fields are given from positions at the
		// unit's path; the unit had them all, so its own stay as they are.
		given := Positions{}
		for q, at := range fpos {
			given[p+"."+q] = at
		}
		Overlay(units.Index(i).Addr().Interface(), fresh.Interface(), p, given, nil, Position{})
	}
	return set, errs
}

// blameUnitRules adds to each error about a field the house rules set that
// the value came from them.
func blameUnitRules(h *HouseRules, set map[string]bool, errs ErrorList) {
	for _, e := range errs {
		if set[e.Path] {
			e.Msg += fmt.Sprintf(" (the value is the house rules' units.%s, in %s)", e.Path[strings.Index(e.Path, "].")+2:], h.File)
		}
	}
}

// unitRuleErrors places errors found decoding h's unit fields at
// units.PATH of the house-rules file.
func unitRuleErrors(h *HouseRules, errs ErrorList) ErrorList {
	var out ErrorList
	for _, e := range errs {
		out = append(out, &Error{File: h.File, Path: JoinPath("units", e.Path), Msg: e.Msg})
	}
	return out
}

// nested writes "profile.Ld: 9" as the YAML mapping profile: {Ld: 9}.
func nested(path, value string) string {
	parts := strings.Split(path, ".")
	s := value
	for i := len(parts) - 1; i > 0; i-- {
		s = "{" + parts[i] + ": " + s + "}"
	}
	return parts[0] + ": " + s + "\n"
}

// appliedAnywhere reports whether set (from applyUnitRules) holds path on
// some unit: "units[2].regeneration" for "regeneration".
func appliedAnywhere(set map[string]bool, path string) bool {
	for q := range set {
		if strings.HasSuffix(q, "]."+path) {
			return true
		}
	}
	return false
}
