package scenarios

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// testTree nests without limit, for alias bombs.
type testTree struct {
	Kids []testTree `yaml:"kids"`
}

func TestDecodeStrictCycle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reason string
		in           string
		want         []string
	}{
		{
			name:   "cycle through a tree",
			reason: "a list containing itself is caught when the alias comes round again, not after 100000 nodes",
			in:     "kids: &k [{kids: *k}]\n",
			want:   []string{`f.yaml:1:18: kids[0].kids[0].kids: alias *k is used inside the value of its own anchor &k, which would never end; remove the alias`},
		},
		{
			name:   "cycle handed to an unmarshaler",
			reason: "cycles are caught before a value is handed to its type's own UnmarshalYAML",
			in:     "save: &a [*a]\n",
			want:   []string{`f.yaml:1:11: save: alias *a is used inside the value of its own anchor &a, which would never end; remove the alias`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var errs ErrorList
			if strings.HasPrefix(tc.in, "kids") {
				_, errs = Decode("f.yaml", []byte(tc.in), &testTree{})
			} else {
				_, errs = Decode("f.yaml", []byte(tc.in), &testKinds{})
			}
			if got := errorTexts(errs); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("errors:\n%s\nwant:\n%s\n(%s)", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), tc.reason)
			}
		})
	}
}

// aliasBomb returns a "billion laughs" document of the given depth: level i
// holds ten aliases to level i-1, so it expands to 10^depth leaves.
func aliasBomb(key string, depth int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:\n  - &l0 {kids: []}\n", key)
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&b, "  - &l%d {kids: [", i)
		for j := range 10 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*l%d", i-1)
		}
		b.WriteString("]}\n")
	}
	return b.String()
}

func TestDecodeStrictAliasBomb(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reason string
		in           string
		v            any
	}{
		{"walked", "the tree walk counts nodes as it expands aliases", aliasBomb("kids", 9), &testTree{}},
		{"handed to an unmarshaler", "a value that decodes itself is counted before it is handed over",
			aliasBomb("save", 9), &testKinds{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			_, errs := Decode("f.yaml", []byte(tc.in), tc.v)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v to reject a billion laughs (%s)", d, tc.reason)
			}
			if len(errs) != 1 || !strings.Contains(errs[0].Msg, "more than 100000 values") {
				t.Errorf("errors = %v, want one saying the file expands to more than 100000 values (%s)", errorTexts(errs), tc.reason)
			}
		})
	}

	// Just under the limit decodes.
	var tree testTree
	if _, errs := Decode("f.yaml", []byte(aliasBomb("kids", 3)), &tree); errs != nil {
		t.Errorf("a 10^3 expansion failed: %v", errs)
	}
}
