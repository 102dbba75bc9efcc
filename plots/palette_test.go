package plots

import (
	"fmt"
	"image/color"
	"testing"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
)

func hex(c color.RGBA) string { return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B) }

// TestOkabeIto pins the palette to the values published by Okabe and Ito
// (2008), as RGB 0–255: orange 230,159,0; sky blue 86,180,233; bluish
// green 0,158,115; yellow 240,228,66; blue 0,114,178; vermillion 213,94,0;
// reddish purple 204,121,167.
func TestOkabeIto(t *testing.T) {
	tests := []struct {
		c    color.RGBA
		want string
	}{
		{okabeBlack, "#000000"}, {okabeOrange, "#E69F00"}, {okabeSkyBlue, "#56B4E9"},
		{okabeBluishGreen, "#009E73"}, {okabeYellow, "#F0E442"}, {okabeBlue, "#0072B2"},
		{okabeVermillion, "#D55E00"}, {okabeReddishPurple, "#CC79A7"},
	}
	for _, tt := range tests {
		if got := hex(tt.c); got != tt.want {
			t.Errorf("got %s, want %s", got, tt.want)
		}
	}
	if len(seriesColors) != MaxCompared || len(glyphShapes) != MaxCompared || len(dashPatterns) != MaxCompared {
		t.Errorf("%d colours, %d shapes, %d dash patterns for %d lines", len(seriesColors), len(glyphShapes), len(dashPatterns), MaxCompared)
	}
}

// TestViridis checks the scale against viridis' published ends (#440154
// and #FDE725, matplotlib's _viridis_data[0] and [255] in 8 bits), and
// that its lightness rises all the way, which is what lets a heatmap be
// read in grey and by colour-blind readers.
func TestViridis(t *testing.T) {
	if got := hex(viridisAt(0)); got != "#440154" {
		t.Errorf("viridisAt(0) = %s, want #440154", got)
	}
	if got := hex(viridisAt(1)); got != "#FDE725" {
		t.Errorf("viridisAt(1) = %s, want #FDE725", got)
	}
	if got := hex(viridisAt(-1)); got != "#440154" {
		t.Errorf("viridisAt(-1) = %s, want the low end, #440154", got)
	}
	prev := -1.0
	for i := 0; i <= 1000; i++ {
		l := luminance(viridisAt(float64(i) / 1000))
		if l < prev-1e-3 { // 8-bit rounding may dip a hair
			t.Fatalf("luminance falls at %g: %g after %g", float64(i)/1000, l, prev)
		}
		prev = l
	}
}

// TestInk checks that cell text contrasts with its cell: white on the dark
// end of viridis, black on the light end, at a WCAG contrast ratio of
// at least 4.5 over the whole scale.
func TestInk(t *testing.T) {
	if inkOn(viridisAt(0)) != white || inkOn(viridisAt(1)) != okabeBlack {
		t.Error("want white on dark purple, black on yellow")
	}
	for i := 0; i <= 100; i++ {
		bg := viridisAt(float64(i) / 100)
		ink := inkOn(bg)
		lo, hi := luminance(bg), luminance(ink)
		if lo > hi {
			lo, hi = hi, lo
		}
		if r := (hi + 0.05) / (lo + 0.05); r < 4.5 {
			t.Errorf("at %d%%: contrast %.2f, want 4.5 or more", i, r)
		}
	}
}

// TestGlyphs checks that Liberation Sans, regular and bold, has every
// character the charts write outside ASCII: a missing one would be drawn
// as an empty box.
func TestGlyphs(t *testing.T) {
	for _, w := range []xfont.Weight{xfont.WeightNormal, xfont.WeightBold} {
		face := fonts().Cache().Lookup(font.Font{Typeface: "Liberation", Variant: "Sans", Weight: w}, 12)
		var buf sfnt.Buffer
		for _, r := range "·–−≤≥…×" {
			if i, err := face.Face.GlyphIndex(&buf, r); err != nil || i == 0 {
				t.Errorf("weight %v: no glyph for %q (U+%04X)", w, r, r)
			}
		}
	}
}
