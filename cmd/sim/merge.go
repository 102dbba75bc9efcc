package main

import (
	"context"
	"fmt"
	"io"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/runs"
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
	sc, command, err := runs.Merge(pos, version)
	if err != nil {
		return err
	}
	for _, f := range []struct{ name, value string }{{"out", *out}, {"format", *format}} {
		if f.value != "" {
			_, command, _ = cutFlag(command, f.name)
			command = append(command, "--"+f.name, f.value)
		}
	}
	command = append(command, pf.args()...)
	cmd, ok := scalable[command[0]]
	if !ok {
		return &failure.Input{Msg: fmt.Sprintf("merge: the shards ran %q, which sim merge cannot rerun", command[0])}
	}
	return cmd(ctx, sc, command[1:], stdout, stderr)
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
