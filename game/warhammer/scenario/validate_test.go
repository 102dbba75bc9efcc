package scenario

import (
	"errors"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"

	"github.com/wargamesim/sim/game/warhammer"
)

// validBase is a small valid scenario. Each row of TestValidate changes one
// thing in it, so that the row's error is the only one. Its line numbers
// matter: the expected errors give them.
const validBase = `name: base
ruleset: 6th
trials: 1000
units:
  - id: archers
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}
    models: 10
    missile: {name: bow, strength: 3}
  - id: ogres
    type: monstrous_infantry
    profile: {M: 6, WS: 3, BS: 2, S: 4, T: 4, W: 3, I: 2, A: 3, Ld: 7}
    models: 3
    equipment: [light_armour]
fight:
  type: volley
  attacker: archers
  target: ogres
  phase: shooting
`

// edit returns validBase with each old text replaced by its new text, in
// pairs (see [scenariotest.Edit]).
func edit(pairs ...string) string { return scenariotest.Edit(validBase, pairs...) }

// insert returns validBase with text added before the line starting with
// before.
func insert(before, text string) string {
	return edit(before, text+before)
}

func TestValidate(t *testing.T) {
	t.Parallel()
	const unitFields = "(fields here: id, from, name, source, type, profile, models, min_models, frontage, contact, equipment, mount, " +
		"armour, natural_armour, ward, regeneration, weapon, command, unit_strength, special_rules, rerolls, missile, " +
		"strength_bonus, points, unit_points, not_simulated, characters, champion_profile, strike_at, challenge, general_leadership, character, in_contact, general, battle_standard)"
	const fight = "fight:\n"
	missileRules := func(rules string) string {
		return edit("strength: 3}", "strength: 3, special_rules: {"+rules+"}}")
	}
	for _, tc := range []struct {
		name, reason string
		in           string
		want         string // Error() of the one problem, or "" when the file is valid
	}{
		{
			name:   "base",
			reason: "the base scenario is valid, so each row's error comes from its change",
			in:     validBase,
		},
		{
			name:   "WS 0",
			reason: "a profile value below its range, located at the value in a flow mapping",
			in:     edit("WS: 3, BS: 3", "WS: 0, BS: 3"),
			want:   "v.yaml:6:25: units[0].profile.WS: must be 1 to 10, got 0",
		},
		{
			name:   "WS 11",
			reason: "a profile value above its range",
			in:     edit("WS: 3, BS: 3", "WS: 11, BS: 3"),
			want:   "v.yaml:6:25: units[0].profile.WS: must be 1 to 10, got 11",
		},
		{
			name:   "negative models",
			reason: "a unit has at least one model",
			in:     edit("models: 10", "models: -5"),
			want:   "v.yaml:7:13: units[0].models: must be 1 to 10000, got -5",
		},
		{
			name:   "models below min_models",
			reason: "a unit smaller than its army book allows is refused at models, which is what to change; 10 < 12",
			in:     edit("models: 10", "models: 10\n    min_models: 12"),
			want:   "v.yaml:7:13: units[0].models: 10 is below the unit's minimum of 12 models (min_models); give at least 12",
		},
		{
			name:   "models at min_models",
			reason: "the minimum itself is a legal size",
			in:     edit("models: 10", "models: 10\n    min_models: 10"),
		},
		{
			name:   "min_models 0",
			reason: "a minimum is a size, 1 or more; leave it out for none",
			in:     edit("models: 10", "models: 10\n    min_models: 0"),
			want:   "v.yaml:8:17: units[0].min_models: must be 1 to 10000, got 0",
		},
		{
			name:   "missing profile field",
			reason: "every characteristic is required; the error is located at the profile, since WS has no scenarios.Position",
			in:     edit("M: 4, WS: 3, BS: 3,", "M: 4, BS: 3,"),
			want:   "v.yaml:6:14: units[0].profile.WS: missing; give a whole number from 1 to 10",
		},
		{
			name:   "unknown field",
			reason: "a misspelt field is suggested and the fields listed, located at the key",
			in:     edit("models: 10", "modles: 10"),
			want:   `v.yaml:7:5: units[0].modles: unknown field "modles"; did you mean "models"? ` + unitFields,
		},
		{
			name:   "unknown troop type",
			reason: "nothing is close to giant, so the types are listed",
			in:     edit("type: monstrous_infantry", "type: giant"),
			want: `v.yaml:10:11: units[1].type: unknown troop type "giant"; use one of infantry, cavalry, ` +
				"monstrous_infantry, monstrous_cavalry, monstrous_beast, war_beast, monster, chariot, swarm, war_machine, regular_infantry, heavy_infantry, light_cavalry, heavy_cavalry, light_chariot, heavy_chariot",
		},
		{
			name:   "troop type with a space",
			reason: "a space for an underscore is the likely slip; suggest the type",
			in:     edit("type: monstrous_infantry", "type: monstrous infantry"),
			want: `v.yaml:10:11: units[1].type: unknown troop type "monstrous infantry"; did you mean "monstrous_infantry"? ` +
				"Use one of infantry, cavalry, monstrous_infantry, monstrous_cavalry, monstrous_beast, war_beast, monster, " +
				"chariot, swarm, war_machine, regular_infantry, heavy_infantry, light_cavalry, heavy_cavalry, light_chariot, heavy_chariot",
		},
		{
			name:   "duplicate unit id",
			reason: "a third unit reusing an id is reported at its id, naming the unit that has it",
			in:     insert(fight, "  - {id: ogres, profile: {M: 6, WS: 3, BS: 2, S: 4, T: 4, W: 3, I: 2, A: 3, Ld: 7}, models: 1}\n"),
			want:   `v.yaml:14:10: units[2].id: "ogres" is already the id of units[1]; ids must differ`,
		},
		{
			name:   "bad id",
			reason: "ids become metric names; the unit is renamed everywhere so only the id is wrong, and a valid id is suggested",
			in:     edit("id: ogres", "id: Ogre Bulls", "target: ogres", "target: Ogre Bulls"),
			want:   `v.yaml:9:9: units[1].id: "Ogre Bulls" is not a valid id; use lowercase letters, digits, - and _, such as "ogre_bulls"`,
		},
		{
			name:   "bad name",
			reason: "the scenario's name follows the same rule as ids",
			in:     edit("name: base", "name: Base Case"),
			want:   `v.yaml:1:7: name: "Base Case" is not a valid name; use lowercase letters, digits, - and _, such as "base_case"`,
		},
		{
			name:   "barding without mount",
			reason: "barding is the mount's armour",
			in:     edit("[light_armour]", "[light_armour, barding]"),
			want:   "v.yaml:13:31: units[1].equipment[1]: barding needs a mount; add mount: {kind: cavalry}",
		},
		{
			name:   "two body armours",
			reason: "the second body armour is the one reported",
			in:     edit("[light_armour]", "[light_armour, heavy_armour]"),
			want: "v.yaml:13:31: units[1].equipment[1]: a model wears one body armour; " +
				"keep the best of light_armour, heavy_armour, plate_armour",
		},
		{
			name:   "unknown equipment",
			reason: "the American spelling is the likely slip; suggest the British one",
			in:     edit("[light_armour]", "[light_armor]"),
			want: `v.yaml:13:17: units[1].equipment[0]: unknown equipment "light_armor"; did you mean "light_armour"? ` +
				"Use light_armour, heavy_armour, plate_armour, shield or barding",
		},
		{
			name:   "unknown mount kind",
			reason: "nothing is close to horse, so the kinds are listed with what they give",
			in:     insert("    equipment", "    mount: {kind: horse}\n"),
			want:   `v.yaml:13:19: units[1].mount.kind: unknown mount kind "horse"; use cavalry (+1 armour), cold_one (+2) or monster (+0)`,
		},
		{
			name:   "armour given with equipment",
			reason: "the save is either given or worked out, never both",
			in:     insert("    equipment", "    armour: 5+\n"),
			want: "v.yaml:13:13: units[1].armour: give the armour save directly or work it out from equipment, " +
				"mount and natural_armour, not both",
		},
		{
			name:   "armour 0+",
			reason: "0+ is kept apart from an unset roll and named as written",
			in:     edit("    equipment: [light_armour]\n", "    armour: 0+\n"),
			want:   "v.yaml:13:13: units[1].armour: an armour save must be 1+ to 6+, got 0+",
		},
		{
			name:   "ward 0+",
			reason: "0+ is out of range, not a missing ward",
			in:     insert("    equipment", "    ward: 0+\n"),
			want:   "v.yaml:13:11: units[1].ward: a ward save must be 2+ to 6+, got 0+",
		},
		{
			name:   "ward 7+",
			reason: "7+ is how the rules write no save; say so",
			in:     insert("    equipment", "    ward: 7+\n"),
			want:   "v.yaml:13:11: units[1].ward: a 7+ ward save is no ward save; remove it",
		},
		{
			name:   "wards with one bad",
			reason: "the bad item of a list is named and located, not the whole list",
			in:     insert("    equipment", "    ward: [5+, 8+]\n"),
			want:   "v.yaml:13:16: units[1].ward[1]: a ward save must be 2+ to 6+, got 8+",
		},
		{
			name:   "none in a list of wards",
			reason: "was accepted and made build fail with a ward save of 0; none means no ward only on its own",
			in:     insert("    equipment", "    ward: [none, 5+]\n"),
			want:   `v.yaml:13:12: units[1].ward[0]: "none" has no place in a list of ward saves; remove it`,
		},
		{
			name:   "wards by alias",
			reason: "an alias inside a list that decodes itself is followed, not reported as a bad roll",
			in:     insert("    equipment", "    ward: [&w 5+, *w]\n"),
		},
		{
			name:   "regeneration 1+",
			reason: "Regeneration 1+ gets its own explanation",
			in:     insert("    equipment", "    regeneration: 1+\n"),
			want:   "v.yaml:13:19: units[1].regeneration: Regeneration 1+ would regenerate every wound; the rules allow 2+ to 6+",
		},
		{
			name:   "multiple_wounds D7",
			reason: "only D3 and D6 are dice the rule uses",
			in:     missileRules("multiple_wounds: D7"),
			want: `v.yaml:8:72: units[0].missile.special_rules.multiple_wounds: "D7" is not a die this rule uses; ` +
				"write D3, D6 or a whole number",
		},
		{
			name:   "multiple_wounds 1",
			reason: "1 is the rule's absence; say to remove it",
			in:     missileRules("multiple_wounds: 1"),
			want: "v.yaml:8:72: units[0].missile.special_rules.multiple_wounds: 1 wound per unsaved wound is what " +
				"every attack does; remove multiple_wounds, or give 2 to 10, D3 or D6",
		},
		{
			name:   "multiple_wounds 11",
			reason: "above the range",
			in:     missileRules("multiple_wounds: 11"),
			want:   "v.yaml:8:72: units[0].missile.special_rules.multiple_wounds: must be 2 to 10, D3 or D6, got 11",
		},
		{
			name:   "hatred on a missile",
			reason: "Hatred is a close-combat rule",
			in:     missileRules("hatred: true"),
			want: "v.yaml:8:63: units[0].missile.special_rules.hatred: Hatred re-rolls misses in close combat " +
				"and has no effect on shooting; remove it from the missile weapon",
		},
		{
			name:   "killing blow on a missile",
			reason: "located at the rule itself, not at special_rules",
			in:     missileRules("killing_blow: true"),
			want: "v.yaml:8:69: units[0].missile.special_rules.killing_blow: Killing Blow works in close combat only " +
				"(RULES.md §2.9.1); remove it from the missile weapon",
		},
		{
			name:   "heroic killing blow on a missile",
			reason: "named as the rule given, with its own paragraph",
			in:     missileRules("heroic_killing_blow: true"),
			want: "v.yaml:8:76: units[0].missile.special_rules.heroic_killing_blow: Heroic Killing Blow works in " +
				"close combat only (RULES.md §2.9.2); remove it from the missile weapon",
		},
		{
			name:   "duplicate re-roll face",
			reason: "the repeated face is located in its list",
			in:     insert("    equipment", "    rerolls: {armour: [1, 1]}\n"),
			want:   "v.yaml:13:27: units[1].rerolls.armour[1]: face 1 is listed twice; remove one",
		},
		{
			name:   "re-roll list in a list",
			reason: "a nested list is named as such, not shown as an empty value",
			in:     insert("    equipment", "    rerolls: {hits: [[1]]}\n"),
			want:   "v.yaml:13:21: units[1].rerolls.hits: expected failed, a face 1 to 6 or a list of faces, got a list in the list",
		},
		{
			name:   "fight missing",
			reason: "located at the top of the file, with an example",
			in:     edit("fight:\n  type: volley\n  attacker: archers\n  target: ogres\n  phase: shooting\n", ""),
			want:   "v.yaml:1:1: fight: missing; say what happens, e.g. fight: {type: close_combat, sides: [knights, trolls], charger: knights}",
		},
		{
			name:   "fight attacker unknown",
			reason: "the ids are listed",
			in:     edit("attacker: archers", "attacker: bowmen"),
			want:   `v.yaml:16:13: fight.attacker: no unit has the id "bowmen"; the units are archers, ogres`,
		},
		{
			name:   "attacker is target",
			reason: "a volley needs two units",
			in:     edit("target: ogres", "target: archers"),
			want:   "v.yaml:17:11: fight.target: a unit cannot attack itself; name a different unit",
		},
		{
			name:   "shooting without missile",
			reason: "the attacker has nothing to shoot with; say how to give it a weapon",
			in:     edit("    missile: {name: bow, strength: 3}\n", ""),
			want:   "v.yaml:17:10: fight.phase: archers has no missile weapon to shoot with; give it missile: {name: bow, strength: 3}",
		},
		{
			name:   "shooting with BS 0",
			reason: "was accepted and failed in build with an internal error; BS 0 cannot hit",
			in:     edit("WS: 3, BS: 3", "WS: 3, BS: 0"),
			want: "v.yaml:6:32: units[0].profile.BS: archers shoots in the fight but has BS 0, which can never hit; " +
				"give it BS 1 to 10, or set fight.auto_hit: true",
		},
		{
			name:   "BS 0 with automatic hits",
			reason: "with auto_hit the attacker's BS is never used",
			in:     edit("WS: 3, BS: 3", "WS: 3, BS: 0", "phase: shooting", "phase: shooting\n  auto_hit: true"),
		},
		{
			name:   "BS 0 in close combat",
			reason: "BS is not used in close combat",
			in:     edit("WS: 3, BS: 3", "WS: 3, BS: 0", "phase: shooting", "phase: close_combat"),
		},
		{
			name:   "round with shooting",
			reason: "rounds count close combat",
			in:     edit("phase: shooting", "phase: shooting\n  round: 2"),
			want:   "v.yaml:19:10: fight.round: round applies to close combat; remove it for shooting",
		},
		{
			name:   "unknown phase",
			reason: "the phases are listed",
			in:     edit("phase: shooting", "phase: magic"),
			want:   `v.yaml:18:10: fight.phase: unknown phase "magic"; use shooting or close_combat`,
		},
		{
			name:   "misspelt phase",
			reason: "a close misspelling is suggested",
			in:     edit("phase: shooting", "phase: shoting"),
			want:   `v.yaml:18:10: fight.phase: unknown phase "shoting"; did you mean "shooting"? Use shooting or close_combat`,
		},
		{
			name:   "unknown ruleset",
			reason: "the presets are listed",
			in:     edit("ruleset: 6th", "ruleset: 5th"),
			want:   `v.yaml:2:10: ruleset: unknown ruleset "5th"; use one of 6th, 7th, 8th, tow`,
		},
		{
			name:   "unknown rules option",
			reason: "located at the option's value, with the options listed (the list grows with the engine)",
			in:     insert("trials", "rules: {regen: save}\n"),
			want:   `v.yaml:3:16: rules.regen: unknown rule option "regen"; options are ` + strings.Join(warhammer.System.Options.Names(), ", "),
		},
		{
			name:   "rules option with a newline",
			reason: "an odd key is quoted in the path, so that the error stays on one line",
			in:     insert("trials", "rules: {\"x\\ny\": yes}\n"),
			want: `v.yaml:3:17: rules."x\ny": unknown rule option "x\ny"; options are ` +
				strings.Join(warhammer.System.Options.Names(), ", "),
		},
		{
			name:   "bad rules option value",
			reason: "the option's values are listed",
			in:     insert("trials", "rules: {regeneration: sometimes}\n"),
			want:   `v.yaml:3:23: rules.regeneration: unknown value "sometimes"; use one of end_of_phase, save, after_wound`,
		},
		{
			name:   "trials 0",
			reason: "a run needs a trial",
			in:     edit("trials: 1000", "trials: 0"),
			want:   "v.yaml:3:9: trials: must be 1 to 10000000000, got 0",
		},
		{
			name:   "malformed YAML",
			reason: "on the mis-indented line, not on line 4 where yaml.v3 says the list starts",
			in:     edit("    models: 10\n", "   models: 10\n"),
			want:   "v.yaml:7: YAML syntax error: did not find expected '-' indicator",
		},
		{
			name:   "empty file",
			reason: "nothing to decode; say what a scenario needs",
			in:     "",
			want:   `v.yaml: the file is empty; a scenario needs at least "units" and "fight" (see docs/scenarios.md)`,
		},
		{
			name:   "wrong type",
			reason: "a word where a number goes",
			in:     edit("models: 10", "models: ten"),
			want:   `v.yaml:7:13: units[0].models: expected a whole number, got "ten"`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			scenariotest.WantOneError(t, "v.yaml", tc.in, tc.want, tc.reason)
		})
	}
}

func TestValidateSeveral(t *testing.T) {
	t.Parallel()
	// Four problems, changed in an order unlike the file's.
	in := edit(
		"phase: shooting", "phase: magic",
		"    equipment: [light_armour]\n", "    ward: 7+\n",
		"WS: 3, BS: 3", "WS: 0, BS: 3",
		"trials: 1000", "trials: 0",
	)
	want := []string{
		"v.yaml:3:9: trials: must be 1 to 10000000000, got 0",
		"v.yaml:6:25: units[0].profile.WS: must be 1 to 10, got 0",
		"v.yaml:13:11: units[1].ward: a 7+ ward save is no ward save; remove it",
		`v.yaml:18:10: fight.phase: unknown phase "magic"; use shooting or close_combat`,
	}
	_, err := scenarios.Load("v.yaml", []byte(in))
	var list scenarios.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Load: %v (%T), want an scenarios.ErrorList", err, err)
	}
	if got := scenariotest.ErrorTexts(list); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant every problem, in file order:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	line := want[0] + " (and 3 more; sim validate lists them all)"
	if got := err.Error(); got != line {
		t.Errorf("scenarios.Error() = %q\nwant one line: %q", got, line)
	}
}

// Each bad option in a scenario's rules is reported, not only the first.
func TestEveryBadRuleIsReported(t *testing.T) {
	t.Parallel()
	scenariotest.EveryBadRuleIsReported(t, func(bad string) string { return edit("trials: 1000\n", "trials: 1000\n"+bad) })
}
