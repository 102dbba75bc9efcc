package plots

import (
	"bytes"
	"regexp"
	"testing"
)

// A trend or heatmap of an interrupted sweep or matrix says so at the end
// of its subtitle, in the warning colour of a partial run's subtitle, as
// the charts of a partial report do (issue 13).
func TestPartialSubtitle(t *testing.T) {
	t.Parallel()
	o := Options{Subtitle: "trolls-vs-knights · ruleset 6th · 20,000 trials a point · seed 1", Partial: "partial: 4 of 7 points"}
	lines := trendLines()
	for i := range lines {
		lines[i].P, lines[i].CI95 = lines[i].P[:4], lines[i].CI95[:4]
	}
	for _, c := range []struct {
		name  string
		chart func(Options) (*Chart, error)
	}{
		{"trend", func(o Options) (*Chart, error) { return Trend("models", []string{"3", "4", "5", "6"}, lines, o) }},
		{"heatmap", func(o Options) (*Chart, error) { return Heatmap(chanceGrid(), o) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			for _, partial := range []bool{true, false} {
				o := o
				if !partial {
					o.Partial = ""
				}
				ch, err := c.chart(o)
				if err != nil {
					t.Fatal(err)
				}
				var svg bytes.Buffer
				if _, err := ch.Render(&svg, "svg"); err != nil {
					t.Fatal(err)
				}
				warned := regexp.MustCompile(`fill:#A63D00">partial: 4 of 7 points</text>`).Match(svg.Bytes())
				if warned != partial {
					t.Errorf("Partial %q: the subtitle ends in the warning colour's %q: %v, want %v", o.Partial, "partial: 4 of 7 points", warned, partial)
				}
				if !bytes.Contains(svg.Bytes(), []byte("trolls-vs-knights · ruleset 6th")) {
					t.Errorf("the subtitle lost its provenance")
				}
			}
		})
	}
}
