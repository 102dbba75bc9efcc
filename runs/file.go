package runs

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/atomicfile"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/scenarios"
)

// A File is what a shard (--shard I/N) or a checkpoint (--checkpoint)
// writes: the command it ran, a fingerprint of its inputs, and the integer
// histograms of each run it made, in the order the command made them
// (docs/scale.md). Merge adds the shards' histograms up, and the command
// runs again on the sums, so that its output is the single run's.
type File struct {
	Kind    string `json:"kind"` // "shard" or "checkpoint"
	Version string `json:"version"`
	Dice    string `json:"dice"`
	// Command is the command and its arguments, as a merge (or a resumed
	// run) runs it: without --shard, --checkpoint, --out and the chart
	// flags.
	Command     []string  `json:"command"`
	Fingerprint string    `json:"fingerprint"` // of the command and the files it reads
	Shard       int64     `json:"shard"`       // this shard's index, 0 to Shards-1
	Shards      int64     `json:"shards"`      // 0 for a checkpoint of an unsharded run
	Runs        []*Record `json:"runs"`
}

// A Record is one run's integer results: a histogram per metric and a
// count per event, over the batches it holds.
type Record struct {
	Seed      uint64         `json:"seed"`
	Requested int64          `json:"trials_requested"`
	Trials    int64          `json:"trials"` // in the batches it holds
	Metrics   []RecordMetric `json:"metrics"`
	Events    []string       `json:"events"`
	Hist      [][]int64      `json:"hist"`
	Count     []int64        `json:"count"`
	// Done lists the batches a checkpoint holds, as [first, last] ranges;
	// a shard holds its share of every batch and leaves it out.
	Done [][2]int64 `json:"batches_done,omitempty"`
}

// A RecordMetric is a metric of a Record: its histogram runs from Min to
// Max.
type RecordMetric struct {
	Name string `json:"name"`
	Min  int    `json:"min"`
	Max  int    `json:"max"`
}

// record is res as a Record.
func record(res *engine.Result) *Record {
	r := &Record{Seed: res.Seed, Requested: res.Requested, Trials: res.Trials, Events: slices.Clone(res.Events),
		Count: slices.Clone(res.Count)}
	for i, m := range res.Metrics {
		r.Metrics = append(r.Metrics, RecordMetric{m.Name, m.Min, m.Max})
		r.Hist = append(r.Hist, slices.Clone(res.Hist[i]))
	}
	return r
}

// result is the record as an engine result, checked against what it says
// of itself: a histogram for each metric of its range, a count for each
// event, and as many trials in each histogram as it holds. file and k
// (run k of the file) name it in errors.
func (r *Record) result(file string, k int) (*engine.Result, error) {
	bad := func(format string, args ...any) error {
		return &failure.Input{Msg: fmt.Sprintf("%s: run %d: %s; the file is damaged or was not written by sim", file, k+1, fmt.Sprintf(format, args...))}
	}
	if len(r.Hist) != len(r.Metrics) || len(r.Count) != len(r.Events) {
		return nil, bad("%d histograms for %d metrics, %d counts for %d events", len(r.Hist), len(r.Metrics), len(r.Count), len(r.Events))
	}
	if r.Trials < 0 || r.Trials > r.Requested || r.Requested < 1 || r.Requested > engine.MaxTrials {
		return nil, bad("%d trials of %d", r.Trials, r.Requested)
	}
	res := &engine.Result{Events: slices.Clone(r.Events), Count: slices.Clone(r.Count), Trials: r.Trials,
		Requested: r.Requested, Seed: r.Seed}
	for i, m := range r.Metrics {
		if m.Max < m.Min || m.Min > 0 || len(r.Hist[i]) != m.Max-m.Min+1 {
			return nil, bad("metric %s: %d values for the range %d..%d", m.Name, len(r.Hist[i]), m.Min, m.Max)
		}
		var sum int64
		for _, c := range r.Hist[i] {
			if c < 0 {
				return nil, bad("metric %s: a negative count", m.Name)
			}
			sum += c
		}
		if sum != r.Trials {
			return nil, bad("metric %s: %d trials in its histogram, %d in the run", m.Name, sum, r.Trials)
		}
		res.Metrics = append(res.Metrics, engine.Metric{Name: m.Name, Min: m.Min, Max: m.Max})
		res.Hist = append(res.Hist, slices.Clone(r.Hist[i]))
	}
	for _, c := range r.Count {
		if c < 0 || c > r.Trials {
			return nil, bad("an event count of %d in %d trials", c, r.Trials)
		}
	}
	return res, nil
}

// maxFileSize bounds a shard or checkpoint file: far above a matrix of
// 400 cells' histograms (a few MB), so that a wrong path is refused.
const maxFileSize = 512 << 20

// ReadFile reads a shard or checkpoint file, which sim version version
// must have written.
func ReadFile(path, version string) (*File, error) {
	data, err := scenarios.ReadLimited(path, maxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: no such file", path)}
	}
	if err != nil {
		return nil, &failure.Input{Msg: err.Error()}
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: not a shard or checkpoint file (%v)", path, err)}
	}
	if f.Kind != "shard" && f.Kind != "checkpoint" {
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: kind %q; a shard or checkpoint file says \"shard\" or \"checkpoint\" (sim run --shard writes one)", path, f.Kind)}
	}
	if f.Version != version || f.Dice != engine.StreamVersion {
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: written by sim %s (%s), not this sim %s (%s); run every shard and the merge with one version", path, f.Version, f.Dice, version, engine.StreamVersion)}
	}
	if len(f.Command) == 0 || f.Shards < 0 || (f.Shards > 0 && (f.Shard < 0 || f.Shard >= f.Shards)) {
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: shard %d of %d, command %q; the file is damaged", path, f.Shard, f.Shards, f.Command)}
	}
	return &f, nil
}

// write writes f to path atomically, so that a run killed while it writes
// leaves the previous file whole.
func (f *File) write(path string) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		return enc.Encode(f)
	})
}
