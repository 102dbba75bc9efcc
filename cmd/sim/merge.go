package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
)

const mergeUsage = `Usage: sim merge SHARD.json... [--out FILE] [--format F] [--plot FILE]

Adds up the shards of a run, compare, sweep, matrix or balance that was cut
with --shard I/N (each wrote its share's histograms with --out), and prints
what one run of the whole prints, byte for byte but for the timing. The
shards must all be there, once each, of the same command and files, seed
and sim version; a missing or repeated shard is an error that names it.
--out, --format and the chart flags replace the shards' own.
(docs/scale.md)

Flags:
`

func mergeCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("merge", mergeUsage, stdout)
	out := fs.String("out", "", "write the merged output to this file (atomically) instead of standard output")
	format := fs.String("format", "", "output format: text, json, csv or markdown (default: the shards' own)")
	pf := addPlotFlags(fs, "the chart the command draws")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return failure.Usagef("merge: give the shard files, as sim run --shard I/N --out FILE wrote them")
	}
	files, err := readShards(pos)
	if err != nil {
		return err
	}
	first := files[0]
	fp, err := fingerprint(first.Command)
	if err != nil {
		return err
	}
	if fp != first.Fingerprint {
		return &failure.Input{Msg: fmt.Sprintf("merge: the files %q reads have changed since the shards ran (or are not here); merge where, and with what, the shards ran", strings.Join(first.Command, " "))}
	}
	merged, err := sumShards(pos, files)
	if err != nil {
		return err
	}
	command := slices.Clone(first.Command)
	for _, f := range []struct{ name, value string }{{"out", *out}, {"format", *format}} {
		if f.value != "" {
			_, command, _ = cutFlag(command, f.name)
			command = append(command, "--"+f.name, f.value)
		}
	}
	command = append(command, pf.args()...)
	s := &scale{merged: merged}
	cmd, ok := scalable[command[0]]
	if !ok {
		return &failure.Input{Msg: fmt.Sprintf("merge: the shards ran %q, which sim merge cannot rerun", command[0])}
	}
	return cmd(context.WithValue(ctx, scaleKey{}, s), command[1:], stdout, stderr)
}

// readShards reads shard files and checks that they belong together: the
// same command, fingerprint and number of shards, each shard once.
func readShards(paths []string) ([]*scaleFile, error) {
	var files []*scaleFile
	for _, p := range paths {
		f, err := readScaleFile(p)
		if err != nil {
			return nil, err
		}
		if f.Kind != "shard" {
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s is a checkpoint; rerun its command with --checkpoint to finish it", p)}
		}
		files = append(files, f)
	}
	first := files[0]
	seen := map[int64]string{}
	for i, f := range files {
		switch {
		case !slices.Equal(f.Command, first.Command):
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s ran %q, %s %q; merge the shards of one command", paths[i], strings.Join(f.Command, " "), paths[0], strings.Join(first.Command, " "))}
		case f.Fingerprint != first.Fingerprint:
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s and %s ran the same command on different files (their fingerprints differ); run every shard on the same files", paths[i], paths[0])}
		case f.Shards != first.Shards:
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s is a shard of %d, %s of %d; merge the shards of one cut", paths[i], f.Shards, paths[0], first.Shards)}
		}
		if prev, dup := seen[f.Shard]; dup {
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: shard %d/%d is given twice: %s and %s", f.Shard, f.Shards, prev, paths[i])}
		}
		seen[f.Shard] = paths[i]
	}
	var missing []string
	for i := range first.Shards {
		if _, ok := seen[i]; !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.Shards))
		}
	}
	if len(missing) > 0 {
		return nil, &failure.Input{Msg: fmt.Sprintf("merge: shard %s missing; run it (the same command with --shard %s) and merge again", strings.Join(missing, ", "), missing[0])}
	}
	return files, nil
}

// sumShards adds the shards' runs up, run by run.
func sumShards(paths []string, files []*scaleFile) ([]*engine.Result, error) {
	var sums []*engine.Result
	for i, f := range files {
		if len(f.Runs) != len(files[0].Runs) {
			return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s holds %d runs, %s %d; was a shard interrupted?", paths[i], len(f.Runs), paths[0], len(files[0].Runs))}
		}
		for k, r := range f.Runs {
			res, err := r.result(paths[i], k)
			if err != nil {
				return nil, err
			}
			if i == 0 {
				sums = append(sums, res)
				continue
			}
			if err := sums[k].Merge(res); err != nil {
				return nil, &failure.Input{Msg: fmt.Sprintf("merge: %s: run %d: %v", paths[i], k+1, err)}
			}
		}
	}
	return sums, nil
}

// args are the chart flags as given, for a command line: the merge hands
// them to the command it reruns.
func (p *plotFlags) args() []string {
	var out []string
	for _, spec := range p.plots {
		out = append(out, "--plot", spec)
	}
	if *p.size != "1200x675" {
		out = append(out, "--size", *p.size)
	}
	if *p.embed {
		out = append(out, "--embed-fonts")
	}
	return out
}

// scalable are the commands --shard, --checkpoint and sim merge work on.
var scalable = map[string]func(context.Context, []string, io.Writer, io.Writer) error{
	"run": runCmd, "compare": compareCmd, "sweep": sweepCmd, "matrix": matrixCmd, "balance": balanceCmd,
}
