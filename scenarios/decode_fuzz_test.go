package scenarios

import (
	"bytes"
	"slices"
	"testing"

	"go.yaml.in/yaml/v3"
)

// FuzzDecodeStrict checks that Decode never panics, that its errors are
// complete and in file order, and that whatever it accepts re-encodes with
// yaml.Marshal and decodes again to the same value.
func FuzzDecodeStrict(f *testing.F) {
	for _, seed := range []string{
		goodScenario,
		"",
		"# only a comment\n",
		"---\n",
		"name: a\n---\nname: b\n",
		"name: a\nunits:\n  - id: x\n  - id: y\n bad: 1\n",
		"units:\n  - id: a\n    profil: {WS: 3}\n    models: ten\n",
		"units: &u [{id: a}, *u]\n",
		"units:\n  - &base {id: a, models: 1}\n  - <<: *base\n    id: b\n",
		"trials: 9223372036854775808\nseed: -1\nfight: {rounds: 256, first_strike: yes}\n",
		"units: [{save: 7+, rules: {a: b, a: c}}]\n",
		"name: !!binary aGk=\ntrials: 1e3\nseed: 0x10\n",
		"? [a, b]\n: 1\n",
		aliasBomb("units", 6),
		"units: [{rules: {'<<': x, '': y, '~': z}}]\n",
		"name: x\n",
		"trials: 1\nseed: 2\n",
		"units: []\n",
		"units: [{id: a, models: 3, save: 4+}]\n",
		"units:\n- rules: {x: y}\n  profile: {WS: 1, Ld: -2}\n",
		"fight: {rounds: 0, first_strike: false}\n",
		"name: 'quoted: text'\nunits: [&a {id: a}, *a]\n",
		"fight: {sides: [a, {unit: b, models: 2}, &c c, *c, ~, [d]]}\n",
		"fight:\n  sides:\n    - {unit: a, id: x, friends: [b]}\n    - 3\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s testScenario
		_, errs := Decode("fuzz.yaml", data, &s)
		for _, e := range errs {
			if e == nil || e.File != "fuzz.yaml" || e.Msg == "" || e.Line < 0 || e.Column < 0 {
				t.Fatalf("incomplete error %#v", e)
			}
		}
		if !slices.IsSortedFunc(errs, func(a, b *Error) int {
			if a.Line != b.Line {
				return a.Line - b.Line
			}
			return a.Column - b.Column
		}) {
			t.Fatalf("errors out of file order:\n%s", joinErrors(errs))
		}
		if errs != nil {
			return
		}
		out, err := yaml.Marshal(&s)
		if err != nil {
			t.Fatalf("decoded value %+v does not re-encode: %v", s, err)
		}
		var again testScenario
		if _, errs := Decode("again.yaml", out, &again); errs != nil {
			t.Fatalf("re-encoded value does not decode:\n%s\nerrors:\n%s", out, joinErrors(errs))
		}
		out2, err := yaml.Marshal(&again)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("round trip changed the value:\n%s\nbecame\n%s (err %v)", out, out2, err)
		}
	})
}
