package scenario

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// libraryFoe is the fixed opponent each library unit fights in
// TestLibraryUnits: State troops with light armour and shields.
const libraryFoe = `  - id: foe
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}
    models: 20
    frontage: 5
    equipment: [light_armour, shield]
`

// libraryScenario wraps the library unit name in a scenario with the fight
// fight, against libraryFoe.
func libraryScenario(name, fight string) string {
	return fmt.Sprintf("name: library\nunits:\n  - id: it\n    from: %s\n%sfight:\n%s", name, libraryFoe, fight)
}

// Every library unit decodes with the real decoder, gives what a library
// unit must, and validates, builds and runs in each fight it can take part
// in: its close-combat blows, a close combat fought out, its shooting, and
// blows struck at it.
func TestLibraryUnits(t *testing.T) {
	t.Parallel()
	names := LibraryNames()
	if len(names) < 20 {
		t.Fatalf("LibraryNames() = %d units, want about twenty; are units/*.yaml embedded?", len(names))
	}
	fileName := regexp.MustCompile(`^[a-z0-9]+(_[a-z0-9]+)*$`)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if !fileName.MatchString(name) {
				t.Errorf("file name %q: use lowercase words joined by _, as from: writes it", name)
			}
			u, pos, err := units.Decode(name)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := LibraryUnit(name); !ok || !reflect.DeepEqual(got, u) {
				t.Errorf("LibraryUnit(%q) = %v, %v; want the decoded unit", name, got, ok)
			}
			for _, f := range []string{"name", "source", "type", "profile", "models", "frontage"} {
				if _, ok := pos[f]; !ok {
					t.Errorf("no %s: every library unit gives its name, source, troop type, profile and a typical size", f)
				}
			}
			if !strings.Contains(u.Source, "Warhammer Armies ") || !strings.Contains(u.Source, " edition") {
				t.Errorf("source %q: name the army book and its edition", u.Source)
			}
			if !strings.Contains(u.Source, "checked against") || !strings.Contains(u.Source, "not the book") {
				t.Errorf("source %q: say what the unit was checked against, and that it was not the book", u.Source)
			}
			if u.Mount != nil && u.Mount.Profile == nil {
				t.Errorf("mount %q has no profile: a library mount fights", u.Mount.Name)
			}

			fights := []string{
				"  attacker: it\n  target: foe\n  phase: close_combat\n",
				"  attacker: foe\n  target: it\n  phase: close_combat\n",
				"  type: close_combat\n  sides: [it, foe]\n  charger: it\n",
				"  type: close_combat\n  sides: [it, foe]\n  charger: foe\n",
			}
			if u.Missile != nil {
				fights = append(fights, "  attacker: it\n  target: foe\n  phase: shooting\n")
			}
			for _, fight := range fights {
				src := libraryScenario(name, fight)
				p, err := scenarios.Load("library.yaml", []byte(src))
				if err != nil {
					t.Fatalf("%v\nin\n%s", err, src)
				}
				res, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: 20, Seed: 1, Workers: 1})
				if err != nil || !res.Complete || res.Trials != 20 {
					t.Fatalf("Run: %v after %d trials, want 20\nin\n%s", err, res.Trials, src)
				}
			}
		})
	}
}

// fromBase is a close combat of two library units; the rows of TestFrom
// add lines to the knights.
const fromBase = `name: from
units:
  - id: knights
    from: empire_knights
  - id: trolls
    from: trolls
fight:
  type: close_combat
  sides: [knights, trolls]
  charger: knights
`

// fromEdit returns fromBase with lines added to the knights after their
// from line.
func fromEdit(lines string) string {
	return strings.Replace(fromBase, "    from: empire_knights\n", "    from: empire_knights\n"+lines, 1)
}

// mergedUnits decodes data and starts its units from the library, as Load
// does, and returns them with every problem Load would report.
func mergedUnits(data string) ([]Unit, scenarios.ErrorList) {
	var s Scenario
	pos, errs := scenarios.Decode("f.yaml", []byte(data), &s)
	errs = append(errs, useLibrary("f.yaml", &s, pos)...)
	if len(errs) == 0 {
		errs = validate("f.yaml", &s, pos)
	}
	return s.Units, errs
}

func TestFrom(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reason string
		lines        string      // added to the knights
		want         func(*Unit) // changes the library's knights into the unit expected
	}{
		{
			name:   "as in the library",
			reason: "a unit that gives only id and from is the library's unit",
			want:   func(*Unit) {},
		},
		{
			name:   "scalar",
			reason: "a single value given replaces the library's",
			lines:  "    models: 8\n",
			want:   func(u *Unit) { u.Models = 8 },
		},
		{
			name:   "given in both",
			reason: "a field the library gives too takes the scenario's value",
			lines:  "    name: Reiksguard\n    weapon: hand_weapon\n",
			want:   func(u *Unit) { u.Name, u.Weapon = "Reiksguard", "hand_weapon" },
		},
		{
			name:   "profile field",
			reason: "a nested mapping merges: profile: {Ld: 9} changes Ld alone",
			lines:  "    profile: {Ld: 9}\n",
			want:   func(u *Unit) { u.Profile.Ld = 9 },
		},
		{
			name:   "mount profile field",
			reason: "mappings merge at every depth: the mount keeps its name, kind and the rest of its profile",
			lines:  "    mount: {profile: {A: 2}}\n",
			want:   func(u *Unit) { u.Mount.Profile.A = 2 },
		},
		{
			name:   "command field",
			reason: "command merges too: a champion joins the library's standard and musician",
			lines:  "    command: {champion: true}\n",
			want:   func(u *Unit) { u.Command.Champion = true },
		},
		{
			name:   "list",
			reason: "a list replaces the library's whole: no shield is left over",
			lines:  "    equipment: [heavy_armour, barding]\n",
			want:   func(u *Unit) { u.Equipment = []string{"heavy_armour", "barding"} },
		},
		{
			name:   "roll list",
			reason: "a ward, one roll or a list, replaces",
			lines:  "    ward: [6+, 5+]\n",
			want:   func(u *Unit) { u.Ward = scenarios.Rolls{6, 5} },
		},
		{
			name:   "mapping the library lacks",
			reason: "a mapping the library does not give is taken as written",
			lines:  "    missile: {name: pistols, strength: 4}\n",
			want:   func(u *Unit) { u.Missile = &Missile{Name: "pistols", Strength: 4} },
		},
		{
			name:   "null mapping",
			reason: "a mapping given as null removes the library's: knights on foot",
			lines:  "    mount: ~\n    type: infantry\n    equipment: [plate_armour, shield]\n",
			want: func(u *Unit) {
				u.Mount, u.Type, u.Equipment = nil, "infantry", []string{"plate_armour", "shield"}
			},
		},
		{
			name:   "empty mapping",
			reason: "a mapping given empty replaces the library's with nothing",
			lines:  "    command: {}\n",
			want:   func(u *Unit) { u.Command = Command{} },
		},
		{
			name:   "fewer models",
			reason: "the library's frontage of 5 stays; 3 models in a frontage of 5 form one rank of 3",
			lines:  "    models: 3\n",
			want:   func(u *Unit) { u.Models = 3 },
		},
		{
			name:   "fewer models, frontage given",
			reason: "a frontage the scenario gives is its own",
			lines:  "    models: 3\n    frontage: 1\n",
			want:   func(u *Unit) { u.Models, u.Frontage = 3, 1 },
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := fromEdit(tc.lines)
			units, errs := mergedUnits(src)
			if len(errs) > 0 {
				t.Fatalf("%s\nin\n%s", strings.Join(scenariotest.ErrorTexts(errs), "\n"), src)
			}
			want, _ := LibraryUnit("empire_knights")
			want.ID, want.From = "knights", "empire_knights"
			tc.want(&want)
			if !reflect.DeepEqual(units[0], want) {
				t.Errorf("got  %+v\nwant %+v\n(%s)", units[0], want, tc.reason)
			}
			if _, err := scenarios.Load("f.yaml", []byte(src)); err != nil {
				t.Errorf("Load: %v", err)
			}
		})
	}
}

func TestFromErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reason string
		in           string
		want         []string // every problem, in file order
	}{
		{
			name:   "misspelt",
			reason: "an unknown library name is located at from, suggests the closest and lists them",
			in:     strings.Replace(fromBase, "from: empire_knights", "from: empire_knight", 1),
			want: []string{`f.yaml:4:11: units[0].from: unknown library unit "empire_knight"; did you mean "empire_knights"? ` +
				"Use one of " + strings.Join(LibraryNames(), ", ") + " (sim units lists them)"},
		},
		{
			name:   "empty",
			reason: "an empty from names nothing",
			in:     strings.Replace(fromBase, "from: empire_knights", `from: ""`, 1),
			want:   []string{"f.yaml:4:11: units[0].from: empty; name a unit of the library (sim units lists them), or remove from"},
		},
		{
			name:   "no id",
			reason: "the library gives no id: the scenario still must",
			in:     strings.Replace(fromBase, "  - id: knights\n    from:", "  - from:", 1),
			want: []string{`f.yaml:3:5: units[0].id: missing; give the unit an id such as "trolls"`,
				"f.yaml:8:11: fight.sides[0]: no unit has the id \"knights\"; the units are trolls"},
		},
		{
			name:   "library value",
			reason: "a problem with a value from the library is located at from, under the field's own path",
			in:     fromEdit("    mount: ~\n"),
			want:   []string{"f.yaml:4:11: units[0].equipment[2]: barding needs a mount; add mount: {kind: cavalry}"},
		},
		{
			name:   "scenario value in a merged mapping",
			reason: "a problem with a value the scenario gives is located at that value",
			in:     fromEdit("    profile: {Ld: 11}\n"),
			want:   []string{"f.yaml:5:19: units[0].profile.Ld: must be 1 to 10, got 11"},
		},
		{
			name:   "with decoding problems",
			reason: "unknown library names are found with the decoding problems, all in file order",
			in:     strings.Replace(fromEdit("    modles: 3\n"), "from: trolls", "from: troll", 1),
			want: []string{
				`f.yaml:5:5: units[0].modles: unknown field "modles"; did you mean "models"? ` +
					"(fields here: id, from, name, source, type, profile, models, min_models, frontage, contact, equipment, mount, " +
					"armour, natural_armour, ward, regeneration, weapon, command, unit_strength, special_rules, rerolls, missile, " +
					"strength_bonus, points, unit_points, not_simulated, characters, champion_profile, strike_at, challenge, general_leadership, character, in_contact, general, battle_standard)",
				`f.yaml:7:11: units[1].from: unknown library unit "troll"; did you mean "trolls"? ` +
					"Use one of " + strings.Join(LibraryNames(), ", ") + " (sim units lists them)",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := scenarios.Load("f.yaml", []byte(tc.in))
			var got []string
			if list, ok := err.(scenarios.ErrorList); ok {
				got = scenariotest.ErrorTexts(list)
			} else if err != nil {
				t.Fatalf("Load returned %T, want an ErrorList: %v", err, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("errors:\n%s\nwant:\n%s\n(%s)\nin\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"), tc.reason, tc.in)
			}
		})
	}
}

// The library's armour saves, worked out by hand from the equipment the
// community 6th-edition catalogues give (each unit's source names its
// entries) and seed 002's table.
func TestLibraryArmour(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		want warhammer.Save
		why  string
	}{
		{"knights_errant", 2, "heavy armour 5+, shield +1, warhorse +1, barding +1"},
		{"knights_of_the_realm", 2, "heavy armour, shield, warhorse, barding"},
		{"empire_knights", 1, "plate armour, shield, warhorse, barding"},
		{"chaos_warriors", 4, "heavy armour 5+, shield +1"},
		{"chaos_knights", 2, "heavy armour, shield, steed, barding"},
		{"saurus_warriors", 6, "scaly skin 6+ alone"},
		{"skinks", 6, "a shield alone"},
		{"bloodletters", 6, "light armour"},
		{"goblin_wolf_riders", 5, "shield +1, wolf +1"},
		{"trolls", warhammer.NoSave, "no armour"},
	} {
		u, ok := LibraryUnit(tc.name)
		if !ok {
			t.Fatalf("no library unit %s", tc.name)
		}
		if got := u.ArmourSave(); got != tc.want {
			t.Errorf("%s: ArmourSave() = %d, want %d (%s)", tc.name, got, tc.want, tc.why)
		}
	}
	// Seed 002's example, a Knight Errant in heavy armour on a barded
	// warhorse without the catalogues' shield, saves on 3+.
	u, errs := mergedUnits(strings.Replace(fromBase, "from: empire_knights\n",
		"from: knights_errant\n    equipment: [heavy_armour, barding]\n", 1))
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if got := u[0].ArmourSave(); got != 3 {
		t.Errorf("knights_errant without the shield: ArmourSave() = %d, want 3 (seed 002: heavy armour 5+, warhorse +1, barding +1)", got)
	}
}
