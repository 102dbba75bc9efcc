package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 5: sim plot draws the same chart from saved JSON as --plot drew
// during the run, for every command that draws.
func TestPlotFromJSONMatchesPlotDuringRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		args  []string
		what  []string // sim plot's flags choosing the same chart
		chart string   // --plot's argument, less the file
	}{
		{"run-outcomes", []string{"run", "trolls-vs-knights", "--trials", "5000"}, []string{"--outcomes"}, "outcomes="},
		{"run-metric", []string{"run", "ogres-vs-arrows", "--trials", "5000"}, []string{"--metric", "ogres.wounds"}, "ogres.wounds="},
		{"exact", []string{"exact", "trolls-take-ten"}, []string{"--metric", "trolls.casualties"}, "trolls.casualties="},
		{"compare", []string{"compare", "trolls-vs-knights", "--rules", "6th,8th", "--trials", "5000"}, []string{"--metric", "knights.casualties"}, "knights.casualties="},
		{"sweep", []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=4..6", "--trials", "2000"}, nil, ""},
		{"sweep-2d", []string{"sweep", "ogres-vs-arrows", "--vary", "units.archers.models=5..10:5", "--vary", "fight.to_hit_modifier=-1..0", "--trials", "2000"}, nil, ""},
		{"matrix", []string{"matrix", "--units", "trolls,ogre_bulls", "--trials", "2000"}, nil, ""},
	} {
		during := filepath.Join(dir, c.name+"-during.svg")
		after := filepath.Join(dir, c.name+"-after.svg")
		js := filepath.Join(dir, c.name+".json")
		args := append(append([]string(nil), c.args...), "--format", "json", "--out", js, "--plot", c.chart+during)
		if c.name != "exact" {
			args = append(args, "--seed", "9")
		}
		if code, _, errs := sim(t, context.Background(), args...); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errs)
		}
		if code, _, errs := sim(t, context.Background(), append([]string{"plot", js, "-o", after}, c.what...)...); code != 0 {
			t.Fatalf("%s: sim plot: exit %d: %s", c.name, code, errs)
		}
		a, _ := os.ReadFile(during)
		b, _ := os.ReadFile(after)
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: the chart from JSON (%d bytes) differs from the one drawn during the run (%d bytes)", c.name, len(b), len(a))
		}
	}
}

func TestPlotErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{not json"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
		why  string
	}{
		{[]string{"run", "ogres-vs-arrows", "--plot", filepath.Join(dir, "chart.gif")}, 2, "svg", "an unknown extension fails before any trial"},
		{[]string{"run", "ogres-vs-arrows", "--trials", "1000", "--plot", "nothing=" + filepath.Join(dir, "c.svg")}, 2, "nothing", "a metric that does not exist is named"},
		{[]string{"plot", bad, "-o", filepath.Join(dir, "c.svg")}, 2, "not the JSON sim writes", "broken JSON"},
		{[]string{"plot", filepath.Join(dir, "none.json"), "-o", filepath.Join(dir, "c.svg")}, 2, "cannot read", "a missing file"},
		{[]string{"plot", bad}, 2, "-o", "no chart file"},
		{[]string{"run", "ogres-vs-arrows", "--size", "big"}, 2, "WIDTHxHEIGHT", "a bad size"},
	} {
		code, _, stderr := sim(t, context.Background(), c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v (%s): exit %d, stderr %q; want %d and %q", c.args, c.why, code, stderr, c.code, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "c.svg")); err == nil {
		t.Error("a failed chart left a file behind")
	}
}
