package plots

import (
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// colorBar is a heatmap's colour scale: a strip of the viridis scale from
// 0% (bottom) to 100% (top), with ticks every 20% and the title
// "probability", drawn at the right of the chart beside the cells.
type colorBar struct{ theme theme }

// Sizes of the colour bar, in pixels at 1200×675.
const (
	barGapPx   = 26 // between the cells and the strip
	barWidthPx = 26
	barTickPx  = 6
)

// width is the room the colour bar takes at the right of the chart.
func (b colorBar) width() vg.Length {
	t := b.theme
	tick := t.text(tickSize, false, textColor)
	title := t.text(labelSize, false, textColor)
	return t.px(barGapPx+barWidthPx+barTickPx+4) + tick.Width("100%") + t.px(10) + title.FontExtents().Height
}

// draw draws the bar at the right of c, as tall as the cells' area data.
func (b colorBar) draw(c, data draw.Canvas) {
	t := b.theme
	x0 := c.Max.X - b.width() + t.px(barGapPx)
	x1 := x0 + t.px(barWidthPx)
	y0, y1 := data.Min.Y, data.Max.Y
	// Each step is painted from its bottom to the top of the strip, over
	// the steps below it, so that no seam of background can show between
	// two steps where anti-aliasing softens their edges.
	const steps = 100
	for i := range steps {
		lo := y0 + (y1-y0)*vg.Length(i)/steps
		c.SetColor(viridisAt((float64(i) + 0.5) / steps))
		c.Fill(vg.Rectangle{Min: vg.Point{X: x0, Y: lo}, Max: vg.Point{X: x1, Y: y1}}.Path())
	}
	tick := t.text(tickSize, false, textColor)
	tick.XAlign, tick.YAlign = draw.XLeft, draw.YCenter
	line := t.line(1.5, axisColor)
	n := yTickCount(t, float64((y1-y0)/pixel))
	for _, tk := range (percentTicks{min(n, 5)}).Ticks(0, 1) {
		y := y0 + (y1-y0)*vg.Length(tk.Value)
		c.StrokeLine2(line, x1, y, x1+t.px(barTickPx), y)
		c.FillText(tick, vg.Point{X: x1 + t.px(barTickPx+4), Y: y}, tk.Label)
	}
	title := t.text(labelSize, false, textColor)
	// Turned a quarter, to read upwards like a y axis title, with its
	// descenders at the chart's edge.
	title.XAlign, title.YAlign = draw.XCenter, draw.YBottom
	title.Rotation = math.Pi / 2
	c.FillText(title, vg.Point{X: c.Max.X - title.FontExtents().Descent, Y: (y0 + y1) / 2}, "probability")
}
