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

// sim compare --exact gives each column's exact answer and their exact
// difference: the 8th preset's P(Knights win) less the 6th's, as sim
// exact gives them one by one.
func TestCompareExact(t *testing.T) {
	exactP := func(rules string) float64 {
		code, out, stderr := sim(t, context.Background(), "exact", "trolls-vs-knights", "--rules", rules, "--format", "json")
		if code != 0 {
			t.Fatalf("sim exact --rules %s: exit %d: %s", rules, code, stderr)
		}
		var ex struct {
			Events map[string]struct{ P float64 }
		}
		if err := json.Unmarshal([]byte(out), &ex); err != nil {
			t.Fatal(err)
		}
		return ex.Events["knights.wins"].P
	}
	code, out, stderr := sim(t, context.Background(), "compare", "trolls-vs-knights", "--rules", "6th,8th", "--exact", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var c struct {
		Exact       bool
		Trials      int64
		Differences map[string]struct {
			Events map[string]struct {
				Mean float64
				CI95 [2]float64
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	d := c.Differences["8th-6th"].Events["knights.wins"]
	if want := exactP("8th") - exactP("6th"); !c.Exact || c.Trials != 0 || d.Mean != want || d.CI95 != [2]float64{want, want} {
		t.Errorf("exact %v, trials %d, difference %+v; want exact, 0 trials, %v with no interval", c.Exact, c.Trials, d, want)
	}
	// A column the solver cannot take: said, and all simulated.
	code, _, stderr = sim(t, context.Background(), "compare", "black-orcs-big-boss-challenge", "--rules", "6th,8th", "--exact", "--trials", "1000", "--seed", "1")
	if code != 0 || !strings.Contains(stderr, "comparing the simulated answers instead") {
		t.Errorf("exit %d, stderr %q; want 0 and a note that the columns are simulated", code, stderr)
	}
}
