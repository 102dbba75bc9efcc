package plots

import (
	"fmt"

	"gonum.org/v1/plot/vg"
)

// pixel is one pixel at 96 dpi, the resolution PNG output is rendered at and
// the size of a CSS pixel, in which browsers lay out SVG: 0.75 pt.
const pixel = vg.Inch / 96

// Default and limiting sizes of a chart, in pixels at 96 dpi.
const (
	// DefaultWidth and DefaultHeight are 1200×675 px (16:9), that is
	// 12.5 in × 7.03 in: wide enough for a blog's full-width image.
	DefaultWidth  = 1200
	DefaultHeight = 675
	// MinWidth and MinHeight are the smallest chart that stays readable:
	// 480×270 px, where text is drawn at 11 px and up.
	MinWidth  = 480
	MinHeight = 270
	// MaxSide bounds each side, so that a PNG (4 bytes a pixel) stays
	// under 256 MiB.
	MaxSide = 8000
)

// Pixels returns the length of n pixels at 96 dpi: Pixels(1200) is 12.5 in.
// Options take their sizes in vg lengths; Pixels converts the "1200x675" a
// user types.
func Pixels(n float64) vg.Length { return vg.Length(n) * pixel }

// Options are the looks shared by every chart. The zero value gives a
// 1200×675 px chart titled from its report.
type Options struct {
	// Width and Height are the size of the chart, from 480×270 px to
	// 8000×8000 px ([Pixels] converts). Zero means the default, 1200×675 px; when only
	// one is set, the other keeps the ratio 16:9.
	Width, Height vg.Length
	// Title replaces the title taken from the report (its title, or else
	// the scenario's name).
	Title string
	// Subtitle replaces the line that says where the numbers came from
	// (scenario, ruleset, trials, seed). A heatmap has no report, so this
	// is the only subtitle it gets.
	Subtitle string
	// Partial, when not empty, says what an interrupted run left out
	// ("partial: 4 of 7 points"). It ends the subtitle of a [Trend] or a
	// [Heatmap] in the warning colour that a partial report's subtitle
	// has; a chart drawn from a report says so from the report itself.
	Partial string
	// EmbedFonts puts the Liberation Sans font files (about 550 KB each
	// face used) inside SVG output, so that it renders the same in a
	// browser that has neither Liberation Sans nor a font metrically
	// compatible with it (Arial, Helvetica). PNG output is unaffected: it
	// is always drawn with the fonts compiled into the program.
	EmbedFonts bool
}

// Check reports whether o's size is out of range, before anything is
// drawn: a command line checks its chart flags before a long run.
func (o Options) Check() error {
	_, err := o.withDefaults()
	return err
}

// withDefaults returns o with its zero sizes filled in, or an error naming
// the size that is out of range.
func (o Options) withDefaults() (Options, error) {
	switch {
	case o.Width < 0 || o.Height < 0:
		return o, fmt.Errorf("plots: size %s: width and height must not be negative", size(o.Width, o.Height))
	case o.Width == 0 && o.Height == 0:
		o.Width, o.Height = Pixels(DefaultWidth), Pixels(DefaultHeight)
	case o.Height == 0:
		o.Height = o.Width * 9 / 16
	case o.Width == 0:
		o.Width = o.Height * 16 / 9
	}
	w, h := float64(o.Width/pixel), float64(o.Height/pixel)
	// Compare in whole pixels (rounded as the PNG is), so that 270 px
	// converted to points and back passes; written so that NaN fails.
	inRange := func(x, lo float64) bool { return x+0.5 >= lo && x <= MaxSide+0.5 }
	if !inRange(w, MinWidth) || !inRange(h, MinHeight) {
		return o, fmt.Errorf("plots: size %s: want %dx%d to %dx%d px", size(o.Width, o.Height), MinWidth, MinHeight, MaxSide, MaxSide)
	}
	return o, nil
}

// size formats a chart size in pixels, as "1200x675 px".
func size(w, h vg.Length) string {
	return fmt.Sprintf("%.4gx%.4g px", float64(w/pixel), float64(h/pixel))
}
