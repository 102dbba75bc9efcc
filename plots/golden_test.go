package plots

import (
	"bytes"
	"flag"
	"fmt"
	"github.com/wargamesim/sim/report"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ with the charts drawn now")

// goldenChart is a chart drawn from fixed input, with the reason it is
// worth pinning.
type goldenChart struct {
	name, why string
	make      func(Options) (*Chart, error)
}

// goldenCharts are the charts pinned in testdata/NAME.svg.
func goldenCharts() []goldenChart {
	return []goldenChart{
		{"distribution", "sampled bars and at-least line with exact diamonds over them, the mean and its interval",
			func(o Options) (*Chart, error) { return Distribution(ogresReport(), "ogres.wounds", o) }},
		{"distribution-exact-only", "a report of sim exact: exact bars, no interval, no seed; a long tail to 3 casualties",
			func(o Options) (*Chart, error) { return Distribution(ogresExactReport(), "ogres.casualties", o) }},
		{"distribution-partial-negative", "an interrupted run, marked partial, of a metric with negative values (offset −13), trimmed tails",
			func(o Options) (*Chart, error) {
				return Distribution(fightReport(12288, 1000000, "6th"), "combat_result_difference", o)
			}},
		{"outcomes", "nine events of a fight with Wilson whiskers and values, in the given order",
			func(o Options) (*Chart, error) { return Outcomes(fightReport(100000, 100000, "6th"), nil, o) }},
		{"outcomes-exact", "events in the order given, with exact diamonds and exact values beside the simulated ones",
			func(o Options) (*Chart, error) {
				return Outcomes(fightWithExact(10000), []string{"knights.wins", "trolls.wins", "draw", "trolls.caught", "knights.destroyed"}, o)
			}},
		{"comparison", "two rulesets' P(at least k) of casualties, labels given",
			func(o Options) (*Chart, error) {
				return Comparison([]*report.Report{fightReport(100000, 100000, "6th"), fightReport(100000, 100000, "8th")},
					[]string{"6th edition", "8th edition"}, "trolls.casualties", AtLeast, o)
			}},
		{"comparison-exactly", "P(exactly k) of a metric with negative values, default labels from the rulesets",
			func(o Options) (*Chart, error) {
				return Comparison([]*report.Report{fightReport(100000, 100000, "6th"), fightReport(100000, 100000, "8th")},
					nil, "combat_result_difference", Exactly, o)
			}},
		{"outcomes-compared", "two rulesets' outcomes side by side, a bar of each in each event's group, with whiskers and values",
			func(o Options) (*Chart, error) {
				return ComparedOutcomes([]*report.Report{fightReport(100000, 100000, "6th"), fightReport(100000, 100000, "8th")},
					[]string{"6th edition", "8th edition"}, []string{"knights.wins", "trolls.wins", "draw"}, o)
			}},
		{"trend", "a sweep's two outcomes along seven values, with interval whiskers",
			func(o Options) (*Chart, error) {
				o.Title = "Knights against Trolls as the Knights grow"
				o.Subtitle = "trolls-vs-knights · ruleset 6th · 20,000 trials a point · seed 1"
				return Trend("units.knights.models", []string{"3", "4", "5", "6", "7", "8", "9"}, trendLines(), o)
			}},
		{"heatmap", "a 4×5 grid with one cell without a value",
			func(o Options) (*Chart, error) {
				o.Title = "Chance that at least one Troll is slain"
				o.Subtitle = "to hit on 4+, no armour save · exact binomial"
				return Heatmap(chanceGrid(), o)
			}},
	}
}

// TestGolden draws each chart as SVG at the default size and compares it
// byte for byte with testdata/NAME.svg. With -update it rewrites the
// golden files; on a mismatch it writes testdata/NAME.svg.got beside the
// golden file, to open in a browser next to it.
func TestGolden(t *testing.T) {
	for _, c := range goldenCharts() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ch, err := c.make(Options{})
			if err != nil {
				t.Fatalf("%s (%s): %v", c.name, c.why, err)
			}
			var got bytes.Buffer
			if _, err := ch.Render(&got, "svg"); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", c.name+".svg")
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./plots -run TestGolden -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				if err := os.WriteFile(golden+".got", got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Errorf("%s (%s) differs from %s:\n%s\nwrote %s.got; compare them (they open in a browser), and rerun with -update if the change is meant",
					c.name, c.why, golden, lineDiff(got.Bytes(), want, 3), golden)
			}
		})
	}
}

// lineDiff shows the first n lines that differ between got and want,
// numbered, each as "-want" and "+got".
func lineDiff(got, want []byte, n int) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	var b strings.Builder
	for i := 0; i < max(len(g), len(w)) && n > 0; i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			fmt.Fprintf(&b, "line %d:\n-%s\n+%s\n", i+1, wl, gl)
			n--
		}
	}
	return b.String()
}
