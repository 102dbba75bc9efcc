package study

import (
	"maps"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

// A comparison's labels name units as the scenarios do; by role, a role
// keeps a name only when every column gives it the same one (issue 13).
func TestComparisonNames(t *testing.T) {
	t.Parallel()
	plan := func(name string) *scenarios.Plan {
		p, err := scenarios.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	tk, ogres, skinks := plan("trolls-vs-knights"), plan("ogres-vs-arrows"), plan("skinks-vs-chaos-warriors")
	for _, c := range []struct {
		name   string
		plans  []*scenarios.Plan
		byRole bool
		want   map[string]string
	}{
		{"one scenario, two rulesets", []*scenarios.Plan{tk, tk}, false, tk.Names},
		{"by role, one scenario", []*scenarios.Plan{ogres, ogres}, true, map[string]string{"target": ogres.Names["ogres"]}},
		{"by role, the targets differ", []*scenarios.Plan{ogres, skinks}, true, nil},
	} {
		if got := comparisonNames(c.plans, c.byRole); !maps.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if tk.Names["knights"] != "Empire Knights" || ogres.Names["ogres"] == "" {
		t.Errorf("the built-ins lost their names: %v, %v", tk.Names, ogres.Names)
	}
}
