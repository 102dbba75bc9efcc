package plots

import (
	"image/color"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// keyItem is one entry of a chart's key: a swatch that shows a mark, and
// what the mark means. A note has no swatch.
type keyItem struct {
	swatch swatch
	label  string
}

// swatch draws a sample of a mark in r, the box before a key's label.
type swatch func(c draw.Canvas, t theme, r vg.Rectangle)

// barSwatch is a filled block, for bars.
func barSwatch(col color.Color) swatch {
	return func(c draw.Canvas, t theme, r vg.Rectangle) {
		h := r.Max.Y - r.Min.Y
		b := vg.Rectangle{Min: vg.Point{X: r.Min.X + h*0.2, Y: r.Min.Y}, Max: vg.Point{X: r.Max.X - h*0.2, Y: r.Max.Y}}
		c.SetColor(col)
		c.Fill(b.Path())
	}
}

// lineSwatch is a horizontal line, with a glyph at its middle when g has a
// shape.
func lineSwatch(l draw.LineStyle, g draw.GlyphStyle) swatch {
	return func(c draw.Canvas, t theme, r vg.Rectangle) {
		y := (r.Min.Y + r.Max.Y) / 2
		if l.Width > 0 {
			c.StrokeLine2(l, r.Min.X, y, r.Max.X, y)
		}
		if g.Shape != nil {
			c.DrawGlyphNoClip(g, vg.Point{X: (r.Min.X + r.Max.X) / 2, Y: y})
		}
	}
}

// ruleSwatch is a vertical line, for a line across the plot such as the
// mean.
func ruleSwatch(l draw.LineStyle) swatch {
	return func(c draw.Canvas, t theme, r vg.Rectangle) {
		x := (r.Min.X + r.Max.X) / 2
		c.StrokeLine2(l, x, r.Min.Y-t.px(2), x, r.Max.Y+t.px(2))
	}
}

// whiskerSwatch is an interval: a horizontal line with end caps.
func whiskerSwatch(l draw.LineStyle) swatch {
	return func(c draw.Canvas, t theme, r vg.Rectangle) {
		y := (r.Min.Y + r.Max.Y) / 2
		cap := (r.Max.Y - r.Min.Y) * 0.45
		x0, x1 := r.Min.X+t.px(3), r.Max.X-t.px(3)
		c.StrokeLine2(l, x0, y, x1, y)
		c.StrokeLine2(l, x0, y-cap, x0, y+cap)
		c.StrokeLine2(l, x1, y-cap, x1, y+cap)
	}
}

// drawKey lays the items out in rows below y, left to right, starting a
// new row when one is full, and returns the y of the last row's bottom.
func drawKey(c draw.Canvas, t theme, y vg.Length, items []keyItem) vg.Length {
	sty := t.text(keySize, false, textColor)
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YTop
	ext := sty.FontExtents()
	lineHeight := ext.Height
	width := c.Max.X - c.Min.X
	itemWidth := func(it keyItem) vg.Length {
		w := sty.Width(it.label)
		if it.swatch != nil {
			w += t.px(swatchPx + swatchGap)
		}
		return w
	}
	x := c.Min.X
	for i, it := range items {
		w := itemWidth(it)
		if i > 0 {
			if x+t.px(keySepPx)+w <= c.Min.X+width {
				x += t.px(keySepPx)
			} else {
				x = c.Min.X
				y -= lineHeight + t.px(keyLineGap)
			}
		}
		tx := x
		if it.swatch != nil {
			// The swatch spans the height of a capital letter (0.72 em in
			// Liberation Sans) from the baseline, where gonum's plain text
			// handler puts it for text aligned at its top.
			base := y - (ext.Ascent + ext.Descent) - ext.Ascent + sty.Font.Size
			r := vg.Rectangle{
				Min: vg.Point{X: x, Y: base},
				Max: vg.Point{X: x + t.px(swatchPx), Y: base + sty.Font.Size*0.72},
			}
			it.swatch(c, t, r)
			tx += t.px(swatchPx + swatchGap)
		}
		if it.swatch == nil {
			sty.Color = subtle
		} else {
			sty.Color = textColor
		}
		c.FillText(sty, vg.Point{X: tx, Y: y}, it.label)
		x += w
	}
	return y - lineHeight
}
