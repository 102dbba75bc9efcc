package study

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// The pieces of a matrix: its units (picks, at a size or at points), its
// game and fight, a template's cells, and the results of a cell.

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
			c := scenarios.Cost{PerModel: per, Fixed: unit}
			if m, ok := lib.(scenarios.MinSizedLibrary); ok {
				c.MinModels = m.MinSize(p.Unit)
			}
			n := c.ModelsFor(total)
			if err := belowMinimum("matrix", total, p.Unit, c, n); err != nil {
				return err
			}
			if n < 1 {
				return failure.Usagef("matrix: --points %v buys no %s: one model costs %v points and the unit %v more", total, p.Unit, per, unit)
			}
			p.Size = n
		}
	}
	return nil
}

// belowMinimum refuses --points that buy n models of the unit name, fewer
// than its smallest legal size: a fight at that size could not be played,
// so the message says the minimum and what it costs, the points to give
// instead. nil when n is enough or the unit has no minimum.
func belowMinimum(cmd string, points float64, name string, c scenarios.Cost, n int) error {
	if c.MinModels <= 1 || n >= c.MinModels {
		return nil
	}
	bought := fmt.Sprintf("%d models", n)
	switch n {
	case 0:
		bought = "no models"
	case 1:
		bought = "1 model"
	}
	return failure.Usagef("%s: --points %v buys %s of %s, below its minimum of %d (min_models); %d models cost %v points",
		cmd, points, bought, name, c.MinModels, c.MinModels, c.AtMinimum())
}

// pickNames are the picks as --units and --vs write them.
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

// fillTemplate is a template scenario with its units row and col (and
// with, where with is not nil) started from the picks: their from: set,
// and their size when a pick gives one.
func fillTemplate(tmpl []byte, lib scenarios.Library, row, col scenarios.Pick, with *scenarios.Pick) ([]byte, error) {
	data := tmpl
	type fill struct {
		id   string
		pick scenarios.Pick
	}
	fills := []fill{{"row", row}, {"col", col}}
	if with != nil {
		fills = append(fills, fill{"with", *with})
	}
	for _, p := range fills {
		var err error
		at := lib.UnitList() + "." + p.id + "."
		if data, err = scenarios.SetField(data, at+"from", p.pick.Unit); err != nil {
			if p.id == "with" {
				return nil, fmt.Errorf("%w; with --with, a template gives a third unit the id with, which each cell fills", err)
			}
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
	case slices.Contains(events, scenarios.RowWins):
		return scenarios.Fight{Name: "charge", Says: says, Win: scenarios.RowWins}, nil
	case slices.Contains(events, scenarios.ColDestroyed):
		return scenarios.Fight{Name: "volley", Says: says, Win: scenarios.ColDestroyed}, nil
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
	lib, err := Library("matrix", scenarios.OrDefault(name, scenarios.DefaultGame()))
	if err != nil {
		return nil, nil, err
	}
	if rs == nil {
		g, _ := scenarios.Lookup(scenarios.OrDefault(name, scenarios.DefaultGame()))
		if rs, err = g.Rules().NewRuleset(g.Rules().DefaultPreset()); err != nil {
			return nil, nil, err
		}
	}
	return rs, lib, nil
}

// matrixCell picks a cell's results out of a run.
func matrixCell(res *engine.Result, win string) (report.Cell, error) {
	rep, err := report.New(report.Info{}, res)
	if err != nil {
		return report.Cell{}, err
	}
	return cellOf(rep, res.Trials, win), nil
}

// matrixExactCell picks a cell's results out of its exact solution.
func matrixExactCell(ex *engine.Exact, win string) (report.Cell, error) {
	rep, err := report.NewExact(report.Info{}, ex)
	if err != nil {
		return report.Cell{}, err
	}
	c := cellOf(rep, 0, win)
	c.Exact = true
	return c, nil
}

// cellOf is a cell of the results rep, of trials trials (0: exact): the
// chance of the event win (Fight.Win) and the column's casualties, and the
// row's where the cell is the row's win.
func cellOf(rep *report.Report, trials int64, win string) report.Cell {
	c := report.Cell{Trials: trials, Casualties: rep.Metrics["col.casualties"], Win: rep.Events[win]}
	if win == scenarios.RowWins {
		rc := rep.Metrics["row.casualties"]
		c.RowCasualties = &rc
	}
	return c
}
