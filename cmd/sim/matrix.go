package main

import (
	"context"
	"fmt"
	"io"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/study"
)

const matrixUsage = `Usage: sim matrix --units A,B,C [--vs X,Y,Z] [--fight charge|volley | --template FILE] [--with NAME[:SIZE][@front|flank|rear]] [flags]

Fights every unit of --units (rows) against every unit of --vs (columns;
the same units by default), all from a game's unit library (sim units
lists it; --game picks the game, else the game of --rules, else
Warhammer), on the same seed: with --fight charge the row unit charges
and they fight (Warhammer: to the break; War of the Ring: one turn); with
--fight volley the row unit strikes once (Warhammer: one round of blows
on the charge; Conquest: one Clash). The default is the game's first. Each cell gives P(the row wins) (a volley:
P(the column unit is destroyed)) and the column unit's expected casualties.

--with NAME[:SIZE][@front|flank|rear] adds a third library unit to each
row unit's army (Warhammer's charge): the row charges the column's front
and NAME stands at the column's flank (the default) or rear, charging
with it, or at its front, already fighting; each cell then gives P(the
row's army wins).

  sim matrix --units empire_knights,knights_errant,chaos_knights --vs trolls,ogre_bulls,minotaurs

To cut a long job across machines, --shard I/N --out FILE runs shard I of
N and sim merge adds the shards up; --checkpoint FILE saves finished
batches as it goes, and the same command resumes from them. Both need
--seed (docs/scale.md).

Flags:
`

func matrixCmd(ctx context.Context, sc *runs.Scale, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("matrix", matrixUsage, stdout)
	var o study.MatrixOptions
	points := addMatrixFlags(fs, &o)
	trials := trialsFlag(fs, 100_000, "trials in each cell")
	rf := addRunFlags(fs, "random seed (default: drawn at random and printed)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	pf := addPlotFlags(fs, `a heatmap of P(win)`)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return failure.Usagef("matrix takes no arguments; name the units with --units and --vs")
	}
	if o.Units == "" {
		return failure.Usagef("matrix: name the row units with --units a,b,c (sim units lists them)")
	}
	inputs := rulesFiles(o.Rules)
	if o.Template != "" {
		inputs = append(inputs, o.Template)
	}
	jobs, popts, err := checkOutputs("matrix", *format, *out, pf, inputs...)
	if err != nil {
		return err
	}
	if o.Trials = *trials; set(fs, "points") {
		o.Points = points
	}
	setup, bar := rf.setup(fs, sc, stderr)
	defer bar.done()
	m, err := study.Matrix(ctx, setup, o)
	if err != nil {
		return err
	}
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

// addMatrixFlags defines matrix's own flags on fs, which fill o as they
// are parsed; --points goes where the pointer returned points.
func addMatrixFlags(fs *flagSet, o *study.MatrixOptions) *float64 {
	fs.StringVar(&o.Units, "units", "", "comma-separated library units, the rows")
	fs.StringVar(&o.Vs, "vs", "", "comma-separated library units, the columns (default: the rows)")
	fs.StringVar(&o.Game, "game", "", "the game whose unit library to use (default: the game of --rules, else "+scenarios.DefaultGame()+")")
	fs.StringVar(&o.Fight, "fight", "", "charge (the row charges and they fight) or volley (the row strikes once); default the game's first")
	fs.StringVar(&o.Library, "library", "", "comma-separated library files (sim import writes them) whose units --units and --vs may name, before the built-in library's")
	points := fs.Float64("points", 0, "fight at equal points: each unit takes as many models as this many points buy (its library points a model and unit_points)")
	fs.StringVar(&o.Template, "template", "", "a scenario (file or built-in) whose units with the ids row and col each cell fills with its two library units; its fight, ruleset and the rest stay as it says")
	fs.StringVar(&o.Rules, "rules", "", "ruleset: a preset, a house-rules file, plus options (default: the game's default preset)")
	fs.StringVar(&o.With, "with", "", "a library unit that joins each row unit's army, NAME[:SIZE][@front|flank|rear]: the column's face it stands at (default flank, charging with the row; at the front it was already fighting)")
	fs.BoolVar(&o.Exact, "exact", false, "solve each cell exactly where it can be, and simulate the others; the tables mark which")
	return points
}
