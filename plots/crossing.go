package plots

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
)

// Curve is what a [Crossing] draws: a quantity at values of a field (sim
// balance), its 95% intervals, the target it is to cross, and the values
// either side of the crossing.
type Curve struct {
	XLabel string
	Name   string       // the quantity, for the key: "P(Knights win)"
	Values []int        // the field's values, increasing
	Y      []float64    // the quantity at each
	CI95   [][2]float64 // its 95% interval at each
	Target float64
	// Probability says the quantity is a probability: the axis then runs
	// 0% to 100%; else it spans the values and the target.
	Probability bool
	Marked      []int // indexes of Values at the crossing, drawn ringed
}

// Crossing draws a curve along a field with the target as a dashed
// horizontal line and the values either side of the crossing ringed. Its
// title and subtitle come from o.
//
// It returns an error if the curve has no values, if Y or CI95 is not one
// per value, if a value is not finite (or, for a probability, outside
// 0..1), if a mark is out of range, or if o is out of range.
func Crossing(c Curve, o Options) (*Chart, error) {
	lo, hi, err := c.check()
	if err != nil {
		return nil, err
	}
	o, err = o.withDefaults()
	if err != nil {
		return nil, err
	}
	t := newTheme(o.Width, o.Height)
	f := frame{title: o.Title, subtitle: optionSubtitle(o)}
	if f.title == "" {
		f.title = c.Name + " along " + c.XLabel
	}
	style, glyph := t.series(0)
	target := t.dashed(2, 10, 6, axisColor)
	f.key = append(f.key, keyItem{lineSwatch(style, glyph), c.Name}, keyItem{lineSwatch(target, draw.GlyphStyle{}), fmt.Sprintf("target %v", c.Target)},
		keyItem{label: "ringed: either side of the crossing; whiskers: 95% intervals"})
	cp := &crossing{c: &c, t: t, lo: lo, hi: hi, style: style, glyph: glyph, target: target}
	return newChart(o, t, f, cp.paint)
}

// check returns an error if the curve cannot be drawn (no values, not one
// estimate and interval per value, a value not finite or a probability
// outside 0..1, values not increasing, a mark out of range); else the
// least and greatest of the target, the estimates and their intervals.
func (c *Curve) check() (lo, hi float64, err error) {
	if len(c.Values) == 0 {
		return 0, 0, errors.New("plots: a crossing needs at least one value")
	}
	if len(c.Y) != len(c.Values) || len(c.CI95) != len(c.Values) {
		return 0, 0, fmt.Errorf("plots: %d estimates and %d intervals for %d values", len(c.Y), len(c.CI95), len(c.Values))
	}
	lo, hi = c.Target, c.Target
	for i, y := range c.Y {
		if math.IsNaN(y) || math.IsInf(y, 0) || c.Probability && !(y >= 0 && y <= 1) {
			return 0, 0, fmt.Errorf("plots: %v at %d is not a value to draw", y, c.Values[i])
		}
		if i > 0 && c.Values[i] <= c.Values[i-1] {
			return 0, 0, fmt.Errorf("plots: values %d then %d; give them increasing", c.Values[i-1], c.Values[i])
		}
		lo, hi = min(lo, y, c.CI95[i][0]), max(hi, y, c.CI95[i][1])
	}
	for _, m := range c.Marked {
		if m < 0 || m >= len(c.Values) {
			return 0, 0, fmt.Errorf("plots: mark %d of %d values", m, len(c.Values))
		}
	}
	return lo, hi, nil
}

// crossing is what a [Crossing] draws: the curve in style and glyph, with
// its whiskers and rings, and the target line; lo and hi bound what is
// drawn of a quantity that is not a probability.
type crossing struct {
	c      *Curve
	t      theme
	lo, hi float64
	style  draw.LineStyle
	glyph  draw.GlyphStyle
	target draw.LineStyle
}

// paint draws the crossing's plot on body: 0 to 100% for a probability,
// else the span of lo to hi with a margin.
func (cp *crossing) paint(body draw.Canvas) error {
	c, t := cp.c, cp.t
	height := float64((body.Max.Y - body.Min.Y) / pixel)
	yLabel := "mean"
	if c.Probability {
		yLabel = "probability"
	}
	p := t.newPlot(c.XLabel, yLabel)
	first, last := float64(c.Values[0]), float64(c.Values[len(c.Values)-1])
	p.X.Min, p.X.Max = first-0.4, last+0.4
	p.X.Tick.Marker = integerTicks{12}
	if c.Probability {
		p.Y.Min, p.Y.Max = 0, 1
		p.Y.Tick.Marker = percentTicks{yTickCount(t, height-60)}
	} else {
		pad := max((cp.hi-cp.lo)*0.08, 0.05)
		p.Y.Min, p.Y.Max = cp.lo-pad, cp.hi+pad
		p.Y.Tick.Marker = plot.DefaultTicks{}
	}
	p.Add(horizontalGrid(t))
	if err := cp.addCurve(p); err != nil {
		return err
	}
	if err := checkRoom(t, p, body); err != nil {
		return err
	}
	p.Draw(body)
	return nil
}

// addCurve adds to p, across its x axis, the target line, the curve with
// its whiskers and points, and the rings of the marked values.
func (cp *crossing) addCurve(p *plot.Plot) error {
	c, t := cp.c, cp.t
	line := plotter.XYs{{X: p.X.Min, Y: c.Target}, {X: p.X.Max, Y: c.Target}}
	tl, err := plotter.NewLine(line)
	if err != nil {
		return fmt.Errorf("plots: target line: %w", err)
	}
	tl.LineStyle = cp.target
	xys := make(plotter.XYs, len(c.Values))
	for k, v := range c.Values {
		xys[k] = plotter.XY{X: float64(v), Y: c.Y[k]}
	}
	cl, points, err := plotter.NewLinePoints(xys)
	if err != nil {
		return fmt.Errorf("plots: curve: %w", err)
	}
	cl.LineStyle, points.GlyphStyle = cp.style, cp.glyph
	p.Add(tl, cl, &whiskers{x: xys, ci: c.CI95, style: t.line(2, seriesColors[0]), cap: 0.06}, points)
	if len(c.Marked) > 0 {
		var ring plotter.XYs
		for _, m := range c.Marked {
			ring = append(ring, xys[m])
		}
		rs, err := plotter.NewScatter(ring)
		if err != nil {
			return fmt.Errorf("plots: marks: %w", err)
		}
		rs.GlyphStyle = draw.GlyphStyle{Color: textColor, Radius: t.px(13), Shape: draw.RingGlyph{}}
		p.Add(rs)
	}
	return nil
}
