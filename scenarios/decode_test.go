package scenarios

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// testScenario resembles the real scenario type closely enough to exercise
// every path shape Decode produces.
type testScenario struct {
	Name     string     `yaml:"name"`
	Trials   int64      `yaml:"trials,omitempty"`
	Seed     *uint64    `yaml:"seed,omitempty"`
	Units    []testUnit `yaml:"units"`
	Fight    testFight  `yaml:"fight"`
	Internal string     `yaml:"-"`
	hidden   int
}

type testUnit struct {
	ID      string            `yaml:"id"`
	Name    string            `yaml:"name"`
	Profile testProfile       `yaml:"profile"`
	Models  int               `yaml:"models"`
	Rules   map[string]string `yaml:"rules,omitempty"`
	Save    testRoll          `yaml:"save,omitempty"`
}

type testProfile struct {
	WS int `yaml:"WS"`
	BS int `yaml:"BS"`
	S  int `yaml:"S"`
	T  int `yaml:"T"`
	W  int `yaml:"W"`
	I  int `yaml:"I"`
	A  int `yaml:"A"`
	Ld int `yaml:"Ld"`
}

type testFight struct {
	Attacker    string `yaml:"attacker"`
	Defender    string `yaml:"defender"`
	Rounds      uint8  `yaml:"rounds"`
	FirstStrike bool   `yaml:"first_strike"`
	// Sides may each be written as one id (a Shorthand).
	Sides []testSide `yaml:"sides,omitempty"`
}

// testRoll is a target on a d6 written "4+"; 0 means none.
type testRoll int

func (r *testRoll) UnmarshalYAML(n *yaml.Node) error {
	var s string
	if err := n.Decode(&s); err != nil {
		return err
	}
	if len(s) == 2 && s[1] == '+' && s[0] >= '2' && s[0] <= '6' {
		*r = testRoll(s[0] - '0')
		return nil
	}
	return fmt.Errorf("%q is not a roll; write the target as 2+ to 6+", s)
}

func (r testRoll) MarshalYAML() (any, error) {
	if r == 0 {
		return nil, nil
	}
	return fmt.Sprintf("%d+", int(r)), nil
}

const goodScenario = `# two units
name: Boyz vs Guard
trials: 100000
seed: 42
units:
  - id: boyz
    name: Ork Boyz
    profile: {WS: 3, BS: 5, S: 4, T: 4, W: 1, I: 2, A: 2, Ld: 7}
    models: 10
    rules:
      furious_charge: "+1 S on the charge"
    save: 6+
  - id: guard
    name: Guardsmen
    profile:
      WS: 3
      BS: 3
      S: 3
      T: 3
      W: 1
      I: 3
      A: 1
      Ld: 7
    models: 20
    save: 5+
fight:
  attacker: boyz
  defender: guard
  rounds: 3
  first_strike: true
`

func TestDecodeStrictGood(t *testing.T) {
	t.Parallel()
	var got testScenario
	pos, errs := Decode("f.yaml", []byte(goodScenario), &got)
	if errs != nil {
		t.Fatalf("Decode: unexpected errors:\n%v", joinErrors(errs))
	}
	seed := uint64(42)
	want := testScenario{
		Name: "Boyz vs Guard", Trials: 100000, Seed: &seed,
		Units: []testUnit{{
			ID: "boyz", Name: "Ork Boyz",
			Profile: testProfile{WS: 3, BS: 5, S: 4, T: 4, W: 1, I: 2, A: 2, Ld: 7},
			Models:  10, Rules: map[string]string{"furious_charge": "+1 S on the charge"}, Save: 6,
		}, {
			ID: "guard", Name: "Guardsmen",
			Profile: testProfile{WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7},
			Models:  20, Save: 5,
		}},
		Fight: testFight{Attacker: "boyz", Defender: "guard", Rounds: 3, FirstStrike: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded\n%+v\nwant\n%+v", got, want)
	}
	if got.hidden != 0 || got.Internal != "" {
		t.Errorf("unexported or yaml:\"-\" fields were set: %d, %q", got.hidden, got.Internal)
	}

	for _, tc := range []struct {
		name, reason string
		path         string
		want         Position
	}{
		{"root", "the document root has the empty path", "", Position{Line: 2, Column: 1}},
		{"top field", "a field's Position is its value's, not its key's", "name", Position{Line: 2, Column: 7}},
		{"pointer", "pointer fields are recorded like others", "seed", Position{Line: 4, Column: 7}},
		{"list", "the list starts on the line after its key", "units", Position{Line: 6, Column: 3}},
		{"list item", "an item starts after its dash", "units[1]", Position{Line: 13, Column: 5}},
		{"flow field", "fields in a flow mapping have their own columns", "units[0].profile.BS", Position{Line: 8, Column: 26}},
		{"block field", "the example from the brief", "units[1].profile.WS", Position{Line: 16, Column: 11}},
		{"map entry", "map entries are recorded as .key", "units[0].rules.furious_charge", Position{Line: 11, Column: 23}},
		{"custom", "types with their own UnmarshalYAML are recorded", "units[1].save", Position{Line: 25, Column: 11}},
		{"bool", "the last line", "fight.first_strike", Position{Line: 30, Column: 17}},
	} {
		if got, ok := pos[tc.path]; !ok || got != tc.want {
			t.Errorf("%s: Positions[%q] = %v, %v; want %v (%s)", tc.name, tc.path, got, ok, tc.want, tc.reason)
		}
	}
	if _, ok := pos["units[1].rules"]; ok {
		t.Errorf("Positions has units[1].rules, which is not in the file")
	}
	// 1 root + 5 top-level fields + 2 units + 6+5 unit fields + 2*8 profile
	// fields + 1 rule + 4 fight fields.
	if len(pos) != 40 {
		t.Errorf("len(Positions) = %d, want 40, one per value in the file", len(pos))
	}
}

func TestDecodeStrictErrors(t *testing.T) {
	t.Parallel()
	const unitFields = "(fields here: id, name, profile, models, rules, save)"
	const topFields = "(fields here: name, trials, seed, units, fight)"
	for _, tc := range []struct {
		name, reason string
		in           string
		want         []string // Error() of each problem, in order
	}{
		{
			name:   "unknown field",
			reason: "the example from the brief: suggest the nearest name, list them all, locate at the key",
			in:     "name: x\nunits:\n  - id: a\n    name: Boyz\n    profil:\n      WS: 3\n",
			want:   []string{`f.yaml:5:5: units[0].profil: unknown field "profil"; did you mean "profile"? ` + unitFields},
		},
		{
			name:   "unknown field differing in case",
			reason: "a name differing only in case is suggested even when long",
			in:     "units:\n  - profile: {ws: 3}\n",
			want: []string{`f.yaml:2:15: units[0].profile.ws: unknown field "ws"; did you mean "WS"? ` +
				`(fields here: WS, BS, S, T, W, I, A, Ld)`},
		},
		{
			name:   "unknown field without suggestion",
			reason: "nothing within two edits, so only the list",
			in:     "colour: red\n",
			want:   []string{`f.yaml:1:1: colour: unknown field "colour" ` + topFields},
		},
		{
			name:   "key that is not a plain word",
			reason: "it is quoted in the path, so that the error stays on one line",
			in:     "\"a\\nb\": 1\n",
			want:   []string{`f.yaml:1:1: "a\nb": unknown field "a\nb" ` + topFields},
		},
		{
			name:   "tagged-out and unexported fields",
			reason: `fields tagged "-" and unexported fields are not decodable`,
			in:     "Internal: x\nhidden: 1\n",
			want: []string{
				`f.yaml:1:1: Internal: unknown field "Internal" ` + topFields,
				`f.yaml:2:1: hidden: unknown field "hidden" ` + topFields,
			},
		},
		{
			name:   "several errors in file order",
			reason: "every problem is collected, not just the first, sorted by line",
			in: "units:\n  - id: a\n    models: ten\n    profil: {}\n" +
				"  - id: b\n    profile: {WS: x}\nfight:\n  rounds: -1\nnmae: x\n",
			want: []string{
				`f.yaml:3:13: units[0].models: expected a whole number, got "ten"`,
				`f.yaml:4:5: units[0].profil: unknown field "profil"; did you mean "profile"? ` + unitFields,
				`f.yaml:6:19: units[1].profile.WS: expected a whole number, got "x"`,
				`f.yaml:8:11: fight.rounds: -1 is too small; expected a whole number from 0 to 255`,
				`f.yaml:9:1: nmae: unknown field "nmae"; did you mean "name"? ` + topFields,
			},
		},
		{
			name:   "wrong kinds",
			reason: "each container kind mismatch says what was expected and what was found",
			in:     "units: boyz\nfight: [a, b]\n---\n",
			want: []string{
				`f.yaml:1:8: units: expected a list, got a single value`,
				`f.yaml:2:8: fight: expected a mapping (key: value lines), got a list`,
				`f.yaml:3:1: the file holds more than one YAML document; keep one per file`,
			},
		},
		{
			name:   "scalar given a container",
			reason: "a scalar field given a mapping or list",
			in:     "name: {a: 1}\nunits:\n  - models: [1]\n    rules: [x]\n",
			want: []string{
				`f.yaml:1:7: name: expected text, got a mapping`,
				`f.yaml:3:13: units[0].models: expected a whole number, got a list`,
				`f.yaml:4:12: units[0].rules: expected a mapping (key: value lines), got a list`,
			},
		},
		{
			name:   "bad bools",
			reason: "yes/no are text in YAML 1.2 and yaml.v3 must not sneak them into a bool",
			in:     "fight:\n  first_strike: yes please\n",
			want:   []string{`f.yaml:2:17: fight.first_strike: expected true or false, got "yes please"`},
		},
		{
			name:   "yes is not a bool",
			reason: "the brief: report yes as not a bool",
			in:     "fight: {first_strike: yes}\n",
			want:   []string{`f.yaml:1:23: fight.first_strike: expected true or false, got "yes"`},
		},
		{
			name:   "quoted number",
			reason: "quotes make a number text; say so",
			in:     "units: [{models: \"10\"}]\n",
			want:   []string{`f.yaml:1:18: units[0].models: expected a whole number, got "10"; quotes make it text, so remove them`},
		},
		{
			name:   "tagged string",
			reason: "an explicit tag explains why a number-looking value is not one",
			in:     "trials: !!str 5\n",
			want:   []string{`f.yaml:1:9: trials: expected a whole number, got "5" tagged !!str`},
		},
		{
			name:   "fraction into an int",
			reason: "yaml.v3 would truncate 3.5 to 3",
			in:     "trials: 3.5\n",
			want:   []string{`f.yaml:1:9: trials: expected a whole number, got "3.5"`},
		},
		{
			name:   "overflow",
			reason: "a whole number too big for its type says so, with the range",
			in:     "trials: 9223372036854775808\nseed: -1\nfight: {rounds: 256}\n",
			want: []string{
				`f.yaml:1:9: trials: 9223372036854775808 is too large; expected a whole number from -9223372036854775808 to 9223372036854775807`,
				`f.yaml:2:7: seed: -1 is too small; expected a whole number from 0 to 18446744073709551615`,
				`f.yaml:3:17: fight.rounds: 256 is too large; expected a whole number from 0 to 255`,
			},
		},
		{
			name:   "huge number",
			reason: "yaml reads 99999999999999999999 as a float; it is still too large, not a non-number",
			in:     "trials: 99999999999999999999\n",
			want:   []string{`f.yaml:1:9: trials: 99999999999999999999 is too large; expected a whole number from -9223372036854775808 to 9223372036854775807`},
		},
		{
			name:   "duplicate field",
			reason: "the second occurrence is reported, naming the first line",
			in:     "name: a\ntrials: 1\nname: b\n",
			want:   []string{`f.yaml:3:1: name: duplicate field "name" (first given on line 1); remove one`},
		},
		{
			name:   "duplicate map key",
			reason: "maps reject duplicate keys too",
			in:     "units:\n  - rules:\n      x: a\n      x: b\n",
			want:   []string{`f.yaml:4:7: units[0].rules.x: duplicate key "x" (first given on line 3); remove one`},
		},
		{
			name:   "syntax error",
			reason: "the prefix is replaced, and the line is the one that broke the parse, not line 4 where yaml.v3 says the mapping starts",
			in:     "name: a\nunits:\n  - id: x\n  - id: y\n bad: 1\n",
			want:   []string{`f.yaml:5: YAML syntax error: did not find expected key`},
		},
		{
			name:   "unclosed quote",
			reason: "yaml.v3 says only \"unexpected end of stream\"; say what to fix, at the line where the quote opens",
			in:     "name: a\nunits:\n  - id: x\n    name: 'abc\n  - id: y\n",
			want:   []string{`f.yaml:4: YAML syntax error: found unexpected end of stream inside a quoted value; add its closing quote`},
		},
		{
			name:   "syntax error kept on its line",
			reason: "when yaml.v3 already gives the line of the problem, it stays",
			in:     "name: a\nunits: b: c\nfight: {}\n",
			want:   []string{`f.yaml:2: YAML syntax error: mapping values are not allowed in this context`},
		},
		{
			name:   "syntax error without a line",
			reason: "yaml gives no line for an unknown anchor, so neither do we",
			in:     "name: *nope\n",
			want:   []string{`f.yaml: YAML syntax error: unknown anchor 'nope' referenced`},
		},
		{
			name:   "empty file",
			reason: "nothing at all",
			in:     "",
			want:   []string{`f.yaml: the file is empty; a scenario needs at least "units" and "fight" (see docs/scenarios.md)`},
		},
		{
			name:   "only comments",
			reason: "comments are not content",
			in:     "# nothing here\n\n   # still nothing\n",
			want:   []string{`f.yaml: the file is empty; a scenario needs at least "units" and "fight" (see docs/scenarios.md)`},
		},
		{
			name:   "only a document marker",
			reason: "a document holding only null is empty too",
			in:     "---\n",
			want:   []string{`f.yaml: the file is empty; a scenario needs at least "units" and "fight" (see docs/scenarios.md)`},
		},
		{
			name:   "two documents",
			reason: "reported at the second document's marker",
			in:     "name: a\n---\nname: b\n",
			want:   []string{`f.yaml:2:1: the file holds more than one YAML document; keep one per file`},
		},
		{
			name:   "syntax error in the second document",
			reason: "the second document is parsed to find it, so its syntax error is what we report",
			in:     "name: a\n---\nname: [\n",
			want:   []string{`f.yaml:3: YAML syntax error: did not find expected node content`},
		},
		{
			name:   "top level not a mapping",
			reason: "a scenario is key: value lines",
			in:     "- a\n- b\n",
			want:   []string{`f.yaml:1:1: the top level must be a mapping (key: value lines), got a list`},
		},
		{
			name:   "merge key",
			reason: "<< is a YAML 1.1 feature yaml.v3 half-supports; we refuse it",
			in:     "units:\n  - &base {id: a, models: 1}\n  - <<: *base\n    id: b\n",
			want:   []string{`f.yaml:3:5: units[1]: merge keys ("<<") are not supported; write the fields out`},
		},
		{
			name:   "custom unmarshaler",
			reason: "the type's own message is reported at its path",
			in:     "units:\n  - id: a\n  - save: 7+\n",
			want:   []string{`f.yaml:3:11: units[1].save: "7+" is not a roll; write the target as 2+ to 6+`},
		},
		{
			name:   "custom unmarshaler given a mapping",
			reason: "yaml's nested type error loses its \"yaml:\" and line noise",
			in:     "units:\n  - save: {x: 1}\n",
			want:   []string{`f.yaml:2:11: units[0].save: cannot unmarshal !!map into string`},
		},
		{
			name:   "null values",
			reason: "an empty value or ~ leaves a field at zero without error",
			in:     "name:\nseed: ~\nunits:\n  - profile:\n    save: ~\nfight: {defender: ~}\nbad: 1\n",
			want:   []string{`f.yaml:7:1: bad: unknown field "bad" ` + topFields},
		},
		{
			name:   "alias to the wrong kind",
			reason: "a list holding itself is a list where a unit should be; the error is at the alias, where Positions puts units[1]",
			in:     "units: &u [{id: a}, *u]\n",
			want:   []string{`f.yaml:1:21: units[1]: expected a mapping (key: value lines), got a list`},
		},
		{
			name:   "key that is not a value",
			reason: "keys must be plain words",
			in:     "? [a, b]\n: 1\n",
			want:   []string{`f.yaml:1:3: a key must be a single value, got a list`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var s testScenario
			_, errs := Decode("f.yaml", []byte(tc.in), &s)
			if got := errorTexts(errs); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("errors:\n%s\nwant:\n%s\n(%s)", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), tc.reason)
			}
		})
	}
}

func TestDecodeStrictAlias(t *testing.T) {
	t.Parallel()
	const in = `units:
  - &boyz
    id: boyz
    profile: &p {WS: 3, A: 2}
    models: 10
  - *boyz
  - id: nobz
    profile: *p
`
	var s testScenario
	pos, errs := Decode("f.yaml", []byte(in), &s)
	if errs != nil {
		t.Fatalf("unexpected errors:\n%s", joinErrors(errs))
	}
	p := testProfile{WS: 3, A: 2}
	want := []testUnit{{ID: "boyz", Profile: p, Models: 10}, {ID: "boyz", Profile: p, Models: 10}, {ID: "nobz", Profile: p}}
	if !reflect.DeepEqual(s.Units, want) {
		t.Errorf("units = %+v, want %+v", s.Units, want)
	}
	for _, tc := range []struct {
		name, reason string
		path         string
		want         Position
	}{
		{"alias item", "an aliased value is located at the alias", "units[1]", Position{Line: 6, Column: 5}},
		{"inside alias", "values inside an alias are located where the anchor wrote them", "units[1].models", Position{Line: 5, Column: 13}},
		{"aliased field", "a field given by alias is located at the alias", "units[2].profile", Position{Line: 8, Column: 14}},
	} {
		if got := pos[tc.path]; got != tc.want {
			t.Errorf("%s: Positions[%q] = %v, want %v (%s)", tc.name, tc.path, got, tc.want, tc.reason)
		}
	}
}

func TestDecodeStrictReplaces(t *testing.T) {
	t.Parallel()
	s := testScenario{Units: []testUnit{{ID: "old"}, {ID: "older"}}}
	if _, errs := Decode("f.yaml", []byte("units: [{id: new, rules: {a: b}}]\n"), &s); errs != nil {
		t.Fatalf("unexpected errors: %v", errs)
	}
	if len(s.Units) != 1 || s.Units[0].ID != "new" {
		t.Errorf("units = %+v, want the file's one unit only: slices are replaced", s.Units)
	}
}

func TestDecodeStrictPanics(t *testing.T) {
	t.Parallel()
	var n int
	for _, tc := range []struct {
		name, reason string
		v            any
	}{
		{"nil", "v must be a pointer", nil},
		{"struct value", "a struct value cannot be filled in", testScenario{}},
		{"nil pointer", "a nil pointer has nowhere to decode to", (*testScenario)(nil)},
		{"pointer to int", "the top level is a struct", &n},
		{"int map keys", "map keys must be strings", &struct{ M map[int]string }{}},
		{"channel", "channels are not data", &struct{ C chan int }{}},
		{"duplicate names", "two fields with one yaml name", &struct {
			A int `yaml:"x"`
			B int `yaml:"x"`
		}{}},
		{"interface", "scenario files hold no free-form values", &struct{ A any }{}},
		{"array", "lists in scenario files have no fixed length", &struct{ A [2]int }{}},
		{"inline", "inline fields are not supported", &struct {
			P testProfile `yaml:",inline"`
		}{}},
	} {
		func() {
			defer func() {
				r := recover()
				if s, ok := r.(string); !ok || !strings.HasPrefix(s, "scenarios: ") {
					t.Errorf("%s: recovered %v, want a panic starting \"scenarios: \" (%s)", tc.name, r, tc.reason)
				}
			}()
			Decode("f.yaml", []byte("a: 1\n"), tc.v)
		}()
	}
}

func TestPositionsAt(t *testing.T) {
	t.Parallel()
	pos := Positions{
		"":                    {Line: 1, Column: 1},
		"units":               {Line: 3, Column: 3},
		"units[1]":            {Line: 7, Column: 5},
		"units[1].profile.WS": {Line: 9, Column: 11},
		"rules.a.b":           {Line: 20, Column: 4},
	}
	for _, tc := range []struct {
		name, reason string
		pos          Positions
		path         string
		want         string
	}{
		{"exact", "a recorded path is used as is", pos, "units[1].profile.WS", "f.yaml:9:11: units[1].profile.WS: must be 1 to 10, got 0"},
		{"parent field", "an unset field falls back to its struct", pos, "units[1].profile.BS", "f.yaml:7:5: units[1].profile.BS: must be 1 to 10, got 0"},
		{"parent list", "a missing item falls back to its list", pos, "units[4].models", "f.yaml:3:3: units[4].models: must be 1 to 10, got 0"},
		{"root", "an unknown top-level field falls back to the root", pos, "fight", "f.yaml:1:1: fight: must be 1 to 10, got 0"},
		{"map key with a dot", "a map key holding a dot still finds the map's parent", pos, "rules.a.c", "f.yaml:1:1: rules.a.c: must be 1 to 10, got 0"},
		{"nothing", "with no Positions the Error has line 0", Positions{}, "units[0]", "f.yaml: units[0]: must be 1 to 10, got 0"},
		{"nil", "a nil Positions works too", nil, "", "f.yaml: must be 1 to 10, got 0"},
	} {
		if got := tc.pos.At("f.yaml", tc.path, "must be 1 to %d, got %d", 10, 0).Error(); got != tc.want {
			t.Errorf("%s: at(%q) = %q, want %q (%s)", tc.name, tc.path, got, tc.want, tc.reason)
		}
	}
}

func TestDecodeStrictErrorList(t *testing.T) {
	t.Parallel()
	var s testScenario
	_, errs := Decode("f.yaml", []byte("a: 1\nb: 2\n"), &s)
	err := errs.Err()
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("Err() = %v, want an ErrorList of 2", err)
	}
	want := `f.yaml:1:1: a: unknown field "a" (fields here: name, trials, seed, units, fight) (and 1 more; sim validate lists them all)`
	if err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
}

func errorTexts(errs ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

func joinErrors(errs ErrorList) string { return strings.Join(errorTexts(errs), "\n") }
