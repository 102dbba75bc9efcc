package suggest

import (
	"fmt"
	"testing"
)

func TestDistance(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b, reason string
		want         int
	}{
		{"", "", "both empty", 0},
		{"", "abc", "all insertions", 3},
		{"regeneration", "regeneration", "equal", 0},
		{"regenration", "regeneration", "one deletion", 1},
		{"duel_tabel", "duel_table", "a transposition is two substitutions", 2},
		{"kitten", "sitting", "the textbook case", 3},
		{"décliné", "decline", "counted in runes, not bytes", 2},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (%s)", c.a, c.b, got, c.want, c.reason)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	t.Parallel()
	names := []string{"mood", "brave", "dice", "cap", "bonus", "WS"}
	for _, c := range []struct {
		s, reason, want string
	}{
		{"dise", "one substitution", "dice"},
		{"cup", "one substitution, not two", "cap"},
		{"moody", "one insertion", "mood"},
		{"xyzzy", "nothing within two edits", ""},
		{"ca", "cap is one edit, dice three", "cap"},
		{"DICE", "case does not count", "dice"},
		{"ws", "differing only in case, however short", "WS"},
		{"xy", "two edits from WS, but WS has only two letters", ""},
	} {
		if got := Nearest(c.s, names); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q (%s)", c.s, got, c.want, c.reason)
		}
	}
}

func ExampleNearest() {
	fmt.Println(Nearest("regenration", []string{"regeneration", "killing_blow"}))
	// Output: regeneration
}
