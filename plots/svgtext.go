package plots

import (
	"bytes"
	"fmt"
	"strconv"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// widthCanvas is an SVG canvas that notes the width of every string it
// draws, as laid out in Liberation Sans, in order.
type widthCanvas struct {
	*vgsvg.Canvas
	widths []vg.Length
}

// FillString implements vg.Canvas.
func (c *widthCanvas) FillString(f font.Face, pt vg.Point, s string) {
	c.widths = append(c.widths, f.Width(s))
	c.Canvas.FillString(f, pt, s)
}

// pinTextWidths gives each <text> element of svg, drawn in order with the
// given widths, the attributes textLength and lengthAdjust, so that a
// browser that lacks Liberation Sans and its metric twins (Arial,
// Helvetica) and sets the text in a wider or narrower font still fits it
// to the width the layout gave it: labels keep clear of bars and of each
// other. Where the font is there, the width is its own and nothing
// changes.
func pinTextWidths(svg []byte, widths []vg.Length) ([]byte, error) {
	open := []byte("<text ")
	if n := bytes.Count(svg, open); n != len(widths) {
		return nil, fmt.Errorf("plots: SVG has %d text elements, %d were drawn", n, len(widths))
	}
	var out bytes.Buffer
	out.Grow(len(svg) + 48*len(widths))
	for _, w := range widths {
		i := bytes.Index(svg, open) + len(open)
		out.Write(svg[:i])
		out.WriteString(`textLength="`)
		out.WriteString(strconv.FormatFloat(float64(w.Points()), 'g', 5, 64))
		out.WriteString(`" lengthAdjust="spacingAndGlyphs" `)
		svg = svg[i:]
	}
	out.Write(svg)
	return out.Bytes(), nil
}
