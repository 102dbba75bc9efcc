package scenario

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

// A close combat's description puts each unit's own armour on its head
// line and, under it, the save its blows meet: that line must say whose
// save it is, or "knights: ... armour 1+" above "no armour save" reads as
// a contradiction (issue 13).
func TestFightLinesSayWhoseSave(t *testing.T) {
	t.Parallel()
	p, err := scenarios.Builtin("trolls-vs-knights")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(p.Lines, "\n")
	for _, c := range []struct{ want, why string }{
		{"knights: 5 models, 5 wide, Ld 8, armour 1+; charged", "the knights' own armour, on their head line"},
		{"models: I3, hit 3+ (2/3), wound 3+ (2/3) (S5 against T4), trolls' armour save: none", "the knights' lances meet the trolls' save, which they have none of"},
		{"mounts: I3, hit 4+ (1/2), wound 5+ (1/3) (S3 against T4), trolls' armour save: none", "so do the horses"},
		{"models: I1, hit 4+ (1/2), wound 2+ (5/6) (S5 against T3), knights' armour save: 1+, against S5 3+ (2/3)",
			"the trolls' S5 blows leave the knights' 1+ a 3+ (S5 takes 2 off, rules.md)"},
	} {
		if !strings.Contains(text, c.want) {
			t.Errorf("the lines lack %q (%s); they are:\n%s", c.want, c.why, text)
		}
	}
	if strings.Contains(text, ", no armour save") || strings.Contains(text, "armour save\n") {
		t.Errorf("a blow's line names no unit's save:\n%s", text)
	}
}
