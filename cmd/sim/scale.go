package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
	"go.yaml.in/yaml/v3"
)

// Running big jobs on many machines (docs/scale.md): --shard I/N runs
// shard I's share of every run's batches and writes their histograms to
// --out; sim merge adds the shards up and runs the command again on the
// sums, so that it prints what one run of the whole would; --checkpoint
// FILE saves the batches finished as it goes, and a rerun resumes from
// them. The commands themselves know nothing of this: they call runModel
// where they would call engine.Run, and runModel does what the context's
// scale says.

// scaleKey is the context key of a command's *scale.
type scaleKey struct{}

// A scale is how a command's runs are done.
type scale struct {
	shard, shards int64            // --shard I/N; shards is 0 when not sharding
	merged        []*engine.Result // sim merge: each run's sum over the shards, in call order
	check         *checkpoint      // --checkpoint, or nil
	runs          []*engine.Result // this invocation's runs so far, in call order
}

// runModel runs m as engine.Run does, or as the context's scale says: a
// shard's batches, the rest of a checkpoint's, or a merge's sums.
func runModel(ctx context.Context, m engine.Model, cfg engine.Config) (*engine.Result, error) {
	s, _ := ctx.Value(scaleKey{}).(*scale)
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

// share is the batches of a shard, or nil for all of them.
func (s *scale) share() func(int64) bool {
	if s.shards == 0 {
		return nil
	}
	return func(b int64) bool { return b%s.shards == s.shard }
}

// mergedRun hands back run k's sum over the shards, once it is checked to
// be a run of m as the command asks for it now.
func (s *scale) mergedRun(k int, m engine.Model, cfg engine.Config) (*engine.Result, error) {
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

// scaled runs a command that may be sharded or checkpointed: it takes
// --shard I/N and --checkpoint FILE out of args, and runs cmd under the
// scale they ask for.
func scaled(ctx context.Context, name string, args []string, stdout, stderr io.Writer,
	cmd func(context.Context, []string, io.Writer, io.Writer) error) error {
	shardSpec, rest, sharded := cutFlag(args, "shard")
	ckpt, rest, checkpointed := cutFlag(rest, "checkpoint")
	if !sharded && !checkpointed {
		return cmd(ctx, args, stdout, stderr)
	}
	if !hasFlag(rest, "seed") {
		return failure.Usagef("%s: --shard and --checkpoint need --seed, so that every shard, and a resumed run, draws the same dice", name)
	}
	if hasFlag(rest, "exact") {
		return failure.Usagef("%s: --exact solves in one run; give --shard and --checkpoint to simulated runs only", name)
	}
	s := &scale{}
	var out string
	if sharded {
		var err error
		if s.shard, s.shards, err = parseShard(shardSpec); err != nil {
			return failure.Usagef("%s: %v", name, err)
		}
		var ok bool
		if out, rest, ok = cutFlag(rest, "out"); !ok || out == "" {
			return failure.Usagef("%s: --shard writes its share to a file; give it with --out shard-%d.json", name, s.shard)
		}
		for _, f := range []string{"plot", "size", "embed-fonts"} {
			if hasFlag(rest, f) {
				return failure.Usagef("%s: --%s draws a chart from the whole run; give it to sim merge, not to a shard", name, f)
			}
		}
	}
	command := append([]string{name}, rest...)
	for _, f := range []string{"workers", "quiet"} { // they change no number
		_, command, _ = cutFlagValue(command, f)
	}
	fp, err := fingerprint(command)
	if err != nil {
		return err
	}
	if checkpointed {
		if s.check, err = openCheckpoint(ckpt, command, fp, s.shard, s.shards, stderr); err != nil {
			return err
		}
	}
	if out != "" {
		if err := checkDestinations(name, out, nil, append(inputFiles(command), ckpt)...); err != nil {
			return err
		}
		stdout = io.Discard // the shard's file is its output
	}
	err = cmd(context.WithValue(ctx, scaleKey{}, s), rest, stdout, stderr)
	if err != nil || out == "" {
		return err
	}
	f := &scaleFile{Kind: "shard", Version: version, Dice: engine.StreamVersion, Command: command, Fingerprint: fp,
		Shard: s.shard, Shards: s.shards}
	for _, r := range s.runs {
		f.Runs = append(f.Runs, record(r))
	}
	if err := f.write(out); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "sim: wrote shard %d of %d to %s (%d runs); sim merge adds the shards up\n", s.shard, s.shards, out, len(s.runs))
	return nil
}

// parseShard reads "I/N": shard I of N, 0 <= I < N.
func parseShard(spec string) (i, n int64, err error) {
	a, b, ok := strings.Cut(spec, "/")
	i, err1 := strconv.ParseInt(a, 10, 64)
	n, err2 := strconv.ParseInt(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > 1_000_000 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("--shard %q: give I/N, shard I of N counted from 0, as in 0/4 ... 3/4 (N at most 1000000)", spec)
	}
	return i, n, nil
}

// hasFlag reports whether args give the flag name (before any "--").
func hasFlag(args []string, name string) bool {
	_, _, ok := cutFlag(args, name)
	return ok
}

// fingerprint is a hash of what a command's results depend on: the
// version and dice, the command and its arguments (the caller leaves out
// --workers and --quiet, which change no number), and the bytes of every
// file it names, with the library files its scenarios name.
func fingerprint(command []string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", version, engine.StreamVersion)
	for _, a := range command {
		fmt.Fprintf(h, "%s\x00", a)
	}
	for _, path := range inputFiles(command) {
		data, err := scenarios.ReadLimited(path, scenarios.MaxFileSize)
		if err != nil {
			return "", &failure.Input{Msg: err.Error()}
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.Base(path), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// cutFlagValue takes out a flag that may or may not take a value (--quiet
// takes none).
func cutFlagValue(args []string, name string) (string, []string, bool) {
	if name == "quiet" {
		var out []string
		found := false
		for _, a := range args {
			if a == "--quiet" || a == "-quiet" || strings.HasPrefix(a, "--quiet=") || strings.HasPrefix(a, "-quiet=") {
				found = true
				continue
			}
			out = append(out, a)
		}
		return "", out, found
	}
	return cutFlag(args, name)
}

// inputFiles are the files a command line names (any argument, or part of
// one between commas and after "=", that is a file), and the library files
// the scenario files among them name, sorted and once each.
func inputFiles(command []string) []string {
	var files []string
	add := func(p string) {
		if p != "" && fileExists(p) && !slices.Contains(files, p) {
			files = append(files, p)
		}
	}
	for _, a := range command[1:] {
		for _, part := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == '=' }) {
			add(part)
			for _, lib := range libraryFiles(part) {
				add(lib)
			}
		}
	}
	slices.Sort(files)
	return files
}

// libraryFiles are the library files a scenario file names, resolved
// from its folder; none if it is not a scenario file or names none.
func libraryFiles(path string) []string {
	if !fileExists(path) || !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml") {
		return nil
	}
	data, err := scenarios.ReadLimited(path, scenarios.MaxFileSize)
	if err != nil {
		return nil
	}
	var doc struct {
		Library scenarios.Paths `yaml:"library"`
	}
	if yaml.Unmarshal(data, &doc) != nil {
		return nil
	}
	return doc.Library.Resolve(path)
}
