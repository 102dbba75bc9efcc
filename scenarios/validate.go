package scenarios

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/engine/warhammer"
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
	if s.Name != "" && !idPattern.MatchString(s.Name) {
		c.add("name", "%q is not a valid name; use lowercase letters, digits, - and _%s", s.Name, suchAs(s.Name))
	}
	var rs *warhammer.Ruleset
	if s.Ruleset != "" {
		var err error
		if rs, err = warhammer.Preset(s.Ruleset); err != nil {
			c.add("ruleset", "%v", err)
		}
	} else {
		rs, _ = warhammer.Preset(warhammer.DefaultPreset)
	}
	if rs != nil {
		for _, name := range sortedKeys(s.Rules) {
			if err := rs.Set(name, s.Rules[name], "scenario"); err != nil {
				c.add(joinPath("rules", name), "%v", err)
			}
		}
	}
	if c.present("trials") && (s.Trials < 1 || s.Trials > maxTrials) {
		c.add("trials", "must be 1 to %d, got %d", int64(maxTrials), s.Trials)
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
	if c.present(p+".frontage") && u.Models >= 1 {
		c.optional(p+".frontage", u.Frontage, 1, u.Models)
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
	c.special(p+".special_rules", u.Rules, true)
	c.rerolls(p+".rerolls", u.Rerolls)
	if m := u.Missile; m != nil {
		mp := p + ".missile"
		c.between(mp+".strength", m.Strength, 1, 10)
		c.optional(mp+".shots", m.Shots, 1, 100)
		c.special(mp+".special_rules", m.Rules, false)
		c.rerolls(mp+".rerolls", m.Rerolls)
		if !m.Rerolls.Armour.IsZero() || !m.Rerolls.Ward.IsZero() {
			c.add(mp+".rerolls", "a missile weapon re-rolls hits and wounds only; re-rolled saves belong to the unit's rerolls")
		}
	}
}

func (c *checker) special(p string, s Special, closeCombat bool) {
	c.optional(p+".armour_piercing", s.ArmourPiercing, 0, 6)
	mw := s.MultipleWounds
	switch {
	case mw.Die != 0 || !c.present(p+".multiple_wounds"):
	case mw.N == 1:
		c.add(p+".multiple_wounds", "1 wound per unsaved wound is what every attack does; "+
			"remove multiple_wounds, or give 2 to 10, D3 or D6")
	case mw.N < 2 || mw.N > 10:
		c.add(p+".multiple_wounds", "must be 2 to 10, D3 or D6, got %d", mw.N)
	}
	if closeCombat {
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

func (c *checker) fight(s *Scenario, ids map[string]int) {
	f := &s.Fight
	if !c.present("fight") {
		c.add("fight", "missing; say what happens, e.g. fight: {type: volley, attacker: archers, target: ogres, phase: shooting}")
		return
	}
	switch f.Type {
	case "", "volley":
	default:
		c.add("fight.type", "unknown fight type %q; the only type so far is volley", f.Type)
	}
	unit := func(field, id string) *Unit {
		path := "fight." + field
		if id == "" {
			c.add(path, "missing; name one of the units by its id (%s)", idList(ids))
			return nil
		}
		i, ok := ids[id]
		if !ok {
			c.add(path, "no unit has the id %q; the units are %s", id, idList(ids))
			return nil
		}
		return &s.Units[i]
	}
	att, tgt := unit("attacker", f.Attacker), unit("target", f.Target)
	if att != nil && att == tgt {
		c.add("fight.target", "a unit cannot attack itself; name a different unit")
	}
	switch f.Phase {
	case "shooting":
		if att != nil && att.Missile == nil {
			c.add("fight.phase", "%s has no missile weapon to shoot with; give it missile: {name: bow, strength: 3}", idText(f.Attacker))
		}
		if bs := fmt.Sprintf("units[%d].profile.BS", ids[f.Attacker]); att != nil && !f.AutoHit &&
			c.present(bs) && att.Profile.BS == 0 {
			c.add(bs, "%s shoots in the fight but has BS 0, which can never hit; give it BS 1 to 10, or set fight.auto_hit: true", idText(f.Attacker))
		}
		if c.present("fight.round") {
			c.add("fight.round", "round applies to close combat; remove it for shooting")
		}
	case "close_combat":
	case "":
		c.add("fight.phase", "missing; use shooting or close_combat")
	default:
		c.add("fight.phase", "%s", unknownChoice("phase", f.Phase, []string{"shooting", "close_combat"}, "shooting or close_combat"))
	}
	if f.Attacks != nil {
		c.optional("fight.attacks", *f.Attacks, 0, 100000)
	}
	c.optional("fight.to_hit_modifier", f.ToHitModifier, -6, 6)
	c.optional("fight.strength", f.Strength, 1, 10)
	c.optional("fight.round", f.Round, 1, 100)
}

var (
	equipmentNames = []string{"light_armour", "heavy_armour", "plate_armour", "shield", "barding"}
	mountKinds     = []string{"cavalry", "cold_one", "monster"}
)

// unknownChoice says that name is not one of the names a field takes,
// suggesting the closest (as for unknown fields) before saying which to use.
func unknownChoice(what, name string, names []string, use string) string {
	if s := suggest(name, names); s != "" {
		return fmt.Sprintf("unknown %s %q; did you mean %q? Use %s", what, name, s, use)
	}
	return fmt.Sprintf("unknown %s %q; use %s", what, name, use)
}

// suchAs suggests an id or name close to s that is valid, such as
// "knights_errant" for "Knights Errant", or returns "" when there is none.
func suchAs(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	id := strings.TrimRight(b.String(), "_")
	if id == "" || id == s || !idPattern.MatchString(id) {
		return ""
	}
	return fmt.Sprintf(", such as %q", id)
}

// idText is a unit id for messages: as it is when valid, else quoted, so
// that a message stays on one line whatever the id holds.
func idText(id string) string {
	if idPattern.MatchString(id) {
		return id
	}
	return strconv.Quote(id)
}

// idList lists the unit ids for messages, sorted.
func idList(ids map[string]int) string {
	var list []string
	for _, id := range sortedKeys(ids) {
		list = append(list, idText(id))
	}
	return strings.Join(list, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
