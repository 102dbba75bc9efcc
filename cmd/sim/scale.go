package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/runs"
)

// Running big jobs on many machines (docs/scale.md): --shard I/N and
// --checkpoint FILE are taken out of a command's arguments here, and the
// command gets the *runs.Scale they ask for, through which it runs every
// model (package runs does the sharding, checkpointing and merging).

// scalableCmd is a command --shard, --checkpoint and sim merge work on: it
// runs each of its models through sc (nil: every batch, here).
type scalableCmd func(ctx context.Context, sc *runs.Scale, args []string, stdout, stderr io.Writer) error

// scalable are the commands --shard, --checkpoint and sim merge work on.
var scalable = map[string]scalableCmd{
	"run": runCmd, "compare": compareCmd, "sweep": sweepCmd, "matrix": matrixCmd, "balance": balanceCmd,
}

// checkpointEvery is how often a checkpoint is saved while batches finish
// (and once more when a run ends or is interrupted); the tests save after
// every batch.
var checkpointEvery = time.Second

// scaled runs a command that may be sharded or checkpointed: it takes
// --shard I/N and --checkpoint FILE out of args, and runs cmd under the
// scale they ask for; a shard's runs are then written to its --out.
func scaled(ctx context.Context, name string, args []string, stdout, stderr io.Writer, cmd scalableCmd) error {
	req, out, rest, err := scaleRequest(name, args)
	switch {
	case err != nil:
		return err
	case req == nil:
		return cmd(ctx, nil, args, stdout, stderr)
	}
	req.Version, req.SaveEvery, req.Note = version, checkpointEvery, noter(stderr)
	sc, err := runs.Start(*req)
	if err != nil {
		return err
	}
	if out != "" {
		if err := checkDestinations(name, out, nil, append(sc.Inputs(), req.Checkpoint)...); err != nil {
			return err
		}
		stdout = io.Discard // the shard's file is its output
	}
	if err := cmd(ctx, sc, rest, stdout, stderr); err != nil || out == "" {
		return err
	}
	n, err := sc.WriteShard(out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "sim: wrote shard %d of %d to %s (%d runs); sim merge adds the shards up\n", req.Shard, req.Shards, out, n)
	return nil
}

// scaleRequest reads --shard I/N (with the --out it needs) and
// --checkpoint FILE from a command's args, and returns what they ask of
// its runs, the shard's file, and the args left for the command; a nil
// request when neither is given.
func scaleRequest(name string, args []string) (req *runs.Request, out string, rest []string, err error) {
	shardSpec, rest, sharded := cutFlag(args, "shard")
	ckpt, rest, checkpointed := cutFlag(rest, "checkpoint")
	if !sharded && !checkpointed {
		return nil, "", args, nil
	}
	if !hasFlag(rest, "seed") {
		return nil, "", nil, failure.Usagef("%s: --shard and --checkpoint need --seed, so that every shard, and a resumed run, draws the same dice", name)
	}
	if hasFlag(rest, "exact") {
		return nil, "", nil, failure.Usagef("%s: --exact solves in one run; give --shard and --checkpoint to simulated runs only", name)
	}
	req = &runs.Request{Checkpointed: checkpointed, Checkpoint: ckpt}
	if sharded {
		if req.Shard, req.Shards, err = runs.ParseShard(shardSpec); err != nil {
			return nil, "", nil, failure.Usagef("%s: %v", name, err)
		}
		var ok bool
		if out, rest, ok = cutFlag(rest, "out"); !ok || out == "" {
			return nil, "", nil, failure.Usagef("%s: --shard writes its share to a file; give it with --out shard-%d.json", name, req.Shard)
		}
		for _, f := range []string{"plot", "size", "embed-fonts"} {
			if hasFlag(rest, f) {
				return nil, "", nil, failure.Usagef("%s: --%s draws a chart from the whole run; give it to sim merge, not to a shard", name, f)
			}
		}
	}
	req.Command = append([]string{name}, rest...)
	for _, f := range []string{"workers", "quiet"} { // they change no number
		_, req.Command, _ = cutFlagValue(req.Command, f)
	}
	return req, out, rest, nil
}

// hasFlag reports whether args give the flag name (before any "--").
func hasFlag(args []string, name string) bool {
	_, _, ok := cutFlag(args, name)
	return ok
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

// noter writes a note for the user on stderr, as "sim: NOTE".
func noter(stderr io.Writer) func(string) {
	return func(msg string) { fmt.Fprintf(stderr, "sim: %s\n", msg) }
}
