package runs

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
)

// twoDice is a toy model: two dice, the sixes among them (0 to 2), and
// whether they show a double.
type twoDice struct{}

func (twoDice) Metrics() []engine.Metric   { return []engine.Metric{{Name: "sixes", Min: 0, Max: 2}} }
func (twoDice) Events() []string           { return []string{"double"} }
func (twoDice) NewTrialer() engine.Trialer { return twoDice{} }
func (twoDice) Trial(d *engine.Dice, r *engine.TrialResult) {
	a, b := d.D6(), d.D6()
	if a == 6 {
		r.Values[0]++
	}
	if b == 6 {
		r.Values[0]++
	}
	r.Events[0] = a == b
}

const version = "test"

// whole is what one uninterrupted run of trials gives.
func whole(t *testing.T, trials int64) *engine.Result {
	t.Helper()
	res, err := engine.Run(context.Background(), twoDice{}, engine.Config{Trials: trials, Seed: 11, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// same reports how two results differ, or "".
func same(a, b *engine.Result) string {
	switch {
	case a.Trials != b.Trials || a.Requested != b.Requested || a.Complete != b.Complete:
		return fmt.Sprintf("%d of %d trials (complete %v), want %d of %d (%v)", a.Trials, a.Requested, a.Complete, b.Trials, b.Requested, b.Complete)
	case !slices.Equal(a.Count, b.Count) || !slices.Equal(a.Hist[0], b.Hist[0]):
		return fmt.Sprintf("counts %v, histogram %v; want %v, %v", a.Count, a.Hist[0], b.Count, b.Hist[0])
	}
	return ""
}

// trials are the two runs each command of these tests makes: 5 batches and
// 3, so that a shard of 4 has no batch of the second run's… but for 3.
var trials = []int64{5 * engine.BatchSize, 3*engine.BatchSize - 7}

// shards runs the command's two runs as shards 0..n-1 of n and writes their
// files into dir.
func shards(t *testing.T, dir string, n int64, command ...string) []string {
	t.Helper()
	var paths []string
	for i := range n {
		sc, err := Start(Request{Command: command, Shard: i, Shards: n, Version: version})
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range trials {
			if _, err := sc.Run(context.Background(), twoDice{}, engine.Config{Trials: tr, Seed: 11, Workers: 2}); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("%s-%d-of-%d.json", command[0], i, n))
		if k, err := sc.WriteShard(path); err != nil || k != len(trials) {
			t.Fatalf("WriteShard: %d runs, %v", k, err)
		}
		paths = append(paths, path)
	}
	return paths
}

// The shards of a command, merged, hand the command run again exactly the
// results of one run of the whole, run by run, however many shards.
func TestShardsMergeToTheWhole(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, n := range []int64{1, 2, 3} {
		sc, command, err := Merge(shards(t, dir, n, "sweep", "x"), version)
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		if !slices.Equal(command, []string{"sweep", "x"}) || !sc.Cut() {
			t.Errorf("%d shards: command %q, cut %v; want the shards' command, cut", n, command, sc.Cut())
		}
		for k, tr := range trials {
			got, err := sc.Run(context.Background(), twoDice{}, engine.Config{Trials: tr, Seed: 11})
			if err != nil {
				t.Fatal(err)
			}
			if d := same(got, whole(t, tr)); d != "" {
				t.Errorf("%d shards, run %d merged: %s", n, k+1, d)
			}
		}
		if _, err := sc.Run(context.Background(), twoDice{}, engine.Config{Trials: 10, Seed: 11}); !isInput(err, "more runs than the shards hold") {
			t.Errorf("a third run of a merge of two: %v", err)
		}
	}
}

func isInput(err error, want string) bool {
	var in *failure.Input
	return errors.As(err, &in) && strings.Contains(err.Error(), want)
}

// A set of shards that do not make one whole is refused, the file or the
// shard named.
func TestMergeRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	three := shards(t, dir, 3, "run", "a")
	other := shards(t, dir, 3, "compare", "a")
	two := shards(t, dir, 2, "run", "a")
	junk := filepath.Join(dir, "junk.json")
	os.WriteFile(junk, []byte(`{"kind": "report"}`), 0o644)
	old := filepath.Join(dir, "old.json")
	data, _ := os.ReadFile(three[0])
	os.WriteFile(old, []byte(strings.Replace(string(data), `"version":"test"`, `"version":"0.0.1"`, 1)), 0o644)
	for _, c := range []struct {
		name  string
		paths []string
		want  string
	}{
		{"a shard missing", []string{three[0], three[2]}, "shard 1/3 missing"},
		{"a shard twice", []string{three[0], three[1], three[1], three[2]}, "shard 1/3 is given twice"},
		{"another command", []string{three[0], three[1], other[2]}, `ran "compare a"`},
		{"another cut", []string{three[0], three[1], two[1]}, "is a shard of 2"},
		{"not a shard", []string{junk}, `kind "report"`},
		{"another version", []string{old, three[1], three[2]}, "written by sim 0.0.1"},
		{"no file", []string{filepath.Join(dir, "none.json")}, "no such file"},
	} {
		if _, _, err := Merge(c.paths, version); !isInput(err, c.want) {
			t.Errorf("%s: %v, want an input error saying %q", c.name, err, c.want)
		}
	}
}

// A checkpointed run interrupted after some batches, and run again on the
// same file, gives the uninterrupted run's result; another command may
// not use the file.
func TestCheckpointResumes(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "ckpt.json")
	req := Request{Command: []string{"run", "x"}, Checkpointed: true, Checkpoint: path, Version: version}
	sc, err := Start(req)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cfg := engine.Config{Trials: trials[0], Seed: 11, Workers: 1, Progress: func(int64) { cancel() }}
	part, err := sc.Run(ctx, twoDice{}, cfg)
	if err != nil || part.Complete || part.Trials == 0 {
		t.Fatalf("the interrupted run: %v trials, complete %v, %v; want a part", part.Trials, part.Complete, err)
	}
	f, err := ReadFile(path, version)
	if err != nil || f.Kind != "checkpoint" || f.Runs[0].Trials != part.Trials {
		t.Fatalf("the checkpoint: %+v, %v; want the %d trials done", f, err, part.Trials)
	}
	if sc, err = Start(req); err != nil {
		t.Fatal(err)
	}
	cfg.Progress = nil
	resumed, err := sc.Run(context.Background(), twoDice{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if d := same(resumed, whole(t, trials[0])); d != "" {
		t.Errorf("resumed: %s", d)
	}
	req.Command = []string{"run", "y"}
	if _, err := Start(req); !isInput(err, "not this command") {
		t.Errorf("another command on the checkpoint: %v", err)
	}
}

// A checkpoint that cannot be saved is said once, and the run goes on.
func TestCheckpointUnsaved(t *testing.T) {
	t.Parallel()
	var notes []string
	req := Request{Command: []string{"run", "x"}, Checkpointed: true, Checkpoint: filepath.Join(t.TempDir(), "no", "c.json"),
		Version: version, Note: func(m string) { notes = append(notes, m) }}
	sc, err := Start(req)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Run(context.Background(), twoDice{}, engine.Config{Trials: trials[0], Seed: 11, Workers: 1})
	if err != nil || !res.Complete {
		t.Fatalf("%v, complete %v", err, res.Complete)
	}
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "warning: --checkpoint: cannot write ") {
		t.Errorf("notes %q, want one warning", notes)
	}
}

// A shard with no batch of a run is refused before it runs anything; a
// nil Scale runs everything, as engine.Run does.
func TestRunWithoutScale(t *testing.T) {
	t.Parallel()
	sc, err := Start(Request{Command: []string{"run"}, Shard: 3, Shards: 4, Version: version})
	if err != nil {
		t.Fatal(err)
	}
	var u *failure.Usage
	if _, err := sc.Run(context.Background(), twoDice{}, engine.Config{Trials: trials[1], Seed: 11}); !errors.As(err, &u) || !strings.Contains(err.Error(), "fewer than the shards") {
		t.Errorf("4 shards of 3 batches: %v", err)
	}
	var none *Scale
	got, err := none.Run(context.Background(), twoDice{}, engine.Config{Trials: trials[1], Seed: 11})
	if err != nil || none.Cut() {
		t.Fatal(err)
	}
	if d := same(got, whole(t, trials[1])); d != "" {
		t.Errorf("a nil scale: %s", d)
	}
}

func TestParseShard(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		spec string
		i, n int64
		ok   bool
	}{
		{"0/4", 0, 4, true},
		{"3/4", 3, 4, true},
		{"0/1", 0, 1, true},
		{"4/4", 0, 0, false},  // counted from 0
		{"-1/4", 0, 0, false}, // no such shard
		{"0/0", 0, 0, false},  // no shards
		{"1/1000001", 0, 0, false},
		{"a/b", 0, 0, false},
		{"2", 0, 0, false},
	} {
		i, n, err := ParseShard(c.spec)
		if (err == nil) != c.ok || i != c.i || n != c.n {
			t.Errorf("ParseShard(%q) = %d, %d, %v; want %d, %d, ok %v", c.spec, i, n, err, c.i, c.n, c.ok)
		}
	}
}

// The fingerprint covers the command's files and the library files its
// scenarios name, and so changes when one of them does.
func TestFingerprintFollowsTheFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	scenario, lib, rules := filepath.Join(dir, "s.yaml"), filepath.Join(dir, "units.yaml"), filepath.Join(dir, "house.yaml")
	os.WriteFile(scenario, []byte("library: units.yaml\n"), 0o644)
	os.WriteFile(lib, []byte("units: []\n"), 0o644)
	os.WriteFile(rules, []byte("preset: 6th\n"), 0o644)
	command := []string{"compare", scenario, "--rules=6th," + rules}
	want := []string{rules, scenario, lib}
	slices.Sort(want)
	if got := inputFiles(command); !slices.Equal(got, want) {
		t.Errorf("inputFiles: %q, want %q", got, want)
	}
	before, err := fingerprint(command, version)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(lib, []byte("units: [] # changed\n"), 0o644)
	if after, _ := fingerprint(command, version); after == before {
		t.Errorf("the fingerprint did not change with the library file")
	}
	if other, _ := fingerprint(command, "other"); other == before {
		t.Errorf("the fingerprint did not change with the version")
	}
}

// A damaged record is refused with the file and run named.
func TestDamagedRecord(t *testing.T) {
	t.Parallel()
	r := record(whole(t, 100))
	r.Hist[0][0] = -1
	if _, err := r.result("f.json", 1); !isInput(err, "f.json: run 2: metric sixes: a negative count") {
		t.Errorf("%v", err)
	}
	r = record(whole(t, 100))
	r.Count[0] = 101
	if _, err := r.result("f.json", 0); !isInput(err, "an event count of 101 in 100 trials") {
		t.Errorf("%v", err)
	}
}
