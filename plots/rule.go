package plots

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)

// rule is a plotter of a vertical line at x, across the whole height of
// the plot, such as the mean. It does not widen the plot's range.
type rule struct {
	x     float64
	style draw.LineStyle
}

// Plot implements plot.Plotter.
func (r rule) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x := trX(r.x)
	if !c.ContainsX(x) {
		return
	}
	c.StrokeLine2(r.style, x, c.Min.Y, x, c.Max.Y)
}
