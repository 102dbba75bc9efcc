package toygame

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// TestMain registers the toy game, the only game of this test binary.
func TestMain(m *testing.M) {
	Register()
	os.Exit(m.Run())
}

func preset(t *testing.T, name string) *Ruleset {
	t.Helper()
	rs, err := System.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return &rs.Values
}

// The exact solver against values worked by hand from the package doc's
// rules. With one model a side and one attack hitting on 4+, a round hits
// with p = 1/2 (3/4 with misses rolled again: 1 − (1/2)²).
func TestExactByHand(t *testing.T) {
	one := Side{Models: 1, Attacks: 1, HitOn: 4}
	a, b := one, one
	a.ID, b.ID = "a", "b"
	pair := a
	pair.Models = 2
	for _, c := range []struct {
		name, preset string
		sides        [2]Side
		rounds       int
		p            [3]float64 // a.wins, b.wins, draw
		pmf          [3][]float64
		why          string
	}{
		{"one round together", "toy1", [2]Side{a, b}, 1, [3]float64{1. / 4, 1. / 4, 1. / 2},
			[3][]float64{{1. / 2, 1. / 2}, {1. / 2, 1. / 2}, {0, 1}},
			"a wins when a hits and b misses, 1/2·1/2; both hit or both miss is a draw"},
		{"one round in turn, misses rolled again", "toy2", [2]Side{a, b}, 1, [3]float64{3. / 4, 3. / 16, 1. / 16},
			[3][]float64{{13. / 16, 3. / 16}, {1. / 4, 3. / 4}, {0, 1}},
			"a strikes first and hits 3/4; b strikes back only after a missed, 1/4·3/4"},
		{"three rounds together", "toy1", [2]Side{a, b}, 3, [3]float64{21. / 64, 21. / 64, 22. / 64},
			[3][]float64{{22. / 64, 42. / 64}, {22. / 64, 42. / 64}, {0, 3. / 4, 3. / 16, 1. / 16}},
			"each round both miss (1/4) or it ends; a wins 1/4·(1 + 1/4 + 1/16), and both fall as often; " +
				"a's model falls when b wins or both fall, 42/64; both standing after three rounds is a draw"},
		{"two models against one", "toy1", [2]Side{pair, b}, 1, [3]float64{3. / 4, 0, 1. / 4},
			[3][]float64{{1. / 2, 1. / 2, 0}, {1. / 4, 3. / 4}, {0, 1}},
			"a's two dice hit at least once 3/4; b's one die can slay only one of a's two"},
	} {
		k, err := NewSkirmish(preset(t, c.preset), c.sides, c.rounds)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := k.Exact()
		if err != nil {
			t.Fatal(err)
		}
		for e, want := range c.p {
			if math.Abs(ex.P[e]-want) > 1e-12 {
				t.Errorf("%s: P(%s) = %v, want %v (%s)", c.name, ex.Events[e], ex.P[e], want, c.why)
			}
		}
		for m, want := range c.pmf {
			for v, w := range want {
				if math.Abs(ex.PMF[m][v]-w) > 1e-12 {
					t.Errorf("%s: P(%s = %d) = %v, want %v (%s)", c.name, ex.Metrics[m].Name, v, ex.PMF[m][v], w, c.why)
				}
			}
		}
	}
}

// The solver and the trials agree (within 4.5 standard errors) on the
// built-in scenario and a larger fight, under each preset; trials
// allocate nothing.
func TestExactAgreesWithTrials(t *testing.T) {
	big := "game: toy\nbands:\n  - {id: horde, models: 12, attacks: 1, hit_on: 5+}\n  - {id: few, models: 4, attacks: 3, hit_on: 4+}\nfight: {max_rounds: 4}\n"
	for _, name := range System.PresetNames() {
		rs, err := System.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range []string{"builtin", "big"} {
			var p *scenarios.Plan
			if src == "builtin" {
				p, err = scenarios.OpenWith("toy-skirmish", rs)
			} else {
				p, err = scenarios.LoadWith("big.yaml", []byte(big), rs)
			}
			if err != nil {
				t.Fatal(err)
			}
			ex, err := p.Model.(engine.Solver).Exact()
			if err != nil {
				t.Fatal(err)
			}
			res, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: 100_000, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			enginetest.Agree(t, name+" "+src, ex, res)
			enginetest.TrialsDoNotAllocate(t, name+" "+src, p.Model)
		}
	}
}

// Each problem is found, located and worded; a valid file loads.
func TestFormatErrors(t *testing.T) {
	const base = "game: toy\nbands:\n  - {id: red, models: 3, attacks: 1, hit_on: 4+}\n  - {id: blue, from: veterans}\nfight: {max_rounds: 5}\n"
	for _, c := range []struct{ name, in, want string }{
		{"valid", base, ""},
		{"no models", scenariotest.Edit(base, "models: 3", "models: 0"), "f.yaml:3:23: bands[0].models: must be 1 to 20, got 0"},
		{"a roll of 7+", scenariotest.Edit(base, "4+", "7+"), "f.yaml:3:46: bands[0].hit_on: the roll to hit must be 2+ to 6+, got 7+"},
		{"no roll", scenariotest.Edit(base, ", hit_on: 4+", ""), "f.yaml:3:5: bands[0].hit_on: missing; give the roll that hits, 2+ to 6+"},
		{"the same id twice", scenariotest.Edit(base, "id: blue", "id: red"), `f.yaml:4:10: bands[1].id: "red" is already the id of bands[0]; the bands' ids must differ`},
		{"an unknown library band", scenariotest.Edit(base, "veterans", "vets"), `f.yaml:4:22: bands[1].from: unknown library band "vets"; use one of duellist, recruits, veterans (sim units --game toy lists them)`},
		{"too many rounds", scenariotest.Edit(base, "max_rounds: 5", "max_rounds: 21"), "f.yaml:5:21: fight.max_rounds: must be 1 to 20, got 21"},
		{"a preset of no game", scenariotest.Edit(base, "game: toy\n", "game: toy\nruleset: toy3\n"), `f.yaml:2:10: ruleset: unknown ruleset "toy3"; use one of toy1, toy2`},
	} {
		scenariotest.WantOneError(t, "f.yaml", c.in, c.want, c.name)
	}
	scenariotest.EveryBadRuleIsReported(t, func(rules string) string {
		return scenariotest.Edit(base, "game: toy\n", "game: toy\n"+rules+"\n")
	})
}

// Every pairing of library bands makes a matrix cell that loads and runs.
func TestEveryMatchupRuns(t *testing.T) {
	scenariotest.EveryMatchupRuns(t, Game{}.Library())
}
