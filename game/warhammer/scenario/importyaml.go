package scenario

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// setRule sets the special rule whose YAML name is name (a bool field of
// Special), reporting whether there is one.
func setRule(s *Special, name string) bool {
	v := reflect.ValueOf(s).Elem()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if tag, _, _ := strings.Cut(f.Tag.Get("yaml"), ","); tag == name && f.Type.Kind() == reflect.Bool {
			v.Field(i).SetBool(true)
			return true
		}
	}
	return false
}

// ruleNames are the YAML names of Special's bool fields, set true in s.
func ruleNames(s Special) []string {
	var names []string
	v := reflect.ValueOf(s)
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Type.Kind() == reflect.Bool && v.Field(i).Bool() {
			tag, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			names = append(names, tag)
		}
	}
	return names
}

func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// yaml writes the draft's unit as a library file's mapping: only the
// fields it gives, in the order docs/scenarios.md lists them.
func (d *draft) yaml() *yaml.Node {
	u := &d.u
	m := &yaml.Node{Kind: yaml.MappingNode}
	add := func(k string, v *yaml.Node) { m.Content = append(m.Content, str(k), v) }
	add("name", str(u.Name))
	add("source", str(u.Source))
	if u.Type != "" {
		add("type", str(u.Type))
	}
	add("profile", flowMap("M", u.Profile.M, "WS", u.Profile.WS, "BS", u.Profile.BS, "S", u.Profile.S, "T", u.Profile.T,
		"W", u.Profile.W, "I", u.Profile.I, "A", u.Profile.A, "Ld", u.Profile.Ld))
	if u.Models > 0 {
		add("models", intNode(u.Models))
	}
	if u.MinModels > 0 {
		add("min_models", intNode(u.MinModels))
	}
	if len(u.Equipment) > 0 {
		add("equipment", flowSeq(u.Equipment))
	}
	if u.Weapon != "" {
		add("weapon", str(u.Weapon))
	}
	if u.Mount != nil {
		mt := &yaml.Node{Kind: yaml.MappingNode}
		mt.Content = append(mt.Content, str("name"), str(u.Mount.Name), str("kind"), str(u.Mount.Kind))
		p := u.Mount.Profile
		prof := flowMap("WS", p.WS, "S", p.S, "I", p.I, "A", p.A)
		if p.M > 0 {
			prof = flowMap("M", p.M, "WS", p.WS, "S", p.S, "I", p.I, "A", p.A)
		}
		mt.Content = append(mt.Content, str("profile"), prof)
		if rules := ruleNames(u.Mount.Rules); len(rules) > 0 {
			mt.Content = append(mt.Content, str("special_rules"), ruleMap(rules))
		}
		add("mount", mt)
	}
	if u.Armour != 0 {
		add("armour", str(strconv.Itoa(int(u.Armour))+"+"))
	}
	if u.Natural != 0 {
		add("natural_armour", str(strconv.Itoa(int(u.Natural))+"+"))
	}
	if c := u.Command; c.Standard || c.Musician || c.Champion {
		cm := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		for _, f := range []struct {
			k  string
			on bool
		}{{"standard", c.Standard}, {"musician", c.Musician}, {"champion", c.Champion}} {
			if f.on {
				cm.Content = append(cm.Content, str(f.k), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
			}
		}
		add("command", cm)
	}
	if p := u.ChampionProfile; p != nil {
		add("champion_profile", flowMap("M", p.M, "WS", p.WS, "BS", p.BS, "S", p.S, "T", p.T, "W", p.W, "I", p.I, "A", p.A, "Ld", p.Ld))
	}
	if u.Regeneration != 0 {
		add("regeneration", str(strconv.Itoa(int(u.Regeneration))+"+"))
	}
	if len(u.Ward) > 0 {
		add("ward", str(strconv.Itoa(int(u.Ward[0]))+"+"))
	}
	if rules := ruleNames(u.Rules); len(rules) > 0 {
		add("special_rules", ruleMap(rules))
	}
	add("points", floatNode(u.Points))
	if u.UnitPoints != 0 {
		add("unit_points", floatNode(u.UnitPoints))
	}
	if len(u.NotSimulated) > 0 {
		seq := &yaml.Node{Kind: yaml.SequenceNode}
		for _, s := range u.NotSimulated {
			seq.Content = append(seq.Content, str(s))
		}
		add("not_simulated", seq)
	}
	return m
}

// ruleMap is {rule: true, ...} on one line.
func ruleMap(rules []string) *yaml.Node {
	sr := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	for _, r := range rules {
		sr.Content = append(sr.Content, str(r), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
	}
	return sr
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func intNode(n int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(n)}
}

func floatNode(f float64) *yaml.Node {
	if f == float64(int64(f)) {
		return intNode(int(f))
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(f, 'f', -1, 64)}
}

// flowMap is {k: v, ...} of whole numbers, on one line.
func flowMap(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	for i := 0; i < len(kv); i += 2 {
		m.Content = append(m.Content, str(kv[i].(string)), intNode(kv[i+1].(int)))
	}
	return m
}

func flowSeq(items []string) *yaml.Node {
	s := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, it := range items {
		s.Content = append(s.Content, str(it))
	}
	return s
}
