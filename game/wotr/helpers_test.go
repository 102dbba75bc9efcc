package wotr

import (
	"context"
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
)

// named is the default ruleset, with its name and origins.
func named(t testing.TB) *options.Rules[Ruleset] {
	t.Helper()
	rs, err := Preset(DefaultPreset)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// preset is the default ruleset's values.
func preset(t testing.TB) *Ruleset { return &named(t).Values }

// with is the default ruleset with options set, as name, value pairs.
func with(t testing.TB, pairs ...string) *Ruleset {
	t.Helper()
	rs := named(t)
	for i := 0; i+1 < len(pairs); i += 2 {
		if err := rs.Set(pairs[i], pairs[i+1], "test"); err != nil {
			t.Fatal(err)
		}
	}
	return &rs.Values
}

// arnor and orcs are checked against BSData/war-of-the-ring: Warriors of
// Arnor (Gondor__Arnor.cat: F4 S3 D5(7) A8 R1 C2) and the Orc Warriors of
// Gorbag's Morgul Rats (Mordor.cat: F3 S3 D3 A8 R1 C2, Mob Rule).
func arnor() Formation {
	return Formation{ID: "arnor", Type: Infantry, Companies: 4, Frontage: 2, F: 4, S: 3, D: 5, A: 8, R: 1, C: 2, Shield: true, Banner: true}
}

func orcs() Formation {
	return Formation{ID: "orcs", Type: Infantry, Companies: 4, Frontage: 2, F: 3, S: 3, D: 3, A: 8, R: 1, C: 2, SupportDice: 2}
}

// captain is the Captain of Arnor (BSData: F5 R2 C3 Might 2) and gorbag
// Gorbag (BSData Mordor.cat: F4 R2 C3 Might 3).
func captain(acts ...Action) Hero {
	return Hero{ID: "captain", Formation: 0, F: 5, R: 2, C: 3, Might: 2, Policy: DuelMight, Actions: acts}
}

func gorbag(acts ...Action) Hero {
	return Hero{ID: "gorbag", Formation: 1, F: 4, R: 2, C: 3, Might: 3, Policy: DuelMight, Actions: acts}
}

func newTurn(t testing.TB, rs *Ruleset, e Engagement) *Turn {
	t.Helper()
	tu, err := NewTurn(rs, e)
	if err != nil {
		t.Fatal(err)
	}
	return tu
}

// play runs one trial of tu on d.
func play(tu *Turn, d *engine.Dice) engine.TrialResult {
	r := engine.NewTrialResult(tu)
	tu.NewTrialer().Trial(d, &r)
	return r
}

// event and value read a result by name; a missing name fails the test.
func event(t testing.TB, tu *Turn, r engine.TrialResult, name string) bool {
	t.Helper()
	for i, e := range tu.Events() {
		if e == name {
			return r.Events[i]
		}
	}
	t.Fatalf("no event %q; the turn has %v", name, tu.Events())
	return false
}

func value(t testing.TB, tu *Turn, r engine.TrialResult, name string) int {
	t.Helper()
	for i, m := range tu.Metrics() {
		if m.Name == name {
			return r.Values[i]
		}
	}
	t.Fatalf("no metric %q; the turn has %v", name, tu.Metrics())
	return 0
}

func run(t testing.TB, m engine.Model, trials int64, seed uint64) *engine.Result {
	t.Helper()
	res, err := engine.Run(context.Background(), m, engine.Config{Trials: trials, Seed: seed, Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// solve is tu's exact solution, which must exist, each metric's
// distribution summing to 1 (float64 sums of up to millions of terms).
func solve(t *testing.T, name string, tu *Turn) *engine.Exact {
	t.Helper()
	sv := tu.Solver()
	if sv == nil {
		t.Fatalf("%s: no solver", name)
	}
	ex, err := sv.Exact()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for m, pmf := range ex.PMF {
		var s float64
		for _, p := range pmf {
			s += p
		}
		if math.Abs(s-1) > 1e-9 {
			t.Errorf("%s: %s sums to %v", name, ex.Metrics[m].Name, s)
		}
	}
	return ex
}
