package scenario

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

func TestParseVary(t *testing.T) {
	for _, c := range []struct {
		spec   string
		values []int
		roll   bool
		err    string
	}{
		{"units.knights.models=3..6", []int{3, 4, 5, 6}, false, ""},
		{"units.trolls.regeneration=2+..6+:2", []int{2, 4, 6}, true, ""},
		{"fight.max_rounds=1..1", []int{1}, false, ""},
		{"units.knights.models", nil, false, "write PATH=FROM..TO"},
		{"units.knights.models=3-6", nil, false, "FROM..TO"},
		{"units.knights.models=6..3", nil, false, "FROM is above TO"},
		{"units.knights.models=1..1000", nil, false, "too many"},
		{"units.knights.models=1..10:0", nil, false, "STEP"},
	} {
		v, err := scenarios.ParseVary(c.spec)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.spec, err, c.err)
			}
		case err != nil:
			t.Errorf("%s: %v", c.spec, err)
		case v.Roll != c.roll || len(v.Values) != len(c.values) || v.Values[len(v.Values)-1] != c.values[len(c.values)-1]:
			t.Errorf("%s: %+v, want values %v roll %v", c.spec, v, c.values, c.roll)
		}
	}
}

func TestSetField(t *testing.T) {
	src, _ := scenarios.BuiltinSource("trolls-vs-knights")
	for _, c := range []struct {
		path, value, check, err string
		why                     string
	}{
		{"units.knights.models", "7", "models: 7", "", "a unit by its id"},
		{"units[1].regeneration", "5+", "regeneration: 5+", "", "a unit by its index"},
		{"units.knights.profile.Ld", "9", "Ld: 9", "", "a field inside a flow mapping"},
		{"rules.rank_bonus_width", "5", "rank_bonus_width: 5", "", "a mapping the scenario leaves out is added"},
		{"units.orcs.models", "7", "", `no unit has the id "orcs"`, "an unknown id"},
		{"units.knights.equipment", "3", "", "holds a mapping or list", "a list cannot take a number"},
		{"units.knights.models.x", "3", "", "is a single value", "a path through a value"},
	} {
		out, err := scenarios.SetField(src, c.path, c.value)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s (%s): error %v, want %q", c.path, c.why, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s (%s): %v", c.path, c.why, err)
		}
		if _, err := scenarios.Load("swept.yaml", out); err != nil {
			t.Errorf("%s: the changed scenario does not load: %v", c.path, err)
		}
		if !strings.Contains(string(out), c.check) {
			t.Errorf("%s (%s): the output lacks %q:\n%s", c.path, c.why, c.check, out)
		}
	}
}
