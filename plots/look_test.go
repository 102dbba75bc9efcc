package plots

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLook renders every chart of the golden tests as PNG, at 1200×675 and
// at 600×338, into $PLOTS_LOOK, for a person to look at. It is skipped
// unless PLOTS_LOOK is set.
func TestLook(t *testing.T) {
	dir := os.Getenv("PLOTS_LOOK")
	if dir == "" {
		t.Skip("set PLOTS_LOOK=DIR to render the charts as PNG into DIR")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, size := range []struct {
		name string
		w, h float64
	}{{"full", 1200, 675}, {"half", 600, 338}} {
		for _, c := range goldenCharts() {
			o := Options{Width: Pixels(size.w), Height: Pixels(size.h)}
			ch, err := c.make(o)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			for _, ext := range []string{".png", ".svg"} {
				if err := ch.Save(filepath.Join(dir, c.name+"-"+size.name+ext)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestLookDegenerate renders the degenerate cases that give a chart, as
// PNG at the default size, into $PLOTS_LOOK/degenerate.
func TestLookDegenerate(t *testing.T) {
	dir := os.Getenv("PLOTS_LOOK")
	if dir == "" {
		t.Skip("set PLOTS_LOOK=DIR to render the charts as PNG into DIR")
	}
	dir = filepath.Join(dir, "degenerate")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range degenerateCases() {
		if c.wantErr != nil {
			continue
		}
		ch, err := c.make()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		name := strings.ReplaceAll(c.name, " ", "-")
		if err := ch.Save(filepath.Join(dir, name+".png")); err != nil {
			t.Fatal(err)
		}
	}
}
