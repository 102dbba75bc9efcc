package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/scenarios"
)

const matrixUsage = `Usage: sim matrix --units A,B,C [--vs X,Y,Z] [--fight charge|volley | --template FILE] [flags]

Fights every unit of --units (rows) against every unit of --vs (columns;
the same units by default), all from a game's unit library (sim units
lists it; --game picks the game, else the game of --rules, else
Warhammer), on the same seed: with --fight charge the row unit charges
and they fight (Warhammer: to the break; War of the Ring: one turn); with
--fight volley the row unit strikes once (Warhammer: one round of blows
on the charge; Conquest: one Clash). The default is the game's first. Each cell gives P(the row wins) (a volley:
P(the column unit is destroyed)) and the column unit's expected casualties.

  sim matrix --units empire_knights,knights_errant,chaos_knights --vs trolls,ogre_bulls,minotaurs

To cut a long job across machines, --shard I/N --out FILE runs shard I of
N and sim merge adds the shards up; --checkpoint FILE saves finished
batches as it goes, and the same command resumes from them. Both need
--seed (docs/scale.md).

Flags:
`

func matrixCmd(ctx context.Context, sc *runs.Scale, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("matrix", matrixUsage, stdout)
	units := fs.String("units", "", "comma-separated library units, the rows")
	vs := fs.String("vs", "", "comma-separated library units, the columns (default: the rows)")
	gameName := fs.String("game", "", "the game whose unit library to use (default: the game of --rules, else warhammer)")
	fight := fs.String("fight", "", "charge (the row charges and they fight) or volley (the row strikes once); default the game's first")
	files := fs.String("library", "", "comma-separated library files (sim import writes them) whose units --units and --vs may name, before the built-in library's")
	points := fs.Float64("points", 0, "fight at equal points: each unit takes as many models as this many points buy (its library points a model and unit_points)")
	template := fs.String("template", "", "a scenario (file or built-in) whose units with the ids row and col each cell fills with its two library units; its fight, ruleset and the rest stay as it says")
	trials := trialsFlag(fs, 100_000, "trials in each cell")
	seed := seedFlag(fs, "random seed (default: drawn at random and printed)")
	workers := workersFlag(fs)
	rules := fs.String("rules", "", "ruleset: a preset, a house-rules file, plus options (default: the game's default preset)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	quiet := fs.Bool("quiet", false, "no progress bar (it is drawn only on a terminal, for runs longer than a second)")
	exact := fs.Bool("exact", false, "solve each cell exactly where it can be, and simulate the others; the tables mark which")
	pf := addPlotFlags(fs, `a heatmap of P(win)`)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return failure.Usagef("matrix takes no arguments; name the units with --units and --vs")
	}
	if *units == "" {
		return failure.Usagef("matrix: name the row units with --units a,b,c (sim units lists them)")
	}
	if err := checkFormat("matrix", *format); err != nil {
		return err
	}
	jobs, popts, err := pf.check("matrix")
	if err != nil {
		return err
	}
	inputs := rulesFiles(*rules)
	if *template != "" {
		inputs = append(inputs, *template)
	}
	if err := checkDestinations("matrix", *out, jobs, inputs...); err != nil {
		return err
	}
	var tmpl []byte
	if *template != "" {
		if *fight != "" {
			return failure.Usagef("matrix: give --fight or --template, not both: the template's fight is each cell's")
		}
		var g scenarios.Game
		if _, tmpl, err = scenarios.Source(*template); err == nil {
			g, err = scenarios.GameOf(tmpl)
		}
		if err != nil {
			return err
		}
		if *gameName != "" && *gameName != g.Name() {
			return failure.Usagef("matrix: --template %s is a %s scenario, not one of --game %s", *template, g.Title(), *gameName)
		}
		*gameName = g.Name()
	}
	rs, lib, err := matrixGame(*gameName, *rules)
	if err != nil {
		return err
	}
	if *files != "" {
		if lib, err = withLibraryFiles("matrix", lib, *files, true); err != nil {
			return err
		}
	}
	var kind scenarios.Fight
	if tmpl == nil {
		if kind, err = matrixFight(lib, *fight); err != nil {
			return err
		}
	}
	rowPicks, err := parsePicks("--units", *units, lib)
	if err != nil {
		return err
	}
	colPicks := slices.Clone(rowPicks)
	if *vs != "" {
		if colPicks, err = parsePicks("--vs", *vs, lib); err != nil {
			return err
		}
	}
	if set(fs, "points") {
		if err := pricePicks(lib, *points, rowPicks, colPicks); err != nil {
			return err
		}
	}
	if h, ok := rs.(*scenarios.HouseRules); ok {
		for _, p := range append(slices.Clone(rowPicks), colPicks...) {
			if _, sets := h.Units[lib.SizeField()]; sets && p.Size > 0 {
				return failure.Usagef("matrix: %s asks for %d %s, but --rules %s sets %s on every unit; drop one of them", p, p.Size, lib.SizeField(), *rules, lib.SizeField())
			}
		}
	}
	if err := checkMatrixSize(len(rowPicks), len(colPicks)); err != nil {
		return err
	}
	// Every cell is built before any runs, so that a size the game refuses
	// fails at once, named; and built again when it runs, so that the
	// models (a few hundred KB each) are not all held at once.
	load := func(i, j int) (*scenarios.Plan, error) {
		src, file, loadRules := lib.Matchup(rowPicks[i], colPicks[j], kind.Name), "matrix", rs
		if tmpl != nil {
			// The cell is the template rewritten, so its lines are not
			// the file's: errors name the cell.
			file = "matrix cell of " + *template
			if *rules == "" {
				loadRules = nil // the template's own ruleset
			}
			var err error
			if src, err = fillTemplate(tmpl, lib, rowPicks[i], colPicks[j]); err != nil {
				return nil, failure.Usagef("matrix: --template %s: %v", *template, err)
			}
		}
		plan, err := scenarios.LoadWith(file, src, loadRules)
		if err != nil {
			return nil, &failure.Input{Msg: fmt.Sprintf("matrix: %s against %s: %v", rowPicks[i], colPicks[j], err)}
		}
		return plan, nil
	}
	var first *scenarios.Plan
	for i := range rowPicks {
		for j := range colPicks {
			plan, err := load(i, j)
			if err != nil {
				return err
			}
			if first == nil {
				first = plan
			}
		}
	}
	rows, cols := pickNames(rowPicks), pickNames(colPicks)
	rulesetName, rulesSet := rs.Preset(), rs.Changed()
	if tmpl != nil {
		if kind, err = templateFight(first, *template); err != nil {
			return err
		}
		rulesetName, rulesSet = first.RulesetName, first.Rules
	}

	cfg := engine.Config{Trials: *trials, Workers: *workers}
	var source string
	cfg.Seed, source = chooseSeed(fs, *seed, nil)
	m := &report.Matrix{Kind: "matrix", Game: rs.Game(), Fight: kind.Name, FightSays: kind.Says, Ruleset: rulesetName, Rules: rulesSet, Rows: rows, Cols: cols,
		Sizes: sizesText(append(slices.Clone(rowPicks), colPicks...), lib.SizeField()),
		Seed:  cfg.Seed, SeedSource: source, Trials: cfg.Trials, Complete: true, Version: version, Dice: engine.StreamVersion}
	if tmpl == nil {
		m.RowCost, m.ColModelPoints = matrixPoints(lib, rs, rowPicks, colPicks)
	}
	start := time.Now()
	done := int64(0)
	bar := startedProgress(stderr, int64(len(rows)*len(cols))*cfg.Trials, *quiet)
	defer bar.done()
cells:
	for i := range rows {
		var line []report.Cell
		for j := range cols {
			plan, err := load(i, j)
			if err != nil {
				return err
			}
			offset := done
			cfg.Progress = func(n int64) { bar.Update(offset + n) }
			if ex := solveIf(*exact, plan); ex != nil {
				cell, err := matrixExactCell(ex, kind.Name)
				if err != nil {
					return err
				}
				line = append(line, cell)
				continue
			}
			res, err := sc.Run(ctx, plan.Model, cfg)
			if err != nil {
				return err
			}
			if res.Trials == 0 {
				m.Complete = false
				break cells
			}
			done += res.Trials
			cell, err := matrixCell(res, kind.Name)
			if err != nil {
				return err
			}
			line = append(line, cell)
			if !res.Complete {
				m.Complete = false
				m.Cells = append(m.Cells, line)
				break cells
			}
		}
		m.Cells = append(m.Cells, line)
	}
	elapsed := time.Since(start)
	m.Timing = &report.Timing{Seconds: elapsed.Seconds(), TrialsPerSecond: float64(done) / elapsed.Seconds(), Workers: cfg.Workers}
	if err := emitReport(*out, stdout, *format, m, m.Tables); err != nil {
		return err
	}
	if err := drawCharts(jobs, popts, func(_ string, o plots.Options) (*plots.Chart, error) { return matrixChart(m, o) }, stderr); err != nil {
		return err
	}
	if !m.Complete {
		fmt.Fprintln(stderr, "sim: interrupted; the output holds the cells finished so far and is marked partial")
		return failure.ErrInterrupted
	}
	return nil
}

// parsePicks reads a --units or --vs list: NAME or NAME:SIZE, each a unit
// of lib, SIZE a whole number of 1 or more (the game checks its upper
// bound).
func parsePicks(flag, list string, lib scenarios.Library) ([]scenarios.Pick, error) {
	var picks []scenarios.Pick
	for _, item := range strings.Split(list, ",") {
		name, size, sized := strings.Cut(item, ":")
		p := scenarios.Pick{Unit: name}
		if !slices.Contains(lib.Names(), name) {
			return nil, failure.Usagef("matrix: %s: %q is not in the unit library; sim units lists it", flag, name)
		}
		if sized {
			n, err := strconv.Atoi(size)
			if err != nil || n < 1 {
				return nil, failure.Usagef("matrix: %s: %q: the size after the colon is the unit's %s, a whole number of 1 or more, as in %s:8", flag, item, lib.SizeField(), name)
			}
			p.Size = n
		}
		picks = append(picks, p)
	}
	return picks, nil
}

// matrixPoints is each row unit's cost at its size and each column unit's
// points a model, where every unit has points and no house rule sets the
// size; else nil.
func matrixPoints(lib scenarios.Library, rs options.Ruleset, rows, cols []scenarios.Pick) (rowCost, colModel []float64) {
	priced, ok := lib.(scenarios.PricedLibrary)
	if h, house := rs.(*scenarios.HouseRules); !ok || house && h.Units[lib.SizeField()] != "" {
		return nil, nil
	}
	for _, p := range rows {
		per, unit, ok := priced.Points(p.Unit)
		if !ok {
			return nil, nil
		}
		size := p.Size
		if size == 0 {
			size = priced.Size(p.Unit)
		}
		rowCost = append(rowCost, per*float64(size)+unit)
	}
	for _, p := range cols {
		per, _, ok := priced.Points(p.Unit)
		if !ok {
			return nil, nil
		}
		colModel = append(colModel, per)
	}
	return rowCost, colModel
}

// pricePicks sets each pick's size to the models the points buy: the
// most n with n*points + unit_points <= total.
func pricePicks(lib scenarios.Library, total float64, lists ...[]scenarios.Pick) error {
	priced, ok := lib.(scenarios.PricedLibrary)
	if !ok {
		return failure.Usagef("matrix: --points: this game's library has no points yet")
	}
	if !(total > 0) || total > scenarios.MaxPoints {
		return failure.Usagef("matrix: --points must be more than 0 and at most %d, got %v", scenarios.MaxPoints, total)
	}
	for _, picks := range lists {
		for i := range picks {
			p := &picks[i]
			if p.Size > 0 {
				return failure.Usagef("matrix: %s gives a size, and --points sets every size; drop one of them", p)
			}
			per, unit, ok := priced.Points(p.Unit)
			if !ok {
				return failure.Usagef("matrix: --points: %s has no points in the library; give it points: (docs/import.md)", p.Unit)
			}
			n := scenarios.Cost{PerModel: per, Fixed: unit}.ModelsFor(total)
			if n < 1 {
				return failure.Usagef("matrix: --points %v buys no %s: one model costs %v points and the unit %v more", total, p.Unit, per, unit)
			}
			p.Size = n
		}
	}
	return nil
}

func pickNames(picks []scenarios.Pick) []string {
	names := make([]string, len(picks))
	for i, p := range picks {
		names[i] = p.String()
	}
	return names
}

// sizesText names the sizes the picks set, for titles: "empire_knights 8
// models, trolls 3 models", or "" when every unit is at its library size.
func sizesText(picks []scenarios.Pick, field string) string {
	var parts []string
	for _, p := range picks {
		if t := fmt.Sprintf("%s %d %s", p.Unit, p.Size, field); p.Size > 0 && !slices.Contains(parts, t) {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, ", ")
}

// fillTemplate is a template scenario with its units row and col started
// from the picks: their from: set, and their size when a pick gives one.
func fillTemplate(tmpl []byte, lib scenarios.Library, row, col scenarios.Pick) ([]byte, error) {
	data := tmpl
	for _, p := range []struct {
		id   string
		pick scenarios.Pick
	}{{"row", row}, {"col", col}} {
		var err error
		at := lib.UnitList() + "." + p.id + "."
		if data, err = scenarios.SetField(data, at+"from", p.pick.Unit); err != nil {
			return nil, fmt.Errorf("%w; a template gives the two units the ids row and col, which each cell fills", err)
		}
		if p.pick.Size > 0 {
			if data, err = scenarios.SetField(data, at+lib.SizeField(), strconv.Itoa(p.pick.Size)); err != nil {
				return nil, err
			}
		}
	}
	return data, nil
}

// templateFight is the kind of cell a template's fight makes, read from
// what it reports: row.wins (a charge and a fight), else col.destroyed
// (the row strikes the column).
func templateFight(p *scenarios.Plan, template string) (scenarios.Fight, error) {
	events := p.Model.Events()
	says := "fight as " + template + " says"
	switch {
	case slices.Contains(events, "row.wins"):
		return scenarios.Fight{Name: "charge", Says: says}, nil
	case slices.Contains(events, "col.destroyed"):
		return scenarios.Fight{Name: "volley", Says: says}, nil
	}
	return scenarios.Fight{}, failure.Usagef("matrix: --template %s: its fight reports neither row.wins nor col.destroyed; give it a close combat of row against col, or a volley of row at col", template)
}

// matrixFight is the library's fight called name, or its first for "".
func matrixFight(lib scenarios.Library, name string) (scenarios.Fight, error) {
	var names []string
	for _, f := range lib.Fights() {
		if f.Name == name || name == "" {
			return f, nil
		}
		names = append(names, f.Name)
	}
	return scenarios.Fight{}, failure.Usagef("matrix: --fight must be %s, got %q", strings.Join(names, " or "), name)
}

// matrixGame works out a matrix's ruleset and unit library: the game is
// --game, else the game of --rules, else the default; the ruleset is
// --rules, else the game's default preset.
func matrixGame(name, rules string) (options.Ruleset, scenarios.Library, error) {
	var rs options.Ruleset
	if rules != "" {
		var err error
		if rs, err = scenarios.ParseRules(rules); err != nil {
			return nil, nil, err
		}
		if name != "" && rs.Game() != name {
			return nil, nil, failure.Usagef("matrix: --rules %s is a ruleset of %s, not of --game %s", rules, rs.Game(), name)
		}
		name = rs.Game()
	}
	lib, err := libraryOf("matrix", scenarios.OrDefault(name, scenarios.DefaultGame))
	if err != nil {
		return nil, nil, err
	}
	if rs == nil {
		g, _ := scenarios.Lookup(scenarios.OrDefault(name, scenarios.DefaultGame))
		if rs, err = g.Rules().NewRuleset(g.Rules().DefaultPreset()); err != nil {
			return nil, nil, err
		}
	}
	return rs, lib, nil
}

// matrixCell picks a cell's results out of a run.
func matrixCell(res *engine.Result, fight string) (report.Cell, error) {
	rep, err := report.New(report.Info{}, res)
	if err != nil {
		return report.Cell{}, err
	}
	return cellOf(rep, res.Trials, fight), nil
}

// matrixExactCell picks a cell's results out of its exact solution.
func matrixExactCell(ex *engine.Exact, fight string) (report.Cell, error) {
	rep, err := report.NewExact(report.Info{}, ex)
	if err != nil {
		return report.Cell{}, err
	}
	c := cellOf(rep, 0, fight)
	c.Exact = true
	return c, nil
}

// cellOf is a cell of the results rep, of trials trials (0: exact).
func cellOf(rep *report.Report, trials int64, fight string) report.Cell {
	c := report.Cell{Trials: trials, Casualties: rep.Metrics["col.casualties"]}
	if fight == "volley" {
		c.Win = rep.Events["col.destroyed"]
	} else {
		c.Win = rep.Events["row.wins"]
		rc := rep.Metrics["row.casualties"]
		c.RowCasualties = &rc
	}
	return c
}
