package wotr

import (
	"strings"
	"testing"
)

// Every option sets and reads back each of its values, and records where
// the value came from; the preset changes nothing.
func TestOptionsRoundTrip(t *testing.T) {
	t.Parallel()
	if c := named(t).Changed(); c != nil {
		t.Errorf("the preset reports changes %v", c)
	}
	for _, o := range optionList {
		for _, v := range o.Values {
			rs := named(t)
			if err := rs.Set(o.Name, v, "test"); err != nil {
				t.Errorf("%s = %s: %v", o.Name, v, err)
				continue
			}
			got, from, ok := rs.Get(o.Name)
			if !ok || got != v || from != "test" {
				t.Errorf("%s = %s reads back %q from %q", o.Name, v, got, from)
			}
			if c := rs.Changed(); c[o.Name] != v {
				t.Errorf("%s = %s: Changed() = %v", o.Name, v, c)
			}
		}
		if o.Tag != "V" && o.Tag != "S" && o.Tag != "I" && o.Tag != "U" || o.Source == "" || o.Summary == "" {
			t.Errorf("%s: tag %q, source %q, summary %q", o.Name, o.Tag, o.Source, o.Summary)
		}
	}
}

func TestSetErrors(t *testing.T) {
	t.Parallel()
	rs := named(t)
	for _, c := range []struct{ name, value, want string }{
		{"duel_tabel", "m1", `unknown rule option "duel_tabel"; did you mean "duel_table"? Options are order_picks, `},
		{"frobnicate", "m1", `unknown rule option "frobnicate"; options are order_picks, `},
		{"duel_table", "m4", `unknown value "m4"; use one of m2, m1, m3`},
		{"battle_skill_cap", "11", `unknown value "11"; use none, or 1 to 10`},
		{"charge_bonus", "x", `unknown value "x"; use 0 to 6`},
		{"loser_falls_back", "true", `unknown value "true"; use yes or no`},
	} {
		err := rs.Set(c.name, c.value, "test")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Set(%s, %s) = %v, want %q...", c.name, c.value, err, c.want)
		}
	}
	if _, err := Preset("8th"); err == nil || err.Error() != `unknown ruleset "8th"; use wotr` {
		t.Errorf("Preset(8th) = %v", err)
	}
}
