package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// The checks of a close combat written in the army form (issue 30; the
// table of docs/plans/issue-30-several-units.md §1.4). Each problem is one
// located error that says how to fix it. The checks on the contacts as a
// whole (validate_contacts.go) run only once every id is right, since they
// read the contacts the ids make.

// twoUnitOnly says, for each field of the two-unit form, where an army
// says it instead.
var twoUnitOnly = map[string]string{
	"charger":         "write charged: true on the unit in its army instead",
	"facing":          "write at: flank (or rear) in the charging unit's fights instead",
	"charge_distance": "write charge_distance on the unit in its army that charged instead",
	"reaction":        "write reaction on the charged unit in its army instead",
}

// armies checks a close combat in the army form.
func (c *checker) armies(s *Scenario, ids map[string]int) {
	f := &s.Fight
	before := len(c.Errs)
	if len(f.Sides) != 2 {
		c.Add("fight.sides", "a close combat has two sides, each a unit or an army {id, units: [...]}; got %d", len(f.Sides))
		return // which units are enemies depends on the sides
	}
	for _, name := range []string{"charger", "facing", "charge_distance", "reaction"} {
		if c.Present("fight." + name) {
			c.Add("fight."+name, "%s belongs to the two-unit form sides: [a, b]; %s", name, twoUnitOnly[name])
		}
	}
	c.Optional("fight.max_rounds", f.MaxRounds, 1, 100)
	us := fightingUnits(f)
	for a := range min(2, len(f.Sides)) {
		c.army(f, us, a)
	}
	index := c.unitEntries(s, ids, us)
	c.listedContacts(us, index, len(c.Errs) == before)
	c.bothCharged(us)
	if len(c.Errs) > before {
		return
	}
	touch := contactsOf(us, index)
	c.contacts(s, us, touch)
	if len(c.Errs) > before {
		return
	}
	c.highGround(f, us)
	c.armyReactions(s, ids, us)
	c.armyStrikeAt(s, ids, us, touch)
}

// army checks side a of an army-form fight: one unit or an army of 1 to
// MaxPerArmy units, and the army's id.
func (c *checker) army(f *Fight, us []fighting, a int) {
	p := fmt.Sprintf("fight.sides[%d]", a)
	s := &f.Sides[a]
	switch {
	case s.Units == nil && s.Unit == "" && s.ID == "" && s.Name == "":
		return // an empty entry, reported by unitEntries as a missing id
	case s.Units == nil && s.Unit == "":
		c.Add(p+".units", "missing; list the army's units by id, as units: [halberdiers, knights]")
		return
	case s.Units == nil:
		for _, name := range []string{"id", "name"} {
			if c.Present(p + "." + name) {
				c.Add(p+"."+name, "%s belongs to an army; write units: [%s] to make one of this side, or remove %s", name, s.Unit, name)
			}
		}
		return
	case c.Present(p + ".unit"):
		c.Add(p+".unit", "a side is one unit or an army; give unit or units, not both")
	}
	n := len(armyMembers(us, a))
	switch {
	case s.Units == nil:
	case n == 0:
		c.Add(p+".units", "an army has 1 to %d units (lone characters count); got 0: list its units by id", warhammer.MaxPerArmy)
	case n > warhammer.MaxPerArmy:
		c.Add(p+".units", "an army has 1 to %d units (lone characters count); got %d: fight the rest in another scenario", warhammer.MaxPerArmy, n)
	}
	c.armyID(f, us, a, n)
}

// armyID checks the id of army a, of n units: given when it has 2 or
// more, a valid id, and neither the other army's nor one of its units'.
func (c *checker) armyID(f *Fight, us []fighting, a, n int) {
	p := fmt.Sprintf("fight.sides[%d].id", a)
	id := f.Sides[a].ID
	switch {
	case id == "" && n >= 2:
		c.Add(p, "an army of %d units needs an id, the name its results go by (as in empire.wins); add one, such as id: empire", n)
	case id == "":
	case !scenarios.ValidID(id):
		c.Add(p, "%q is not a valid id; use lowercase letters, digits, - and _%s", id, scenarios.SuchAs(id))
	case a == 1 && len(f.Sides) > 1 && armyID(f, us, 0) == id:
		c.Add(p, "%q is the other army's id too; give each army its own", id)
	case slices.ContainsFunc(us, func(u fighting) bool { return u.army != a && u.Unit == id }):
		c.Add(p, "%q is a unit of the other army; give this army another id", id)
	}
}

// unitEntries checks that each unit of the fight names a unit, once, and
// its charge; it returns the index in us of each unit named rightly, by
// id.
func (c *checker) unitEntries(s *Scenario, ids map[string]int, us []fighting) map[string]int {
	index := map[string]int{}
	for k, u := range us {
		if c.unitRef(s, ids, c.idAt(u.path), u.Unit) == nil {
			continue
		}
		if j, dup := index[u.Unit]; dup {
			c.Add(u.path, "%q is already listed at %s; a unit fights once, on one side", u.Unit, us[j].path)
			continue
		}
		index[u.Unit] = k
		c.Optional(u.path+".charge_distance", u.ChargeDistance, 0, 30)
		if u.ChargeDistance > 0 && !u.Charged {
			c.Add(u.path+".charge_distance", "charge_distance is how far the unit charged; add charged: true, or remove charge_distance")
		}
	}
	return index
}

// idAt is the path at which an error about the id of the entry at p is
// reported: the entry itself when it is written as one id, so that
// sides: [knights, orcs] is reported at fight.sides[1] as it was before
// the army form, else its unit field.
func (c *checker) idAt(p string) string {
	if c.Present(p+".unit") && c.Pos[p] != c.Pos[p+".unit"] {
		return p + ".unit"
	}
	return p
}

// listedContacts checks each contact a unit lists: an enemy unit of the
// fight, once, at a face, with a number of models. Unless the sides and
// their units were found right (complete), an id that is not one of the
// fight's is left alone: it likely names a unit misspelt or missing
// there, already reported.
func (c *checker) listedContacts(us []fighting, index map[string]int, complete bool) {
	for k, u := range us {
		enemies := enemyList(us, index, u.army)
		seen := map[string]bool{}
		for j, ct := range u.Fights {
			fp := fmt.Sprintf("%s.fights[%d]", u.path, j)
			e, ok := index[ct.Unit]
			switch {
			case ct.Unit == "":
				c.Add(fp+".unit", "missing; name the enemy unit it touches (%s)", enemies)
			case !ok && !complete:
			case !ok:
				c.Add(fp+".unit", "no unit of the fight has the id %q; the enemy units are %s", ct.Unit, enemies)
			case e == k:
				c.Add(fp+".unit", "a unit cannot fight itself; name an enemy unit (%s)", enemies)
			case us[e].army == u.army:
				c.Add(fp+".unit", "%q is on %s own side; name an enemy unit (%s)", ct.Unit, possessive(scenarios.IDText(u.Unit)), enemies)
			case seen[ct.Unit]:
				c.Add(fp, "%s lists %s twice; give each enemy once", scenarios.IDText(u.Unit), ct.Unit)
			}
			seen[ct.Unit] = true
			if ct.At != "" && !slices.Contains(facings, ct.At) {
				c.Add(fp+".at", "%s", scenarios.UnknownChoice("facing", ct.At, facings, "front, flank or rear"))
			}
			c.Optional(fp+".models", ct.Models, 1, warhammer.MaxModels)
		}
	}
}

// enemyList is the ids of the units of the army that is not a, for
// messages.
func enemyList(us []fighting, index map[string]int, a int) string {
	var ids []string
	for id, k := range index {
		if us[k].army != a {
			ids = append(ids, scenarios.IDText(id))
		}
	}
	if len(ids) == 0 {
		return "none yet"
	}
	slices.Sort(ids)
	return strings.Join(ids, ", ")
}

// bothCharged reports units of both armies that charged: only the army
// whose turn it is charges.
func (c *checker) bothCharged(us []fighting) {
	first := [2]int{-1, -1}
	for k, u := range us {
		if u.Charged && first[u.army] < 0 {
			first[u.army] = k
		}
	}
	if first[0] >= 0 && first[1] >= 0 {
		c.Add(us[first[1]].path+".charged", "units of both armies charged; only the army whose turn it is charges")
	}
}

// highGround checks that high_ground names an army, by its id or one of
// its units'.
func (c *checker) highGround(f *Fight, us []fighting) {
	id := f.HighGround
	if id == "" || id == "none" || armyOf(f, us, id) >= 0 {
		return
	}
	names := map[string]int{}
	for a := range 2 {
		names[armyID(f, us, a)] = a
	}
	for _, u := range us {
		names[u.Unit] = u.army
	}
	delete(names, "")
	c.Add("fight.high_ground", "%s is not one of the armies or their units (%s); name one, or leave high_ground out", scenarios.IDText(id), scenarios.IDList(names))
}

// armyStrikeAt checks that the strike_at fields of each unit name a model
// of an enemy unit it touches.
func (c *checker) armyStrikeAt(s *Scenario, ids map[string]int, us []fighting, touch [][]touching) {
	for k, u := range us {
		i := ids[u.Unit]
		var foes []*Unit
		for _, t := range touch[k] {
			foes = append(foes, &s.Units[ids[us[t.enemy].Unit]])
		}
		p := fmt.Sprintf("units[%d]", i)
		if len(foes) == 1 {
			c.strikeAt(p, &s.Units[i], foes[0])
			continue
		}
		check := func(path, id string) {
			if id != "" && !slices.ContainsFunc(foes, func(f *Unit) bool { return hasModel(f, id) }) {
				c.Add(path, "%s is not a character of an enemy unit it touches; name one, or leave strike_at out for the rank and file", scenarios.IDText(id))
			}
		}
		check(p+".strike_at", s.Units[i].StrikeAt)
		for j := range s.Units[i].Characters {
			check(fmt.Sprintf("%s.characters[%d].strike_at", p, j), s.Units[i].Characters[j].StrikeAt)
		}
	}
}

// engineRefusal reports, at fight.sides, what the engine refuses of an
// army-form close combat that passes every check of the format, under
// rules (nil: the scenario's own); and, at fight.reaction or
// fight.charger, what it refuses of a charge between two units (a Terror
// test with no Movement to flee by). The engine takes fights of several
// units step by step (issue 30), and says itself what it cannot fight
// yet; asking it here turns that into one located error and exit status
// 2, where a refusal in build would read as an internal error.
func engineRefusal(file string, s *Scenario, pos scenarios.Positions, rules *options.Rules[warhammer.Ruleset]) scenarios.ErrorList {
	f := &s.Fight
	at := "fight.sides"
	switch {
	case f.Type != "close_combat":
		return nil
	case !armyForm(f) && f.Charger == "":
		return nil // a fight of two units with no charge: nothing the format has not checked
	case !armyForm(f):
		// A charge in a fight of two units: the reactions and the Terror
		// test of the charge read the units' Movement (reaction.go).
		at = "fight.charger"
		if c := (scenarios.Checker{Pos: pos}); c.Present("fight.reaction") {
			at = "fight.reaction"
		}
	}
	rs, err := rulesFor(s, rules)
	if err != nil {
		return nil // validation has reported the rules
	}
	if _, err := warhammer.NewFight(&rs.Values, closeCombat(*f, unitsByID(s))); err != nil {
		c := &checker{scenarios.Checker{File: file, Pos: pos}}
		c.Add(at, "%s", strings.ReplaceAll(err.Error(), "\n", "; "))
		return c.Errs
	}
	return nil
}
