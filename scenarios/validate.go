package scenarios

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/wargamesim/sim/game/warhammer"
)

// idPattern is what unit ids and scenario names look like: they become
// metric names ("ogres.wounds") and command-line arguments.
var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// checker collects validation errors located by field path.
type checker struct {
	file string
	pos  positions
	errs ErrorList
}

func (c *checker) add(path, format string, args ...any) {
	c.errs = append(c.errs, c.pos.at(c.file, path, format, args...))
}

func (c *checker) present(path string) bool {
	_, ok := c.pos[path]
	return ok
}

// between checks lo ≤ v ≤ hi for a field that must be given.
func (c *checker) between(path string, v, lo, hi int) {
	if !c.present(path) {
		c.add(path, "missing; give a whole number from %d to %d", lo, hi)
		return
	}
	c.optional(path, v, lo, hi)
}

// optional checks lo ≤ v ≤ hi for a field that may be left out.
func (c *checker) optional(path string, v, lo, hi int) {
	if c.present(path) && (v < lo || v > hi) {
		c.add(path, "must be %d to %d, got %d", lo, hi, v)
	}
}

// roll checks an optional D6 roll against lo+..hi+.
func (c *checker) roll(path string, r Roll, lo, hi int, what string) {
	if r != 0 && (int(r) < lo || int(r) > hi) {
		c.add(path, "%s must be %d+ to %d+, got %v", what, lo, hi, r)
	}
}

// sorted returns the errors in file order.
func (c *checker) sorted() ErrorList {
	sort.SliceStable(c.errs, func(i, j int) bool {
		a, b := c.errs[i], c.errs[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return c.errs
}

// validate checks s, decoded from file with the positions pos, and returns
// every problem in file order.
func validate(file string, s *Scenario, pos positions) ErrorList {
	c := &checker{file: file, pos: pos}
	if s.Game != "" && s.Game != "warhammer" {
		c.add("game", "unknown game %q; use %s", s.Game, strings.Join(GameNames(), ", "))
	}
	c.header(s.Name, s.Trials)
	if rs, err := warhammer.Preset(orDefault(s.Ruleset, warhammer.DefaultPreset)); err != nil {
		c.add("ruleset", "%v", err)
	} else {
		c.rules(rs, s.Rules, "scenario")
	}

	ids := map[string]int{}
	if len(s.Units) == 0 {
		c.add("units", "missing; a scenario needs at least the two units of its fight")
	}
	for i := range s.Units {
		u := &s.Units[i]
		p := fmt.Sprintf("units[%d]", i)
		c.unit(p, u)
		if u.ID != "" {
			if j, dup := ids[u.ID]; dup {
				c.add(p+".id", "%q is already the id of units[%d]; ids must differ", u.ID, j)
			} else {
				ids[u.ID] = i
			}
		}
	}
	c.fight(s, ids)
	return c.sorted()
}

const maxTrials = 1e10

// header checks what every game's scenario starts with: its name, and its
// trial count when given.
func (c *checker) header(name string, trials int64) {
	if name != "" && !idPattern.MatchString(name) {
		c.add("name", "%q is not a valid name; use lowercase letters, digits, - and _%s", name, suchAs(name))
	}
	if c.present("trials") && (trials < 1 || trials > maxTrials) {
		c.add("trials", "must be 1 to %d, got %d", int64(maxTrials), trials)
	}
}

// ruleSetter is what a scenario needs of a game's ruleset: to set its
// options by name.
type ruleSetter interface {
	Set(name, value, origin string) error
}

// rules sets the options of a file's rules mapping on rs, in name order,
// reporting each that fails at rules.NAME; it reports whether all were
// set.
func (c *checker) rules(rs ruleSetter, rules map[string]string, origin string) bool {
	ok := true
	for _, name := range slices.Sorted(maps.Keys(rules)) {
		if err := rs.Set(name, rules[name], origin); err != nil {
			c.add(joinPath("rules", name), "%v", err)
			ok = false
		}
	}
	return ok
}

func (c *checker) unit(p string, u *Unit) {
	switch {
	case !c.present(p + ".id"):
		c.add(p+".id", "missing; give the unit an id such as \"trolls\"")
	case !idPattern.MatchString(u.ID):
		c.add(p+".id", "%q is not a valid id; use lowercase letters, digits, - and _%s", u.ID, suchAs(u.ID))
	}
	if u.Type != "" {
		if _, err := warhammer.ParseTroopType(u.Type); err != nil {
			names := warhammer.TroopTypeNames()
			c.add(p+".type", "%s", unknownChoice("troop type", u.Type, names, "one of "+strings.Join(names, ", ")))
		}
	}
	pp := p + ".profile"
	if !c.present(pp) {
		c.add(pp, "missing; give the profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}")
	} else {
		pr := u.Profile
		c.between(pp+".M", pr.M, 0, 10)
		c.between(pp+".WS", pr.WS, 1, 10)
		c.between(pp+".BS", pr.BS, 0, 10)
		c.between(pp+".S", pr.S, 1, 10)
		c.between(pp+".T", pr.T, 1, 10)
		c.between(pp+".W", pr.W, 1, 10)
		c.between(pp+".I", pr.I, 1, 10)
		c.between(pp+".A", pr.A, 0, 10)
		c.between(pp+".Ld", pr.Ld, 1, 10)
	}
	c.between(p+".models", u.Models, 1, 10000)
	c.optional(p+".frontage", u.Frontage, 1, 10000)
	if c.present(p+".contact") && u.Models >= 1 {
		c.optional(p+".contact", u.Contact, 1, max(1, frontage(u)))
	}
	c.optional(p+".unit_strength", u.UnitStrength, 1, 20)
	if u.Weapon != "" {
		if _, err := warhammer.ParseWeapon(u.Weapon); err != nil {
			c.add(p+".weapon", "%s", unknownChoice("weapon", u.Weapon, weaponNames, "one of "+strings.Join(weaponNames, ", ")))
		}
	}

	body := 0
	seen := map[string]bool{}
	for j, e := range u.Equipment {
		ep := fmt.Sprintf("%s.equipment[%d]", p, j)
		if seen[e] {
			c.add(ep, "%q is listed twice", e)
		}
		seen[e] = true
		switch e {
		case "light_armour", "heavy_armour", "plate_armour":
			if body++; body == 2 {
				c.add(ep, "a model wears one body armour; keep the best of light_armour, heavy_armour, plate_armour")
			}
		case "shield":
		case "barding":
			if u.Mount == nil {
				c.add(ep, "barding needs a mount; add mount: {kind: cavalry}")
			}
		default:
			c.add(ep, "%s", unknownChoice("equipment", e, equipmentNames,
				"light_armour, heavy_armour, plate_armour, shield or barding"))
		}
	}
	if u.Mount != nil {
		if mp := u.Mount.Profile; mp != nil {
			pp := p + ".mount.profile"
			c.between(pp+".WS", mp.WS, 1, 10)
			c.between(pp+".S", mp.S, 1, 10)
			c.between(pp+".I", mp.I, 1, 10)
			c.between(pp+".A", mp.A, 0, 10)
		}
		c.special(p+".mount.special_rules", u.Mount.Rules, mountAttacks)
		switch u.Mount.Kind {
		case "cavalry", "cold_one", "monster":
		case "":
			c.add(p+".mount.kind", "missing; use cavalry (+1 armour), cold_one (+2) or monster (+0)")
		default:
			c.add(p+".mount.kind", "%s", unknownChoice("mount kind", u.Mount.Kind, mountKinds,
				"cavalry (+1 armour), cold_one (+2) or monster (+0)"))
		}
	}
	if u.Armour != 0 && (len(u.Equipment) > 0 || u.Natural != 0 || u.Mount != nil) {
		c.add(p+".armour", "give the armour save directly or work it out from equipment, mount and natural_armour, not both")
	}
	c.roll(p+".armour", u.Armour, 1, 6, "an armour save")
	c.roll(p+".natural_armour", u.Natural, 2, 6, "natural armour")
	for j, w := range u.Ward {
		wp := p + ".ward"
		if c.present(fmt.Sprintf("%s[%d]", wp, j)) {
			wp = fmt.Sprintf("%s[%d]", wp, j)
		}
		switch w {
		case 0: // only in a list: a lone "none" leaves no ward at all
			c.add(wp, `"none" has no place in a list of ward saves; remove it`)
			continue
		case 7:
			c.add(wp, "a 7+ ward save is no ward save; remove it")
			continue
		}
		c.roll(wp, w, 2, 6, "a ward save")
	}
	if u.Regeneration == 1 {
		c.add(p+".regeneration", "Regeneration 1+ would regenerate every wound; the rules allow 2+ to 6+")
	} else {
		c.roll(p+".regeneration", u.Regeneration, 2, 6, "Regeneration")
	}
	c.special(p+".special_rules", u.Rules, unitRules)
	c.rerolls(p+".rerolls", u.Rerolls)
	if m := u.Missile; m != nil {
		mp := p + ".missile"
		c.between(mp+".strength", m.Strength, 1, 10)
		c.optional(mp+".shots", m.Shots, 1, 100)
		c.special(mp+".special_rules", m.Rules, missileAttacks)
		c.rerolls(mp+".rerolls", m.Rerolls)
		if !m.Rerolls.Armour.IsZero() || !m.Rerolls.Ward.IsZero() {
			c.add(mp+".rerolls", "a missile weapon re-rolls hits and wounds only; re-rolled saves belong to the unit's rerolls")
		}
	}
}

// whose says whose special rules are being checked.
type whose uint8

const (
	unitRules      whose = iota // the unit's own, and its close-combat attacks'
	mountAttacks                // a mount's close-combat attacks
	missileAttacks              // a missile weapon's
)

func (c *checker) special(p string, s Special, w whose) {
	c.optional(p+".armour_piercing", s.ArmourPiercing, 0, 6)
	if ih := s.ImpactHits; ih.Die == 0 && c.present(p+".impact_hits") && (ih.N < 1 || ih.N > 10) {
		c.add(p+".impact_hits", "must be 1 to 10, D3 or D6, got %d", ih.N)
	}
	if w != unitRules {
		for _, r := range []struct {
			name string
			on   bool
		}{
			{"causes_fear", s.CausesFear}, {"stubborn", s.Stubborn}, {"unbreakable", s.Unbreakable},
			{"always_strikes_first", s.AlwaysStrikesFirst}, {"always_strikes_last", s.AlwaysStrikesLast},
			{"impact_hits", s.ImpactHits != Amount{}},
		} {
			if r.on {
				c.add(p+"."+r.name, "%s is a rule of the unit, not of its %s; move it to the unit's special_rules", r.name,
					map[whose]string{mountAttacks: "mount", missileAttacks: "missile weapon"}[w])
			}
		}
	}
	mw := s.MultipleWounds
	switch {
	case mw.Die != 0 || !c.present(p+".multiple_wounds"):
	case mw.N == 1:
		c.add(p+".multiple_wounds", "1 wound per unsaved wound is what every attack does; "+
			"remove multiple_wounds, or give 2 to 10, D3 or D6")
	case mw.N < 2 || mw.N > 10:
		c.add(p+".multiple_wounds", "must be 2 to 10, D3 or D6, got %d", mw.N)
	}
	if w != missileAttacks {
		return
	}
	if s.Hatred {
		c.add(p+".hatred", "Hatred re-rolls misses in close combat and has no effect on shooting; remove it from the missile weapon")
	}
	if s.KillingBlow {
		c.add(p+".killing_blow", "Killing Blow works in close combat only (RULES.md §2.9.1); remove it from the missile weapon")
	}
	if s.HeroicKillingBlow {
		c.add(p+".heroic_killing_blow", "Heroic Killing Blow works in close combat only (RULES.md §2.9.2); remove it from the missile weapon")
	}
}

func (c *checker) rerolls(p string, r Rerolls) {
	for _, f := range []struct {
		name string
		r    Reroll
	}{{"hits", r.Hits}, {"wounds", r.Wounds}, {"armour", r.Armour}, {"ward", r.Ward}} {
		for i, x := range f.r.Faces {
			if slices.Contains(f.r.Faces[:i], x) {
				fp := p + "." + f.name
				if c.present(fmt.Sprintf("%s[%d]", fp, i)) {
					fp = fmt.Sprintf("%s[%d]", fp, i)
				}
				c.add(fp, "face %d is listed twice; remove one", x)
			}
		}
	}
}
