package scenarios

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A library file is a user's unit library in one YAML file, such as sim
// import writes (docs/import.md):
//
//	game: warhammer
//	source: Orcs and Goblins.cat: catalogue "Orcs and Goblins", revision 13
//	units:
//	  black_orcs:
//	    name: Black Orcs
//	    profile: {M: 4, WS: 4, BS: 3, S: 4, T: 4, W: 1, I: 2, A: 1, Ld: 8}
//	    ...
//	characters:
//	  black_orc_big_boss: ...
//
// Each unit is written as a library unit's file is (no id, no from). A
// scenario names its library files with `library:`; sim units --library
// and sim matrix --library read them too.
type libraryFile[U any] struct {
	Game       string       `yaml:"game"`
	Source     string       `yaml:"source"`
	Units      map[string]U `yaml:"units"`
	Characters map[string]U `yaml:"characters"`
}

// LibrarySections are the lists of a library file: section is one of them.
var LibrarySections = []string{"units", "characters"}

// WithFiles returns the library with the units of the library files at
// paths (their section "units" or "characters") before its own, or only
// those units if builtin is false. Each unit of a file is also named by
// the file's namespace, its base name without the extension (og6.yaml's
// trolls is og6.trolls), so that two armies' files with one unit name
// can be used together: the plain name is then ambiguous, and from:
// must give the file's ([LibraryNamespace]). Two files of one namespace
// are an error naming both; a name in a file and in the built-in library
// is the file's. game is the game's name, which a file's game field must
// be if it gives one. Problems come back as an [ErrorList] with file,
// line and field.
func (l UnitLibrary[U]) WithFiles(game, section string, paths []string, builtin bool) (UnitLibrary[U], error) {
	out := l
	out.files, out.paths, out.ambiguous = map[string]fileUnit{}, nil, map[string][]string{}
	if !builtin {
		out.FS = nil
	}
	spaces := map[string]string{} // namespace to the file that has it
	for _, path := range paths {
		units, err := readLibraryFile[U](game, section, path)
		if err != nil {
			return out, err
		}
		ns := LibraryNamespace(path)
		if prev, ok := spaces[ns]; ok {
			return out, ErrorList{{File: path, Msg: fmt.Sprintf("its units are named %s.NAME, as are %s's; rename one of the two files", ns, prev)}}
		}
		spaces[ns] = path
		abs, err := filepath.Abs(path)
		if err != nil {
			abs = path
		}
		out.paths = append(out.paths, abs)
		for _, name := range slices.Sorted(maps.Keys(units)) {
			out.addFileUnit(ns, name, fileUnit{yaml: units[name], file: path})
		}
	}
	return out, nil
}

// addFileUnit adds one unit of a library file under its namespaced name,
// and under its plain name unless another file has that name, which then
// becomes ambiguous.
func (l *UnitLibrary[U]) addFileUnit(ns, name string, u fileUnit) {
	l.files[ns+"."+name] = u
	switch prev, taken := l.files[name]; {
	case len(l.ambiguous[name]) > 0:
		l.ambiguous[name] = append(l.ambiguous[name], ns+"."+name)
	case taken:
		delete(l.files, name)
		l.ambiguous[name] = []string{LibraryNamespace(prev.file) + "." + name, ns + "." + name}
	default:
		l.files[name] = u
	}
}

// LibraryNamespace is the name a library file's units are namespaced by:
// its base name without the extension, with any character but a letter,
// a digit, - and _ made _ ("Orcs and Goblins.yaml" is Orcs_and_Goblins).
func LibraryNamespace(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return strings.Map(func(r rune) rune {
		if plainWord(string(r)) {
			return r
		}
		return '_'
	}, base)
}

// Paths are the library files WithFiles read, absolute, for a scenario
// written from this library (sim matrix's cells) to name.
func (l UnitLibrary[U]) Paths() []string { return slices.Clone(l.paths) }

// readLibraryFile reads one library file: it decodes strictly (every
// field of every unit checked, with its line) and returns the YAML of
// each unit of the section.
func readLibraryFile[U any](game, section, path string) (map[string][]byte, error) {
	data, err := ReadLimited(path, MaxFileSize)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, ErrorList{{File: path, Msg: "no such library file; give the path of a file sim import wrote (docs/import.md), relative to the scenario"}}
		}
		return nil, ErrorList{{File: path, Msg: err.Error()}}
	}
	var lf libraryFile[U]
	pos, errs := Decode(path, data, &lf)
	if len(errs) > 0 {
		return nil, errs
	}
	if lf.Game != "" && lf.Game != game {
		return nil, ErrorList{pos.At(path, "game", "is %s, but the scenario is %s's; a library serves one game", lf.Game, game)}
	}
	for p := range pos {
		for _, f := range []string{".id", ".from"} {
			if strings.HasSuffix(p, f) && strings.Count(p, ".") == 2 {
				return nil, ErrorList{pos.At(path, p, "a library unit gives no %s: a scenario's unit gives it", f[1:])}
			}
		}
	}
	if len(lf.Units) == 0 && len(lf.Characters) == 0 {
		return nil, ErrorList{{File: path, Msg: "no units and no characters; a library file lists them under units: and characters:"}}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil || len(root.Content) == 0 {
		return nil, ErrorList{{File: path, Msg: "internal error, please report it: the file decoded once but not twice"}}
	}
	out := map[string][]byte{}
	doc := root.Content[0]
	for i := 0; i+1 < len(doc.Content); i += 2 {
		if doc.Content[i].Value != section {
			continue
		}
		sec := doc.Content[i+1]
		for j := 0; j+1 < len(sec.Content); j += 2 {
			name := sec.Content[j].Value
			if !plainWord(name) {
				return nil, ErrorList{pos.At(path, JoinPath(section, name), "is not a name from: can take; use letters, digits, - and _")}
			}
			var buf bytes.Buffer
			enc := yaml.NewEncoder(&buf)
			enc.SetIndent(2) // as the file and the built-in library write it
			err := enc.Encode(sec.Content[j+1])
			if err == nil {
				err = enc.Close()
			}
			b := buf.Bytes()
			if err != nil {
				return nil, ErrorList{pos.At(path, JoinPath(section, name), "internal error, please report it: %v", err)}
			}
			out[name] = b
		}
	}
	return out, nil
}
