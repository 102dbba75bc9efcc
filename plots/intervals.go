package plots

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
)

// intervals is a plotter of horizontal interval whiskers, lo[i] to hi[i]
// at height pos[i], with end caps; an interval of zero width (an exact
// value) is not drawn.
type intervals struct {
	pos    []float64
	lo, hi []float64
	cap    float64 // half the height of a cap, in y data units
	style  draw.LineStyle
}

// Plot implements plot.Plotter.
func (iv *intervals) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i, y := range iv.pos {
		if !(iv.hi[i] > iv.lo[i]) {
			continue
		}
		x0, x1 := trX(iv.lo[i]), trX(iv.hi[i])
		yc, ylo, yhi := trY(y), trY(y-iv.cap), trY(y+iv.cap)
		c.StrokeLine2(iv.style, x0, yc, x1, yc)
		c.StrokeLine2(iv.style, x0, ylo, x0, yhi)
		c.StrokeLine2(iv.style, x1, ylo, x1, yhi)
	}
}

// DataRange implements plot.DataRanger.
func (iv *intervals) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = iv.lo[0], iv.hi[0]
	ymin, ymax = iv.pos[0], iv.pos[0]
	for i := range iv.pos {
		xmin, xmax = min(xmin, iv.lo[i]), max(xmax, iv.hi[i])
		ymin, ymax = min(ymin, iv.pos[i]-iv.cap), max(ymax, iv.pos[i]+iv.cap)
	}
	return xmin, xmax, ymin, ymax
}
