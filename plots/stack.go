package plots

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// stack returns the canvases of plots drawn one above the other in c, the
// first on top, gap apart. Their data areas get the height left after each
// plot's axes, shared in proportion to weights, and are lined up left and
// right: the plots share an x axis, so k must fall at the same x in each,
// whatever the widths of their y tick labels. It may widen the padding of
// the plots' y axis titles.
func stack(c draw.Canvas, gap vg.Length, plots []*plot.Plot, weights []float64) []draw.Canvas {
	var total float64
	for _, w := range weights {
		total += w
	}
	// The room each plot's axes take: what a canvas of the whole height
	// keeps outside its data area.
	overhead := make([]vg.Length, len(plots))
	room := c.Max.Y - c.Min.Y - gap*vg.Length(len(plots)-1)
	for i, p := range plots {
		dc := p.DataCanvas(c)
		overhead[i] = (c.Max.Y - c.Min.Y) - (dc.Max.Y - dc.Min.Y)
		room -= overhead[i]
	}
	room = max(room, 0)
	base := make([]draw.Canvas, len(plots))
	top := c.Max.Y
	for i := range plots {
		h := overhead[i] + room*vg.Length(weights[i]/total)
		base[i] = draw.Crop(c, 0, 0, top-h-c.Min.Y, top-c.Max.Y)
		top -= h + gap
	}
	// Cropping a canvas changes its data area's padding a little (gonum
	// pads for glyphs in proportion), so settle the crops in a few rounds.
	left := make([]vg.Length, len(plots))
	right := make([]vg.Length, len(plots))
	cv := make([]draw.Canvas, len(plots))
	for range 4 {
		var maxL, minR vg.Length
		for i, p := range plots {
			cv[i] = draw.Crop(base[i], left[i], -right[i], 0, 0)
			dc := p.DataCanvas(cv[i])
			if i == 0 || dc.Min.X > maxL {
				maxL = dc.Min.X
			}
			if i == 0 || dc.Max.X < minR {
				minR = dc.Max.X
			}
		}
		for i, p := range plots {
			dc := p.DataCanvas(cv[i])
			// Move a data area right by padding its y title rather than
			// by cropping, so that the titles of all the plots line up
			// at the left edge.
			if p.Y.Label.Text != "" {
				p.Y.Label.Padding += maxL - dc.Min.X
			} else {
				left[i] += maxL - dc.Min.X
			}
			right[i] += dc.Max.X - minR
		}
	}
	for i := range plots {
		cv[i] = draw.Crop(base[i], left[i], -right[i], 0, 0)
	}
	return cv
}

// fitYLabel gives p, to be drawn on c, the y axis title label and
// reports whether it fits along the axis. gonum would squash the data area
// to make room for a title that does not fit, so callers try a shorter one.
func fitYLabel(p *plot.Plot, c draw.Canvas, label string) bool {
	p.Y.Label.Text = ""
	dc := p.DataCanvas(c)
	p.Y.Label.Text = label
	return p.Y.Label.TextStyle.Width(label) <= dc.Max.Y-dc.Min.Y
}
