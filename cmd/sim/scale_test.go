package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wargamesim/sim/runs"
	"go.yaml.in/yaml/v3"
)

// TestMain lets the tests run sim as a separate process: the test binary
// runs sim's main when SIM_TEST_MAIN is set (TestScaleDocsSlurm).
func TestMain(m *testing.M) {
	if os.Getenv("SIM_TEST_MAIN") == "1" {
		os.Exit(exitCode(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr), os.Stderr))
	}
	os.Exit(m.Run())
}

// scaleCases are commands that make one run (run, compare) or several
// (sweep, matrix), each at 30,000 trials a run: 8 batches, enough for 7
// shards.
var scaleCases = [][]string{
	{"run", "trolls-vs-knights", "--trials", "30000", "--seed", "5"},
	{"compare", "trolls-vs-knights", "--rules", "6th,8th", "--trials", "30000", "--seed", "5"},
	{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=4..5", "--trials", "30000", "--seed", "5"},
	{"matrix", "--units", "trolls,empire_knights", "--vs", "trolls", "--trials", "30000", "--seed", "5"},
}

// The shards of a command, merged, print what one run of the whole
// prints: byte for byte in text, and but for the timing in JSON, for 1, 2,
// 3 and 7 shards.
func TestShardsMergeToTheWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("runs each command 8 times")
	}
	dir := t.TempDir()
	for _, c := range scaleCases {
		for _, format := range []string{"text", "json"} {
			args := append(append([]string(nil), c...), "--quiet", "--format", format)
			code, whole, stderr := sim(t, context.Background(), args...)
			if code != 0 {
				t.Fatalf("%q: exit %d: %s", args, code, stderr)
			}
			for _, n := range []int{1, 2, 3, 7} {
				var shards []string
				for i := range n {
					out := filepath.Join(dir, fmt.Sprintf("%s-%s-%d-%d.json", c[0], format, n, i))
					shardArgs := append(append([]string(nil), args...), "--shard", fmt.Sprintf("%d/%d", i, n), "--out", out)
					if code, _, stderr := sim(t, context.Background(), shardArgs...); code != 0 {
						t.Fatalf("%q: exit %d: %s", shardArgs, code, stderr)
					}
					shards = append(shards, out)
				}
				code, merged, stderr := sim(t, context.Background(), append([]string{"merge"}, shards...)...)
				if code != 0 {
					t.Fatalf("merge of %d shards of %q: exit %d: %s", n, args, code, stderr)
				}
				if format == "json" {
					whole, merged = withoutTiming(t, whole), withoutTiming(t, merged)
				}
				if merged != whole {
					t.Errorf("%q in %d shards, merged:\n%s\nthe whole run:\n%s", args, n, merged, whole)
				}
			}
		}
	}
}

// A wrong set of shards is refused, with the file or the shard named.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	scenario := filepath.Join(dir, "tk.yaml")
	_, src, _ := sim(t, context.Background(), "show", "trolls-vs-knights")
	os.WriteFile(scenario, []byte(src), 0o644)
	shard := func(spec, seed string, extra ...string) string {
		out := filepath.Join(dir, strings.ReplaceAll(spec, "/", "of")+"-"+seed+strings.Join(extra, "")+".json")
		args := append([]string{"run", scenario, "--trials", "10000", "--seed", seed, "--quiet", "--shard", spec, "--out", out}, extra...)
		if code, _, stderr := sim(t, context.Background(), args...); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr)
		}
		return out
	}
	s0, s1, s2 := shard("0/3", "1"), shard("1/3", "1"), shard("2/3", "1")
	other := shard("2/3", "2")
	twoOf2 := shard("1/2", "1")
	ckpt := filepath.Join(dir, "c.json")
	if code, _, stderr := sim(t, context.Background(), "run", scenario, "--trials", "10000", "--seed", "1", "--quiet", "--checkpoint", ckpt); code != 0 {
		t.Fatal(stderr)
	}
	junk := filepath.Join(dir, "junk.json")
	os.WriteFile(junk, []byte(`{"kind": "report"}`), 0o644)
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"a shard missing", []string{s0, s2}, "shard 1/3 missing"},
		{"a shard twice", []string{s0, s1, s1, s2}, "shard 1/3 is given twice"},
		{"another seed", []string{s0, s1, other}, "ran \"run " + scenario},
		{"another cut", []string{s0, s1, twoOf2}, "is a shard of 2"},
		{"a checkpoint", []string{ckpt}, "is a checkpoint"},
		{"not a shard", []string{junk}, `kind "report"`},
		{"no file", []string{filepath.Join(dir, "none.json")}, "no such file"},
	} {
		code, _, stderr := sim(t, context.Background(), append([]string{"merge"}, tc.files...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", tc.name, code, stderr, tc.want)
		}
	}
	os.WriteFile(scenario, []byte(strings.Replace(src, "models: 3", "models: 4", 1)), 0o644)
	if code, _, stderr := sim(t, context.Background(), "merge", s0, s1, s2); code != 2 || !strings.Contains(stderr, "have changed since the shards ran") {
		t.Errorf("a scenario changed after the shards: exit %d, %q", code, stderr)
	}
}

// The flags are checked before anything runs.
func TestShardFlags(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "trolls-vs-knights", "--shard", "0/2", "--out", out}, "need --seed"},
		{[]string{"run", "trolls-vs-knights", "--seed", "1", "--shard", "0/2"}, "give it with --out"},
		{[]string{"run", "trolls-vs-knights", "--seed", "1", "--shard", "2/2", "--out", out}, "counted from 0"},
		{[]string{"run", "trolls-vs-knights", "--seed", "1", "--shard", "a/b", "--out", out}, "give I/N"},
		{[]string{"run", "trolls-vs-knights", "--seed", "1", "--exact", "--shard", "0/2", "--out", out}, "--exact solves in one run"},
		{[]string{"run", "trolls-vs-knights", "--seed", "1", "--shard", "0/2", "--out", out, "--plot", "x.png"}, "give it to sim merge"},
		{[]string{"run", "trolls-vs-knights", "--seed", "1", "--trials", "5000", "--shard", "0/3", "--out", out}, "2 batches of 4096, fewer than the shards"},
	} {
		code, _, stderr := sim(t, context.Background(), tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused shard wrote %s", out)
	}
}

// A run interrupted after its first saved batch, and run again with the
// same checkpoint, prints what the uninterrupted run prints; so does a
// sweep, whose checkpoint holds several runs.
func TestCheckpointResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs each command three times")
	}
	defer func(d time.Duration) { checkpointEvery = d }(checkpointEvery)
	checkpointEvery = 0 // save after every batch
	dir := t.TempDir()
	for i, c := range [][]string{
		{"run", "trolls-vs-knights", "--trials", "3000000", "--seed", "9", "--workers", "1", "--quiet"},
		{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=4..6", "--trials", "1000000", "--seed", "9", "--workers", "1", "--quiet"},
	} {
		_, whole, _ := sim(t, context.Background(), c...)
		ckpt := filepath.Join(dir, fmt.Sprintf("ckpt-%d.json", i))
		args := append(append([]string(nil), c...), "--checkpoint", ckpt)
		ctx, cancel := context.WithCancel(context.Background())
		go func() { // interrupt once the first batch is saved
			for _, err := os.Stat(ckpt); err != nil; _, err = os.Stat(ckpt) {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()
		code, _, stderr := sim(t, ctx, args...)
		cancel()
		if code != 1 {
			t.Fatalf("%q, interrupted: exit %d (%s); want 1, or is the run too short to interrupt?", c, code, stderr)
		}
		f, err := runs.ReadFile(ckpt, version)
		if err != nil {
			t.Fatal(err)
		}
		held := f.Runs[len(f.Runs)-1].Trials
		if held == 0 || held >= f.Runs[len(f.Runs)-1].Requested {
			t.Fatalf("%q: the checkpoint holds %d trials of the last run; the test wants a part", c, held)
		}
		code, resumed, stderr := sim(t, context.Background(), args...)
		if code != 0 {
			t.Fatalf("%q, resumed: exit %d: %s", c, code, stderr)
		}
		if resumed != whole {
			t.Errorf("%q resumed from %d trials:\n%s\nuninterrupted:\n%s", c, held, resumed, whole)
		}
		// Done, it prints the result again at once; another command may
		// not use its file.
		if _, again, _ := sim(t, context.Background(), args...); again != whole {
			t.Errorf("%q: a finished checkpoint printed\n%s", c, again)
		}
		wrong := append(append([]string(nil), c...), "--seed", "10", "--checkpoint", ckpt)
		if code, _, stderr := sim(t, context.Background(), wrong...); code != 2 || !strings.Contains(stderr, "not this command") {
			t.Errorf("another seed on the checkpoint: exit %d, %q", code, stderr)
		}
	}
}

// docs/scale.md's Slurm job array, run as Slurm would run it: the script's
// sim line once per task, each a separate process with its
// SLURM_ARRAY_TASK_ID, then the merge script; the merge prints what one
// run of the whole prints.
func TestScaleDocsSlurm(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sim as nine processes")
	}
	shardLine, mergeLine := slurmLines(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	runSim := func(line string, env ...string) string {
		t.Helper()
		args := strings.Fields(os.Expand(line, func(k string) string {
			for _, e := range env {
				if name, v, _ := strings.Cut(e, "="); name == k {
					return v
				}
			}
			return "$" + k
		}))[1:]
		if args[0] == "merge" { // the shell's glob
			matches, _ := filepath.Glob(filepath.Join(dir, args[1]))
			args = append(append([]string{"merge"}, matches...), args[2:]...)
		}
		cmd := exec.Command(exe, args...)
		cmd.Dir, cmd.Env = dir, append(append(os.Environ(), "SIM_TEST_MAIN=1"), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	tasks := 8
	for i := range tasks {
		runSim(shardLine, fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i))
	}
	runSim(mergeLine)
	merged, err := os.ReadFile(filepath.Join(dir, "matrix.txt"))
	if err != nil {
		t.Fatal(err)
	}
	whole := strings.Fields(shardLine)[1:]
	whole = whole[:indexOf(whole, "--checkpoint")]
	_, want, _ := sim(t, context.Background(), whole...)
	if string(merged) != want {
		t.Errorf("the Slurm array merged:\n%s\none run:\n%s", merged, want)
	}
}

func indexOf(s []string, x string) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return len(s)
}

// slurmLines are the sim lines of docs/scale.md's two Slurm scripts.
func slurmLines(t *testing.T) (shard, merge string) {
	f, err := os.Open(filepath.Join("..", "..", "docs", "scale.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "sim ") && strings.Contains(l, "$SLURM_ARRAY_TASK_ID"):
			shard = l
		case strings.HasPrefix(l, "sim merge shard-*.json --out matrix.txt"):
			merge = l
		}
	}
	if shard == "" || merge == "" {
		t.Fatalf("docs/scale.md has no Slurm sim lines (shard %q, merge %q)", shard, merge)
	}
	return shard, merge
}

// docs/scale.md's Kubernetes Indexed Job: its container's command, with
// each JOB_COMPLETION_INDEX of its completions and the volume in a
// temporary folder, then its merge line; the merge prints what one run of
// the whole prints.
func TestScaleDocsKubernetes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a nine-cell matrix of a million trials a cell")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "scale.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	start := strings.Index(doc, "```yaml\napiVersion: batch/v1")
	end := strings.Index(doc[start+8:], "```")
	var job struct {
		Spec struct {
			Completions int `yaml:"completions"`
			Template    struct {
				Spec struct {
					Containers []struct {
						Args []string `yaml:"args"`
					} `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	if start < 0 || end < 0 {
		t.Fatal("docs/scale.md has no Job manifest")
	}
	if err := yaml.Unmarshal([]byte(doc[start+8:start+8+end]), &job); err != nil {
		t.Fatalf("the Job manifest: %v", err)
	}
	if len(job.Spec.Template.Spec.Containers) != 1 || len(job.Spec.Template.Spec.Containers[0].Args) != 1 || job.Spec.Completions < 2 {
		t.Fatalf("the Job manifest: %+v", job)
	}
	vol := t.TempDir()
	line := strings.ReplaceAll(job.Spec.Template.Spec.Containers[0].Args[0], "/work/out", vol)
	for i := range job.Spec.Completions {
		args := strings.Fields(strings.ReplaceAll(line, "$JOB_COMPLETION_INDEX", fmt.Sprint(i)))[1:]
		if code, _, stderr := sim(t, context.Background(), args...); code != 0 {
			t.Fatalf("pod %d: %q: exit %d: %s", i, args, code, stderr)
		}
	}
	mergeLine := "sim merge /work/out/shard-*.json --out /work/out/matrix.json --format json"
	if !strings.Contains(doc, mergeLine) {
		t.Fatalf("docs/scale.md has no line %q", mergeLine)
	}
	shards, _ := filepath.Glob(filepath.Join(vol, "shard-*.json"))
	out := filepath.Join(vol, "matrix.json")
	if code, _, stderr := sim(t, context.Background(), append(append([]string{"merge"}, shards...), "--out", out, "--format", "json")...); code != 0 {
		t.Fatal(stderr)
	}
	merged, _ := os.ReadFile(out)
	whole := strings.Fields(line)[1:]
	whole = append(whole[:indexOf(whole, "--checkpoint")], "--format", "json")
	_, want, _ := sim(t, context.Background(), whole...)
	if withoutTiming(t, string(merged)) != withoutTiming(t, want) {
		t.Errorf("the Job merged:\n%s\none run:\n%s", merged, want)
	}
}
