package scenario

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// The pin of two-unit fights (issue 30, step 0 of
// docs/plans/issue-30-several-units.md): what fights of two units produce
// today, so that the refactors that generalise the engine to several units
// provably change nothing.
//
// This is a regression pin for refactors, not a check of the rules: its
// hashes were recorded from the engine as it was, right or wrong. The rules
// are checked elsewhere, against hand-worked values, the exact solver and
// the die-by-die reference (STYLE practice 17). A deliberate change of the
// numbers (a rule fixed, a preset changed) rewrites the file with
// go test ./game/warhammer/scenario -run TwoUnit -update, and says why in
// its commit.

// pinTrials is the trials of each run: under one batch, so fast, and enough
// that every path of a fight is taken many times.
const pinTrials = 1500

// pinSeeds are the seeds each fight runs with.
var pinSeeds = []uint64{1, 2}

// pinExactWork is the largest ExactWork whose exact solution the pin
// takes: a fraction of a second each.
const pinExactWork = 1e6

// pinPresets are the presets every fight is fought under.
var pinPresets = []string{"6th", "7th", "8th", "tow"}

// twoUnitFights are the fights pinned: every built-in close combat (a
// built-in of several units, such as hammer-and-anvil, too: the refactors
// still to come must not change it either), and
// the fights of testdata/two-unit, each written for paths the built-ins
// leave out (its comment says which).
func twoUnitFights(t *testing.T) map[string][]byte {
	t.Helper()
	fights := map[string][]byte{}
	for _, name := range scenarios.BuiltinNames() {
		p, err := scenarios.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := p.Model.(*warhammer.Fight); ok {
			fights["builtin:"+name], _ = scenarios.BuiltinSource(name)
		}
	}
	paths, err := filepath.Glob(filepath.Join("testdata", "two-unit", "*.yaml"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fights in testdata/two-unit: %v", err)
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fights[p] = src
	}
	return fights
}

// TestTwoUnitFightsUnchanged runs every fight of twoUnitFights under every
// preset, with and without round tables and die by die, with fixed seeds,
// and solves it exactly where it is small, and compares a hash of each
// whole result (every histogram bin and count, every metric's name and
// range, every event's name; every float of an exact solution, bit for
// bit) with testdata/two-unit.golden.
func TestTwoUnitFightsUnchanged(t *testing.T) {
	fights := twoUnitFights(t)
	var lines []string
	for _, file := range slices.Sorted(maps.Keys(fights)) {
		for _, preset := range pinPresets {
			lines = append(lines, pinFight(t, file, fights[file], preset)...)
		}
	}
	checkPin(t, filepath.Join("testdata", "two-unit.golden"), lines)
}

// TestTwoUnitFightsDoNotAllocate holds every pinned fight, under every
// preset, to no allocation per trial, from tables and stage by stage.
func TestTwoUnitFightsDoNotAllocate(t *testing.T) {
	fights := twoUnitFights(t)
	for _, file := range slices.Sorted(maps.Keys(fights)) {
		for _, preset := range pinPresets {
			f := pinLoad(t, file, fights[file], preset)
			name := pinName(file, preset)
			enginetest.TrialsDoNotAllocate(t, name, f)
			enginetest.TrialsDoNotAllocate(t, name+", stage by stage", f.WithoutTables())
		}
	}
}

// pinLoad loads the close combat of file, whose source is src, under
// preset.
func pinLoad(t *testing.T, file string, src []byte, preset string) *warhammer.Fight {
	t.Helper()
	rules, err := scenarios.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	p, err := scenarios.LoadWith(file, src, rules)
	if err != nil {
		t.Fatalf("%s under %s: %v", file, preset, err)
	}
	f, ok := p.Model.(*warhammer.Fight)
	if !ok {
		t.Fatalf("%s: a %T, not a close combat", file, p.Model)
	}
	return f
}

// pinName names a fight of file under preset in the pin's lines.
func pinName(file, preset string) string {
	return strings.TrimSuffix(filepath.Base(file), ".yaml") + " " + preset
}

// pinFight is the pin's lines of one fight under preset.
func pinFight(t *testing.T, file string, src []byte, preset string) []string {
	t.Helper()
	f := pinLoad(t, file, src, preset)
	name := pinName(file, preset)
	var lines []string
	for _, m := range []struct {
		path  string
		model *warhammer.Fight
	}{
		{fmt.Sprintf("run(tables=%v)", f.UsesTables()), f},
		{"stages", f.WithoutTables()},
		{"perdie", f.PerDie()},
	} {
		for _, seed := range pinSeeds {
			res, err := engine.Run(context.Background(), m.model, engine.Config{Trials: pinTrials, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, fmt.Sprintf("%s %s seed=%d %s", name, m.path, seed, hashResult(res)))
		}
	}
	if w := f.ExactWork(); w > pinExactWork {
		return append(lines, fmt.Sprintf("%s exact skipped (work %.2g)", name, w))
	}
	ex, err := f.Exact()
	if err != nil {
		return append(lines, fmt.Sprintf("%s exact error %q", name, err))
	}
	return append(lines, fmt.Sprintf("%s exact %s", name, hashExact(ex)))
}

// hashResult is a short hash of everything res holds but its seed: each
// metric's name, range and histogram, each event's name and count, and
// the trials.
func hashResult(res *engine.Result) string {
	h := sha256.New()
	for m, mt := range res.Metrics {
		fmt.Fprintf(h, "metric %q %d %d\n", mt.Name, mt.Min, mt.Max)
		for _, n := range res.Hist[m] {
			binary.Write(h, binary.LittleEndian, n)
		}
	}
	for e, name := range res.Events {
		fmt.Fprintf(h, "event %q %d\n", name, res.Count[e])
	}
	fmt.Fprintf(h, "trials %d %d %v\n", res.Trials, res.Requested, res.Complete)
	return fmt.Sprintf("%x", h.Sum(nil)[:8])
}

// hashExact is a short hash of an exact solution: each metric's name,
// range and probabilities, each event's name and probability, every
// float by its bits.
func hashExact(ex *engine.Exact) string {
	h := sha256.New()
	for m, mt := range ex.Metrics {
		fmt.Fprintf(h, "metric %q %d %d\n", mt.Name, mt.Min, mt.Max)
		for _, p := range ex.PMF[m] {
			binary.Write(h, binary.LittleEndian, math.Float64bits(p))
		}
	}
	for e, name := range ex.Events {
		fmt.Fprintf(h, "event %q %x\n", name, math.Float64bits(ex.P[e]))
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:8])
}

// checkPin compares lines with the golden file at path, or rewrites it
// with -update. On a mismatch it names the lines that differ and writes
// path.got beside it.
func checkPin(t *testing.T, path string, lines []string) {
	t.Helper()
	got := strings.Join(lines, "\n") + "\n"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run TwoUnit -update writes it)", err)
	}
	if got == string(data) {
		return
	}
	os.WriteFile(path+".got", []byte(got), 0o644)
	var differ []string
	wantLines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for _, l := range lines {
		if !slices.Contains(wantLines, l) {
			differ = append(differ, "got:  "+l)
		}
	}
	for _, l := range wantLines {
		if !slices.Contains(lines, l) {
			differ = append(differ, "want: "+l)
		}
	}
	if len(differ) > 20 {
		differ = append(differ[:20], fmt.Sprintf("... and %d more", len(differ)-20))
	}
	t.Errorf("two-unit fights changed: %d lines differ from %s; see %s.got (go test -run TwoUnit -update accepts it, for a deliberate change only):\n%s",
		len(differ), path, path, strings.Join(differ, "\n"))
}
