package options

import (
	"slices"
	"testing"
)

func TestPresets(t *testing.T) {
	two := Presets[rules]{
		"b": func() rules { return rules{Dice: 2} },
		"a": func() rules { return rules{Dice: 1} },
	}
	one := Presets[rules]{"only": func() rules { return rules{} }}
	if got := two.Names(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Names() = %v, want sorted [a b]", got)
	}
	if r, err := two.Build("b"); err != nil || r.Dice != 2 {
		t.Errorf("Build(b) = %+v, %v; want the b preset's values", r, err)
	}
	for _, tt := range []struct {
		reason string
		p      Presets[rules]
		want   string
	}{
		{"several presets are listed", two, `unknown ruleset "c"; use one of a, b`},
		{"a single preset reads as a sentence", one, `unknown ruleset "c"; use only`},
	} {
		if _, err := tt.p.Build("c"); err == nil || err.Error() != tt.want {
			t.Errorf("%s: Build(c) error = %v, want %q", tt.reason, err, tt.want)
		}
	}
}
