package battlescribe

import (
	"fmt"
	"strings"
)

// A Document is one file read: a catalogue with the entries it offers, a
// game system, or a roster with the selections a player made.
type Document struct {
	Path string // the file read
	Kind string // "catalogue", "gameSystem" or "roster"
	ID   string
	Name string
	// Revision is the catalogue's or game system's revision, "" for a
	// roster.
	Revision string
	// Library reports a library catalogue (library="true"): shared entries
	// for the catalogues that link it, with no units of its own.
	Library bool
	// GameSystem is the game system's name where the file gives it (a
	// roster, or a catalogue whose .gst was read), else its id.
	GameSystem string
	// Entries are the catalogue's root entries (its selection entries and
	// root entry links, followed), or the roster's selections, force by
	// force.
	Entries []*Entry
}

// An Entry is one thing a catalogue offers or a roster holds: a unit, a
// model, an upgrade, or a group of them to choose from. Links are
// followed: an entry reached through an entry link is the shared entry
// with the link's constraints, costs and modifiers laid over it.
type Entry struct {
	ID   string // the entry's id; a roster selection's entryId where it has one
	Name string
	Kind string // "unit", "model", "upgrade" or "group"
	// SubType is what a model entry is, where the data says: "mount" (a
	// model's steed) or "crew" (a command model), as The Old World's data
	// writes them; "" where it does not.
	SubType string
	Page    string
	// Min and Max are how many of it its parent must and may take (a
	// constraint on selections with scope parent; Max -1 for no limit).
	// In a roster both are the number taken.
	Min, Max int
	Hidden   bool
	Default  string // a group's default entry, by id
	Profiles []Profile
	Rules    []string // the names of its rules, own and linked
	// Categories are the names of its categories (category links in a
	// catalogue, categories in a roster): "Core", "Characters".
	Categories []string
	// Points is its cost in points: one of it in a catalogue; the whole
	// selection in a roster.
	Points float64
	// PerModel is what it adds for each model of its parent: a cost
	// modifier repeated per model ("+1 point a model for shields").
	PerModel float64
	Children []*Entry
	// Skipped says what the reader did not apply: modifiers that depend on
	// what is selected, in words.
	Skipped []string
}

// A Profile is a named set of characteristics of a profile type: "Model"
// with M WS BS S T W I A Ld, "Weapon", "Armour".
type Profile struct {
	ID, Name, Type string
	Values         []Value
}

// A Value is one characteristic of a profile, as written.
type Value struct {
	Name, TypeID, Text string
}

// Get returns the characteristic called name, ignoring case.
func (p Profile) Get(name string) (string, bool) {
	for _, v := range p.Values {
		if strings.EqualFold(v.Name, name) {
			return v.Text, true
		}
	}
	return "", false
}

// An Error is a problem with a file: where, in which entry, and what to
// do.
type Error struct {
	File  string
	Entry string // `"Black Orcs" (3c76-2ff6-7e13-d84a)`, or "" for the file as a whole
	Line  int    // for bad XML or JSON, else 0
	Msg   string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Entry != "" {
		b.WriteString("entry " + e.Entry + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// entryName is how an error names an entry.
func entryName(name, id string) string {
	if id == "" {
		return fmt.Sprintf("%q", name)
	}
	return fmt.Sprintf("%q (%s)", name, id)
}
