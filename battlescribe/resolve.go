package battlescribe

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
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
}

func newResolver(path string) *resolver {
	return &resolver{path: path, entries: map[string]*xEntry{}, profiles: map[string]*xProfile{},
		rules: map[string]*xRule{}, groups: map[string]*xInfoGroup{}, costTypes: map[string]bool{}, names: map[string]string{}}
}

// add indexes the shared things of one file.
func (r *resolver) add(d *xDoc) {
	for _, c := range d.CostTypes {
		r.costTypes[c.ID] = true
	}
	for id, name := range d.names {
		if _, ok := r.names[id]; !ok {
			r.names[id] = name
		}
	}
	for i := range d.SharedEntries {
		r.entries[d.SharedEntries[i].ID] = &d.SharedEntries[i]
	}
	for i := range d.SharedGroups {
		r.entries[d.SharedGroups[i].ID] = &d.SharedGroups[i]
	}
	for i := range d.Entries { // root entries may be linked from other catalogues
		if _, ok := r.entries[d.Entries[i].ID]; !ok {
			r.entries[d.Entries[i].ID] = &d.Entries[i]
		}
	}
	for i := range d.SharedProfiles {
		r.profiles[d.SharedProfiles[i].ID] = &d.SharedProfiles[i]
	}
	for i := range d.SharedRules {
		r.rules[d.SharedRules[i].ID] = &d.SharedRules[i]
	}
	for i := range d.Rules {
		r.rules[d.Rules[i].ID] = &d.Rules[i]
	}
	for i := range d.InfoGroups {
		r.groups[d.InfoGroups[i].ID] = &d.InfoGroups[i]
	}
}

// addFolder reads, from the catalogue's folder, its game system and the
// catalogues it links, by id.
func (r *resolver) addFolder(cat *xDoc) error {
	want := map[string]string{} // id to what it is, for the message
	if cat.GameSystemID != "" {
		want[cat.GameSystemID] = "its game system"
	}
	for _, l := range cat.CatalogueLinks {
		want[l.TargetID] = fmt.Sprintf("the catalogue %q it links", l.Name)
	}
	if len(want) == 0 {
		return nil
	}
	dir := filepath.Dir(r.path)
	files, _ := os.ReadDir(dir)
	for _, f := range files {
		ext := strings.ToLower(filepath.Ext(f.Name()))
		if f.IsDir() || ext == ".ros" || ext == ".rosz" || ext == ".json" || !isBattleScribe(ext) {
			continue
		}
		p := filepath.Join(dir, f.Name())
		if same(p, r.path) {
			continue
		}
		id, ok := rootID(p)
		if _, wanted := want[id]; !ok || !wanted {
			continue
		}
		d, err := readRoot(p)
		if err != nil {
			return err
		}
		if d.XMLName.Local == "gameSystem" {
			r.system = d.Name
		}
		r.add(d)
		delete(want, id)
	}
	for id, what := range want {
		return &Error{File: r.path, Msg: fmt.Sprintf("%s (id %s) is not in the folder %s; put the game system's .gst (and any linked .cat) beside the catalogue, as the data repository has them", what, id, dir)}
	}
	return nil
}

func isBattleScribe(ext string) bool {
	for _, e := range Extensions {
		if e == ext {
			return true
		}
	}
	return false
}

// same reports whether two paths name the same file.
func same(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// rootID reads the id of a BattleScribe file's root element, reading no
// further; false if it is not one (zipped files are read whole).
func rootID(path string) (string, bool) {
	if strings.HasSuffix(strings.ToLower(path), "z") {
		d, err := readRoot(path)
		if err != nil {
			return "", false
		}
		return d.ID, true
	}
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "id" {
					return a.Value, true
				}
			}
			return "", false
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
	e := &Entry{ID: x.ID, Name: x.Name, Kind: kind, Page: x.Page, Hidden: x.Hidden == "true", Default: x.Default, Max: -1}
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
			if err := r.infoGroup(e, x, g); err != nil {
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
	for _, id := range r.stack {
		if id == l.TargetID {
			return nil, r.errorf(l, "its link to %q (%s) leads back to itself; the links form a cycle", t.Name, t.ID)
		}
	}
	r.stack = append(r.stack, l.TargetID)
	defer func() { r.stack = r.stack[:len(r.stack)-1] }()
	kind := t.Type
	if l.Type == "selectionEntryGroup" {
		kind = "group"
	}
	e, err := r.entry(t, kind)
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

func (r *resolver) missing(x *xEntry, what, name, id string) error {
	return r.errorf(x, "its link to the %s %q (%s) leads nowhere: no shared %s of that id in the file, its game system or the catalogues it links; the data is incomplete, or a file it needs is missing from the folder", what, name, id, what)
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
