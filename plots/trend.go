package plots

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
)

// Line is one line of a [Trend]: a probability at each of the swept values,
// with its 95% interval.
type Line struct {
	Name string
	P    []float64    // one per value, in 0..1
	CI95 [][2]float64 // one per value
}

// Trend draws how probabilities move along a swept parameter (sim sweep):
// the parameter's values across, in order and evenly spaced, one line with
// points per series, each point with its 95% interval as a vertical
// whisker. Each line has its own colour, point shape and dash pattern. A
// trend has no report, so its title and subtitle come from o.
//
// It returns an error if there are no values or no lines, more lines than
// [MaxCompared], a line whose P or CI95 is not one per value or holds a
// probability outside 0..1 (or NaN), or if o is out of range.
func Trend(xLabel string, values []string, lines []Line, o Options) (*Chart, error) {
	return trend(xLabel, values, lines, "", o)
}

// TrendMeans is Trend for means instead of probabilities (sim run's chart
// of a War of the Ring fight turn by turn): each line's P holds a mean,
// its CI95 the mean's interval, and the y axis, labelled yLabel, spans
// them from 0. It returns an error as Trend does, for values that are
// negative or not finite instead of outside 0..1.
func TrendMeans(xLabel, yLabel string, values []string, lines []Line, o Options) (*Chart, error) {
	if yLabel == "" {
		return nil, errors.New("plots: a trend of means needs its y label")
	}
	return trend(xLabel, values, lines, yLabel, o)
}

// trend draws probabilities (yLabel "") or means.
func trend(xLabel string, values []string, lines []Line, yLabel string, o Options) (*Chart, error) {
	means := yLabel != ""
	switch {
	case len(values) == 0:
		return nil, errors.New("plots: a trend needs at least one value")
	case len(lines) == 0:
		return nil, errors.New("plots: a trend needs at least one line")
	case len(lines) > MaxCompared:
		return nil, fmt.Errorf("plots: %d lines; at most %d fit on one chart", len(lines), MaxCompared)
	}
	for _, l := range lines {
		if len(l.P) != len(values) || len(l.CI95) != len(values) {
			return nil, fmt.Errorf("plots: line %q has %d points and %d intervals for %d values", l.Name, len(l.P), len(l.CI95), len(values))
		}
		for i, p := range l.P {
			if means && (!(p >= 0) || math.IsInf(p, 0) || math.IsNaN(l.CI95[i][0]) || math.IsInf(l.CI95[i][1], 0)) {
				return nil, fmt.Errorf("plots: line %q: %v at %s is not a mean to draw", l.Name, p, values[i])
			}
			if !means && (!(p >= 0 && p <= 1) || !(l.CI95[i][0] >= 0 && l.CI95[i][1] <= 1)) {
				return nil, fmt.Errorf("plots: line %q: %v at %s is not a probability", l.Name, p, values[i])
			}
		}
	}
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	t := newTheme(o.Width, o.Height)
	f := frame{title: o.Title, subtitle: optionSubtitle(o)}
	if f.title == "" {
		f.title = "Sweep of " + xLabel
	}
	styles := make([]draw.LineStyle, len(lines))
	glyphs := make([]draw.GlyphStyle, len(lines))
	for i, l := range lines {
		styles[i], glyphs[i] = t.series(i)
		f.key = append(f.key, keyItem{lineSwatch(styles[i], glyphs[i]), l.Name})
	}
	f.key = append(f.key, keyItem{label: "whiskers: 95% intervals"})

	paint := func(body draw.Canvas) error {
		height := float64((body.Max.Y - body.Min.Y) / pixel)
		p := t.newPlot(xLabel, orDefault(yLabel, "probability"))
		p.X.Min, p.X.Max = -0.4, float64(len(values)-1)+0.4
		p.X.Tick.Marker = categoryTicks(values)
		n := yTickCount(t, height-60)
		p.Y.Min, p.Y.Max = 0, 1
		p.Y.Tick.Marker = percentTicks{n}
		if means {
			top := 0.0
			for _, l := range lines {
				for i := range l.P {
					top = max(top, l.P[i], l.CI95[i][1])
				}
			}
			p.Y.Max = max(top*1.08, 1)
			p.Y.Tick.Marker = plot.DefaultTicks{}
		}
		p.Add(horizontalGrid(t))
		for i, l := range lines {
			xys := make(plotter.XYs, len(values))
			for k := range values {
				xys[k] = plotter.XY{X: float64(k), Y: l.P[k]}
			}
			line, points, err := plotter.NewLinePoints(xys)
			if err != nil {
				return fmt.Errorf("plots: trend line %q: %w", l.Name, err)
			}
			line.LineStyle, points.GlyphStyle = styles[i], glyphs[i]
			p.Add(line, &whiskers{x: xys, ci: l.CI95, style: t.line(2, seriesColors[i]), cap: 0.06}, points)
		}
		if err := checkRoom(t, p, body); err != nil {
			return err
		}
		p.Draw(body)
		return nil
	}
	return newChart(o, t, f, paint)
}

// orDefault is s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// whiskers is a plotter of vertical interval whiskers with end caps at
// each point; an interval of no width is not drawn.
type whiskers struct {
	x     plotter.XYs
	ci    [][2]float64
	cap   float64 // half the width of a cap, in x data units
	style draw.LineStyle
}

// Plot implements plot.Plotter.
func (w *whiskers) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i, pt := range w.x {
		lo, hi := w.ci[i][0], w.ci[i][1]
		if !(hi > lo) || math.IsNaN(lo) {
			continue
		}
		x, xl, xr := trX(pt.X), trX(pt.X-w.cap), trX(pt.X+w.cap)
		y0, y1 := trY(lo), trY(hi)
		c.StrokeLine2(w.style, x, y0, x, y1)
		c.StrokeLine2(w.style, xl, y0, xr, y0)
		c.StrokeLine2(w.style, xl, y1, xr, y1)
	}
}
