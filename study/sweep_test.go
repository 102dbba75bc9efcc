package study

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
)

// A sweep runs every point on the same seed, the first field varying
// slowest, and tells its progress over all of them.
func TestSweep(t *testing.T) {
	t.Parallel()
	p := &progressLog{}
	o := SweepOptions{Scenario: "trolls-vs-knights", Vary: []string{"units.knights.models=3..4", "units.trolls.models=2..3"}, Trials: 4096}
	sw, err := Sweep(context.Background(), Setup{Seed: seed(4), Version: "test", Progress: p}, o)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	for _, pt := range sw.Points {
		got = append(got, pt.Values)
		if pt.Trials != 4096 || pt.Exact {
			t.Errorf("point %v: %d trials, exact %v", pt.Values, pt.Trials, pt.Exact)
		}
	}
	want := [][]string{{"3", "2"}, {"3", "3"}, {"4", "2"}, {"4", "3"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("points %v, want %v", got, want)
	}
	if !sw.Complete || sw.Seed != 4 || sw.Scenario != "trolls-vs-knights" || len(sw.Parameters) != 2 || len(sw.EventOrder) == 0 {
		t.Errorf("sweep: complete %v, seed %d, scenario %q, %d parameters, events %v", sw.Complete, sw.Seed, sw.Scenario, len(sw.Parameters), sw.EventOrder)
	}
	if len(p.begun) != 1 || p.begun[0] != 4*4096 || p.last != 4*4096 {
		t.Errorf("progress: begun %v, last %d; want 4 points of 4096", p.begun, p.last)
	}
	o = SweepOptions{Scenario: "trolls-vs-knights", Vary: []string{"units.knights.models=3..4"}, Trials: 4096, Exact: true}
	if sw, err = Sweep(context.Background(), Setup{}, o); err != nil || len(sw.Points) != 2 || !sw.Points[0].Exact || sw.Points[0].Trials != 0 {
		t.Errorf("exact sweep: %v, %+v", err, sw)
	}
}

// What a sweep cannot do is refused: a bad range, a field --rules
// overrides, a value the scenario refuses (named by the field, not by a
// line of the edited file).
func TestSweepRefuses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		o    SweepOptions
		want string
	}{
		{"a bad range", SweepOptions{Scenario: "trolls-vs-knights", Vary: []string{"units.knights.models"}}, "sweep: "},
		{"the rules under --rules", SweepOptions{Scenario: "trolls-vs-knights", Vary: []string{"rules.anything=1..2"}, Rules: "6th"}, "has no effect with --rules"},
	} {
		if _, err := Sweep(context.Background(), Setup{}, c.o); !isUsage(err, c.want) {
			t.Errorf("%s: %v, want a usage error saying %q", c.name, err, c.want)
		}
	}
	_, err := Sweep(context.Background(), Setup{}, SweepOptions{Scenario: "trolls-vs-knights", Vary: []string{"units.knights.models=0..1"}, Trials: 10})
	var in *failure.Input
	if !errors.As(err, &in) || !strings.HasPrefix(err.Error(), "sweep at units.knights.models=0: ") {
		t.Errorf("a value the scenario refuses: %v", err)
	}
	var list scenarios.ErrorList
	if _, err := Sweep(context.Background(), Setup{}, SweepOptions{Scenario: "no-such-scenario.yaml", Vary: []string{"a=1..2"}}); !errors.As(err, &list) {
		t.Errorf("a missing scenario: %v", err)
	}
}

// An interrupted sweep is no error: it holds the points that finished and
// says it is partial.
func TestSweepInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sw, err := Sweep(ctx, Setup{Seed: seed(1)}, SweepOptions{Scenario: "trolls-vs-knights", Vary: []string{"units.knights.models=3..4"}, Trials: 100_000})
	if err != nil || sw.Complete || len(sw.Points) != 0 || sw.Parameters[0].Values[1] != "4" {
		t.Errorf("a cancelled sweep: %v, %+v", err, sw)
	}
}
