package plots

import (
	"errors"
	"image/color"
	"strings"

	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// frame is what every chart has around its plots: a title, a subtitle that
// says where the numbers came from, and a key that says what the marks
// mean. Each wraps onto more lines when the chart is too narrow for it.
type frame struct {
	title    string
	subtitle []piece
	key      []keyItem
}

// piece is a run of text in one colour, with the separator that goes
// before it when it follows another piece on the same line.
type piece struct {
	text  string
	color color.Color
	sep   string
}

// segments makes subtitle pieces of the given texts, separated by " · ".
func segments(texts ...string) []piece {
	ps := make([]piece, 0, len(texts))
	for _, s := range texts {
		if s != "" {
			ps = append(ps, piece{text: s, color: subtle, sep: " · "})
		}
	}
	return ps
}

// words splits s into pieces of one word each, separated by spaces.
func words(s string, c color.Color) []piece {
	var ps []piece
	for _, w := range strings.Fields(s) {
		ps = append(ps, piece{text: w, color: c, sep: " "})
	}
	return ps
}

// Margins and gaps of the frame, in pixels at 1200×675.
const (
	marginPx   = 22 // around the chart
	headGapPx  = 4  // between the lines of the title and subtitle
	keyGapPx   = 10 // above the key
	bodyGapPx  = 14 // between the header and the plots
	keySepPx   = 30 // between the items of a key
	swatchPx   = 30 // width of a key's swatch
	swatchGap  = 9  // between a swatch and its label
	keyLineGap = 6  // between rows of the key
)

// minBodyPx is the least height, in pixels at 1200×675, that the plots
// must have under the header.
const minBodyPx = 200

// paint draws the frame on c, white background included, and then body in
// the space left for the plots. It returns an error, before drawing the
// body, if the header leaves the body too little room, or body's error.
func (f frame) paint(c draw.Canvas, t theme, body func(draw.Canvas) error) error {
	c.SetColor(white)
	c.Fill(c.Rectangle.Path())

	m := t.px(marginPx)
	inner := draw.Crop(c, m, -m, m, -m)
	width := inner.Max.X - inner.Min.X
	y := inner.Max.Y

	titleStyle := t.text(titleSize, true, textColor)
	for _, line := range wrap(titleStyle, width, words(f.title, textColor)) {
		y = drawLine(inner, titleStyle, inner.Min.X, y, line) - t.px(headGapPx)
	}
	subStyle := t.text(subtitleSize, false, subtle)
	var sub []piece
	for _, p := range f.subtitle {
		if subStyle.Width(p.text) <= width {
			sub = append(sub, p)
			continue
		}
		// Too long for a line of its own: break it between words.
		if ws := words(p.text, p.color); len(ws) > 0 {
			ws[0].sep = p.sep
			sub = append(sub, ws...)
		}
	}
	for _, line := range wrap(subStyle, width, sub) {
		y = drawLine(inner, subStyle, inner.Min.X, y, line) - t.px(headGapPx)
	}
	if len(f.key) > 0 {
		y -= t.px(keyGapPx)
		y = drawKey(inner, t, y, f.key)
	}
	y -= t.px(bodyGapPx)
	if y-inner.Min.Y < t.px(minBodyPx) {
		return errors.New("the title, subtitle and key leave too little room for the plot")
	}
	return body(draw.Crop(inner, 0, 0, 0, y-inner.Max.Y))
}

// wrap breaks pieces into lines no wider than width, greedily; a piece
// wider than width gets a line of its own.
func wrap(sty text.Style, width vg.Length, ps []piece) [][]piece {
	var (
		lines [][]piece
		cur   []piece
		w     vg.Length
	)
	for _, p := range ps {
		pw := sty.Width(p.text)
		if len(cur) > 0 {
			if w+sty.Width(p.sep)+pw <= width {
				cur = append(cur, p)
				w += sty.Width(p.sep) + pw
				continue
			}
			lines = append(lines, cur)
		}
		cur, w = []piece{p}, pw
	}
	if len(cur) > 0 {
		lines = append(lines, cur)
	}
	return lines
}

// drawLine draws one line of pieces with its top at y, from x, and returns
// the y of the line's bottom.
func drawLine(c draw.Canvas, sty text.Style, x, y vg.Length, line []piece) vg.Length {
	// Runs of one colour are drawn as one text, so SVG keeps words
	// together: a separator of spaces takes the colour of what follows
	// it, any other the subtle grey.
	type run struct {
		text  string
		color color.Color
	}
	var runs []run
	add := func(s string, c color.Color) {
		if n := len(runs); n > 0 && runs[n-1].color == c {
			runs[n-1].text += s
			return
		}
		runs = append(runs, run{s, c})
	}
	for i, p := range line {
		if i > 0 {
			if strings.TrimSpace(p.sep) == "" {
				add(p.sep, p.color)
			} else {
				add(p.sep, subtle)
			}
		}
		add(p.text, p.color)
	}
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YTop
	for _, r := range runs {
		sty.Color = r.color
		c.FillText(sty, vg.Point{X: x, Y: y}, r.text)
		x += sty.Width(r.text)
	}
	return y - sty.FontExtents().Height
}

// truncate shortens s, ending it with "…", until it is no wider than
// width in style sty.
func truncate(sty text.Style, s string, width vg.Length) string {
	if sty.Width(s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && sty.Width(string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return strings.TrimSpace(string(r)) + "…"
}
