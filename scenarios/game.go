package scenarios

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/report"
)

// Game is one game as the commands see it: its rules, its scenario format,
// its built-in scenarios and its unit library. Each game implements it in
// its own folder (game/NAME/scenario) and registers it with [Register];
// the commands reach games only through [Lookup], [Games] and the
// functions of this package that dispatch on a scenario's game field.
type Game interface {
	Name() string  // as a scenario's game field gives it: "warhammer"
	Title() string // for people: "Warhammer Fantasy Battles"
	Docs() string  // the manual of its options and scenario format: "docs/rules.md"

	// Rules is the game's rule system: its presets and options.
	Rules() RuleSystem

	// Load decodes, validates and builds a scenario of the game from doc
	// (whose File names it in errors and gives its default name), parsed
	// once by [Parse]. When rules is not nil (a ruleset of this game) it
	// replaces the scenario's ruleset and rules, which are still checked.
	// Problems with the file come back as an [ErrorList].
	Load(doc *Document, rules options.Ruleset) (*Plan, error)

	// Builtins holds the game's built-in scenarios, NAME.yaml at its root.
	Builtins() fs.FS

	// RollFields names the fields whose values are D6 rolls, written
	// "4+": a sweep writes the plus for them even when its range leaves
	// it out (--vary units.trolls.regeneration=2..6).
	RollFields() []string

	// Library is the game's unit library, or nil if it has none.
	Library() Library
}

// A Worder is a Game with words for its results: what its metrics count
// and how its events read, for the tables and charts for people, and the
// events a run's headline lists (report.Words). Register adds them to the
// words every report uses; a game without words has its results named as
// they are, spaced.
type Worder interface {
	Game
	Words() report.Words
}

// A Charter is a Game with charts of its own, which --plot NAME=FILE
// picks by name: each a quantity of its units step by step (TrendChart).
type Charter interface {
	Game
	Charts() []TrendChart
}

// TrendChart is a game's chart of one quantity of each unit, step by step:
// the mean of the metrics UNIT+Infix+K, K = 1, 2, ..., with their
// intervals, a line a unit. Its name is unique across games.
type TrendChart struct {
	Name    string // as --plot NAME=FILE picks it: "turns"
	Infix   string // between a unit and the step: ".companies.turn" for knights.companies.turn1
	Series  string // after each unit's name, naming its line: ": companies"
	Step    string // a step's name on the axis, with its number: "after turn %d"
	XLabel  string // "turn"
	YLabel  string // "companies left (mean)"
	Title   string // "Companies left, turn by turn"
	Missing string // which scenarios report the metrics, for the error when a report has none
}

// Chart is the chart named name of a registered game, and whether there
// is one.
func Chart(name string) (TrendChart, bool) {
	for _, g := range Games() {
		if c, ok := g.(Charter); ok {
			for _, t := range c.Charts() {
				if t.Name == name {
					return t, true
				}
			}
		}
	}
	return TrendChart{}, false
}

// RuleSystem is a game's presets, and the rulesets they make: an
// [options.System] is one.
type RuleSystem interface {
	DefaultPreset() string
	PresetNames() []string
	// NewRuleset returns a fresh ruleset of the named preset; an unknown
	// name is an error that lists the presets.
	NewRuleset(preset string) (options.Ruleset, error)
}

// TypedRules is rules as the game's own ruleset type R, for a game's Load:
// nil for nil, and an error naming file when rules is of another game.
func TypedRules[R any](file string, rules options.Ruleset) (*options.Rules[R], error) {
	if rules == nil {
		return nil, nil
	}
	rs, ok := unwrap(rules).(*options.Rules[R])
	if !ok {
		return nil, ErrorList{{File: file, Msg: fmt.Sprintf("ruleset %s is %s's, not this scenario's game", rules.Name(), rules.Game())}}
	}
	return rs, nil
}

// Library is a game's ready-made units, which its scenarios start from
// by name (from: NAME) and sim matrix pits against each other.
type Library interface {
	Lister
	// Fights lists the kinds of matrix cell the game offers, the default
	// first.
	Fights() []Fight
	// SizeField is the field of a unit that gives its size: "models",
	// "companies", "stands".
	SizeField() string
	// UnitList is the field of a scenario that lists its units: "units",
	// "formations", "regiments".
	UnitList() string
	// Matchup writes the scenario of one matrix cell: library unit row
	// against library unit col, under the ids row and col, each at its
	// size (0: the library's), fought as the fight named (one of Fights).
	// Its results name the units row and col, as Fight.Name says.
	Matchup(row, col Pick, fight string) []byte
}

// A Lister is what sim units lists: named entries, the YAML of each, and
// a line about each.
type Lister interface {
	Names() []string                   // sorted
	Source(name string) ([]byte, bool) // the entry's YAML
	// Columns describes an entry on one line of sim units, in columns: its
	// name first.
	Columns(name string) []string
}

// A WithMatchup is a Library whose matrix cells may hold a third unit
// (sim matrix --with): the row's army is the row unit and the library unit
// with, which stands at the column's face at ("front", "flank" or
// "rear").
type WithMatchup interface {
	// MatchupWith is Matchup with the unit with beside row, under the id
	// with; its results name row (its army's and its own) and col as
	// Matchup's do.
	MatchupWith(row, col, with Pick, at, fight string) []byte
}

// Faces are the faces of a unit that --with may name, the default first.
var Faces = []string{"flank", "front", "rear"}

// A CharacterLibrary is a Library whose game also has ready-made
// characters to join its units (sim units --characters).
type CharacterLibrary interface {
	Characters() Lister
}

// Pick is a library unit as a matrix names it: NAME, or NAME:SIZE.
type Pick struct {
	Unit string
	Size int // 0 for the library's size
}

// String is the pick as written: "trolls", "empire_knights:8".
func (p Pick) String() string {
	if p.Size == 0 {
		return p.Unit
	}
	return fmt.Sprintf("%s:%d", p.Unit, p.Size)
}

// UnitYAML is the pick as a flow mapping of a scenario's unit list, with
// the given id and its size in field size.
func (p Pick) UnitYAML(id, size string) string {
	if p.Size == 0 {
		return fmt.Sprintf("{id: %s, from: %s}", id, p.Unit)
	}
	return fmt.Sprintf("{id: %s, from: %s, %s: %d}", id, p.Unit, size, p.Size)
}

// Fight is a kind of matrix cell, as a game offers it (Library.Fights).
// Its Matchup names the two units row and col, and Win says which of its
// results a cell gives: RowWins, the row's chance to win (and each side's
// casualties), or ColDestroyed, the column's chance to be destroyed (and
// its casualties).
type Fight struct {
	Name string // as --fight names it: "charge"
	Says string // what the row does, for the matrix's title: "charge the columns and fight to the break"
	Win  string // RowWins or ColDestroyed
}

// The events a matrix cell gives the chance of (Fight.Win).
const (
	RowWins      = "row.wins"
	ColDestroyed = "col.destroyed"
)

// Plan is a validated scenario of any game, ready to run.
type Plan struct {
	Game        string // the game's name: "warhammer", "wotr", "conquest"
	Name        string
	Title       string
	Description string
	File        string // the file it came from, or "builtin:NAME"
	// Ruleset is the ruleset the scenario runs under. RulesetName is its
	// preset, and Rules what reports list as set on top of it: the
	// options changed from the preset, and any player's choices a game
	// reports with them (War of the Ring's Might policy).
	Ruleset     options.Ruleset
	RulesetName string
	Rules       map[string]string
	Trials      int64   // the file's default trial count, or 0
	Seed        *uint64 // the file's default seed, or nil
	Model       engine.Model
	Lines       []string // what is simulated, in words, for reports
	// Warnings are what the file says that is legal but likely not meant
	// (two rules that cancel), each with its place and what wins, for the
	// commands to print: "f.yaml:9:5: units[0].special_rules: ...".
	Warnings []string
	// Names gives each unit (formation, regiment, hero) that has a name
	// for people its name, by id: "knights" is "Empire Knights".
	Names map[string]string
	// Roles names the part each unit plays in the fight, by unit id
	// ("target"; "first" and "second"), so that compare --by-role can
	// line up scenarios whose units have different ids. A key may also
	// be a whole result name ("knights.wins"), whose role then wins over
	// its id's: an army whose id is one of its units' ids.
	Roles map[string]string
	// Costs gives each unit that has points what it costs, by unit id
	// (docs/import.md), for compare --points and the results per 100
	// points.
	Costs map[string]Cost
}

// Cost is what a unit costs: PerModel for each of its Models, and Fixed
// beside them (command, champion, banners, the characters who joined it).
type Cost struct {
	PerModel, Fixed float64
	Models          int
	// Side is the id of the army the unit fights in where an army has
	// several units, "" otherwise: units of one side are not each other's
	// foes, so no result per 100 points pairs them.
	Side string
	// MinModels is the unit's smallest legal size, 0 for none: --points
	// refuses to buy fewer.
	MinModels int
}

// AtMinimum is what the unit costs at its smallest legal size (one model
// when it has no minimum): what --points must reach to field it.
func (c Cost) AtMinimum() float64 {
	c.Models = max(c.MinModels, 1)
	return c.Total()
}

// Total is the unit's cost at its size.
func (c Cost) Total() float64 { return c.PerModel*float64(c.Models) + c.Fixed }

// ModelsFor is the most models n the points buy, with n*PerModel + Fixed
// at most points; 0 if they buy none.
func (c Cost) ModelsFor(points float64) int {
	if c.PerModel <= 0 || points < c.Fixed+c.PerModel {
		return 0
	}
	return int(math.Floor((points - c.Fixed) / c.PerModel))
}

var (
	registryMu sync.RWMutex
	registry   []Game
)

// Register makes a game available by its name, and its words (Worder)
// to every report. It panics if the name is taken, if one of the game's
// presets is already another game's ([ParseRules] finds a game by its
// preset, so preset names are unique across games), if one of its
// built-in scenarios or of its charts (Charter) is already another
// game's, or if the game words a result
// another game words otherwise. Each game registers once, from its
// package's init.
func Register(g Game) {
	registryMu.Lock()
	defer registryMu.Unlock()
	registry = register(registry, g)
}

// register is games with g added, in the order [Games] gives; it panics
// as [Register] says.
func register(games []Game, g Game) []Game {
	for _, h := range games {
		if h.Name() == g.Name() {
			panic("scenarios: game " + g.Name() + " registered twice")
		}
		for _, p := range presetNames(g) {
			if slices.Contains(presetNames(h), p) {
				panic(fmt.Sprintf("scenarios: game %s's preset %q is already a preset of game %s; "+
					"preset names must be unique across games, since a ruleset names its game by its preset", g.Name(), p, h.Name()))
			}
		}
		for _, b := range builtinNames(g) {
			if slices.Contains(builtinNames(h), b) {
				panic(fmt.Sprintf("scenarios: game %s's built-in scenario %q is already one of game %s's; "+
					"built-in names must be unique across games, since sim run NAME finds one by its name", g.Name(), b, h.Name()))
			}
		}
		for _, c := range chartNames(g) {
			if slices.Contains(chartNames(h), c) {
				panic(fmt.Sprintf("scenarios: game %s's chart %q is already a chart of game %s; "+
					"chart names must be unique across games, since --plot NAME=FILE picks one by its name", g.Name(), c, h.Name()))
			}
		}
	}
	if w, ok := g.(Worder); ok {
		if err := report.AddWords(w.Words()); err != nil {
			panic("scenarios: game " + g.Name() + ": " + err.Error())
		}
	}
	games = append(games, g)
	sortGames(games, defaultGame)
	return games
}

// sortGames puts the game called first first, and the others by name.
func sortGames(games []Game, first string) {
	order := func(g Game) string {
		if g.Name() == first {
			return ""
		}
		return g.Name()
	}
	slices.SortFunc(games, func(a, b Game) int { return strings.Compare(order(a), order(b)) })
}

// builtinNames is the names of g's built-in scenarios.
func builtinNames(g Game) []string {
	if g.Builtins() == nil {
		return nil
	}
	var names []string
	entries, _ := fs.ReadDir(g.Builtins(), ".")
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, n)
		}
	}
	return names
}

// chartNames is the names of g's own charts (Charter).
func chartNames(g Game) []string {
	var names []string
	if c, ok := g.(Charter); ok {
		for _, t := range c.Charts() {
			names = append(names, t.Name)
		}
	}
	return names
}

// presetNames is g's presets, none when it has no rule system.
func presetNames(g Game) []string {
	if g.Rules() == nil {
		return nil
	}
	return g.Rules().PresetNames()
}

// defaultGame is the name of the default game (SetDefaultGame); "" until
// one is set.
var defaultGame string

// DefaultGame is the game of a scenario that names none, whose defaults
// (Defaulter) a user starts from: the one game/all names with
// SetDefaultGame, else (a program or test that registers games itself)
// the first registered by name; "" when none is registered.
func DefaultGame() string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if defaultGame == "" && len(registry) > 0 {
		return registry[0].Name()
	}
	return defaultGame
}

// SetDefaultGame makes the registered game called name the default
// (DefaultGame), first among the games. It panics if no game of that name
// is registered: game/all calls it once, after the games register.
func SetDefaultGame(name string) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if !slices.ContainsFunc(registry, func(g Game) bool { return g.Name() == name }) {
		panic("scenarios: SetDefaultGame(" + name + "): no such game is registered")
	}
	defaultGame = name
	sortGames(registry, name)
}

// A Defaulter is a Game that says what a user starts from when they name
// nothing: the scenario sim runs with no arguments, the units and the
// rulesets the web page offers first. The default game's are used
// (GameDefaults).
type Defaulter interface {
	Game
	Defaults() Defaults
}

// Defaults are what a user starts from in a game (Defaulter).
type Defaults struct {
	Scenario string    // a built-in scenario: what `sim` with no arguments runs
	Units    [2]string // two library units, the first pairing the page's builder offers
	Compare  string    // rulesets, comma-separated, that the page compares first
}

// GameDefaults is the default game's Defaults; none when it gives none.
func GameDefaults() Defaults {
	g, err := Lookup(DefaultGame())
	if d, ok := g.(Defaulter); ok && err == nil {
		return d.Defaults()
	}
	return Defaults{}
}

// Games lists the registered games, the default first, then by name.
func Games() []Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return slices.Clone(registry)
}

// GameNames lists the registered games' names, as Games orders them.
func GameNames() []string {
	var names []string
	for _, g := range Games() {
		names = append(names, g.Name())
	}
	return names
}

// Lookup returns the game called name; an unknown name is an error that
// lists the games.
func Lookup(name string) (Game, error) {
	for _, g := range Games() {
		if g.Name() == name {
			return g, nil
		}
	}
	if len(Games()) == 0 {
		return nil, fmt.Errorf("unknown game %q: no game is registered (import github.com/wargamesim/sim/game/all)", name)
	}
	return nil, fmt.Errorf("unknown game %q; use %s", name, strings.Join(GameNames(), ", "))
}

// A FileLibrary is a Library that takes a user's library files (sim
// import writes them): sim units --library, sim matrix --library.
type FileLibrary interface {
	// WithFiles is the library with the files' units before its own, or
	// instead of them when builtin is false.
	WithFiles(paths []string, builtin bool) (Library, error)
}

// A PricedLibrary is a Library whose units have points: sim matrix
// --points.
type PricedLibrary interface {
	// Points is what the unit name costs: points a model, and what the
	// unit pays beside its models; false if it has no points.
	Points(name string) (perModel, unit float64, ok bool)
	// Size is the unit's size in the library (its models).
	Size(name string) int
}

// A MinSizedLibrary is a PricedLibrary whose units may have a smallest
// legal size, which sim matrix --points does not buy below.
type MinSizedLibrary interface {
	// MinSize is the unit's smallest legal size; 0 when it has none.
	MinSize(name string) int
}
