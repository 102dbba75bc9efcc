package warhammer

import (
	"reflect"
	"strings"
	"testing"
)

func TestPresets(t *testing.T) {
	if _, err := Preset("5th"); err == nil || !strings.Contains(err.Error(), "6th, 7th, 8th, tow") {
		t.Errorf("unknown preset: %v; want an error listing the presets", err)
	}
	rs := named(t, "6th")
	if v, from, ok := rs.Get("regeneration"); !ok || v != "end_of_phase" || from != "preset 6th" {
		t.Errorf("6th regeneration = %q from %q", v, from)
	}
	if err := rs.Set("regeneration", "save", "house rules"); err != nil {
		t.Fatal(err)
	}
	if v, from, _ := rs.Get("regeneration"); v != "save" || from != "house rules" || rs.Values.Regeneration != RegenSave {
		t.Errorf("after Set: %q from %q (field %v)", v, from, rs.Values.Regeneration)
	}
	// A preset is a fresh value each time: setting one ruleset's option
	// does not change the preset.
	if sixth(t).Regeneration != RegenEndOfPhase {
		t.Error("Set changed the preset itself")
	}
}

func TestSetErrors(t *testing.T) {
	rs := named(t, "6th")
	for _, c := range []struct {
		name, value, want string
	}{
		{"regenration", "save", `unknown rule option "regenration"; did you mean "regeneration"? Options are regeneration, `},
		{"frobnicate", "save", `unknown rule option "frobnicate"; options are regeneration, `},
		{"regeneration", "sometimes", `unknown value "sometimes"; use one of end_of_phase, save`},
		{"killing_blow_targets", "infantry,dragons", `unknown troop type "dragons"`},
		{"six_always_hits", "true", `use yes or no`},
	} {
		err := rs.Set(c.name, c.value, "test")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Set(%s, %s) = %v, want an error containing %q", c.name, c.value, err, c.want)
		}
	}
	if err := rs.Set("killing_blow_targets", "all", "test"); err != nil || !rs.Values.KillingBlowTargets.Has(Monster) {
		t.Errorf("killing_blow_targets=all: %v, %v", err, rs.Values.KillingBlowTargets)
	}
}

// Every option round-trips: setting the value Get reports changes nothing.
func TestOptionsRoundTrip(t *testing.T) {
	for _, name := range System.PresetNames() {
		rs, _ := Preset(name)
		for _, o := range optionList {
			v, _, _ := rs.Get(o.Name)
			before := rs.Values
			if err := rs.Set(o.Name, v, "test"); err != nil {
				t.Fatalf("%s: Set(%s, %q): %v", name, o.Name, v, err)
			}
			if !reflect.DeepEqual(before, rs.Values) {
				t.Errorf("%s: setting %s to its own value %q changed the ruleset", name, o.Name, v)
			}
			rs, _ = Preset(name)
		}
	}
}
