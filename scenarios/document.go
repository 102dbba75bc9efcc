package scenarios

import (
	"bytes"

	"go.yaml.in/yaml/v3"
)

// A Document is a scenario file as read, parsed once: its name, its bytes
// and their YAML tree. Every step of a load reads the tree (is it a
// house-rules file, which game is it, the strict decode into the game's
// types) instead of parsing the bytes again.
type Document struct {
	File string // names the file in errors and gives its default name: a path, or "builtin:NAME"
	Data []byte // the file's YAML

	root yaml.Node // the first YAML document, when it parsed
	err  error     // why the first document did not parse; io.EOF when the file has none
	// The second document, which a scenario must not have: its parse
	// error (io.EOF when there is none), else the document.
	extraErr error
	extra    yaml.Node
}

// Parse parses data, read from file, into a Document. It never fails:
// what is wrong with the YAML is kept for [Decode]'s messages, and the
// quick looks a load takes first (the game field) see no field at all.
func Parse(file string, data []byte) *Document {
	d := &Document{File: file, Data: data}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if d.err = dec.Decode(&d.root); d.err == nil {
		d.extraErr = dec.Decode(&d.extra)
	}
	return d
}

// mapping is the document's top-level mapping, or nil when the first
// document did not parse or is not a mapping.
func (d *Document) mapping() *yaml.Node {
	if d.err != nil || len(d.root.Content) != 1 || d.root.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	return d.root.Content[0]
}

// game reads the top-level game field without decoding the rest, as a
// plain (not strict) decode of the first document would: "" when there is
// none, or the YAML does not parse or does not fit (the full decode
// reports that).
func (d *Document) game() string {
	var top struct {
		Game string `yaml:"game"`
	}
	if d.err != nil || d.root.Decode(&top) != nil {
		return ""
	}
	return top.Game
}

// topKeys lists the top-level keys of the document's mapping, each with
// the kind of its value; nil when it has none (the full decoder reports
// that).
func (d *Document) topKeys() map[string]yaml.Kind {
	m := d.mapping()
	if m == nil {
		return nil
	}
	keys := map[string]yaml.Kind{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		keys[m.Content[i].Value] = m.Content[i+1].Kind
	}
	return keys
}

// line is the line of the top-level field name's value, or 1.
func (d *Document) line(name string) int {
	if d.err == nil && len(d.root.Content) == 1 {
		m := d.root.Content[0]
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == name {
				return m.Content[i+1].Line
			}
		}
	}
	return 1
}
