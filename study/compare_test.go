package study

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/wargamesim/sim/internal/failure"
)

func isUsage(err error, want string) bool {
	var u *failure.Usage
	return errors.As(err, &u) && strings.Contains(err.Error(), want)
}

// A comparison has two columns or more, and at most maxCompareColumns;
// its rulesets are separated by single commas.
func TestCompareRefuses(t *testing.T) {
	t.Parallel()
	many := strings.Repeat("6th,", 50) + "8th"
	for _, c := range []struct {
		name string
		o    CompareOptions
		want string
	}{
		{"an empty ruleset", CompareOptions{Scenarios: []string{"trolls-vs-knights"}, Rules: "6th,,8th"}, "has no ruleset in place 2"},
		{"one column", CompareOptions{Scenarios: []string{"trolls-vs-knights"}, Rules: "6th"}, "give two or more scenarios"},
		{"too many columns", CompareOptions{Scenarios: []string{"a", "b"}, Rules: many}, "102 columns"},
		{"two games", CompareOptions{Scenarios: []string{"trolls-vs-knights", "wotr-captain-duel"}}, "compare scenarios of one game"},
		{"no points", CompareOptions{Scenarios: []string{"trolls-vs-knights"}, Rules: "6th,8th", Points: new(float64)}, "--points must be more than 0"},
	} {
		if _, err := Compare(context.Background(), Setup{}, c.o); !isUsage(err, c.want) {
			t.Errorf("%s: %v, want a usage error saying %q", c.name, err, c.want)
		}
	}
}

// The columns of one scenario under two rulesets are labelled by ruleset,
// run on one seed, and compared; asked for exactly, they are solved.
func TestCompare(t *testing.T) {
	t.Parallel()
	o := CompareOptions{Scenarios: []string{"trolls-vs-knights"}, Rules: "6th,8th", Trials: 4096}
	cmp, err := Compare(context.Background(), Setup{Seed: seed(2), Version: "test"}, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(cmp.Columns) != 2 || cmp.Columns[0].Label != "6th" || cmp.Columns[1].Label != "8th" {
		t.Errorf("columns %+v, want 6th and 8th", cmp.Columns)
	}
	if cmp.Trials != 4096 || !cmp.Complete || cmp.Seed != 2 || cmp.ByRole || cmp.Exact || len(cmp.Differences) == 0 {
		t.Errorf("comparison: %d trials, complete %v, seed %d, by role %v, exact %v, %d differences",
			cmp.Trials, cmp.Complete, cmp.Seed, cmp.ByRole, cmp.Exact, len(cmp.Differences))
	}
	o.Exact = true
	if cmp, err = Compare(context.Background(), Setup{}, o); err != nil || !cmp.Exact || cmp.SeedSource != "none" {
		t.Errorf("exactly: %v, exact %v", err, cmp != nil && cmp.Exact)
	}
}

// Scenarios whose units share no result are compared by role; a column
// the exact solver cannot take makes them all simulated, with a note.
func TestCompareByRoleAndFallBack(t *testing.T) {
	t.Parallel()
	var notes []string
	s := Setup{Seed: seed(1), Note: func(m string) { notes = append(notes, m) }}
	o := CompareOptions{Scenarios: []string{"ogres-vs-arrows", "skinks-vs-chaos-warriors"}, Trials: 4096}
	cmp, err := Compare(context.Background(), s, o)
	if err != nil {
		t.Fatal(err)
	}
	if !cmp.ByRole {
		t.Errorf("two volleys at different targets are not compared by role")
	}
	o = CompareOptions{Scenarios: []string{"wotr-captain-duel", "wotr-combat-vs-duel"}, Trials: 4096, Exact: true}
	if cmp, err = Compare(context.Background(), s, o); err != nil || cmp.Exact || cmp.Trials != 4096 {
		t.Fatalf("a column with no solver: %v, exact %v", err, cmp != nil && cmp.Exact)
	}
	if len(notes) != 1 || !strings.HasSuffix(notes[0], "; comparing the simulated answers instead") {
		t.Errorf("notes %q, want one saying the comparison is simulated", notes)
	}
}
