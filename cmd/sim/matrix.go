package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

const matrixUsage = `Usage: sim matrix --units A,B,C [--vs X,Y,Z] [--fight charge|volley] [flags]

Fights every unit of --units (rows) against every unit of --vs (columns;
the same units by default), all from the unit library (sim units lists
it), on the same seed: with --fight charge the row unit charges and the
fight goes on to the break; with --fight volley the row unit strikes one
round of blows on the charge. Each cell gives P(the row wins) (a volley:
P(the column unit is destroyed)) and the column unit's expected casualties.

  sim matrix --units empire_knights,knights_errant,chaos_knights --vs trolls,ogre_bulls,minotaurs

Flags:
`

func matrixCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("matrix", matrixUsage, stdout)
	units := fs.String("units", "", "comma-separated library units, the rows")
	vs := fs.String("vs", "", "comma-separated library units, the columns (default: the rows)")
	fight := fs.String("fight", "charge", "charge (to the break) or volley (one round of blows)")
	trials := fs.Int64("trials", 100_000, "trials in each cell")
	seed := fs.Uint64("seed", 0, "random seed (default: drawn at random and printed)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "goroutines running trials")
	rules := fs.String("rules", "", "ruleset: a preset, a house-rules file, plus options (default 6th)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	quiet := fs.Bool("quiet", false, "no progress bar (it is drawn only on a terminal, for runs longer than a second)")
	pf := addPlotFlags(fs, `a heatmap of P(win)`)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("matrix takes no arguments; name the units with --units and --vs")
	}
	if *units == "" {
		return usagef("matrix: name the row units with --units a,b,c (sim units lists them)")
	}
	if *fight != "charge" && *fight != "volley" {
		return usagef("matrix: --fight must be charge or volley, got %q", *fight)
	}
	if err := checkFormat("matrix", *format); err != nil {
		return err
	}
	jobs, popts, err := pf.check("matrix")
	if err != nil {
		return err
	}
	if *trials < 1 || *workers < 1 {
		return usagef("matrix: --trials and --workers must be at least 1")
	}
	rows := strings.Split(*units, ",")
	cols := rows
	if *vs != "" {
		cols = strings.Split(*vs, ",")
	}
	lib := scenarios.LibraryNames()
	for _, u := range append(slices.Clone(rows), cols...) {
		if !slices.Contains(lib, u) {
			return usagef("matrix: %q is not in the unit library; sim units lists it", u)
		}
	}
	rs, err := scenarios.ParseRules(orPreset(*rules))
	if err != nil {
		return err
	}

	cfg := engine.Config{Trials: *trials, Workers: *workers}
	var source string
	cfg.Seed, source = chooseSeed(fs, *seed, nil)
	m := &report.Matrix{Kind: "matrix", Fight: *fight, Ruleset: rs.Preset, Rules: rs.Changed(), Rows: rows, Cols: cols,
		Seed: cfg.Seed, SeedSource: source, Trials: cfg.Trials, Complete: true, Version: version, Dice: engine.StreamVersion}
	start := time.Now()
	done := int64(0)
	bar := newProgress(stderr, int64(len(rows)*len(cols))*cfg.Trials, "", *quiet)
	defer bar.done()
cells:
	for _, r := range rows {
		var line []report.Cell
		for _, c := range cols {
			plan, err := scenarios.LoadWith("matrix", matrixScenario(r, c, *fight), rs)
			if err != nil {
				return fmt.Errorf("matrix cell %s against %s: %w", r, c, err)
			}
			offset := done
			cfg.Progress = func(n int64) { bar.update(offset + n) }
			res, err := engine.Run(ctx, plan.Model, cfg)
			if err != nil {
				return err
			}
			if res.Trials == 0 {
				m.Complete = false
				break cells
			}
			done += res.Trials
			cell, err := matrixCell(res, *fight)
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
		return errInterrupted
	}
	return nil
}

func orPreset(rules string) string {
	if rules == "" {
		return warhammer.DefaultPreset
	}
	return rules
}

// matrixScenario writes the scenario of one cell: library unit row against
// library unit col, under the ids row and col (they may be the same unit).
func matrixScenario(row, col, fight string) []byte {
	f := "fight: {type: close_combat, sides: [row, col], charger: row}"
	if fight == "volley" {
		f = "fight: {type: volley, attacker: row, target: col, phase: close_combat, charged: true}"
	}
	return []byte(fmt.Sprintf("name: %s-vs-%s\nunits:\n  - {id: row, from: %s}\n  - {id: col, from: %s}\n%s\n", row, col, row, col, f))
}

// matrixCell picks a cell's results out of a run.
func matrixCell(res *engine.Result, fight string) (report.Cell, error) {
	rep, err := report.New(report.Info{}, res)
	if err != nil {
		return report.Cell{}, err
	}
	c := report.Cell{Trials: res.Trials, Casualties: rep.Metrics["col.casualties"]}
	if fight == "volley" {
		c.Win = rep.Events["col.destroyed"]
	} else {
		c.Win = rep.Events["row.wins"]
		rc := rep.Metrics["row.casualties"]
		c.RowCasualties = &rc
	}
	return c, nil
}
