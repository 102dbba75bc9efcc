package plots

import (
	"slices"

	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// What Liberation Sans 2 (regular and bold, the faces charts use) can
// draw, counted per Unicode block from the font files themselves:
//
//   - Latin: all of Basic Latin, Latin-1, Latin Extended-A and -B, IPA,
//     the combining diacritics, and Latin Extended Additional but for 9
//     rare letters (Vietnamese is there).
//   - Greek: the modern alphabet with its accents and polytonic Greek
//     (Greek Extended, 233 of 256); only archaic letters such as heta are
//     missing.
//   - Cyrillic: the whole Cyrillic block (Russian, Ukrainian, Belarusian,
//     Bulgarian, Serbian, Macedonian, Kazakh and more), half of Cyrillic
//     Supplement.
//   - Hebrew: the letters and points.
//   - The usual punctuation, currency signs (€ £ ¥ ₩ ₪ …), the arrows
//     ← ↑ → ↓ ↔ ↕ and some mathematical signs (− ≤ ≥ ≠ ≈ ∞ √ ∑ ∏).
//
// It has no glyph for Armenian, Arabic, the Indic scripts, Thai, Chinese,
// Japanese or Korean, nor for most symbols and dingbats (⚔ ★ ✓) or emoji.
// No font with these, compiled into the program, is small enough to ship
// with it (a face for Chinese, Japanese and Korean alone is several megabytes), and a chart must not depend on
// the fonts of the machine it is drawn on; so such characters are found
// and reported instead, by [Chart.MissingGlyphs].

// glyphCheck is a canvas that notes, as text is drawn on it, each
// character that the text's font has no glyph for, once, in the order
// they first appear. newChart lays every chart out on one, so it sees
// every string a chart draws: titles, keys, axis labels, ticks, values.
type glyphCheck struct {
	vg.Canvas
	missing []rune
	buf     sfnt.Buffer
}

// FillString implements vg.Canvas.
func (g *glyphCheck) FillString(f font.Face, pt vg.Point, s string) {
	for _, r := range s {
		if slices.Contains(g.missing, r) {
			continue
		}
		// A font maps what it cannot draw to glyph 0, .notdef; an error
		// means the same for this purpose (the font file is compiled in
		// and parsed, so there is none in practice).
		if i, err := f.Face.GlyphIndex(&g.buf, r); i == 0 || err != nil {
			g.missing = append(g.missing, r)
		}
	}
	g.Canvas.FillString(f, pt, s)
}

// MissingGlyphs returns the characters of the chart's text (title,
// subtitle, key, axis titles, tick labels, values) that its font,
// Liberation Sans, has no glyph for, each once, in the order they are
// first drawn; nil when it can draw them all. It covers Latin, Greek,
// Cyrillic and Hebrew, but not, for instance, Chinese, Japanese, Korean,
// Arabic, ⚔ or emoji.
//
// Such characters are not drawn: a PNG leaves a blank the width of the
// font's .notdef glyph (¾ em) for each. An SVG keeps them in its text,
// fitted into that width, so a browser shows them only where it has a
// font of its own that draws them. A caller can warn the user, as sim
// does.
func (c *Chart) MissingGlyphs() []rune {
	return slices.Clone(c.missing)
}
