package battlescribe

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// maxEntries bounds the entries one file may expand to once its links are
// followed: fifty times the largest community catalogue (Orcs & Goblins,
// about 2,000 in both the 6th- and 8th-edition data), so that links that
// fan out without end are refused in a fraction of a second instead of
// followed until memory runs out.
const maxEntries = 100_000

// A resolver follows a file's links: it holds every shared entry, group,
// profile and rule of the file, its game system and the catalogues it
// links, by id.
type resolver struct {
	path     string
	system   string // the game system's name, once read
	entries  map[string]*xEntry
	profiles map[string]*xProfile
	rules    map[string]*xRule
	groups   map[string]*xInfoGroup
	// costTypes are the ids of the cost types (points), which a cost
	// modifier names as its field.
	costTypes map[string]bool
	names     map[string]string // every named element's name, by id
	stack     []string          // the link targets being followed, for cycles
	built     int
	// from is the file (its base name) each shared thing is written in,
	// by id; file is the file of the entry being built; read are the
	// files read, in order; index is every game system and catalogue of
	// the folder by id. A link that leads nowhere is named with them.
	from  map[string]string
	file  string
	read  []string
	index map[string]string
}

func newResolver(path string) *resolver {
	return &resolver{path: path, entries: map[string]*xEntry{}, profiles: map[string]*xProfile{},
		rules: map[string]*xRule{}, groups: map[string]*xInfoGroup{}, costTypes: map[string]bool{}, names: map[string]string{},
		from: map[string]string{}, file: filepath.Base(path)}
}

// add indexes the shared things of one file, the one called file. A
// later file's shared thing of an id replaces an earlier's, and the
// catalogue's own are added last, so that they win.
func (r *resolver) add(d *xDoc, file string) {
	r.read = append(r.read, file)
	for _, c := range d.CostTypes {
		r.costTypes[c.ID] = true
	}
	for id, name := range d.names {
		if _, ok := r.names[id]; !ok {
			r.names[id] = name
		}
	}
	for _, list := range [][]xEntry{d.SharedEntries, d.SharedGroups} {
		for i := range list {
			r.entries[list[i].ID], r.from[list[i].ID] = &list[i], file
		}
	}
	for i := range d.Entries { // root entries may be linked from other catalogues
		if _, ok := r.entries[d.Entries[i].ID]; !ok {
			r.entries[d.Entries[i].ID], r.from[d.Entries[i].ID] = &d.Entries[i], file
		}
	}
	for i := range d.SharedProfiles {
		r.profiles[d.SharedProfiles[i].ID] = &d.SharedProfiles[i]
	}
	for _, list := range [][]xRule{d.SharedRules, d.Rules} {
		for i := range list {
			r.rules[list[i].ID] = &list[i]
		}
	}
	for i := range d.InfoGroups {
		r.groups[d.InfoGroups[i].ID], r.from[d.InfoGroups[i].ID] = &d.InfoGroups[i], file
	}
	for _, list := range [][]xEntry{d.SharedEntries, d.SharedGroups, d.Entries} {
		for i := range list {
			r.addNested(&list[i], file)
		}
	}
}

// addNested indexes the entries, groups, profiles and rules inside x,
// where no shared one has the id: a link may target an entry nested in
// another catalogue's shared entry (The Old World's Dwarfs link each rune
// inside Runic Items' groups), as BattleScribe finds any entry by id.
func (r *resolver) addNested(x *xEntry, file string) {
	for i := range x.Profiles {
		if _, ok := r.profiles[x.Profiles[i].ID]; !ok {
			r.profiles[x.Profiles[i].ID] = &x.Profiles[i]
		}
	}
	for i := range x.Rules {
		if _, ok := r.rules[x.Rules[i].ID]; !ok {
			r.rules[x.Rules[i].ID] = &x.Rules[i]
		}
	}
	for _, list := range [][]xEntry{x.Entries, x.Groups} {
		for i := range list {
			if _, ok := r.entries[list[i].ID]; !ok {
				r.entries[list[i].ID], r.from[list[i].ID] = &list[i], file
			}
			r.addNested(&list[i], file)
		}
	}
}

// catalogue builds a catalogue's (or game system's) root entries.
func (r *resolver) catalogue(doc *Document, d *xDoc) error {
	for i := range d.Entries {
		e, err := r.entry(&d.Entries[i], d.Entries[i].Type)
		if err != nil {
			return err
		}
		doc.Entries = append(doc.Entries, e)
	}
	for i := range d.Links {
		e, err := r.link(&d.Links[i])
		if err != nil {
			return err
		}
		doc.Entries = append(doc.Entries, e)
	}
	return nil
}

// roster builds a roster's selections, force by force.
func (r *resolver) roster(doc *Document, d *xDoc) error {
	var walk func(fs []xForce) error
	walk = func(fs []xForce) error {
		for _, f := range fs {
			for i := range f.Selections {
				e, err := r.entry(&f.Selections[i], f.Selections[i].Type)
				if err != nil {
					return err
				}
				doc.Entries = append(doc.Entries, e)
			}
			if err := walk(f.Forces); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(d.Forces)
}

// entry builds x, of the kind given ("group" for a selection entry group).
func (r *resolver) entry(x *xEntry, kind string) (*Entry, error) {
	if r.built++; r.built > maxEntries {
		return nil, r.errorf(x, "the file expands to more than %d entries once its links are followed; its links fan out without end", maxEntries)
	}
	e := &Entry{ID: x.ID, Name: x.Name, Kind: kind, SubType: x.SubType, Page: x.Page, Hidden: x.Hidden == "true", Default: x.Default, Max: -1}
	if x.EntryID != "" {
		e.ID = x.EntryID
	}
	if x.Number != "" { // a roster's selection
		n, err := strconv.ParseFloat(x.Number, 64)
		if err != nil || n < 0 || n != float64(int(n)) {
			return nil, r.errorf(x, "number %q is not a whole number of models", x.Number)
		}
		e.Min, e.Max = int(n), int(n)
	}
	if err := r.constraints(e, x); err != nil {
		return nil, err
	}
	e.Points = points(x.Costs)
	for _, c := range x.Costs {
		r.costTypes[c.TypeID], r.costTypes[c.OldTypeID] = true, true
	}
	for _, c := range append(append([]xNamed(nil), x.Categories...), x.CatLinks...) {
		if name := c.Name; name != "" && name != "New CategoryLink" {
			e.Categories = append(e.Categories, name)
		} else if name := r.names[c.TargetID]; name != "" {
			e.Categories = append(e.Categories, name)
		}
	}
	if err := r.info(e, x); err != nil {
		return nil, err
	}
	r.modifiers(e, x.Modifiers)
	return e, r.children(e, x)
}

// constraints sets e's Min and Max from the constraints on selections with
// scope parent.
func (r *resolver) constraints(e *Entry, x *xEntry) error {
	for _, c := range x.Constraints {
		if c.Field != "selections" || c.Scope != "parent" {
			continue
		}
		v, err := strconv.ParseFloat(c.Value, 64)
		if err != nil {
			return r.errorf(x, "constraint value %q is not a number", c.Value)
		}
		switch c.Type {
		case "min":
			e.Min = int(v)
		case "max":
			e.Max = int(v)
		}
	}
	return nil
}

// info gathers x's profiles and rules, own and linked.
func (r *resolver) info(e *Entry, x *xEntry) error {
	for _, p := range x.Profiles {
		e.Profiles = append(e.Profiles, r.profile(&p, nil))
	}
	for _, ru := range x.Rules {
		e.Rules = append(e.Rules, ru.Name)
	}
	for _, g := range x.InfoGroups {
		if err := r.infoGroup(e, x, &g); err != nil {
			return err
		}
	}
	return r.infoLinks(e, x, x.InfoLinks)
}

func (r *resolver) infoGroup(e *Entry, x *xEntry, g *xInfoGroup) error {
	for _, p := range g.Profiles {
		e.Profiles = append(e.Profiles, r.profile(&p, nil))
	}
	for _, ru := range g.Rules {
		e.Rules = append(e.Rules, ru.Name)
	}
	return r.infoLinks(e, x, g.InfoLinks)
}

func (r *resolver) infoLinks(e *Entry, x *xEntry, links []xInfoLink) error {
	for _, l := range links {
		switch l.Type {
		case "profile":
			p, ok := r.profiles[l.TargetID]
			if !ok {
				return r.missing(x, "profile", l.Name, l.TargetID)
			}
			e.Profiles = append(e.Profiles, r.profile(p, l.Modifiers))
		case "rule":
			ru, ok := r.rules[l.TargetID]
			if !ok {
				return r.missing(x, "rule", l.Name, l.TargetID)
			}
			e.Rules = append(e.Rules, renamed(ru.Name, l.Modifiers))
		case "infoGroup":
			g, ok := r.groups[l.TargetID]
			if !ok {
				return r.missing(x, "info group", l.Name, l.TargetID)
			}
			if r.onStack(l.TargetID) {
				return r.errorf(x, "its link to the info group %q (%s) leads back to itself; the links form a cycle", l.Name, l.TargetID)
			}
			if err := r.within(l.TargetID, func() error { return r.infoGroup(e, x, g) }); err != nil {
				return err
			}
		}
	}
	return nil
}

// children builds x's selection entries, groups, entry links and (in a
// roster) selections.
func (r *resolver) children(e *Entry, x *xEntry) error {
	add := func(c *Entry, err error) error {
		if err == nil {
			e.Children = append(e.Children, c)
		}
		return err
	}
	for i := range x.Entries {
		if err := add(r.entry(&x.Entries[i], x.Entries[i].Type)); err != nil {
			return err
		}
	}
	for i := range x.Groups {
		if err := add(r.entry(&x.Groups[i], "group")); err != nil {
			return err
		}
	}
	for i := range x.Links {
		if err := add(r.link(&x.Links[i])); err != nil {
			return err
		}
	}
	for i := range x.Selections {
		if err := add(r.entry(&x.Selections[i], x.Selections[i].Type)); err != nil {
			return err
		}
	}
	return nil
}

// link builds the shared entry or group an entry link targets, with the
// link's constraints, costs and modifiers over it.
func (r *resolver) link(l *xEntry) (*Entry, error) {
	t, ok := r.entries[l.TargetID]
	if !ok {
		return nil, r.missing(l, "entry", l.Name, l.TargetID)
	}
	if r.onStack(l.TargetID) {
		return nil, r.errorf(l, "its link to %q (%s) leads back to itself; the links form a cycle", t.Name, t.ID)
	}
	kind := t.Type
	if l.Type == "selectionEntryGroup" {
		kind = "group"
	}
	var e *Entry
	err := r.within(l.TargetID, func() (err error) {
		e, err = r.entry(t, kind)
		return err
	})
	if err != nil {
		return nil, err
	}
	if l.Hidden == "true" {
		e.Hidden = true
	}
	if len(l.Constraints) > 0 {
		if err := r.constraints(e, l); err != nil {
			return nil, err
		}
	}
	if len(l.Costs) > 0 {
		e.Points = points(l.Costs)
	}
	if err := r.info(e, l); err != nil {
		return nil, err
	}
	r.modifiers(e, l.Modifiers)
	return e, nil
}

// onStack reports whether the link to id is being followed already.
func (r *resolver) onStack(id string) bool { return slices.Contains(r.stack, id) }

// within builds the shared thing of id, as written in its own file, with
// id on the stack of links followed.
func (r *resolver) within(id string, build func() error) error {
	r.stack = append(r.stack, id)
	file := r.file
	if f := r.from[id]; f != "" {
		r.file = f
	}
	defer func() { r.stack, r.file = r.stack[:len(r.stack)-1], file }()
	return build()
}

func (r *resolver) errorf(x *xEntry, format string, args ...any) error {
	return &Error{File: r.path, Entry: entryName(x.Name, x.ID), Msg: fmt.Sprintf(format, args...)}
}

// points is the first cost in points ("pts", else the first cost).
func points(cs []xCost) float64 {
	for _, c := range cs {
		if strings.EqualFold(c.Name, "pts") || strings.EqualFold(c.Name, "points") {
			v, _ := strconv.ParseFloat(c.Value, 64)
			return v
		}
	}
	if len(cs) > 0 {
		v, _ := strconv.ParseFloat(cs[0].Value, 64)
		return v
	}
	return 0
}

// profile copies p with the modifiers of the link that reached it applied.
// A profile of BattleScribe 2.01 names its type by id alone, and writes
// its values as attributes.
func (r *resolver) profile(p *xProfile, linkMods []xModifier) Profile {
	out := Profile{ID: p.ID, Name: p.Name, Type: p.TypeName}
	if out.Type == "" {
		out.Type = r.names[p.TypeID]
	}
	for _, v := range p.Values {
		val := Value{Name: v.Name, TypeID: v.TypeID, Text: strings.TrimSpace(v.Text)}
		if val.TypeID == "" {
			val.TypeID = v.OldTypeID
		}
		if val.Text == "" {
			val.Text = strings.TrimSpace(v.Value)
		}
		out.Values = append(out.Values, val)
	}
	mods := append(append([]xModifier(nil), p.Modifiers...), linkMods...)
	for _, m := range mods {
		if len(m.Conditions) == 0 && len(m.Groups) == 0 && len(m.Repeats) == 0 {
			applyValue(&out, m)
		}
	}
	out.Name = renamed(out.Name, mods)
	return out
}
