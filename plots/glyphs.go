package plots

import (
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// shape is a point glyph drawn thick enough to see on a large chart shown
// small (gonum's outline glyphs use a 0.5 pt line). Filled shapes get a
// thin white outline, so that they stand out on a bar or a line of another
// colour; hollow ones are white inside.
type shape int

const (
	circle shape = iota
	square
	triangle
	diamond
	downTriangle
	ring
	hollowSquare
	hollowDiamond
)

// glyphShapes are the point shapes of the lines of a comparison, in
// order, so that lines differ in shape as well as colour.
var glyphShapes = []shape{circle, square, triangle, diamond, downTriangle, ring, hollowSquare, hollowDiamond}

// DrawGlyph implements draw.GlyphDrawer.
func (s shape) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var p vg.Path
	poly := func(n int, radius vg.Length, start float64) {
		for i := range n {
			a := start + 2*math.Pi*float64(i)/float64(n)
			q := vg.Point{X: pt.X + radius*vg.Length(math.Cos(a)), Y: pt.Y + radius*vg.Length(math.Sin(a))}
			if i == 0 {
				p.Move(q)
			} else {
				p.Line(q)
			}
		}
		p.Close()
	}
	switch s {
	case circle, ring:
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
		p.Close()
	case square, hollowSquare:
		poly(4, r*1.2, math.Pi/4)
	case triangle:
		poly(3, r*1.35, math.Pi/2)
	case downTriangle:
		poly(3, r*1.35, -math.Pi/2)
	case diamond, hollowDiamond:
		poly(4, r*1.3, math.Pi/2)
	}
	switch s {
	case ring, hollowSquare, hollowDiamond:
		c.SetColor(white)
		c.Fill(p)
		c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: r / 2.5})
		c.Stroke(p)
	default:
		c.SetColor(sty.Color)
		c.Fill(p)
		c.SetLineStyle(draw.LineStyle{Color: white, Width: r / 4})
		c.Stroke(p)
	}
}

// dashPatterns are the dash patterns of the lines of a comparison, in
// pixels at 1200×675 (on, off, ...); nil is solid.
var dashPatterns = [][]float64{
	nil, {14, 6}, {4, 5}, {14, 5, 4, 5}, {8, 8}, {2, 4}, {20, 6, 4, 6, 4, 6}, {10, 4, 2, 4},
}
