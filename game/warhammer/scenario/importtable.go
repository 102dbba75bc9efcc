package scenario

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/wargamesim/sim/battlescribe"
	"github.com/wargamesim/sim/scenarios"
)

// importTable is how sim import reads a game's BattleScribe data: which
// profiles are models, what their characteristics are called, and what
// each name of an upgrade, rule or equipment profile gives. It is data
// (import/warhammer.yaml), so that another edition's catalogues need only
// new names.
type importTable struct {
	ModelProfiles []string `yaml:"model_profiles"`
	// Characteristics are the names of each field of a model profile
	// (charFields), as the data gives them.
	Characteristics map[string][]string `yaml:"characteristics"`
	TroopTypes      map[string]string   `yaml:"troop_types"`
	Mounts          map[string]string   `yaml:"mounts"`
	// MountProfiles are the profile types whose profiles are a mount's
	// wherever they sit.
	MountProfiles []string `yaml:"mount_profiles"`
	// UnitProfiles are the profile types that describe the unit (its
	// troop type); IgnoreProfiles those that give the engine nothing.
	UnitProfiles   []string          `yaml:"unit_profiles"`
	IgnoreProfiles []string          `yaml:"ignore_profiles"`
	Characters     []string          `yaml:"character_categories"`
	Phrases        map[string]phrase `yaml:"phrases"`

	// chars is every characteristic name, as charKey reads it, and the
	// field it gives.
	chars map[string]string
}

// charFields are what a model profile's characteristic can mean, in the
// order messages list them: a field of the profile, an armour save, a
// ward save, the troop type, or nothing the engine uses.
var charFields = []string{"M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "save", "ward", "type", "ignore"}

// charKey is a characteristic name as the table matches it: lower case,
// letters and digits only, so that "Weapon Skill", "WeaponSkill" and
// "weapon_skill" are one name, and "LD" is "Ld".
func charKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A phrase is what one name gives a unit.
type phrase struct {
	Equipment    string `yaml:"equipment"`
	Weapon       string `yaml:"weapon"`
	Command      string `yaml:"command"` // standard, musician or champion
	Rule         string `yaml:"rule"`    // a field of special_rules
	Regeneration string `yaml:"regeneration"`
	Ward         string `yaml:"ward"`
	Natural      string `yaml:"natural_armour"`
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
	t.chars = map[string]string{}
	for field, names := range t.Characteristics {
		if !slices.Contains(charFields, field) {
			panic("scenario: import table characteristic field " + field)
		}
		for _, n := range names {
			if f, ok := t.chars[charKey(n)]; ok && f != field {
				panic("scenario: import table characteristic " + n + " is both " + f + " and " + field)
			}
			t.chars[charKey(n)] = field
		}
	}
	return &t
})

// knownChars lists what each characteristic field is called, for the
// message about a characteristic the table does not know: "M (M, Mv,
// Move, Movement), WS (...)".
func (t *importTable) knownChars() string {
	var parts []string
	for _, f := range charFields {
		parts = append(parts, f+" ("+strings.Join(t.Characteristics[f], ", ")+")")
	}
	return strings.Join(parts, ", ")
}

// normName is a name as the table matches it: what the data adds in
// parentheses or brackets dropped ("Killing Blow (BRB-72)", "Spear
// (Foot)", "Regeneration (5+)"), with a roll at its end ("Scaly Skin
// 4+"); lower case, spaces single, a hyphen a space, American spelling
// British ("Full Plate Armor" is "full plate armour"), and a plural "s"
// dropped from each word of four letters or more, but not from "ss" or
// "us" ("Great Axes" is "great axe", "Shields" is "shield", "Chaos" and
// "Glorious" stay).
func normName(s string) string {
	base, _ := nameParts(s)
	words := strings.Fields(strings.ToLower(strings.ReplaceAll(base, "-", " ")))
	for i, w := range words {
		if v, ok := spellings[w]; ok {
			w = v
		}
		switch {
		case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || w == "chaos":
		case strings.HasSuffix(w, "s") && len(w) > 3:
			w = strings.TrimSuffix(w, "s")
		}
		words[i] = w
	}
	return strings.Join(words, " ")
}

// spellings are the variants of a word the data sets write, and the
// spelling the table uses.
var spellings = map[string]string{"armor": "armour", "armors": "armours", "armored": "armoured"}

// nameParts splits a name as the data writes it into the name and its
// parameter: a roll in parentheses or at the end ("Regeneration (5+)",
// "Scaly Skin 4+" give "5+" and "4+"), else "". Whatever else is in
// parentheses or brackets at its end ("(FAQ'ed)", "(BRB-72)", "(mounted
// models only)", "(*)") is dropped, as are curly quotes and a trailing
// colon.
func nameParts(s string) (name, param string) {
	s = strings.NewReplacer("\u2018", "'", "\u2019", "'").Replace(s)
	for {
		s = strings.TrimRight(strings.TrimSpace(s), ":")
		open := map[byte]byte{')': '(', ']': '['}[lastByte(s)]
		i := strings.LastIndexByte(s, open)
		if open == 0 || i < 0 {
			break
		}
		if in := strings.TrimSpace(s[i+1 : len(s)-1]); isRoll(in) && param == "" {
			param = in
		}
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, ' '); i > 0 && isRoll(s[i+1:]) {
		if param == "" {
			param = s[i+1:]
		}
		s = strings.TrimSpace(s[:i])
	}
	return s, param
}

func lastByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[len(s)-1]
}

// isRoll reports whether s is a roll to pass: "2+" to "6+".
func isRoll(s string) bool {
	n, err := strconv.Atoi(strings.TrimSuffix(s, "+"))
	return strings.HasSuffix(s, "+") && err == nil && n >= 1 && n <= 6
}

// phrases returns what name gives, if the table knows it: a name the
// table has, or one joined of names it has ("Hand Weapons and Shields",
// "Spear & Shield", "Light Armour, Shield"). A roll the name gives
// ("Regeneration (5+)") is the phrase's where it takes one.
func (t *importTable) phrases(name string) ([]phrase, bool) {
	if p, ok := t.Phrases[normName(name)]; ok {
		_, param := nameParts(name)
		return []phrase{p.with(param)}, true
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

// with is the phrase with the roll a name gives in place of its own: the
// Regeneration, ward or natural armour save the data names. A phrase
// whose roll is "given" takes it from the name alone.
func (p phrase) with(roll string) phrase {
	if roll == "" {
		return p
	}
	switch {
	case p.Regeneration != "":
		p.Regeneration = roll
	case p.Ward != "":
		p.Ward = roll
	case p.Natural != "":
		p.Natural = roll
	}
	return p
}

// troopType is the troop type a Type characteristic's value gives, or ""
// if the table does not know it.
func (t *importTable) troopType(value string) string {
	return t.TroopTypes[normName(value)]
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

// isMountProfile reports whether a profile is a mount's: a model profile
// the table names a mount, or one of a mount's profile type.
func (t *importTable) isMountProfile(p *battlescribe.Profile) bool {
	if t.isModel(p.Type) && t.Mounts[normName(p.Name)] != "" {
		return true
	}
	return slices.ContainsFunc(t.MountProfiles, func(m string) bool { return strings.EqualFold(m, p.Type) })
}

// isUnitProfile and isIgnored report whether a profile type describes
// the unit, or gives the engine nothing.
func (t *importTable) isUnitProfile(typeName string) bool {
	return containsFold(t.UnitProfiles, typeName)
}
func (t *importTable) isIgnored(typeName string) bool {
	return containsFold(t.IgnoreProfiles, typeName)
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

// withAliases is the table with a user's alias file added (sim import
// --aliases FILE, docs/import.md): one "NAME = MEANING" a line, where
// MEANING is what a characteristic means (charFields, any case) or a name
// the phrases know, whose meaning NAME takes; "#" starts a comment. An
// alias replaces what the table says of NAME. Errors name the file and
// the line, as a battlescribe.Error, which sim reports as bad input.
func (t *importTable) withAliases(file string, data []byte) (*importTable, error) {
	out := t.clone()
	seen := map[string]int{}
	for i, line := range strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n") {
		bad := func(format string, args ...any) error {
			return &battlescribe.Error{File: file, Line: i + 1, Msg: fmt.Sprintf(format, args...)}
		}
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		name, meaning, ok := strings.Cut(line, "=")
		name, meaning = strings.TrimSpace(name), strings.TrimSpace(meaning)
		if !ok || name == "" || meaning == "" {
			return nil, bad("%q: want NAME = MEANING, as in \"Mv = M\" or \"Ithilmar Barding = barding\"", line)
		}
		if at, dup := seen[charKey(name)]; dup {
			return nil, bad("%q is given at line %d already", name, at)
		}
		seen[charKey(name)] = i + 1
		if !out.alias(name, meaning) {
			return nil, bad("%q is neither what a characteristic means (%s) nor a name sim reads for a rule or equipment (%s)",
				meaning, strings.Join(charFields, ", "), strings.Join(t.phraseNames(), ", "))
		}
	}
	return out, nil
}

// alias makes name mean meaning, reporting whether meaning is one the
// table knows.
func (t *importTable) alias(name, meaning string) bool {
	for _, f := range charFields {
		if strings.EqualFold(f, meaning) {
			t.chars[charKey(name)] = f
			t.Characteristics[f] = append(t.Characteristics[f], name)
			return true
		}
	}
	if p, ok := t.Phrases[normName(meaning)]; ok {
		t.Phrases[normName(name)] = p
		return true
	}
	return false
}

// clone copies the table, so that a user's aliases change only their
// import's copy.
func (t *importTable) clone() *importTable {
	out := *t
	out.chars = maps.Clone(t.chars)
	out.Phrases = maps.Clone(t.Phrases)
	out.Characteristics = map[string][]string{}
	for f, names := range t.Characteristics {
		out.Characteristics[f] = slices.Clone(names)
	}
	return &out
}

// phraseNames are the names the phrases know, sorted, for messages.
func (t *importTable) phraseNames() []string {
	return slices.Sorted(maps.Keys(t.Phrases))
}
