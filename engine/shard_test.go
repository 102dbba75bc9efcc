package engine

import (
	"context"
	"slices"
	"testing"
)

// The batches of a run split into shards (any partition) add up, by
// Merge, to the whole run's histograms exactly; each batch's own
// histograms, as Batch hands them over, add up to the same.
func TestShardsAddUp(t *testing.T) {
	t.Parallel()
	const trials = 7*BatchSize + 321
	whole, err := Run(context.Background(), newFlowModel(10), Config{Trials: trials, Seed: 11, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int64{1, 2, 3, 7, 9} {
		sum := NewResult(newFlowModel(10), trials, 11)
		fromBatches := NewResult(newFlowModel(10), trials, 11)
		seen := map[int64]bool{}
		for i := range n {
			cfg := Config{Trials: trials, Seed: 11, Workers: 2, Batches: func(b int64) bool { return b%n == i }}
			cfg.Batch = func(b int64, r *Result) {
				if seen[b] || b%n != i {
					t.Errorf("%d shards: batch %d handed over twice, or by shard %d", n, b, i)
				}
				seen[b] = true
				if err := fromBatches.Merge(r); err != nil {
					t.Errorf("batch %d: %v", b, err)
				}
			}
			part, err := Run(context.Background(), newFlowModel(10), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if !part.Complete || part.Requested != trials {
				t.Errorf("%d shards: shard %d complete %v, requested %d", n, i, part.Complete, part.Requested)
			}
			if err := sum.Merge(part); err != nil {
				t.Fatal(err)
			}
		}
		if int64(len(seen)) != Batches(trials) {
			t.Errorf("%d shards: %d batches handed over, want %d", n, len(seen), Batches(trials))
		}
		for _, got := range []*Result{sum, fromBatches} {
			if got.Trials != trials || !slices.Equal(got.Count, whole.Count) {
				t.Fatalf("%d shards: %d trials, events %v; the whole run: %v", n, got.Trials, got.Count, whole.Count)
			}
			for m := range got.Hist {
				if !slices.Equal(got.Hist[m], whole.Hist[m]) {
					t.Errorf("%d shards: metric %d %v, the whole run %v", n, m, got.Hist[m], whole.Hist[m])
				}
			}
		}
	}
}

// Results of different runs do not merge.
func TestMergeRefusesOtherRuns(t *testing.T) {
	a := NewResult(newFlowModel(10), 100, 1)
	for _, b := range []*Result{NewResult(newFlowModel(10), 100, 2), NewResult(newFlowModel(10), 200, 1), NewResult(newFlowModel(3), 100, 1)} {
		if err := a.Merge(b); err == nil {
			t.Errorf("merged a run of seed %d, %d trials, %d metrics", b.Seed, b.Requested, len(b.Metrics))
		}
	}
}
