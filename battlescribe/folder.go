package battlescribe

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A wanted file is one a catalogue needs from its folder: its game system
// or a catalogue a catalogue links, and what it is in words, naming the
// file that links it, for the message when it is not there.
type wanted struct{ id, what string }

// addFolder reads, from the catalogue's folder, its game system and the
// catalogues it links, and the catalogues those link, however deep: The
// Old World's data links an army's catalogue to "Magic Items", which
// links each army's "Arcane Journal", and shared entries of the first
// link profiles of the last. Each file is read once, so that catalogues
// that link each other (a cycle) end.
func (r *resolver) addFolder(cat *xDoc) error {
	queue := wantsOf(cat, filepath.Base(r.path))
	if len(queue) == 0 {
		return nil
	}
	r.index = folderIndex(filepath.Dir(r.path), r.path)
	read := map[string]bool{cat.ID: true}
	for len(queue) > 0 {
		w := queue[0]
		queue = queue[1:]
		if read[w.id] {
			continue
		}
		read[w.id] = true
		p, ok := r.index[w.id]
		if !ok {
			return &Error{File: r.path, Msg: fmt.Sprintf("%s (id %s) is not in the folder %s; put the game system's .gst and every catalogue the catalogues link beside the catalogue, as the data repository has them",
				w.what, w.id, filepath.Dir(r.path))}
		}
		d, err := readRoot(p)
		if err != nil {
			return err
		}
		if d.XMLName.Local == "gameSystem" {
			r.system = d.Name
		}
		r.add(d, filepath.Base(p))
		queue = append(queue, wantsOf(d, filepath.Base(p))...)
	}
	return nil
}

// wantsOf is what a file needs from the folder: its game system and the
// catalogues it links.
func wantsOf(d *xDoc, file string) []wanted {
	var out []wanted
	if d.GameSystemID != "" {
		out = append(out, wanted{d.GameSystemID, "its game system"})
	}
	for _, l := range d.CatalogueLinks {
		out = append(out, wanted{l.TargetID, fmt.Sprintf("the catalogue %q that %s links", l.Name, file)})
	}
	return out
}

// folderIndex is the path of every game system and catalogue in dir, by
// the id of its root element, but for the file at self. Where two files
// have one id (a .cat and its zipped .catz), the first by name is kept.
func folderIndex(dir, self string) map[string]string {
	out := map[string]string{}
	files, _ := os.ReadDir(dir)
	for _, f := range files {
		ext := strings.ToLower(filepath.Ext(f.Name()))
		if f.IsDir() || !slices.Contains([]string{".cat", ".catz", ".gst", ".gstz"}, ext) {
			continue
		}
		p := filepath.Join(dir, f.Name())
		if same(p, self) {
			continue
		}
		if id, ok := rootID(p); ok && id != "" {
			if _, dup := out[id]; !dup {
				out[id] = p
			}
		}
	}
	return out
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

// missing is the error for a link whose target no file read holds. It
// names the file the link is written in, and the file of the folder that
// holds the target where one does (a catalogue no link reaches), else the
// files read, so that the user knows which file is missing or stale.
func (r *resolver) missing(x *xEntry, what, name, id string) error {
	where := ""
	if r.file != filepath.Base(r.path) {
		where = " (the link is in " + r.file + ")"
	}
	msg := fmt.Sprintf("its link to the %s %q (%s)%s leads nowhere: ", what, name, id, where)
	if holder := r.holder(id); holder != "" {
		return r.errorf(x, "%s%s in the folder holds it, but no catalogue link of %s or the catalogues it links reaches that file; the data's catalogue links are incomplete",
			msg, holder, filepath.Base(r.path))
	}
	return r.errorf(x, "%sno shared %s of that id in %s, nor in any other file of the folder; the data is incomplete, or the file that should hold it is missing from the folder",
		msg, what, listFiles(r.read))
}

// holder is the base name of a game system or catalogue of the folder,
// not read, that has an element of id, or "".
func (r *resolver) holder(id string) string {
	if r.index == nil {
		r.index = folderIndex(filepath.Dir(r.path), r.path)
	}
	var paths []string
	for _, p := range r.index {
		if !slices.Contains(r.read, filepath.Base(p)) {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	for _, p := range paths {
		if d, err := readRoot(p); err == nil && d.names[id] != "" {
			return filepath.Base(p)
		}
	}
	return ""
}

// listFiles names files for a message: the first five, and how many more.
func listFiles(files []string) string {
	if len(files) <= 5 {
		return strings.Join(files, ", ")
	}
	return fmt.Sprintf("%s and %d more files", strings.Join(files[:5], ", "), len(files)-5)
}
