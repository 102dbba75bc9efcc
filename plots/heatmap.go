package plots

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Grid is a probability over a grid of two parameters: for example the
// chance to break a unit, by the attacker's Strength (rows) and number of
// attacks (columns).
type Grid struct {
	// Rows and Cols label the rows (top to bottom) and columns (left to
	// right).
	Rows, Cols []string
	// RowTitle and ColTitle name what the rows and columns vary, with
	// units: "Strength", "attacks".
	RowTitle, ColTitle string
	// Values[row][col] is the probability in that cell, in 0..1; NaN means
	// the cell has no value (a combination not run, say).
	Values [][]float64
}

// Heatmap draws a grid of probabilities as coloured cells, each with its
// value written in it as a percentage, and a colour scale beside it. The
// scale is viridis from 0% to 100% whatever the values, so that colours
// mean the same on every chart. A cell without a value is light grey,
// marked "–", and the key says so. When cells are too small for "61.2%"
// in a readable size, values are written as whole percentages ("61%").
// The chart's title is [Options.Title], and its subtitle
// [Options.Subtitle], as a grid carries no report.
//
// It returns an error if the grid has no rows or columns, if Values does
// not have one row of one value per column for each row, if a value is
// outside 0..1 (and not NaN), if every value is NaN, or if o is out of
// range.
func Heatmap(g Grid, o Options) (*Chart, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := g.check(); err != nil {
		return nil, err
	}
	t := newTheme(o.Width, o.Height)
	f := frame{title: o.Title, subtitle: optionSubtitle(o)}
	if g.hasNaN() {
		f.key = append(f.key, keyItem{barSwatch(noValue), "– no value"})
	}
	nr, nc := len(g.Rows), len(g.Cols)
	rows := make(categoryTicks, nr)
	for i, r := range g.Rows {
		rows[nr-1-i] = r
	}
	paint := func(body draw.Canvas) error {
		p := t.newPlot(g.ColTitle, g.RowTitle)
		p.X.Min, p.X.Max = -0.5, float64(nc)-0.5
		p.Y.Min, p.Y.Max = -0.5, float64(nr)-0.5
		tick := t.text(tickSize, false, textColor)
		maxRow := (body.Max.X - body.Min.X) * 0.3
		rowTicks := make(categoryTicks, nr)
		for i, r := range rows {
			rowTicks[i] = truncate(tick, r, maxRow)
		}
		p.X.Tick.Marker, p.Y.Tick.Marker = categoryTicks(g.Cols), rowTicks
		p.X.LineStyle.Width, p.Y.LineStyle.Width = 0, 0 // the cells are the frame
		p.X.Tick.Length, p.Y.Tick.Length = 0, 0
		p.X.Padding, p.Y.Padding = t.px(4), t.px(4)
		cellPlot := &cells{values: g.Values, theme: t, gap: t.px(2)}
		p.Add(cellPlot)

		bar := colorBar{theme: t}
		main := draw.Crop(body, 0, -bar.width(), 0, 0)
		dc := p.DataCanvas(main)
		w := (dc.Max.X-dc.Min.X)/vg.Length(nc) - cellPlot.gap
		h := (dc.Max.Y-dc.Min.Y)/vg.Length(nr) - cellPlot.gap
		if _, _, ok := cellPlot.textStyle(w, h); !ok {
			return fmt.Errorf("a grid of %d×%d leaves cells of %.0f×%.0f px, too small to write their values in", nr, nc, float64(w/pixel), float64(h/pixel))
		}
		p.Draw(main)
		bar.draw(body, dc)
		return nil
	}
	return newChart(o, t, f, paint)
}

// check returns an error, with the cell's place, if the grid is not one
// of probabilities.
func (g Grid) check() error {
	switch {
	case len(g.Rows) == 0 || len(g.Cols) == 0:
		return fmt.Errorf("plots: grid of %d rows and %d columns: want at least one of each", len(g.Rows), len(g.Cols))
	case len(g.Values) != len(g.Rows):
		return fmt.Errorf("plots: grid has %d rows of values for %d rows", len(g.Values), len(g.Rows))
	}
	some := false
	for i, row := range g.Values {
		if len(row) != len(g.Cols) {
			return fmt.Errorf("plots: grid row %d (%s) has %d values for %d columns", i, g.Rows[i], len(row), len(g.Cols))
		}
		for j, v := range row {
			if math.IsNaN(v) {
				continue
			}
			if v < 0 || v > 1 {
				return fmt.Errorf("plots: grid value [%d][%d] (%s, %s) = %g, want a probability in 0..1 or NaN", i, j, g.Rows[i], g.Cols[j], v)
			}
			some = true
		}
	}
	if !some {
		return errors.New("plots: every value of the grid is NaN: nothing to draw")
	}
	return nil
}

// hasNaN reports whether some cell has no value.
func (g Grid) hasNaN() bool {
	for _, row := range g.Values {
		for _, v := range row {
			if math.IsNaN(v) {
				return true
			}
		}
	}
	return false
}
