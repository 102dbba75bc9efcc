package study

import (
	"strings"

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
	add := func(key, n string) {
		if have, ok := names[key]; ok && have != n {
			clash[key] = true
		}
		names[key] = n
	}
	for _, p := range plans {
		for id, n := range p.Names {
			if !byRole {
				add(id, n)
				continue
			}
			if role, ok := p.Roles[id]; ok {
				add(role, n)
			}
		}
		if byRole {
			wholeRoleNames(p, add)
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

// wholeRoleNames gives the roles that Plan.Roles names by a whole result
// ("knights.wins": first, an army that shares its id with one of its
// units) the name of the result's owner.
func wholeRoleNames(p *scenarios.Plan, add func(key, n string)) {
	for key, role := range p.Roles {
		if id, _, whole := strings.Cut(key, "."); whole && p.Names[id] != "" {
			add(role, p.Names[id])
		}
	}
}
