package scenario

import (
	_ "embed"
	"strings"
	"sync"

	"github.com/wargamesim/sim/scenarios"
)

// importTable is how sim import reads a game's BattleScribe data: which
// profiles are models, what their characteristics are called, and what
// each name of an upgrade, rule or equipment profile gives. It is data
// (import/warhammer.yaml), so that another edition's catalogues need only
// new names.
type importTable struct {
	ModelProfiles   []string          `yaml:"model_profiles"`
	Characteristics map[string]string `yaml:"characteristics"`
	Other           []string          `yaml:"other_characteristics"`
	TroopTypes      map[string]string `yaml:"troop_types"`
	Mounts          map[string]string `yaml:"mounts"`
	Characters      []string          `yaml:"character_categories"`
	Phrases         map[string]phrase `yaml:"phrases"`
}

// A phrase is what one name gives a unit.
type phrase struct {
	Equipment    string `yaml:"equipment"`
	Weapon       string `yaml:"weapon"`
	Command      string `yaml:"command"` // standard, musician or champion
	Rule         string `yaml:"rule"`    // a field of special_rules
	Regeneration string `yaml:"regeneration"`
	Ward         string `yaml:"ward"`
	// ByTroopType is a rule the engine gives by troop type and ruleset
	// (Stomp): recognised, with nothing to set.
	ByTroopType bool `yaml:"by_troop_type"`
}

//go:embed import/warhammer.yaml
var importTableYAML []byte

// loadImportTable decodes the embedded table once; the game's tests check
// that every phrase gives a field the scenario format has.
var loadImportTable = sync.OnceValue(func() *importTable {
	var t importTable
	if _, errs := scenarios.Decode("import/warhammer.yaml", importTableYAML, &t); len(errs) > 0 {
		panic("scenario: " + errs.Error())
	}
	norm := func(m map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[normName(k)] = v
		}
		return out
	}
	t.TroopTypes, t.Mounts = norm(t.TroopTypes), norm(t.Mounts)
	phrases := map[string]phrase{}
	for k, v := range t.Phrases {
		phrases[normName(k)] = v
	}
	t.Phrases = phrases
	return &t
})

// normName is a name as the table matches it: lower case, spaces single,
// a plural "s" dropped from each word of four letters or more, but not
// from "ss" or "us" ("Great Axes" is "great axe", "Shields" is "shield",
// "Chaos" and "Glorious" stay).
func normName(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		switch {
		case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || w == "chaos":
		case strings.HasSuffix(w, "s") && len(w) > 3:
			words[i] = strings.TrimSuffix(w, "s")
		}
	}
	return strings.Join(words, " ")
}

// phrases returns what name gives, if the table knows it: a name the
// table has, or one joined of names it has ("Hand Weapons and Shields",
// "Spear & Shield", "Light Armour, Shield").
func (t *importTable) phrases(name string) ([]phrase, bool) {
	if p, ok := t.Phrases[normName(name)]; ok {
		return []phrase{p}, true
	}
	parts := strings.FieldsFunc(strings.NewReplacer(" and ", ",", "&", ",", "+", ",").Replace(strings.ToLower(name)),
		func(r rune) bool { return r == ',' })
	if len(parts) < 2 {
		return nil, false
	}
	var out []phrase
	for _, part := range parts {
		p, ok := t.Phrases[normName(part)]
		if !ok {
			return nil, false
		}
		out = append(out, p)
	}
	return out, true
}

// isModel reports whether a profile type is a model's characteristics.
func (t *importTable) isModel(typeName string) bool {
	for _, m := range t.ModelProfiles {
		if strings.EqualFold(m, typeName) {
			return true
		}
	}
	return false
}

// isCharacter reports whether any of the categories makes an entry a
// character.
func (t *importTable) isCharacter(categories []string) bool {
	for _, c := range categories {
		for _, want := range t.Characters {
			if strings.EqualFold(c, want) {
				return true
			}
		}
	}
	return false
}
