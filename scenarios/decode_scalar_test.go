package scenarios

import (
	"reflect"
	"strings"
	"testing"
)

// testKinds holds one field of each kind Decode supports beyond
// testScenario's.
type testKinds struct {
	I8       int8     `yaml:"i8"`
	U64      uint64   `yaml:"u64"`
	F32      float32  `yaml:"f32"`
	F64      float64  `yaml:"f64"`
	Flag     bool     `yaml:"flag"`
	PP       **int    `yaml:"pp"`
	Grid     [][]int  `yaml:"grid"`
	Save     testRoll `yaml:"save"`
	Untagged string
}

func TestDecodeStrictKinds(t *testing.T) {
	t.Parallel()
	const in = `i8: -128
u64: 18446744073709551615
f32: 1.5
f64: 1e3
flag: false
pp: 7
grid: [[1], [2, 3]]
save: 4+
untagged: hi
`
	var k testKinds
	_, errs := Decode("f.yaml", []byte(in), &k)
	if errs != nil {
		t.Fatalf("unexpected errors:\n%s", joinErrors(errs))
	}
	for _, tc := range []struct {
		name, reason string
		got, want    any
	}{
		{"int8", "the smallest int8", k.I8, int8(-128)},
		{"uint64", "the largest uint64", k.U64, uint64(18446744073709551615)},
		{"float32", "a float32", k.F32, float32(1.5)},
		{"float64", "exponent form", k.F64, 1000.0},
		{"bool", "false is set, not skipped", k.Flag, false},
		{"pointer to pointer", "both pointers are allocated", **k.PP, 7},
		{"nested slices", "lists of lists", k.Grid, [][]int{{1}, {2, 3}}},
		{"unmarshaler", "a type with its own UnmarshalYAML reads its notation", k.Save, testRoll(4)},
		{"untagged", "an untagged field uses its lower-cased name", k.Untagged, "hi"},
	} {
		if !reflect.DeepEqual(tc.got, tc.want) {
			t.Errorf("%s: got %#v, want %#v (%s)", tc.name, tc.got, tc.want, tc.reason)
		}
	}

	for _, tc := range []struct {
		name, reason string
		in           string
		want         string
	}{
		{"int8 overflow", "the range comes from the type", "i8: 128", `f.yaml:1:5: i8: 128 is too large; expected a whole number from -128 to 127`},
		{"float32 overflow", "would otherwise become +Inf", "f32: 1e39", `f.yaml:1:6: f32: 1e39 is too large; expected a number between -3.4e38 and 3.4e38`},
		{"not a number", "floats want numbers", "f64: lots", `f.yaml:1:6: f64: expected a number, got "lots"`},
		{"quoted float", "quotes around a number", `f64: "1.5"`, `f.yaml:1:6: f64: expected a number, got "1.5"; quotes make it text, so remove them`},
		{"long value", "long values are cut short in messages", "flag: " + strings.Repeat("y", 50), `f.yaml:1:7: flag: expected true or false, got "` + strings.Repeat("y", 37) + `..."`},
		{"negative into uint64 by float", "-1e3 is whole but negative", "u64: -1e3", `f.yaml:1:6: u64: -1e3 is too small; expected a whole number from 0 to 18446744073709551615`},
		{"minus infinity into an int", "yaml.v3 would turn -.inf into the smallest int64", "i8: -.inf", `f.yaml:1:5: i8: expected a whole number, got "-.inf"`},
		{"bad base64", "a !!binary tag yaml cannot decode", "untagged: !!binary '!!!'", `f.yaml:1:11: untagged: expected text, got "!!!" tagged !!binary`},
	} {
		var k testKinds
		_, errs := Decode("f.yaml", []byte(tc.in), &k)
		if got := errorTexts(errs); len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: errors\n%s\nwant\n%s\n(%s)", tc.name, strings.Join(got, "\n"), tc.want, tc.reason)
		}
	}
}
