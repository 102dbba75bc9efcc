package scenario

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// decodeValid decodes and validates in, failing t on any error of the
// format.
func decodeValid(t *testing.T, in string) *Scenario {
	t.Helper()
	var s Scenario
	pos, errs := scenarios.Decode("v.yaml", []byte(in), &s)
	if errs == nil {
		errs = validate("v.yaml", &s, pos)
	}
	if errs != nil {
		t.Fatalf("errors:\n%s", strings.Join(scenariotest.ErrorTexts(errs), "\n"))
	}
	return &s
}

// The two-against-one of armyBase builds into the Combat written out
// here by hand from the file: units in the order listed, army by army;
// each contact with its enemy's index, face and models (the Halberdiers'
// default is their frontage, min(20, 5) = 5); the armies' ids and names;
// high ground to the army its id names.
func TestArmyCombatBuilt(t *testing.T) {
	t.Parallel()
	s := decodeValid(t, armyEdit("  type: close_combat\n", "  type: close_combat\n  high_ground: empire\n  max_rounds: 6\n"))
	byID := unitsByID(s)
	want := warhammer.Combat{
		Charger: -1, HighGround: 0, MaxRounds: 6,
		Units: []warhammer.Engaged{
			{Fighter: fighter(byID["halberdiers"]), Army: 0,
				Contacts: []warhammer.Contact{{Enemy: 2, At: warhammer.Front, Models: 5}}},
			{Fighter: fighter(byID["knights"]), Army: 0, Charged: true, ChargeDistance: 7,
				Contacts: []warhammer.Contact{{Enemy: 2, At: warhammer.Flank, Models: 3}}},
			{Fighter: fighter(byID["boyz"]), Army: 1,
				Contacts: []warhammer.Contact{{Enemy: 0, At: warhammer.Front, Models: 5}, {Enemy: 1, At: warhammer.Front, Models: 4}}},
		},
		Armies: [2]warhammer.Army{{ID: "empire", Name: "The Empire"}, {ID: "orcs"}},
	}
	if got := closeCombat(s.Fight, byID); !reflect.DeepEqual(got, want) {
		t.Errorf("combat:\n%+v\nwant:\n%+v", got, want)
	}

	names := map[string]string{}
	armyNames(&s.Fight, names)
	if want := map[string]string{"empire": "The Empire"}; !maps.Equal(names, want) {
		t.Errorf("names %v, want %v", names, want)
	}
	wantRoles := map[string]string{"empire": "first", "halberdiers": "first_1", "knights": "first_2", "orcs": "second", "boyz": "second"}
	if roles := armyRoles(&s.Fight); !maps.Equal(roles, wantRoles) {
		t.Errorf("roles %v, want %v", roles, wantRoles)
	}
	if got, want := armyTitle(&s.Fight, byID, 0)+" against "+armyTitle(&s.Fight, byID, 1),
		"The Empire (halberdiers, knights) against orcs (boyz)"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
}

// A side written as a unit id beside an army is an army of that unit,
// which takes the unit's id, lists no contact (the engine derives it,
// since one enemy lists it), and plays its army's role; so does the unit
// of an army of one unit with an id of its own, so that compare --by-role
// lines it up with a unit that is its army.
func TestArmyOfOneUnit(t *testing.T) {
	t.Parallel()
	s := decodeValid(t, armyEdit("{unit: halberdiers, fights: [{unit: boyz}]}", "{unit: halberdiers, fights: [{unit: goblins}]}",
		"        - unit: knights\n          charged: true\n          charge_distance: 7\n          fights: [{unit: boyz, at: flank, models: 3}]\n", "",
		"  type: close_combat\n", "  type: close_combat\n  high_ground: goblins\n",
		"    - id: orcs\n      units:\n        - {unit: boyz, fights: [{unit: halberdiers, models: 5}, {unit: knights, models: 4}]}\n",
		"    - {unit: goblins}\n"))
	byID := unitsByID(s)
	got := closeCombat(s.Fight, byID)
	if u := got.Units[1]; u.ID != "goblins" || u.Army != 1 || u.Contacts != nil {
		t.Errorf("goblins: %s of army %d with contacts %v; want goblins of army 1, none listed", u.ID, u.Army, u.Contacts)
	}
	if got.Armies[1] != (warhammer.Army{}) || got.HighGround != 1 {
		t.Errorf("army 1 %+v, high ground %d; want no id of its own (the engine gives it the unit's) and army 1 on the high ground", got.Armies[1], got.HighGround)
	}
	if want := map[string]string{"empire": "first", "halberdiers": "first", "goblins": "second"}; !maps.Equal(armyRoles(&s.Fight), want) {
		t.Errorf("roles %v, want %v", armyRoles(&s.Fight), want)
	}
}

// An army of several units whose id is one of its units' (allowed,
// docs/scenarios.md) plays first for its own results, by their whole
// names, while the unit of that id plays first_2: compare --by-role then
// lines up knights.wins with another file's empire.wins and
// knights.casualties with its knights'.
func TestArmyRolesOfASharedID(t *testing.T) {
	t.Parallel()
	s := decodeValid(t, armyEdit("    - id: empire\n", "    - id: knights\n"))
	want := map[string]string{"halberdiers": "first_1", "knights": "first_2", "knights.wins": "first",
		"knights.wins_on_result": "first", "knights.combat_result": "first", "orcs": "second", "boyz": "second"}
	if got := armyRoles(&s.Fight); !maps.Equal(got, want) {
		t.Errorf("roles %v, want %v", got, want)
	}
}

// A valid army-form fight that the engine refuses (before issue 30's
// step 2, any of several units) gives one located error with the
// engine's reason, at fight.sides (line 23, column 5, where the list
// starts), never an internal error; one it takes loads and runs. The
// refusal under a preset it does not fight several units under is
// TestSeveralUnitsRefusedUnder8th's.
func TestSeveralUnitsRefusedCleanly(t *testing.T) {
	t.Parallel()
	s := decodeValid(t, armyBase)
	rs, err := warhammer.Preset(warhammer.DefaultPreset)
	if err != nil {
		t.Fatal(err)
	}
	_, refused := warhammer.NewFight(&rs.Values, closeCombat(s.Fight, unitsByID(s)))
	p, err := scenarios.Load("v.yaml", []byte(armyBase))
	if refused != nil {
		want := "v.yaml:23:5: fight.sides: " + strings.ReplaceAll(refused.Error(), "\n", "; ")
		scenariotest.WantOneError(t, "v.yaml", armyBase, want, "the engine's refusal, located")
		return
	}
	if err != nil {
		t.Fatalf("Load: %v; the engine takes the fight", err)
	}
	if _, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: 100, Seed: 1}); err != nil {
		t.Fatalf("Run: %v", err)
	}
}

// Every built-in close combat and every fight of testdata/two-unit,
// rewritten in the army form two ways, builds the same Combat as in its
// two-unit form, names and plays the same roles, and gives identical
// results under every preset, from tables and stage by stage (plan §1.2:
// a fight of two is the army form's case of one unit an army). A built-in
// already in the army form (hammer-and-anvil, of three units) has no
// two-unit form to compare with, so it is left out.
func TestArmyFormSameAsTwoUnit(t *testing.T) {
	t.Parallel()
	fights := twoUnitFights(t)
	for _, file := range slices.Sorted(maps.Keys(fights)) {
		if armySides(t, fights[file]) {
			continue
		}
		for form, src := range armyForms(t, fights[file]) {
			t.Run(fmt.Sprintf("%s/form%d", pinName(file, ""), form), func(t *testing.T) {
				t.Parallel()
				for _, preset := range pinPresets {
					sameFight(t, fights[file], src, preset, form == 0)
				}
			})
		}
	}
}

// sameFight checks that the two-unit source two and its army form army
// load under preset into the same fight, with the same names, roles,
// results, and (sameLines) description.
func sameFight(t *testing.T, two, army []byte, preset string, sameLines bool) {
	t.Helper()
	rules, err := scenarios.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	var plans [2]*scenarios.Plan
	for i, src := range [][]byte{two, army} {
		if plans[i], err = scenarios.LoadWith("f.yaml", src, rules); err != nil {
			t.Fatalf("%s: %v\n%s", preset, err, src)
		}
	}
	a, b := plans[0].Model.(*warhammer.Fight), plans[1].Model.(*warhammer.Fight)
	_, ca := a.Inputs()
	_, cb := b.Inputs()
	switch {
	case !reflect.DeepEqual(ca, cb):
		t.Errorf("%s: combats differ:\n%+v\n%+v", preset, ca, cb)
	case !maps.Equal(plans[0].Names, plans[1].Names) || !maps.Equal(plans[0].Roles, plans[1].Roles):
		t.Errorf("%s: names %v roles %v; army form: %v %v", preset, plans[0].Names, plans[0].Roles, plans[1].Names, plans[1].Roles)
	case sameLines && !slices.Equal(plans[0].Lines, plans[1].Lines):
		t.Errorf("%s: lines\n%s\nin the army form:\n%s", preset, strings.Join(plans[0].Lines, "\n"), strings.Join(plans[1].Lines, "\n"))
	}
	for _, m := range [][2]*warhammer.Fight{{a, b}, {a.WithoutTables(), b.WithoutTables()}} {
		var hashes [2]string
		for i, f := range m {
			res, err := engine.Run(context.Background(), f, engine.Config{Trials: pinTrials, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			hashes[i] = hashResult(res)
		}
		if hashes[0] != hashes[1] {
			t.Errorf("%s (tables %v): results differ: %s, army form %s", preset, m[0].UsesTables(), hashes[0], hashes[1])
		}
	}
}

// armyForms rewrites the two-unit close combat src in the army form, two
// ways: the charging side (else the first) an army of one unit that
// lists its contact, the other side its unit's id, so that the engine
// derives its contact; and both sides armies with ids, each unit listing
// its contact.
// armySides is whether src's fight.sides are armies (mappings), not the
// two units' ids.
func armySides(t *testing.T, src []byte) bool {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	sides := mappingValue(mappingValue(doc.Content[0], "fight"), "sides")
	return sides != nil && len(sides.Content) > 0 && sides.Content[0].Kind == yaml.MappingNode
}

func armyForms(t *testing.T, src []byte) [2][]byte {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	fight := mappingValue(doc.Content[0], "fight")
	var sides []string
	if err := mappingValue(fight, "sides").Decode(&sides); err != nil {
		t.Fatal(err)
	}
	charger, facing, distance := takeField(fight, "charger"), takeField(fight, "facing"), takeField(fight, "charge_distance")
	reaction := takeField(fight, "reaction") // the charged unit's, in an army
	ci := max(0, slices.Index(sides, charger))
	unit := func(i int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "{unit: %s", sides[i])
		if sides[i] == charger {
			b.WriteString(", charged: true")
			if distance != "" {
				fmt.Fprintf(&b, ", charge_distance: %s", distance)
			}
		}
		if sides[i] != charger && reaction != "" {
			fmt.Fprintf(&b, ", reaction: %s", reaction)
		}
		fmt.Fprintf(&b, ", fights: [{unit: %s", sides[1-i])
		if sides[i] == charger && facing != "" {
			fmt.Fprintf(&b, ", at: %s", facing)
		}
		return b.String() + "}]}"
	}
	var forms [2][]byte
	one := make([]string, 2)
	one[ci], one[1-ci] = "{units: ["+unit(ci)+"]}", sides[1-ci]
	if reaction != "" {
		one[1-ci] = "{units: [" + unit(1-ci) + "]}" // a reaction is written on the unit
	}
	both := []string{fmt.Sprintf("{id: %s, units: [%s]}", sides[0], unit(0)), fmt.Sprintf("{id: %s, units: [%s]}", sides[1], unit(1))}
	for f, list := range [][]string{one, both} {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte("["+strings.Join(list, ", ")+"]"), &n); err != nil {
			t.Fatal(err)
		}
		*mappingValue(fight, "sides") = *n.Content[0]
		out, err := yaml.Marshal(&doc)
		if err != nil {
			t.Fatal(err)
		}
		forms[f] = out
	}
	return forms
}

// mappingValue is the value of key in the mapping m.
func mappingValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	panic("no " + key)
}

// takeField removes key from the mapping m and returns its value, or ""
// when m has none.
func takeField(m *yaml.Node, key string) string {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			v := m.Content[i+1].Value
			m.Content = slices.Delete(m.Content, i, i+2)
			return v
		}
	}
	return ""
}

// An army that shares its id with its unit and has a name of its own
// lends the unit that name, since names go by id (plan §4): a warning
// says so, and none when the ids differ or the names agree.
func TestArmyNameLentWarning(t *testing.T) {
	t.Parallel()
	army := func(id, name string) string {
		return strings.Replace(combatBase, "  sides: [knights, trolls]\n  charger: knights\n",
			fmt.Sprintf("  sides:\n    - {id: %s, name: %s, units: [{unit: knights, charged: true, fights: [{unit: trolls}]}]}\n    - trolls\n", id, name), 1)
	}
	for _, tc := range []struct{ name, in, want string }{
		{"lent", army("knights", "Reiksguard"),
			`v.yaml:19:27: fight.sides[0].name: the army shares its id knights with its unit, so its name "Reiksguard" also names the unit's results (knights.casualties); give the army an id of its own to keep them apart`},
		{"own id", army("empire", "Reiksguard"), ""},
	} {
		p, err := scenarios.Load("v.yaml", []byte(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := strings.Join(p.Warnings, "\n"); got != tc.want {
			t.Errorf("%s: warnings %q, want %q", tc.name, got, tc.want)
		}
	}
}

// The army-form example of docs/scenarios.md passes every check of the
// format: the manual shows a file that works.
func TestDocumentedArmyExample(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "scenarios.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i := strings.Index(text, "### Armies: several units a side")
	j := strings.Index(text[max(i, 0):], "```yaml\n")
	if i < 0 || j < 0 {
		t.Fatal("docs/scenarios.md has no army example")
	}
	example, _, _ := strings.Cut(text[i+j+len("```yaml\n"):], "```")
	if errs := formatErrors(example); len(errs) > 0 {
		t.Errorf("the documented example has errors:\n%s", strings.Join(errs, "\n"))
	}
}

// Under a ruleset the engine does not fight several units under yet (8th,
// until issue 30's step 5), a valid 2v1 gives one located error with the
// engine's reason for that ruleset, whether it is the scenario's own or
// given from outside (sim compare, --rules): validation asks the engine
// under the rules the file will be fought under. Once the engine takes
// it, it loads.
func TestSeveralUnitsRefusedUnder8th(t *testing.T) {
	t.Parallel()
	s := decodeValid(t, armyBase)
	rs, err := warhammer.Preset("8th")
	if err != nil {
		t.Fatal(err)
	}
	_, refused := warhammer.NewFight(&rs.Values, closeCombat(s.Fight, unitsByID(s)))
	rules, err := scenarios.Preset("8th")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []struct {
		how  string
		load func() (*scenarios.Plan, error)
	}{
		{"its own", func() (*scenarios.Plan, error) { return scenarios.Load("v.yaml", []byte("ruleset: 8th\n"+armyBase)) }},
		{"given", func() (*scenarios.Plan, error) { return scenarios.LoadWith("v.yaml", []byte(armyBase), rules) }},
	} {
		_, err := in.load()
		var list scenarios.ErrorList
		switch {
		case refused == nil && err != nil:
			t.Errorf("%s rules: %v; the engine takes the fight", in.how, err)
		case refused == nil:
		case !errors.As(err, &list) || len(list) != 1 || list[0].Path != "fight.sides" || list[0].Line == 0 ||
			list[0].Msg != strings.ReplaceAll(refused.Error(), "\n", "; "):
			t.Errorf("%s rules: %v; want one located error at fight.sides: %v", in.how, err, refused)
		}
	}
}
