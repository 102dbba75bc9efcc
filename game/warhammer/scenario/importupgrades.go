package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/battlescribe"
)

// upgrades takes what the unit must take (a catalogue's compulsory
// upgrades and the defaults of groups it must choose from) or took (a
// roster's selections), and lists a catalogue's other upgrades.
func (im *importer) upgrades(d *draft, e, model *battlescribe.Entry) {
	for _, x := range uniqueEntries(e, model) {
		for _, c := range x.Children {
			if c == model {
				continue
			}
			im.upgrade(d, c, "", x == model, false)
		}
	}
}

// upgrade takes or lists one child entry: under the model (onModel), its
// points are per model.
func (im *importer) upgrade(d *draft, c *battlescribe.Entry, group string, onModel, inDefault bool) {
	roster := im.doc.Kind == "roster"
	if p := im.mountOf(d, c, group); c.Kind != "group" && p != nil {
		switch {
		case roster || c.Min >= 1 || inDefault:
			im.takeMount(d, c, p, onModel)
		case !c.Hidden:
			d.options = append(d.options, fmt.Sprintf("%s: %s; a mount (%s)", c.Name, pointsText(c.Points, c.PerModel), im.mountKind(c, p)))
		}
		return
	}
	switch {
	case c.Kind == "group" && roster:
		for _, g := range c.Children {
			im.upgrade(d, g, c.Name, onModel, false)
		}
	case c.Kind == "group" && c.Hidden:
		d.options = append(d.options, fmt.Sprintf("%s: %d choices, offered only once something is selected", c.Name, len(c.Children)))
	case c.Kind == "group":
		for _, g := range c.Children {
			im.upgrade(d, g, c.Name, onModel, c.Min >= 1 && g.ID == c.Default)
		}
	case c.Kind == "model" && !im.commandModel(c, group) && !roster:
		d.options = append(d.options, fmt.Sprintf("%s: another kind of model (%s); left out", c.Name, pointsText(c.Points, 0)))
	case c.Kind == "model" && !im.commandModel(c, group) && !im.champion(c, group):
		d.note(fmt.Sprintf("%s: %d models of another kind; left out", c.Name, c.Max))
	case roster || (c.Min >= 1 && !c.Hidden) || inDefault:
		im.take(d, c, group, onModel)
	case !c.Hidden:
		d.options = append(d.options, fmt.Sprintf("%s: %s; %s", c.Name, pointsText(c.Points, c.PerModel), im.says(c, group)))
	}
}

// take applies an upgrade the unit has, and adds its points.
func (im *importer) take(d *draft, c *battlescribe.Entry, group string, onModel bool) {
	if p := im.modelProfile(c); p != nil && im.champion(c, group) {
		prof, _, err := im.readProfile(c, p)
		if err == nil {
			d.u.Command.Champion = true
			d.u.ChampionProfile = &prof
		} else {
			d.note(fmt.Sprintf("%s: a champion whose profile cannot be read (%v); left out", c.Name, err))
		}
	} else {
		im.give(d, c.Name, "upgrade")
	}
	for _, r := range c.Rules {
		if !strings.EqualFold(r, c.Name) {
			im.give(d, r, "rule")
		}
	}
	models := float64(max(d.u.Models, 1))
	switch {
	case im.doc.Kind == "roster" && (onModel || im.everyModel(c)):
		d.u.Points += c.Points / models
	case im.doc.Kind == "roster":
		d.u.UnitPoints += c.Points
	default:
		d.u.Points += c.PerModel
		d.u.UnitPoints += c.Points
	}
	for _, g := range c.Children { // a roster upgrade's own selections
		if im.doc.Kind == "roster" {
			im.upgrade(d, g, group, onModel, false)
		}
	}
}

// everyModel reports whether a roster's upgrade is bought for every model
// of the unit, so that its points are per model: one the table reads as
// equipment or a weapon ("Shields"), which every model carries. A roster
// gives only the whole upgrade's cost; command, champions and banners are
// the unit's.
func (im *importer) everyModel(c *battlescribe.Entry) bool {
	phs, ok := im.t.phrases(c.Name)
	if !ok || im.modelProfile(c) != nil {
		return false
	}
	for _, ph := range phs {
		if ph.Equipment == "" && ph.Weapon == "" {
			return false
		}
	}
	return true
}

// says is what an optional upgrade would give, in words.
func (im *importer) says(c *battlescribe.Entry, group string) string {
	if im.champion(c, group) {
		return "a champion"
	}
	phs, ok := im.t.phrases(c.Name)
	if !ok {
		return "no engine rule"
	}
	var parts []string
	for _, ph := range phs {
		switch {
		case ph.Equipment != "":
			parts = append(parts, "equipment "+ph.Equipment)
		case ph.Weapon != "":
			parts = append(parts, "weapon "+ph.Weapon)
		case ph.Command != "":
			parts = append(parts, "command "+ph.Command)
		case ph.Rule != "":
			parts = append(parts, "special rule "+ph.Rule)
		case ph.Regeneration != "":
			parts = append(parts, "regeneration "+ph.Regeneration)
		case ph.Ward != "":
			parts = append(parts, "ward "+ph.Ward)
		case ph.Natural != "":
			parts = append(parts, "natural armour "+ph.Natural)
		}
	}
	return strings.Join(parts, ", ")
}

// champion reports whether an upgrade is the unit's champion: one model
// with a model profile, offered among the unit's command, alone, or in a
// champion category (The Old World's data).
func (im *importer) champion(c *battlescribe.Entry, group string) bool {
	return im.modelProfile(c) != nil && (commandGroup(group) || c.Max == 1 || containsFold(c.Categories, "champion"))
}

// commandModel reports whether a model entry is one of the unit's command
// rather than its rank and file or another kind of model: a name the
// table reads as command ("Musician", "Standard Bearer"), or a model with
// its own profile among the unit's command or in a champion category.
// The 8th-edition and The Old World data make command models entries of
// type model, which upgrade a model of the unit: they are priced as the
// unit's, and do not add to its size.
func (im *importer) commandModel(c *battlescribe.Entry, group string) bool {
	if phs, ok := im.t.phrases(c.Name); ok {
		for _, ph := range phs {
			if ph.Command == "" {
				return false
			}
		}
		return true
	}
	return im.modelProfile(c) != nil && (commandGroup(group) || containsFold(c.Categories, "champion"))
}

// commandGroup reports whether a group is a unit's command ("Command",
// "Command Group").
func commandGroup(group string) bool {
	return strings.Contains(normName(group), "command")
}

// pointsText is an upgrade's cost in words.
func pointsText(unit, perModel float64) string {
	switch {
	case perModel != 0 && unit != 0:
		return fmt.Sprintf("%s pts and %s pts a model", num(unit), num(perModel))
	case perModel != 0:
		return fmt.Sprintf("%s pts a model", num(perModel))
	}
	return fmt.Sprintf("%s pts", num(unit))
}

// num writes points as the data does, without a trailing .0.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
