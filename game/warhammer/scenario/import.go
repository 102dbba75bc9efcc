package scenario

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/battlescribe"
	"github.com/wargamesim/sim/scenarios"
)

// Import turns a BattleScribe catalogue or roster into a unit library
// (docs/import.md): every unit and character with its profile, what it
// must take (a catalogue's compulsory upgrades) or took (a roster's
// selections) mapped by the import table, its points, and its source.
// What the table cannot map is listed on the unit, under not_simulated;
// a catalogue's optional upgrades are listed, with their points, in a
// comment above it. Skipped says which entries were left out, and why.
func Import(doc *battlescribe.Document) (scenarios.ImportedLibrary, error) {
	return importWith(doc, loadImportTable())
}

// ImportAliases is Import with a user's alias file, read from data and
// named file in errors: names the data gives characteristics, rules or
// equipment, and what each means (docs/import.md).
func ImportAliases(doc *battlescribe.Document, file string, data []byte) (scenarios.ImportedLibrary, error) {
	t, err := loadImportTable().withAliases(file, data)
	if err != nil {
		return scenarios.ImportedLibrary{}, err
	}
	return importWith(doc, t)
}

func importWith(doc *battlescribe.Document, t *importTable) (lib scenarios.ImportedLibrary, err error) {
	im := &importer{t: t, doc: doc, keys: map[string]int{}}
	lib.Source = im.docSource()
	for _, e := range doc.Entries {
		if err := im.entry(e, &lib); err != nil {
			return lib, err
		}
	}
	lib.Summary = im.summary()
	return lib, nil
}

type importer struct {
	t    *importTable
	doc  *battlescribe.Document
	keys map[string]int // library names taken, for duplicates
	// assumed counts the units written whose troop type is assumed, and
	// dropped the names of rules and equipment left out of those written,
	// once each, with how many units had one: for the summary.
	assumed, droppedUnits int
	dropped               []string
}

// draft is one unit as the importer builds it.
type draft struct {
	u       Unit
	rules   []string // special_rules fields set
	options []string // a catalogue's optional upgrades, in words
	kind    string   // "unit" or "character"
	// dropped are the names the table does not know, and assumed says
	// that its troop type is infantry for want of one in the data.
	dropped []string
	assumed bool
	// save and ward are the saves the model profile gives, as written
	// ("4+", "-", "5+ against shooting"), for finish.
	save, ward string
	// riderType is the unit's troop type by its mount's, for a rider
	// whose profile gives none.
	riderType string
	// unknownType is a troop type the data gives that the table does not
	// know, for the note.
	unknownType string
}

// entry imports one root entry (a catalogue's, or a roster's selection),
// or says in lib.Skipped why it is left out.
func (im *importer) entry(e *battlescribe.Entry, lib *scenarios.ImportedLibrary) error {
	skip := func(why string) { lib.Skipped = append(lib.Skipped, fmt.Sprintf("%s: %s", e.Name, why)) }
	if e.Hidden {
		skip("hidden in the list builder until something unlocks it; left out")
		return nil
	}
	model, mp := im.rankAndFile(e)
	if model == nil {
		if e.Kind == "unit" || e.Kind == "model" {
			skip("no model profile; left out")
		}
		return nil
	}
	d := &draft{kind: "unit"}
	// A character is one model in a character category, whether the data
	// calls its entry a model or a unit (the 6th-edition data does both).
	if (e.Kind == "model" || model == e) && im.t.isCharacter(e.Categories) {
		d.kind = "character"
	}
	d.u.Name, d.u.Source = e.Name, im.entrySource(e)
	if err := im.profile(d, e, mp); err != nil {
		var bad badValue
		if ok := asBadValue(err, &bad); ok {
			skip(bad.Error() + "; left out")
			return nil
		}
		return err
	}
	im.models(d, e, model)
	im.info(d, e, model, mp)
	im.upgrades(d, e, model)
	d.finish()
	if err := d.check(); err != nil {
		skip(fmt.Sprintf("the engine cannot fight it as the data gives it (%v); left out", err))
		return nil
	}
	key := im.key(e.Name)
	u := scenarios.ImportedUnit{Key: key, Kind: d.kind, Options: d.options, YAML: d.yaml()}
	lib.Units = append(lib.Units, u)
	im.tally(d)
	return nil
}

// tally counts what a unit written assumed and dropped, for the summary.
func (im *importer) tally(d *draft) {
	if d.assumed {
		im.assumed++
	}
	if len(d.dropped) > 0 {
		im.droppedUnits++
	}
	for _, n := range d.dropped {
		im.dropped = appendNew(im.dropped, strings.TrimRight(strings.TrimSpace(n), ": "))
	}
}

// summary is one line on what the units written assume and leave out,
// for sim import's output, so that a user who reads no comment still
// learns it: "3 units assume infantry (no troop type in the data); 4
// units have rules or equipment sim does not simulate: Stupidity, Frenzy
// and 1 more (listed under not_simulated)". "" when nothing.
func (im *importer) summary() string {
	var parts []string
	if im.assumed > 0 {
		parts = append(parts, fmt.Sprintf("%s infantry (no troop type in the data; give type: to change it)", plural(im.assumed, "unit assumes", "units assume")))
	}
	if n := len(im.dropped); n > 0 {
		names := im.dropped[:min(n, 5)]
		more := ""
		if n > 5 {
			more = fmt.Sprintf(" and %d more", n-5)
		}
		parts = append(parts, fmt.Sprintf("%s rules or equipment sim does not simulate: %s%s (listed under not_simulated)",
			plural(im.droppedUnits, "unit has", "units have"), strings.Join(names, ", "), more))
	}
	return strings.Join(parts, "; ")
}

// plural is n and the singular or plural words.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// rankAndFile finds the unit's model entry, which holds how many models
// it has and what each costs, and the model profile, wherever it sits:
// on the model entry itself (a single model, or a unit's model child
// with its own profile), or on the unit entry while a model child with
// no profile of its own holds the size and the points (the layout of
// most 6th-edition data and of the 4th and 5th). Command models are
// never the rank and file.
func (im *importer) rankAndFile(e *battlescribe.Entry) (*battlescribe.Entry, *battlescribe.Profile) {
	if p := im.modelProfile(e); p != nil {
		if c := im.rankAndFileChild(e, false); c != nil {
			return c, p
		}
		return e, p
	}
	c := im.rankAndFileChild(e, true)
	if c == nil {
		return nil, nil
	}
	return c, im.modelProfile(c)
}

// rankAndFileChild is the model child of e that is its rank and file,
// with a model profile of its own (withProfile) or without one: in a
// catalogue the first the unit must take, else the first; in a roster
// the most numerous, as a roster's champion is a model of one.
func (im *importer) rankAndFileChild(e *battlescribe.Entry, withProfile bool) *battlescribe.Entry {
	roster := im.doc.Kind == "roster"
	var best *battlescribe.Entry
	for _, c := range e.Children {
		if c.Kind != "model" || c.SubType == "mount" || (im.modelProfile(c) != nil) != withProfile || im.commandModel(c, "") {
			continue
		}
		switch {
		case roster && (best == nil || c.Max > best.Max):
			best = c
		case !roster && c.Min > 0:
			return c
		case best == nil:
			best = c
		}
	}
	return best
}

// modelProfile is e's first model profile that is not a mount's.
func (im *importer) modelProfile(e *battlescribe.Entry) *battlescribe.Profile {
	for i := range e.Profiles {
		p := &e.Profiles[i]
		if im.t.isModel(p.Type) && !im.t.isMountProfile(p) {
			return p
		}
	}
	return nil
}

// badValue is a characteristic the engine cannot read ("D6", "Special").
type badValue struct{ name, value string }

// Error says which characteristic, and what it holds.
func (b badValue) Error() string {
	return fmt.Sprintf("its %s is %q, which is not a number", b.name, b.value)
}

// asBadValue reports whether err is a badValue, and sets out to it.
func asBadValue(err error, out *badValue) bool {
	b, ok := err.(badValue)
	if ok {
		*out = b
	}
	return ok
}

// profile reads a model profile's characteristics into d's profile, and
// its troop type and saves where it gives them.
func (im *importer) profile(d *draft, e *battlescribe.Entry, p *battlescribe.Profile) error {
	prof, mv, err := im.readProfile(e, p)
	if err != nil {
		return err
	}
	d.u.Profile = prof
	if mv.typ != "" {
		d.u.Type = mv.typ
	}
	d.save, d.ward = mv.save, mv.ward
	for _, n := range mv.notes {
		d.note(n)
	}
	return nil
}

// modelValues is what a model profile gives beside its characteristics:
// its troop type, an armour and a ward save as the data writes them, and
// notes on what was read leniently (an M of "8 (7)").
type modelValues struct {
	typ, save, ward string
	notes           []string
}

// readProfile maps a profile's characteristics to a Profile by what each
// means; an unknown characteristic name is an error, as sim cannot tell
// what it means and the user can (an alias file).
func (im *importer) readProfile(e *battlescribe.Entry, p *battlescribe.Profile) (Profile, modelValues, error) {
	var prof Profile
	var mv modelValues
	fields := map[string]*int{"M": &prof.M, "WS": &prof.WS, "BS": &prof.BS, "S": &prof.S, "T": &prof.T,
		"W": &prof.W, "I": &prof.I, "A": &prof.A, "Ld": &prof.Ld}
	for _, v := range p.Values {
		field, ok := im.t.chars[charKey(v.Name)]
		switch {
		case !ok:
			return prof, mv, im.unknownChar(e, p, v.Name)
		case field == "type":
			mv.typ = im.t.troopType(v.Text)
		case field == "save":
			mv.save = v.Text
		case field == "ward":
			mv.ward = v.Text
		case field == "ignore":
		default:
			n, err := characteristic(v.Text)
			if err != nil && field == "M" {
				// M is never read by the engine: a barded steed's "8 (7)"
				// or a fanatic's "2D6" is not worth losing the unit for.
				n, err = firstNumber(v.Text), nil
				mv.notes = append(mv.notes, fmt.Sprintf("%s %q: read as %d (the engine does not use M)", v.Name, v.Text, n))
			}
			if err != nil {
				return prof, mv, badValue{v.Name, v.Text}
			}
			*fields[field] = n
		}
	}
	return prof, mv, nil
}

// unknownChar is the error for a characteristic the table does not know:
// where it is, what sim knows, and how the user says what it means.
func (im *importer) unknownChar(e *battlescribe.Entry, p *battlescribe.Profile, name string) error {
	return &battlescribe.Error{File: im.doc.Path, Entry: fmt.Sprintf("%q (%s)", e.Name, e.ID),
		Msg: fmt.Sprintf("profile %q has the characteristic %q, which sim does not know; it knows %s. "+
			"Say what %q is in an alias file, a line such as %q (or %q to pass it over), and import again with sim import --aliases FILE",
			p.Name, name, im.t.knownChars(), name, name+" = WS", name+" = ignore")}
}

// characteristic reads a characteristic: a whole number, or 0 for "-" and
// for nothing (no Ballistic Skill).
func characteristic(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "-" {
		return 0, nil
	}
	return strconv.Atoi(s)
}

// firstNumber is the whole number s starts with, or the first in it: 8
// for "8 (7)"; 0 where there is none.
func firstNumber(s string) int {
	i := strings.IndexAny(s, "0123456789")
	if i < 0 {
		return 0
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	n, _ := strconv.Atoi(s[i:j])
	return n
}

// models sets the unit's size: what the roster took, or the smallest the
// catalogue allows (at least one). A catalogue's minimum above one is
// also written as min_models, so that no scenario or --points fields the
// unit smaller; a roster's model entry gives only what was taken.
func (im *importer) models(d *draft, e, model *battlescribe.Entry) {
	n := max(model.Min, 1)
	if im.doc.Kind == "roster" && model != e {
		n = max(model.Max, 1)
	}
	if model == e {
		n = 1
	}
	if d.kind == "unit" {
		d.u.Models = n
		if im.doc.Kind != "roster" && model != e && model.Min > 1 {
			d.u.MinModels = model.Min
		}
	}
	d.u.Points = model.Points
	if model != e {
		if im.doc.Kind == "roster" {
			d.u.Points = model.Points / float64(n)
		}
		d.u.UnitPoints = e.Points
	}
}

// info maps the rules and the non-model profiles (weapons, armour, mounts)
// of the unit and its model.
func (im *importer) info(d *draft, e, model *battlescribe.Entry, mp *battlescribe.Profile) {
	seen := map[string]bool{}
	for _, x := range uniqueEntries(e, model) {
		for i := range x.Profiles {
			p := &x.Profiles[i]
			switch {
			case p == mp || seen["profile:"+p.Name] || im.t.isIgnored(p.Type):
			case im.t.isUnitProfile(p.Type):
				im.unitProfile(d, p)
			case im.t.isMountProfile(p):
				im.mount(d, x, p)
			case im.t.isModel(p.Type):
				d.note(fmt.Sprintf("%s: a second model profile; left out", p.Name))
			default:
				im.give(d, p.Name, "equipment profile")
			}
			seen["profile:"+p.Name] = true
		}
		for _, r := range x.Rules {
			if !seen["rule:"+r] {
				im.give(d, r, "rule")
			}
			seen["rule:"+r] = true
		}
		for _, s := range x.Skipped {
			d.note(x.Name + ": " + s)
		}
	}
}

// uniqueEntries is the unit and its model entry, once each.
func uniqueEntries(e, model *battlescribe.Entry) []*battlescribe.Entry {
	if e == model {
		return []*battlescribe.Entry{e}
	}
	return []*battlescribe.Entry{e, model}
}

// mount makes a mount profile the unit's mount: its kind from the table,
// and its attacks.
func (im *importer) mount(d *draft, x *battlescribe.Entry, p *battlescribe.Profile) {
	prof, _, err := im.readProfile(x, p)
	if err != nil {
		d.note(fmt.Sprintf("%s: a mount whose profile cannot be read (%v); left out", p.Name, err))
		return
	}
	d.u.Mount = &Mount{Name: p.Name, Kind: im.mountKind(x, p),
		Profile: &MountProfile{M: prof.M, WS: prof.WS, S: prof.S, I: prof.I, A: prof.A}}
	d.riderType = im.riderType(x, p)
	if strings.Contains(normName(p.Name), "barded") {
		d.u.Equipment = appendNew(d.u.Equipment, "barding")
	}
}

// give applies what the table says name gives, or notes that it has no
// engine rule. It reports whether the name gave something.
func (im *importer) give(d *draft, name, what string) bool {
	phs, ok := im.t.phrases(name)
	if !ok {
		d.note(fmt.Sprintf("%s: no engine rule; left out", name))
		d.dropped = appendNew(d.dropped, name)
		return false
	}
	for _, ph := range phs {
		d.apply(name, ph)
	}
	return true
}

// key is a library name for a unit called name: lower case, words joined
// by _, with _2, _3 for a name taken.
func (im *importer) key(name string) string {
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			under = false
		case r == '\'':
		default:
			under = true
		}
	}
	k := b.String()
	if k == "" {
		k = "unit"
	}
	im.keys[k]++
	if n := im.keys[k]; n > 1 {
		k = fmt.Sprintf("%s_%d", k, n)
	}
	return k
}

// docSource names the file read, for the library's source line.
func (im *importer) docSource() string {
	d := im.doc
	s := fmt.Sprintf("%s: %s %q", filepath.Base(d.Path), d.Kind, d.Name)
	if d.Revision != "" {
		s += ", revision " + d.Revision
	}
	if d.GameSystem != "" {
		s += ", " + d.GameSystem
	}
	return s
}

// entrySource is a unit's source line: the file and the entry.
func (im *importer) entrySource(e *battlescribe.Entry) string {
	s := fmt.Sprintf("%s, entry %q (%s)", filepath.Base(im.doc.Path), e.Name, e.ID)
	if e.Page != "" && e.Page != "0" {
		s += ", page " + e.Page
	}
	return s
}

// Import reads a BattleScribe document into a library file's units
// (sim import).
func (Game) Import(doc *battlescribe.Document) (scenarios.ImportedLibrary, error) { return Import(doc) }

// ImportAliases reads a BattleScribe document with a user's alias file
// (sim import --aliases).
func (Game) ImportAliases(doc *battlescribe.Document, file string, data []byte) (scenarios.ImportedLibrary, error) {
	return ImportAliases(doc, file, data)
}

// ReadsSystem reports whether a BattleScribe game system is Warhammer's:
// the community data's are "Warhammer Fantasy ..." and "Warhammer: The
// Old World".
func (Game) ReadsSystem(system string) bool {
	return strings.Contains(strings.ToLower(system), "warhammer")
}

// ImportLacks is "": sim imports Warhammer data.
func (Game) ImportLacks() string { return "" }
