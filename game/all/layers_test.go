package all_test

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/wargamesim/sim"

// games are the module's game folders, each a prefix of import paths.
var games = []string{"game/warhammer", "game/wotr", "game/conquest"}

// packages maps each package of the module (its path below the module,
// "engine/options") to its non-test imports within the module.
func packages(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go package here
		}
		rel, _ := filepath.Rel(root, path)
		for _, imp := range p.Imports {
			if in, ok := strings.CutPrefix(imp, module+"/"); ok {
				pkgs[filepath.ToSlash(rel)] = append(pkgs[filepath.ToSlash(rel)], in)
			}
		}
		if _, ok := pkgs[filepath.ToSlash(rel)]; !ok {
			pkgs[filepath.ToSlash(rel)] = nil
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages under %s; the walk is broken", len(pkgs), root)
	}
	return pkgs
}

// deps returns every package pkg imports, directly or not.
func deps(pkgs map[string][]string, pkg string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, q := range pkgs[p] {
			if !seen[q] {
				seen[q] = true
				walk(q)
			}
		}
	}
	walk(pkg)
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

func gameOf(pkg string) string {
	for _, g := range games {
		if pkg == g || strings.HasPrefix(pkg, g+"/") {
			return g
		}
	}
	return ""
}

// The shared layers import no game, even indirectly; each game imports no
// other; cmd/sim reaches games only through the registry (game/all, for
// its side effect), never a game package itself.
func TestLayers(t *testing.T) {
	t.Parallel()
	pkgs := packages(t)
	for pkg := range pkgs {
		switch {
		case pkg == "game/all" || pkg == "bench" || strings.HasPrefix(pkg, "bench/"):
			// game/all registers every game; bench holds the plain
			// die-by-die references (bench itself Warhammer's, bench/NAME
			// the other games').
		case gameOf(pkg) != "":
			for _, d := range deps(pkgs, pkg) {
				if g := gameOf(d); g != "" && g != gameOf(pkg) {
					t.Errorf("%s imports %s: a game imports no other game", pkg, d)
				}
			}
		case pkg == "cmd/sim":
			for _, d := range pkgs[pkg] {
				if gameOf(d) != "" {
					t.Errorf("cmd/sim imports %s: commands reach games only through the scenarios registry (import game/all)", d)
				}
			}
			if !slices.Contains(pkgs[pkg], "game/all") {
				t.Errorf("cmd/sim does not import game/all, so no game is registered")
			}
		default:
			for _, d := range deps(pkgs, pkg) {
				if gameOf(d) != "" || d == "game/all" {
					t.Errorf("%s imports %s: the shared layers (engine, scenarios, stats, report, plots) import no game", pkg, d)
				}
			}
		}
	}
	// The check must see the layers it guards.
	for _, want := range []string{"engine", "engine/options", "stats", "report", "plots", "scenarios", "study", "runs", "cmd/sim", "game/warhammer/scenario"} {
		if _, ok := pkgs[want]; !ok {
			t.Errorf("package %s not found", want)
		}
	}
}

// gameWord is a name that names a game.
var gameWord = regexp.MustCompile(`(?i)warhammer|wotr|war_?of_?the_?ring|conquest`)

// No exported name outside a game's own packages names a game: a type,
// function, field or method of the shared layers is the same for every game.
func TestSharedNamesNameNoGame(t *testing.T) {
	t.Parallel()
	for pkg := range packages(t) {
		if gameOf(pkg) != "" || pkg == "bench" || strings.HasPrefix(pkg, "bench/") || pkg == "game/all" {
			continue
		}
		for _, name := range exportedNames(t, filepath.Join("../..", pkg)) {
			if gameWord.MatchString(name) {
				t.Errorf("%s exports %s, which names a game", pkg, name)
			}
		}
	}
}

// exportedNames lists the exported top-level names of the package in dir,
// and the exported fields and methods of its types, as "Type.Field".
func exportedNames(t *testing.T, dir string) []string {
	t.Helper()
	p, err := build.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, file := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, file), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			names = append(names, declNames(decl)...)
		}
	}
	return names
}

func declNames(decl ast.Decl) []string {
	var names []string
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Name.IsExported() {
			names = append(names, d.Name.Name)
		}
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				if !s.Name.IsExported() {
					continue
				}
				names = append(names, s.Name.Name)
				if st, ok := s.Type.(*ast.StructType); ok {
					for _, f := range st.Fields.List {
						for _, n := range f.Names {
							if n.IsExported() {
								names = append(names, s.Name.Name+"."+n.Name)
							}
						}
					}
				}
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.IsExported() {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return names
}

// The module root exists where the walk starts.
func TestMain(m *testing.M) {
	if _, err := os.Stat("../../go.mod"); err != nil {
		panic("layers_test: run from game/all: " + err.Error())
	}
	os.Exit(m.Run())
}
