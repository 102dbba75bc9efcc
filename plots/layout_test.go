package plots

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// textBox is where one string was drawn, in canvas coordinates (points),
// and at what size.
type textBox struct {
	text string
	size vg.Length
	min  vg.Point
	max  vg.Point
}

// textCanvas is a vg.Canvas that draws nothing and records the box of
// every string, through the rotations and translations gonum applies, so
// that tests can check text for overlaps as a reader would.
type textCanvas struct {
	w, h  vg.Length
	m     affine
	stack []affine
	boxes []textBox
}

// affine maps (x, y) to (a·x + b·y + c, d·x + e·y + f).
type affine struct{ a, b, c, d, e, f float64 }

var identity = affine{a: 1, e: 1}

func (m affine) then(n affine) affine { // m·n: apply n first
	return affine{
		a: m.a*n.a + m.b*n.d, b: m.a*n.b + m.b*n.e, c: m.a*n.c + m.b*n.f + m.c,
		d: m.d*n.a + m.e*n.d, e: m.d*n.b + m.e*n.e, f: m.d*n.c + m.e*n.f + m.f,
	}
}

func (m affine) apply(x, y float64) (float64, float64) {
	return m.a*x + m.b*y + m.c, m.d*x + m.e*y + m.f
}

func newTextCanvas(w, h vg.Length) *textCanvas { return &textCanvas{w: w, h: h, m: identity} }

func (c *textCanvas) Size() (vg.Length, vg.Length) { return c.w, c.h }
func (c *textCanvas) SetLineWidth(vg.Length)       {}
func (c *textCanvas) SetLineDash([]vg.Length, vg.Length) {
}
func (c *textCanvas) SetColor(color.Color) {}
func (c *textCanvas) Rotate(rad float64) {
	s, co := math.Sincos(rad)
	c.m = c.m.then(affine{a: co, b: -s, d: s, e: co})
}
func (c *textCanvas) Translate(pt vg.Point) {
	c.m = c.m.then(affine{a: 1, e: 1, c: float64(pt.X), f: float64(pt.Y)})
}
func (c *textCanvas) Scale(x, y float64)                  { c.m = c.m.then(affine{a: x, e: y}) }
func (c *textCanvas) Push()                               { c.stack = append(c.stack, c.m) }
func (c *textCanvas) Pop()                                { c.m, c.stack = c.stack[len(c.stack)-1], c.stack[:len(c.stack)-1] }
func (c *textCanvas) Stroke(vg.Path)                      {}
func (c *textCanvas) Fill(vg.Path)                        {}
func (c *textCanvas) DrawImage(vg.Rectangle, image.Image) {}

// FillString records the box from the baseline less the descent to the
// ascent, over the string's advance width.
func (c *textCanvas) FillString(f font.Face, pt vg.Point, s string) {
	ext := f.Extents()
	x0, x1 := float64(pt.X), float64(pt.X+f.Width(s))
	y0, y1 := float64(pt.Y-ext.Descent), float64(pt.Y+ext.Ascent)
	b := textBox{text: s, size: f.Font.Size, min: vg.Point{X: vg.Length(math.Inf(1)), Y: vg.Length(math.Inf(1))}, max: vg.Point{X: vg.Length(math.Inf(-1)), Y: vg.Length(math.Inf(-1))}}
	for _, corner := range [][2]float64{{x0, y0}, {x0, y1}, {x1, y0}, {x1, y1}} {
		x, y := c.m.apply(corner[0], corner[1])
		b.min.X, b.min.Y = min(b.min.X, vg.Length(x)), min(b.min.Y, vg.Length(y))
		b.max.X, b.max.Y = max(b.max.X, vg.Length(x)), max(b.max.Y, vg.Length(y))
	}
	c.boxes = append(c.boxes, b)
}

// textLayout draws ch and returns its text boxes.
func textLayout(ch *Chart) []textBox {
	c := newTextCanvas(ch.width, ch.height)
	ch.paint(draw.New(c))
	return c.boxes
}

// layoutProblems lists text that overlaps other text, runs off the canvas,
// or is smaller than minPx pixels. Boxes may touch: strings drawn one after
// the other on a line share an edge.
func layoutProblems(ch *Chart, minPx float64) []string {
	const slack = 0.5 // points
	boxes := textLayout(ch)
	var problems []string
	for i, a := range boxes {
		if a.text == "" || a.text == " " {
			continue
		}
		if a.min.X < -slack || a.min.Y < -slack || a.max.X > ch.width+slack || a.max.Y > ch.height+slack {
			problems = append(problems, fmt.Sprintf("%q runs off the canvas: %v–%v", a.text, a.min, a.max))
		}
		if px := float64(a.size / pixel); px < minPx {
			problems = append(problems, fmt.Sprintf("%q is %.1f px, want at least %.0f px", a.text, px, minPx))
		}
		for _, b := range boxes[i+1:] {
			if a.min.X < b.max.X-slack && b.min.X < a.max.X-slack && a.min.Y < b.max.Y-slack && b.min.Y < a.max.Y-slack {
				problems = append(problems, fmt.Sprintf("%q overlaps %q", a.text, b.text))
			}
		}
	}
	return problems
}

// sizes are the two sizes every chart must read at: the default and half
// of it, as a blog column shows it.
var sizes = []struct {
	name string
	w, h float64
	// minPx is the smallest text allowed, in pixels.
	minPx float64
}{
	{"1200x675", 1200, 675, 16},
	{"600x338", 600, 338, 11},
}

// TestLayout draws every golden chart at both sizes and checks that no
// text overlaps other text or leaves the canvas, and that no text is too
// small to read.
func TestLayout(t *testing.T) {
	for _, c := range goldenCharts() {
		for _, sz := range sizes {
			t.Run(c.name+"/"+sz.name, func(t *testing.T) {
				t.Parallel()
				ch, err := c.make(Options{Width: Pixels(sz.w), Height: Pixels(sz.h)})
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range layoutProblems(ch, sz.minPx) {
					t.Error(p)
				}
			})
		}
	}
}

// TestTextCanvasSeesOverlap checks the checker: two strings drawn at the
// same place overlap, and a string past the edge runs off.
func TestTextCanvasSeesOverlap(t *testing.T) {
	th := newTheme(Pixels(600), Pixels(338))
	ch := &Chart{width: Pixels(600), height: Pixels(338), paint: func(c draw.Canvas) {
		sty := th.text(tickSize, false, textColor)
		c.FillText(sty, vg.Point{X: 10, Y: 10}, "40%")
		c.FillText(sty, vg.Point{X: 12, Y: 12}, "50%")
		c.FillText(sty, vg.Point{X: Pixels(598), Y: 100}, "100%")
	}}
	if got := len(layoutProblems(ch, 11)); got != 2 {
		t.Errorf("found %d problems, want 2 (an overlap and text off the edge): %q", got, layoutProblems(ch, 11))
	}
}
