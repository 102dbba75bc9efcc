package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// minModelsLibrary is a library file with a unit that has a minimum size
// (guard: 5 models at least, 10 points a model and 20 for the unit) and
// one that has none (rabble: 5 points a model).
const minModelsLibrary = `units:
  guard:
    profile: {M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}
    models: 5
    min_models: 5
    points: 10
    unit_points: 20
  rabble:
    profile: {M: 4, WS: 2, BS: 2, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 5}
    models: 10
    points: 5
`

// minModelsDir writes the library, and a scenario of guard (at size
// models, when given) charging rabble, into a new folder; it returns the
// library's path and the scenario's.
func minModelsDir(t *testing.T, models string) (lib, scenario string) {
	t.Helper()
	dir := t.TempDir()
	lib, scenario = filepath.Join(dir, "lib.yaml"), filepath.Join(dir, "gr.yaml")
	guard := "{id: guard, from: guard}"
	if models != "" {
		guard = "{id: guard, from: guard, models: " + models + "}"
	}
	s := "name: gr\nlibrary: lib.yaml\nunits:\n  - " + guard + "\n  - {id: rabble, from: rabble}\n" +
		"fight: {type: close_combat, sides: [guard, rabble], charger: guard}\n"
	for path, text := range map[string]string{lib: minModelsLibrary, scenario: s} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return lib, scenario
}

// --points that buy fewer models than a unit's min_models are refused
// (exit 2) with the minimum and its cost; the minimum itself is bought;
// a unit without min_models is priced as before (issue 31, item 8).
func TestPointsBelowMinModels(t *testing.T) {
	t.Parallel()
	lib, scenario := minModelsDir(t, "")
	matrix := func(points string) []string {
		return []string{"matrix", "--library", lib, "--units", "guard", "--vs", "rabble", "--points", points, "--trials", "200", "--seed", "1", "--quiet"}
	}
	for _, tc := range []struct {
		name, reason string
		args         []string
		code         int
		want         string // in stderr for a refusal, else in stdout
	}{
		{"matrix below", "60 points buy (60-20)/10 = 4 guard, one short of 5; 5 cost 5*10+20 = 70",
			matrix("60"), 2, "matrix: --points 60 buys 4 models of guard, below its minimum of 5 (min_models); 5 models cost 70 points"},
		{"matrix none", "15 points buy no guard (20 for the unit alone): the minimum is what to say",
			matrix("15"), 2, "matrix: --points 15 buys no models of guard, below its minimum of 5 (min_models); 5 models cost 70 points"},
		{"matrix at minimum", "70 points buy exactly the minimum, 5 guard, and rabble (no minimum) 70/5 = 14",
			matrix("70"), 0, "guard 5 models, rabble 14 models"},
		{"no minimum", "a unit without min_models is refused only when the points buy none, as before: 4 < 5",
			[]string{"matrix", "--library", lib, "--units", "rabble", "--vs", "rabble", "--points", "4", "--quiet"}, 2,
			"matrix: --points 4 buys no rabble: one model costs 5 points and the unit 0 more"},
		{"compare below", "compare prices the scenario's units the same way: 69 points buy 4 guard",
			[]string{"compare", scenario, "--rules", "6th,8th", "--points", "69", "--trials", "200", "--seed", "1", "--quiet"}, 2,
			"compare: --points 69 buys 4 models of guard in " + scenario + ", below its minimum of 5 (min_models); 5 models cost 70 points"},
	} {
		code, stdout, stderr := sim(t, context.Background(), tc.args...)
		got := stdout
		if tc.code != 0 {
			got = stderr
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("%s (%s): exit %d\nstdout %s\nstderr %s\nwant exit %d and %q", tc.name, tc.reason, code, stdout, stderr, tc.code, tc.want)
		}
	}
}

// A scenario that sets a library unit below its min_models is refused at
// its models, with the minimum.
func TestModelsBelowMinModelsLocated(t *testing.T) {
	t.Parallel()
	_, scenario := minModelsDir(t, "3")
	code, _, stderr := sim(t, context.Background(), "run", scenario, "--trials", "200", "--quiet")
	want := scenario + ":4:38: units[0].models: 3 is below the unit's minimum of 5 models (min_models); give at least 5"
	if code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %s\nwant exit 2 and %q", code, stderr, want)
	}
}

// balance --points searches a unit's models from its min_models, as a
// smaller size would not load: the rabble's 10 × 5 = 50 points buy
// (50 − 20)/10 = 3 guard, so the range is 5 (the minimum) to the larger
// of 2 × 3 and 5 + 3, 8.
func TestBalancePointsFromMinModels(t *testing.T) {
	t.Parallel()
	_, scenario := minModelsDir(t, "")
	b := balanceJSON(t, scenario, "--points", "guard", "--target", "guard.wins=0.5", "--seed", "1")
	if b.Range != [2]int{5, 8} {
		t.Errorf("range %v, want [5 8]", b.Range)
	}
}
