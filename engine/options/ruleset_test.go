package options

import (
	"maps"
	"strings"
	"testing"
)

// system is the test options as a game's rule system, with two presets.
var system = &System[rules]{
	Game:    "testgame",
	Default: "calm",
	Options: list,
	Presets: Presets[rules]{
		"calm":  func() rules { return rules{Mood: 0, Dice: 2, Cap: 3} },
		"angry": func() rules { return rules{Mood: 1, Brave: true, Dice: 6} },
	},
}

func TestSystemPreset(t *testing.T) {
	t.Parallel()
	rs, err := system.Preset("angry")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ what, got, want string }{
		{"Game", rs.Game(), "testgame"},
		{"Name", rs.Name(), "angry"},
		{"Preset", rs.Preset(), "angry"},
	} {
		if c.got != c.want {
			t.Errorf("%s() = %q, want %q", c.what, c.got, c.want)
		}
	}
	if rs.Values.Dice != 6 || !rs.Values.Brave {
		t.Errorf("Values = %+v, want the preset's", rs.Values)
	}
	if v, from, ok := rs.Get("dice"); !ok || v != "6" || from != "preset angry" {
		t.Errorf(`Get("dice") = %q, %q, %v; want "6" from "preset angry"`, v, from, ok)
	}
	if c := rs.Changed(); c != nil {
		t.Errorf("a fresh preset reports changes %v", c)
	}
	if _, err := system.Preset("sad"); err == nil || !strings.Contains(err.Error(), "angry, calm") {
		t.Errorf(`Preset("sad") = %v, want an error listing the presets`, err)
	}
	if got := system.PresetNames(); strings.Join(got, ",") != "angry,calm" || system.DefaultPreset() != "calm" {
		t.Errorf("PresetNames() = %v, DefaultPreset() = %q", got, system.DefaultPreset())
	}
}

// Set changes Values and the origin; Changed reports exactly what was set;
// a failed Set changes nothing; Rename renames.
func TestRulesSet(t *testing.T) {
	t.Parallel()
	rs, _ := system.Preset("calm")
	if err := rs.Set("dice", "4", "house rules"); err != nil {
		t.Fatal(err)
	}
	if err := rs.Set("dice", "9", "house rules"); err == nil {
		t.Error("dice = 9 was accepted; dice is 1 to 6")
	}
	if err := rs.Set("dise", "3", "x"); err == nil || !strings.Contains(err.Error(), `did you mean "dice"`) {
		t.Errorf("an unknown option: %v, want a suggestion", err)
	}
	if rs.Values.Dice != 4 {
		t.Errorf("Values.Dice = %d after Set 4 and a refused 9, want 4", rs.Values.Dice)
	}
	if v, from, _ := rs.Get("dice"); v != "4" || from != "house rules" {
		t.Errorf(`Get("dice") = %q from %q, want "4" from "house rules"`, v, from)
	}
	if c := rs.Changed(); !maps.Equal(c, map[string]string{"dice": "4"}) {
		t.Errorf("Changed() = %v, want only dice=4", c)
	}
	rs.Rename("house")
	if rs.Name() != "house" || rs.Preset() != "calm" {
		t.Errorf("after Rename: name %q, preset %q; want house, calm", rs.Name(), rs.Preset())
	}
}

// A clone, and a Copy through the Ruleset interface, change apart from
// the original: values and origins both.
func TestRulesClone(t *testing.T) {
	t.Parallel()
	rs, _ := system.Preset("calm")
	c := rs.Clone()
	var r Ruleset = rs
	cp := r.Copy()
	if err := c.Set("dice", "5", "clone"); err != nil {
		t.Fatal(err)
	}
	if err := cp.Set("cap", "none", "copy"); err != nil {
		t.Fatal(err)
	}
	if rs.Values.Dice != 2 || rs.Values.Cap != 3 || rs.Changed() != nil {
		t.Errorf("the original changed: %+v, changes %v", rs.Values, rs.Changed())
	}
	if _, from, _ := rs.Get("dice"); from != "preset calm" {
		t.Errorf("the original's origin is %q after the clone's Set", from)
	}
	if (*Rules[rules])(nil).Clone() != nil {
		t.Error("Clone of nil is not nil")
	}
}

func TestRulesOptions(t *testing.T) {
	t.Parallel()
	rs, _ := system.Preset("calm")
	infos := rs.Options()
	if len(infos) != len(list) {
		t.Fatalf("%d options, want %d", len(infos), len(list))
	}
	want := Info{Name: "cap", Values: "none, or 1 to 10", Tag: "U", Source: "test", Summary: "most dice"}
	if infos[3] != want {
		t.Errorf("Options()[3] = %+v, want %+v", infos[3], want)
	}
}
