package scenario

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// armyBase is a valid fight of two against one in the army form (plan
// §1.3's hammer-and-anvil, with profiles written out so that its lines
// stay put): Halberdiers hold Orc Boyz, Knights charge their flank. Each
// row of TestValidateArmies changes one thing in it. Goblins, wolves and
// archers stand by for the rows that need more units. Its line numbers
// matter.
const armyBase = `name: anvil
units:
  - id: halberdiers
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}
    models: 20
    weapon: halberd
  - id: knights
    type: cavalry
    profile: {M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}
    models: 5
    equipment: [plate_armour, shield, barding]
    mount: {name: warhorse, kind: cavalry, profile: {WS: 3, S: 3, I: 3, A: 1}}
    weapon: lance
  - id: boyz
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 4, W: 1, I: 2, A: 1, Ld: 7}
    models: 25
  - {id: goblins, profile: {M: 4, WS: 2, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6}, models: 20}
  - {id: wolves, profile: {M: 9, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 3}, models: 5}
  - {id: archers, profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}, models: 10}
fight:
  type: close_combat
  sides:
    - id: empire
      name: The Empire
      units:
        - {unit: halberdiers, fights: [{unit: boyz}]}
        - unit: knights
          charged: true
          charge_distance: 7
          fights: [{unit: boyz, at: flank, models: 3}]
    - id: orcs
      units:
        - {unit: boyz, fights: [{unit: halberdiers, models: 5}, {unit: knights, models: 4}]}
`

// armyEdit is armyBase with each pair's first string replaced by its
// second.
func armyEdit(pairs ...string) string { return scenariotest.Edit(armyBase, pairs...) }

// The base passes every check of the format: the engine alone may refuse
// it (TestSeveralUnitsRefusedCleanly).
func TestArmyBaseValid(t *testing.T) {
	t.Parallel()
	var s Scenario
	pos, errs := scenarios.Decode("v.yaml", []byte(armyBase), &s)
	if errs == nil {
		errs = validate("v.yaml", &s, pos)
	}
	if errs != nil {
		t.Fatalf("the base has errors:\n%s", strings.Join(scenariotest.ErrorTexts(errs), "\n"))
	}
}

// The lines of armyBase that rows edit.
const (
	boyzFights = "{unit: boyz, fights: [{unit: halberdiers, models: 5}, {unit: knights, models: 4}]}"
	kFights    = "fights: [{unit: boyz, at: flank, models: 3}]"
)

// armyRows are the rules of plan §1.4 that this step checks, and the
// checks that keep today's wording: each an edit of armyBase and the one
// located error it gives. FuzzLoad starts from each.
var armyRows = []struct {
	name, reason, in, want string
}{
	{"three sides", "a close combat has two sides, in either form",
		armyEdit("    - id: orcs\n", "    - goblins\n    - id: orcs\n"),
		"v.yaml:23:5: fight.sides: a close combat has two sides, each a unit or an army {id, units: [...]}; got 3"},
	{"five units", "an army has at most MaxPerArmy units",
		armyEdit("    - id: orcs\n", "        - goblins\n        - wolves\n        - archers\n    - id: orcs\n"),
		"v.yaml:26:9: fight.sides[0].units: an army has 1 to 4 units (lone characters count); got 5: fight the rest in another scenario"},
	{"no units", "an army has at least one unit",
		armyEdit("    - id: orcs\n      units:\n        - "+boyzFights+"\n", "    - id: orcs\n      units: []\n"),
		"v.yaml:32:14: fight.sides[1].units: an army has 1 to 4 units (lone characters count); got 0: list its units by id"},
	{"units missing", "an army lists its units",
		armyEdit("    - id: orcs\n      units:\n        - "+boyzFights+"\n", "    - id: orcs\n"),
		"v.yaml:31:7: fight.sides[1].units: missing; list the army's units by id, as units: [halberdiers, knights]"},
	{"unit and units", "a side is one or the other",
		armyEdit("    - id: orcs\n", "    - id: orcs\n      unit: boyz\n"),
		"v.yaml:32:13: fight.sides[1].unit: a side is one unit or an army; give unit or units, not both"},
	{"name on a unit", "a side of one unit has no name of its own",
		armyEdit("    - id: orcs\n      units:\n        - "+boyzFights+"\n", "    - {unit: boyz, name: Orcs}\n"),
		"v.yaml:31:26: fight.sides[1].name: name belongs to an army; write units: [boyz] to make one of this side, or remove name"},
	{"listed twice", "a unit fights once",
		armyEdit("        - "+boyzFights+"\n", "        - "+boyzFights+"\n        - halberdiers\n"),
		`v.yaml:34:11: fight.sides[1].units[1]: "halberdiers" is already listed at fight.sides[0].units[0]; a unit fights once, on one side`},
	{"no contact", "every unit touches an enemy",
		armyEdit("    - id: orcs\n", "        - goblins\n    - id: orcs\n"),
		`v.yaml:31:11: fight.sides[0].units[2]: "goblins" is in contact with no enemy unit; give it fights: [{unit: boyz, at: flank}], or name it in an enemy's fights`},
	{"own side", "a unit fights the enemy",
		armyEdit("{unit: halberdiers, fights: [{unit: boyz}]}", "{unit: halberdiers, fights: [{unit: knights}]}"),
		`v.yaml:26:47: fight.sides[0].units[0].fights[0].unit: "knights" is on halberdiers' own side; name an enemy unit (boyz)`},
	{"itself", "a unit does not fight itself",
		armyEdit("{unit: halberdiers, fights: [{unit: boyz}]}", "{unit: halberdiers, fights: [{unit: halberdiers}]}"),
		`v.yaml:26:47: fight.sides[0].units[0].fights[0].unit: a unit cannot fight itself; name an enemy unit (boyz)`},
	{"unknown enemy", "a contact names a unit of the fight",
		armyEdit("{unit: halberdiers, fights: [{unit: boyz}]}", "{unit: halberdiers, fights: [{unit: goblins}]}"),
		`v.yaml:26:47: fight.sides[0].units[0].fights[0].unit: no unit of the fight has the id "goblins"; the enemy units are boyz`},
	{"enemy twice", "each enemy once",
		armyEdit(kFights, "fights: [{unit: boyz, at: flank, models: 3}, {unit: boyz}]"),
		"v.yaml:30:56: fight.sides[0].units[1].fights[1]: knights lists boyz twice; give each enemy once"},
	{"each in the other's flank", "one of two units in contact faces the other's front",
		armyEdit("{unit: knights, models: 4}", "{unit: knights, at: flank, models: 4}"),
		"v.yaml:33:85: fight.sides[1].units[0].fights[1].at: knights and boyz each stand in the other's flank or rear; one of them faces the other's front"},
	{"models of two contacts", "a unit touching two enemies says how many models touch each",
		armyEdit(boyzFights, "{unit: boyz, fights: [{unit: halberdiers}, {unit: knights}]}"),
		"v.yaml:33:11: fight.sides[1].units[0]: boyz touches halberdiers and knights, so say how many of its models touch each: fights: [{unit: halberdiers, models: 3}, {unit: knights, models: 2}]"},
	{"derived contact of two", "a contact is derived only for a unit with no other",
		armyEdit(boyzFights, "{unit: boyz, fights: [{unit: halberdiers, models: 5}]}"),
		"v.yaml:33:11: fight.sides[1].units[0]: boyz touches halberdiers and knights, so say how many of its models touch each: fights: [{unit: halberdiers, models: 3}, {unit: knights, models: 2}]"},
	{"front too full", "two units at one front: the frontage and a shared corner model (5 + 1), not 9",
		armyEdit("at: flank, models: 3", "models: 3"),
		"v.yaml:33:89: fight.sides[1].units[0].fights[1].models: boyz touch halberdiers with 5 and knights with 4 models at the front, 9 in all, beyond the 5 of their front rank and the 1 corner model two contacts may share; give fewer models"},
	{"one contact beyond the front", "a unit touches with no more models than its front rank holds",
		armyEdit("at: flank, models: 3", "at: flank, models: 6"),
		"v.yaml:30:52: fight.sides[0].units[1].fights[0].models: knights touch boyz with 6 models at the front, beyond the 5 of their front rank; give fewer models"},
	{"flank too full", "a flank holds a model of each rank: 25 Boyz 5 wide are 5 ranks",
		armyEdit("{unit: knights, models: 4}", "{unit: knights, models: 6}"),
		"v.yaml:33:89: fight.sides[1].units[0].fights[1].models: boyz touch knights with 6 models along their flank, beyond their 5 ranks; give fewer models"},
	{"two combats", "a scenario fights one combat",
		armyEdit(kFights, "fights: [{unit: goblins}]", boyzFights, "{unit: boyz, fights: [{unit: halberdiers}]}\n        - goblins"),
		"v.yaml:23:5: fight.sides: the contacts make two separate combats (halberdiers with boyz; knights with goblins); a scenario fights one combat: split it into two files"},
	{"army id missing", "an army of several units needs an id for its results",
		armyEdit("    - id: empire\n      name: The Empire\n      units:\n", "    - units:\n"),
		"v.yaml:23:7: fight.sides[0].id: an army of 2 units needs an id, the name its results go by (as in empire.wins); add one, such as id: empire"},
	{"army id of an enemy unit", "results by id would mix",
		armyEdit("id: empire", "id: boyz"),
		`v.yaml:23:11: fight.sides[0].id: "boyz" is a unit of the other army; give this army another id`},
	{"army ids the same", "each army its own id",
		armyEdit("id: orcs", "id: empire"),
		`v.yaml:31:11: fight.sides[1].id: "empire" is the other army's id too; give each army its own`},
	{"army id not an id", "ids are lowercase words",
		armyEdit("id: empire", "id: The Empire"),
		`v.yaml:23:11: fight.sides[0].id: "The Empire" is not a valid id; use lowercase letters, digits, - and _, such as "the_empire"`},
	{"charger with an army", "the charge is said on the unit",
		armyEdit("  type: close_combat\n", "  type: close_combat\n  charger: knights\n"),
		"v.yaml:22:12: fight.charger: charger belongs to the two-unit form sides: [a, b]; write charged: true on the unit in its army instead"},
	{"facing with an army", "the face is said in the contact",
		armyEdit("  type: close_combat\n", "  type: close_combat\n  facing: flank\n"),
		"v.yaml:22:11: fight.facing: facing belongs to the two-unit form sides: [a, b]; write at: flank (or rear) in the charging unit's fights instead"},
	{"charge distance with an army", "the distance is said on the unit",
		armyEdit("  type: close_combat\n", "  type: close_combat\n  charge_distance: 6\n"),
		"v.yaml:22:20: fight.charge_distance: charge_distance belongs to the two-unit form sides: [a, b]; write charge_distance on the unit in its army that charged instead"},
	{"both armies charged", "only the army whose turn it is charges",
		armyEdit("{unit: boyz, fights", "{unit: boyz, charged: true, fights"),
		"v.yaml:33:33: fight.sides[1].units[0].charged: units of both armies charged; only the army whose turn it is charges"},
	{"charge distance without a charge", "it is how far the unit charged",
		armyEdit("{unit: halberdiers, fights", "{unit: halberdiers, charge_distance: 3, fights"),
		"v.yaml:26:48: fight.sides[0].units[0].charge_distance: charge_distance is how far the unit charged; add charged: true, or remove charge_distance"},
	{"charge distance range", "whole inches, 0 to 30, as the two-unit form's",
		armyEdit("charge_distance: 7", "charge_distance: 31"),
		"v.yaml:29:28: fight.sides[0].units[1].charge_distance: must be 0 to 30, got 31"},
	{"unknown face", "front, flank or rear",
		armyEdit("at: flank", "at: side"),
		`v.yaml:30:37: fight.sides[0].units[1].fights[0].at: unknown facing "side"; use front, flank or rear`},
	{"models range", "at least one model touches",
		armyEdit("at: flank, models: 3", "at: flank, models: 0"),
		"v.yaml:30:52: fight.sides[0].units[1].fights[0].models: must be 1 to 10000, got 0"},
	{"unknown unit, mapping", "an id in a mapping is reported at its unit field",
		armyEdit("unit: knights\n", "unit: knigths\n"),
		`v.yaml:27:17: fight.sides[0].units[1].unit: no unit has the id "knigths"; the units are archers, boyz, goblins, halberdiers, knights, wolves`},
	{"unknown unit, shorthand", "an id written alone is reported at its entry, as sides: [a, b] is",
		armyEdit("    - id: orcs\n      units:\n        - "+boyzFights+"\n", "    - orks\n"),
		`v.yaml:31:7: fight.sides[1]: no unit has the id "orks"; the units are archers, boyz, goblins, halberdiers, knights, wolves`},
	{"an army against one unit", "a side of one unit derives its contacts when it has one",
		armyEdit(kFights, "fights: [{unit: goblins, at: flank, models: 3}]", "{unit: halberdiers, fights: [{unit: boyz}]}",
			"{unit: halberdiers, fights: [{unit: goblins}]}", "    - id: orcs\n      units:\n        - "+boyzFights+"\n", "    - goblins\n"),
		"v.yaml:31:7: fight.sides[1]: goblins touches halberdiers and knights, so say how many of its models touch each: fights: [{unit: halberdiers, models: 3}, {unit: knights, models: 2}]"},
	{"high ground", "an army's id or one of its units'",
		armyEdit("  type: close_combat\n", "  type: close_combat\n  high_ground: elves\n"),
		"v.yaml:22:16: fight.high_ground: elves is not one of the armies or their units (boyz, empire, halberdiers, knights, orcs); name one, or leave high_ground out"},
	{"lone character models", "a lone character is one model (plan §1.4)",
		armyEdit("{id: archers, profile", "{id: archers, character: true, profile"),
		"v.yaml:19:112: units[5].models: a lone character is one model; models: 1, or remove character"},
	{"lone character command", "a lone character has no command of its own",
		armyEdit("{id: archers, profile", "{id: archers, character: true, command: {standard: true}, profile", "models: 10}", "models: 1}"),
		"v.yaml:19:45: units[5].command: command has no place on a lone character (a lone character has no standard, musician or champion); remove it"},
	{"lone character frontage", "a lone character is one model: no frontage",
		armyEdit("{id: archers, profile", "{id: archers, character: true, frontage: 2, profile", "models: 10}", "models: 1}"),
		"v.yaml:19:46: units[5].frontage: frontage has no place on a lone character (a lone character is one model); remove it"},
	{"strike_at", "a unit strikes a character of an enemy it touches",
		armyEdit("    models: 25\n", "    models: 25\n    strike_at: champion\n"),
		"v.yaml:17:16: units[2].strike_at: champion is not a character of an enemy unit it touches; name one, or leave strike_at out for the rank and file"},
}

// Each row of armyRows, as one located error.
func TestValidateArmies(t *testing.T) {
	t.Parallel()
	for _, tc := range armyRows {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			scenariotest.WantOneError(t, "v.yaml", tc.in, tc.want, tc.reason)
		})
	}
}

// formatErrors is what the format itself finds in in: decoding, the
// library's units and validation, without asking the engine.
func formatErrors(in string) []string {
	var s Scenario
	pos, errs := scenarios.Decode("v.yaml", []byte(in), &s)
	if errs == nil {
		errs = useLibrary("v.yaml", &s, pos)
	}
	if errs == nil {
		errs = validate("v.yaml", &s, pos)
	}
	return scenariotest.ErrorTexts(errs)
}

// The counts of models at a face on either side of each bound (STYLE
// 18): a bound off by one fails a row.
func TestArmyFaceBounds(t *testing.T) {
	t.Parallel()
	boyz := "{unit: halberdiers, models: 5}, {unit: knights, models: 4}"
	for _, tc := range []struct {
		name, reason, in, want string
	}{
		{"front of two, full", "5 wide and one shared corner model: 3 + 3 fit",
			armyEdit("at: flank, models: 3", "models: 3", boyz, "{unit: halberdiers, models: 3}, {unit: knights, models: 3}"), ""},
		{"front of two, one over", "3 + 4 is one more than 5 + 1",
			armyEdit("at: flank, models: 3", "models: 3", boyz, "{unit: halberdiers, models: 3}, {unit: knights, models: 4}"),
			"v.yaml:33:89: fight.sides[1].units[0].fights[1].models: boyz touch halberdiers with 3 and knights with 4 models at the front, 7 in all, beyond the 5 of their front rank and the 1 corner model two contacts may share; give fewer models"},
		{"front of one, full", "Knights 5 wide touch with all 5",
			armyEdit("at: flank, models: 3", "at: flank, models: 5"), ""},
		{"flank, full", "25 Boyz 5 wide: 5 ranks, 5 models on a flank",
			armyEdit("{unit: knights, models: 4}", "{unit: knights, models: 5}"), ""},
		{"rear, full", "a rear holds a rank: 5 Boyz",
			armyEdit("at: flank, models: 3", "at: rear, models: 3", "{unit: knights, models: 4}", "{unit: knights, models: 5}"), ""},
		{"rear, one over", "6 Boyz do not fit a rank of 5",
			armyEdit("at: flank, models: 3", "at: rear, models: 3", "{unit: knights, models: 4}", "{unit: knights, models: 6}"),
			"v.yaml:33:89: fight.sides[1].units[0].fights[1].models: boyz touch knights with 6 models along their rear, beyond the 5 of a rank; give fewer models"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := formatErrors(tc.in)
			if tc.want == "" && len(got) == 0 || len(got) == 1 && got[0] == tc.want {
				return
			}
			t.Errorf("errors:\n%s\nwant:\n%s\n(%s)", strings.Join(got, "\n"), tc.want, tc.reason)
		})
	}
}
