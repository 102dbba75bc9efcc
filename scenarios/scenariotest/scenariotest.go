// Package scenariotest holds what the tests of every game's scenario
// format share: editing a valid scenario into a broken one, and checking
// that loading it gives exactly the error expected.
package scenariotest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
)

// Edit returns base with each pair's first string replaced by its second.
// It panics unless each first string occurs exactly once, so that an edit
// cannot silently miss or hit two places.
func Edit(base string, pairs ...string) string {
	s := base
	for i := 0; i+1 < len(pairs); i += 2 {
		if n := strings.Count(s, pairs[i]); n != 1 {
			panic(fmt.Sprintf("edit: %q occurs %d times in the scenario, want once", pairs[i], n))
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return s
}

// WantOneError loads in as file (with the game its game field names) and
// checks that it gives exactly the one error want, or none when want is
// "". reason says why, for the failure.
func WantOneError(t *testing.T, file, in, want, reason string) {
	t.Helper()
	_, err := scenarios.Load(file, []byte(in))
	if want == "" {
		if err != nil {
			t.Fatalf("Load: %v, want no error (%s)", err, reason)
		}
		return
	}
	var list scenarios.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Load: %v (%T), want a scenarios.ErrorList (%s)", err, err, reason)
	}
	if got := ErrorTexts(list); len(got) != 1 || got[0] != want {
		t.Errorf("errors:\n%s\nwant:\n%s\n(%s)", strings.Join(got, "\n"), want, reason)
	}
}

// ErrorTexts is each error's text, in order.
func ErrorTexts(errs scenarios.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// CheckLoadError checks that err, from loading file, is a non-empty
// scenarios.ErrorList of complete problems in file order that reads as one line, none
// of them an internal error.
func CheckLoadError(t *testing.T, file string, err error) {
	t.Helper()
	var list scenarios.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("Load returned %v (%T), want a non-empty scenarios.ErrorList", err, err)
	}
	for _, e := range list {
		if e == nil || e.File != file || e.Msg == "" || e.Line < 0 || e.Column < 0 {
			t.Fatalf("incomplete error %#v", e)
		}
		if strings.Contains(e.Msg, "internal error") {
			t.Fatalf("validation let through what build rejects: %v", e)
		}
	}
	if !slices.IsSortedFunc(list, scenarios.InFileOrder) {
		t.Fatalf("errors out of file order:\n%s", strings.Join(ErrorTexts(list), "\n"))
	}
	if strings.Contains(err.Error(), "\n") {
		t.Fatalf("Error() is not one line: %q", err.Error())
	}
}

// EveryBadRuleIsReported checks that a scenario whose rules mapping sets
// two unknown options gets an error for each, at rules.NAME. with returns
// a valid scenario of the game with the given rules line added.
func EveryBadRuleIsReported(t *testing.T, with func(rulesLine string) string) {
	t.Helper()
	_, err := scenarios.Load("r.yaml", []byte(with("rules: {bogus_one: x, bogus_two: y}\n")))
	var list scenarios.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Load: %v, want a scenarios.ErrorList", err)
	}
	got := strings.Join(ErrorTexts(list), "\n")
	if len(list) != 2 || !strings.Contains(got, "rules.bogus_one: ") || !strings.Contains(got, "rules.bogus_two: ") {
		t.Errorf("errors\n%s\nwant one for each of bogus_one and bogus_two", got)
	}
}

// EveryMatchupRuns loads the matrix scenario of every pairing of lib's
// units, each kind of fight it offers, and runs 20 trials of each: a
// library unit that does not load or run fails, named with its foe.
func EveryMatchupRuns(t *testing.T, lib scenarios.Library) {
	t.Helper()
	for _, fight := range lib.Fights() {
		for _, row := range lib.Names() {
			for _, col := range lib.Names() {
				src := lib.Matchup(scenarios.Pick{Unit: row}, scenarios.Pick{Unit: col}, fight.Name)
				p, err := scenarios.Load("matrix", src)
				if err != nil {
					t.Fatalf("%s against %s (%s): %v\n%s", row, col, fight.Name, err, src)
				}
				res, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: 20, Seed: 1, Workers: 1})
				if err != nil || res.Trials != 20 {
					t.Fatalf("%s against %s (%s): %v after %d trials", row, col, fight.Name, err, res.Trials)
				}
			}
		}
	}
}
