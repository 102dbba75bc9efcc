package warhammer

import (
	"errors"
	"fmt"
)

// What a fight of several units may hold, and what it may not yet: its
// characters and challenges are step 6's (melee_chars.go), its charge
// reactions step 7's (reaction.go), its exact solutions and round tables
// step 8's (exactseveral.go); docs/plans/issue-30-several-units.md §7.

// checkSeveral reports what of a normalised cc, a fight of more than two
// units, the engine cannot fight under rs: its armies, contacts and
// charges must make one combat, and it must need none of the rules not
// simulated yet in a fight of several units.
func (cc *Combat) checkSeveral(rs *Ruleset) error {
	errs := []error{cc.checkArmies(), cc.checkContacts(), notYetSeveral(rs)}
	for i := range cc.Units {
		u := &cc.Units[i]
		errs = append(errs, u.check(), cc.checkUnitCharacters(i))
	}
	if cc.HighGround < -1 || cc.HighGround > 1 {
		errs = append(errs, fmt.Errorf("high ground %d is not an army: -1, 0 or 1", cc.HighGround))
	}
	if cc.MaxRounds < 1 || cc.MaxRounds > 1000 {
		errs = append(errs, fmt.Errorf("max rounds %d is outside 1..1000", cc.MaxRounds))
	}
	return errors.Join(errs...)
}

// notYetSeveral names the rules of rs that a fight of several units does
// not simulate yet: left_without_foes join_remaining, whose code is to
// come.
func notYetSeveral(rs *Ruleset) error {
	if rs.LeftWithoutFoes != LeaveCombat {
		return errors.New("a fight of several units does not simulate left_without_foes join_remaining yet; set left_without_foes leave")
	}
	return nil
}

// checkArmies checks the units' armies and ids: two armies of 1 to
// MaxPerArmy units, every unit's id its own, an army of several units
// with an id of its own.
func (cc *Combat) checkArmies() error {
	var errs []error
	ids := map[string]bool{}
	var n [2]int
	for i := range cc.Units {
		u := &cc.Units[i]
		if u.Army != 0 && u.Army != 1 {
			errs = append(errs, fmt.Errorf("%s: army %d; a fight has armies 0 and 1", u.ID, u.Army))
			continue
		}
		n[u.Army]++
		if ids[u.ID] {
			errs = append(errs, fmt.Errorf("%s: a unit fights once; give each unit its own id", u.ID))
		}
		ids[u.ID] = true
	}
	for a := range n {
		if n[a] < 1 || n[a] > MaxPerArmy {
			errs = append(errs, fmt.Errorf("army %d has %d units; an army has 1 to %d", a, n[a], MaxPerArmy))
		}
		if id := cc.Armies[a].ID; id == "" || id == cc.Armies[1-a].ID || ids[id] && !cc.armyHas(a, id) {
			errs = append(errs, fmt.Errorf("army %d: id %q; an army of several units needs an id of its own, no enemy unit's nor the other army's", a, id))
		}
	}
	return errors.Join(errs...)
}

// armyHas reports whether army a has a unit of the id id.
func (cc *Combat) armyHas(a int, id string) bool {
	for i := range cc.Units {
		if cc.Units[i].Army == a && cc.Units[i].ID == id {
			return true
		}
	}
	return false
}

// checkContacts checks each unit's contacts: with units of the other
// army, each once, with 1 to its models, listed by both units, one of the
// two at the other's front; one combat, every unit in it; the chargers of
// one army, each at 0 to 30 inches.
func (cc *Combat) checkContacts() error {
	var errs []error
	var charged [2]bool
	for i := range cc.Units {
		u := &cc.Units[i]
		if len(u.Contacts) == 0 {
			errs = append(errs, fmt.Errorf("%s is in contact with no enemy unit; give it a contact, or name it in one enemy's contacts", u.ID))
		}
		seen := map[int]bool{}
		for _, c := range u.Contacts {
			if err := cc.checkContact(i, c, seen); err != nil {
				errs = append(errs, err)
			}
		}
		if u.Charged && u.Army >= 0 && u.Army <= 1 {
			charged[u.Army] = true
		}
		if u.ChargeDistance < 0 || u.ChargeDistance > 30 || !u.Charged && u.ChargeDistance != 0 {
			errs = append(errs, fmt.Errorf("%s: charge distance %d; 0 to 30 for a unit that charged, else 0", u.ID, u.ChargeDistance))
		}
	}
	if charged[0] && charged[1] {
		errs = append(errs, errors.New("units of both armies charged; only the army whose turn it is charges"))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if !cc.connected() {
		return errors.New("the contacts make separate combats; a fight is one combat: fight the others apart")
	}
	return nil
}

// checkContact checks unit i's contact c; seen holds the enemies it
// listed before.
func (cc *Combat) checkContact(i int, c Contact, seen map[int]bool) error {
	u := &cc.Units[i]
	switch {
	case c.Enemy < 0 || c.Enemy >= len(cc.Units):
		return fmt.Errorf("%s: contact with unit %d, not a unit of the fight", u.ID, c.Enemy)
	case cc.Units[c.Enemy].Army == u.Army:
		return fmt.Errorf("%s: contact with %s, a unit of its own army; name an enemy unit", u.ID, cc.Units[c.Enemy].ID)
	case seen[c.Enemy]:
		return fmt.Errorf("%s lists %s twice; give each enemy once", u.ID, cc.Units[c.Enemy].ID)
	case c.At > Rear:
		return fmt.Errorf("%s: facing %d is not front, flank or rear", u.ID, c.At)
	case c.Models < 1 || c.Models > max(u.Models, b2i(u.lone())):
		return fmt.Errorf("%s: %d models in contact with %s; 1 to its %d", u.ID, c.Models, cc.Units[c.Enemy].ID, max(u.Models, b2i(u.lone())))
	}
	seen[c.Enemy] = true
	back, ok := cc.touches(c.Enemy, i)
	switch {
	case !ok:
		return fmt.Errorf("%s touches %s, which does not list it; give %s its contact with %s", u.ID, cc.Units[c.Enemy].ID, cc.Units[c.Enemy].ID, u.ID)
	case back != Front && c.At != Front:
		return fmt.Errorf("%s and %s each stand in the other's flank or rear; one of them faces the other's front", u.ID, cc.Units[c.Enemy].ID)
	}
	return nil
}

// connected reports whether the contacts join every unit into one combat.
func (cc *Combat) connected() bool {
	seen := uint(1)
	for grew := true; grew; {
		grew = false
		for i := range cc.Units {
			if seen&(1<<i) == 0 {
				continue
			}
			for _, c := range cc.Units[i].Contacts {
				if seen&(1<<c.Enemy) == 0 {
					seen |= 1 << c.Enemy
					grew = true
				}
			}
		}
	}
	return seen == 1<<len(cc.Units)-1
}

// foldable reports whether u's characters are one champion whose blows
// can be made as the rank and file's (Fight.foldsChampion), with no
// challenge to be fought.
func (u *Engaged) foldable() bool {
	if len(u.Characters) != 1 || !u.Characters[0].Champion {
		return false
	}
	c := &u.Characters[0]
	return sameBlows(c, &u.Fighter)
}
