package runs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
)

// A checkpoint is --checkpoint FILE: the batches each run of the command
// has finished, and their histograms, saved as they finish. A rerun of the
// same command with the same file runs only the batches it lacks; as each
// batch draws from (seed, batch) alone, the result is the uninterrupted
// run's.
type checkpoint struct {
	path   string
	file   *File
	done   []map[int64]bool // each run's finished batches
	saved  time.Time
	every  time.Duration // how often to save while batches finish
	note   func(string)
	warned bool // a failure to save has been reported
}

// openCheckpoint reads the request's checkpoint, or starts one if there is
// none. One written by another command, or before its files changed, is
// an error, not a silent restart.
func openCheckpoint(r Request, fp string) (*checkpoint, error) {
	path := r.Checkpoint
	c := &checkpoint{path: path, every: r.SaveEvery, note: r.Note, file: &File{Kind: "checkpoint", Version: r.Version,
		Dice: engine.StreamVersion, Command: r.Command, Fingerprint: fp, Shard: r.Shard, Shards: r.Shards}}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	f, err := ReadFile(path, r.Version)
	if err != nil {
		return nil, err
	}
	if f.Kind != "checkpoint" || !slices.Equal(f.Command, r.Command) || f.Fingerprint != fp || f.Shard != r.Shard || f.Shards != r.Shards {
		return nil, &failure.Input{Msg: fmt.Sprintf("--checkpoint %s holds %q (shard %d of %d), not this command, or its files have changed since; give another file, or delete it to start again",
			path, f.Command, f.Shard, f.Shards)}
	}
	c.file = f
	for k, rec := range f.Runs {
		done, err := rec.batches(path, k)
		if err != nil {
			return nil, err
		}
		c.done = append(c.done, done)
	}
	return c, nil
}

// batches is the set of batches a checkpoint's run k holds, once its
// record is checked.
func (r *Record) batches(path string, k int) (map[int64]bool, error) {
	if _, err := r.result(path, k); err != nil {
		return nil, err
	}
	done := map[int64]bool{}
	for _, rg := range r.Done {
		if rg[0] < 0 || rg[1] < rg[0] || rg[1] >= engine.Batches(r.Requested) {
			return nil, &failure.Input{Msg: fmt.Sprintf("%s: run %d: batches %d..%d of %d; the file is damaged", path, k+1, rg[0], rg[1], engine.Batches(r.Requested))}
		}
		for b := rg[0]; b <= rg[1]; b++ {
			done[b] = true
		}
	}
	return done, nil
}

// run is run k of the command: the checkpoint's batches of it, and the
// others of share (nil: every batch) run now and saved as they finish.
func (c *checkpoint) run(ctx context.Context, k int, m engine.Model, cfg engine.Config, share func(int64) bool) (*engine.Result, error) {
	if k > len(c.file.Runs) {
		return nil, fmt.Errorf("checkpoint: run %d before run %d", k+1, len(c.file.Runs)+1)
	}
	if k == len(c.file.Runs) {
		c.file.Runs = append(c.file.Runs, record(engine.NewResult(m, cfg.Trials, cfg.Seed)))
		c.done = append(c.done, map[int64]bool{})
	}
	held, err := c.file.Runs[k].result(c.path, k)
	if err != nil {
		return nil, err
	}
	sum := engine.NewResult(m, cfg.Trials, cfg.Seed)
	if err := sum.Merge(held); err != nil {
		return nil, &failure.Input{Msg: fmt.Sprintf("--checkpoint %s: run %d is not this command's: %v", c.path, k+1, err)}
	}
	done := c.done[k]
	wanted := func(b int64) bool { return share == nil || share(b) }
	// The workers read which batches to skip while Batch, under the
	// engine's lock, marks the new ones done: they read a copy.
	before := maps.Clone(done)
	cfg.Batches = func(b int64) bool { return wanted(b) && !before[b] }
	cfg.Batch = func(b int64, r *engine.Result) {
		_ = sum.Merge(r) // the same model and run: it cannot fail
		done[b] = true
		if time.Since(c.saved) >= c.every {
			c.save(k, sum)
		}
	}
	if _, err := engine.Run(ctx, m, cfg); err != nil {
		return nil, err
	}
	c.save(k, sum)
	sum.Complete = true
	for b := range engine.Batches(cfg.Trials) {
		if wanted(b) && !done[b] {
			sum.Complete = false
			break
		}
	}
	return sum, nil
}

// save writes the checkpoint with run k's sum so far; a failure to write
// is reported once, and the run goes on.
func (c *checkpoint) save(k int, sum *engine.Result) {
	r := record(sum)
	r.Done = ranges(c.done[k])
	c.file.Runs[k] = r
	c.saved = time.Now()
	if err := c.file.write(c.path); err != nil && !c.warned {
		if c.note != nil {
			c.note(fmt.Sprintf("warning: --checkpoint: %v; the run goes on without it", err))
		}
		c.warned = true
	}
}

// ranges writes a set of batches as sorted [first, last] ranges.
func ranges(done map[int64]bool) [][2]int64 {
	var bs []int64
	for b := range done {
		bs = append(bs, b)
	}
	slices.Sort(bs)
	var out [][2]int64
	for _, b := range bs {
		if n := len(out); n > 0 && out[n-1][1] == b-1 {
			out[n-1][1] = b
			continue
		}
		out = append(out, [2]int64{b, b})
	}
	return out
}
