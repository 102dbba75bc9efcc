package warhammerref

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/scenarios"
)

// Issue 14's rules, each resolver against the value worked out by hand
// from the rules text: a case fails when either the engine or the
// reference misreads the rule, even where both misread it alike (which
// TestAgreement cannot see).

// handCase is one scenario and what the rules say its numbers are.
type handCase struct {
	name  string
	yaml  string
	means map[string]float64 // metric name: its mean
	ps    map[string]float64 // event name: its probability
	why   string             // the arithmetic, and its source
}

// TestHandValues runs every handCase through the engine and the
// reference.
func TestHandValues(t *testing.T) {
	trials := 100_000
	if testing.Short() || raceDetector {
		trials = 20_000
	}
	for _, c := range handCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := load(t, c.name, c.yaml)
			eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(trials), Seed: 5, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range []struct {
				who string
				res *engine.Result
			}{{"engine", eng}, {"reference", reference(t, p).Run(trials, 6)}} {
				checkHand(t, r.who, r.res, c)
			}
		})
	}
}

// checkHand checks res's means and probabilities against c's, each within
// 4.5 standard errors.
func checkHand(t *testing.T, who string, res *engine.Result, c handCase) {
	t.Helper()
	n := float64(res.Trials)
	for name, want := range c.means {
		m := slices.IndexFunc(res.Metrics, func(mt engine.Metric) bool { return mt.Name == name })
		if m < 0 {
			t.Fatalf("%s: no metric %q among %v", who, name, res.Metrics)
		}
		got, se := enginetest.MeanSE(res, m)
		if z, ok := enginetest.WithinLimit(got, want, se); !ok {
			t.Errorf("%s: %s mean %.4f ± %.4f, want %.4f (z = %.1f; %s)", who, name, got, se, want, z, c.why)
		}
	}
	for name, want := range c.ps {
		e := slices.Index(res.Events, name)
		if e < 0 {
			t.Fatalf("%s: no event %q among %v", who, name, res.Events)
		}
		got := float64(res.Count[e]) / n
		if z, ok := enginetest.WithinLimit(got, want, math.Sqrt(want*(1-want)/n)); !ok {
			t.Errorf("%s: P(%s) = %.4f, want %.4f (z = %.1f; %s)", who, name, got, want, z, c.why)
		}
	}
}

// trollsFearYAML: ten Ld 2 infantry in one rank with no Attacks (they
// cannot hurt the Trolls, and no rank behind supports) against three
// Fear-causing Trolls for one round, Stomp off. RULES sets the infantry's
// special rules.
const trollsFearYAML = `name: unbreakable-fear
ruleset: 8th
rules: {stomp: no}
units:
  - id: zombies
    profile: {M: 4, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 3, A: 0, Ld: 2}
    models: 10
    frontage: 10
    special_rules: {unbreakable: true}
  - id: trolls
    type: monstrous_infantry
    profile: {M: 6, WS: 3, BS: 1, S: 5, T: 4, W: 3, I: 1, A: 3, Ld: 4}
    models: 3
    frontage: 3
    regeneration: 4+
    special_rules: {causes_fear: true}
fight: {type: close_combat, sides: [zombies, trolls], max_rounds: 1}
`

// bsbFearYAML: ten Ld 7 infantry with the battle standard, in one rank
// and with no Attacks, against three Fear-causing Trolls for one round of
// 8th, Stomp off; RULES adds options.
func bsbFearYAML(rules string) string {
	return strings.NewReplacer("special_rules: {unbreakable: true}", "command: {battle_standard: true}",
		"Ld: 2}", "Ld: 7}", "rules: {stomp: no}", "rules: {stomp: no"+rules+"}").Replace(trollsFearYAML)
}

// asfYAML: ten WS 3, S 3, T 3, A 1 infantry a side in one rank, no
// armour, one round of 8th, neither charging; A and B are each side's
// special rules (and weapon) and Initiative.
func asfYAML(a, b string) string {
	return strings.NewReplacer("A_RULES", a, "B_RULES", b).Replace(`name: asf
ruleset: 8th
units:
  - id: a
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8}
    models: 10
    frontage: 10
    A_RULES
  - id: b
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 8}
    models: 10
    frontage: 10
    B_RULES
fight: {type: close_combat, sides: [a, b], max_rounds: 1}
`)
}

const asf = "special_rules: {always_strikes_first: true}"

// chargeFearYAML: one of a and b charges the other under 6th (FIGHT: the
// fight's fields); both are WS 3, S 3, T 3 infantry without armour, Ld 7;
// A and B are each unit's fields after its profile (models, frontage,
// special rules).
func chargeFearYAML(rules, a, b, fight string) string {
	return strings.NewReplacer("RULES", rules, "A_UNIT", a, "B_UNIT", b, "FIGHT", fight).Replace(`name: charge-fear
ruleset: 6th
rules: {RULES}
units:
  - id: a
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}
    A_UNIT
  - id: b
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 0, Ld: 7}
    B_UNIT
fight: {type: close_combat, sides: [a, b], FIGHT}
`)
}

// The odds of issue 14's 6th-edition Fear tests: Ld 7 passes on 2D6 of 7
// or less, 21/36 (6th.whfb.app psychology/taking-psychology-tests), and
// P(pursuit ≥ flee) for two 2D6 rolls is (1 + P(equal))/2, P(equal) =
// (1² + 2² + … + 6² + … + 1²)/36² = 146/1296.
const (
	ld7Pass    = 21.0 / 36
	ld7Fail    = 15.0 / 36
	pursuit2D6 = (1 + 146.0/1296) / 2
)

var handCases = []handCase{
	// 6th Fear on the charge (fear_on_charge: 6th.whfb.app psychology/fear,
	// …/if-charged-by-a-fear-causing-enemy). b has no Attacks and causes
	// Fear.
	{name: "6th/charging-a-fear-causer",
		yaml: chargeFearYAML("outnumber_bonus: no", "models: 5\n    special_rules: {}", "models: 5\n    special_rules: {causes_fear: true}",
			"charger: a, facing: flank, max_rounds: 1"),
		means: map[string]float64{"a.combat_result": ld7Pass + 5*0.5*0.5},
		ps:    map[string]float64{"a.charge_made": ld7Pass},
		why: "a unit that wishes to charge a Fear-causer tests (Ld 7: 21/36); failing, it may not charge, so its flank " +
			"charge's +1 counts 21 times in 36; its 5 attacks hit and wound on 4+ either way, 5 x 1/2 x 1/2 (outnumber_bonus off)"},
	{name: "6th/charged-by-a-stronger-fear-causer-flees",
		yaml: chargeFearYAML("outnumber_bonus: no", "models: 5\n    special_rules: {}", "models: 6\n    special_rules: {causes_fear: true}",
			"charger: b, max_rounds: 1"),
		means: map[string]float64{"rounds": ld7Pass, "b.casualties": ld7Pass * 5 * 0.5 * 0.5},
		ps:    map[string]float64{"a.breaks": ld7Fail, "b.wins": ld7Fail, "a.caught": ld7Fail * pursuit2D6},
		why: "Unit Strength 5 against 6: failing its test (15/36) a flees before any blow and b pursues, 2D6 against 2D6; " +
			"passing, one round in which a's 5 attacks hit and wound on 4+ and b's none, no outnumber bonus: no break"},
	{name: "6th/charged-by-a-fear-causer-hits-on-6s",
		yaml: chargeFearYAML("", "models: 20\n    frontage: 10\n    special_rules: {}",
			"models: 20\n    frontage: 10\n    special_rules: {causes_fear: true, unbreakable: true}", "charger: b, max_rounds: 2"),
		means: map[string]float64{"b.casualties": 10*0.5*(ld7Pass*0.5+ld7Fail/6) + 10*0.5*0.5},
		why: "Unit Strength 20 against 20, equal: failing (15/36) a fights on but hits only on 6s in the first round " +
			"(1/6 instead of 4+, 1/2), wounding on 4+; round 2 as usual; b cannot lose (no Attacks) nor break"},
	{name: "6th/fear-sixes-not-rerolled",
		yaml: chargeFearYAML("fear_sixes_rerolled: no", "models: 20\n    frontage: 10\n    special_rules: {hatred: true}",
			"models: 20\n    frontage: 10\n    special_rules: {causes_fear: true, unbreakable: true}", "charger: b, max_rounds: 1"),
		means: map[string]float64{"b.casualties": 10 * 0.5 * (ld7Pass*0.75 + ld7Fail/6)},
		why:   "Hatred re-rolls misses in round 1 (1 - 1/2 x 1/2), but not the 6s of a failed Fear test (fear_sixes_rerolled: no)"},
	{name: "6th/fear-sixes-rerolled",
		yaml: chargeFearYAML("", "models: 20\n    frontage: 10\n    special_rules: {hatred: true}",
			"models: 20\n    frontage: 10\n    special_rules: {causes_fear: true, unbreakable: true}", "charger: b, max_rounds: 1"),
		means: map[string]float64{"b.casualties": 10 * 0.5 * (ld7Pass*0.75 + ld7Fail*11/36)},
		why:   "Hatred re-rolls misses in round 1, the 6s of a failed Fear test too (fear_sixes_rerolled: yes): 1 - (5/6)^2"},
	// 8th Fear with the battle standard: "Hold Your Ground!" re-rolls failed
	// Leadership tests of any kind (RULES.md §2.11 step 5 [V]), the Fear test
	// among them (battle_standard_reroll_fear). Ld 7 fails on 8 or more,
	// 15/36; re-rolled, (15/36)². A failed test puts the infantry at WS 1:
	// the Trolls hit on 3+ instead of 4+ and wound on 2+, so the infantry
	// lose 9 × 5/6 × (f × 2/3 + (1 − f) × 1/2) models, f the chance of
	// failing.
	{name: "8th/battle-standard-rerolls-fear", yaml: bsbFearYAML(""),
		means: map[string]float64{"zombies.casualties": 9 * 5.0 / 6 * (15.0/36*15.0/36*2/3 + (1-15.0/36*15.0/36)/2)},
		why:   "the battle standard re-rolls the failed Fear test: fails (15/36)²"},
	{name: "8th/battle-standard-fear-not-rerolled", yaml: bsbFearYAML(", battle_standard_reroll_fear: no"),
		means: map[string]float64{"zombies.casualties": 9 * 5.0 / 6 * (15.0/36*2/3 + (1-15.0/36)/2)},
		why:   "battle_standard_reroll_fear: no, a failed Fear test stands: fails 15/36"},
	// Always Strikes First (8th.whfb.app special-rules/always-strikes-first;
	// RULES.md §2.3): re-rolls misses against equal or lower Initiative, but
	// not against an enemy with the same ability; cancelled by Always
	// Strikes Last (a great weapon) for the re-roll as for the order. B is
	// hit on 4+ and wounded on 4+: 10 × 1/2 × 1/2 = 2.5 casualties, 10 ×
	// 3/4 × 1/2 = 3.75 when a re-rolls misses, 10 × 1/2 × 5/6 = 4.17 with a
	// great weapon (S5 against T3, 2+). A strikes first in every case.
	{name: "8th/asf-against-asf", yaml: asfYAML(asf, asf),
		means: map[string]float64{"b.casualties": 10 * 0.5 * 0.5},
		why:   "ASF against ASF: simultaneous, and neither re-rolls"},
	{name: "8th/asf-cancelled-by-great-weapon", yaml: asfYAML(asf+"\n    weapon: great_weapon", ""),
		means: map[string]float64{"b.casualties": 10 * 0.5 * 5.0 / 6},
		why:   "ASF and the great weapon's Always Strikes Last cancel: I5 strikes first by Initiative, no re-roll"},
	{name: "8th/asf-against-cancelled-asf", yaml: asfYAML(asf, asf+"\n    weapon: great_weapon"),
		means: map[string]float64{"b.casualties": 10 * 0.75 * 0.5},
		why:   "b's ASF is cancelled by its great weapon, so b has not the same ability: a (I5 against I4) re-rolls misses"},

	{name: "8th/unbreakable-takes-no-fear-test", yaml: trollsFearYAML,
		means: map[string]float64{"trolls.combat_result": 9 * 0.5 * 5.0 / 6, "zombies.casualties": 9 * 0.5 * 5.0 / 6},
		why: "Unbreakable is Immune to Psychology (8th.whfb.app special-rules/unbreakable; RULES.md §2.11): no Fear test, " +
			"so 9 Troll attacks hit WS 3 on 4+ and wound T3 on 2+: 9 × 1/2 × 5/6 (WS 1 after a failed test would give 4.96)"},
}

// handPlans are the handCases as agreement cases.
func handPlans() []agreementCase {
	var cs []agreementCase
	for _, c := range handCases {
		cs = append(cs, agreementCase{name: "hand/" + c.name, plan: func(tb testing.TB) *scenarios.Plan { return load(tb, c.name, c.yaml) }})
	}
	return cs
}
