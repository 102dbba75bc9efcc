package conquest

import (
	"context"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
)

func preset(t testing.TB, name string) *Ruleset {
	t.Helper()
	rs, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return &rs.Values
}

func v15(t testing.TB) *Ruleset { return preset(t, "1.5") }

// set returns rs with options set, name and value in pairs.
func set(t testing.TB, rs *Ruleset, pairs ...string) *Ruleset {
	t.Helper()
	c := *rs
	var from options.Origins
	for i := 0; i+1 < len(pairs); i += 2 {
		if err := optionList.Set(&c, &from, pairs[i], pairs[i+1], "test"); err != nil {
			t.Fatal(err)
		}
	}
	return &c
}

// The regiments of conquest.md §9a (BSData Hundred Kingdoms.cat and
// Spires.cat, v1.03 rules text, profiles entered 2021; per model).

func menAtArms() Regiment {
	return Regiment{ID: "men_at_arms", Name: "Men-at-Arms", Type: Infantry, Class: Medium,
		Profile: Profile{M: 5, V: 1, C: 2, A: 1, W: 1, R: 2, D: 2, E: 0},
		Stands:  3, Models: 4, Frontage: 3, Engaged: 3, Rules: Rules{Shield: true}}
}

func householdGuard() Regiment {
	return Regiment{ID: "guard", Name: "Household Guard", Type: Infantry, Class: Medium,
		Profile: Profile{M: 5, V: 1, C: 2, A: 1, W: 1, R: 3, D: 3, E: 0},
		Stands:  3, Models: 4, Frontage: 3, Engaged: 3, Rules: Rules{Cleave: 1, Support: 2}}
}

func householdKnights() Regiment {
	return Regiment{ID: "knights", Name: "Household Knights", Type: Cavalry, Class: Medium,
		Profile: Profile{M: 8, V: 1, C: 2, A: 4, W: 4, R: 3, D: 3, E: 0},
		Stands:  3, Models: 1, Frontage: 3, Engaged: 3, Rules: Rules{BrutalImpact: 2, Shield: true}}
}

func avatara() Regiment {
	return Regiment{ID: "avatara", Name: "Avatara", Type: Brute, Class: Medium,
		Profile: Profile{M: 7, V: 2, C: 2, A: 4, W: 4, R: 4, D: 4, E: 2},
		Stands:  3, Models: 1, Frontage: 3, Engaged: 3, Rules: Rules{Cleave: 1, Support: 2}}
}

func abomination() Regiment {
	return Regiment{ID: "abomination", Name: "Abomination", Type: Monster, Class: Heavy,
		Profile: Profile{M: 10, V: 1, C: 2, A: 10, W: 10, R: 4, D: 3, E: 0},
		Stands:  1, Models: 1, Frontage: 1, Engaged: 1, Rules: Rules{Cleave: 1, Flurry: true, Terrifying: 1}}
}

// Mercenary Crossbowmen: BSData Hundred Kingdoms.cat (Barrage 1 (20"),
// Armour Piercing 1).
func crossbowmen() Regiment {
	return Regiment{ID: "crossbows", Name: "Mercenary Crossbowmen", Type: Infantry, Class: Light,
		Profile: Profile{M: 5, V: 2, C: 1, A: 1, W: 1, R: 2, D: 1, E: 0},
		Stands:  3, Models: 4, Frontage: 3, Engaged: 3, Rules: Rules{Barrage: 1, ArmourPiercing: 1}}
}

func newStrike(t testing.TB, rs *Ruleset, kind Kind, a, b Regiment, eng Engagement) *Strike {
	t.Helper()
	s, err := NewStrike(rs, kind, a, b, eng)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newFight(t testing.TB, rs *Ruleset, cc Combat) *Fight {
	t.Helper()
	f, err := NewFight(rs, cc)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func run(t testing.TB, m engine.Model, trials int64, seed uint64) *engine.Result {
	t.Helper()
	res, err := engine.Run(context.Background(), m, engine.Config{Trials: trials, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func trial(m engine.Model, d *engine.Dice) engine.TrialResult {
	r := engine.NewTrialResult(m)
	m.NewTrialer().Trial(d, &r)
	return r
}

// value returns the metric named name in r.
func value(t testing.TB, m engine.Model, r engine.TrialResult, name string) int {
	t.Helper()
	for i, mt := range m.Metrics() {
		if mt.Name == name {
			return r.Values[i]
		}
	}
	t.Fatalf("no metric %s", name)
	return 0
}

// happened returns the event named name in r.
func happened(t testing.TB, m engine.Model, r engine.TrialResult, name string) bool {
	t.Helper()
	for i, e := range m.Events() {
		if e == name {
			return r.Events[i]
		}
	}
	t.Fatalf("no event %s", name)
	return false
}
