package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wargamesim/sim/report"
)

// The chart of an interrupted sweep or matrix says it is partial, at the
// end of its subtitle and in the warning colour, as a run's and a
// comparison's do, whether drawn by --plot or by sim plot from the
// partial JSON (issue 13). Each case cuts a finished result down by hand
// to what an interruption leaves: fewer points or cells, the last short.
func TestPartialChartsSayPartial(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		cut  func(js []byte) any // the JSON as an interruption leaves it
		want string
	}{
		{
			name: "sweep of one field",
			args: []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=3..9", "--trials", "2000"},
			cut: func(js []byte) any {
				var s report.Sweep
				must(t, json.Unmarshal(js, &s))
				s.Points, s.Complete = s.Points[:4], false
				s.Points[3].Trials = 1234
				return &s
			},
			want: "partial: 4 of 7 points, the last of 1,234 trials",
		},
		{
			name: "sweep of two fields",
			args: []string{"sweep", "ogres-vs-arrows", "--vary", "units.archers.models=5..10:5", "--vary", "fight.to_hit_modifier=-1..0", "--trials", "2000"},
			cut: func(js []byte) any {
				var s report.Sweep
				must(t, json.Unmarshal(js, &s))
				s.Points, s.Complete = s.Points[:3], false
				return &s
			},
			want: "partial: 3 of 4 points",
		},
		{
			name: "matrix",
			args: []string{"matrix", "--units", "trolls,ogre_bulls", "--trials", "2000"},
			cut: func(js []byte) any {
				var m report.Matrix
				must(t, json.Unmarshal(js, &m))
				m.Cells, m.Complete = m.Cells[:1], false
				return &m
			},
			want: "partial: 2 of 4 cells",
		},
	} {
		js := filepath.Join(dir, c.name+".json")
		if code, _, errs := sim(t, context.Background(), append(c.args, "--seed", "9", "--format", "json", "--out", js)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errs)
		}
		data, err := os.ReadFile(js)
		must(t, err)
		cut, err := json.Marshal(c.cut(data))
		must(t, err)
		must(t, os.WriteFile(js, cut, 0o644))
		svg := filepath.Join(dir, c.name+".svg")
		if code, _, errs := sim(t, context.Background(), "plot", js, "-o", svg); code != 0 {
			t.Fatalf("%s: sim plot of the partial JSON: exit %d: %s", c.name, code, errs)
		}
		got, err := os.ReadFile(svg)
		must(t, err)
		if !strings.Contains(string(got), `fill:#A63D00">`+c.want+"</text>") {
			t.Errorf("%s: the chart of the partial JSON does not end its subtitle with %q in the warning colour", c.name, c.want)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
