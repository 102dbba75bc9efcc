package engine

import (
	"context"
	"math"
	"strings"
	"testing"
)

// Run refuses a Config it cannot honour with an error naming the bound,
// never a panic or an allocation per worker it was asked for (issue 13:
// Trials math.MaxInt64 overflowed the batch count and panicked in
// makeslice).
func TestRunRefusesConfigOutOfRange(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		cfg  Config
		want string // in the error
	}{
		{"max int64 trials: the batch count overflowed", Config{Trials: math.MaxInt64}, "got 9223372036854775807"},
		{"zero trials", Config{Trials: 0}, "trials must be 1 to 10000000000, got 0"},
		{"negative trials", Config{Trials: -1}, "got -1"},
		{"min int64 trials", Config{Trials: math.MinInt64}, "got -9223372036854775808"},
		{"one past MaxTrials", Config{Trials: MaxTrials + 1}, "got 10000000001"},
		{"one trial past the last batch that fits", Config{Trials: math.MaxInt64 - BatchSize + 2}, "trials must be"},
		{"one worker past MaxWorkers", Config{Trials: 1, Workers: MaxWorkers() + 1}, "workers must be at most"},
		{"a hundred million workers", Config{Trials: MaxTrials, Workers: 100_000_000}, "got 100000000"},
		{"max int workers", Config{Trials: 1, Workers: math.MaxInt}, "workers must be at most"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Run(context.Background(), newFlowModel(3), c.cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Run(%+v): result %v, error %v; want an error containing %q", c.cfg, res, err, c.want)
			}
		})
	}
}

// The bounds themselves run: MaxTrials (cancelled at once, so the test is
// quick), MaxWorkers workers, and a worker count at or below zero, which
// means the default.
func TestRunAcceptsTheBounds(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, newFlowModel(3), Config{Trials: MaxTrials, Workers: MaxWorkers()})
	if err != nil || res.Complete || res.Requested != MaxTrials {
		t.Errorf("MaxTrials on MaxWorkers, cancelled: %+v, %v; want a partial result", res, err)
	}
	for _, w := range []int{MaxWorkers(), 0, -1, math.MinInt} {
		res, err := Run(context.Background(), newFlowModel(3), Config{Trials: 3 * BatchSize, Seed: 1, Workers: w})
		if err != nil || !res.Complete {
			t.Errorf("workers %d: %+v, %v; want a complete run", w, res, err)
		}
	}
	if MaxWorkers() < 64 {
		t.Errorf("MaxWorkers() = %d, want at least 64 on any machine", MaxWorkers())
	}
}
