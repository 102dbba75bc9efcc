package scenario

import (
	"fmt"
	"slices"

	"github.com/wargamesim/sim/scenarios"
)

// warnings finds the special rules a valid scenario gives a unit that
// cancel or overrule each other, and says what wins: legal, since the
// rules say what happens, but likely not what the author meant.
func warnings(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	c := &checker{scenarios.Checker{File: file, Pos: pos}}
	for i, u := range s.Units {
		p := fmt.Sprintf("units[%d].special_rules", i)
		if u.Rules.AlwaysStrikesFirst && u.Rules.AlwaysStrikesLast {
			c.Add(p+".always_strikes_last", "always_strikes_first and always_strikes_last cancel: %s strikes as if it had neither, by the ruleset's striking order (RULES.md §2.3)", scenarios.IDText(u.ID))
		}
		if u.Rules.Stubborn && u.Rules.Unbreakable {
			c.Add(p+".stubborn", "stubborn and unbreakable together: unbreakable wins, %s never takes a break test, so stubborn does nothing (RULES.md §2.11)", scenarios.IDText(u.ID))
		}
	}
	c.lentNames(s)
	return c.Sorted()
}

// lentNames finds an army that shares its id with one of its units and
// has a name of its own: names go by id, so the army's name labels the
// unit's results too (plan §4).
func (c *checker) lentNames(s *Scenario) {
	f := &s.Fight
	if f.Type != "close_combat" || !armyForm(f) {
		return
	}
	us := fightingUnits(f)
	for a := range min(2, len(f.Sides)) {
		id, name := armyID(f, us, a), f.Sides[a].Name
		i := slices.IndexFunc(s.Units, func(u Unit) bool { return u.ID == id })
		own := slices.ContainsFunc(us, func(u fighting) bool { return u.army == a && u.Unit == id })
		if name == "" || i < 0 || !own || s.Units[i].Name == name {
			continue
		}
		c.Add(fmt.Sprintf("fight.sides[%d].name", a), "the army shares its id %s with its unit, so its name %q also names the unit's results (%s.casualties); give the army an id of its own to keep them apart",
			scenarios.IDText(id), name, scenarios.IDText(id))
	}
}
