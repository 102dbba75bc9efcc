package battlescribe

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// MaxFileSize is the most Open reads of one file, zipped or not, and the
// most it unzips from one: 64 MiB, ten times the largest community
// catalogue, so that a wrong path or a zip bomb is refused instead of
// read without end.
const MaxFileSize = 64 << 20

// Extensions are the file names Open reads, by what they hold.
var Extensions = []string{".cat", ".catz", ".gst", ".gstz", ".ros", ".rosz", ".json"}

// Open reads the catalogue, game system or roster at path (zipped or not),
// or a New Recruit JSON roster, and follows its links. A catalogue's game
// system and the catalogues it links are read from the same folder, found
// by id.
func Open(path string) (*Document, error) {
	root, err := readRoot(path)
	if err != nil {
		return nil, err
	}
	if len(root.Old) > 0 && len(root.Entries) == 0 {
		return nil, &Error{File: path, Msg: "written in BattleScribe 1's schema (<entries>), which sim does not read; take the file from the data repository's current version, or open and save it in BattleScribe 2"}
	}
	r := newResolver(path)
	doc := &Document{Path: path, ID: root.ID, Name: root.Name, Revision: root.Revision, Library: root.Library == "true"}
	switch root.XMLName.Local {
	case "roster":
		doc.Kind, doc.GameSystem = "roster", root.GameSystemName
		return doc, r.roster(doc, root)
	case "catalogue":
		doc.Kind, doc.GameSystem = "catalogue", root.GameSystemID
		if err := r.addFolder(root); err != nil {
			return nil, err
		}
		if r.system != "" {
			doc.GameSystem = r.system
		}
	case "gameSystem":
		doc.Kind, doc.GameSystem = "gameSystem", root.Name
	default:
		return nil, &Error{File: path, Msg: fmt.Sprintf("the root element is <%s>; a BattleScribe file starts with <catalogue>, <gameSystem> or <roster>", root.XMLName.Local)}
	}
	r.add(root, filepath.Base(path))
	return doc, r.catalogue(doc, root)
}

// readRoot reads and decodes the file at path by its extension.
func readRoot(path string) (*xDoc, error) {
	ext := strings.ToLower(filepath.Ext(path))
	data, err := readLimited(path)
	if err != nil {
		return nil, err
	}
	switch ext {
	case ".catz", ".gstz", ".rosz":
		if data, err = unzip(path, data); err != nil {
			return nil, err
		}
		return decodeXML(path, data)
	case ".cat", ".gst", ".ros", ".xml":
		return decodeXML(path, data)
	case ".json":
		return decodeJSON(path, data)
	}
	return nil, &Error{File: path, Msg: fmt.Sprintf("%q is not a file sim import reads; give one of %s", ext, strings.Join(Extensions, ", "))}
}

// readLimited reads at most MaxFileSize bytes of the file at path.
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, &Error{File: path, Msg: fmt.Sprintf("larger than %d MiB, the most sim reads; check the path", MaxFileSize>>20)}
	}
	return data, nil
}

// unzip returns the one file a .catz, .gstz or .rosz holds.
func unzip(path string, data []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, &Error{File: path, Msg: fmt.Sprintf("not a zip file (%v); a %s is a zipped %s", err, filepath.Ext(path), strings.TrimSuffix(filepath.Ext(path), "z"))}
	}
	var members []*zip.File
	for _, f := range zr.File {
		if !f.FileInfo().IsDir() {
			members = append(members, f)
		}
	}
	if len(members) != 1 {
		return nil, &Error{File: path, Msg: fmt.Sprintf("holds %d files; a zipped BattleScribe file holds exactly one", len(members))}
	}
	rc, err := members[0].Open()
	if err != nil {
		return nil, &Error{File: path, Msg: fmt.Sprintf("%s: %v", members[0].Name, err)}
	}
	defer rc.Close()
	out, err := io.ReadAll(io.LimitReader(rc, MaxFileSize+1))
	if err != nil {
		return nil, &Error{File: path, Msg: fmt.Sprintf("%s: %v", members[0].Name, err)}
	}
	if len(out) > MaxFileSize {
		return nil, &Error{File: path, Msg: fmt.Sprintf("%s unzips to more than %d MiB, the most sim reads", members[0].Name, MaxFileSize>>20)}
	}
	return out, nil
}

// decodeXML decodes a BattleScribe XML file; a syntax error names its line.
func decodeXML(path string, data []byte) (*xDoc, error) {
	var root xDoc
	if err := xml.Unmarshal(data, &root); err != nil {
		var se *xml.SyntaxError
		if errors.As(err, &se) {
			return nil, &Error{File: path, Line: se.Line, Msg: "bad XML: " + se.Msg + "; is the file whole, and is it a BattleScribe file?"}
		}
		return nil, &Error{File: path, Msg: "bad XML: " + err.Error()}
	}
	root.names = names(data)
	return &root, nil
}

// names reads the name of every element that has an id and a name.
func names(data []byte) map[string]string {
	out := map[string]string{}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		var id, name string
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "id":
				id = a.Value
			case "name":
				name = a.Value
			}
		}
		if id != "" && name != "" {
			if _, seen := out[id]; !seen {
				out[id] = name
			}
		}
	}
}

// The New Recruit JSON export: the roster schema, elements as objects,
// lists as arrays, element text as "$text".
type (
	jExport struct {
		Roster *jRoster `json:"roster"`
	}
	jRoster struct {
		ID             string   `json:"id"`
		Name           string   `json:"name"`
		GameSystemName string   `json:"gameSystemName"`
		Forces         []jForce `json:"forces"`
	}
	jForce struct {
		ID            string   `json:"id"`
		Name          string   `json:"name"`
		CatalogueName string   `json:"catalogueName"`
		Selections    []jSel   `json:"selections"`
		Forces        []jForce `json:"forces"`
	}
	jSel struct {
		ID         string     `json:"id"`
		Name       string     `json:"name"`
		EntryID    string     `json:"entryId"`
		Type       string     `json:"type"`
		SubType    string     `json:"subType"`
		Number     float64    `json:"number"`
		Selections []jSel     `json:"selections"`
		Profiles   []jProfile `json:"profiles"`
		Rules      []jNamed   `json:"rules"`
		Categories []jNamed   `json:"categories"`
		Costs      []jCost    `json:"costs"`
	}
	jProfile struct {
		ID              string `json:"id"`
		Name            string `json:"name"`
		TypeName        string `json:"typeName"`
		Characteristics []struct {
			Name   string `json:"name"`
			TypeID string `json:"typeId"`
			Text   string `json:"$text"`
		} `json:"characteristics"`
	}
	jNamed struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	jCost struct {
		Name   string  `json:"name"`
		TypeID string  `json:"typeId"`
		Value  float64 `json:"value"`
	}
)

// decodeJSON decodes a New Recruit JSON roster into the XML form.
func decodeJSON(path string, data []byte) (*xDoc, error) {
	var ex jExport
	if err := json.Unmarshal(data, &ex); err != nil {
		line := 0
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line = 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		}
		return nil, &Error{File: path, Line: line, Msg: "bad JSON: " + err.Error() + "; export the roster from New Recruit as JSON again"}
	}
	if ex.Roster == nil {
		return nil, &Error{File: path, Msg: `no "roster" object; a New Recruit JSON export starts {"roster": {...}}`}
	}
	root := &xDoc{XMLName: xml.Name{Local: "roster"}, ID: ex.Roster.ID, Name: ex.Roster.Name, GameSystemName: ex.Roster.GameSystemName}
	root.Forces = jForces(ex.Roster.Forces)
	return root, nil
}

func jForces(fs []jForce) []xForce {
	out := make([]xForce, len(fs))
	for i, f := range fs {
		out[i] = xForce{ID: f.ID, Name: f.Name, CatalogueName: f.CatalogueName, Selections: jSels(f.Selections), Forces: jForces(f.Forces)}
	}
	return out
}

func jSels(ss []jSel) []xEntry {
	out := make([]xEntry, len(ss))
	for i, s := range ss {
		x := xEntry{ID: s.ID, Name: s.Name, EntryID: s.EntryID, Type: s.Type, SubType: s.SubType, Number: fmt.Sprint(s.Number), Selections: jSels(s.Selections)}
		for _, p := range s.Profiles {
			xp := xProfile{ID: p.ID, Name: p.Name, TypeName: p.TypeName}
			for _, c := range p.Characteristics {
				xp.Values = append(xp.Values, xValue{Name: c.Name, TypeID: c.TypeID, Text: c.Text})
			}
			x.Profiles = append(x.Profiles, xp)
		}
		for _, r := range s.Rules {
			x.Rules = append(x.Rules, xRule{ID: r.ID, Name: r.Name})
		}
		for _, c := range s.Categories {
			x.Categories = append(x.Categories, xNamed{Name: c.Name})
		}
		for _, c := range s.Costs {
			x.Costs = append(x.Costs, xCost{Name: c.Name, TypeID: c.TypeID, Value: fmt.Sprint(c.Value)})
		}
		out[i] = x
	}
	return out
}
