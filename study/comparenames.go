package study

import (
	"github.com/wargamesim/sim/scenarios"
)

// comparisonNames gathers the columns' units' names for a comparison's
// labels, by id; byRole keys them by role instead ("target"), keeping a
// role's name only where every column that has the role gives its unit
// the same one: "target" is Ogre Bulls in one column and Chaos Warriors in
// another, and is then left "target".
func comparisonNames(plans []*scenarios.Plan, byRole bool) map[string]string {
	names := map[string]string{}
	clash := map[string]bool{}
	for _, p := range plans {
		for id, n := range p.Names {
			key := id
			if byRole {
				role, ok := p.Roles[id]
				if !ok {
					continue
				}
				key = role
			}
			if have, ok := names[key]; ok && have != n {
				clash[key] = true
			}
			names[key] = n
		}
	}
	for k := range clash {
		delete(names, k)
	}
	if len(names) == 0 {
		return nil
	}
	return names
}
