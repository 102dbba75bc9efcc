package plots

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// bars is a plotter of bars from 0 to val[i], centred on pos[i] and width
// data units wide: upright, or lying along x when horizontal. Unlike
// plotter.BarChart, its width is in data units, so bars at whole numbers
// k stay centred on the ticks at k whatever the range.
type bars struct {
	pos, val   []float64
	width      float64
	color      color.Color
	horizontal bool
}

// Plot implements plot.Plotter.
func (b *bars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	c.SetColor(b.color)
	for i, v := range b.val {
		if !(v > 0) {
			continue
		}
		lo, hi := b.pos[i]-b.width/2, b.pos[i]+b.width/2
		var r vg.Rectangle
		if b.horizontal {
			r = vg.Rectangle{Min: vg.Point{X: trX(0), Y: trY(lo)}, Max: vg.Point{X: trX(v), Y: trY(hi)}}
		} else {
			r = vg.Rectangle{Min: vg.Point{X: trX(lo), Y: trY(0)}, Max: vg.Point{X: trX(hi), Y: trY(v)}}
		}
		c.Fill(r.Path())
	}
}

// DataRange implements plot.DataRanger: the bars and 0.
func (b *bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	plo, phi := b.pos[0]-b.width/2, b.pos[0]+b.width/2
	var vlo, vhi float64
	for i, v := range b.val {
		plo, phi = min(plo, b.pos[i]-b.width/2), max(phi, b.pos[i]+b.width/2)
		vlo, vhi = min(vlo, v), max(vhi, v)
	}
	if b.horizontal {
		return vlo, vhi, plo, phi
	}
	return plo, phi, vlo, vhi
}
