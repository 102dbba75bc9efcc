// Package runs splits a command's runs across machines and over time, and
// adds them up again (docs/scale.md): --shard I/N runs shard I's share of
// every run's batches and writes their histograms to a file; Merge adds
// the shards up, so that the command run again on the sums prints what one
// run of the whole would; --checkpoint FILE saves the batches finished as
// they finish, and a rerun resumes from them. Because a batch draws from
// (seed, batch) alone and results add up, all three give the single run's
// numbers by construction.
//
// A command knows nothing of this: it runs each model through a *Scale
// (Scale.Run) where it would call engine.Run, and the Scale does what it
// was started for. A nil *Scale runs every batch here, as engine.Run does.
package runs

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
)

// A Scale is how a command's runs are done: a shard's batches, the rest
// of a checkpoint's, or a merge's sums. It records each run, in the order
// the command makes them, for the shard's file.
type Scale struct {
	version       string
	command       []string
	fingerprint   string
	shard, shards int64            // --shard I/N; shards is 0 when not sharding
	merged        []*engine.Result // Merge: each run's sum over the shards, in call order
	check         *checkpoint      // --checkpoint, or nil
	runs          []*engine.Result // this invocation's runs so far, in call order
}

// A Request is what a command line asks of its runs.
type Request struct {
	// Command is the command and its arguments, as a merge (or a resumed
	// run) runs it again: without --shard, --checkpoint, a shard's --out,
	// and --workers and --quiet, which change no number.
	Command []string
	// Shard and Shards are --shard I/N; Shards is 0 when not sharding.
	Shard, Shards int64
	// Checkpointed is whether --checkpoint was given, and Checkpoint its
	// FILE (which may be "": every save then fails, and says so once).
	Checkpointed bool
	Checkpoint   string
	// Version is sim's, which every shard and checkpoint must share.
	Version string
	// SaveEvery is how often a checkpoint is saved while batches finish
	// (and once more when a run ends or is interrupted); 0 saves after
	// every batch.
	SaveEvery time.Duration
	// Note tells the user of a problem the runs go on through (a
	// checkpoint that cannot be saved); nil says nothing.
	Note func(msg string)
}

// Start readies the runs a request asks for: it takes the fingerprint of
// the command's files, and opens the checkpoint (or starts one) when
// there is one.
func Start(r Request) (*Scale, error) {
	fp, err := fingerprint(r.Command, r.Version)
	if err != nil {
		return nil, err
	}
	s := &Scale{version: r.Version, command: r.Command, fingerprint: fp, shard: r.Shard, shards: r.Shards}
	if r.Checkpointed {
		if s.check, err = openCheckpoint(r, fp); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Inputs are the files the command reads, with the library files its
// scenarios name: a shard's file must not be one of them.
func (s *Scale) Inputs() []string { return inputFiles(s.command) }

// Run runs m as engine.Run does, or as the scale says: a shard's batches,
// the rest of a checkpoint's, or a merge's sums. A nil s runs every batch.
func (s *Scale) Run(ctx context.Context, m engine.Model, cfg engine.Config) (*engine.Result, error) {
	if s == nil {
		return engine.Run(ctx, m, cfg)
	}
	k := len(s.runs)
	var res *engine.Result
	var err error
	switch {
	case s.merged != nil:
		res, err = s.mergedRun(k, m, cfg)
	case s.shards > 0 && engine.Batches(cfg.Trials) < s.shards:
		err = failure.Usagef("--shard %d/%d: run %d has %d trials, %d batches of %d, fewer than the shards; give at most %d shards, or more trials",
			s.shard, s.shards, k+1, cfg.Trials, engine.Batches(cfg.Trials), engine.BatchSize, engine.Batches(cfg.Trials))
	case s.check != nil:
		res, err = s.check.run(ctx, k, m, cfg, s.share())
	default:
		cfg.Batches = s.share()
		res, err = engine.Run(ctx, m, cfg)
	}
	if err == nil {
		s.runs = append(s.runs, res)
	}
	return res, err
}

// Cut reports whether the runs are cut into shards (a shard, or a merge
// of shards): a command then cannot decide from one run what to run next,
// as no shard sees the whole.
func (s *Scale) Cut() bool { return s != nil && (s.shards > 0 || s.merged != nil) }

// share is the batches of a shard, or nil for all of them.
func (s *Scale) share() func(int64) bool {
	if s.shards == 0 {
		return nil
	}
	return func(b int64) bool { return b%s.shards == s.shard }
}

// mergedRun hands back run k's sum over the shards, once it is checked to
// be a run of m as the command asks for it now.
func (s *Scale) mergedRun(k int, m engine.Model, cfg engine.Config) (*engine.Result, error) {
	if k >= len(s.merged) {
		return nil, &failure.Input{Msg: fmt.Sprintf("merge: the command makes more runs than the shards hold (%d); were they run with other files?", len(s.merged))}
	}
	want := engine.NewResult(m, cfg.Trials, cfg.Seed)
	if err := want.Merge(s.merged[k]); err != nil {
		return nil, &failure.Input{Msg: fmt.Sprintf("merge: run %d is not the shards': %v", k+1, err)}
	}
	want.Complete = want.Trials == want.Requested
	return want, nil
}

// WriteShard writes the shard's file to path: the command, its
// fingerprint and each run's histograms. It returns the number of runs.
func (s *Scale) WriteShard(path string) (int, error) {
	f := &File{Kind: "shard", Version: s.version, Dice: engine.StreamVersion, Command: s.command, Fingerprint: s.fingerprint,
		Shard: s.shard, Shards: s.shards}
	for _, r := range s.runs {
		f.Runs = append(f.Runs, record(r))
	}
	return len(s.runs), f.write(path)
}

// ParseShard reads "I/N": shard I of N, 0 <= I < N.
func ParseShard(spec string) (i, n int64, err error) {
	a, b, ok := strings.Cut(spec, "/")
	i, err1 := strconv.ParseInt(a, 10, 64)
	n, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > 1_000_000 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("--shard %q: give I/N, shard I of N counted from 0, as in 0/4 ... 3/4 (N at most 1000000)", spec)
	}
	return i, n, nil
}
