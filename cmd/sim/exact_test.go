package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// sim sweep --exact solves each point it can: the point of the built-in's
// own size gives what sim exact gives for the built-in, to the last digit,
// and is marked exact in JSON and in the table.
func TestSweepExact(t *testing.T) {
	code, out, stderr := sim(t, context.Background(), "sweep", "trolls-vs-knights", "--vary", "units.knights.models=4..5", "--exact", "--format", "json", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var sw struct {
		Points []struct {
			Values []string
			Exact  bool
			Trials int64
			Events map[string]struct{ P float64 }
		}
	}
	if err := json.Unmarshal([]byte(out), &sw); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = sim(t, context.Background(), "exact", "trolls-vs-knights", "--format", "json")
	if code != 0 {
		t.Fatalf("sim exact: exit %d: %s", code, stderr)
	}
	var ex struct {
		Events map[string]struct{ P float64 }
	}
	if err := json.Unmarshal([]byte(out), &ex); err != nil {
		t.Fatal(err)
	}
	if len(sw.Points) != 2 || !sw.Points[0].Exact || !sw.Points[1].Exact || sw.Points[1].Trials != 0 {
		t.Fatalf("points %+v; want two, both exact, with no trials", sw.Points)
	}
	if got, want := sw.Points[1].Events["knights.wins"].P, ex.Events["knights.wins"].P; got != want || want == 0 {
		t.Errorf("P(knights win) at 5 Knights: sweep %v, sim exact %v; want the same", got, want)
	}
	_, text, _ := sim(t, context.Background(), "sweep", "trolls-vs-knights", "--vary", "units.knights.models=4..5", "--exact", "--seed", "1")
	if !strings.Contains(text, "solved exactly") || !strings.Contains(text, "exact\n") || strings.Contains(text, "±") {
		t.Errorf("the table does not say the points are exact:\n%s", text)
	}
}

// sim matrix --exact solves the cells that fit and simulates the others,
// and says which: under 8th, Trolls against Trolls fits, a unit of twenty
// Halberdiers does not.
func TestMatrixExact(t *testing.T) {
	code, out, stderr := sim(t, context.Background(), "matrix", "--units", "trolls,empire_halberdiers", "--rules", "8th", "--exact", "--trials", "2000", "--seed", "1", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasSuffix(lines[1], ",solved") {
		t.Fatalf("header %q has no solved column", lines[1])
	}
	want := map[string]string{"trolls,trolls": "exact", "trolls,empire_halberdiers": "simulated",
		"empire_halberdiers,trolls": "simulated", "empire_halberdiers,empire_halberdiers": "simulated"}
	for _, l := range lines[2:] {
		f := strings.Split(l, ",")
		if cell := f[0] + "," + f[1]; want[cell] != f[len(f)-1] {
			t.Errorf("cell %s solved %s, want %s", cell, f[len(f)-1], want[cell])
		}
		if f[len(f)-1] == "exact" && (f[2] != f[3] || f[2] != f[4]) {
			t.Errorf("exact cell %s has an interval %s..%s around %s; want none", f[0]+","+f[1], f[3], f[4], f[2])
		}
	}
}
