package scenario

import (
	"strings"
	"testing"

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
	{"army flee", "the boyz, charged by the knights, flee", armyEdit("{unit: boyz, fights", "{unit: boyz, reaction: flee, fights"), ""},
	{"army not charged", "no enemy charged the halberdiers", armyEdit("{unit: halberdiers, fights", "{unit: halberdiers, reaction: flee, fights"),
		"v.yaml:26:41: fight.sides[0].units[0].reaction: a reaction answers a charge, and no enemy unit charged halberdiers; remove it, or make an enemy in contact charge"},
	{"army no missile", "stand and shoot needs a missile weapon", armyEdit("{unit: boyz, fights", "{unit: boyz, reaction: stand_and_shoot, fights"),
		"v.yaml:33:34: fight.sides[1].units[0].reaction: boyz has no missile weapon to stand and shoot with; give it missile: {name: bow, strength: 3}, or reaction: hold"},
	{"army unknown", "three reactions", armyEdit("{unit: boyz, fights", "{unit: boyz, reaction: run, fights"),
		`v.yaml:33:34: fight.sides[1].units[0].reaction: unknown reaction "run"; use hold, stand_and_shoot or flee`},
	{"army fight.reaction", "the army form says it on the unit", armyEdit("  type: close_combat\n", "  type: close_combat\n  reaction: flee\n"),
		"v.yaml:22:13: fight.reaction: reaction belongs to the two-unit form sides: [a, b]; write reaction on the charged unit in its army instead"},
}

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
