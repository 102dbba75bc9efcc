package plots

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Formats returns the output formats a chart is written in, by name and by
// file extension: svg and png.
func Formats() []string { return []string{"svg", "png"} }

// Chart is a drawn chart, ready to write. Its size and text are fixed when
// it is made; it can be written any number of times, in either format, and
// gives the same bytes each time.
type Chart struct {
	width, height vg.Length
	embedFonts    bool
	// missing are the characters of its text that its font cannot draw.
	missing []rune
	// paint draws the whole chart, background included, on a canvas of
	// the chart's size.
	paint func(c draw.Canvas)
}

// Render writes the chart to w in format, "svg" or "png", and returns the
// number of bytes written. (It is not WriteTo, whose io.WriterTo form has
// no format.)
//
// SVG is sized in points (1 px = 0.75 pt) with a viewBox, so a browser
// shows a 1200×675 px chart at 1200×675 CSS pixels. Its text names the
// font Liberation Sans, falling back to the metrically identical Arial and
// Helvetica, and each string carries its width (textLength), so that even
// a browser with none of them keeps the layout; [Options.EmbedFonts]
// embeds the font itself. PNG is drawn at 96 dpi.
// Both depend only on the chart, never on the machine's fonts: the same
// chart gives the same bytes each time (see the package doc on machines of
// other architectures).
func (c *Chart) Render(w io.Writer, format string) (int64, error) {
	var buf bytes.Buffer
	switch format {
	case "svg":
		cv := &widthCanvas{Canvas: vgsvg.NewWith(vgsvg.UseWH(c.width, c.height), vgsvg.EmbedFonts(c.embedFonts))}
		c.paint(draw.New(cv))
		if _, err := cv.WriteTo(&buf); err != nil {
			return 0, fmt.Errorf("plots: rendering SVG: %w", err)
		}
		svg, err := pinTextWidths(buf.Bytes(), cv.widths)
		if err != nil {
			return 0, err
		}
		svg = bytes.ReplaceAll(svg, []byte("font-family:Liberation Sans;"), []byte(fontStack))
		buf.Reset()
		buf.Write(svg)
	case "png":
		cv := vgimg.NewWith(vgimg.UseWH(c.width, c.height), vgimg.UseDPI(96))
		c.paint(draw.New(cv))
		if _, err := (vgimg.PngCanvas{Canvas: cv}).WriteTo(&buf); err != nil {
			return 0, fmt.Errorf("plots: rendering PNG: %w", err)
		}
	default:
		return 0, fmt.Errorf("plots: unknown format %q: want %s", format, strings.Join(Formats(), " or "))
	}
	return buf.WriteTo(w)
}

// fontStack is the CSS font list that replaces vgsvg's bare "Liberation
// Sans": Liberation Sans was drawn to have the same metrics as Arial
// (and Arial those of Helvetica), so the text keeps its width, and the
// layout its fit, wherever one of them is installed.
const fontStack = "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"

// FormatOf returns the format a file is written in, from its extension
// (.svg or .png, in any case). Callers can check a path with it before
// doing the work that the chart shows.
func FormatOf(path string) (string, error) {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range Formats() {
		if ext == "."+f {
			return f, nil
		}
	}
	if ext == "" {
		return "", fmt.Errorf("plots: %s has no extension: want .svg or .png", path)
	}
	return "", fmt.Errorf("plots: %s: cannot write %s files: want .svg or .png", path, ext)
}

// Save writes the chart to path, as SVG or PNG by the extension (.svg,
// .png). It writes atomically: the chart is rendered first, then written
// to a temporary file in the same directory, which is renamed to path
// only once complete, so a failure never leaves a half-written file (nor
// the temporary one). The file gets mode 0644.
func (c *Chart) Save(path string) (err error) {
	format, err := FormatOf(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := c.Render(&buf, format); err != nil {
		return err
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return fmt.Errorf("plots: saving %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := buf.WriteTo(tmp); err != nil {
		return fmt.Errorf("plots: saving %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("plots: saving %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("plots: saving %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("plots: saving %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("plots: saving %s: %w", path, err)
	}
	return nil
}

// newChart makes the chart that paints frame f around body. It lays the
// chart out once on a canvas that draws nothing, so that a chart that does
// not fit its size (too many rows for its height, say) is an error here
// rather than a jumble later; drawing is deterministic, so a chart that
// lays out once always does. That pass also notes the characters the
// chart's font cannot draw ([Chart.MissingGlyphs]).
func newChart(o Options, t theme, f frame, body func(draw.Canvas) error) (*Chart, error) {
	paint := func(c draw.Canvas) error { return f.paint(c, t, body) }
	glyphs := &glyphCheck{Canvas: &recorder.Canvas{}}
	if err := paint(draw.NewCanvas(glyphs, o.Width, o.Height)); err != nil {
		return nil, fmt.Errorf("plots: %w at %s; make the chart larger", err, size(o.Width, o.Height))
	}
	return &Chart{
		width: o.Width, height: o.Height, embedFonts: o.EmbedFonts, missing: glyphs.missing,
		paint: func(c draw.Canvas) {
			if err := paint(c); err != nil {
				panic("plots: a chart that laid out failed to draw: " + err.Error())
			}
		},
	}, nil
}
