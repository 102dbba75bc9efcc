package warhammerref

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

// towYAML is a close combat under The Old World's preset, fought to the
// break: a's and b's troop types, models, frontages and further fields,
// and the fight's fields, are filled in by each case.
const towYAML = `name: NAME
ruleset: tow
rules: {RULES}
units:
  - id: a
    type: A_TYPE
    profile: {M: 4, WS: 4, BS: 3, S: 4, T: 3, W: 1, I: 4, A: 1, Ld: 8}
    A_MORE
  - id: b
    type: B_TYPE
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}
    B_MORE
fight: {type: close_combat, sides: [a, b], FIGHT}
`

// towCombination is one hand-made tow close combat.
type towCombination struct {
	name, rules         string
	aType, aMore        string
	bType, bMore, fight string
	why                 string
	skip                string // why the case is skipped (agreementCase.skip)
}

// towCombinations exercise The Old World's rules in close combat, each
// several at once (docs/rules.md, "7th edition and The Old World").
var towCombinations = []towCombination{
	{"bane-poison-parry", "",
		"heavy_infantry", "models: 20\n    frontage: 5\n    special_rules: {armour_bane: 2, poisoned_attacks: true}",
		"infantry", "models: 25\n    frontage: 5\n    equipment: [heavy_armour, shield]\n    command: {standard: true}",
		"charger: a, charge_distance: 2",
		"Armour Bane, Poisoned +2, Parry of a 4+ save to 3+, heavy infantry ranks of 4 against regular ranks of 5, Massed Infantry, the charge's inches", ""},
	{"terror-fear-three-way", "",
		"heavy_infantry", "models: 30\n    frontage: 6\n    weapon: halberd\n    special_rules: {causes_terror: true}",
		"infantry", "models: 10\n    frontage: 5\n    equipment: [light_armour, shield]\n    command: {battle_standard: true}",
		"",
		"Terror at Ld -1, Fear at -1 to hit, the halberd's AP, breaking at more than twice the Unit Strength, the battle standard's re-roll of a break", ""},
	{"terror-falls-back", "",
		"heavy_infantry", "models: 15\n    frontage: 5\n    weapon: halberd\n    special_rules: {causes_terror: true}",
		"infantry", "models: 10\n    frontage: 5\n    equipment: [light_armour, shield]\n    command: {battle_standard: true}",
		"max_rounds: 1",
		"Terror where the loser may fall back in good order", ""},
	{"fear-three-way", "",
		"heavy_infantry", "models: 30\n    frontage: 6\n    weapon: halberd\n    special_rules: {causes_fear: true}",
		"infantry", "models: 10\n    frontage: 5\n    equipment: [light_armour, shield]\n    command: {battle_standard: true}",
		"",
		"the Terror case with Fear only: Fear at -1 to hit, breaking at more than twice the Unit Strength, the battle standard's re-roll", ""},
	{"strike-first-last-charge", "",
		"infantry", "models: 20\n    frontage: 5\n    weapon: great_weapon\n    equipment: [light_armour]",
		"infantry", "models: 20\n    frontage: 5\n    equipment: [light_armour, shield]\n    special_rules: {always_strikes_first: true}",
		"charger: a, facing: flank, charge_distance: 7",
		"great weapon Strike Last (I 1) plus 4 from the flank against Strike First (I 10), AP 2, Parry, flank +1", ""},
	{"lancers-flail-armour-piercing", "",
		"heavy_cavalry", "models: 6\n    frontage: 3\n    equipment: [heavy_armour, shield, barding]\n    weapon: lance\n    " + horses,
		"heavy_infantry", "models: 24\n    frontage: 6\n    equipment: [light_armour]\n    weapon: flail\n    special_rules: {armour_piercing: 1}\n    command: {standard: true, musician: true}",
		"charger: a, charge_distance: 3",
		"the lance's AP on the charge, no mount armour, a flail's AP in the first round with armour_piercing, heavy cavalry ranks, Unit Strength 2 against Massed Infantry", ""},
	{"stubborn-equal-initiative", "charge_initiative: no",
		"light_cavalry", "models: 8\n    frontage: 4\n    weapon: spear\n    " + horses,
		"heavy_infantry", "models: 16\n    frontage: 4\n    equipment: [light_armour, shield]\n    weapon: spear\n    special_rules: {stubborn: true}",
		"charger: a",
		"light cavalry ranks, the mounted spear's AP, spears on foot with Press of Battle, Stubborn falling back in good order without a test, no charge Initiative", ""},
	{"cap-flail-flammable-steady", "",
		"infantry", "models: 8\n    frontage: 4\n    weapon: flail\n    special_rules: {flaming_attacks: true, causes_fear: true}",
		"heavy_infantry", "models: 12\n    frontage: 4\n    armour: 1+\n    regeneration: 5+\n    special_rules: {stubborn: true}",
		"charger: a, facing: flank, charge_distance: 2, max_rounds: 3",
		"the armour cap (1+ to 2+), the flail's AP 2 always and its S+2 and Armour Bane (1) on the charge, Flaming wounds regenerated on a model not Flammable, " +
			"Steady in the Ranks against a flank charge of Unit Strength 8, no Fear of a lower Unit Strength, Press of Battle from round 2, Stubborn's fall back", ""},
	{"flammable-trolls", "",
		"infantry", "models: 20\n    frontage: 5\n    weapon: great_weapon\n    special_rules: {flaming_attacks: true}",
		"monstrous_infantry", "models: 6\n    frontage: 3\n    armour: 6+\n    regeneration: 4+\n    special_rules: {flammable: true, causes_fear: true}",
		"charger: b",
		"Flaming Attacks against a Flammable unit with Regeneration, Fear of a higher Unit Strength, the great weapon's Armour Bane (1), Press of Battle for the infantry", ""},
}

// towCases are the tow combinations as agreement cases.
func towCases() []agreementCase {
	var cs []agreementCase
	for _, c := range towCombinations {
		yaml := strings.NewReplacer("NAME", "tow", "RULES", c.rules, "A_TYPE", c.aType, "A_MORE", c.aMore,
			"B_TYPE", c.bType, "B_MORE", c.bMore, "FIGHT", c.fight).Replace(towYAML)
		cs = append(cs, agreementCase{name: "tow/" + c.name, divide: 2, skip: c.skip, plan: func(tb testing.TB) *scenarios.Plan { return load(tb, c.name, yaml) }})
	}
	return append(cs, towKillingBlowCases()...)
}
