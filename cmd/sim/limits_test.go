package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
)

// extremes are the values every numeric flag is fed (issue 13).
var extremes = []string{"0", "-1", "9223372036854775807", "18446744073709551615", "1e300", "NaN"}

// Every numeric flag of every command, given each extreme, either refuses
// it (exit status 2, a message naming the flag, and for --trials,
// --workers and --seed the range it takes) or, where the value is legal,
// runs to the end with small --trials; never a panic, never a run without
// bound (issue 13: --trials 9223372036854775807 panicked in makeslice).
func TestNumericFlagExtremes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	js := filepath.Join(dir, "run.json")
	if code, _, stderr := sim(t, context.Background(), "run", "ogres-vs-arrows", "--seed", "1", "--trials", "200", "--format", "json", "--out", js); code != 0 {
		t.Fatalf("writing the JSON for sim plot: exit %d: %s", code, stderr)
	}
	commands := []struct {
		name  string
		args  []string // a small run that succeeds as it is
		flags []string // its numeric flags
	}{
		{"run", []string{"run", "ogres-vs-arrows", "--trials", "200"}, []string{"trials", "seed", "workers", "size"}},
		{"compare", []string{"compare", "trolls-vs-knights", "--rules", "6th,8th", "--trials", "200"}, []string{"trials", "seed", "workers", "size"}},
		{"sweep", []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=3..4", "--trials", "200"}, []string{"trials", "seed", "workers", "size"}},
		{"matrix", []string{"matrix", "--units", "trolls", "--vs", "skinks", "--trials", "200"}, []string{"trials", "seed", "workers", "size"}},
		{"exact", []string{"exact", "ogres-vs-arrows"}, []string{"size"}},
		{"plot", []string{"plot", js, "-o", filepath.Join(dir, "chart.svg")}, []string{"size"}},
	}
	// legal says which extremes a flag takes; every other one is refused.
	legal := map[string][]string{
		"seed": {"0", "9223372036854775807", "18446744073709551615"},
	}
	// rangeText is what the refusal must say of the range, for the flags
	// that parse numbers themselves.
	rangeText := map[string]string{
		"trials":  "must be a whole number from 1 to 10000000000",
		"workers": fmt.Sprintf("must be a whole number from 1 to %d", engine.MaxWorkers()),
		"seed":    "must be a whole number from 0 to 18446744073709551615",
		"size":    "from 480x270 to 8000x8000",
	}
	for _, c := range commands {
		for _, flag := range c.flags {
			for _, v := range extremes {
				args := append(append([]string(nil), c.args...), "--"+flag, v)
				t.Run(c.name+"/"+flag+"="+v, func(t *testing.T) {
					t.Parallel()
					code, stderr := simBounded(t, args...)
					if contains(legal[flag], v) {
						if code != 0 {
							t.Errorf("sim %s: exit %d, want 0 for a legal value; stderr %q", strings.Join(args, " "), code, stderr)
						}
						return
					}
					assertRefused(t, args, code, stderr, "-"+flag, rangeText[flag])
				})
			}
		}
	}
}

// --vary takes any int for FROM, TO and STEP, and refuses the rest, a
// range of more than 100 values, and a value the scenario's field does not
// take, all in one line (issue 13: 0..9223372036854775807 grew to 24 GB).
func TestVaryExtremes(t *testing.T) {
	t.Parallel()
	for _, v := range extremes {
		for _, rng := range []string{v + ".." + v, "0.." + v, v + "..3", "1..3:" + v} {
			args := []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=" + rng, "--trials", "200"}
			t.Run(rng, func(t *testing.T) {
				t.Parallel()
				code, stderr := simBounded(t, args...)
				// Every one is refused: models must be 1 to 10000, and
				// 1..3:STEP with a step of 1 or more runs 1 only when
				// STEP is huge, which the rows below cover.
				if rng == "1..3:9223372036854775807" {
					if code != 0 {
						t.Errorf("sim %s: exit %d, want 0 (one point, models 1); stderr %q", strings.Join(args, " "), code, stderr)
					}
					return
				}
				assertRefused(t, args, code, stderr, "units.knights.models", "")
			})
		}
	}
	for _, c := range []struct {
		rng, want string
	}{
		{"0..9223372036854775807", "too many values (9223372036854775808); at most 100"},
		{"-5..9223372036854775807", "too many values (9223372036854775813); at most 100"},
		{"9223372036854775807..9223372036854775807", "units.knights.models=9223372036854775807: units[0].models: must be 1 to 10000, got 9223372036854775807"},
	} {
		args := []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=" + c.rng, "--trials", "200"}
		code, stderr := simBounded(t, args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("sim %s: exit %d, stderr %q; want 2 and %q", strings.Join(args, " "), code, stderr, c.want)
		}
	}
}

// A huge --workers is refused before anything is allocated for it, with
// the limit in the message (issue 13: --workers 100000000 ran out of
// memory), and the limit itself runs.
func TestWorkersLimit(t *testing.T) {
	t.Parallel()
	for _, cmd := range [][]string{
		{"run", "ogres-vs-arrows"},
		{"compare", "trolls-vs-knights", "--rules", "6th,8th"},
		{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=3..4"},
		{"matrix", "--units", "trolls", "--vs", "skinks"},
	} {
		args := append(append([]string(nil), cmd...), "--trials", "10000000000", "--workers", "100000000")
		code, stderr := simBounded(t, args...)
		assertRefused(t, args, code, stderr, "-workers", fmt.Sprintf("from 1 to %d", engine.MaxWorkers()))
		ok := append(append([]string(nil), cmd...), "--trials", "5000", "--workers", fmt.Sprint(engine.MaxWorkers()))
		if code, stderr := simBounded(t, ok...); code != 0 {
			t.Errorf("sim %s: exit %d, want 0; stderr %q", strings.Join(ok, " "), code, stderr)
		}
	}
}

// --trials takes what a scenario's trials field takes, 1 to
// scenarios.MaxTrials: the bound itself is accepted (and the run, cut
// short at once, is bounded), one more is refused.
func TestTrialsLimitAgreesWithTheScenarioField(t *testing.T) {
	t.Parallel()
	for _, cmd := range [][]string{
		{"run", "ogres-vs-arrows"},
		{"compare", "trolls-vs-knights", "--rules", "6th,8th"},
		{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=3..4"},
		{"matrix", "--units", "trolls", "--vs", "skinks"},
	} {
		args := append(append([]string(nil), cmd...), "--trials", "10000000001")
		code, stderr := simBounded(t, args...)
		assertRefused(t, args, code, stderr, "-trials", "from 1 to 10000000000")

		ctx, cancel := context.WithCancel(context.Background())
		cancel() // Ctrl-C before the first batch: the run stops at once
		at := append(append([]string(nil), cmd...), "--trials", "10000000000")
		if code, _, stderr := sim(t, ctx, at...); code != 1 || !strings.Contains(stderr, "interrupted") {
			t.Errorf("sim %s, interrupted at once: exit %d, stderr %q; want 1, interrupted", strings.Join(at, " "), code, stderr)
		}
	}
}

// simBounded runs sim in-process with a deadline: a command that runs
// past it has ignored its bounds, and the test says so.
func simBounded(t *testing.T, args ...string) (code int, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	code, _, stderr = sim(t, ctx, args...)
	if ctx.Err() != nil {
		t.Fatalf("sim %s ran for a minute: a run without bound", strings.Join(args, " "))
	}
	return code, stderr
}

// assertRefused checks a refusal: exit status 2, and one line naming what
// was refused (a flag, "-trials", or a --vary's field) and saying want,
// when given, followed at most by the hint to run sim help.
func assertRefused(t *testing.T, args []string, code int, stderr, name, want string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(lines) == 2 && lines[1] == "Run 'sim help' for usage." {
		lines = lines[:1]
	}
	switch {
	case code != 2:
		t.Errorf("sim %s: exit %d, want 2; stderr %q", strings.Join(args, " "), code, stderr)
	case len(lines) != 1 || !strings.HasPrefix(lines[0], "sim: ") || !strings.Contains(lines[0], name):
		t.Errorf("sim %s: stderr %q, want one line naming %s", strings.Join(args, " "), stderr, name)
	case !strings.Contains(lines[0], want):
		t.Errorf("sim %s: stderr %q, want it to say %q", strings.Join(args, " "), stderr, want)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A matrix names at most 100 units a side, and holds one cell's model at
// a time (issue 13: every model was built first and held, a few hundred
// KB a cell, so a long --units list ran out of memory).
func TestMatrixSizeLimit(t *testing.T) {
	t.Parallel()
	many := strings.TrimSuffix(strings.Repeat("trolls,", 101), ",")
	for _, args := range [][]string{
		{"matrix", "--units", many, "--vs", "skinks", "--trials", "1"},
		{"matrix", "--units", "skinks", "--vs", many, "--trials", "1"},
		{"matrix", "--units", many, "--trials", "1"},
	} {
		code, stderr := simBounded(t, args...)
		assertRefused(t, args, code, stderr, "--units", "at most 100 units each")
	}
	hundred := strings.TrimSuffix(strings.Repeat("trolls,", 100), ",")
	if code, stderr := simBounded(t, "matrix", "--units", hundred, "--vs", "skinks", "--trials", "1"); code != 0 {
		t.Errorf("a matrix of 100 rows: exit %d, stderr %q", code, stderr)
	}
}

// A comparison runs at most 100 columns (issue 13: each holds its model
// on every worker, so a long --rules list grew without bound).
func TestCompareColumnsLimit(t *testing.T) {
	t.Parallel()
	rules := func(n int) string { return strings.TrimSuffix(strings.Repeat("6th,", n), ",") }
	args := []string{"compare", "trolls-vs-knights", "--rules", rules(101), "--trials", "1"}
	code, stderr := simBounded(t, args...)
	assertRefused(t, args, code, stderr, "compare", "101 columns (one for each scenario under each ruleset) is too many; at most 100")
	args = []string{"compare", "trolls-vs-knights", "ogres-vs-arrows", "--rules", rules(51), "--trials", "1"}
	code, stderr = simBounded(t, args...)
	assertRefused(t, args, code, stderr, "compare", "102 columns")
	if code, stderr := simBounded(t, "compare", "trolls-vs-knights", "--rules", rules(100), "--trials", "1"); code != 0 {
		t.Errorf("100 columns: exit %d, stderr %q", code, stderr)
	}
}

// A scenario, house-rules or result file larger than sim reads is refused
// in one line, before it is read whole (issue 13: sim run /dev/zero read
// until memory ran out).
func TestOversizedFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sparse := func(name string, size int64) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(size); err != nil {
			t.Fatal(err)
		}
		return path
	}
	big := sparse("big.yaml", scenarios.MaxFileSize+1)
	huge := sparse("huge.json", maxResultSize+1)
	cases := [][]string{
		{"run", big},
		{"validate", big},
		{"sweep", big, "--vary", "units.a.models=1..2"},
		{"run", "ogres-vs-arrows", "--rules", big},
		{"plot", huge, "-o", filepath.Join(dir, "c.svg")},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, []string{"run", "/dev/zero"}, []string{"run", "ogres-vs-arrows", "--rules", "/dev/zero"})
	}
	for _, args := range cases {
		code, stderr := simBounded(t, args...)
		if code != 2 || !strings.Contains(stderr, "MiB, the most sim reads") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("sim %s: exit %d, stderr %q; want 2 and one line saying the file is too large", strings.Join(args, " "), code, stderr)
		}
	}
}
