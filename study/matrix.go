package study

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// MatrixOptions is a matrix (sim matrix): every unit of Units against
// every unit of Vs, from a game's unit library.
type MatrixOptions struct {
	// Units and Vs are comma-separated library units, NAME or NAME:SIZE:
	// the rows, and the columns ("": the rows).
	Units, Vs string
	// Game is the game whose library to use; "": the game of Rules (or of
	// the template), else the default game.
	Game string
	// Fight is the kind of cell, charge or volley; "": the game's first.
	Fight string
	// Library is comma-separated library files whose units Units and Vs
	// may name, before the built-in library's.
	Library string
	// Points, if not nil, sets every unit's size to the models this many
	// points buy.
	Points *float64
	// Template is a scenario whose units row and col each cell fills with
	// its two library units; its fight and ruleset stay as it says.
	Template string
	Rules    string // a ruleset spec; "": the game's default preset (or the template's own)
	Trials   int64  // trials in each cell
	// Exact solves each cell exactly where it can be, and simulates the
	// others.
	Exact bool
	// With is a third library unit that joins every row unit's army,
	// NAME[:SIZE][@FACE], FACE the column's face it stands at (one of
	// scenarios.Faces, the first by default); "": none. The game's
	// library must be a scenarios.WithMatchup, and a template must
	// have a unit with the id with.
	With string
}

// Matrix fights every pairing, each cell on the same seed. Every cell is
// built before any runs, so that a size the game refuses fails at once,
// named. An interrupted matrix holds the cells that finished and is not
// Complete.
func Matrix(ctx context.Context, s Setup, o MatrixOptions) (*report.Matrix, error) {
	mx, err := newMatrix(o)
	if err != nil {
		return nil, err
	}
	m, err := mx.check()
	if err != nil {
		return nil, err
	}
	cfg := s.config(o.Trials)
	cfg.Seed, m.SeedSource = s.seed(nil)
	m.Seed, m.Trials, m.Version = cfg.Seed, cfg.Trials, s.Version
	start := time.Now()
	done, err := mx.run(ctx, s, cfg, o.Exact, m)
	if err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	m.Timing = timing(elapsed.Seconds(), done, cfg.Workers)
	return m, nil
}

// A matrix is what a matrix's cells are made of: the ruleset, the unit
// library, the kind of fight, the units, and the template if there is one.
type matrix struct {
	rs         options.Ruleset
	lib        scenarios.Library
	kind       scenarios.Fight
	rows, cols []scenarios.Pick
	tmpl       []byte // the template's YAML, or nil
	with       *scenarios.Pick
	at         string // the face with stands at
	o          MatrixOptions
}

// newMatrix reads a matrix's options: the template, the game and its
// library, the fight, the units and their sizes.
func newMatrix(o MatrixOptions) (*matrix, error) {
	mx := &matrix{}
	if o.Template != "" {
		if o.Fight != "" {
			return nil, failure.Usagef("matrix: give --fight or --template, not both: the template's fight is each cell's")
		}
		var g scenarios.Game
		var err error
		if _, mx.tmpl, err = scenarios.Source(o.Template); err == nil {
			g, err = scenarios.GameOf(mx.tmpl)
		}
		if err != nil {
			return nil, err
		}
		if o.Game != "" && o.Game != g.Name() {
			return nil, failure.Usagef("matrix: --template %s is a %s scenario, not one of --game %s", o.Template, g.Title(), o.Game)
		}
		o.Game = g.Name()
	}
	var err error
	if mx.rs, mx.lib, err = matrixGame(o.Game, o.Rules); err != nil {
		return nil, err
	}
	if o.Library != "" {
		if mx.lib, err = WithLibraryFiles("matrix", mx.lib, o.Library, true); err != nil {
			return nil, err
		}
	}
	if mx.tmpl == nil {
		if mx.kind, err = matrixFight(mx.lib, o.Fight); err != nil {
			return nil, err
		}
	}
	mx.o = o
	if err := mx.pickWith(); err != nil {
		return nil, err
	}
	return mx, mx.pick()
}

// pick reads the rows and columns, and sets their sizes at points.
func (mx *matrix) pick() error {
	var err error
	if mx.rows, err = parsePicks("--units", mx.o.Units, mx.lib); err != nil {
		return err
	}
	mx.cols = slices.Clone(mx.rows)
	if mx.o.Vs != "" {
		if mx.cols, err = parsePicks("--vs", mx.o.Vs, mx.lib); err != nil {
			return err
		}
	}
	if mx.o.Points != nil {
		if err := pricePicks(mx.lib, *mx.o.Points, mx.rows, mx.cols); err != nil {
			return err
		}
	}
	if h, ok := mx.rs.(*scenarios.HouseRules); ok {
		for _, p := range append(slices.Clone(mx.rows), mx.cols...) {
			if _, sets := h.Units[mx.lib.SizeField()]; sets && p.Size > 0 {
				return failure.Usagef("matrix: %s asks for %d %s, but --rules %s sets %s on every unit; drop one of them", p, p.Size, mx.lib.SizeField(), mx.o.Rules, mx.lib.SizeField())
			}
		}
	}
	return checkMatrixSize(len(mx.rows), len(mx.cols))
}

// load builds cell (i, j): the library's matchup of the two units, or the
// template filled with them. A cell is built when it runs, so that the
// models (a few hundred KB each) are not all held at once.
func (mx *matrix) load(i, j int) (*scenarios.Plan, error) {
	src, file, loadRules := mx.matchup(i, j), "matrix", mx.rs
	if mx.tmpl != nil {
		// The cell is the template rewritten, so its lines are not the
		// file's: errors name the cell.
		file = "matrix cell of " + mx.o.Template
		if mx.o.Rules == "" {
			loadRules = nil // the template's own ruleset
		}
		var err error
		if src, err = fillTemplate(mx.tmpl, mx.lib, mx.rows[i], mx.cols[j], mx.with); err != nil {
			return nil, failure.Usagef("matrix: --template %s: %v", mx.o.Template, err)
		}
	}
	plan, err := scenarios.LoadWith(file, src, loadRules)
	if err != nil {
		return nil, &failure.Input{Msg: fmt.Sprintf("matrix: %s against %s: %v", mx.rows[i], mx.cols[j], err)}
	}
	return plan, nil
}

// check builds every cell before any runs, so that a size the game
// refuses fails at once, named, and reads a template's fight from its
// first cell; it returns the matrix's report, with no cell yet.
func (mx *matrix) check() (*report.Matrix, error) {
	var first *scenarios.Plan
	for i := range mx.rows {
		for j := range mx.cols {
			plan, err := mx.load(i, j)
			if err != nil {
				return nil, err
			}
			if first == nil {
				first = plan
			}
		}
	}
	rulesetName, rulesSet := mx.rs.Preset(), mx.rs.Changed()
	if mx.tmpl != nil {
		var err error
		if mx.kind, err = templateFight(first, mx.o.Template); err != nil {
			return nil, err
		}
		rulesetName, rulesSet = first.RulesetName, first.Rules
	}
	m := &report.Matrix{Kind: "matrix", Game: mx.rs.Game(), Fight: mx.kind.Name, RowWins: mx.kind.Win == scenarios.RowWins, FightSays: mx.kind.Says, Ruleset: rulesetName, Rules: rulesSet,
		Rows: pickNames(mx.rows), Cols: pickNames(mx.cols), Sizes: sizesText(mx.sized(), mx.lib.SizeField()), With: mx.withText(),
		Complete: true, Dice: engine.StreamVersion}
	if mx.tmpl == nil && mx.with == nil { // points per row unit; --with fights an army
		m.RowCost, m.ColModelPoints = matrixPoints(mx.lib, mx.rs, mx.rows, mx.cols)
	}
	return m, nil
}

// run solves or runs every cell into m, row by row, until one is
// interrupted; it returns the trials it ran.
func (mx *matrix) run(ctx context.Context, s Setup, cfg engine.Config, exact bool, m *report.Matrix) (int64, error) {
	s.begin(int64(len(mx.rows)*len(mx.cols)) * cfg.Trials)
	done := int64(0)
	for i := range mx.rows {
		var line []report.Cell
		for j := range mx.cols {
			cell, res, err := mx.cell(ctx, s, cfg, exact, i, j, done)
			switch {
			case err != nil:
				return done, err
			case res != nil && res.Trials == 0:
				m.Complete = false
				return done, nil
			case res != nil:
				done += res.Trials
			}
			line = append(line, cell)
			if res != nil && !res.Complete {
				m.Complete = false
				m.Cells = append(m.Cells, line)
				return done, nil
			}
		}
		m.Cells = append(m.Cells, line)
	}
	return done, nil
}

// cell solves cell (i, j) exactly (res nil), or runs it, its trials
// counting in the progress from offset.
func (mx *matrix) cell(ctx context.Context, s Setup, cfg engine.Config, exact bool, i, j int, offset int64) (report.Cell, *engine.Result, error) {
	plan, err := mx.load(i, j)
	if err != nil {
		return report.Cell{}, nil, err
	}
	cfg.Progress = func(n int64) { s.update(offset + n) }
	if ex := solveIf(exact, plan); ex != nil {
		cell, err := matrixExactCell(ex, mx.kind.Win)
		return cell, nil, err
	}
	res, err := s.Scale.Run(ctx, plan.Model, cfg)
	if err != nil || res.Trials == 0 {
		return report.Cell{}, res, err
	}
	cell, err := matrixCell(res, mx.kind.Win)
	return cell, res, err
}
