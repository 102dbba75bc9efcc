package scenario

import (
	"reflect"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// combatEdit is combatBase with each pair's first string replaced by its
// second.
func combatEdit(pairs ...string) string { return scenariotest.Edit(combatBase, pairs...) }

// reactionRows are the format's rules of charge reactions (issue 30,
// step 7), each one located error, in the two-unit form (combatBase:
// knights charge trolls) and the army form (armyBase: knights charge the
// boyz' flank).
var reactionRows = []struct{ name, reason, in, want string }{
	{"flee", "the charged unit flees", combatEdit("charger: knights\n", "charger: knights\n  reaction: flee\n"), ""},
	{"hold with no charger", "hold is no reaction", combatEdit("  charger: knights\n", "  reaction: hold\n"), ""},
	{"unknown", "three reactions", combatEdit("charger: knights\n", "charger: knights\n  reaction: shoot\n"),
		`v.yaml:20:13: fight.reaction: unknown reaction "shoot"; use hold, stand_and_shoot or flee`},
	{"no charger", "a reaction answers a charge", combatEdit("  charger: knights\n", "  reaction: flee\n"),
		"v.yaml:19:13: fight.reaction: a reaction answers a charge, and no unit charged; name the charger, or remove reaction"},
	{"no missile weapon", "stand and shoot needs a missile weapon", combatEdit("charger: knights\n", "charger: knights\n  reaction: stand_and_shoot\n"),
		"v.yaml:20:13: fight.reaction: trolls has no missile weapon to stand and shoot with; give it missile: {name: bow, strength: 3}, or reaction: hold"},
	{"missile range", "a range in inches", combatEdit("    regeneration: 4+\n", "    regeneration: 4+\n    missile: {name: rocks, strength: 5, range: 0}\n",
		"charger: knights\n", "charger: knights\n  reaction: stand_and_shoot\n"),
		"v.yaml:15:48: units[1].missile.range: must be 1 to 120, got 0"},
	{"volley", "a reaction belongs to a close combat", strings.Replace(validBase, "  phase: shooting\n", "  phase: shooting\n  reaction: flee\n", 1),
		"v.yaml:19:13: fight.reaction: reaction belongs to a close_combat fight; remove it, or set type: close_combat"},
	{"terror with no Movement", "a Terror test on the charge may flee, by the units' Movement (tow)",
		combatEdit("name: combat\n", "name: combat\nruleset: tow\n", "{M: 4, WS: 4, BS: 3", "{M: 0, WS: 4, BS: 3", "    weapon: lance\n", "    weapon: lance\n    special_rules: {causes_terror: true}\n"),
		"v.yaml:21:12: fight.charger: trolls: takes a Terror test when knights charges it (terror_on_charge) and may flee, which needs both units' Movement; give them one, or set terror_on_charge no"},
	{"army flee", "the archers, charged by the wolves, flee", strings.Replace(armyBase, armyFight, oneOnOne("reaction: flee"), 1), ""},
	{"army already engaged", "the boyz, fighting the halberdiers, must hold", armyEdit("{unit: boyz, fights", "{unit: boyz, reaction: flee, fights"),
		"v.yaml:33:34: fight.sides[1].units[0].reaction: boyz already fights halberdiers, which did not charge it, and must hold; reaction: hold"},
	{"army two chargers", "a unit charged by two units flees from both (flee_several_caught)", strings.Replace(armyBase, armyFight, twoOnOne, 1), ""},
	{"army two chargers stand and shoot", "it shoots at one of them (stand_and_shoot_target)",
		strings.Replace(strings.Replace(armyBase, armyFight, twoOnOne, 1), "reaction: flee", "reaction: stand_and_shoot", 1),
		"v.yaml:24:54: fight.sides[1].units[0].reaction: archers has no missile weapon to stand and shoot with; give it missile: {name: bow, strength: 3}, or reaction: hold"},
	{"army two chargers, one slow", "each charger needs a Movement to reach a unit that flees",
		strings.Replace(strings.Replace(armyBase, armyFight, twoOnOne, 1), "{id: wolves, profile: {M: 9", "{id: wolves, profile: {M: 0", 1),
		"v.yaml:24:54: fight.sides[1].units[0].reaction: wolves charged with Movement 0, so its reach cannot be worked out; give it profile.M 1 to 10, or reaction: hold"},
	{"army not charged", "no enemy charged the halberdiers", armyEdit("{unit: halberdiers, fights", "{unit: halberdiers, reaction: flee, fights"),
		"v.yaml:26:41: fight.sides[0].units[0].reaction: a reaction answers a charge, and no enemy unit charged halberdiers; remove it, or make an enemy in contact charge"},
	{"army no missile", "stand and shoot needs a missile weapon", strings.Replace(armyBase, armyFight, oneOnOne("reaction: stand_and_shoot"), 1),
		"v.yaml:24:54: fight.sides[1].units[0].reaction: archers has no missile weapon to stand and shoot with; give it missile: {name: bow, strength: 3}, or reaction: hold"},
	{"army unknown", "three reactions", armyEdit("{unit: boyz, fights", "{unit: boyz, reaction: run, fights"),
		`v.yaml:33:34: fight.sides[1].units[0].reaction: unknown reaction "run"; use hold, stand_and_shoot or flee`},
	{"army fight.reaction", "the army form says it on the unit", armyEdit("  type: close_combat\n", "  type: close_combat\n  reaction: flee\n"),
		"v.yaml:22:13: fight.reaction: reaction belongs to the two-unit form sides: [a, b]; write reaction on the charged unit in its army instead"},
}

// armyFight is armyBase's sides.
const armyFight = `    - id: empire
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

// oneOnOne is a fight of armies of one unit: the wolves charge the
// archers, who answer as reaction says.
func oneOnOne(reaction string) string {
	return `    - {id: goblins, units: [{unit: wolves, charged: true, charge_distance: 8, fights: [{unit: archers}]}]}
    - {id: empire, units: [{unit: archers, ` + reaction + `}]}
`
}

// twoOnOne is the wolves and the goblins charging the archers, who flee.
const twoOnOne = `    - {id: orcs, units: [{unit: wolves, charged: true, charge_distance: 8, fights: [{unit: archers}]}, {unit: goblins, charged: true, charge_distance: 6, fights: [{unit: archers, at: flank}]}]}
    - {id: empire, units: [{unit: archers, reaction: flee, fights: [{unit: wolves, models: 3}, {unit: goblins, models: 2}]}]}
`

// Each row of reactionRows, as one located error.
func TestValidateReactions(t *testing.T) {
	t.Parallel()
	for _, tc := range reactionRows {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			scenariotest.WantOneError(t, "v.yaml", tc.in, tc.want, tc.reason)
		})
	}
}

// A reaction written in the two-unit form and in the army form is the same
// fight: the same outputs, and the same numbers from the same seed.
func TestReactionBothForms(t *testing.T) {
	t.Parallel()
	const head = `name: ss
ruleset: 8th
units:
  - {id: knights, from: chaos_knights}
  - {id: archers, from: empire_archers, frontage: 5, missile: {name: bow, strength: 3, range: 24}}
`
	for _, r := range []string{"stand_and_shoot", "flee"} {
		two := head + "fight: {type: close_combat, sides: [knights, archers], charger: knights, charge_distance: 9, reaction: " + r + "}\n"
		army := head + `fight:
  type: close_combat
  sides:
    - {units: [{unit: knights, charged: true, charge_distance: 9, fights: [{unit: archers}]}]}
    - {units: [{unit: archers, reaction: ` + r + `}]}
`
		a, b := loadPlan(t, two), loadPlan(t, army)
		ra, rb := runPlan(t, a), runPlan(t, b)
		if !reflect.DeepEqual(ra.Metrics, rb.Metrics) || !reflect.DeepEqual(ra.Events, rb.Events) ||
			!reflect.DeepEqual(ra.Hist, rb.Hist) || !reflect.DeepEqual(ra.Count, rb.Count) {
			t.Errorf("%s: the two forms differ:\n%v %v\n%v %v", r, ra.Events, ra.Count, rb.Events, rb.Count)
		}
	}
}

func loadPlan(t *testing.T, src string) *scenarios.Plan {
	t.Helper()
	p, err := scenarios.Load("r.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func runPlan(t *testing.T, p *scenarios.Plan) *engine.Result {
	t.Helper()
	res, err := engine.Run(t.Context(), p.Model, engine.Config{Trials: 5000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return res
}
