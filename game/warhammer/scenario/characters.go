package scenario

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// A unit's characters are written as units of one model
// (units[i].characters[j]), with a few fields of their own; this file
// checks the fields that belong to a unit or to a character only, and
// builds both into the engine's characters.

// isCharacter reports whether the unit at path p is a character.
func (c *checker) isCharacter(p string) bool { return strings.Contains(p, ".characters[") }

// championID is the id a unit's champion goes by, in strike_at, by and the
// results.
const championID = "champion"

// unitCharacters checks the character fields of the unit at p, and each of
// its characters.
func (c *checker) unitCharacters(p string, u *Unit) {
	for _, name := range []string{"in_contact", "general", "battle_standard"} {
		if c.Present(p+"."+name) && !u.Character {
			c.Add(p+"."+name, "%s belongs to a character; move it to one of the unit's characters%s", name,
				map[string]string{"battle_standard": ", or write command: {battle_standard: true} for a battle standard with the unit"}[name])
		}
	}
	c.Optional(p+".general_leadership", u.GeneralLd, 1, 10)
	if pr := u.ChampionProfile; pr != nil {
		if !u.Command.Champion {
			c.Add(p+".champion_profile", "the unit has no champion; add command: {champion: true}, or remove champion_profile")
		}
		c.profile(p+".champion_profile", *pr)
	}
	if u.Command.Champion && c.Present(p+".models") && u.Models < 2 {
		c.Add(p+".models", "a champion is one of the unit's models, so it needs 2 or more (got %d)", u.Models)
	}
	if ch := u.Challenge; ch != nil {
		if _, err := warhammer.ParseIssuePolicy(scenarios.OrDefault(ch.Issue, "never")); err != nil {
			c.Add(p+".challenge.issue", "%s", scenarios.UnknownChoice("challenge policy", ch.Issue, issuePolicies, "never, always or if_character"))
		}
		switch ch.Accept {
		case "", "always", "never":
		default:
			c.Add(p+".challenge.accept", "%s", scenarios.UnknownChoice("accept policy", ch.Accept, []string{"always", "never"}, "always or never"))
		}
		if ch.By != "" && !hasModel(u, ch.By) {
			c.Add(p+".challenge.by", "%s is not one of the unit's characters (%s); name one, or leave by out", scenarios.IDText(ch.By), modelList(u))
		}
	}
	if len(u.Characters) > 8 {
		c.Add(p+".characters", "%d characters; a unit has at most 8", len(u.Characters))
	}
	ids := map[string]int{}
	for j := range u.Characters {
		cp := fmt.Sprintf("%s.characters[%d]", p, j)
		ch := &u.Characters[j]
		c.unit(cp, ch)
		c.character(cp, ch, u)
		if ch.ID == championID && u.Command.Champion {
			c.Add(cp+".id", "%q is the unit's champion; give the character another id", ch.ID)
		}
		if k, dup := ids[ch.ID]; dup && ch.ID != "" {
			c.Add(cp+".id", "%q is already the id of characters[%d]; ids must differ", ch.ID, k)
		} else {
			ids[ch.ID] = j
		}
	}
}

var issuePolicies = []string{"never", "always", "if_character"}

// character checks what a character at p of unit u may and may not give.
func (c *checker) character(p string, ch *Unit, u *Unit) {
	for _, f := range []struct{ name, why string }{
		{"models", "a character is one model"},
		{"min_models", "a character is one model"},
		{"frontage", "a character stands in its unit's front rank"},
		{"contact", "a character's enemies in contact are in_contact"},
		{"command", "command models belong to the unit"},
		{"missile", "shooting is a volley's, and characters fight in close combat only"},
		{"characters", "characters join units, not characters"},
		{"champion_profile", "champions belong to the unit"},
		{"challenge", "the unit's challenge policy covers its characters (by names the one who challenges)"},
		{"general_leadership", "a General in the unit is general: true on him"},
	} {
		if c.Present(p + "." + f.name) {
			c.Add(p+"."+f.name, "%s has no place on a character (%s); remove it", f.name, f.why)
		}
	}
	c.Optional(p+".in_contact", ch.InContact, 1, 10)
	if ch.BattleStandard && u.Command.BattleStandard {
		c.Add(p+".battle_standard", "the unit already has the battle standard (command.battle_standard); keep one")
	}
}

// hasModel reports whether u has a character (or champion) id.
func hasModel(u *Unit, id string) bool {
	if id == championID {
		return u.Command.Champion
	}
	for i := range u.Characters {
		if u.Characters[i].ID == id {
			return true
		}
	}
	return false
}

// modelList is u's characters and champion, for messages.
func modelList(u *Unit) string {
	var ids []string
	for i := range u.Characters {
		ids = append(ids, u.Characters[i].ID)
	}
	if u.Command.Champion {
		ids = append(ids, championID)
	}
	if len(ids) == 0 {
		return "it has none"
	}
	return strings.Join(ids, ", ")
}

// strikeAt checks that the strike_at fields of unit u (at p) and its
// characters name a model of its enemy foe.
func (c *checker) strikeAt(p string, u, foe *Unit) {
	check := func(path, id string) {
		if id != "" && !hasModel(foe, id) {
			c.Add(path, "%s is not a character of %s (%s); name one, or leave strike_at out for the rank and file",
				scenarios.IDText(id), foe.ID, modelList(foe))
		}
	}
	check(p+".strike_at", u.StrikeAt)
	for j := range u.Characters {
		check(fmt.Sprintf("%s.characters[%d].strike_at", p, j), u.Characters[j].StrikeAt)
	}
}

// loneCharacter checks the unit at p that is a lone character
// (character: true): one model, with no characters, command or ranks of
// its own.
func (c *checker) loneCharacter(p string, u *Unit) {
	if c.Present(p+".models") && u.Models != 1 {
		c.Add(p+".models", "a lone character is one model; models: 1, or remove character")
	}
	for _, f := range []struct{ name, why string }{
		{"min_models", "a lone character is one model"},
		{"frontage", "a lone character is one model"},
		{"contact", "a lone character is one model"},
		{"characters", "a lone character leads no unit: give the characters to a unit, or remove character"},
		{"command", "a lone character has no standard, musician or champion"},
		{"champion_profile", "a lone character has no champion"},
	} {
		if c.Present(p + "." + f.name) {
			c.Add(p+"."+f.name, "%s has no place on a lone character (%s); remove it", f.name, f.why)
		}
	}
}

// closeCombatOnly reports each character field of unit u (at p) that only
// a close combat reads.
func (c *checker) closeCombatOnly(p string) {
	for _, name := range []string{"character", "characters", "strike_at", "challenge", "general_leadership"} {
		if c.Present(p + "." + name) {
			c.Add(p+"."+name, "%s takes part in close combat only, and this fight is a volley; remove it, or set fight.type: close_combat", name)
		}
	}
}

// characterOf builds the character ch of unit u, whose fighter is f.
func characterOf(ch *Unit, f warhammer.Fighter) warhammer.Character {
	me := fighter(ch)
	return warhammer.Character{
		ID: ch.ID, Type: me.Type, Profile: me.Profile, Defence: me.Defence, Weapon: me.Weapon,
		Mounted: me.Mounted, Mount: me.Mount, Rules: me.Rules, StrengthBonus: ch.StrengthBonus,
		AlwaysStrikesFirst: me.AlwaysStrikesFirst, AlwaysStrikesLast: me.AlwaysStrikesLast,
		UnitStrength: ch.UnitStrength, General: ch.General, BattleStandard: ch.BattleStandard,
		InContact: ch.InContact, StrikeAt: ch.StrikeAt,
	}
}

// lone is the lone character u, whose fighter as a unit is f: the engine's
// unit of no rank and file and one character, u itself (docs/rules.md
// "Lone characters"), which keeps the unit's challenge policy.
func lone(u *Unit, f warhammer.Fighter) warhammer.Fighter {
	ch := warhammer.Character{
		ID: u.ID, Type: f.Type, Profile: f.Profile, Defence: f.Defence, Weapon: f.Weapon,
		Mounted: f.Mounted, Mount: f.Mount, Rules: f.Rules, StrengthBonus: f.StrengthBonus,
		AlwaysStrikesFirst: f.AlwaysStrikesFirst, AlwaysStrikesLast: f.AlwaysStrikesLast,
		UnitStrength: u.UnitStrength, General: u.General, BattleStandard: u.BattleStandard,
		InContact: u.InContact, StrikeAt: u.StrikeAt,
	}
	f.Models, f.Frontage, f.Contact, f.StrikeAt = 0, 1, 0, ""
	f.Characters = []warhammer.Character{ch}
	return f
}

// champion is u's champion: one of its models, equipped as they are, with
// the profile champion_profile gives, else theirs with one more Attack (the
// usual upgrade: docs/rules.md).
func champion(u *Unit, f warhammer.Fighter) warhammer.Character {
	p := f.Profile
	p.A++
	if cp := u.ChampionProfile; cp != nil {
		p = warhammer.Profile{M: cp.M, WS: cp.WS, BS: cp.BS, S: cp.S, T: cp.T, W: cp.W, I: cp.I, A: cp.A, Ld: cp.Ld}
	}
	return warhammer.Character{
		ID: championID, Champion: true, Type: f.Type, Profile: p, Defence: f.Defence,
		Weapon: f.Weapon, Mounted: f.Mounted, Mount: f.Mount, Rules: f.Rules,
		AlwaysStrikesFirst: f.AlwaysStrikesFirst, AlwaysStrikesLast: f.AlwaysStrikesLast,
		UnitStrength: f.UnitStrength, StrengthBonus: f.StrengthBonus,
	}
}

// challengeOf is u's challenge policy.
func challengeOf(u *Unit) warhammer.Challenge {
	ch := u.Challenge
	if ch == nil {
		return warhammer.Challenge{}
	}
	p, _ := warhammer.ParseIssuePolicy(scenarios.OrDefault(ch.Issue, "never")) // validated
	return warhammer.Challenge{Issue: p, Refuse: ch.Accept == "never", By: ch.By}
}
