package engine

import (
	"context"
	"slices"
	"testing"
)

// flowModel is a test model: n attacks through volleyFlow, reporting wounds
// and sixes, and whether any wound was caused.
type flowModel struct {
	n    int
	flow *Flow
	// after, if set, is called after each trial (the cancellation test uses it).
	after func()
}

func (m *flowModel) Metrics() []Metric {
	return []Metric{{Name: "target.wounds", Max: m.n}, {Name: "target.sixes", Max: m.n}}
}
func (m *flowModel) Events() []string    { return []string{"target.wounded"} }
func (m *flowModel) NewTrialer() Trialer { return &flowTrialer{m: m, c: make([]int, nStates)} }

type flowTrialer struct {
	m *flowModel
	c []int
}

func (t *flowTrialer) Trial(d *Dice, r *TrialResult) {
	clear(t.c)
	t.c[sAttack] = t.m.n
	t.m.flow.Run(d, t.c)
	r.Values[0] = t.c[sWound] + t.c[sSix]
	r.Values[1] = t.c[sSix]
	r.Events[0] = r.Values[0] > 0
	if t.m.after != nil {
		t.m.after()
	}
}

func newFlowModel(n int) *flowModel { return &flowModel{n: n, flow: volleyFlow(n)} }

// The same seed gives the same histograms whatever the number of workers,
// including a final partial batch.
func TestRunDeterministicAcrossWorkers(t *testing.T) {
	t.Parallel()
	const trials = 5*BatchSize + 123
	var first *Result
	for _, w := range []int{1, 2, 5, 64} {
		res, err := Run(context.Background(), newFlowModel(10), Config{Trials: trials, Seed: 7, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Complete || res.Trials != trials {
			t.Fatalf("workers %d: complete %v, trials %d", w, res.Complete, res.Trials)
		}
		if first == nil {
			first = res
			continue
		}
		for m := range res.Hist {
			if !slices.Equal(res.Hist[m], first.Hist[m]) {
				t.Errorf("workers %d: metric %d histogram %v, with 1 worker %v", w, m, res.Hist[m], first.Hist[m])
			}
		}
		if !slices.Equal(res.Count, first.Count) {
			t.Errorf("workers %d: events %v, with 1 worker %v", w, res.Count, first.Count)
		}
	}
	other, _ := Run(context.Background(), newFlowModel(10), Config{Trials: trials, Seed: 8})
	if slices.Equal(other.Hist[0], first.Hist[0]) {
		t.Errorf("seeds 7 and 8 gave the same histogram")
	}
}

// Trials are taken in batches of BatchSize seeded from (seed, batch): the
// first batch of a longer run is the whole of a shorter one.
func TestRunPrefix(t *testing.T) {
	short, _ := Run(context.Background(), newFlowModel(10), Config{Trials: BatchSize, Seed: 3, Workers: 2})
	long, _ := Run(context.Background(), newFlowModel(10), Config{Trials: 3 * BatchSize, Seed: 3, Workers: 2})
	for k, c := range short.Hist[0] {
		if c > long.Hist[0][k] {
			t.Fatalf("the longer run has fewer trials at %d than its first batch", k)
		}
	}
}

// Cancelling stops the run at a batch boundary and reports what finished.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	m := newFlowModel(3)
	n := 0
	m.after = func() {
		n++
		if n == 10 {
			cancel()
		}
	}
	res, err := Run(ctx, m, Config{Trials: 100 * BatchSize, Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete {
		t.Fatal("a cancelled run reports complete")
	}
	if res.Trials != BatchSize {
		t.Errorf("cancelled during the first batch: %d trials, want the %d of that batch", res.Trials, BatchSize)
	}
	var sum int64
	for _, c := range res.Hist[0] {
		sum += c
	}
	if sum != res.Trials {
		t.Errorf("histogram holds %d trials, result says %d", sum, res.Trials)
	}
}

func TestRunProgress(t *testing.T) {
	var calls []int64
	_, _ = Run(context.Background(), newFlowModel(3), Config{Trials: 3*BatchSize + 1, Seed: 1, Workers: 2, Progress: func(done int64) {
		calls = append(calls, done)
	}})
	if len(calls) != 4 || calls[len(calls)-1] != 3*BatchSize+1 {
		t.Errorf("progress calls %v, want 4 ending at %d", calls, 3*BatchSize+1)
	}
}

func TestRunRejectsNoTrials(t *testing.T) {
	if _, err := Run(context.Background(), newFlowModel(3), Config{Trials: 0}); err == nil {
		t.Error("Run with 0 trials: no error")
	}
}

// A trial that reports a value outside its metric's range is a bug in the
// rule system; it must fail loudly, not be clipped.
func TestRunPanicsOnOutOfRange(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a value above Max")
		}
	}()
	m := newFlowModel(5)
	r := newResult([]Metric{{Name: "x", Max: 2}}, nil)
	tr := TrialResult{Values: make([]int, 1)}
	r.runBatch(trialFunc(func(d *Dice, res *TrialResult) { res.Values[0] = 3 }), NewDice(1, 1), &tr, 1)
	_ = m
}

type trialFunc func(*Dice, *TrialResult)

func (f trialFunc) Trial(d *Dice, r *TrialResult) { f(d, r) }

// No allocation per trial: a whole batch through the runner's inner loop
// allocates nothing.
func TestRunBatchDoesNotAllocate(t *testing.T) {
	m := newFlowModel(100)
	r := newResult(m.Metrics(), m.Events())
	tr := TrialResult{Values: make([]int, 2), Events: make([]bool, 1)}
	trialer := m.NewTrialer()
	d := NewDice(1, 1)
	if a := testing.AllocsPerRun(10, func() { r.runBatch(trialer, d, &tr, 1000) }); a != 0 {
		t.Errorf("%v allocations per batch of 1000 trials, want 0", a)
	}
}

func BenchmarkRunFlow(b *testing.B) {
	for _, n := range []int{10, 100} {
		b.Run(map[int]string{10: "attacks=10", 100: "attacks=100"}[n], func(b *testing.B) {
			m := newFlowModel(n)
			r := newResult(m.Metrics(), m.Events())
			tr := TrialResult{Values: make([]int, 2), Events: make([]bool, 1)}
			trialer := m.NewTrialer()
			d := NewDice(1, 1)
			b.ReportAllocs()
			for b.Loop() {
				r.runBatch(trialer, d, &tr, 1)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/trial")
		})
	}
}
