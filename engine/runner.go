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
	// Batches, if not nil, says which batches run: batch b runs only when
	// Batches(b) is true (a shard's share, or the batches a checkpoint
	// does not hold yet). The result holds those batches' trials, and is
	// Complete when every one of them ran. Each batch draws from (Seed, b)
	// whoever runs it, so results of disjoint sets of batches add up to
	// the whole run's exactly.
	Batches func(b int64) bool
	// Batch, if not nil, is called after each batch with its index and its
	// own histograms, one call at a time (with Progress's lock), so that a
	// checkpoint can add them to what it saves. r is reused: copy what you
	// keep.
	Batch func(b int64, r *Result)
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
	if err := cfg.check(); err != nil {
		return nil, err
	}
	batches := Batches(cfg.Trials)
	selected := cfg.selected(batches)
	workers := cfg.workers(batches)

	metrics, events := m.Metrics(), m.Events()
	parts := make([]*Result, workers)
	s := &run{ctx: ctx, cfg: cfg, batches: batches}
	var g errgroup.Group
	for w := range workers {
		part := newResult(metrics, events)
		parts[w] = part
		t := m.NewTrialer()
		var batch *Result // a batch's own histograms, for cfg.Batch
		if cfg.Batch != nil {
			batch = newResult(metrics, events)
			batch.Requested, batch.Seed, batch.Complete = cfg.Trials, cfg.Seed, true
		}
		g.Go(func() error {
			s.work(m, t, part, batch)
			return nil
		})
	}
	_ = g.Wait() // workers return no errors; the group only joins them

	res := newResult(metrics, events)
	res.Requested, res.Seed = cfg.Trials, cfg.Seed
	for _, p := range parts {
		res.add(p)
	}
	res.Complete = res.Trials == selected
	return res, nil
}

// check reports a Config out of range: trials outside 1 to MaxTrials, or
// more workers than MaxWorkers.
func (cfg *Config) check() error {
	if cfg.Trials < 1 || cfg.Trials > MaxTrials {
		return fmt.Errorf("engine: trials must be 1 to %d, got %d", MaxTrials, cfg.Trials)
	}
	if cfg.Workers > MaxWorkers() {
		return fmt.Errorf("engine: workers must be at most %d (MaxWorkers), got %d", MaxWorkers(), cfg.Workers)
	}
	return nil
}

// selected is the number of trials in the batches cfg.Batches selects out
// of the run's batches: all cfg.Trials when it is nil.
func (cfg *Config) selected(batches int64) int64 {
	if cfg.Batches == nil {
		return cfg.Trials
	}
	var n int64
	for b := range batches {
		if cfg.Batches(b) {
			n += batchTrials(b, cfg.Trials)
		}
	}
	return n
}

// workers is the number of goroutines to run: cfg.Workers, or
// runtime.GOMAXPROCS(0) up to MaxWorkers when it is ≤ 0, and 1 to batches,
// since a worker runs whole batches.
func (cfg *Config) workers(batches int64) int {
	workers := cfg.Workers
	if workers <= 0 {
		workers = min(runtime.GOMAXPROCS(0), MaxWorkers())
	}
	return int(max(1, min(int64(workers), batches)))
}

// run is what a run's workers share: the batches still to hand out and the
// trials done, counted for cfg.Progress.
type run struct {
	ctx        context.Context
	cfg        Config
	batches    int64
	next, done atomic.Int64
	progressMu sync.Mutex // one cfg.Batch and cfg.Progress call at a time
}

// work is one worker: it pulls batch indices until none is left or ctx is
// cancelled, runs the selected ones with trialer t and adds their trials to
// part. batch, if not nil, holds each batch's own histograms for cfg.Batch.
func (s *run) work(m Model, t Trialer, part, batch *Result) {
	var d Dice
	r := NewTrialResult(m)
	for s.ctx.Err() == nil {
		b := s.next.Add(1) - 1
		if b >= s.batches {
			return
		}
		if s.cfg.Batches != nil && !s.cfg.Batches(b) {
			continue
		}
		n := batchTrials(b, s.cfg.Trials)
		d.Seed(s.cfg.Seed, uint64(b))
		if batch == nil {
			part.runBatch(t, &d, &r, n)
		} else {
			batch.reset()
			batch.runBatch(t, &d, &r, n)
			part.add(batch)
		}
		s.report(b, batch, s.done.Add(n))
	}
}

// report calls cfg.Batch with batch b's histograms and cfg.Progress with the
// trials done so far, one worker at a time.
func (s *run) report(b int64, batch *Result, sum int64) {
	if s.cfg.Progress == nil && s.cfg.Batch == nil {
		return
	}
	s.progressMu.Lock()
	if s.cfg.Batch != nil {
		s.cfg.Batch(b, batch)
	}
	if s.cfg.Progress != nil {
		s.cfg.Progress(sum)
	}
	s.progressMu.Unlock()
}

// batchTrials is the number of trials of batch b of a run of trials.
func batchTrials(b, trials int64) int64 {
	lo := b * BatchSize
	return min(lo+BatchSize, trials) - lo
}

// Batches is the number of batches of a run of trials.
func Batches(trials int64) int64 { return (trials + BatchSize - 1) / BatchSize }

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

// reset empties r's histograms and counts, keeping their memory.
func (r *Result) reset() {
	for _, h := range r.Hist {
		clear(h)
	}
	clear(r.Count)
	r.Trials = 0
}

// Merge adds o's trials to r's: the results of disjoint sets of batches of
// one run (shards, a checkpoint and what ran after it) add up to the
// whole run's. It is an error if they are not of the same model (metrics,
// ranges and events) and run (seed and trials asked for). r stays
// Complete only if both were; the caller, who knows which batches each
// holds, sets Complete for the sum.
func (r *Result) Merge(o *Result) error {
	if err := sameShape(r, o); err != nil {
		return err
	}
	r.add(o)
	r.Complete = r.Complete && o.Complete
	return nil
}

// sameShape reports whether two results can be added.
func sameShape(r, o *Result) error {
	switch {
	case r.Seed != o.Seed || r.Requested != o.Requested:
		return fmt.Errorf("engine: results of seed %d, %d trials and of seed %d, %d trials do not add up", r.Seed, r.Requested, o.Seed, o.Requested)
	case len(r.Metrics) != len(o.Metrics) || len(r.Events) != len(o.Events):
		return fmt.Errorf("engine: results of different models do not add up")
	}
	for i, m := range r.Metrics {
		if o.Metrics[i] != m || len(o.Hist[i]) != len(r.Hist[i]) {
			return fmt.Errorf("engine: metric %q against %q: results of different models do not add up", m.Name, o.Metrics[i].Name)
		}
	}
	for i, e := range r.Events {
		if o.Events[i] != e || len(o.Count) != len(r.Count) {
			return fmt.Errorf("engine: event %q against %q: results of different models do not add up", e, o.Events[i])
		}
	}
	return nil
}

// NewResult is an empty result of m for a run of the given trials and
// seed: what Merge adds shards into.
func NewResult(m Model, trials int64, seed uint64) *Result {
	r := newResult(m.Metrics(), m.Events())
	r.Requested, r.Seed, r.Complete = trials, seed, true
	return r
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
