package main

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/wargamesim/sim/report"
)

func compareJSON(t *testing.T, args ...string) *report.Comparison {
	t.Helper()
	code, out, errs := sim(t, context.Background(), append([]string{"compare", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var c report.Comparison
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// Issue 6: the difference between the 6th and 8th editions' Regeneration
// for seed 000's two Trolls taking ten wounds is known exactly: P(destroyed)
// 193/512 under 8th against 1/64 under 6th. The comparison's interval for
// the difference holds it, and is no wider than 4.5 standard errors of the
// paired difference on each side.
func TestCompareDifferenceInterval(t *testing.T) {
	t.Parallel()
	c := compareJSON(t, "trolls-take-ten", "--rules", "6th,8th", "--seed", "11", "--trials", "200000")
	d := c.Differences["8th-6th"].Events["trolls.destroyed"]
	exact := 193.0/512 - 1.0/64
	if math.Abs(d.Mean-exact) > 4.5*d.SE {
		t.Errorf("difference %.5f (se %.5f), exact %.5f", d.Mean, d.SE, exact)
	}
	if d.CI95[0] > exact || d.CI95[1] < exact {
		t.Logf("the 95%% interval [%.5f, %.5f] misses %.5f (it may, one time in twenty)", d.CI95[0], d.CI95[1], exact)
	}
	a, b := c.Results["6th"].Events["trolls.destroyed"], c.Results["8th"].Events["trolls.destroyed"]
	if math.Abs((b.P-a.P)-d.Mean) > 1e-12 {
		t.Errorf("the difference %.6f is not the difference of the columns (%.6f - %.6f)", d.Mean, b.P, a.P)
	}
}

// A scenario compared with itself under the same rules differs by exactly
// zero in every trial: both columns roll the same dice.
func TestCompareWithItself(t *testing.T) {
	c := compareJSON(t, "trolls-vs-knights", "trolls-vs-knights", "--seed", "3", "--trials", "20000")
	if len(c.Columns) != 2 || c.Columns[1].Label != "trolls-vs-knights#2" {
		t.Fatalf("columns %+v", c.Columns)
	}
	for name, s := range c.Differences["trolls-vs-knights#2-trolls-vs-knights"].Metrics {
		if s.Mean != 0 || s.SD != 0 {
			t.Errorf("%s differs from itself: mean %v, sd %v", name, s.Mean, s.SD)
		}
	}
}

func TestCompareUsage(t *testing.T) {
	for _, args := range [][]string{
		{"compare"},
		{"compare", "trolls-vs-knights"},
		{"compare", "trolls-vs-knights", "--rules", "6th"},
		{"compare", "trolls-vs-knights", "--rules", "6th,9th"},
	} {
		if code, _, _ := sim(t, context.Background(), args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
