package scenarios

import (
	"reflect"
	"strings"
	"testing"
)

// testSides is a list of entries each written either as one id or as a
// mapping, as a Warhammer fight's sides are.
type testSides struct {
	Sides []testSide `yaml:"sides"`
}

type testSide struct {
	Unit    string   `yaml:"unit"`
	ID      string   `yaml:"id"`
	Models  int      `yaml:"models"`
	Friends []string `yaml:"friends"`
}

func (testSide) ShorthandField() string { return "unit" }

// testCount is a Shorthand whose field is a number, to check that the
// scalar is decoded as that field's type.
type testCount struct {
	N    int    `yaml:"n"`
	Note string `yaml:"note"`
}

func (testCount) ShorthandField() string { return "n" }

// testBadShorthand names a field it does not have: a bug in the type.
type testBadShorthand struct {
	Unit string `yaml:"unit"`
}

func (testBadShorthand) ShorthandField() string { return "id" }

func TestDecodeShorthand(t *testing.T) {
	t.Parallel()
	const in = `sides:
  - knights
  - {unit: trolls, models: 3}
  - id: army
    friends: [a, b]
  - &k boyz
  - *k
  - ~
`
	var s testSides
	pos, errs := Decode("f.yaml", []byte(in), &s)
	if errs != nil {
		t.Fatalf("unexpected errors:\n%s", joinErrors(errs))
	}
	want := []testSide{{Unit: "knights"}, {Unit: "trolls", Models: 3}, {ID: "army", Friends: []string{"a", "b"}},
		{Unit: "boyz"}, {Unit: "boyz"}, {}}
	if !reflect.DeepEqual(s.Sides, want) {
		t.Errorf("sides = %+v, want %+v", s.Sides, want)
	}
	for _, tc := range []struct {
		path, reason string
		want         Position
		present      bool
	}{
		{"sides[0]", "the scalar is located as the entry", Position{Line: 2, Column: 5}, true},
		{"sides[0].unit", "and as the field it fills, at the same place", Position{Line: 2, Column: 5}, true},
		{"sides[1]", "a mapping is located at its start", Position{Line: 3, Column: 5}, true},
		{"sides[1].unit", "and its fields where they are written", Position{Line: 3, Column: 12}, true},
		{"sides[2].unit", "a mapping without the field does not give it", Position{}, false},
		{"sides[4]", "an aliased scalar is located at the alias", Position{Line: 7, Column: 5}, true},
		{"sides[4].unit", "its field too, as a value given by alias is", Position{Line: 7, Column: 5}, true},
		{"sides[5].unit", "a null entry is the zero value, with no field given", Position{}, false},
	} {
		got, ok := pos[tc.path]
		if ok != tc.present || got != tc.want {
			t.Errorf("Positions[%q] = %v (present %v), want %v (present %v): %s", tc.path, got, ok, tc.want, tc.present, tc.reason)
		}
	}
}

func TestDecodeShorthandErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reason, in string
		v                any
		want             []string
	}{
		{"unknown field", "the mapping form is decoded strictly", "sides: [{unit: a, modles: 3}]\n", &testSides{},
			[]string{`f.yaml:1:19: sides[0].modles: unknown field "modles"; did you mean "models"? (fields here: unit, id, models, friends)`}},
		{"list", "a list is neither form", "sides: [[a, b]]\n", &testSides{},
			[]string{"f.yaml:1:9: sides[0]: expected a single value (its unit) or a mapping (key: value lines), got a list"}},
		{"bad scalar", "the scalar must fit the field it fills, reported at the entry's place", "counts: [x]\n",
			&struct {
				Counts []testCount `yaml:"counts"`
			}{},
			[]string{`f.yaml:1:10: counts[0].n: expected a whole number, got "x"`}},
		{"duplicate in mapping", "a key given twice is an error in the mapping form too", "sides: [{unit: a, unit: b}]\n", &testSides{},
			[]string{`f.yaml:1:19: sides[0].unit: duplicate field "unit" (first given on line 1); remove one`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, errs := Decode("f.yaml", []byte(tc.in), tc.v)
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("errors:\n%s\nwant:\n%s\n(%s)", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), tc.reason)
			}
		})
	}
}

// A number written as the shorthand is decoded as its field's type.
func TestDecodeShorthandNumber(t *testing.T) {
	t.Parallel()
	var s struct {
		Counts []testCount `yaml:"counts"`
	}
	if _, errs := Decode("f.yaml", []byte("counts: [3, {n: 4, note: x}]\n"), &s); errs != nil {
		t.Fatalf("unexpected errors:\n%s", joinErrors(errs))
	}
	if want := []testCount{{N: 3}, {N: 4, Note: "x"}}; !reflect.DeepEqual(s.Counts, want) {
		t.Errorf("counts = %+v, want %+v", s.Counts, want)
	}
}

// A Shorthand that names no field of its own is a bug in the type, caught
// before any file is read.
func TestDecodeShorthandPanics(t *testing.T) {
	t.Parallel()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `names "id"`) {
			t.Errorf("recover() = %v, want a panic naming the missing field", r)
		}
	}()
	var s struct {
		Bad []testBadShorthand `yaml:"bad"`
	}
	Decode("f.yaml", []byte("bad: [x]\n"), &s)
}
