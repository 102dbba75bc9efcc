package scenario

import (
	"fmt"

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
	return c.Sorted()
}
