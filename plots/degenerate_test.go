package plots

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/stats"
	"gonum.org/v1/plot/vg"
)

// allZeroReport is a volley in which every trial ends with nothing: each
// metric has the single value 0, and the one event never happens.
func allZeroReport() *report.Report {
	r, err := report.New(report.Info{Scenario: "blanks", Ruleset: "6th"}, &engine.Result{
		Metrics: []engine.Metric{{Name: "ogres.wounds", Max: 9}},
		Events:  []string{"ogres.destroyed"},
		Hist:    [][]int64{{1000}},
		Count:   []int64{0},
		Trials:  1000, Requested: 1000, Seed: 1, Complete: true,
	})
	if err != nil {
		panic(err)
	}
	return r
}

// withMetric returns a copy of the ogres report whose ogres.wounds summary
// is s, as a JSON file edited by hand could give.
func withMetric(s stats.Summary) *report.Report {
	r := ogresReport()
	r.Metrics = map[string]stats.Summary{"ogres.wounds": s}
	r.Exact = nil
	return r
}

// degenerateCase is a chart from empty, degenerate or broken input, with
// the reason it is worth a test: it must give an error containing each of
// wantErr, or (wantErr nil) a chart.
type degenerateCase struct {
	name, why string
	make      func() (*Chart, error)
	wantErr   []string
}

// degenerateCases are the cases of TestDegenerate.
func degenerateCases() []degenerateCase {
	ogres := ogresReport()
	wide := Grid{Rows: []string{"a"}, Cols: make([]string, 26), Values: [][]float64{make([]float64, 26)}}
	for j := range wide.Cols {
		wide.Cols[j] = string(rune('A' + j%26))
		wide.Values[0][j] = float64(j) / 25
	}
	return []degenerateCase{
		{"missing metric", "the error names the metric and lists those there are",
			func() (*Chart, error) { return Distribution(ogres, "ogres.wonds", Options{}) },
			[]string{`"ogres.wonds"`, "ogres.casualties, ogres.unsaved, ogres.wounds, ogres.wounds_carried"}},
		{"no metrics", "a report without metrics says so",
			func() (*Chart, error) {
				return Distribution(&report.Report{Scenario: "x"}, "ogres.wounds", Options{})
			},
			[]string{`"ogres.wounds"`, "has no metrics"}},
		{"nil report", "a nil report is an error, not a panic",
			func() (*Chart, error) { return Distribution(nil, "ogres.wounds", Options{}) },
			[]string{"no report"}},
		{"single value", "every trial 0: one bar at 100%, the axis still shows 0 to 2",
			func() (*Chart, error) { return Distribution(allZeroReport(), "ogres.wounds", Options{}) }, nil},
		{"all-zero probabilities", "a pmf of zeros is no distribution",
			func() (*Chart, error) {
				return Distribution(withMetric(stats.Summary{PMF: []float64{0, 0, 0}}), "ogres.wounds", Options{})
			},
			[]string{"ogres.wounds", "sum to 0"}},
		{"empty pmf", "a summary without probabilities",
			func() (*Chart, error) { return Distribution(withMetric(stats.Summary{}), "ogres.wounds", Options{}) },
			[]string{"ogres.wounds", "no probabilities"}},
		{"NaN probability", "NaN from a broken file",
			func() (*Chart, error) {
				return Distribution(withMetric(stats.Summary{PMF: []float64{0.5, math.NaN(), 0.5}}), "ogres.wounds", Options{})
			},
			[]string{"pmf[1] = NaN"}},
		{"at_least mismatch", "at_least must match pmf",
			func() (*Chart, error) {
				return Distribution(withMetric(stats.Summary{PMF: []float64{0.5, 0.5}, AtLeast: []float64{1}}), "ogres.wounds", Options{})
			},
			[]string{"at_least has 1 entries and pmf 2"}},
		{"missing at_least", "at_least left out of a file is computed from pmf",
			func() (*Chart, error) {
				return Distribution(withMetric(stats.Summary{Mean: 0.5, PMF: []float64{0.5, 0.5}}), "ogres.wounds", Options{})
			}, nil},
		{"long tail", "values up to 200, almost all below 10: the tail is left off and said so",
			func() (*Chart, error) {
				pmf := make([]float64, 201)
				copy(pmf, binomial(10, 0.3))
				pmf[0] -= 1e-6
				pmf[200] = 1e-6
				s, err := stats.Exact(pmf)
				if err != nil {
					return nil, err
				}
				return Distribution(withMetric(s), "ogres.wounds", Options{})
			}, nil},
		{"wide range", "200 values all likely: ticks thin out",
			func() (*Chart, error) {
				pmf := make([]float64, 200)
				for i := range pmf {
					pmf[i] = 1.0 / 200
				}
				s, err := stats.Exact(pmf)
				if err != nil {
					return nil, err
				}
				return Distribution(withMetric(s.Shift(-100)), "ogres.wounds", Options{})
			}, nil},
		{"no events", "a report without events says so",
			func() (*Chart, error) { return Outcomes(&report.Report{}, nil, Options{}) },
			[]string{"no events"}},
		{"empty event list", "an empty list draws every event",
			func() (*Chart, error) { return Outcomes(ogres, []string{}, Options{}) }, nil},
		{"unknown event", "the error names the event and lists those there are",
			func() (*Chart, error) { return Outcomes(ogres, []string{"ogres.fled"}, Options{}) },
			[]string{`"ogres.fled"`, "ogres.destroyed"}},
		{"event twice", "an event listed twice would draw two bars",
			func() (*Chart, error) {
				return Outcomes(ogres, []string{"ogres.destroyed", "ogres.destroyed"}, Options{})
			},
			[]string{"listed twice"}},
		{"never, exact tiny", "an event never seen whose exact chance is 4.6e-9: 0% (exact <0.1%)",
			func() (*Chart, error) { return Outcomes(ogres, nil, Options{}) }, nil},
		{"never and always", "P = 0 and P = 1: bars of nothing and of everything, labels 0% and 100%",
			func() (*Chart, error) {
				r := allZeroReport()
				r.Events["always"] = stats.Wilson(1000, 1000)
				return Outcomes(r, nil, Options{})
			}, nil},
		{"no reports", "nothing to compare",
			func() (*Chart, error) { return Comparison(nil, nil, "ogres.wounds", AtLeast, Options{}) },
			[]string{"no reports"}},
		{"labels mismatch", "one label for two reports",
			func() (*Chart, error) {
				return Comparison([]*report.Report{ogres, ogres}, []string{"a"}, "ogres.wounds", AtLeast, Options{})
			},
			[]string{"1 labels for 2 reports"}},
		{"metric missing from one", "the error names the report by its label",
			func() (*Chart, error) {
				return Comparison([]*report.Report{ogres, allZeroReport()}, []string{"ogres", "blanks"}, "ogres.casualties", AtLeast, Options{})
			},
			[]string{`"ogres.casualties"`, `"blanks"`, "ogres.wounds"}},
		{"too many reports", "more lines than colours",
			func() (*Chart, error) {
				return Comparison(make([]*report.Report, 9), nil, "ogres.wounds", AtLeast, Options{})
			},
			[]string{"at most 8"}},
		{"same reports", "identical reports, no labels: numbered",
			func() (*Chart, error) {
				return Comparison([]*report.Report{ogres, ogres}, nil, "ogres.wounds", Exactly, Options{})
			}, nil},
		{"exact and sampled", "sim exact beside sim run",
			func() (*Chart, error) {
				return Comparison([]*report.Report{ogres, ogresExactReport()}, nil, "ogres.casualties", AtLeast, Options{})
			}, nil},
		{"empty grid", "no rows",
			func() (*Chart, error) { return Heatmap(Grid{}, Options{}) },
			[]string{"0 rows and 0 columns"}},
		{"ragged grid", "a row short of a value",
			func() (*Chart, error) {
				return Heatmap(Grid{Rows: []string{"a", "b"}, Cols: []string{"x", "y"}, Values: [][]float64{{0.1, 0.2}, {0.3}}}, Options{})
			},
			[]string{"row 1 (b) has 1 values for 2 columns"}},
		{"value out of range", "a percentage where a probability goes",
			func() (*Chart, error) {
				return Heatmap(Grid{Rows: []string{"a"}, Cols: []string{"x"}, Values: [][]float64{{61.2}}}, Options{})
			},
			[]string{"[0][0] (a, x) = 61.2"}},
		{"all NaN", "a grid with no value has nothing to draw",
			func() (*Chart, error) {
				return Heatmap(Grid{Rows: []string{"a"}, Cols: []string{"x"}, Values: [][]float64{{math.NaN()}}}, Options{})
			},
			[]string{"every value", "NaN"}},
		{"one cell", "a single cell fills the plot",
			func() (*Chart, error) {
				return Heatmap(Grid{Rows: []string{"S4"}, Cols: []string{"10 attacks"}, Values: [][]float64{{0.612}}}, Options{Title: "One"})
			}, nil},
		{"narrow cells", "26 columns: values drop their decimal and shrink",
			func() (*Chart, error) { return Heatmap(wide, Options{Title: "Wide"}) }, nil},
		{"negative size", "sizes are checked",
			func() (*Chart, error) { return Distribution(ogres, "ogres.wounds", Options{Width: -1}) },
			[]string{"must not be negative"}},
		{"too small", "a chart too small to read",
			func() (*Chart, error) {
				return Distribution(ogres, "ogres.wounds", Options{Width: Pixels(200), Height: Pixels(100)})
			},
			[]string{"200x100 px", "480x270"}},
		{"NaN size", "a size that is not a number",
			func() (*Chart, error) {
				return Distribution(ogres, "ogres.wounds", Options{Width: vg.Length(math.NaN()), Height: Pixels(600)})
			},
			[]string{"want 480x270 to 8000x8000 px"}},
		{"width only", "the height follows at 16:9",
			func() (*Chart, error) { return Distribution(ogres, "ogres.wounds", Options{Width: Pixels(800)}) }, nil},
		{"too many events", "30 events cannot have a line each in 338 px",
			func() (*Chart, error) {
				r := allZeroReport()
				for i := range 30 {
					r.Events[fmt.Sprintf("event%02d", i)] = stats.Wilson(int64(i), 1000)
				}
				return Outcomes(r, nil, Options{Width: Pixels(600), Height: Pixels(338)})
			},
			[]string{"31 events leave each row", "600x338 px", "larger"}},
		{"too many columns", "60 columns leave no room for the values",
			func() (*Chart, error) {
				g := Grid{Rows: []string{"a"}, Values: [][]float64{make([]float64, 60)}}
				for j := range 60 {
					g.Cols = append(g.Cols, fmt.Sprint(j))
				}
				return Heatmap(g, Options{})
			},
			[]string{"1×60", "too small to write their values"}},
		{"smallest", "the smallest size allowed still lays out",
			func() (*Chart, error) {
				return Outcomes(fightReport(1000, 1000, "6th"), nil, Options{Width: Pixels(MinWidth), Height: Pixels(MinHeight)})
			}, nil},
	}
}

// TestDegenerate draws charts from empty, degenerate and broken input:
// each gives a clear error (wantErr lists words it must contain) or a
// chart that renders in both formats with its text in place.
func TestDegenerate(t *testing.T) {
	for _, tt := range degenerateCases() {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ch, err := tt.make()
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("%s: got a chart, want an error containing %q", tt.why, tt.wantErr)
				}
				for _, w := range tt.wantErr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("%s: error %q does not contain %q", tt.why, err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tt.why, err)
			}
			for _, format := range Formats() {
				var buf bytes.Buffer
				if _, err := ch.Render(&buf, format); err != nil || buf.Len() == 0 {
					t.Errorf("%s: rendering %s: %d bytes, %v", tt.why, format, buf.Len(), err)
				}
			}
			minPx := 11.0
			if ch.width < Pixels(600) {
				minPx = 9 // the smallest size allowed: legible, not comfortable
			}
			for _, p := range layoutProblems(ch, minPx) {
				t.Errorf("%s: %s", tt.why, p)
			}
		})
	}
}

func TestTrendRejects(t *testing.T) {
	good := trendLines()
	for _, c := range []struct {
		name   string
		values []string
		lines  []Line
		want   string
	}{
		{"no values", nil, good, "at least one value"},
		{"no lines", []string{"1"}, nil, "at least one line"},
		{"short line", []string{"1", "2"}, []Line{{Name: "x", P: []float64{0.5}, CI95: [][2]float64{{0.4, 0.6}}}}, "has 1 points"},
		{"not a probability", []string{"1"}, []Line{{Name: "x", P: []float64{1.5}, CI95: [][2]float64{{0.4, 0.6}}}}, "not a probability"},
	} {
		if _, err := Trend("x", c.values, c.lines, Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
	}
}
