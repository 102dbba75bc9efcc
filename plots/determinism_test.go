package plots

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"sync"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
)

// render returns ch in format, failing the test on error.
func render(t *testing.T, ch *Chart, format string) []byte {
	t.Helper()
	var buf bytes.Buffer
	n, err := ch.Render(&buf, format)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(buf.Len()) {
		t.Errorf("Render returned %d bytes, wrote %d", n, buf.Len())
	}
	return buf.Bytes()
}

// TestDeterministic draws every golden chart twice, from reports built
// twice, in both formats, and wants the same bytes: the output may depend
// on nothing but the input (no map order, no clock, no system font).
func TestDeterministic(t *testing.T) {
	for _, c := range goldenCharts() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, err := c.make(Options{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := c.make(Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, format := range Formats() {
				if !bytes.Equal(render(t, a, format), render(t, b, format)) {
					t.Errorf("%s differs between two drawings of the same chart", format)
				}
				if !bytes.Equal(render(t, a, format), render(t, a, format)) {
					t.Errorf("%s differs between two renderings of one chart", format)
				}
			}
		})
	}
}

// TestConcurrentRender renders one chart from several goroutines at once
// (run with -race): a chart is safe to share.
func TestConcurrentRender(t *testing.T) {
	ch, err := Distribution(ogresReport(), "ogres.wounds", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := render(t, ch, "svg")
	var wg sync.WaitGroup
	got := make([][]byte, 4)
	for i := range got {
		wg.Go(func() {
			var buf bytes.Buffer
			if _, err := ch.Render(&buf, "svg"); err == nil {
				got[i] = buf.Bytes()
			}
		})
	}
	wg.Wait()
	for i, g := range got {
		if !bytes.Equal(g, want) {
			t.Errorf("goroutine %d rendered different bytes", i)
		}
	}
}

// TestOwnFonts changes gonum/plot's global default font and font cache and
// wants the same chart: charts use a font cache of their own, built from
// the Liberation fonts compiled in.
func TestOwnFonts(t *testing.T) {
	ch, err := Outcomes(ogresReport(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := render(t, ch, "svg")
	defer func(f font.Font) { plot.DefaultFont = f }(plot.DefaultFont)
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Mono"}
	ch, err = Outcomes(ogresReport(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(render(t, ch, "svg"), want) {
		t.Error("changing plot.DefaultFont changed the chart")
	}
	if bytes.Contains(want, []byte("Liberation Serif")) || bytes.Contains(want, []byte("Liberation Mono")) {
		t.Error("the chart uses a font other than Liberation Sans")
	}
}

// TestWellFormed parses every golden chart's SVG as XML and decodes its
// PNG, checking the PNG is the size asked for in pixels at 96 dpi.
func TestWellFormed(t *testing.T) {
	for _, c := range goldenCharts() {
		for _, sz := range sizes {
			t.Run(c.name+"/"+sz.name, func(t *testing.T) {
				t.Parallel()
				ch, err := c.make(Options{Width: Pixels(sz.w), Height: Pixels(sz.h)})
				if err != nil {
					t.Fatal(err)
				}
				dec := xml.NewDecoder(bytes.NewReader(render(t, ch, "svg")))
				for {
					_, err := dec.Token()
					if errors.Is(err, io.EOF) {
						break
					}
					if err != nil {
						t.Fatalf("SVG is not well-formed XML: %v", err)
					}
				}
				img, err := png.Decode(bytes.NewReader(render(t, ch, "png")))
				if err != nil {
					t.Fatal(err)
				}
				if b := img.Bounds(); b.Dx() != int(sz.w) || b.Dy() != int(sz.h) {
					t.Errorf("PNG is %dx%d px, want %.0fx%.0f", b.Dx(), b.Dy(), sz.w, sz.h)
				}
			})
		}
	}
}

// TestEmbedFonts checks that EmbedFonts puts the font in the SVG and that
// without it the SVG names Liberation Sans with its metric-compatible
// fallbacks.
func TestEmbedFonts(t *testing.T) {
	plain, err := Heatmap(chanceGrid(), Options{Title: "t"})
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := Heatmap(chanceGrid(), Options{Title: "t", EmbedFonts: true})
	if err != nil {
		t.Fatal(err)
	}
	p, e := render(t, plain, "svg"), render(t, embedded, "svg")
	if bytes.Contains(p, []byte("@font-face")) || !bytes.Contains(p, []byte(fontStack)) {
		t.Error("without EmbedFonts: want no @font-face and the font stack " + fontStack)
	}
	if !bytes.Contains(e, []byte("@font-face")) || !bytes.Contains(e, []byte("data:font/ttf")) {
		t.Error("with EmbedFonts: want an @font-face with the font's data")
	}
}
