package warhammerref

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

// towKillingBlowYAML is a close combat under tow in which warriors with
// Killing Blow (WS5 S4 A2) fight multi-wound infantry or cavalry of a
// sub-category: the target's type, profile and numbers are filled in by
// each case. The Old World's Killing Blow slays infantry or cavalry, whose
// categories take in monstrous infantry and swarms (infantry), monstrous
// cavalry and war beasts (cavalry), and its wounds are applied before the
// others (docs/rules.md, "7th edition and The Old World", Killing Blow).
const towKillingBlowYAML = `name: NAME
ruleset: tow
units:
  - id: a
    type: heavy_infantry
    profile: {M: 4, WS: 5, BS: 3, S: 4, T: 4, W: 1, I: 5, A: 2, Ld: 8}
    models: 15
    frontage: 5
    equipment: [heavy_armour]
    special_rules: {killing_blow: true}
  - id: b
    type: B_TYPE
    profile: {M: B_MOVE, WS: 3, BS: 3, S: 4, T: 4, W: B_W, I: 2, A: 3, Ld: 7}
    models: B_COUNT
    frontage: B_FRONTAGE
    equipment: [light_armour]
fight: {type: close_combat, sides: [a, b], charger: a, max_rounds: 3}
`

// towKillingBlowCombinations name the target and why: type, Movement,
// Wounds, models, frontage.
var towKillingBlowCombinations = []struct {
	name, bType, m, w, models, frontage, why string
}{
	{"killing-blow-ogres", "monstrous_infantry", "6", "3", "6", "3",
		"Killing Blow on monstrous infantry (W3), Killing Blows before the other wounds of the volley, remaining Wounds for combat result"},
	{"killing-blow-swarm", "swarm", "5", "4", "4", "2",
		"Killing Blow on a swarm (infantry by the categories), W4 bases"},
	{"killing-blow-monstrous-cavalry", "monstrous_cavalry", "7", "3", "4", "2",
		"Killing Blow on monstrous cavalry (cavalry by the categories), W3, against the ordinary wounds it carries"},
	{"killing-blow-war-beasts", "war_beast", "8", "2", "8", "4",
		"Killing Blow on war beasts (cavalry by the categories), W2"},
}

// towKillingBlowCases are the Killing Blow combinations as agreement cases.
func towKillingBlowCases() []agreementCase {
	var cs []agreementCase
	for _, c := range towKillingBlowCombinations {
		yaml := strings.NewReplacer("NAME", c.name, "B_TYPE", c.bType, "B_MOVE", c.m, "B_W", c.w,
			"B_COUNT", c.models, "B_FRONTAGE", c.frontage).Replace(towKillingBlowYAML)
		cs = append(cs, agreementCase{name: "tow/" + c.name, divide: 2, plan: func(tb testing.TB) *scenarios.Plan { return load(tb, c.name, yaml) }})
	}
	return cs
}
