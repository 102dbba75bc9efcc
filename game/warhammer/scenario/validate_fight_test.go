package scenario

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// combatBase is a valid close combat; each row of TestValidateCloseCombat
// changes one thing in it. Its line numbers matter.
const combatBase = `name: combat
units:
  - id: knights
    type: cavalry
    profile: {M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}
    models: 5
    equipment: [plate_armour, shield, barding]
    mount: {name: warhorse, kind: cavalry, profile: {WS: 3, S: 3, I: 3, A: 1}}
    weapon: lance
  - id: trolls
    type: monstrous_infantry
    profile: {M: 6, WS: 3, BS: 1, S: 5, T: 4, W: 3, I: 1, A: 3, Ld: 4}
    models: 3
    regeneration: 4+
    special_rules: {causes_fear: true}
fight:
  type: close_combat
  sides: [knights, trolls]
  charger: knights
`

func TestValidateCloseCombat(t *testing.T) {
	t.Parallel()
	edit := func(old, new string) string {
		if strings.Count(combatBase, old) != 1 {
			panic("edit: " + old)
		}
		return strings.Replace(combatBase, old, new, 1)
	}
	for _, tc := range []struct {
		name, reason, in, want string
	}{
		{"base", "the base is valid", combatBase, ""},
		{"one side", "a close combat has two sides", edit("sides: [knights, trolls]", "sides: [knights]"),
			"v.yaml:18:10: fight.sides: a close combat has two sides; give sides: [one_unit, another_unit] (got 1)"},
		{"unknown side", "a side must be a unit", edit("sides: [knights, trolls]", "sides: [knights, orcs]"),
			`v.yaml:18:20: fight.sides[1]: no unit has the id "orcs"; the units are knights, trolls`},
		{"side as a mapping", "{unit: trolls} is the unit id written out (scenarios.Shorthand)",
			edit("sides: [knights, trolls]", "sides: [knights, {unit: trolls}]"), ""},
		{"unknown side in a mapping", "an id written out is reported at its unit field",
			edit("sides: [knights, trolls]", "sides: [knights, {unit: orcs}]"),
			`v.yaml:18:27: fight.sides[1].unit: no unit has the id "orcs"; the units are knights, trolls`},
		{"side neither form", "a side is an id or a mapping",
			edit("sides: [knights, trolls]", "sides: [knights, [trolls]]"),
			"v.yaml:18:20: fight.sides[1]: expected a single value (its unit) or a mapping (key: value lines), got a list"},
		{"itself", "a unit cannot fight itself", edit("sides: [knights, trolls]", "sides: [knights, knights]"),
			"v.yaml:18:20: fight.sides[1]: a unit cannot fight itself; name two different units"},
		{"charger not a side", "the charger is one of the sides", edit("charger: knights", "charger: goblins"),
			"v.yaml:19:12: fight.charger: goblins is not one of the sides (knights, trolls); name a side, or leave charger out"},
		{"facing without charger", "facing says where the charger struck", edit("  charger: knights\n", "  facing: flank\n"),
			"v.yaml:19:11: fight.facing: facing says where the charger struck; name the charger, or remove facing"},
		{"unknown facing", "front, flank or rear", edit("charger: knights", "charger: knights\n  facing: side"),
			`v.yaml:20:11: fight.facing: unknown facing "side"; use front, flank or rear`},
		{"volley field", "the two fight types do not mix", edit("charger: knights", "charger: knights\n  phase: shooting"),
			"v.yaml:20:10: fight.phase: phase belongs to a volley fight; remove it, or set type: volley"},
		{"max rounds", "at least one round", edit("charger: knights", "charger: knights\n  max_rounds: 0"),
			"v.yaml:20:15: fight.max_rounds: must be 1 to 100, got 0"},
		{"charge distance", "whole inches, 0 to 30 (docs/rules.md, charge_initiative)", edit("charger: knights", "charger: knights\n  charge_distance: 31"),
			"v.yaml:20:20: fight.charge_distance: must be 0 to 30, got 31"},
		{"charge distance without a charger", "it is how far the charger moved", edit("  charger: knights\n", "  charge_distance: 5\n"),
			"v.yaml:19:20: fight.charge_distance: charge_distance is how far the charger moved; name the charger, or remove charge_distance"},
		{"The Old World's troop types", "heavy_infantry and light_cavalry are troop types (docs/rules.md)",
			edit("type: monstrous_infantry", "type: heavy_infantry"), ""},
		{"armour bane", "Armour Bane (X), 0 to 6", edit("{causes_fear: true}", "{causes_fear: true, armour_bane: 7}"),
			"v.yaml:15:53: units[1].special_rules.armour_bane: must be 0 to 6, got 7"},
		{"terror and flammable", "unit rules of The Old World", edit("{causes_fear: true}", "{causes_terror: true, flammable: true}"), ""},
		{"unknown weapon", "weapons by name, with a suggestion", edit("weapon: lance", "weapon: lanse"),
			`v.yaml:9:13: units[0].weapon: unknown weapon "lanse"; did you mean "lance"? Use one of hand_weapon, great_weapon, halberd, flail, morning_star, lance, spear, additional_hand_weapon`},
		{"mount WS", "a mount's profile is checked like a unit's", edit("profile: {WS: 3, S: 3, I: 3, A: 1}", "profile: {WS: 0, S: 3, I: 3, A: 1}"),
			"v.yaml:8:58: units[0].mount.profile.WS: must be 1 to 10, got 0"},
		{"fear on a mount", "Fear is the unit's, not its mount's", edit("kind: cavalry, profile", "kind: cavalry, special_rules: {causes_fear: true}, profile"),
			"v.yaml:8:73: units[0].mount.special_rules.causes_fear: causes_fear is a rule of the unit, not of its mount; move it to the unit's special_rules"},
		{"contact", "no more in contact than in the rank", edit("models: 5\n", "models: 5\n    contact: 6\n"),
			"v.yaml:7:14: units[0].contact: must be 1 to 5, got 6"},
		{"impact hits", "D7 is no die", edit("{causes_fear: true}", "{causes_fear: true, impact_hits: D7}"),
			`v.yaml:15:53: units[1].special_rules.impact_hits: "D7" is not a die this rule uses; write D3, D6 or a whole number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			scenariotest.WantOneError(t, "v.yaml", tc.in, tc.want, tc.reason)
		})
	}
}

// Under tow the Knights' armour comes from their equipment without the
// warhorse: plate 4+, shield and barding make 2+ (docs/rules.md, "7th
// edition and The Old World"), where 6th's build-up with the mount is 1+.
func TestOldWorldArmourFromEquipment(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ ruleset, want string }{
		{"tow", "knights' armour save: 1+, against AP 0 2+ (5/6)"},
		{"6th", "knights' armour save: 1+, against S5 3+ (2/3)"},
	} {
		p, err := scenarios.Load("v.yaml", []byte("ruleset: "+c.ruleset+"\n"+combatBase))
		if err != nil {
			t.Fatal(err)
		}
		if text := strings.Join(p.Lines, "\n"); !strings.Contains(text, c.want) {
			t.Errorf("%s: the description lacks %q:\n%s", c.ruleset, c.want, text)
		}
	}
}

// Parry holds in a close-combat volley as in a fight: under tow ten
// Halberdier-like infantry with hand weapons, shields and light armour
// (5+) have 4+ against the Knights' blows (tow.whfb.app
// troop-types-in-detail/parry).
func TestOldWorldParryInAVolley(t *testing.T) {
	t.Parallel()
	const volley = `ruleset: tow
name: parry
units:
  - id: knights
    profile: {M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}
    models: 5
  - id: men
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}
    models: 10
    equipment: [light_armour, shield]
fight:
  type: volley
  attacker: knights
  target: men
  phase: close_combat
`
	p, err := scenarios.Load("v.yaml", []byte(volley))
	if err != nil {
		t.Fatal(err)
	}
	if text := strings.Join(p.Lines, "\n"); !strings.Contains(text, "armour save: 5+, against AP 0 4+ (1/2)") {
		t.Errorf("the description lacks the parried 4+:\n%s", text)
	}
}
