package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compare --plot outcomes=FILE charts who wins in each column (issue 13),
// and sim plot --outcomes draws the same chart from the comparison's JSON.
func TestCompareOutcomesChart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	during, after, js := filepath.Join(dir, "during.svg"), filepath.Join(dir, "after.svg"), filepath.Join(dir, "c.json")
	code, _, errs := sim(t, context.Background(), "compare", "trolls-vs-knights", "--rules", "6th,8th", "--trials", "2000", "--seed", "9",
		"--format", "json", "--out", js, "--plot", "outcomes="+during)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got, err := os.ReadFile(during)
	must(t, err)
	for _, w := range []string{">Empire Knights win<", ">Trolls win<", ">6th<", ">8th<"} {
		if !strings.Contains(string(got), w) {
			t.Errorf("the outcomes chart lacks %q", w)
		}
	}
	if strings.Contains(string(got), ">Empire Knights break<") {
		t.Errorf("the outcomes chart shows more than who wins")
	}
	if strings.Contains(string(got), ">draw<") {
		t.Errorf("the outcomes chart has a row for the draw, which no column saw in 2,000 trials")
	}
	if code, _, errs := sim(t, context.Background(), "plot", js, "--outcomes", "-o", after); code != 0 {
		t.Fatalf("sim plot --outcomes of a comparison: exit %d: %s", code, errs)
	}
	again, err := os.ReadFile(after)
	must(t, err)
	if !bytes.Equal(got, again) {
		t.Errorf("the chart from JSON (%d bytes) differs from the one drawn during the run (%d bytes)", len(again), len(got))
	}
}
