package plots

import (
	"slices"
	"testing"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"

	"github.com/wargamesim/sim/report"
)

// Issue 13: text that the font cannot draw is reported, wherever on the
// chart it is, and text in the scripts it covers is not.
func TestMissingGlyphs(t *testing.T) {
	t.Parallel()
	title := func(s string) func() (*Chart, error) {
		return func() (*Chart, error) { return Distribution(ogresReport(), "ogres.wounds", Options{Title: s}) }
	}
	for _, c := range []struct {
		name, why string
		chart     func() (*Chart, error)
		want      []rune
	}{
		{"latin-greek-cyrillic", "Latin with diacritics, Greek and Cyrillic are all in Liberation Sans",
			title("Ωμέγα Кириллица Zwërge Chäos —"), nil},
		{"more-scripts", "polytonic Greek, Serbian and Ukrainian Cyrillic, Vietnamese, Polish, Hebrew",
			title("ἀρετή · Ђорђе Їжак · Nguyễn Đặng · Łódź · שָׁלוֹם"), nil},
		{"issue-title", "the title of the issue: a crossed-swords sign and two Chinese characters, in the order drawn",
			title("Zwërge ⚔ Chäos — 矮人 Ωμέγα Кириллица"), []rune("⚔矮人")},
		{"once-each", "a character repeated is reported once",
			title("人 ⚔ 人人"), []rune("人⚔")},
		{"subtitle", "the subtitle is drawn in the regular face, not the bold one of the title",
			func() (*Chart, error) {
				return Distribution(ogresReport(), "ogres.wounds", Options{Subtitle: "★ rated"})
			}, []rune("★")},
		{"key", "a comparison's labels are written in its key",
			func() (*Chart, error) {
				return Comparison([]*report.Report{fightReport(1000, 1000, "6th"), fightReport(1000, 1000, "8th")},
					[]string{"六版", "8th"}, "trolls.casualties", AtLeast, Options{})
			}, []rune("六版")},
		{"ticks-and-axis", "a heatmap's rows are tick labels, its row title an axis title",
			func() (*Chart, error) {
				g := chanceGrid()
				g.Rows[0], g.RowTitle = "S3 ✓", "Stärke ⇒"
				return Heatmap(g, Options{Title: "heatmap"})
			}, []rune("⇒✓")},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ch, err := c.chart()
			if err != nil {
				t.Fatal(err)
			}
			if got := ch.MissingGlyphs(); !slices.Equal(got, c.want) {
				t.Errorf("%s: MissingGlyphs() = %q, want %q", c.why, string(got), string(c.want))
			}
		})
	}
}

// The charts' own text (≥, −, ·, –, …) never needs a glyph the font
// lacks: every golden chart draws all its characters.
func TestGoldenChartsDrawEveryCharacter(t *testing.T) {
	t.Parallel()
	for _, c := range goldenCharts() {
		ch, err := c.make(Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m := ch.MissingGlyphs(); m != nil {
			t.Errorf("%s: the font cannot draw %q", c.name, string(m))
		}
	}
}

// MissingGlyphs returns a copy: a caller that changes it changes nothing.
func TestMissingGlyphsCopy(t *testing.T) {
	t.Parallel()
	ch, err := Distribution(ogresReport(), "ogres.wounds", Options{Title: "矮"})
	if err != nil {
		t.Fatal(err)
	}
	ch.MissingGlyphs()[0] = 'x'
	if got := ch.MissingGlyphs(); string(got) != "矮" {
		t.Errorf("MissingGlyphs() = %q after changing a copy, want %q", string(got), "矮")
	}
}

// TestFontCoverage checks what the comment at the top of coverage.go says
// Liberation Sans covers, and does not, in both faces the charts use.
func TestFontCoverage(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		drawn      bool
	}{
		{"Latin", "AZaz ÀÿĀſƀɏ ɐʯ Ạỹ", true},
		{"Europe's Latin letters", "șțăâî ŵŷ þðæ ċġħż ąčęėįšųūž āēģīķļņ ŋŧđ ğış őű ěřů ß ẞ œ ø å", true},
		{"Greek", "ΑΩαω άέήίόύώ ϊϋΐ ἀἄᾷῼ", true},
		{"Cyrillic", "АЯая ЁЂЃЄЅІЇЈЉЊЋЌЎЏ ёђѓєѕіїјљњћќўџ ҐґҚқҢңҮүҰұӘәӨө", true},
		{"Hebrew", "אבגדהוזחטיכלמנסעפצקרשת ְִֵֶַָֹֻּ", true},
		{"signs", "€£¥₩₪ ←↑→↓↔↕ −≤≥≠≈∞√∑∏ ·–—…×", true},
		{"archaic Greek", "Ͱͱ", false},
		{"Armenian", "ԱԲ", false},
		{"Arabic", "عرب", false},
		{"Devanagari", "क", false},
		{"Thai", "ก", false},
		{"Chinese", "矮人", false},
		{"Japanese kana", "かな", false},
		{"Korean", "한", false},
		{"symbols", "⚔★✓", false},
		{"emoji", "🗡", false},
	} {
		for _, w := range []xfont.Weight{xfont.WeightNormal, xfont.WeightBold} {
			face := fonts().Cache().Lookup(font.Font{Typeface: "Liberation", Variant: "Sans", Weight: w}, 12)
			var buf sfnt.Buffer
			for _, r := range c.text {
				if r == ' ' {
					continue
				}
				i, err := face.Face.GlyphIndex(&buf, r)
				if err != nil {
					t.Fatal(err)
				}
				if drawn := i != 0; drawn != c.drawn {
					t.Errorf("%s, weight %v: %q (U+%04X) drawn %v, want %v", c.name, w, r, r, drawn, c.drawn)
				}
			}
		}
	}
}
