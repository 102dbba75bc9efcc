package scenario

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/scenarios"
	"go.yaml.in/yaml/v3"
)

// apply sets what one phrase gives.
func (d *draft) apply(name string, ph phrase) {
	switch {
	case ph.Equipment != "":
		d.u.Equipment = appendNew(d.u.Equipment, ph.Equipment)
	case ph.Weapon == "hand_weapon":
	case ph.Weapon != "":
		if d.u.Weapon != "" && d.u.Weapon != ph.Weapon {
			d.note(fmt.Sprintf("%s: a second weapon (it has %s); left out, give weapon: to choose", name, d.u.Weapon))
			return
		}
		d.u.Weapon = ph.Weapon
	case ph.Command == "standard":
		d.u.Command.Standard = true
	case ph.Command == "musician":
		d.u.Command.Musician = true
	case ph.Command == "champion":
		d.u.Command.Champion = true
	case ph.Rule != "":
		d.rules = appendNew(d.rules, ph.Rule)
	case ph.Regeneration != "" || ph.Ward != "" || ph.Natural != "":
		d.applyRoll(name, ph)
	}
}

// applyRoll sets the Regeneration, ward or natural armour save a phrase
// gives: the table's roll, or the one the name gives ("Scaly Skin (5+)").
// A phrase whose roll the name must give ("given") and does not is noted:
// the save differs by book and unit.
func (d *draft) applyRoll(name string, ph phrase) {
	n, ok := plainRoll(ph.Regeneration + ph.Ward + ph.Natural)
	switch {
	case !ok:
		d.note(fmt.Sprintf("%s: the data gives no roll; left out (give it by hand)", name))
		d.dropped = appendNew(d.dropped, name)
	case ph.Regeneration != "":
		d.u.Regeneration = scenarios.Roll(n)
	case ph.Ward != "":
		d.u.Ward = scenarios.Rolls{scenarios.Roll(n)}
	default:
		d.u.Natural = scenarios.Roll(n)
	}
}

// note adds a line to the unit's not_simulated, once.
func (d *draft) note(s string) { d.u.NotSimulated = appendNew(d.u.NotSimulated, s) }

// finish sets the fields the engine needs from what was gathered.
func (d *draft) finish() {
	for _, r := range d.rules {
		setRule(&d.u.Rules, r)
	}
	d.saves()
	switch {
	case d.u.Mount != nil && d.u.Type == "" && d.riderType != "":
		d.u.Type = d.riderType
	case d.u.Mount != nil && d.u.Type == "":
		d.u.Type = "cavalry"
	case d.u.Type == "" && d.kind == "unit" && d.unknownType != "":
		d.note(fmt.Sprintf("troop type %q: not one sim knows; infantry assumed (give type: to change it)", d.unknownType))
		d.assumed = true
	case d.u.Type == "" && d.kind == "unit":
		d.note("troop type: not in the data; infantry assumed (give type: to change it)")
		d.assumed = true
	}
	if d.kind == "character" {
		d.u.Points, d.u.UnitPoints = d.u.Points+d.u.UnitPoints, 0
		d.characterOnly()
	}
}

// saves applies the armour and ward saves the model profile gives. The
// armour save is the unit's own only where nothing else gives one (no
// equipment, mount or natural armour): the data's save already counts
// those, and the engine works the save out from them, by edition. A save
// that is not a plain roll ("-1 to rider") is noted, not guessed at.
func (d *draft) saves() {
	if n, ok := plainRoll(d.save); ok && len(d.u.Equipment) == 0 && d.u.Mount == nil && d.u.Natural == 0 {
		d.u.Armour = scenarios.Roll(n)
	} else if ok {
		d.note(fmt.Sprintf("armour save %s: the data's; sim works it out from the equipment and mount instead", d.save))
	} else if !noValue(d.save) {
		d.note(fmt.Sprintf("armour save %q: not a roll sim reads; left out", d.save))
	}
	if n, ok := plainRoll(d.ward); ok && len(d.u.Ward) == 0 {
		d.u.Ward = scenarios.Rolls{scenarios.Roll(n)}
	} else if !ok && !noValue(d.ward) {
		d.note(fmt.Sprintf("ward save %q: not a roll sim reads; left out", d.ward))
	}
}

// plainRoll reads a save written as a roll alone: "4+", 1 to 6.
func plainRoll(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, "+") {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, "+"))
	return n, err == nil && n >= 1 && n <= 6
}

// noValue reports whether a characteristic says there is nothing: empty,
// "-" or "none".
func noValue(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || s == "-" || strings.EqualFold(s, "none")
}

// characterOnly takes from a character what only a unit has (command
// models, a champion) and the unit rules a character's are not simulated
// for yet (docs/rules.md), and says so.
func (d *draft) characterOnly() {
	if c := d.u.Command; c.Standard || c.Musician || c.Champion || d.u.ChampionProfile != nil {
		d.u.Command, d.u.ChampionProfile = Command{}, nil
		d.note("command or champion: a character has none; left out")
	}
	r := &d.u.Rules
	for _, x := range []struct {
		name string
		on   *bool
	}{{"causes_fear", &r.CausesFear}, {"causes_terror", &r.CausesTerror}, {"stubborn", &r.Stubborn}, {"unbreakable", &r.Unbreakable}} {
		if *x.on {
			*x.on = false
			d.note(x.name + ": not simulated for a character yet (docs/rules.md); left out")
		}
	}
	if r.ImpactHits != (scenarios.Amount{}) {
		r.ImpactHits = scenarios.Amount{}
		d.note("impact_hits: not simulated for a character yet; left out")
	}
}

// appendNew appends s to list unless it is there already.
func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// containsFold reports whether list holds s, ignoring case.
func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// check loads the drafted unit as a scenario would (a unit fights its
// twin; a character joins a plain unit), so that a unit the engine would
// refuse is left out of the library with the reason, instead of failing
// later in a scenario that names it.
func (d *draft) check() error {
	withID := func(id string, m *yaml.Node) *yaml.Node {
		return &yaml.Node{Kind: yaml.MappingNode, Content: append([]*yaml.Node{str("id"), str(id)}, m.Content...)}
	}
	plain := func(id string) *yaml.Node {
		return &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str("id"), str(id),
			str("profile"), flowMap("M", 4, "WS", 3, "BS", 3, "S", 3, "T", 3, "W", 1, "I", 3, "A", 1, "Ld", 7), str("models"), intNode(10)}}
	}
	a, b := withID("a", d.yaml()), withID("b", d.yaml())
	if d.kind == "character" {
		a, b = plain("a"), plain("b")
		a.Content = append(a.Content, str("characters"), &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{withID("c", d.yaml())}})
	}
	fight := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str("type"), str("close_combat"),
		str("sides"), flowSeq([]string{"a", "b"}), str("charger"), str("a")}}
	root := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str("name"), str("check"),
		str("units"), {Kind: yaml.SequenceNode, Content: []*yaml.Node{a, b}}, str("fight"), fight}}
	src, err := yaml.Marshal(root)
	if err != nil {
		return err
	}
	_, err = format(nil, nil).Load(scenarios.Parse("import", src))
	var errs scenarios.ErrorList
	if !errors.As(err, &errs) || len(errs) == 0 {
		return err
	}
	var msgs []string
	for _, e := range errs {
		path := e.Path
		for _, p := range []string{"units[0].characters[0].", "units[0].", "units[1]."} {
			path = strings.TrimPrefix(path, p)
		}
		msgs = append(msgs, path+": "+e.Msg)
	}
	slices.Sort(msgs)
	return fmt.Errorf("%s", strings.Join(slices.Compact(msgs), "; "))
}
