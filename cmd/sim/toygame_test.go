package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/internal/toygame"
	"github.com/wargamesim/sim/report"
)

// In a process that TestToyGame starts (SIM_TOYGAME=1), the toy game joins
// the real ones before TestMain runs sim's main (SIM_TEST_MAIN=1). No
// other process registers it, so no other test sees a fourth game.
func init() {
	if os.Getenv("SIM_TOYGAME") == "1" {
		toygame.Register()
	}
}

// toySim runs sim, with the toy game registered beside the real ones, as a
// process of its own (this test binary again) in dir, and returns what it
// printed; a non-zero exit status fails t.
func toySim(t *testing.T, dir string, args ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "SIM_TEST_MAIN=1", "SIM_TOYGAME=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("sim %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// toyJSON runs sim as toySim does and decodes its JSON output into v.
func toyJSON(t *testing.T, dir string, v any, args ...string) {
	t.Helper()
	out := toySim(t, dir, append(args, "--format", "json")...)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("sim %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// docs/architecture.md's "Adding a game" is the whole recipe: a game
// written by it in a package of its own (internal/toygame), with no edit
// elsewhere and registered by one call, works in every command (list,
// show, units, rules, validate, run, exact, plot, compare, sweep, matrix,
// balance, merge, report) and in the command lines the web page runs
// (web/static/app.js).
// The expectations come from the toy package itself, from hand arithmetic
// or from the exact solver, never from sim's output.
func TestToyGame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sim as some forty processes")
	}
	// Not parallel: its processes would load the machine while the
	// parallel tests that time sim's answer to a signal run.
	dir := t.TempDir()
	t.Run("catalogue", func(t *testing.T) { toyCatalogue(t, dir) })
	t.Run("run and exact", func(t *testing.T) { toyRunExact(t, dir) })
	t.Run("studies", func(t *testing.T) { toyStudies(t, dir) })
	t.Run("balance", func(t *testing.T) { toyBalance(t, dir) })
	t.Run("shards and report", func(t *testing.T) { toyShardsReport(t, dir) })
	t.Run("web page", func(t *testing.T) { toyPage(t, dir) })
}

// The toy's built-in, library and rule system are listed beside the real
// games', and its built-in validates.
func toyCatalogue(t *testing.T, dir string) {
	toy := func(args ...string) string { t.Helper(); return toySim(t, dir, args...) }
	if builtins, err := fs.ReadDir((toygame.Game{}).Builtins(), "."); err != nil || len(builtins) != 1 || builtins[0].Name() != "toy-skirmish.yaml" {
		t.Fatalf("the toy's built-ins are %v (%v); the tests run toy-skirmish", builtins, err)
	}
	_, real, _ := sim(t, context.Background(), "list") // in this process: the real games alone
	var others []string
	for _, l := range strings.SplitAfter(toy("list"), "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "toy-skirmish" {
			continue
		}
		others = append(others, l)
	}
	if got := strings.Join(others, ""); got != real {
		t.Errorf("sim list with the toy, less its toy-skirmish line:\n%s\nwant the real games' list:\n%s", got, real)
	}
	if y := toy("show", "toy-skirmish"); !strings.Contains(y, "game: toy\n") {
		t.Errorf("sim show toy-skirmish:\n%s", y)
	} else if err := os.WriteFile(filepath.Join(dir, "scenario.yaml"), []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range strings.Split(strings.TrimSpace(toy("units", "--game", "toy")), "\n") {
		names = append(names, strings.Fields(l)[0])
	}
	if want := (toygame.Game{}).Library().Names(); !slices.Equal(names, want) {
		t.Errorf("sim units --game toy lists %v, want the library's %v", names, want)
	}
	var rules struct {
		Game    string
		Options []struct{ Option, From string }
	}
	toyJSON(t, dir, &rules, "rules", "toy1")
	if rules.Game != "toy" || len(rules.Options) != len(toygame.System.Options) {
		t.Errorf("sim rules toy1: %+v, want the toy's %d options", rules, len(toygame.System.Options))
	}
	for i, o := range rules.Options {
		if o.Option != toygame.System.Options[i].Name || o.From != "preset toy1" {
			t.Errorf("sim rules toy1: option %d is %+v, want %s from preset toy1", i, o, toygame.System.Options[i].Name)
		}
	}
	var diff struct{ Differences []struct{ Option string } }
	var differ []string
	one, _ := toygame.System.Preset("toy1")
	two, _ := toygame.System.Preset("toy2")
	for _, o := range toygame.System.Options {
		if o.Get(&one.Values) != o.Get(&two.Values) {
			differ = append(differ, o.Name)
		}
	}
	if toyJSON(t, dir, &diff, "rules", "diff", "toy1", "toy2"); len(diff.Differences) != len(differ) {
		t.Errorf("sim rules diff toy1 toy2: %+v, want %v", diff, differ)
	}
	if out := toy("validate", "scenario.yaml"); out != "scenario.yaml: ok\n" {
		t.Errorf("sim validate scenario.yaml: %q", out)
	}
}

// The headline names both bands; sim exact agrees with sim run, and with
// the hand's arithmetic; the charts are drawn, during a run and from its
// saved JSON.
func toyRunExact(t *testing.T, dir string) {
	toy := func(args ...string) string { t.Helper(); return toySim(t, dir, args...) }
	var run, exact report.Report
	toyJSON(t, dir, &run, "run", "toy-skirmish", "--trials", "200000", "--seed", "3", "--quiet")
	head, _, _ := strings.Cut(toy("run", "toy-skirmish", "--trials", "20000", "--seed", "3", "--quiet"), "\n")
	if len(run.Names) != 2 || !strings.Contains(head, " win ") || !strings.Contains(head, ", draw ") {
		t.Errorf("sim run toy-skirmish: headline %q, names %v: want each band's win and the draw", head, run.Names)
	}
	for _, name := range run.Names {
		if !strings.Contains(head, name) {
			t.Errorf("sim run toy-skirmish: headline %q does not name %s", head, name)
		}
	}
	// Each simulated chance lies within 4.5 standard errors of the exact
	// one (enginetest.ProportionAgrees): by the normal approximation a
	// correct solver fails so about once in 150,000 seeds for each event
	// (two-sided, 6.8e-6), while at 200,000 trials 4.5 standard errors of
	// a chance near 0.4 are half a percentage point, so a solver or a
	// trial that errs by more fails.
	toyJSON(t, dir, &exact, "exact", "toy-skirmish")
	if len(exact.Events) != 3 || len(run.Events) != 3 {
		t.Fatalf("events: exact %v, run %v; want each band's win and the draw", exact.Events, run.Events)
	}
	for e, p := range exact.Events {
		if x := int64(math.Round(run.Events[e].P * float64(run.Trials))); !enginetest.ProportionAgrees(x, run.Trials, p.P) {
			t.Errorf("%s: sim run %v in %d trials, sim exact %v", e, run.Events[e].P, run.Trials, p.P)
		}
	}
	// One round, one model a side, one attack hitting on 4+: p = 1/2, or
	// 3/4 with misses rolled again (toy2, where a strikes first).
	hand := "game: toy\nbands:\n  - {id: a, models: 1, attacks: 1, hit_on: 4+}\n  - {id: b, models: 1, attacks: 1, hit_on: 4+}\nfight: {max_rounds: 1}\n"
	if err := os.WriteFile(filepath.Join(dir, "hand.yaml"), []byte(hand), 0o644); err != nil {
		t.Fatal(err)
	}
	for rules, want := range map[string][3]float64{"toy1": {1. / 4, 1. / 4, 1. / 2}, "toy2": {3. / 4, 1. / 4 * 3. / 4, 1. / 16}} {
		var r report.Report
		toyJSON(t, dir, &r, "exact", "hand.yaml", "--rules", rules)
		for i, e := range []string{"a.wins", "b.wins", "draw"} {
			if got := r.Events[e].P; math.Abs(got-want[i]) > 1e-12 {
				t.Errorf("sim exact hand.yaml --rules %s: P(%s) = %v, want %v", rules, e, got, want[i])
			}
		}
	}
	toy("run", "toy-skirmish", "--trials", "2000", "--seed", "1", "--quiet", "--plot", "fight.svg",
		"--plot", "outcomes=outcomes.png", "--plot", "veterans.casualties=casualties.svg", "--format", "json", "--out", "run.json")
	toy("plot", "run.json", "-o", "replot.svg")
	for _, f := range []string{"fight.svg", "outcomes.png", "casualties.svg", "replot.svg"} {
		checkChart(t, filepath.Join(dir, f))
	}
}

// checkChart fails t unless path is an SVG or PNG chart, as its name says.
func checkChart(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	switch {
	case err != nil:
		t.Error(err)
	case strings.HasSuffix(path, ".svg") && !bytes.Contains(data, []byte("<svg")),
		strings.HasSuffix(path, ".png") && !bytes.HasPrefix(data, []byte("\x89PNG")):
		t.Errorf("%s is not a chart: %.60q", path, data)
	}
}

// compare, sweep and matrix run the toy under its presets, over its
// fields (a roll field written 3+, as RollFields says) and across its
// library, exactly or simulated alike.
func toyStudies(t *testing.T, dir string) {
	var c report.Comparison
	toyJSON(t, dir, &c, "compare", "toy-skirmish", "--rules", "toy1,toy2", "--trials", "20000", "--seed", "1", "--quiet", "--plot", "compare.svg")
	checkChart(t, filepath.Join(dir, "compare.svg"))
	if len(c.Columns) != 2 || c.Columns[0].Label != "toy1" || c.Columns[1].Label != "toy2" {
		t.Errorf("sim compare --rules toy1,toy2: columns %+v", c.Columns)
	}
	for label, r := range c.Results {
		if sum := r.Events["recruits.wins"].P + r.Events["veterans.wins"].P + r.Events["draw"].P; math.Abs(sum-1) > 1e-9 {
			t.Errorf("sim compare: %s's wins and draw add up to %v", label, sum)
		}
	}
	// More veterans win more often, and veterans who hit less often win
	// less often: exactly, and simulated on one seed, far apart. hit_on=3..5
	// loads only if the sweep writes 3+ (a roll field, Game.RollFields).
	for _, v := range []struct {
		vary, values string
		more         bool
		flags        []string
	}{
		{"bands.veterans.models=1..3", "1 2 3", true, []string{"--exact"}},
		{"bands.veterans.hit_on=3..5", "3 4 5", false, []string{"--trials", "20000"}},
	} {
		var s report.Sweep
		toyJSON(t, dir, &s, append([]string{"sweep", "toy-skirmish", "--vary", v.vary, "--seed", "1", "--quiet"}, v.flags...)...)
		var values []string
		for i, p := range s.Points {
			values = append(values, p.Values...)
			if i == 0 {
				continue
			}
			if from, to := s.Points[i-1].Events["veterans.wins"].P, p.Events["veterans.wins"].P; (to > from) != v.more {
				t.Errorf("sim sweep --vary %s: P(veterans.wins) goes from %v to %v", v.vary, from, to)
			}
		}
		if got := strings.Join(values, " "); got != v.values {
			t.Errorf("sim sweep --vary %s: values %s, want %s", v.vary, got, v.values)
		}
	}
	var simulated, exact report.Matrix
	matrix := []string{"matrix", "--game", "toy", "--units", "veterans,recruits", "--vs", "duellist,recruits", "--seed", "1", "--quiet"}
	toyJSON(t, dir, &simulated, slices.Concat(matrix, []string{"--trials", "20000", "--plot", "matrix.svg"})...)
	toyJSON(t, dir, &exact, append(slices.Clip(matrix), "--exact")...)
	checkChart(t, filepath.Join(dir, "matrix.svg"))
	if fight := (toygame.Game{}).Library().Fights()[0].Name; simulated.Fight != fight || len(simulated.Cells) != 2 || len(exact.Cells) != 2 {
		t.Fatalf("sim matrix --game toy: fight %q (want %q), %d rows of cells", simulated.Fight, fight, len(simulated.Cells))
	}
	for i, row := range simulated.Cells {
		for j, cell := range row {
			if x := int64(math.Round(cell.Win.P * float64(cell.Trials))); len(row) != 2 || !exact.Cells[i][j].Exact ||
				!enginetest.ProportionAgrees(x, cell.Trials, exact.Cells[i][j].Win.P) {
				t.Errorf("sim matrix: %s against %s wins %v simulated, %v exactly", simulated.Rows[i], simulated.Cols[j], cell.Win.P, exact.Cells[i][j].Win.P)
			}
		}
	}
}

// sim balance finds where the recruits' chance to win crosses a half, as
// the exact sweep over the same range shows it.
func toyBalance(t *testing.T, dir string) {
	var b report.Balance
	var s report.Sweep
	toyJSON(t, dir, &b, "balance", "toy-skirmish", "--vary", "bands.recruits.models=1..10", "--target", "recruits.wins=0.5", "--seed", "1", "--quiet")
	toyJSON(t, dir, &s, "sweep", "toy-skirmish", "--vary", "bands.recruits.models=1..10", "--exact", "--seed", "1", "--quiet")
	cross := 0 // the most recruits who win at most half the time
	for _, p := range s.Points {
		n, err := strconv.Atoi(p.Values[0])
		if err != nil {
			t.Fatal(err)
		}
		if p.Events["recruits.wins"].P <= 0.5 {
			cross = n
		}
	}
	if c := b.Crossing; !c.Found || c.Below == nil || c.Above == nil || c.Below.Value != cross || c.Above.Value != cross+1 {
		t.Errorf("sim balance: crossing %+v, want between %d and %d recruits (sim sweep --exact)", c, cross, cross+1)
	}
}

// A run cut in shards merges to the whole run, and sim report writes its
// page.
func toyShardsReport(t *testing.T, dir string) {
	toy := func(args ...string) string { t.Helper(); return toySim(t, dir, args...) }
	whole := []string{"run", "toy-skirmish", "--trials", "30000", "--seed", "5", "--quiet"}
	for i := range 2 {
		toy(slices.Concat(whole, []string{"--shard", strconv.Itoa(i) + "/2", "--out", "shard" + strconv.Itoa(i) + ".json"})...)
	}
	if merged, want := toy("merge", "shard0.json", "shard1.json"), toy(whole...); merged != want {
		t.Errorf("sim merge of two shards:\n%s\nthe whole run:\n%s", merged, want)
	}
	toy("report", "toy-skirmish", "--trials", "2000", "--seed", "1", "-o", "report.html")
	if page, err := os.ReadFile(filepath.Join(dir, "report.html")); err != nil || !bytes.Contains(page, []byte("<html")) {
		t.Errorf("sim report wrote %.60q (%v)", page, err)
	}
}

// The command lines the web page runs (web/static/app.js: list, show,
// validate, then run, compare and sweep of its scenario file with
// --trials, --quiet, --seed, --format and --plot, a variant compared with
// the scenario, and a link's run) work for the toy.
func toyPage(t *testing.T, dir string) {
	toy := func(args ...string) string { t.Helper(); return toySim(t, dir, args...) }
	variant := strings.Replace(toy("show", "toy-skirmish"), "models: 2", "models: 3", 1)
	if err := os.WriteFile(filepath.Join(dir, "variant.yaml"), []byte(variant), 0o644); err != nil {
		t.Fatal(err)
	}
	toy("validate", "scenario.yaml", "variant.yaml")
	page := []string{"--trials", "5000", "--quiet", "--seed", "7"}
	for _, cmd := range [][]string{
		{"run", "scenario.yaml"},
		{"run", "scenario.yaml", "--rules", "toy2", "--exact"},
		{"compare", "scenario.yaml", "--rules", "toy1,toy2"},
		{"sweep", "scenario.yaml", "--vary", "bands.recruits.models=1..6"},
		{"compare", "scenario.yaml", "variant.yaml"},
	} {
		for _, out := range [][]string{{"--plot", "chart.svg"}, {"--format", "json", "--plot", "chart.svg"}, {"--format", "csv", "--plot", "chart.png"}} {
			os.Remove(filepath.Join(dir, out[len(out)-1]))
			toy(slices.Concat(cmd, page, out)...)
			checkChart(t, filepath.Join(dir, out[len(out)-1]))
		}
	}
	// A link reproduces the run it was made for (sim show --link: 100,000
	// trials, seed 1).
	link := strings.TrimSpace(toy("show", "toy-skirmish", "--link"))
	fromLink := toy("run", "--from-link", link, "--quiet")
	direct := toy("run", "toy-skirmish", "--trials", "100000", "--seed", "1", "--quiet")
	if fromLink != direct {
		t.Errorf("sim run --from-link %s:\n%s\nsim run toy-skirmish --trials 100000 --seed 1:\n%s", link, fromLink, direct)
	}
}
