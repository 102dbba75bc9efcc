package scenario

import (
	"fmt"
	"slices"

	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// fight checks the fight block: its type, and the fields of that type.
func (c *checker) fight(s *Scenario, ids map[string]int) {
	f := &s.Fight
	if !c.Present("fight") {
		c.Add("fight", "missing; say what happens, e.g. fight: {type: close_combat, sides: [knights, trolls], charger: knights}")
		return
	}
	volleyFields := []string{"attacker", "target", "phase", "attacks", "to_hit_modifier", "strength", "round", "charged", "auto_hit", "auto_wound"}
	combatFields := []string{"sides", "charger", "facing", "high_ground", "max_rounds", "charge_distance", "reaction"}
	misplaced := func(fields []string, belong string) {
		for _, name := range fields {
			if c.Present("fight." + name) {
				c.Add("fight."+name, "%s belongs to a %s fight; remove it, or set type: %s", name, belong, belong)
			}
		}
	}
	switch f.Type {
	case "", "volley":
		misplaced(combatFields, "close_combat")
		c.volley(s, ids)
	case "close_combat":
		misplaced(volleyFields, "volley")
		c.closeCombat(s, ids)
	default:
		c.Add("fight.type", "%s", scenarios.UnknownChoice("fight type", f.Type, []string{"volley", "close_combat"}, "volley or close_combat"))
	}
}

// unitRef checks that field names a unit, and returns it.
func (c *checker) unitRef(s *Scenario, ids map[string]int, path, id string) *Unit {
	if id == "" {
		c.Add(path, "missing; name one of the units by its id (%s)", scenarios.IDList(ids))
		return nil
	}
	i, ok := ids[id]
	if !ok {
		c.Add(path, "no unit has the id %q; the units are %s", id, scenarios.IDList(ids))
		return nil
	}
	return &s.Units[i]
}

func (c *checker) volley(s *Scenario, ids map[string]int) {
	f := &s.Fight
	att := c.unitRef(s, ids, "fight.attacker", f.Attacker)
	tgt := c.unitRef(s, ids, "fight.target", f.Target)
	for i := range s.Units {
		c.closeCombatOnly(fmt.Sprintf("units[%d]", i))
	}
	if att != nil && att == tgt {
		c.Add("fight.target", "a unit cannot attack itself; name a different unit")
	}
	switch f.Phase {
	case "shooting":
		if att != nil && att.Missile == nil {
			c.Add("fight.phase", "%s has no missile weapon to shoot with; give it missile: {name: bow, strength: 3}", scenarios.IDText(f.Attacker))
		}
		if bs := fmt.Sprintf("units[%d].profile.BS", ids[f.Attacker]); att != nil && !f.AutoHit &&
			c.Present(bs) && att.Profile.BS == 0 {
			c.Add(bs, "%s shoots in the fight but has BS 0, which can never hit; give it BS 1 to 10, or set fight.auto_hit: true", scenarios.IDText(f.Attacker))
		}
		for _, name := range []string{"round", "charged"} {
			if c.Present("fight." + name) {
				c.Add("fight."+name, "%s applies to close combat; remove it for shooting", name)
			}
		}
	case "close_combat":
	case "":
		c.Add("fight.phase", "missing; use shooting or close_combat")
	default:
		c.Add("fight.phase", "%s", scenarios.UnknownChoice("phase", f.Phase, []string{"shooting", "close_combat"}, "shooting or close_combat"))
	}
	if f.Attacks != nil {
		c.Optional("fight.attacks", *f.Attacks, 0, 100000)
	}
	c.Optional("fight.to_hit_modifier", f.ToHitModifier, -6, 6)
	c.Optional("fight.strength", f.Strength, 1, warhammer.MaxCharacteristic)
	c.Optional("fight.round", f.Round, 1, 100)
}

// closeCombat checks a close combat: in the two-unit form, sides: [a, b]
// with the fight's charger, facing and charge_distance, here; in the army
// form, in validate_armies.go.
func (c *checker) closeCombat(s *Scenario, ids map[string]int) {
	f := &s.Fight
	if armyForm(f) {
		c.armies(s, ids)
		return
	}
	if len(f.Sides) != 2 {
		c.Add("fight.sides", "a close combat has two sides; give sides: [one_unit, another_unit] (got %d)", len(f.Sides))
	}
	sides := make([]string, len(f.Sides))
	for i := range f.Sides {
		sides[i] = f.Sides[i].Unit
		c.unitRef(s, ids, c.idAt(fmt.Sprintf("fight.sides[%d]", i)), sides[i])
	}
	if len(sides) == 2 && sides[0] == sides[1] && sides[0] != "" {
		c.Add(c.idAt("fight.sides[1]"), "a unit cannot fight itself; name two different units")
	}
	side := func(field, id string) {
		if id != "" && id != "none" && !slices.Contains(sides, id) {
			c.Add("fight."+field, "%s is not one of the sides (%s); name a side, or leave %s out", scenarios.IDText(id), scenarios.IDList(sideIDs(sides)), field)
		}
	}
	side("charger", f.Charger)
	side("high_ground", f.HighGround)
	switch {
	case f.Facing == "" || f.Facing == "front":
	case !slices.Contains(facings, f.Facing):
		c.Add("fight.facing", "%s", scenarios.UnknownChoice("facing", f.Facing, facings, "front, flank or rear"))
	case f.Charger == "" || f.Charger == "none":
		c.Add("fight.facing", "facing says where the charger struck; name the charger, or remove facing")
	}
	c.Optional("fight.max_rounds", f.MaxRounds, 1, 100)
	c.Optional("fight.charge_distance", f.ChargeDistance, 0, 30)
	if f.ChargeDistance > 0 && (f.Charger == "" || f.Charger == "none") {
		c.Add("fight.charge_distance", "charge_distance is how far the charger moved; name the charger, or remove charge_distance")
	}
	c.twoUnitReaction(s, ids, sides)
	if len(sides) == 2 {
		i, ok0 := ids[sides[0]]
		j, ok1 := ids[sides[1]]
		if ok0 && ok1 && i != j {
			c.strikeAt(fmt.Sprintf("units[%d]", i), &s.Units[i], &s.Units[j])
			c.strikeAt(fmt.Sprintf("units[%d]", j), &s.Units[j], &s.Units[i])
		}

	}
}

func sideIDs(sides []string) map[string]int {
	m := map[string]int{}
	for i, id := range sides {
		m[id] = i
	}
	return m
}
