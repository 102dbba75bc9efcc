package scenario

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/scenarios"

	"github.com/wargamesim/sim/game/wotr"
)

// validateWotR checks s, decoded from file with positions pos, and returns
// every problem in file order.
func validateWotR(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	c := &checker{scenarios.Checker{File: file, Pos: pos}}
	c.Header(s.Name, s.Trials)
	if rs, err := wotr.Preset(scenarios.OrDefault(s.Ruleset, wotr.DefaultPreset)); err != nil {
		c.Add("ruleset", "%v", err)
	} else {
		c.Rules(rs, s.Rules, "scenario")
	}
	c.policy("might_policy", s.MightPolicy)

	// Ids name metrics: formations and heroes share one namespace.
	ids := map[string]string{} // id → its path
	claim := func(path, id, what string) {
		switch {
		case !c.Present(path):
			c.Add(path, "missing; give the %s an id such as %q", what, map[string]string{"formation": "orcs", "hero": "captain"}[what])
		case !scenarios.ValidID(id):
			c.Add(path, "%q is not a valid id; use lowercase letters, digits, - and _%s", id, scenarios.SuchAs(id))
		default:
			if other, dup := ids[id]; dup {
				c.Add(path, "%q is already the id of %s; ids of formations and heroes must all differ", id, strings.TrimSuffix(other, ".id"))
			} else {
				ids[id] = path
			}
		}
	}
	if len(s.Formations) != 2 {
		c.Add("formations", "a War of the Ring fight needs exactly two formations, got %d", len(s.Formations))
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
			c.bodyguard(hp+".bodyguard_of", f, &f.Heroes[j])
			heroes++
		}
	}
	if heroes > wotr.MaxHeroes {
		c.Add("formations", "%d heroes; a scenario has at most %d", heroes, wotr.MaxHeroes)
	}
	if len(s.Formations) == 2 {
		c.wotrActions(s)
		c.wotrFight(s)
	}
	return c.Sorted()
}

func (c *checker) policy(path, name string) {
	if name == "" {
		return
	}
	if _, err := wotr.ParsePolicy(name); err != nil {
		names := wotr.PolicyNames()
		c.Add(path, "%s", scenarios.UnknownChoice("Might policy", name, names, strings.Join(names, ", ")))
	}
}

func (c *checker) toughness(path, name string) {
	if name == "" {
		return
	}
	if t, err := wotr.ParseToughness(name); err != nil || t == wotr.NotHardToKill {
		c.Add(path, "%s", scenarios.UnknownChoice("Hard to Kill rule", name, []string{"hard", "very_hard"}, "hard or very_hard, or leave it out"))
	}
}

func (c *checker) wotrFormation(p string, f *Formation) {
	t := wotr.Infantry
	if f.Type != "" {
		var err error
		if t, err = wotr.ParseTroop(f.Type); err != nil {
			names := wotr.TroopNames()
			c.Add(p+".type", "%s", scenarios.UnknownChoice("troop type", f.Type, names, strings.Join(names, ", ")))
		}
	}
	pp := p + ".profile"
	if !c.Present(pp) {
		c.Add(pp, "missing; give the company profile: {F: 3, S: 3, D: 5, A: 8, R: 1, C: 3}")
	} else {
		pr := f.Profile
		c.Between(pp+".F", pr.F, 1, wotr.MaxAttributes)
		c.Between(pp+".S", pr.S, 1, wotr.MaxAttributes)
		c.Between(pp+".D", pr.D, 1, wotr.MaxAttributes)
		c.Between(pp+".A", pr.A, 0, wotr.MaxAttacks)
		c.Between(pp+".R", pr.R, 1, wotr.MaxAttributes)
		c.Between(pp+".C", pr.C, 0, wotr.MaxAttributes)
	}
	c.Between(p+".companies", f.Companies, 1, wotr.MaxCompanies)
	c.Optional(p+".company_size", f.CompanySize, 1, wotr.MaxCompanySize)
	if f.Companies >= 1 && f.Companies <= wotr.MaxCompanies {
		c.Optional(p+".frontage", f.Frontage, 1, f.Companies)
		c.Optional(p+".contact", f.Contact, 1, wotrFrontage(f))
	}
	c.Optional(p+".steadfast_on", f.SteadfastOn, 2, 6)
	c.Optional(p+".to_hit_modifier", f.ToHitMod, -wotr.MaxToHitModifier, wotr.MaxToHitModifier)
	c.Optional(p+".support_dice", f.SupportDice, 1, wotr.MaxSupportDice)
	c.toughness(p+".hard_to_kill", f.HardToKill)
	if tough, err := wotr.ParseToughness(f.HardToKill); err == nil && tough != wotr.NotHardToKill && t != wotr.Monster {
		c.Add(p+".hard_to_kill", "Hard to Kill is a monster's rule; set type: monster, or remove it")
	}
}

func (c *checker) wotrHero(p string, h *Hero) {
	pp := p + ".profile"
	if !c.Present(pp) {
		c.Add(pp, "missing; give the hero's profile: {F: 5, R: 2, C: 4, Might: 2}")
	} else {
		c.Between(pp+".F", h.Profile.F, 1, wotr.MaxAttributes)
		c.Between(pp+".R", h.Profile.R, 1, wotr.MaxAttributes)
		c.Between(pp+".C", h.Profile.C, 0, wotr.MaxAttributes)
		c.Optional(pp+".Might", h.Profile.Might, 0, wotr.MaxMight)
	}
	c.toughness(p+".hard_to_kill", h.HardToKill)
	c.policy(p+".might_policy", h.MightPolicy)
}

// bodyguard checks a hero's bodyguard_of: another hero of his formation.
func (c *checker) bodyguard(p string, f *Formation, h *Hero) {
	if h.BodyguardOf == "" {
		return
	}
	if h.BodyguardOf == h.ID {
		c.Add(p, "%s cannot guard himself; name another hero of %s", scenarios.IDText(h.ID), scenarios.IDText(f.ID))
		return
	}
	for _, g := range f.Heroes {
		if g.ID == h.BodyguardOf {
			return
		}
	}
	var others []string
	for _, g := range f.Heroes {
		if g.ID != h.ID {
			others = append(others, scenarios.IDText(g.ID))
		}
	}
	if len(others) == 0 {
		c.Add(p, "%s has no other hero to guard; a bodyguard fights the duels of a hero of his own formation", scenarios.IDText(f.ID))
		return
	}
	c.Add(p, "no hero of %s has the id %s; a bodyguard guards a hero of his own formation: %s", scenarios.IDText(f.ID), scenarios.IDText(h.BodyguardOf), strings.Join(others, ", "))
}

// wotrActions checks every declared action: its name, its target or
// second charge, no two of a kind (seed 001), no more than the hero's
// Might pays for, and no charge after a Heroic Move (seed 001).
func (c *checker) wotrActions(s *Scenario) {
	duelsOnly := s.Fight.Type == "duels"
	for i := range s.Formations {
		f, foe := &s.Formations[i], &s.Formations[1-i]
		for j := range f.Heroes {
			h := &f.Heroes[j]
			hp := fmt.Sprintf("formations[%d].heroes[%d]", i, j)
			type decl struct {
				at    int
				turns uint16
			}
			seen := map[string]decl{}
			first := 0
			for k, a := range h.Actions {
				ap := fmt.Sprintf("%s.actions[%d]", hp, k)
				turns := c.actionTurns(ap+".turns", a.Turns, int(s.Fight.Turns))
				if turns&1 != 0 {
					first++
				}
				kind, err := wotr.ParseAction(a.Action)
				if err != nil {
					if a.Action == "" {
						c.Add(ap+".action", "missing; use one of %s", strings.Join(wotr.ActionNames(), ", "))
					} else {
						names := wotr.ActionNames()
						c.Add(ap+".action", "%s", scenarios.UnknownChoice("action", a.Action, names, "one of "+strings.Join(names, ", ")))
					}
					continue
				}
				if prev, dup := seen[a.Action]; dup && prev.turns&turns != 0 {
					c.Add(ap+".action", "%s is already declared at actions[%d]%s; a hero makes at most one action of each kind a turn (seed 001)", a.Action, prev.at, sameTurn(s, prev.turns&turns))
				} else {
					seen[a.Action] = decl{k, prev.turns | turns}
				}
				if a.Target != "" && !kind.Duel() {
					c.Add(ap+".target", "only a duel has a target; remove it from %s", a.Action)
				}
				if a.SecondCharge != "" && kind != wotr.HeroicCombat {
					c.Add(ap+".second_charge", "only a heroic_combat has a second charge; remove it from %s", a.Action)
				}
				switch kind {
				case wotr.HeroicDuel, wotr.EpicDuel:
					c.duelTarget(ap, h, f, foe, a)
				case wotr.HeroicCombat:
					if duelsOnly {
						c.Add(ap+".action", "a heroic_combat needs the formations to fight; remove it, or set fight.type: fight")
					}
					if a.SecondCharge != "" {
						if _, err := wotr.ParseSecondCharge(a.SecondCharge); err != nil {
							names := wotr.SecondChargeNames()
							c.Add(ap+".second_charge", "%s", scenarios.UnknownChoice("second charge", a.SecondCharge, names, strings.Join(names, ", ")))
						}
					}
				case wotr.HeroicCharge:
					if moved(f, int(s.Fight.Turns))&turns != 0 {
						c.Add(ap+".action", "%s made a heroic_move this turn and may not charge (seed 001)", scenarios.IDText(f.ID))
					}
				}
			}
			if n, m := first, h.Profile.Might; n > m && m >= 0 && c.Present(hp+".actions") {
				what := fmt.Sprintf("%d actions", n)
				if n == 1 {
					what = "1 action"
				}
				if s.Fight.Turns > 1 {
					what += " in the first turn"
				}
				c.Add(hp+".actions", "%s declared with Might %d; each costs 1 Might (seed 001)", what, m)
			}
		}
	}
}

// duelTarget checks a duel's target: an enemy hero, named by his id or by
// his formation's.
func (c *checker) duelTarget(ap string, h *Hero, f, foe *Formation, a Action) {
	if len(foe.Heroes) == 0 {
		path := ap + ".target"
		if a.Target == "" {
			path = ap + ".action"
		}
		c.Add(path, "%s has no hero to duel; a duel is fought against an enemy hero", scenarios.IDText(foe.ID))
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
			c.Add(ap+".target", "%s is in %s's own formation; a duel is fought against an enemy hero (%s)", scenarios.IDText(a.Target), scenarios.IDText(h.ID), heroList(foe))
			return
		}
	}
	c.Add(ap+".target", "no enemy hero has the id %s; name one of %s, or the formation %s", scenarios.IDText(a.Target), heroList(foe), scenarios.IDText(foe.ID))
}

func heroList(f *Formation) string {
	var ids []string
	for _, h := range f.Heroes {
		ids = append(ids, scenarios.IDText(h.ID))
	}
	return strings.Join(ids, ", ")
}

// moved is the turns a hero of f declares a Heroic Move in, bit k for
// turn k+1, of a fight of n turns.
func moved(f *Formation, n int) uint16 {
	var m uint16
	for _, h := range f.Heroes {
		for _, a := range h.Actions {
			if a.Action == "heroic_move" {
				m |= turnMask(a.Turns, n)
			}
		}
	}
	return m
}

// turnMask is an action's turns, bit k for turn k+1, of a fight of n
// turns: every one when it names none; turns out of range are left out
// (actionTurns reports them).
func turnMask(turns []int, n int) uint16 {
	n = min(max(n, 1), wotr.MaxTurns)
	if len(turns) == 0 {
		return 1<<n - 1
	}
	var m uint16
	for _, k := range turns {
		if k >= 1 && k <= n {
			m |= 1 << (k - 1)
		}
	}
	return m
}

// actionTurns checks an action's turns, at path p, against a fight of n
// turns, and returns them as turnMask does.
func (c *checker) actionTurns(p string, turns []int, n int) uint16 {
	if turns == nil {
		return turnMask(nil, n)
	}
	n = min(max(n, 1), wotr.MaxTurns)
	if len(turns) == 0 && c.Present(p) {
		c.Add(p, "empty; name the turns it is declared in, from 1 to %d, or leave it out for every turn", n)
	}
	var seen uint16
	for i, k := range turns {
		switch {
		case k < 1 || k > n:
			c.Add(fmt.Sprintf("%s[%d]", p, i), "turn %d is not one of the fight's turns, 1 to %d (fight.turns)", k, n)
		case seen>>(k-1)&1 != 0:
			c.Add(fmt.Sprintf("%s[%d]", p, i), "turn %d is named twice", k)
		default:
			seen |= 1 << (k - 1)
		}
	}
	return turnMask(turns, n)
}

// sameTurn names the turns of mask for a message, when the fight has
// several.
func sameTurn(s *Scenario, mask uint16) string {
	if s.Fight.Turns <= 1 {
		return ""
	}
	for k := range wotr.MaxTurns {
		if mask>>k&1 != 0 {
			return fmt.Sprintf(" for turn %d", k+1)
		}
	}
	return ""
}

func (c *checker) wotrFight(s *Scenario) {
	switch s.Fight.Type {
	case "", "fight", "duels":
	default:
		c.Add("fight.type", "%s", scenarios.UnknownChoice("fight type", s.Fight.Type, []string{"fight", "duels"}, "fight or duels"))
	}
	c.Optional("fight.turns", int(s.Fight.Turns), 1, wotr.MaxTurns)
	ch := s.Fight.Charger
	if ch == "" {
		return
	}
	for i := range s.Formations {
		if s.Formations[i].ID == ch {
			if moved(&s.Formations[i], int(s.Fight.Turns))&1 != 0 {
				c.Add("fight.charger", "%s made a heroic_move this turn and may not charge (seed 001)", scenarios.IDText(ch))
			}
			return
		}
	}
	c.Add("fight.charger", "no formation has the id %s; name %s or %s, or leave it out", scenarios.IDText(ch), scenarios.IDText(s.Formations[0].ID), scenarios.IDText(s.Formations[1].ID))
}

// wotrFrontage is f's companies in the front rank: as given, else 2, or 1
// for a formation of one company.
func wotrFrontage(f *Formation) int {
	if f.Frontage > 0 {
		return min(f.Frontage, f.Companies)
	}
	return max(1, min(2, f.Companies))
}

// checker is the shared checker, with the checks of this format.
type checker struct{ scenarios.Checker }
