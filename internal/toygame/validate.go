package toygame

import (
	"fmt"

	"github.com/wargamesim/sim/scenarios"
)

// checker is the toy format's checks on top of the shared ones.
type checker struct{ scenarios.Checker }

// validate checks s, decoded from file with positions pos, and returns
// every problem in file order.
func validate(file string, s *Scenario, pos scenarios.Positions) scenarios.ErrorList {
	c := &checker{scenarios.Checker{File: file, Pos: pos}}
	c.Header(s.Name, s.Trials)
	if rs, err := System.Preset(scenarios.OrDefault(s.Ruleset, DefaultPreset)); err != nil {
		c.Add("ruleset", "%v", err)
	} else {
		c.Rules(rs, s.Rules, "scenario")
	}
	if len(s.Bands) != 2 {
		c.Add("bands", "a toy fight needs exactly two bands, got %d", len(s.Bands))
	}
	ids := map[string]string{} // id → its path
	for i := range s.Bands {
		p := fmt.Sprintf("bands[%d]", i)
		c.id(p+".id", s.Bands[i].ID, ids)
		c.band(p, &s.Bands[i])
	}
	c.Optional("fight.max_rounds", s.Fight.MaxRounds, 1, MaxRounds)
	return c.Sorted()
}

// id checks a band's id, which names its metrics: given, valid and not
// another band's.
func (c *checker) id(path, id string, ids map[string]string) {
	switch {
	case !c.Present(path):
		c.Add(path, "missing; give the band an id such as %q", "red")
	case !scenarios.ValidID(id):
		c.Add(path, "%q is not a valid id; use lowercase letters, digits, - and _%s", id, scenarios.SuchAs(id))
	case ids[id] != "":
		c.Add(path, "%q is already the id of %s; the bands' ids must differ", id, scenarios.ParentPath(ids[id]))
	default:
		ids[id] = path
	}
}

// band checks a band's profile.
func (c *checker) band(p string, b *Band) {
	c.Between(p+".models", b.Models, 1, MaxModels)
	c.Between(p+".attacks", b.Attacks, 1, MaxAttacks)
	if !c.Present(p + ".hit_on") {
		c.Add(p+".hit_on", "missing; give the roll that hits, 2+ to 6+")
		return
	}
	c.CheckRoll(p+".hit_on", b.HitOn, 2, 6, "the roll to hit")
}
