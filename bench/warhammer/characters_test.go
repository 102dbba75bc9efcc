package warhammerref

import (
	"strconv"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

// characterYAML is the frame of the character cases: twelve WS 4 S 4
// swordsmen against fifteen WS 3 S 3 militia, both five wide, fought to
// the break; each case fills in the capitalised words.
const characterYAML = `name: characters
ruleset: RULESET
rules: {RULES}
units:
  - id: a
    profile: {M: 4, WS: 4, BS: 3, S: 4, T: 3, W: 1, I: 4, A: 1, Ld: 7}
    models: A_MODELS
    frontage: 5
    equipment: [light_armour]
    A_MORE
  - id: b
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6}
    models: B_MODELS
    frontage: 5
    equipment: [shield]
    B_MORE
fight: {type: close_combat, sides: [a, b], max_rounds: 10, FIGHT}
`

// hero is a character of one W2 model, with the fields given.
func hero(id, profile, more string) string {
	return "\n      - id: " + id + "\n        profile: " + profile + more
}

const (
	captain  = "{M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}"
	sergeant = "{M: 4, WS: 4, BS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 9}"
	boss     = "{M: 4, WS: 5, BS: 3, S: 5, T: 5, W: 3, I: 4, A: 3, Ld: 8}"
	priest   = "{M: 4, WS: 3, BS: 3, S: 3, T: 4, W: 2, I: 3, A: 1, Ld: 10}"
	bearer   = "{M: 4, WS: 4, BS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 10}"
)

// steed is a character's fields for Killing Blow on a steed of Initiative
// i that strikes with its own profile.
func steed(i int) string {
	return "\n        type: cavalry\n        special_rules: {killing_blow: true}" +
		"\n        mount: {name: steed, kind: cavalry, profile: {WS: 4, S: 5, I: " + strconv.Itoa(i) + ", A: 2}}"
}

// characterCase is one agreement case: characterYAML with each unit's
// further fields, the ruleset and options, the fight's fields, and what it
// exercises.
type characterCase struct {
	name, ruleset, rules string
	aMore, bMore, fight  string
	why                  string
	aModels, bModels     string // "" for 12 and 15
}

var characterCases = []characterCase{
	{"champions", "6th", "", "command: {champion: true}\n    strike_at: champion",
		"command: {champion: true, standard: true}", "charger: a",
		"a champion in each unit, one struck at, the other taking the overflow", "", ""},
	{"champions/8th", "8th", "", "command: {champion: true}\n    strike_at: champion",
		"command: {champion: true, standard: true}", "charger: a",
		"the same with supporting ranks, which strike the rank and file", "", ""},
	{"champion-no-overflow", "6th", "champion_takes_overflow: no", "command: {champion: true}",
		"command: {champion: true}", "charger: a",
		"wounds left over when the rank and file fall are lost", "", "6"},
	{"strike-at-regenerating-hero", "6th", "",
		"special_rules: {flaming_attacks: true}\n    strike_at: shaman",
		"regeneration: 4+\n    characters:" + hero("shaman", sergeant, "\n        regeneration: 4+\n        in_contact: 5"), "charger: a",
		"seed 000: the Flaming attackers strike the character only; the unit keeps its Regeneration until he falls", "", ""},
	{"killing-blow-hero", "6th", "",
		"special_rules: {killing_blow: true}\n    strike_at: captain",
		"characters:" + hero("captain", boss, "\n        equipment: [heavy_armour]\n        ward: 5+\n        in_contact: 2"), "",
		"Killing Blow slays a W3 character outright, his remaining wounds scored", "", ""},
	{"killing-blow-hero/8th", "8th", "",
		"special_rules: {killing_blow: true}\n    strike_at: captain",
		"characters:" + hero("captain", boss, "\n        equipment: [heavy_armour]\n        ward: 5+\n        in_contact: 2"), "",
		"the same, his profile Wounds scored", "", ""},
	{"challenge-overkill", "6th", "",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, "\n        special_rules: {multiple_wounds: D3}"),
		"characters:" + hero("sergeant", sergeant, ""), "charger: a",
		"a challenge accepted: Multiple Wounds (D3) score Overkill", "", ""},
	{"challenge-overkill/8th", "8th", "overkill_cap: 3",
		"challenge: {issue: if_character}\n    characters:" + hero("captain", captain, "\n        special_rules: {multiple_wounds: D3}"),
		"command: {champion: true}\n    characters:" + hero("sergeant", sergeant, "\n        equipment: [light_armour]"), "charger: b",
		"the same under 8th with a cap of 3, the other side charging; the champion fights on", "", ""},
	{"challenge-refused", "6th", "",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, ""),
		"challenge: {accept: never}\n    command: {champion: true}\n    characters:" + hero("sergeant", sergeant, "") + hero("priest", priest, ""),
		"charger: a",
		"refused: the sergeant (most Attacks) retires, the unit keeps the priest's Ld 10 but not his", "", ""},
	{"challenge-refused-ld/8th", "8th", "",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, ""),
		"challenge: {accept: never}\n    characters:" + hero("sergeant", bearer, "\n        battle_standard: true"),
		"charger: a",
		"refused: the nominated battle standard bearer gives neither Ld 10, nor his bonus, nor his re-roll that round", "", ""},
	{"lone-character", "6th", "",
		"strike_at: boss",
		"special_rules: {unbreakable: true}\n    characters:" + hero("boss", boss, "\n        equipment: [plate_armour, shield]\n        in_contact: 1"), "charger: a",
		"the rank and file die, the boss (Unbreakable with them) fights on alone", "20", "3"},
	{"lone-character-challenged", "8th", "refuse_needs: rank_and_file",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, ""),
		"challenge: {accept: never}\n    characters:" + hero("boss", boss, "\n        equipment: [plate_armour]"), "charger: a",
		"a lone character cannot refuse (lone_character_may_refuse: no); one rank may refuse while it has rank and file", "", "3"},
	{"challenge-refused-one-rank/8th", "8th", "",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, ""),
		"challenge: {accept: never}\n    characters:" + hero("sergeant", sergeant, ""), "charger: a",
		"a unit of one rank has no place out of base contact to hide its character: he must accept (refuse_needs: place_out_of_contact)", "", "4"},
	{"challenge-refused-one-rank", "6th", "",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, ""),
		"challenge: {accept: never}\n    characters:" + hero("sergeant", sergeant, ""), "charger: a",
		"the same unit refuses under 6th, its rank and file to hide behind (refuse_needs: rank_and_file)", "", "4"},
	{"killing-blow-steed", "6th", "",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, steed(6)),
		"characters:" + hero("sergeant", sergeant, ""), "charger: a",
		"the steed (I6) wounds first, the rider's Killing Blow (I5) slays: Overkill counts the blow's own step only", "", ""},
	{"killing-blow-steed/8th", "8th", "",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, steed(6)),
		"characters:" + hero("sergeant", sergeant, ""), "charger: a",
		"the same under 8th, the Killing Blow scoring his profile Wounds", "", ""},
	{"killing-blow-steed-at-once/8th", "8th", "",
		"challenge: {issue: always}\n    characters:" + hero("captain", captain, steed(5)),
		"characters:" + hero("sergeant", sergeant, ""), "charger: a",
		"the steed strikes with its rider (I5): his wounds and Killing Blows land at once, in whatever order", "", ""},
	{"battle-standard-character", "6th", "",
		"", "characters:" + hero("bearer", sergeant, "\n        battle_standard: true"), "charger: a",
		"a character carries the battle standard: its bonus and re-roll while he stands", "", ""},
	{"battle-standard-character/8th", "8th", "",
		"strike_at: bearer", "characters:" + hero("bearer", sergeant, "\n        battle_standard: true\n        in_contact: 3"), "charger: a",
		"the same in 8th, the bearer struck at", "", ""},
	{"general-flank", "6th", "",
		"characters:" + hero("captain", captain, "\n        general: true"),
		"general_leadership: 9\n    characters:" + hero("sergeant", sergeant, ""), "charger: a, facing: flank",
		"a General's Leadership; characters out of contact in the flank", "", ""},
}

// characterAgreementCases are the character cases as agreement cases.
func characterAgreementCases() []agreementCase {
	var cs []agreementCase
	for _, c := range characterCases {
		am, bm := c.aModels, c.bModels
		if am == "" {
			am = "12"
		}
		if bm == "" {
			bm = "15"
		}
		yaml := strings.NewReplacer("A_MODELS", am, "B_MODELS", bm, "RULESET", c.ruleset, "RULES", c.rules, "A_MORE", c.aMore,
			"B_MORE", c.bMore, "FIGHT", c.fight).Replace(characterYAML)
		cs = append(cs, agreementCase{name: "characters/" + c.name, plan: func(tb testing.TB) *scenarios.Plan { return load(tb, c.name, yaml) }, divide: 2})
	}
	return cs
}
