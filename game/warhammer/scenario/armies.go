package scenario

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// A close combat's sides are two units, sides: [knights, trolls] (the
// two-unit form, which builds exactly as it always has), or two armies of
// 1 to 4 units each (the army form, issue 30; docs/plans/
// issue-30-several-units.md §1). This file reads either into one list of
// the fight's units, which validation (validate_armies.go) and build share.

// armyForm reports whether f writes a side as an army, {id, name, units},
// rather than as one unit; {unit: trolls} is the two-unit form still.
func armyForm(f *Fight) bool {
	for _, s := range f.Sides {
		if s.Units != nil || s.ID != "" || s.Name != "" {
			return true
		}
	}
	return false
}

// fighting is one unit of a close combat, as its side lists it.
type fighting struct {
	SideUnit        // as written; a side of one unit is {Unit: its id}
	army     int    // 0 or 1
	path     string // its entry: fight.sides[0], or fight.sides[0].units[1]
}

// fightingUnits lists the units of f's first two sides in the engine's
// order: the first army's, then the second's, each as written. An army
// that lists no units has none here.
func fightingUnits(f *Fight) []fighting {
	var us []fighting
	for a, s := range f.Sides[:min(2, len(f.Sides))] {
		p := fmt.Sprintf("fight.sides[%d]", a)
		if s.Units == nil {
			if s.Unit != "" || s.ID == "" && s.Name == "" {
				us = append(us, fighting{SideUnit{Unit: s.Unit}, a, p})
			}
			continue
		}
		for j, u := range s.Units {
			us = append(us, fighting{u, a, fmt.Sprintf("%s.units[%d]", p, j)})
		}
	}
	return us
}

// armyID is the id army a goes by: its own, or, for an army of one unit
// that gives none, that unit's (as the engine's Army.ID).
func armyID(f *Fight, us []fighting, a int) string {
	if id := f.Sides[a].ID; id != "" {
		return id
	}
	if m := armyMembers(us, a); len(m) == 1 {
		return us[m[0]].Unit
	}
	return ""
}

// armyMembers lists army a's units, by index in us.
func armyMembers(us []fighting, a int) []int {
	var m []int
	for i := range us {
		if us[i].army == a {
			m = append(m, i)
		}
	}
	return m
}

// armyCombat is a valid army-form close combat as the engine takes it:
// Units in the order of fightingUnits, each with its listed contacts (the
// engine completes those of a unit that lists none), and the armies.
func armyCombat(f Fight, byID map[string]*Unit) warhammer.Combat {
	cc := warhammer.Combat{Charger: -1, HighGround: -1, MaxRounds: 10}
	us := fightingUnits(&f)
	index := map[string]int{}
	for i := range us {
		index[us[i].Unit] = i
	}
	for _, e := range us {
		u := byID[e.Unit]
		eng := warhammer.Engaged{Fighter: fighter(u), Army: e.army, Charged: e.Charged, ChargeDistance: e.ChargeDistance}
		if eng.Reaction = reactionOf(e.Reaction); eng.Reaction == warhammer.StandAndShoot {
			eng.Shoot, eng.ShootRange = shootOf(u)
		}
		for _, ct := range e.Fights {
			m := ct.Models
			if m == 0 {
				m = contact(u) // validated: its only contact
			}
			eng.Contacts = append(eng.Contacts, warhammer.Contact{Enemy: index[ct.Unit], At: facing(ct.At), Models: m})
			if len(us) == 2 && m != contact(u) {
				eng.Contact = m // a fight of two units: the models in contact are its contact
			}
		}
		cc.Units = append(cc.Units, eng)
	}
	for a := range cc.Armies {
		cc.Armies[a] = warhammer.Army{ID: f.Sides[a].ID, Name: f.Sides[a].Name}
	}
	if f.HighGround != "" {
		cc.HighGround = armyOf(&f, us, f.HighGround)
	}
	if f.MaxRounds > 0 {
		cc.MaxRounds = f.MaxRounds
	}
	return cc
}

// facing is the Facing a contact's at names; front when it names none.
func facing(at string) warhammer.Facing {
	for i, name := range facings {
		if name == at {
			return warhammer.Facing(i)
		}
	}
	return warhammer.Front
}

// armyOf is the army that id names, as an army's id or one of its units';
// -1 for none.
func armyOf(f *Fight, us []fighting, id string) int {
	for a := range min(2, len(f.Sides)) {
		if armyID(f, us, a) == id {
			return a
		}
	}
	for _, u := range us {
		if u.Unit == id {
			return u.army
		}
	}
	return -1
}

// armyNames gives each named army its name, by its id (plan §4): its
// results (empire.wins) read "The Empire win".
func armyNames(f *Fight, names map[string]string) {
	us := fightingUnits(f)
	for a := range min(2, len(f.Sides)) {
		if n := f.Sides[a].Name; n != "" {
			names[armyID(f, us, a)] = n
		}
	}
}

// costSides gives each priced unit of an army of several units its
// army's id, so that the results per 100 points pair only foes.
func costSides(f *Fight, costs map[string]scenarios.Cost) {
	us := fightingUnits(f)
	for a := range min(2, len(f.Sides)) {
		m := armyMembers(us, a)
		if len(m) < 2 {
			continue
		}
		for _, i := range m {
			if c, ok := costs[us[i].Unit]; ok {
				c.Side = armyID(f, us, a)
				costs[us[i].Unit] = c
			}
		}
	}
}

// armyRoles is the part each army and unit plays (plan §4): the armies
// are first and second, and an army's units first_1, first_2... in its
// order, so that compare --by-role lines up two fights' units whatever
// their ids. The unit of an army of one unit plays its army's role, first,
// as in a fight of two, whether or not the army has an id of its own. An
// army of several units whose id is one of its units' keeps its role
// for its own results, by their whole names (empire.wins is first.wins
// while empire.casualties is first_1.casualties: scenarios.Plan.Roles).
func armyRoles(f *Fight) map[string]string {
	us := fightingUnits(f)
	roles := map[string]string{}
	for a, role := range []string{"first", "second"} {
		id, m := armyID(f, us, a), armyMembers(us, a)
		for k, i := range m {
			roles[us[i].Unit] = role
			if len(m) > 1 {
				roles[us[i].Unit] = fmt.Sprintf("%s_%d", role, k+1)
			}
		}
		if _, shared := roles[id]; shared && len(m) > 1 {
			for _, r := range armyResults {
				roles[id+"."+r] = role
			}
			continue
		}
		roles[id] = role
	}
	return roles
}

// armyResults are what an army scores, beside its units' results
// (plan §4): its wins, its wins on combat result, its combat result.
var armyResults = []string{"wins", "wins_on_result", "combat_result"}

// armyTitle names army a for the first line of a report: a unit as the
// two-unit form names it, or the army's name and its units' ids.
func armyTitle(f *Fight, byID map[string]*Unit, a int) string {
	us := fightingUnits(f)
	m := armyMembers(us, a)
	s := f.Sides[a]
	if len(m) == 1 && s.Name == "" && (s.ID == "" || s.ID == us[m[0]].Unit) {
		// an army of one unit, by its unit's id or none: the unit's name
		return unitName(byID[us[m[0]].Unit])
	}
	var ids []string
	for _, i := range m {
		ids = append(ids, us[i].Unit)
	}
	return fmt.Sprintf("%s (%s)", scenarios.OrDefault(s.Name, armyID(f, us, a)), strings.Join(ids, ", "))
}
