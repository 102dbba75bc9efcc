package study

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/runs"
)

// balanceOf is the options of a search over the knights' models for where
// they win half their fights.
func balanceOf(simulate bool) BalanceOptions {
	return BalanceOptions{Scenario: "trolls-vs-knights", Vary: "units.knights.models=3..9", Target: "knights.wins=0.5",
		Trials: 4096, MaxTrials: 8192, Confidence: 0.99, Simulate: simulate}
}

// The search brackets the target between two adjacent values, exactly
// where every value can be solved, else simulated with the stopping rule
// stated.
func TestBalance(t *testing.T) {
	t.Parallel()
	for _, simulate := range []bool{false, true} {
		b, err := Balance(context.Background(), Setup{Seed: seed(6), Version: "test"}, balanceOf(simulate))
		if err != nil {
			t.Fatal(err)
		}
		c := b.Crossing
		if !c.Found || c.Above.Value-c.Below.Value != 1 || c.Says == "" || len(b.Tried) < 3 {
			t.Errorf("simulate %v: crossing %+v after %d values", simulate, c, len(b.Tried))
		}
		method, rule := "exact", "every value solved exactly"
		if simulate {
			method, rule = "simulated", "bisect, starting at 4,096 trials a value"
		}
		if b.Method != method || !strings.HasPrefix(b.Rule, rule) {
			t.Errorf("simulate %v: method %q, rule %q; want %q, %q...", simulate, b.Method, b.Rule, method, rule)
		}
	}
}

// Runs cut into shards cannot bisect: every value of the range is
// simulated at the trials given, and the crossing read off them.
func TestBalanceSharded(t *testing.T) {
	t.Parallel()
	sc, err := runs.Start(runs.Request{Command: []string{"balance"}, Shard: 0, Shards: 1, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	o := balanceOf(true)
	o.Vary = "units.knights.models=3..6"
	b, err := Balance(context.Background(), Setup{Seed: seed(6), Scale: sc}, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Tried) != 4 || !strings.HasPrefix(b.Rule, "sharded: every value of 3..6 simulated at 4,096 trials") {
		t.Errorf("a sharded search tried %d values, rule %q", len(b.Tried), b.Rule)
	}
}

// What a search cannot do is refused before it runs; one interrupted
// has nothing to report.
func TestBalanceRefuses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		edit func(*BalanceOptions)
		want string
	}{
		{"vary and points", func(o *BalanceOptions) { o.Points = "knights" }, "give --vary or --points, not both"},
		{"nothing to vary", func(o *BalanceOptions) { o.Vary = "" }, "give the field to vary"},
		{"a step", func(o *BalanceOptions) { o.Vary = "units.knights.models=3..9:2" }, "with no step"},
		{"a probability of 1", func(o *BalanceOptions) { o.Target = "knights.wins=1" }, "between 0 and 1, exclusive"},
		{"no such event", func(o *BalanceOptions) { o.Target = "orcs.wins=0.5" }, `reports no event "orcs.wins"`},
		{"a confidence of 1", func(o *BalanceOptions) { o.Confidence = 1 }, "--confidence must be between 0 and 1"},
		{"fewer most trials", func(o *BalanceOptions) { o.MaxTrials = 100 }, "--max-trials must be at least --trials"},
		{"points of no unit", func(o *BalanceOptions) { o.Vary, o.Points = "", "knights" }, "--points knights: the scenario has no unit knights with points"},
	} {
		o := balanceOf(false)
		c.edit(&o)
		if _, err := Balance(context.Background(), Setup{}, o); !isUsage(err, c.want) {
			t.Errorf("%s: %v, want a usage error saying %q", c.name, err, c.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Balance(ctx, Setup{Seed: seed(1)}, balanceOf(true))
	if !errors.Is(err, ErrSearchInterrupted) || !errors.Is(err, failure.ErrInterrupted) {
		t.Errorf("an interrupted search: %v", err)
	}
}
