package warhammer

import (
	"errors"
	"fmt"
	"slices"
)

// A fight's units and armies (issue 30; docs/plans/issue-30-several-units.md
// §2). A fight of two units is the case of one general model in which each
// army has one unit: Combat.Units lists the units, each with its army and
// the enemy units it touches. The engine reads a fight by unit, and in a
// fight of two, unit i is army i. NewFight takes two units, one an army,
// or two armies of 1 to MaxPerArmy units (checkSeveral: 6th and 7th
// editions, no characters or challenges yet).

// MaxPerArmy and MaxUnits bound the units of a fight: of an army (lone
// characters will count), and in all.
const (
	MaxPerArmy = 4
	MaxUnits   = 2 * MaxPerArmy
)

// Army is one of a fight's two armies.
type Army struct {
	// ID names the army's results (<ID>.wins, <ID>.combat_result); an
	// army of one unit may take its unit's ID, and does when it is "".
	ID   string
	Name string // for people; "" for the ID
}

// Engaged is a unit in a fight: its fighter, its army, and the enemy
// units it is in base contact with.
type Engaged struct {
	Fighter
	Army    int  // 0 or 1
	Charged bool // it charged this turn
	// ChargeDistance is the whole inches it charged (0 to 30), for
	// charge_initiative; 0 when it did not charge.
	ChargeDistance int
	// Contacts are the enemy units it touches. A unit that lists none
	// gets, from normalised, the contact of the only enemy that lists it:
	// that enemy's front, with its own Contact.
	Contacts []Contact
	// Reaction is how it answers a charge (reaction.go): Hold for a unit
	// no enemy charged.
	Reaction Reaction
	// Shoot is its missile weapon as it stands and shoots: Skill its BS, S,
	// Count the shots of one model, Rules; ShootRange the weapon's range in inches (0:
	// not given, never at long range).
	Shoot      Attack
	ShootRange int
}

// Contact is a unit's base contact with an enemy unit.
type Contact struct {
	Enemy  int    // the enemy's index in Combat.Units
	At     Facing // the face of the enemy it touches
	Models int    // its models in base contact with the enemy
}

// facings name the faces of a unit, by Facing.
var facings = [...]string{"front", "flank", "rear"}

// normalised returns cc with both of its forms filled in, each from the
// other: the units and armies (Units, Armies) from the two-unit form
// (Sides, Charger, Facing, ChargeDistance), or, when Units is given, the
// two-unit form from its two units. Its Units and their Contacts are its
// own, not the caller's. A fight of two reads the same whichever way it
// was written. Units it cannot read as a fight of two are left for
// checkUnits to refuse.
func (cc Combat) normalised() Combat {
	if len(cc.Units) == 0 {
		cc.Units = make([]Engaged, 2)
		for i := range cc.Units {
			u := &cc.Units[i]
			u.Fighter, u.Army, u.Charged = cc.Sides[i], i, cc.Charger == i
			at := Front
			if u.Charged {
				u.ChargeDistance, at = cc.ChargeDistance, cc.Facing
			}
			u.Contacts = []Contact{{Enemy: 1 - i, At: at, Models: u.contact()}}
			if cc.Charger == 1-i {
				u.Reaction, u.Shoot, u.ShootRange = cc.Reaction, cc.Shoot, cc.ShootRange
			}
		}
	} else {
		cc.Units = slices.Clone(cc.Units)
		for i := range cc.Units {
			cc.Units[i].Contacts = slices.Clone(cc.Units[i].Contacts)
		}
		cc.completeContacts()
		cc.twoUnitForm()
	}
	for a := range cc.Armies {
		if cc.Armies[a].ID == "" {
			if u := cc.armyUnits(a); len(u) == 1 {
				cc.Armies[a].ID = cc.Units[u[0]].ID
			}
		}
	}
	return cc
}

// completeContacts gives a unit that lists no contact a contact with the
// only unit that lists it: that unit's front, touched with its own
// Contact.
func (cc *Combat) completeContacts() {
	for i := range cc.Units {
		u := &cc.Units[i]
		if len(u.Contacts) > 0 {
			continue
		}
		var by []int
		for j := range cc.Units {
			if slices.ContainsFunc(cc.Units[j].Contacts, func(c Contact) bool { return c.Enemy == i }) {
				by = append(by, j)
			}
		}
		if len(by) == 1 {
			u.Contacts = []Contact{{Enemy: by[0], At: Front, Models: u.contact()}}
		}
	}
}

// twoUnitForm fills Sides, Charger, Facing and ChargeDistance from Units
// where they are two units, one an army; check refuses any other.
func (cc *Combat) twoUnitForm() {
	if len(cc.Units) != 2 {
		return
	}
	cc.Charger, cc.Facing, cc.ChargeDistance = -1, Front, 0
	cc.Reaction, cc.Shoot, cc.ShootRange = Hold, Attack{}, 0
	for i := range cc.Units {
		u := &cc.Units[i]
		cc.Sides[i] = u.Fighter
		if u.Reaction != Hold {
			cc.Reaction, cc.Shoot, cc.ShootRange = u.Reaction, u.Shoot, u.ShootRange
		}
		if u.Charged {
			cc.Charger, cc.ChargeDistance = i, u.ChargeDistance
			if len(u.Contacts) > 0 {
				cc.Facing = u.Contacts[0].At
			}
		}
	}
}

// flanked reports whether an enemy touches unit i's flank or rear.
func (cc *Combat) flanked(i int) bool {
	for j := range cc.Units {
		for _, c := range cc.Units[j].Contacts {
			if c.Enemy == i && c.At != Front {
				return true
			}
		}
	}
	return false
}

// touches returns the face of unit i that unit e touches, and whether e
// touches i at all.
func (cc *Combat) touches(e, i int) (Facing, bool) {
	for _, c := range cc.Units[e].Contacts {
		if c.Enemy == i {
			return c.At, true
		}
	}
	return Front, false
}

// armyUnits lists the units of army a, by index in Units.
func (cc *Combat) armyUnits(a int) []int {
	var us []int
	for i := range cc.Units {
		if cc.Units[i].Army == a {
			us = append(us, i)
		}
	}
	return us
}

// checkUnits reports what of a normalised cc's units and armies the engine
// cannot fight: anything but two units, one an army, each touching the
// other with its Contact, the one that did not charge at its front. Fights
// of several units are issue 30's later steps.
func (cc *Combat) checkUnits() error {
	if len(cc.Units) != 2 {
		return fmt.Errorf("%d units fight; a fight of several units is two armies of 1 to %d units each", len(cc.Units), MaxPerArmy)
	}
	var errs []error
	for i := range cc.Units {
		u := &cc.Units[i]
		if u.Army != i {
			errs = append(errs, fmt.Errorf("%s: army %d; in a fight of two units, the first is army 0 and the second army 1", u.ID, u.Army))
		}
		if len(u.Contacts) != 1 || u.Contacts[0].Enemy != 1-i {
			errs = append(errs, fmt.Errorf("%s: contacts %v; in a fight of two units, each touches the other once", u.ID, u.Contacts))
			continue
		}
		c := u.Contacts[0]
		if c.At > Rear {
			errs = append(errs, fmt.Errorf("%s: facing %d is not front, flank or rear", u.ID, c.At))
			continue
		}
		if c.Models != u.contact() {
			errs = append(errs, fmt.Errorf("%s: %d models in contact; in a fight of two units, its Contact (%d) touch", u.ID, c.Models, u.contact()))
		}
		if !u.Charged && c.At != Front {
			errs = append(errs, fmt.Errorf("%s touches %s's %s without charging; in a fight of two units, only the charger strikes a flank or the rear", u.ID, cc.Units[1-i].ID, facings[c.At]))
		}
		if !u.Charged && u.ChargeDistance != 0 {
			errs = append(errs, fmt.Errorf("%s: charge distance %d, but it did not charge", u.ID, u.ChargeDistance))
		}
	}
	if cc.Units[0].Charged && cc.Units[1].Charged {
		errs = append(errs, fmt.Errorf("both %s and %s charged; only one army charges in a turn", cc.Units[0].ID, cc.Units[1].ID))
	}
	if a := cc.Armies; cc.Units[0].ID != cc.Units[1].ID && (a[0].ID == a[1].ID || a[0].ID == cc.Units[1].ID || a[1].ID == cc.Units[0].ID) {
		errs = append(errs, fmt.Errorf("armies %q and %q: an army's ID is its own, no enemy unit's nor the other army's", a[0].ID, a[1].ID))
	}
	return errors.Join(errs...)
}
