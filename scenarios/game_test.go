package scenarios

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wargamesim/sim/engine/options"
)

// fakeGame is a game with a name and presets, and nothing else.
type fakeGame struct {
	name    string
	presets []string
}

func (g fakeGame) Name() string                                   { return g.name }
func (g fakeGame) Title() string                                  { return g.name }
func (g fakeGame) Docs() string                                   { return "" }
func (g fakeGame) Load(*Document, options.Ruleset) (*Plan, error) { return nil, nil }
func (g fakeGame) Builtins() fs.FS                                { return nil }
func (g fakeGame) RollFields() []string                           { return nil }
func (g fakeGame) Library() Library                               { return nil }

// Rules is nil for a game without presets.
func (g fakeGame) Rules() RuleSystem {
	if g.presets == nil {
		return nil
	}
	return fakeRules(g.presets)
}

// fakeRules is a rule system's presets, the default first.
type fakeRules []string

func (r fakeRules) NewRuleset(string) (options.Ruleset, error) { return nil, nil }
func (r fakeRules) DefaultPreset() string                      { return r[0] }
func (r fakeRules) PresetNames() []string                      { return r }

// registerPanic registers each game in turn on an empty registry and
// returns the panic's message, or "" when there is none.
func registerPanic(games ...Game) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	var list []Game
	for _, g := range games {
		list = register(list, g)
	}
	return ""
}

// chartGame is a game with charts of its own.
type chartGame struct {
	fakeGame
	charts []string
}

func (g chartGame) Charts() []TrendChart {
	var out []TrendChart
	for _, n := range g.charts {
		out = append(out, TrendChart{Name: n})
	}
	return out
}

// builtinGame is a game with built-in scenarios of the names given.
type builtinGame struct {
	fakeGame
	names []string
}

func (g builtinGame) Builtins() fs.FS {
	m := fstest.MapFS{}
	for _, n := range g.names {
		m[n+".yaml"] = &fstest.MapFile{Data: []byte("name: " + n + "\n")}
	}
	return m
}

// Register refuses a game whose name or one of whose presets another game
// has: a ruleset finds its game by its preset (ParseRules); and one of
// whose charts another game has: --plot NAME=FILE finds a chart by name.
func TestRegisterRefusesClashes(t *testing.T) {
	t.Parallel()
	kow := fakeGame{"kow", []string{"3rd", "2nd"}}
	for _, c := range []struct {
		name  string
		games []Game
		want  string // the panic, or "" for none
	}{
		{"apart", []Game{kow, fakeGame{"aos", []string{"4th"}}}, ""},
		{"same name", []Game{kow, fakeGame{"kow", []string{"4th"}}}, "scenarios: game kow registered twice"},
		{"same preset", []Game{kow, fakeGame{"aos", []string{"4th", "2nd"}}},
			`scenarios: game aos's preset "2nd" is already a preset of game kow; preset names must be unique across games, since a ruleset names its game by its preset`},
		{"second of three", []Game{kow, fakeGame{"aos", []string{"4th"}}, fakeGame{"t9a", []string{"4th"}}},
			`scenarios: game t9a's preset "4th" is already a preset of game aos;`},
		{"a game without rules", []Game{kow, fakeGame{name: "aos"}}, ""},
		{"built-ins apart", []Game{builtinGame{kow, []string{"ambush"}}, builtinGame{fakeGame{name: "aos"}, []string{"siege"}}}, ""},
		{"the same built-in", []Game{builtinGame{kow, []string{"ambush"}}, builtinGame{fakeGame{name: "aos"}, []string{"siege", "ambush"}}},
			`scenarios: game aos's built-in scenario "ambush" is already one of game kow's;`},
		{"charts apart", []Game{chartGame{kow, []string{"turns"}}, chartGame{fakeGame{name: "aos"}, []string{"rounds"}}}, ""},
		{"the same chart", []Game{chartGame{kow, []string{"turns"}}, chartGame{fakeGame{name: "aos"}, []string{"turns"}}},
			`scenarios: game aos's chart "turns" is already a chart of game kow;`},
	} {
		if got := registerPanic(c.games...); (got == "") != (c.want == "") || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: panic %q, want %q", c.name, got, c.want)
		}
	}
}

// The registry keeps the default game first, then the others by name.
func TestRegisterOrder(t *testing.T) {
	t.Parallel()
	var list []Game
	for _, name := range []string{"wotr", "warhammer", "aos", "kow"} {
		list = register(list, fakeGame{name: name})
	}
	sortGames(list, "kow")
	var names []string
	for _, g := range list {
		names = append(names, g.Name())
	}
	if want := []string{"kow", "aos", "warhammer", "wotr"}; !slices.Equal(names, want) {
		t.Errorf("registered in the order %v, want %v", names, want)
	}
}
