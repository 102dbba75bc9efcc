package plots

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// barLabels is a plotter of the values of horizontal bars, written just
// past the end of each bar and of anything drawn at its end (an interval,
// an exact mark): right of reach[i], at height pos[i]. A label that would
// run off the plot goes inside the bar instead, in white, left of
// inside[i]; when it fits neither way, the short form of the label is
// tried the same way.
type barLabels struct {
	pos, reach, inside []float64
	labels, short      []string
	style              text.Style
	gap                vg.Length
}

// Plot implements plot.Plotter.
func (b *barLabels) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i := range b.labels {
		// gonum's plain text handler sets a line centred on y about 0.1 em
		// low; lift it so the digits centre on the bar.
		y := trY(b.pos[i]) + b.style.Font.Size*0.1
		right, inside := trX(b.reach[i])+b.gap, trX(b.inside[i])-b.gap
		for j, l := range []string{b.labels[i], b.short[i]} {
			sty := b.style
			sty.YAlign = draw.YCenter
			w := sty.Width(l)
			last := j == 1
			switch {
			case right+w <= c.Max.X:
				c.FillText(sty, vg.Point{X: right, Y: y}, l)
			case inside-w >= c.Min.X || last:
				sty.XAlign, sty.Color = draw.XRight, white
				c.FillText(sty, vg.Point{X: inside, Y: y}, l)
			default:
				continue
			}
			break
		}
	}
}
