package plots

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// cells is a plotter of a heatmap's cells: values[i][j] fills the unit
// square centred on (j, len(values)−1−i) with its viridis colour, less a
// gap, and writes the value in it as a percentage.
type cells struct {
	values [][]float64
	theme  theme
	gap    vg.Length
}

// minCellText is the smallest size, in pixels, of a value written in a
// cell; below it values lose their decimal instead.
const minCellText = 11

// Plot implements plot.Plotter.
func (cs *cells) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	nr := len(cs.values)
	cellW := trX(1) - trX(0) - cs.gap
	cellH := trY(1) - trY(0) - cs.gap
	sty, format, ok := cs.textStyle(cellW, cellH)
	if !ok {
		panic("plots: cells too small for their values") // Heatmap checks before drawing
	}
	for i, row := range cs.values {
		y := float64(nr - 1 - i)
		for j, v := range row {
			x := float64(j)
			r := vg.Rectangle{
				Min: vg.Point{X: trX(x-0.5) + cs.gap/2, Y: trY(y-0.5) + cs.gap/2},
				Max: vg.Point{X: trX(x+0.5) - cs.gap/2, Y: trY(y+0.5) - cs.gap/2},
			}
			bg := viridisAt(v)
			c.SetColor(bg)
			c.Fill(r.Path())
			s := sty
			s.Color = inkOn(bg)
			// Lifted 0.1 em, as in barLabels, to centre the digits.
			c.FillText(s, vg.Point{X: trX(x), Y: trY(y) + s.Font.Size*0.1}, format(v))
		}
	}
}

// textStyle picks the size and format of the values: the value size if
// "100.0%" fits cells of w×h, or else smaller down to minCellText pixels,
// or else whole percentages ("61%"), as large as fit. ok is false when not
// even those fit.
func (cs *cells) textStyle(w, h vg.Length) (sty text.Style, format func(float64) string, ok bool) {
	t := cs.theme
	formats := []struct {
		widest string
		f      func(float64) string
		pad    vg.Length // at each side
	}{{"100.0%", percent, t.px(6)}, {"100%", wholePercent, t.px(2)}}
	for _, fm := range formats {
		for size := float64(valueSize); size*t.scale >= minCellText; size-- {
			sty := t.text(size, false, textColor)
			if sty.Width(fm.widest)+2*fm.pad <= w && sty.FontExtents().Height+fm.pad <= h {
				sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
				return sty, fm.f, true
			}
		}
	}
	return text.Style{}, nil, false
}
