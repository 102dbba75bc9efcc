package plots

import (
	"image/color"
	"math"
	"sync"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// fonts is the text handler of every chart: the Liberation fonts compiled
// into the program (codeberg.org/go-fonts/liberation), in a cache of its
// own, so that neither system fonts nor changes to gonum/plot's global
// defaults can change a chart.
var fonts = sync.OnceValue(func() text.Handler {
	return text.Plain{Fonts: font.NewCache(liberation.Collection())}
})

// Font sizes in pixels on a 1200×675 px chart. They are large because
// blogs show such a chart shrunk to the width of a column, often to about
// 700 px; text drawn at 18 px still reads at 10 px there.
const (
	titleSize    = 26
	subtitleSize = 19
	keySize      = 19
	labelSize    = 20 // axis titles
	tickSize     = 18
	valueSize    = 18 // numbers written on a chart: bar values, heatmap cells
)

// theme holds the sizes of one chart, in proportion to its canvas.
type theme struct {
	// scale multiplies every size given in pixels at 1200×675. It is the
	// ratio of the canvas to 1200×675 (the smaller of width and height)
	// when that is above 1, so a 2400×1350 chart is a sharper copy; below
	// 1 it is the square root, so text shrinks less than the canvas: at
	// 600×338 it is 0.71, and 18 px ticks are drawn at 12.7 px.
	scale float64
}

func newTheme(w, h vg.Length) theme {
	s := min(float64(w/Pixels(DefaultWidth)), float64(h/Pixels(DefaultHeight)))
	if s < 1 {
		s = math.Sqrt(s)
	}
	return theme{scale: s}
}

// px returns n pixels of a 1200×675 chart, scaled to this one.
func (t theme) px(n float64) vg.Length { return Pixels(n * t.scale) }

// text returns the style of text of the given size (in pixels at
// 1200×675), left and bottom aligned.
func (t theme) text(size float64, bold bool, c color.Color) text.Style {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: t.px(size)}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return text.Style{Color: c, Font: f, Handler: fonts()}
}

// line returns a solid line style of the given width in pixels.
func (t theme) line(width float64, c color.Color) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: t.px(width)}
}

// dashed returns a dashed line style: dashes of on, gaps of off pixels.
func (t theme) dashed(width, on, off float64, c color.Color) draw.LineStyle {
	l := t.line(width, c)
	l.Dashes = []vg.Length{t.px(on), t.px(off)}
	return l
}

// series returns the line and point styles of the i-th line of a chart of
// several (a comparison, a sweep): its colour, dash pattern and shape, so
// that lines stay apart in grey and for colour-blind readers.
func (t theme) series(i int) (draw.LineStyle, draw.GlyphStyle) {
	c := seriesColors[i]
	l := t.line(3, c)
	for _, d := range dashPatterns[i] {
		l.Dashes = append(l.Dashes, t.px(d))
	}
	return l, draw.GlyphStyle{Color: c, Radius: t.px(6), Shape: glyphShapes[i]}
}

// newPlot returns a plot in the house style: no title (the chart has one),
// no background (the chart paints it), axes in grey with large labels.
func (t theme) newPlot(xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.BackgroundColor = nil
	p.TextHandler = fonts()
	p.Legend.TextStyle = t.text(keySize, false, textColor)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.LineStyle = t.line(1.5, axisColor)
		a.Padding = t.px(6)
		a.Label.TextStyle = t.text(labelSize, false, textColor)
		// Centred on the axis; gonum turns the y label a quarter turn itself.
		a.Label.TextStyle.XAlign, a.Label.TextStyle.YAlign = draw.XCenter, draw.YBottom
		a.Label.Padding = t.px(8)
		tick := t.text(tickSize, false, textColor)
		tick.XAlign, tick.YAlign = a.Tick.Label.XAlign, a.Tick.Label.YAlign
		a.Tick.Label = tick
		a.Tick.LineStyle = t.line(1.5, axisColor)
		a.Tick.Length = t.px(7)
	}
	// gonum sets a y tick label about 0.11 em above its tick; -0.6
	// rather than -0.5 (YCenter) centres the digits' height on the tick.
	p.Y.Tick.Label.YAlign = -0.6
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	return p
}
