package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wargamesim/sim/battlescribe"
)

// mountOf returns the model profile of c where c is the unit's mount
// rather than a command model or another kind of model, else nil: an
// entry the data marks a mount (subType "mount", The Old World's data), a
// profile the table names a mount or whose profile type is a mount's; in
// a catalogue, an upgrade with a model profile that the unit must take and
// that is not command and reads as a steed (8th edition's compulsory
// Warhorse, Giant Wolf, Gigantic Spider, Juggernaut); and, where nothing says it is compulsory
// (a roster, an optional upgrade), one whose troop type is a beast's and
// not the rider's.
func (im *importer) mountOf(d *draft, c *battlescribe.Entry, group string) *battlescribe.Profile {
	p := im.anyModelProfile(c)
	switch {
	case p == nil:
		return nil
	case c.SubType == "mount" || im.t.isMountProfile(p):
		return p
	case c.SubType == "crew" || commandGroup(group) || containsFold(c.Categories, "champion") || im.commandName(c.Name):
		return nil
	case im.doc.Kind != "roster" && c.Kind == "upgrade" && c.Min >= 1 && im.steedLike(d, c, p):
		return p
	}
	if t := im.profileType(c, p); t != "" && !strings.HasSuffix(t, "infantry") && t != d.u.Type {
		return p
	}
	return nil
}

// steedLike reports whether a profile reads as a steed's beside the
// rider's: no Ballistic Skill where the rider has one, or a greater
// Movement. A free champion the unit must take (6th-edition Bretonnia's
// Cavalier) has neither; a Warhorse (M8 BS0), a Giant Wolf, a Juggernaut
// has both.
func (im *importer) steedLike(d *draft, c *battlescribe.Entry, p *battlescribe.Profile) bool {
	prof, _, err := im.readProfile(c, p)
	return err == nil && (prof.BS == 0 && d.u.Profile.BS > 0 || prof.M > d.u.Profile.M)
}

// anyModelProfile is c's first profile that is a model's or a mount's.
func (im *importer) anyModelProfile(c *battlescribe.Entry) *battlescribe.Profile {
	for i := range c.Profiles {
		if p := &c.Profiles[i]; im.t.isModel(p.Type) || im.t.isMountProfile(p) {
			return p
		}
	}
	return nil
}

// profileType is the troop type a profile's type characteristic gives,
// or "".
func (im *importer) profileType(e *battlescribe.Entry, p *battlescribe.Profile) string {
	_, mv, _ := im.readProfile(e, p)
	return mv.typ
}

// commandName reports whether the table reads a name as command alone
// ("Musician", "Champion").
func (im *importer) commandName(name string) bool {
	phs, ok := im.t.phrases(name)
	return ok && !slices.ContainsFunc(phs, func(ph phrase) bool { return ph.Command == "" })
}

// takeMount makes c the unit's mount: its profile, what its entry must
// take (The Old World's Barding), its rules (a mount's attacks' rules on
// the mount, the others the unit's), and its points: a model's where it
// sits under the model entry, as every model rides one.
func (im *importer) takeMount(d *draft, c *battlescribe.Entry, p *battlescribe.Profile, onModel bool) {
	if d.u.Mount != nil {
		d.note(fmt.Sprintf("%s: a second mount (it rides %s); left out", c.Name, d.u.Mount.Name))
		return
	}
	im.mount(d, c, p)
	if d.u.Mount == nil {
		return
	}
	for _, r := range c.Rules {
		im.mountRule(d, r)
	}
	for _, g := range c.Children {
		im.upgrade(d, g, "", onModel, false)
	}
	switch {
	case im.doc.Kind == "roster":
		d.u.Points += c.Points / float64(max(d.u.Models, 1))
	case onModel:
		d.u.Points += c.Points + c.PerModel
	default:
		d.u.Points += c.PerModel
		d.u.UnitPoints += c.Points
	}
}

// mountAttackRules are the rules of a mount that are its attacks' (the
// mount's special_rules), not the unit's.
var mountAttackRules = []string{"poisoned_attacks", "flaming_attacks", "killing_blow", "heroic_killing_blow"}

// mountRule gives one rule of a mount: to the mount's attacks where it
// is one of theirs, else to the unit (a mount's Fear is the unit's).
func (im *importer) mountRule(d *draft, name string) {
	phs, ok := im.t.phrases(name)
	if ok && len(phs) == 1 && slices.Contains(mountAttackRules, phs[0].Rule) {
		setRule(&d.u.Mount.Rules, phs[0].Rule)
		return
	}
	im.give(d, name, "rule")
}

// mountKind is a mount's kind: the table's for its name (a Cold One), a
// monster for a monster's troop type, else cavalry.
func (im *importer) mountKind(x *battlescribe.Entry, p *battlescribe.Profile) string {
	if k := im.t.Mounts[normName(p.Name)]; k != "" {
		return k
	}
	if im.profileType(x, p) == "monster" {
		return "monster"
	}
	return "cavalry"
}

// riderType is the troop type of a unit whose rider's profile gives none,
// by its mount's: monstrous cavalry on a monstrous beast (8th edition's
// Spider Riders, Mournfang, Skullcrushers), a monster on a monster, else
// cavalry.
func (im *importer) riderType(x *battlescribe.Entry, p *battlescribe.Profile) string {
	switch im.profileType(x, p) {
	case "monstrous_beast", "monstrous_cavalry", "monstrous_infantry":
		return "monstrous_cavalry"
	case "monster":
		return "monster"
	}
	return "cavalry"
}

// unitProfile reads a profile that describes the unit (The Old World's
// "Unit"): its troop type, which is the unit's whatever its model profile
// says. A troop type the table does not know is noted, and infantry is
// assumed as where the data gives none.
func (im *importer) unitProfile(d *draft, p *battlescribe.Profile) {
	for _, v := range p.Values {
		if im.t.chars[charKey(v.Name)] != "type" || noValue(v.Text) {
			continue
		}
		if t := im.t.troopType(v.Text); t != "" {
			d.u.Type = t
		} else {
			d.unknownType = v.Text
		}
	}
}
