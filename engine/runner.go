package engine

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// BatchSize is the number of trials in a batch. Batch b holds trials
// b·BatchSize up to (b+1)·BatchSize and draws its dice from (seed, b) only.
// It is part of what a seed means: changing it changes results.
const BatchSize = 4096

// Config says how many trials to run, and how.
type Config struct {
	Trials  int64  // number of trials, 1 to MaxTrials
	Seed    uint64 // any value; the same seed gives the same result
	Workers int    // goroutines, at most MaxWorkers(); ≤ 0 means runtime.GOMAXPROCS(0)
	// Progress, if not nil, is called after each completed batch with the
	// number of trials done so far. It is called from the workers, one call
	// at a time, and must be quick.
	Progress func(done int64)
}

// Result is the merged outcome of a run: a histogram per metric and a count
// per event, over the trials of the completed batches.
type Result struct {
	Metrics   []Metric
	Events    []string
	Hist      [][]int64 // Hist[m][i]: trials in which metric m was Metrics[m].Min + i
	Count     []int64   // Count[e]: trials in which event e happened
	Trials    int64     // trials completed
	Requested int64     // trials asked for
	Seed      uint64
	// Complete is false when the run was cancelled: the result then holds
	// the batches that finished, and their trials only.
	Complete bool
}

// Run runs cfg.Trials trials of m on cfg.Workers goroutines and merges their
// histograms. The result depends only on m, cfg.Trials and cfg.Seed, never on
// the number of workers.
//
// When ctx is cancelled, workers stop after the batch they are running and Run
// returns the completed batches with Result.Complete false, and a nil error;
// a caller that needs every trial checks Complete.
//
// A Config out of range (trials outside 1 to MaxTrials, more workers than
// MaxWorkers) is an error, and nothing runs.
func Run(ctx context.Context, m Model, cfg Config) (*Result, error) {
	if cfg.Trials < 1 || cfg.Trials > MaxTrials {
		return nil, fmt.Errorf("engine: trials must be 1 to %d, got %d", MaxTrials, cfg.Trials)
	}
	if cfg.Workers > MaxWorkers() {
		return nil, fmt.Errorf("engine: workers must be at most %d (MaxWorkers), got %d", MaxWorkers(), cfg.Workers)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = min(runtime.GOMAXPROCS(0), MaxWorkers())
	}
	batches := (cfg.Trials + BatchSize - 1) / BatchSize
	workers = int(min(int64(workers), batches))

	metrics, events := m.Metrics(), m.Events()
	parts := make([]*Result, workers)
	var next, done atomic.Int64
	var progressMu sync.Mutex

	var g errgroup.Group
	for w := range workers {
		part := newResult(metrics, events)
		parts[w] = part
		t := m.NewTrialer()
		g.Go(func() error {
			var d Dice
			r := NewTrialResult(m)
			for ctx.Err() == nil {
				b := next.Add(1) - 1
				if b >= batches {
					return nil
				}
				lo := b * BatchSize
				hi := min(lo+BatchSize, cfg.Trials)
				d.Seed(cfg.Seed, uint64(b))
				part.runBatch(t, &d, &r, hi-lo)
				n := done.Add(hi - lo)
				if cfg.Progress != nil {
					progressMu.Lock()
					cfg.Progress(n)
					progressMu.Unlock()
				}
			}
			return nil
		})
	}
	_ = g.Wait() // workers return no errors; the group only joins them

	res := newResult(metrics, events)
	res.Requested, res.Seed = cfg.Trials, cfg.Seed
	for _, p := range parts {
		res.add(p)
	}
	res.Complete = res.Trials == cfg.Trials
	return res, nil
}

func newResult(metrics []Metric, events []string) *Result {
	r := &Result{
		Metrics: metrics,
		Events:  events,
		Hist:    make([][]int64, len(metrics)),
		Count:   make([]int64, len(events)),
	}
	for i, mt := range metrics {
		if mt.Max < mt.Min || mt.Min > 0 {
			panic(fmt.Sprintf("engine: metric %q has range %d..%d", mt.Name, mt.Min, mt.Max))
		}
		r.Hist[i] = make([]int64, mt.Max-mt.Min+1)
	}
	return r
}

// runBatch runs n trials and adds them to r's histograms. It does not
// allocate.
func (r *Result) runBatch(t Trialer, d *Dice, tr *TrialResult, n int64) {
	for range n {
		tr.Reset()
		t.Trial(d, tr)
		for i, v := range tr.Values {
			h := r.Hist[i]
			mt := &r.Metrics[i]
			if uint(v-mt.Min) >= uint(len(h)) {
				panic(fmt.Sprintf("engine: metric %q reported %d, outside %d..%d", mt.Name, v, mt.Min, mt.Max))
			}
			h[v-mt.Min]++
		}
		for i, e := range tr.Events {
			if e {
				r.Count[i]++
			}
		}
	}
	r.Trials += n
}

// add merges o into r. Addition is commutative, so the order of merging, and
// hence the number of workers, does not change the result.
func (r *Result) add(o *Result) {
	for i := range r.Hist {
		for k, c := range o.Hist[i] {
			r.Hist[i][k] += c
		}
	}
	for i, c := range o.Count {
		r.Count[i] += c
	}
	r.Trials += o.Trials
}
