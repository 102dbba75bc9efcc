package scenario

import (
	"slices"

	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// Charge reactions (issue 30, step 7): a unit charged this turn holds,
// stands and shoots or flees, written reaction: on the fight in the
// two-unit form (the charged unit's) or on the unit in an army.

// reactionNames are the reactions a scenario may name.
var reactionNames = warhammer.ReactionNames[:]

// reactionOf is the engine's reaction named r; "" is hold.
func reactionOf(r string) warhammer.Reaction {
	return warhammer.Reaction(max(0, slices.Index(reactionNames, r)))
}

// shootOf is unit u's missile weapon as it stands and shoots: its BS,
// Strength, shots a model and special rules, and its range; none when it
// has no missile weapon.
func shootOf(u *Unit) (warhammer.Attack, int) {
	m := u.Missile
	if m == nil {
		return warhammer.Attack{}, 0
	}
	return warhammer.Attack{Phase: warhammer.Shooting, Skill: u.Profile.BS, S: m.Strength, Count: max(m.Shots, 1),
		Rules: attackRules(m.Rules, m.Rerolls)}, m.Range
}

// reaction checks the reaction r at path p of unit u: a known one, that
// answers a charge (by names the units that charged u, "" for none), and,
// to stand and shoot, with a missile weapon and BS; to flee, with a
// Movement, and a charger with one.
func (c *checker) reaction(p, r string, u *Unit, by string, charger *Unit) {
	switch {
	case r == "" || u == nil:
		return
	case !slices.Contains(reactionNames, r):
		c.Add(p, "%s", scenarios.UnknownChoice("reaction", r, reactionNames, "hold, stand_and_shoot or flee"))
	case r == "hold":
	case by == "":
		c.Add(p, "a reaction answers a charge, and no enemy unit charged %s; remove it, or make an enemy in contact charge", u.ID)
	case r == "stand_and_shoot" && u.Missile == nil:
		c.Add(p, "%s has no missile weapon to stand and shoot with; give it missile: {name: bow, strength: 3}, or reaction: hold", u.ID)
	case r == "stand_and_shoot" && u.Profile.BS == 0:
		c.Add(p, "%s has BS 0 and can never hit when it stands and shoots; give it BS 1 to 10, or reaction: hold", u.ID)
	case r == "flee" && u.Profile.M == 0:
		c.Add(p, "%s has Movement 0 and cannot flee; give it profile.M 1 to 10, or reaction: hold", u.ID)
	case r == "flee" && charger != nil && charger.Profile.M == 0:
		c.Add(p, "%s charged with Movement 0, so its reach cannot be worked out; give it profile.M 1 to 10, or reaction: hold", charger.ID)
	}
}

// twoUnitReaction checks fight.reaction in the two-unit form: the
// charged unit's, the side that is not the charger.
func (c *checker) twoUnitReaction(s *Scenario, ids map[string]int, sides []string) {
	f := &s.Fight
	if !c.Present("fight.reaction") || len(sides) != 2 {
		return
	}
	k := slices.Index(sides, f.Charger)
	switch {
	case !slices.Contains(reactionNames, f.Reaction):
		c.Add("fight.reaction", "%s", scenarios.UnknownChoice("reaction", f.Reaction, reactionNames, "hold, stand_and_shoot or flee"))
		return
	case k < 0 && f.Reaction != "hold":
		c.Add("fight.reaction", "a reaction answers a charge, and no unit charged; name the charger, or remove reaction")
		return
	case k < 0:
		return
	}
	u, ok := ids[sides[1-k]]
	ch, ok2 := ids[sides[k]]
	if ok && ok2 {
		c.reaction("fight.reaction", f.Reaction, &s.Units[u], f.Charger, &s.Units[ch])
	}
}

// armyReactions checks each army-form unit's reaction; a unit charged by
// several units reacts to them all (flee_several_caught,
// stand_and_shoot_target), each with a Movement to reach it by.
func (c *checker) armyReactions(s *Scenario, ids map[string]int, us []fighting) {
	for _, u := range us {
		if u.Reaction == "" {
			continue
		}
		var by string
		var charger *Unit
		for _, e := range us {
			if e.army == u.army || !e.Charged {
				continue
			}
			if slices.ContainsFunc(e.Fights, func(ct Contact) bool { return ct.Unit == u.Unit }) ||
				slices.ContainsFunc(u.Fights, func(ct Contact) bool { return ct.Unit == e.Unit }) {
				by = e.Unit
				if charger == nil || charger.Profile.M > 0 { // of several chargers, one with no Movement to reach it by
					charger = &s.Units[ids[e.Unit]]
				}
			}
		}
		if foe := engagedBy(us, u); foe != "" && by != "" && u.Reaction != "hold" && slices.Contains(reactionNames, u.Reaction) {
			c.Add(u.path+".reaction", "%s already fights %s, which did not charge it, and must hold; reaction: hold", u.Unit, foe)
			continue
		}
		c.reaction(u.path+".reaction", u.Reaction, &s.Units[ids[u.Unit]], by, charger)
	}
}

// engagedBy is an enemy of u in contact with it that did not charge ("":
// none): u was fighting it before the charge, and must hold.
func engagedBy(us []fighting, u fighting) string {
	for _, e := range us {
		if e.army == u.army || e.Charged {
			continue
		}
		if slices.ContainsFunc(e.Fights, func(ct Contact) bool { return ct.Unit == u.Unit }) ||
			slices.ContainsFunc(u.Fights, func(ct Contact) bool { return ct.Unit == e.Unit }) {
			return e.Unit
		}
	}
	return ""
}
