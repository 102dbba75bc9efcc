package options

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

const allNames = "mood, brave, dice, cap, bonus, tags"

func TestNames(t *testing.T) {
	t.Parallel()
	if got := strings.Join(list.Names(), ", "); got != allNames {
		t.Errorf("Names() = %s, want %s", got, allNames)
	}
	if _, ok := list.Find("moods"); ok {
		t.Error("Find(moods) found an option")
	}
}

func TestListSet(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, reason       string
		from               Origins
		option, value      string
		wantErr            string // "" for none
		wantOrigin, wantTo string // the origin and value read back ("" for an unknown option)
	}{
		{"records origin", "the origin replaces the preset's", list.PresetOrigins("p"), "mood", "sad", "", "house", "sad"},
		{"nil origins", "a ruleset made without a preset gets a map", nil, "brave", "yes", "", "house", "yes"},
		{"bad value", "the option's error; origin kept", list.PresetOrigins("p"), "dice", "9", `unknown value "9"; use 1 to 6`, "preset p", "1"},
		{"did you mean", "one edit away: suggested", list.PresetOrigins("p"), "mod", "sad", `unknown rule option "mod"; did you mean "mood"? Options are ` + allNames, "", ""},
		{"two edits", "two edits still suggest", list.PresetOrigins("p"), "brvae", "yes", `unknown rule option "brvae"; did you mean "brave"? Options are ` + allNames, "", ""},
		{"far off", "three edits: no suggestion", list.PresetOrigins("p"), "frobnicate", "x", `unknown rule option "frobnicate"; options are ` + allNames, "", ""},
	} {
		r := rules{Dice: 1}
		from := c.from.Clone()
		err := list.Set(&r, &from, c.option, c.value, "house")
		if got := fmt.Sprint(err); c.wantErr == "" && err != nil || c.wantErr != "" && got != c.wantErr {
			t.Errorf("%s (%s): error %v, want %q", c.name, c.reason, err, c.wantErr)
		}
		v, origin, _ := list.Get(&r, from, c.option)
		if origin != c.wantOrigin || v != c.wantTo {
			t.Errorf("%s (%s): %s = %q from %q, want %q from %q", c.name, c.reason, c.option, v, origin, c.wantTo, c.wantOrigin)
		}
		if err != nil && !maps.Equal(from, c.from) {
			t.Errorf("%s (%s): a failed Set changed the origins", c.name, c.reason)
		}
	}
}

func TestGetUnknown(t *testing.T) {
	t.Parallel()
	if v, origin, ok := list.Get(&rules{}, nil, "nothing"); ok || v != "" || origin != "" {
		t.Errorf("Get(nothing) = %q, %q, %v", v, origin, ok)
	}
}

func TestChanged(t *testing.T) {
	t.Parallel()
	all := []string{"bonus=0", "brave=no", "cap=none", "dice=1", "mood=calm", "tags="}
	for _, c := range []struct {
		name, reason string
		preset       string   // the preset the origins are made from; "" for none
		set          []string // options set after, as name, value pairs
		want         []string
	}{
		{"preset", "nothing changed: nil", "p", nil, nil},
		{"one set", "the option set, with its value", "p", []string{"mood", "angry"}, []string{"mood=angry"}},
		{"set to the preset's value", "the origin counts, not the value", "p", []string{"dice", "1"}, []string{"dice=1"}},
		{"other preset", "origins of another preset are changes", "q", nil, all},
		{"no origins", "a ruleset not from a preset: all changed", "", nil, all},
	} {
		r := &rules{Dice: 1}
		var from Origins
		if c.preset != "" {
			from = list.PresetOrigins(c.preset)
		}
		for i := 0; i+1 < len(c.set); i += 2 {
			if err := list.Set(r, &from, c.set[i], c.set[i+1], "house"); err != nil {
				t.Fatal(err)
			}
		}
		got := list.Changed(r, from, "p")
		var pairs []string
		for k, v := range got {
			pairs = append(pairs, k+"="+v)
		}
		slices.Sort(pairs)
		if !slices.Equal(pairs, c.want) || (c.want == nil) != (got == nil) {
			t.Errorf("%s (%s): Changed() = %v, want %v", c.name, c.reason, got, c.want)
		}
	}
}

func TestOriginsClone(t *testing.T) {
	t.Parallel()
	a := list.PresetOrigins("p")
	b := a.Clone()
	b["mood"] = "house"
	if a["mood"] != "preset p" {
		t.Error("changing a clone changed the original")
	}
	if Origins(nil).Clone() != nil {
		t.Error("the clone of nil is not nil")
	}
}

// A rule system keeps its options in a List and its origins beside the
// ruleset; setting an option by name records where the value came from.
func ExampleList_Set() {
	type ruleset struct{ Dice int }
	list := List[ruleset]{
		Int("dice", "V", "the rulebook", "dice rolled", 1, 6, "", func(r *ruleset) *int { return &r.Dice }),
	}
	r := ruleset{Dice: 2}
	from := list.PresetOrigins("basic")
	fmt.Println(list.Set(&r, &from, "dice", "4", "house rules"))
	fmt.Println(list.Get(&r, from, "dice"))
	fmt.Println(list.Changed(&r, from, "basic"))
	fmt.Println(list.Set(&r, &from, "dize", "4", "house rules"))
	// Output:
	// <nil>
	// 4 house rules true
	// map[dice:4]
	// unknown rule option "dize"; did you mean "dice"? Options are dice
}
