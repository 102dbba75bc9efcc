package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// sim runs the command line as main does and returns its exit status and
// output.
func sim(t *testing.T, ctx context.Context, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(ctx, args, &out, &errb)
	code = exitCode(err, &errb)
	return code, out.String(), errb.String()
}

// withoutTiming drops the timing field, the only part of the JSON that
// differs between identical runs.
func withoutTiming(t *testing.T, js string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, js)
	}
	delete(m, "timing")
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// golden compares got with testdata/name, or rewrites it with -update. On a
// mismatch it writes testdata/name.got beside it for a diff.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/sim -update to create it)", err)
	}
	if got != string(want) {
		os.WriteFile(path+".got", []byte(got), 0o644)
		t.Errorf("output differs from %s; see %s.got (go test ./cmd/sim -update accepts it)", path, path)
	}
}

// The JSON and text outputs of fixed-seed runs are pinned. A change here is
// a change in the numbers users get: it must be deliberate.
func TestRunGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"ogres-vs-arrows.json", []string{"run", "ogres-vs-arrows", "--seed", "1", "--trials", "20000", "--format", "json"}},
		{"lances-vs-trolls.txt", []string{"run", "lances-vs-trolls", "--seed", "1", "--trials", "20000"}},
		{"executioners-exact.json", []string{"run", "executioners-vs-knights", "--seed", "2", "--trials", "20000", "--exact", "--format", "json"}},
		{"trolls-take-ten-exact.txt", []string{"exact", "trolls-take-ten"}},
		{"trolls-vs-knights.json", []string{"run", "trolls-vs-knights", "--seed", "3", "--trials", "20000", "--format", "json"}},
		{"trolls-vs-knights.txt", []string{"run", "trolls-vs-knights", "--seed", "3", "--trials", "20000"}},
		{"trolls-vs-knights.md", []string{"run", "trolls-vs-knights", "--seed", "3", "--trials", "20000", "--format", "markdown"}},
		{"ogres-vs-arrows.csv", []string{"run", "ogres-vs-arrows", "--seed", "3", "--trials", "20000", "--format", "csv"}},
		{"compare-rules.txt", []string{"compare", "trolls-vs-knights", "--rules", "6th,8th", "--seed", "4", "--trials", "20000"}},
		{"compare-editions.txt", []string{"compare", "trolls-vs-knights", "--rules", "6th,7th,8th,tow", "--seed", "4", "--trials", "20000"}},
		{"rules-diff-6th-tow.txt", []string{"rules", "diff", "6th", "tow"}},
		{"rules-tow.txt", []string{"rules", "tow"}},
		{"rules-7th.txt", []string{"rules", "7th"}},
		{"compare-rules.json", []string{"compare", "trolls-vs-knights", "--rules", "6th,6th+regeneration=save", "--seed", "4", "--trials", "20000", "--format", "json"}},
		{"compare-scenarios.md", []string{"compare", "ogres-vs-arrows", "skinks-vs-chaos-warriors", "--seed", "4", "--trials", "20000", "--format", "markdown"}},
		{"rules-diff.txt", []string{"rules", "diff", "6th", "8th"}},
		{"matrix-charge.txt", []string{"matrix", "--units", "empire_knights,trolls", "--vs", "ogre_bulls,skinks", "--seed", "6", "--trials", "5000"}},
		{"matrix-volley.csv", []string{"matrix", "--units", "executioners,witch_elves", "--fight", "volley", "--seed", "6", "--trials", "5000", "--format", "csv"}},
		{"matrix-charge.json", []string{"matrix", "--units", "trolls", "--vs", "empire_knights", "--seed", "6", "--trials", "5000", "--format", "json"}},
		{"units.txt", []string{"units"}},
		{"sweep-models.txt", []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=3..7", "--seed", "5", "--trials", "5000"}},
		{"sweep-two.csv", []string{"sweep", "ogres-vs-arrows", "--vary", "units.archers.models=5..15:5", "--vary", "fight.to_hit_modifier=-1..0", "--seed", "5", "--trials", "5000", "--format", "csv"}},
		{"sweep-regeneration.json", []string{"sweep", "lances-vs-trolls", "--vary", "units.trolls.regeneration=3+..5+", "--seed", "5", "--trials", "5000", "--format", "json"}},
		{"rules-6th.csv", []string{"rules", "6th+fear=none", "--format", "csv"}},
		// Every command for every game (issue 12).
		{"rules-wotr.txt", []string{"rules", "wotr"}},
		{"rules-1.5.csv", []string{"rules", "1.5", "--format", "csv"}},
		{"rules-diff-conquest.txt", []string{"rules", "diff", "1.5", "2.0"}},
		{"rules-diff-same.csv", []string{"rules", "diff", "2.0", "2.0", "--format", "csv"}},
		{"rules-diff-same.json", []string{"rules", "diff", "wotr", "wotr", "--format", "json"}},
		{"compare-wotr.txt", []string{"compare", "wotr-captain-duel", "--rules", "wotr,wotr+battle_skill=none", "--seed", "3", "--trials", "5000"}},
		{"compare-conquest.json", []string{"compare", "conquest-guard-vs-drones", "--rules", "1.5,1.5+size_bonus_counted=before_action", "--seed", "3", "--trials", "5000", "--format", "json"}},
		{"sweep-wotr.txt", []string{"sweep", "wotr-captain-duel", "--vary", "formations.arnor.companies=2..4", "--rules", "wotr+battle_skill=none", "--seed", "2", "--trials", "3000"}},
		{"matrix-sizes.txt", []string{"matrix", "--units", "empire_knights:8,trolls", "--vs", "ogre_bulls:2", "--seed", "6", "--trials", "3000"}},
		{"matrix-template.txt", []string{"matrix", "--template", "testdata/uphill.yaml", "--units", "empire_knights:6,chaos_knights", "--vs", "trolls,ogre_bulls", "--seed", "6", "--trials", "3000"}},
		{"units-wotr.txt", []string{"units", "--game", "wotr"}},
		{"units-conquest.txt", []string{"units", "--game", "conquest"}},
		{"characters-wotr.txt", []string{"units", "--game", "wotr", "--characters"}},
		{"characters-conquest.txt", []string{"units", "--game", "conquest", "--characters"}},
		{"matrix-wotr.txt", []string{"matrix", "--game", "wotr", "--units", "warriors_of_arnor,mordor_trolls", "--vs", "orc_warriors,high_elves", "--seed", "6", "--trials", "3000"}},
		{"matrix-conquest.csv", []string{"matrix", "--rules", "1.5", "--units", "household_guard,abomination", "--vs", "militia,avatara", "--seed", "6", "--trials", "3000", "--format", "csv"}},
		{"sweep-conquest.csv", []string{"sweep", "conquest-guard-vs-drones", "--vary", "regiments.guard.stands=2..4", "--seed", "2", "--trials", "3000", "--format", "csv"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := sim(t, context.Background(), c.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if strings.HasSuffix(c.name, ".json") && strings.Contains(out, `"timing"`) {
				out = withoutTiming(t, out)
			}
			golden(t, c.name, out)
		})
	}
}

// Issue 2: the same seed gives identical JSON, timing aside, with 1, 2 and
// 5 workers, and with batches split unevenly between them.
func TestWorkersGiveIdenticalResults(t *testing.T) {
	t.Parallel()
	var first string
	for _, w := range []string{"1", "2", "5"} {
		code, out, errs := sim(t, context.Background(), "run", "lances-vs-trolls", "--seed", "7", "--trials", "50000", "--workers", w, "--format", "json")
		if code != 0 {
			t.Fatalf("workers %s: exit %d: %s", w, code, errs)
		}
		out = withoutTiming(t, out)
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("--workers %s gives different JSON from --workers 1", w)
		}
	}
}

// A seed drawn at random is printed, and rerunning with it reproduces the run.
func TestRandomSeedIsPrintedAndReproduces(t *testing.T) {
	_, out, _ := sim(t, context.Background(), "run", "ogres-vs-arrows", "--trials", "5000", "--format", "json")
	var rep struct {
		Seed       uint64 `json:"seed"`
		SeedSource string `json:"seed_source"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.SeedSource != "random" {
		t.Errorf("seed_source %q, want random", rep.SeedSource)
	}
	_, again, _ := sim(t, context.Background(), "run", "ogres-vs-arrows", "--trials", "5000", "--format", "json", "--seed", jsonNumber(rep.Seed))
	strip := func(s string) string {
		return regexp.MustCompile(`"seed_source": "[a-z]+"`).ReplaceAllString(withoutTiming(t, s), "")
	}
	if strip(out) != strip(again) {
		t.Error("rerunning with the printed seed gives different numbers")
	}
	_, text, _ := sim(t, context.Background(), "run", "ogres-vs-arrows", "--trials", "5000")
	if !regexp.MustCompile(`seed \d+ \(drawn at random\)`).MatchString(text) || !strings.Contains(text, "rerun with --seed") {
		t.Errorf("the text output does not show the random seed:\n%s", text)
	}
}

func jsonNumber(n uint64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// Bad input prints one clear line naming the file, line and field, exits 2,
// and leaves no output file behind (issue 2).
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	base := `name: bad
units:
  - id: archers
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}
    models: 10
    missile: {name: bow, strength: 3}
  - id: goblins
    profile: {M: 4, WS: 2, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6}
    models: 20
fight: {type: volley, attacker: archers, target: goblins, phase: shooting}
`
	for _, c := range []struct {
		name, yaml string
		want       string // a regular expression the one stderr line must match
		why        string
	}{
		{"malformed", "units: [\n", `^sim: .*malformed\.yaml:\d+: YAML syntax error: .+$`, "a syntax error names the line"},
		{"unknown-field", strings.Replace(base, "models: 10", "modles: 10", 1), `^sim: .*unknown-field\.yaml:5:5: units\[0\]\.modles: unknown field "modles"; did you mean "models"\?`, "an unknown field is named, with a suggestion"},
		{"ws0", strings.Replace(base, "WS: 3, BS: 3", "WS: 0, BS: 3", 1), `^sim: .*ws0\.yaml:4:\d+: units\[0\]\.profile\.WS: must be 1 to 10, got 0$`, "WS 0 is out of range"},
		{"ws11", strings.Replace(base, "WS: 3, BS: 3", "WS: 11, BS: 3", 1), `^sim: .*ws11\.yaml:4:\d+: units\[0\]\.profile\.WS: must be 1 to 10, got 11$`, "WS 11 is out of range"},
		{"negative-models", strings.Replace(base, "models: 20", "models: -3", 1), `^sim: .*negative-models\.yaml:9:13: units\[1\]\.models: must be 1 to 10000, got -3$`, "negative models"},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(dir, c.name+".yaml")
			if err := os.WriteFile(file, []byte(c.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, c.name+".json")
			code, stdout, stderr := sim(t, context.Background(), "run", file, "--format", "json", "--out", out)
			if code != 2 {
				t.Errorf("exit %d, want 2 (%s)", code, c.why)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if len(lines) != 1 || !regexp.MustCompile(c.want).MatchString(lines[0]) {
				t.Errorf("stderr %q, want one line matching %s (%s)", stderr, c.want, c.why)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			assertNoFiles(t, dir, c.name+".json")
		})
	}
	t.Run("missing-file", func(t *testing.T) {
		code, _, stderr := sim(t, context.Background(), "run", filepath.Join(dir, "nope.yaml"))
		if code != 2 || !strings.Contains(stderr, "nope.yaml: no such file") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("exit %d, stderr %q: want 2 and one line naming the file", code, stderr)
		}
	})
}

// assertNoFiles fails if dir holds the file name or any temporary file.
func assertNoFiles(t *testing.T, dir, name string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() == name || strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("%s was left behind", e.Name())
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		why  string
	}{
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"run"}, 2, "no scenario"},
		{[]string{"run", "ogres-vs-arrows", "--trials", "0"}, 2, "zero trials"},
		{[]string{"run", "ogres-vs-arrows", "--workers", "0"}, 2, "zero workers"},
		{[]string{"run", "ogres-vs-arrows", "--format", "xml"}, 2, "unknown format"},
		{[]string{"run", "ogres-vs-arrows", "--colour"}, 2, "unknown flag"},
		{[]string{"run", "no-such-scenario"}, 2, "neither a file nor a built-in"},
		{[]string{"list", "extra"}, 2, "list takes no arguments"},
		{[]string{"run", "--help"}, 0, "help is not an error"},
		{[]string{"help"}, 0, "help"},
		{[]string{"version"}, 0, "version"},
		{[]string{"list"}, 0, "list"},
		{[]string{"validate", "ogres-vs-arrows"}, 0, "a built-in is valid"},
		{[]string{"sweep", "trolls-vs-knights"}, 2, "no --vary"},
		{[]string{"matrix"}, 2, "no units"},
		{[]string{"sweep", "trolls-vs-knights", "--rules", "8th", "--vary", "rules.rank_bonus_width=3..5"}, 2, "--rules replaces the rules a sweep would vary"},
		{[]string{"run", "ogres-vs-arrows", "--size", "300x200"}, 2, "a chart too small, refused before the run"},
		{[]string{"rules", "diff", "6th", "6th+fear=auto_break_when_outnumbered"}, 0, "no differences is not an error"},
		{[]string{"matrix", "--units", "trolls,dragons"}, 2, "a unit not in the library"},
		{[]string{"matrix", "--units", "trolls", "--fight", "duel"}, 2, "an unknown fight"},
		{[]string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=0..2"}, 2, "models 0 is bad input, named with the value"},
		{[]string{"sweep", "trolls-vs-knights", "--vary", "units.orcs.models=1..2"}, 2, "no such unit"},
		{[]string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=9..2"}, 2, "a range backwards"},
		{[]string{"rules", "diff", "6th", "wotr"}, 2, "rulesets of two games"},
		{[]string{"matrix", "--units", "trolls:0"}, 2, "a size of 0"},
		{[]string{"matrix", "--template", "ogres-vs-arrows", "--units", "trolls"}, 2, "a template without units row and col"},
		{[]string{"matrix", "--template", "testdata/uphill.yaml", "--fight", "volley", "--units", "trolls"}, 2, "a template's fight is the cells'"},
		{[]string{"matrix", "--template", "testdata/uphill.yaml", "--game", "wotr", "--units", "orc_warriors"}, 2, "a template of another game than --game"},
		{[]string{"matrix", "--units", "trolls:x"}, 2, "a size that is not a number"},
		{[]string{"matrix", "--units", "trolls:20000", "--trials", "10"}, 2, "a size the scenario refuses, before any cell runs"},
		{[]string{"run", "wotr-captain-duel", "--rules", "6th"}, 2, "a Warhammer ruleset on a War of the Ring scenario"},
		{[]string{"exact", "conquest-guard-vs-drones", "--rules", "wotr"}, 2, "a War of the Ring ruleset on a Conquest scenario"},
		{[]string{"run", "conquest-guard-vs-drones", "--rules", "2.0"}, 2, "a 1.5 scenario that 2.0 makes invalid: a located error"},
		{[]string{"units", "--game", "conquest"}, 0, "Conquest's regiment library"},
		{[]string{"matrix", "--rules", "wotr", "--units", "trolls"}, 2, "the game of --rules is War of the Ring, whose library has no trolls"},
		{[]string{"matrix", "--game", "conquest", "--units", "militia", "--fight", "charge"}, 2, "Conquest's library offers the volley (a Clash) only"},
		{[]string{"matrix", "--game", "wotr", "--rules", "6th", "--units", "trolls"}, 2, "--game and --rules disagree"},
	} {
		code, _, stderr := sim(t, context.Background(), c.args...)
		if code != c.code {
			t.Errorf("sim %s: exit %d, want %d (%s); stderr %q", strings.Join(c.args, " "), code, c.code, c.why, stderr)
		}
	}
}

// --out writes the whole output atomically, and the same bytes as stdout.
func TestOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.json")
	args := []string{"run", "ogres-vs-arrows", "--seed", "3", "--trials", "5000", "--format", "json"}
	code, stdout, _ := sim(t, context.Background(), append(args, "--out", out)...)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q", code, stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	_, direct, _ := sim(t, context.Background(), args...)
	if withoutTiming(t, string(data)) != withoutTiming(t, direct) {
		t.Error("--out wrote different numbers from stdout")
	}
	assertNoFiles(t, dir, "none")
	code, _, stderr := sim(t, context.Background(), append(args, "--out", filepath.Join(dir, "missing", "r.json"))...)
	if code != 2 || !strings.Contains(stderr, "no folder") {
		t.Errorf("writing into a missing directory: exit %d, stderr %q; want it refused before the run (exit 2)", code, stderr)
	}
}

// Ctrl-C (a cancelled context) stops the run; the output holds the
// finished trials and says it is partial.
func TestInterruptedRunIsMarkedPartial(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	code, out, stderr := sim(t, ctx, "run", "lances-vs-trolls", "--seed", "1", "--trials", "10000000000", "--format", "json")
	if code != 1 {
		t.Fatalf("exit %d, want 1 for an interrupted run; stderr %q", code, stderr)
	}
	var rep struct {
		Trials    int64 `json:"trials"`
		Requested int64 `json:"trials_requested"`
		Complete  bool  `json:"complete"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("partial output is not JSON: %v", err)
	}
	if rep.Complete || rep.Trials <= 0 || rep.Trials >= rep.Requested {
		t.Errorf("partial run: %+v", rep)
	}
	if !strings.Contains(stderr, "interrupted after") {
		t.Errorf("stderr %q does not say the run was interrupted", stderr)
	}
}

func TestDefaultRunsTheDefaultScenario(t *testing.T) {
	if testing.Short() {
		t.Skip("a full default run")
	}
	code, out, stderr := sim(t, context.Background())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// The answer first (who wins, issue 13), then the scenario.
	lines := strings.SplitN(out, "\n", 3)
	if len(lines) < 3 || !regexp.MustCompile(`^(Trolls|Empire Knights) win \d+\.\d% \[`).MatchString(lines[0]) ||
		!strings.HasPrefix(lines[1], defaultScenario()+":") || !strings.Contains(out, "1,000,000 trials") {
		t.Errorf("sim with no arguments printed:\n%s", out)
	}
}
