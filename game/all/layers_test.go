package all_test

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	_ "github.com/wargamesim/sim/game/all"
	"github.com/wargamesim/sim/scenarios"
)

const module = "github.com/wargamesim/sim"

// The layer rule, as data, in the manner of go/build's deps_test.go. Each
// package of the module falls in the first class whose pattern matches its
// path (below the module: "engine/options"); GAME stands for any game, and
// "/..." for the folder and everything below it. A game is a folder
// game/NAME, other than game/all, that holds a Go package at or below it
// (games), so a fifth game is guarded as the first three are, with no
// list to keep.
var policy = []class{
	{"game/all", anyGame},        // the registry: one import a game
	{"game/GAME/...", ownGame},   // a game: its rules, format, library
	{"bench/GAME/...", ownGame},  // a game's die-by-die reference
	{"cmd/sim", throughRegistry}, // the commands: games through game/all only
	{"...", noGame},              // the shared layers: engine, scenarios, stats, report, plots, web, bench/refrun...
}

// A class is the packages a pattern matches and what they may import of
// the games.
type class struct {
	pattern string
	may     allowance
}

type allowance int

const (
	noGame          allowance = iota // no game package and not game/all, even indirectly
	ownGame                          // its own game's packages only, even indirectly; not game/all
	throughRegistry                  // game/all, directly, and no game package directly
	anyGame                          // anything
)

// games lists the games of the module whose packages pkgs maps: the NAME
// of every game/NAME/... package, except game/all, sorted.
func games(pkgs map[string][]string) []string {
	seen := map[string]bool{}
	for pkg := range pkgs {
		rest, ok := strings.CutPrefix(pkg, "game/")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, "/")
		if name != "all" {
			seen[name] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// gameOf is the game whose package pkg is ("wotr" for game/wotr/scenario),
// or "".
func gameOf(games []string, pkg string) string {
	for _, g := range games {
		if pkg == "game/"+g || strings.HasPrefix(pkg, "game/"+g+"/") {
			return g
		}
	}
	return ""
}

// classOf returns the policy's class for pkg and, when its pattern names
// GAME, the game it matched.
func classOf(games []string, pkg string) (class, string) {
	for _, c := range policy {
		names := []string{""}
		if strings.Contains(c.pattern, "GAME") {
			names = games
		}
		for _, g := range names {
			if matches(strings.ReplaceAll(c.pattern, "GAME", g), pkg) {
				return c, g
			}
		}
	}
	panic("layers_test: the policy's last class must be \"...\"")
}

// matches reports whether pattern ("cmd/sim", "game/wotr/...", "...")
// matches the package path pkg.
func matches(pattern, pkg string) bool {
	if pattern == "..." {
		return true
	}
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

// violations checks every package of pkgs (each mapped to its imports
// within the module) against the policy and says what breaks it, sorted.
func violations(pkgs map[string][]string) []string {
	gs := games(pkgs)
	var out []string
	for pkg := range pkgs {
		c, own := classOf(gs, pkg)
		switch c.may {
		case anyGame:
		case ownGame:
			for _, d := range deps(pkgs, pkg) {
				if g := gameOf(gs, d); g != "" && g != own || d == "game/all" {
					out = append(out, pkg+" imports "+d+": a game, and a game's reference, import no other game")
				}
			}
		case throughRegistry:
			for _, d := range pkgs[pkg] {
				if gameOf(gs, d) != "" {
					out = append(out, pkg+" imports "+d+": commands reach games only through the scenarios registry (import game/all)")
				}
			}
			if !slices.Contains(pkgs[pkg], "game/all") {
				out = append(out, pkg+" does not import game/all, so no game is registered")
			}
		case noGame:
			for _, d := range deps(pkgs, pkg) {
				if gameOf(gs, d) != "" || d == "game/all" {
					out = append(out, pkg+" imports "+d+": the shared layers (engine, scenarios, stats, report, plots...) import no game")
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// The shared layers import no game, even indirectly; each game, and each
// game's reference under bench/, imports no other; cmd/sim reaches games
// only through the registry (game/all, for its side effect), never a game
// package itself.
func TestLayers(t *testing.T) {
	t.Parallel()
	pkgs := packages(t)
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
	// The check must see the layers it guards, and every game registered.
	for _, want := range []string{"engine", "engine/options", "stats", "report", "plots", "scenarios", "cmd/sim", "game/all", "study", "runs"} {
		if _, ok := pkgs[want]; !ok {
			t.Errorf("package %s not found", want)
		}
	}
	if gs, names := games(pkgs), slices.Sorted(slices.Values(scenarios.GameNames())); !slices.Equal(gs, names) {
		t.Errorf("the folders under game/ hold the games %v, and the registry has %v: each game is a folder game/NAME, registered in game/all", gs, names)
	}
}

// The policy holds for any number of games: in a module with a fourth game,
// toy, found by its folder alone, every way a package can break the rule
// is caught, and the ways it is kept are not.
func TestLayersPolicyCatchesAFourthGame(t *testing.T) {
	t.Parallel()
	pkgs := map[string][]string{
		"engine":                      nil,
		"scenarios":                   {"engine"},
		"report":                      {"engine", "game/toy"}, // a shared package imports the new game
		"plots":                       {"report"},             // and so, indirectly, does this one
		"stats":                       {"engine"},             // fine
		"game/warhammer":              {"engine"},             // fine
		"game/warhammer/scenario":     {"game/warhammer", "scenarios"},
		"game/wotr":                   {"engine"},
		"game/wotr/scenario":          {"game/wotr", "scenarios"},
		"game/conquest":               {"engine"},
		"game/conquest/scenario":      {"game/conquest", "scenarios"},
		"game/toy":                    {"engine"},
		"game/toy/scenario":           {"game/toy", "scenarios", "game/wotr"}, // one game imports another
		"game/toy/internal/dice":      {"game/all"},                           // a game imports the registry
		"game/all":                    {"game/warhammer/scenario", "game/wotr/scenario", "game/conquest/scenario", "game/toy/scenario"},
		"bench/refrun":                {"engine", "game/toy"}, // the references' shared runner imports a game
		"bench/toy":                   {"game/toy", "game/toy/scenario", "bench/refrun"},
		"bench/wotr":                  {"game/wotr", "game/toy"},                      // a game's reference imports another game
		"cmd/sim":                     {"scenarios", "game/all", "game/toy/scenario"}, // a command imports a game
		"web":                         {"engine"},
		"scenarios/scenariotest":      {"scenarios"},
		"game/conquest/scenario/more": {"game/conquest/scenario"},
	}
	if got, want := games(pkgs), []string{"conquest", "toy", "warhammer", "wotr"}; !slices.Equal(got, want) {
		t.Fatalf("games %v, want %v", got, want)
	}
	got := violations(pkgs)
	for _, want := range []string{
		"report imports game/toy: ",
		"plots imports game/toy: ",
		"game/toy/scenario imports game/wotr: ",
		"game/toy/internal/dice imports game/all: ",
		"game/toy/internal/dice imports game/wotr/scenario: ", // through game/all
		"bench/refrun imports game/toy: ",
		"bench/wotr imports game/toy: ",
		"cmd/sim imports game/toy/scenario: ",
	} {
		if !slices.ContainsFunc(got, func(v string) bool { return strings.HasPrefix(v, want) }) {
			t.Errorf("no violation %q in:\n%s", want, strings.Join(got, "\n"))
		}
	}
	for _, v := range got {
		for _, fine := range []string{"stats ", "web ", "scenarios ", "game/all ", "game/warhammer", "game/conquest", "bench/toy imports bench/refrun"} {
			if strings.HasPrefix(v, fine) {
				t.Errorf("violation %q, of a package that keeps the rule", v)
			}
		}
	}
	// Without cmd/sim's import of game/all, no game is registered.
	pkgs["cmd/sim"] = []string{"scenarios"}
	if got := violations(pkgs); !slices.Contains(got, "cmd/sim does not import game/all, so no game is registered") {
		t.Errorf("cmd/sim without game/all passed: %v", got)
	}
}

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
		rel = filepath.ToSlash(rel)
		pkgs[rel] = nil
		for _, imp := range p.Imports {
			if in, ok := strings.CutPrefix(imp, module+"/"); ok {
				pkgs[rel] = append(pkgs[rel], in)
			}
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
	return slices.Sorted(maps.Keys(seen))
}

// No exported name outside a game's own packages names a game: a type,
// function, field or method of the shared layers is the same for every game.
// A game is named by its folder (wotr) or its title run together (War of
// the Ring: warofthering), in any case, with or without underscores.
func TestSharedNamesNameNoGame(t *testing.T) {
	t.Parallel()
	pkgs := packages(t)
	gs := games(pkgs)
	words := slices.Clone(gs)
	for _, g := range scenarios.Games() {
		words = append(words, letters(g.Title()))
	}
	for pkg := range pkgs {
		if c, _ := classOf(gs, pkg); c.may == ownGame || c.may == anyGame {
			continue
		}
		for _, name := range exportedNames(t, filepath.Join("../..", pkg)) {
			for _, w := range words {
				if strings.Contains(letters(name), w) {
					t.Errorf("%s exports %s, which names a game (%s)", pkg, name, w)
				}
			}
		}
	}
}

// letters is s in lower case, with all but its letters left out: "War of
// the Ring" gives "warofthering".
func letters(s string) string {
	return strings.Map(func(r rune) rune {
		if !unicode.IsLetter(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
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
