package scenarios_test

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	_ "github.com/wargamesim/sim/game/all"

	"github.com/wargamesim/sim/scenarios"
)

// fieldExtremes are the values every numeric field of every built-in
// scenario is given (issue 13), as YAML writes them.
var fieldExtremes = []string{"0", "-1", "9223372036854775807", "-9223372036854775809", "18446744073709551615",
	"99999999999999999999999", "1e300", "-1e300", ".nan", ".inf", "2.5"}

// rollExtremes are the values every roll field ("4+") is given.
var rollExtremes = []string{"0+", "-1+", "7+", "9223372036854775807+", "99999999999999999999999+", "1e300+", ".nan", "99999999999999999999999"}

// fieldRange is how an error gives a field's own range: "1 to 10000",
// "2+ to 6+", "from -3 to 3".
var fieldRange = regexp.MustCompile(`-?\d+\+? to -?\d+\+?`)

// Every numeric field of every game's built-in scenarios, given each
// extreme, loads or gives a clear error: an ErrorList with an error at
// the field itself, on its line, that says the field's own range, not
// int64's (issue 13: models: 99999999999999999999999 gave "expected a
// whole number from -9223372036854775808 to 9223372036854775807", though
// models takes 1 to 10000). Never a panic.
func TestNumericFieldExtremes(t *testing.T) {
	t.Parallel()
	for _, name := range scenarios.BuiltinNames() {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			numericFieldExtremes(t, name)
		})
	}
}

// numericFieldExtremes gives each numeric field of the built-in name each
// extreme (under -short, two of them).
func numericFieldExtremes(t *testing.T, name string) {
	src, _ := scenarios.BuiltinSource(name)
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for _, f := range numericFields(doc.Content[0], "") {
		values := fieldExtremes
		if f.roll {
			values = rollExtremes
		}
		if testing.Short() {
			values = []string{values[len(values)-2], "99999999999999999999999"}
		}
		for _, v := range values {
			old, style := f.node.Value, f.node.Style
			f.node.Value, f.node.Tag, f.node.Style = v, "", 0
			data, err := yaml.Marshal(&doc)
			f.node.Value, f.node.Tag, f.node.Style = old, "", style
			if err != nil {
				t.Fatal(err)
			}
			checkFieldError(t, name, f.path, v, data)
		}
	}
}

// inRangeSomewhere are the extremes some field takes: 0 and -1 may be in
// a field's range and still be refused by another field's check (Might 0
// with a heroic action declared, say); the others are out of every
// field's range but a seed's.
var inRangeSomewhere = map[string]bool{"0": true, "-1": true, "0+": true, "7+": true}

// checkFieldError loads data, in which the field at path was set to v.
func checkFieldError(t *testing.T, scenario, path, v string, data []byte) {
	t.Helper()
	_, err := scenarios.LoadWith(scenario+".yaml", data, nil)
	if err == nil {
		return // a value the field takes
	}
	var list scenarios.ErrorList
	if !errors.As(err, &list) {
		t.Errorf("%s: %s: %s: %v, want an ErrorList", scenario, path, v, err)
		return
	}
	line := lineOf(t, data, path)
	var at []*scenarios.Error // the errors at the field itself
	for _, e := range list {
		if e.Path != path {
			continue
		}
		at = append(at, e)
		if e.Line != line {
			t.Errorf("%s: %s: %s: %v: located on line %d, want %d", scenario, path, v, e, e.Line, line)
		}
		if fieldRange.MatchString(e.Msg) && !strings.Contains(e.Msg, "9223372036854775807 to") && !strings.Contains(e.Msg, "to 9223372036854775807") {
			return // the field's own range
		}
	}
	// A seed takes any uint64; 0 and -1 may be in range and clash with
	// another field (armour: 0 beside equipment).
	if len(at) > 0 {
		if path != "seed" && !inRangeSomewhere[v] {
			t.Errorf("%s: %s: %s: %v: want the field's own range", scenario, path, v, errorsText(at))
		}
		return
	}
	if !inRangeSomewhere[v] || list[0].Line == 0 {
		t.Errorf("%s: %s: %s: %v: no error at the field itself", scenario, path, v, err)
	}
}

// errorsText joins errors one a line.
func errorsText(errs []*scenarios.Error) string {
	var b strings.Builder
	for _, e := range errs {
		b.WriteString("\n\t" + e.Error())
	}
	return b.String()
}

// lineOf is the line of the value at path in data.
func lineOf(t *testing.T, data []byte, path string) int {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var line int
	walkScalars(doc.Content[0], "", func(p string, n *yaml.Node) {
		if p == path {
			line = n.Line
		}
	})
	return line
}

// walkScalars calls each for every single value under n, with its path.
func walkScalars(n *yaml.Node, path string, each func(string, *yaml.Node)) {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			walkScalars(n.Content[i+1], scenarios.JoinPath(path, n.Content[i].Value), each)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			walkScalars(c, path+"["+strconv.Itoa(i)+"]", each)
		}
	case yaml.ScalarNode:
		each(path, n)
	}
}

type numericField struct {
	path string
	node *yaml.Node
	roll bool
}

var rollText = regexp.MustCompile(`^\d+\+$`)

// numericFields lists the numbers and rolls under n, with their paths as
// the decoder writes them.
func numericFields(n *yaml.Node, path string) []numericField {
	var out []numericField
	walkScalars(n, path, func(p string, n *yaml.Node) {
		switch tag := n.ShortTag(); {
		case tag == "!!int" || tag == "!!float":
			out = append(out, numericField{p, n, false})
		case rollText.MatchString(n.Value):
			out = append(out, numericField{p, n, true})
		}
	})
	return out
}

// The numeric fields the built-ins leave out, added to one, get the same
// errors (issue 13).
func TestOptionalNumericFieldExtremes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		scenario string
		paths    []string
	}{
		{"trolls-vs-knights", []string{"trials", "seed", "fight.max_rounds",
			"units.knights.contact", "units.knights.unit_strength", "units.knights.armour", "units.trolls.natural_armour",
			"units.trolls.ward", "units.knights.special_rules.armour_piercing", "units.trolls.special_rules.multiple_wounds",
			"units.knights.special_rules.impact_hits", "units.knights.mount.special_rules.armour_piercing"}},
		{"ogres-vs-arrows", []string{"fight.attacks", "fight.to_hit_modifier", "fight.strength",
			"units.archers.missile.shots", "units.archers.missile.special_rules.armour_piercing"}},
		{"executioners-vs-knights", []string{"fight.round"}},
		{"wotr-combat-vs-duel", []string{"trials", "seed", "formations.arnor.company_size", "formations.arnor.contact",
			"formations.arnor.steadfast_on", "formations.arnor.to_hit_modifier", "formations.arnor.support_dice"}},
		{"conquest-chapter-mage-heals", []string{"trials", "seed", "regiments.avatara.frontage", "regiments.avatara.engaged",
			"regiments.avatara.start.stands_lost", "regiments.avatara.start.models_lost", "regiments.avatara.start.wounded",
			"regiments.men_at_arms.start.character_wounded", "regiments.avatara.special_rules.barrage",
			"regiments.avatara.special_rules.armour_piercing", "regiments.avatara.special_rules.impact",
			"regiments.avatara.special_rules.brutal_impact", "regiments.avatara.special_rules.fury",
			"regiments.avatara.special_rules.terrifying", "regiments.avatara.special_rules.bastion",
			"regiments.avatara.special_rules.hardened", "regiments.avatara.special_rules.indomitable"}},
	} {
		src, _ := scenarios.BuiltinSource(c.scenario)
		for _, path := range c.paths {
			for _, v := range append([]string{"3"}, fieldExtremes...) {
				data, err := scenarios.SetField(src, path, v)
				if err != nil {
					t.Fatalf("%s: %s: %v", c.scenario, path, err)
				}
				decoded := scenarioPath(t, data, path)
				if v == "3" { // the path names a field the file takes
					if _, err := scenarios.LoadWith(c.scenario+".yaml", data, nil); err != nil && strings.Contains(err.Error(), "unknown field") {
						t.Errorf("%s: %s: %v", c.scenario, path, err)
					}
					continue
				}
				checkFieldError(t, c.scenario, decoded, v, data)
			}
		}
	}
}

// scenarioPath turns a --vary path (units.knights.models) into the
// decoder's (units[0].models), by finding the value SetField set.
func scenarioPath(t *testing.T, data []byte, vary string) string {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	last := vary[strings.LastIndex(vary, ".")+1:]
	var found []string
	walkScalars(doc.Content[0], "", func(p string, _ *yaml.Node) {
		if strings.HasSuffix(p, "."+last) || p == last {
			found = append(found, p)
		}
	})
	// The id in the path picks the unit: the one whose index matches.
	for _, p := range found {
		if idsMatch(doc.Content[0], p, vary) {
			return p
		}
	}
	t.Fatalf("no value at %s", vary)
	return ""
}

// idsMatch reports whether the decoder's path p (regiments[1].start.wounded)
// is the --vary path vary (regiments.men_at_arms.start.wounded).
func idsMatch(root *yaml.Node, p, vary string) bool {
	var out []string
	n := root
	for _, seg := range strings.Split(strings.ReplaceAll(p, "[", ".["), ".") {
		if strings.HasPrefix(seg, "[") {
			i, _ := strconv.Atoi(strings.Trim(seg, "[]"))
			n = n.Content[i]
			for j := 0; j+1 < len(n.Content); j += 2 {
				if n.Content[j].Value == "id" {
					out = append(out, n.Content[j+1].Value)
				}
			}
			continue
		}
		out = append(out, seg)
		for j := 0; j+1 < len(n.Content); j += 2 {
			if n.Content[j].Value == seg {
				n = n.Content[j+1]
				break
			}
		}
	}
	return strings.Join(out, ".") == vary
}
