package scenarios

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/game/wotr"
)

// validateWotR checks s, decoded from file with positions pos, and returns
// every problem in file order.
func validateWotR(file string, s *WotRScenario, pos positions) ErrorList {
	c := &checker{file: file, pos: pos}
	c.header(s.Name, s.Trials)
	if rs, err := wotr.Preset(orDefault(s.Ruleset, wotr.DefaultPreset)); err != nil {
		c.add("ruleset", "%v", err)
	} else {
		c.rules(rs, s.Rules, "scenario")
	}
	c.policy("might_policy", s.MightPolicy)

	// Ids name metrics: formations and heroes share one namespace.
	ids := map[string]string{} // id → its path
	claim := func(path, id, what string) {
		switch {
		case !c.present(path):
			c.add(path, "missing; give the %s an id such as %q", what, map[string]string{"formation": "orcs", "hero": "captain"}[what])
		case !idPattern.MatchString(id):
			c.add(path, "%q is not a valid id; use lowercase letters, digits, - and _%s", id, suchAs(id))
		default:
			if other, dup := ids[id]; dup {
				c.add(path, "%q is already the id of %s; ids of formations and heroes must all differ", id, strings.TrimSuffix(other, ".id"))
			} else {
				ids[id] = path
			}
		}
	}
	if len(s.Formations) != 2 {
		c.add("formations", "a War of the Ring fight needs exactly two formations, got %d", len(s.Formations))
	}
	heroes := 0
	for i := range s.Formations {
		f := &s.Formations[i]
		p := fmt.Sprintf("formations[%d]", i)
		claim(p+".id", f.ID, "formation")
		c.wotrFormation(p, f)
		for j := range f.Heroes {
			hp := fmt.Sprintf("%s.heroes[%d]", p, j)
			claim(hp+".id", f.Heroes[j].ID, "hero")
			c.wotrHero(hp, &f.Heroes[j])
			heroes++
		}
	}
	if heroes > wotr.MaxHeroes {
		c.add("formations", "%d heroes; a scenario has at most %d", heroes, wotr.MaxHeroes)
	}
	if len(s.Formations) == 2 {
		c.wotrActions(s)
		c.wotrFight(s)
	}
	return c.sorted()
}

func (c *checker) policy(path, name string) {
	if name == "" {
		return
	}
	if _, err := wotr.ParsePolicy(name); err != nil {
		names := wotr.PolicyNames()
		c.add(path, "%s", unknownChoice("Might policy", name, names, strings.Join(names, ", ")))
	}
}

func (c *checker) toughness(path, name string) {
	if name == "" {
		return
	}
	if t, err := wotr.ParseToughness(name); err != nil || t == wotr.NotHardToKill {
		c.add(path, "%s", unknownChoice("Hard to Kill rule", name, []string{"hard", "very_hard"}, "hard or very_hard, or leave it out"))
	}
}

func (c *checker) wotrFormation(p string, f *WotRFormation) {
	t := wotr.Infantry
	if f.Type != "" {
		var err error
		if t, err = wotr.ParseTroop(f.Type); err != nil {
			names := wotr.TroopNames()
			c.add(p+".type", "%s", unknownChoice("troop type", f.Type, names, strings.Join(names, ", ")))
		}
	}
	pp := p + ".profile"
	if !c.present(pp) {
		c.add(pp, "missing; give the company profile: {F: 3, S: 3, D: 5, A: 8, R: 1, C: 3}")
	} else {
		pr := f.Profile
		c.between(pp+".F", pr.F, 1, 10)
		c.between(pp+".S", pr.S, 1, 10)
		c.between(pp+".D", pr.D, 1, 10)
		c.between(pp+".A", pr.A, 0, 20)
		c.between(pp+".R", pr.R, 1, 10)
		c.between(pp+".C", pr.C, 0, 10)
	}
	c.between(p+".companies", f.Companies, 1, wotr.MaxCompanies)
	c.optional(p+".company_size", f.CompanySize, 1, 100)
	if f.Companies >= 1 && f.Companies <= wotr.MaxCompanies {
		c.optional(p+".frontage", f.Frontage, 1, f.Companies)
		c.optional(p+".contact", f.Contact, 1, wotrFrontage(f))
	}
	c.optional(p+".steadfast_on", f.SteadfastOn, 2, 6)
	c.optional(p+".to_hit_modifier", f.ToHitMod, -3, 3)
	c.optional(p+".support_dice", f.SupportDice, 1, 4)
	c.toughness(p+".hard_to_kill", f.HardToKill)
	if tough, err := wotr.ParseToughness(f.HardToKill); err == nil && tough != wotr.NotHardToKill && t != wotr.Monster {
		c.add(p+".hard_to_kill", "Hard to Kill is a monster's rule; set type: monster, or remove it")
	}
}

func (c *checker) wotrHero(p string, h *WotRHero) {
	pp := p + ".profile"
	if !c.present(pp) {
		c.add(pp, "missing; give the hero's profile: {F: 5, R: 2, C: 4, Might: 2}")
	} else {
		c.between(pp+".F", h.Profile.F, 1, 10)
		c.between(pp+".R", h.Profile.R, 1, 10)
		c.between(pp+".C", h.Profile.C, 0, 10)
		c.optional(pp+".Might", h.Profile.Might, 0, wotr.MaxMight)
	}
	c.toughness(p+".hard_to_kill", h.HardToKill)
	c.policy(p+".might_policy", h.MightPolicy)
}

// wotrActions checks every declared action: its name, its target or
// second charge, no two of a kind (seed 001), no more than the hero's
// Might pays for, and no charge after a Heroic Move (seed 001).
func (c *checker) wotrActions(s *WotRScenario) {
	duelsOnly := s.Fight.Type == "duels"
	for i := range s.Formations {
		f, foe := &s.Formations[i], &s.Formations[1-i]
		for j := range f.Heroes {
			h := &f.Heroes[j]
			hp := fmt.Sprintf("formations[%d].heroes[%d]", i, j)
			seen := map[string]int{}
			for k, a := range h.Actions {
				ap := fmt.Sprintf("%s.actions[%d]", hp, k)
				kind, err := wotr.ParseAction(a.Action)
				if err != nil {
					if a.Action == "" {
						c.add(ap+".action", "missing; use one of %s", strings.Join(wotr.ActionNames(), ", "))
					} else {
						names := wotr.ActionNames()
						c.add(ap+".action", "%s", unknownChoice("action", a.Action, names, "one of "+strings.Join(names, ", ")))
					}
					continue
				}
				if prev, dup := seen[a.Action]; dup {
					c.add(ap+".action", "%s is already declared at actions[%d]; a hero makes at most one action of each kind a turn (seed 001)", a.Action, prev)
				} else {
					seen[a.Action] = k
				}
				if a.Target != "" && !kind.Duel() {
					c.add(ap+".target", "only a duel has a target; remove it from %s", a.Action)
				}
				if a.SecondCharge != "" && kind != wotr.HeroicCombat {
					c.add(ap+".second_charge", "only a heroic_combat has a second charge; remove it from %s", a.Action)
				}
				switch kind {
				case wotr.HeroicDuel, wotr.EpicDuel:
					c.duelTarget(ap, h, f, foe, a)
				case wotr.HeroicCombat:
					if duelsOnly {
						c.add(ap+".action", "a heroic_combat needs the formations to fight; remove it, or set fight.type: fight")
					}
					if a.SecondCharge != "" {
						if _, err := wotr.ParseSecondCharge(a.SecondCharge); err != nil {
							names := wotr.SecondChargeNames()
							c.add(ap+".second_charge", "%s", unknownChoice("second charge", a.SecondCharge, names, strings.Join(names, ", ")))
						}
					}
				case wotr.HeroicCharge:
					if moved(f) {
						c.add(ap+".action", "%s made a heroic_move this turn and may not charge (seed 001)", idText(f.ID))
					}
				}
			}
			if n, m := len(h.Actions), h.Profile.Might; n > m && m >= 0 && c.present(hp+".actions") {
				what := fmt.Sprintf("%d actions", n)
				if n == 1 {
					what = "1 action"
				}
				c.add(hp+".actions", "%s declared with Might %d; each costs 1 Might (seed 001)", what, m)
			}
		}
	}
}

// duelTarget checks a duel's target: an enemy hero, named by his id or by
// his formation's.
func (c *checker) duelTarget(ap string, h *WotRHero, f, foe *WotRFormation, a WotRAction) {
	if len(foe.Heroes) == 0 {
		path := ap + ".target"
		if a.Target == "" {
			path = ap + ".action"
		}
		c.add(path, "%s has no hero to duel; a duel is fought against an enemy hero", idText(foe.ID))
		return
	}
	if a.Target == "" || a.Target == foe.ID {
		return // the enemy formation's first hero
	}
	for _, g := range foe.Heroes {
		if g.ID == a.Target {
			return
		}
	}
	for _, g := range f.Heroes {
		if g.ID == a.Target {
			c.add(ap+".target", "%s is in %s's own formation; a duel is fought against an enemy hero (%s)", idText(a.Target), idText(h.ID), heroList(foe))
			return
		}
	}
	c.add(ap+".target", "no enemy hero has the id %s; name one of %s, or the formation %s", idText(a.Target), heroList(foe), idText(foe.ID))
}

func heroList(f *WotRFormation) string {
	var ids []string
	for _, h := range f.Heroes {
		ids = append(ids, idText(h.ID))
	}
	return strings.Join(ids, ", ")
}

// moved reports whether a hero of f declared a Heroic Move.
func moved(f *WotRFormation) bool {
	for _, h := range f.Heroes {
		for _, a := range h.Actions {
			if a.Action == "heroic_move" {
				return true
			}
		}
	}
	return false
}

func (c *checker) wotrFight(s *WotRScenario) {
	switch s.Fight.Type {
	case "", "fight", "duels":
	default:
		c.add("fight.type", "%s", unknownChoice("fight type", s.Fight.Type, []string{"fight", "duels"}, "fight or duels"))
	}
	ch := s.Fight.Charger
	if ch == "" {
		return
	}
	for i := range s.Formations {
		if s.Formations[i].ID == ch {
			if moved(&s.Formations[i]) {
				c.add("fight.charger", "%s made a heroic_move this turn and may not charge (seed 001)", idText(ch))
			}
			return
		}
	}
	c.add("fight.charger", "no formation has the id %s; name %s or %s, or leave it out", idText(ch), idText(s.Formations[0].ID), idText(s.Formations[1].ID))
}

// wotrFrontage is f's companies in the front rank: as given, else 2, or 1
// for a formation of one company.
func wotrFrontage(f *WotRFormation) int {
	if f.Frontage > 0 {
		return min(f.Frontage, f.Companies)
	}
	return max(1, min(2, f.Companies))
}
