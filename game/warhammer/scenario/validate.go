package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wargamesim/sim/scenarios"

	"github.com/wargamesim/sim/game/warhammer"
)

// validate checks s, decoded from file with the positions pos, and returns
// every problem in file order.
func validate(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	c := &checker{scenarios.Checker{File: file, Pos: pos}}
	if s.Game != "" && s.Game != "warhammer" {
		c.Add("game", "unknown game %q; use %s", s.Game, strings.Join(scenarios.GameNames(), ", "))
	}
	c.Header(s.Name, s.Trials)
	if rs, err := warhammer.Preset(scenarios.OrDefault(s.Ruleset, warhammer.DefaultPreset)); err != nil {
		c.Add("ruleset", "%v", err)
	} else {
		c.Rules(rs, s.Rules, "scenario")
	}

	ids := map[string]int{}
	if len(s.Units) == 0 {
		c.Add("units", "missing; a scenario needs at least the two units of its fight")
	}
	for i := range s.Units {
		u := &s.Units[i]
		p := fmt.Sprintf("units[%d]", i)
		c.unit(p, u)
		c.unitCharacters(p, u)
		if u.ID != "" {
			if j, dup := ids[u.ID]; dup {
				c.Add(p+".id", "%q is already the id of units[%d]; ids must differ", u.ID, j)
			} else {
				ids[u.ID] = i
			}
		}
	}
	c.fight(s, ids)
	return c.Sorted()
}

// unit checks the unit or character at path p: its id, troop type,
// profile, models, points, weapon, equipment, mount, saves, special rules,
// re-rolls and missile weapon.
func (c *checker) unit(p string, u *Unit) {
	switch {
	case !c.Present(p + ".id"):
		c.Add(p+".id", "missing; give the unit an id such as \"trolls\"")
	case !scenarios.ValidID(u.ID):
		c.Add(p+".id", "%q is not a valid id; use lowercase letters, digits, - and _%s", u.ID, scenarios.SuchAs(u.ID))
	}
	if u.Type != "" {
		if _, _, err := warhammer.ParseTroopClass(u.Type); err != nil {
			names := warhammer.TroopClassNames()
			c.Add(p+".type", "%s", scenarios.UnknownChoice("troop type", u.Type, names, "one of "+strings.Join(names, ", ")))
		}
	}
	pp := p + ".profile"
	if !c.Present(pp) {
		c.Add(pp, "missing; give the profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}")
	} else {
		c.profile(pp, u.Profile)
	}
	if u.Character {
		c.loneCharacter(p, u)
	} else if !c.isCharacter(p) {
		c.Between(p+".models", u.Models, 1, warhammer.MaxModels)
		c.minModels(p, u)
		c.Optional(p+".frontage", u.Frontage, 1, warhammer.MaxModels)
		if c.Present(p+".contact") && u.Models >= 1 {
			c.Optional(p+".contact", u.Contact, 1, max(1, frontage(u)))
		}
	}
	c.Optional(p+".unit_strength", u.UnitStrength, 1, 20)
	c.Optional(p+".strength_bonus", u.StrengthBonus, -5, 5)
	c.Points(p+".points", u.Points)
	c.Points(p+".unit_points", u.UnitPoints)
	if u.Weapon != "" {
		if _, err := warhammer.ParseWeapon(u.Weapon); err != nil {
			c.Add(p+".weapon", "%s", scenarios.UnknownChoice("weapon", u.Weapon, weaponNames, "one of "+strings.Join(weaponNames, ", ")))
		}
	}
	c.equipment(p, u)
	if u.Mount != nil {
		c.mount(p+".mount", u.Mount)
	}
	c.saves(p, u)
	if c.isCharacter(p) || u.Character {
		c.special(p+".special_rules", u.Rules, characterRules)
	} else {
		c.special(p+".special_rules", u.Rules, unitRules)
	}
	c.rerolls(p+".rerolls", u.Rerolls)
	if m := u.Missile; m != nil {
		c.missile(p+".missile", m)
	}
}

// minModels checks the unit's min_models at path p, when given: a size
// from 1, and its models not below it. The error is at models, which is
// what the user changes (or at the from: that brought both).
func (c *checker) minModels(p string, u *Unit) {
	mp := p + ".min_models"
	if !c.Present(mp) {
		return
	}
	c.Optional(mp, u.MinModels, 1, warhammer.MaxModels)
	if u.MinModels >= 1 && u.MinModels <= warhammer.MaxModels && u.Models >= 1 && u.Models < u.MinModels {
		c.Add(p+".models", "%d is below the unit's minimum of %d models (min_models); give at least %d", u.Models, u.MinModels, u.MinModels)
	}
}

// equipment checks the equipment of the unit u at path p: each item known
// and listed once, one body armour, and barding only with a mount.
func (c *checker) equipment(p string, u *Unit) {
	body := 0
	seen := map[string]bool{}
	for j, e := range u.Equipment {
		ep := fmt.Sprintf("%s.equipment[%d]", p, j)
		if seen[e] {
			c.Add(ep, "%q is listed twice", e)
		}
		seen[e] = true
		switch e {
		case "light_armour", "heavy_armour", "plate_armour":
			if body++; body == 2 {
				c.Add(ep, "a model wears one body armour; keep the best of light_armour, heavy_armour, plate_armour")
			}
		case "shield":
		case "barding":
			if u.Mount == nil {
				c.Add(ep, "barding needs a mount; add mount: {kind: cavalry}")
			}
		default:
			c.Add(ep, "%s", scenarios.UnknownChoice("equipment", e, equipmentNames,
				"light_armour, heavy_armour, plate_armour, shield or barding"))
		}
	}
}

// mount checks the mount at path mp: its profile (WS, S and I 1 to
// MaxCharacteristic, A from 0), special rules and kind.
func (c *checker) mount(mp string, m *Mount) {
	if pr := m.Profile; pr != nil {
		pp := mp + ".profile"
		if pr.M != 0 { // optional: the unit's own M where it is left out
			c.Between(pp+".M", pr.M, 1, warhammer.MaxCharacteristic)
		}
		c.Between(pp+".WS", pr.WS, 1, warhammer.MaxCharacteristic)
		c.Between(pp+".S", pr.S, 1, warhammer.MaxCharacteristic)
		c.Between(pp+".I", pr.I, 1, warhammer.MaxCharacteristic)
		c.Between(pp+".A", pr.A, 0, warhammer.MaxCharacteristic)
	}
	c.special(mp+".special_rules", m.Rules, mountAttacks)
	switch m.Kind {
	case "cavalry", "cold_one", "monster":
	case "":
		c.Add(mp+".kind", "missing; use cavalry (+1 armour), cold_one (+2) or monster (+0)")
	default:
		c.Add(mp+".kind", "%s", scenarios.UnknownChoice("mount kind", m.Kind, mountKinds,
			"cavalry (+1 armour), cold_one (+2) or monster (+0)"))
	}
}

// saves checks the saves of the unit u at path p: an armour save given
// directly or worked out, not both (1+ to 6+), natural armour (2+ to 6+),
// each ward save of its list (2+ to 6+) and Regeneration (2+ to 6+).
func (c *checker) saves(p string, u *Unit) {
	if u.Armour != 0 && (len(u.Equipment) > 0 || u.Natural != 0 || u.Mount != nil) {
		c.Add(p+".armour", "give the armour save directly or work it out from equipment, mount and natural_armour, not both")
	}
	c.CheckRoll(p+".armour", u.Armour, 1, 6, "an armour save")
	c.CheckRoll(p+".natural_armour", u.Natural, 2, 6, "natural armour")
	c.CheckRoll(p+".ward", 0, 2, 6, "a ward save") // only a number that did not decode: the list is checked below
	for j, w := range u.Ward {
		wp := p + ".ward"
		if c.Present(fmt.Sprintf("%s[%d]", wp, j)) {
			wp = fmt.Sprintf("%s[%d]", wp, j)
		}
		switch w {
		case 0: // only in a list: a lone "none" leaves no ward at all
			c.Add(wp, `"none" has no place in a list of ward saves; remove it`)
			continue
		case 7:
			c.Add(wp, "a 7+ ward save is no ward save; remove it")
			continue
		}
		c.CheckRoll(wp, w, 2, 6, "a ward save")
	}
	if u.Regeneration == 1 {
		c.Add(p+".regeneration", "Regeneration 1+ would regenerate every wound; the rules allow 2+ to 6+")
	} else {
		c.CheckRoll(p+".regeneration", u.Regeneration, 2, 6, "Regeneration")
	}
}

// missile checks the missile weapon at path mp: its Strength, shots,
// special rules, and re-rolls of hits and wounds only.
func (c *checker) missile(mp string, m *Missile) {
	c.Between(mp+".strength", m.Strength, 1, warhammer.MaxCharacteristic)
	c.Optional(mp+".shots", m.Shots, 1, 100)
	c.Optional(mp+".range", m.Range, 1, 120)
	c.special(mp+".special_rules", m.Rules, missileAttacks)
	c.rerolls(mp+".rerolls", m.Rerolls)
	if !m.Rerolls.Armour.IsZero() || !m.Rerolls.Ward.IsZero() {
		c.Add(mp+".rerolls", "a missile weapon re-rolls hits and wounds only; re-rolled saves belong to the unit's rerolls")
	}
}

// profile checks the profile at pp: WS, S, T, I and A as the engine
// takes them; M, BS, W and Ld to the format's own 10 (the engine takes W
// to 100 and Ld to 12, and reads no M).
func (c *checker) profile(pp string, pr Profile) {
	c.Between(pp+".M", pr.M, 0, 10)
	c.Between(pp+".WS", pr.WS, 1, warhammer.MaxCharacteristic)
	c.Between(pp+".BS", pr.BS, 0, 10)
	c.Between(pp+".S", pr.S, 1, warhammer.MaxCharacteristic)
	c.Between(pp+".T", pr.T, 1, warhammer.MaxCharacteristic)
	c.Between(pp+".W", pr.W, 1, 10)
	c.Between(pp+".I", pr.I, 1, warhammer.MaxCharacteristic)
	c.Between(pp+".A", pr.A, 0, warhammer.MaxCharacteristic)
	c.Between(pp+".Ld", pr.Ld, 1, 10)
}

// whose says whose special rules are being checked.
type whose uint8

const (
	unitRules      whose = iota // the unit's own, and its close-combat attacks'
	mountAttacks                // a mount's close-combat attacks
	missileAttacks              // a missile weapon's
	characterRules              // a character's own, and its attacks'
)

func (c *checker) special(p string, s Special, w whose) {
	c.Optional(p+".armour_piercing", s.ArmourPiercing, 0, 6)
	c.Optional(p+".armour_bane", s.ArmourBane, 0, 6)
	if ih := s.ImpactHits; !c.UnreadRange(p+".impact_hits", "1 to 10, D3 or D6") && ih.Die == 0 && c.Present(p+".impact_hits") && (ih.N < 1 || ih.N > 10) {
		c.Add(p+".impact_hits", "must be 1 to 10, D3 or D6, got %d", ih.N)
	}
	if w != unitRules {
		for _, r := range []struct {
			name string
			on   bool
		}{
			{"causes_fear", s.CausesFear}, {"stubborn", s.Stubborn}, {"unbreakable", s.Unbreakable},
			{"always_strikes_first", s.AlwaysStrikesFirst && w != characterRules},
			{"always_strikes_last", s.AlwaysStrikesLast && w != characterRules},
			{"impact_hits", s.ImpactHits != scenarios.Amount{}},
		} {
			switch {
			case !r.on:
			case w == characterRules:
				c.Add(p+"."+r.name, "a character's %s is not simulated yet (docs/rules.md, \"Not simulated yet\"); remove it, or give it to the unit", r.name)
			default:
				c.Add(p+"."+r.name, "%s is a rule of the unit, not of its %s; move it to the unit's special_rules", r.name,
					map[whose]string{mountAttacks: "mount", missileAttacks: "missile weapon"}[w])
			}
		}
	}
	mw := s.MultipleWounds
	switch {
	case c.UnreadRange(p+".multiple_wounds", "2 to 10, D3 or D6"):
	case mw.Die != 0 || !c.Present(p+".multiple_wounds"):
	case mw.N == 1:
		c.Add(p+".multiple_wounds", "1 wound per unsaved wound is what every attack does; "+
			"remove multiple_wounds, or give 2 to 10, D3 or D6")
	case mw.N < 2 || mw.N > 10:
		c.Add(p+".multiple_wounds", "must be 2 to 10, D3 or D6, got %d", mw.N)
	}
	if w != missileAttacks {
		return
	}
	if s.Hatred {
		c.Add(p+".hatred", "Hatred re-rolls misses in close combat and has no effect on shooting; remove it from the missile weapon")
	}
	if s.KillingBlow {
		c.Add(p+".killing_blow", "Killing Blow works in close combat only (RULES.md §2.9.1); remove it from the missile weapon")
	}
	if s.HeroicKillingBlow {
		c.Add(p+".heroic_killing_blow", "Heroic Killing Blow works in close combat only (RULES.md §2.9.2); remove it from the missile weapon")
	}
}

func (c *checker) rerolls(p string, r Rerolls) {
	for _, f := range []struct {
		name string
		r    scenarios.Reroll
	}{{"hits", r.Hits}, {"wounds", r.Wounds}, {"armour", r.Armour}, {"ward", r.Ward}} {
		for i, x := range f.r.Faces {
			if slices.Contains(f.r.Faces[:i], x) {
				fp := p + "." + f.name
				if c.Present(fmt.Sprintf("%s[%d]", fp, i)) {
					fp = fmt.Sprintf("%s[%d]", fp, i)
				}
				c.Add(fp, "face %d is listed twice; remove one", x)
			}
		}
	}
}

// checker is the shared checker, with the checks of this format.
type checker struct{ scenarios.Checker }
