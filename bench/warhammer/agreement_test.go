package warhammerref

import (
	"context"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// agreementCase is one scenario, run by the engine and by the reference.
type agreementCase struct {
	name string
	plan func(testing.TB) *scenarios.Plan
	// divide divides the trials (0: 1), to keep the many small cases
	// within the package's time.
	divide int
	// skip, when not empty, is why the case is skipped: the engine
	// disagrees with the reference, which follows docs/rules.md (README.md,
	// "Disagreements").
	skip string
}

// agreementCases lists every built-in Warhammer scenario under its own ruleset and
// under the 8th preset, then the benchmarks' scenarios, and the cases that
// isolated the two engine bugs this reference found (8th-edition Fear
// lowering the target's WS; Regeneration dice after a Killing Blow), which
// now agree like the rest.
func agreementCases() []agreementCase {
	var cs []agreementCase
	for _, name := range scenarios.BuiltinNames() {
		if p, err := scenarios.Builtin(name); err == nil && p.Game != "warhammer" {
			continue // the reference resolves Warhammer only
		}
		cs = append(cs,
			agreementCase{name: name, plan: func(tb testing.TB) *scenarios.Plan { return builtin(tb, name, "") }},
			agreementCase{name: name + "/8th", plan: func(tb testing.TB) *scenarios.Plan { return builtin(tb, name, "8th") }},
			agreementCase{name: name + "/7th", plan: func(tb testing.TB) *scenarios.Plan { return builtin(tb, name, "7th") }, divide: 2,
				skip: seventhSkips[name]},
			agreementCase{name: name + "/tow", plan: func(tb testing.TB) *scenarios.Plan { return builtin(tb, name, "tow") }, divide: 2,
				skip: towSkips[name]})
	}
	regenDice := "rules: {regeneration_dice: wounds_lost}\n"
	cs = append(cs,
		agreementCase{name: "trolls-vs-knights/8th/fear-none", plan: func(tb testing.TB) *scenarios.Plan {
			src, _ := scenarios.BuiltinSource("trolls-vs-knights")
			p := load(tb, "trolls-vs-knights", strings.Replace(string(src), "\nruleset: 6th\n", "\nruleset: 8th\nrules: {fear: none}\n", 1))
			if p.Ruleset.Name() != "8th" || rules(tb, p).Fear != warhammer.FearNone {
				tb.Fatalf("control case: ruleset %s, fear %v; want 8th and none", p.Ruleset.Name(), rules(tb, p).Fear)
			}
			return p
		}},
		// The two fights under tow that meet Regeneration rolled as each
		// wound is lost, with Regeneration as a save instead (no ward
		// here, so the same dice): a control of the after_wound cases.
		towControl("trolls-vs-knights"), towControl("knights-captain-vs-trolls"),
		agreementCase{name: "volley-10", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "volley-10", volleyYAML(10)) }},
		agreementCase{name: "volley-100", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "volley-100", volleyYAML(100)) }},
		agreementCase{name: "volley-10/wounds-lost", plan: func(tb testing.TB) *scenarios.Plan {
			return woundsLost(tb, load(tb, "volley-10", volleyYAML(10)+regenDice))
		}},
		agreementCase{name: "volley-100/wounds-lost", plan: func(tb testing.TB) *scenarios.Plan {
			return woundsLost(tb, load(tb, "volley-100", volleyYAML(100)+regenDice))
		}},
		agreementCase{name: "regen-volley-100", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "regen-volley-100", regenVolleyYAML) }},
		agreementCase{name: "high-bs-volley/tow", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "high-bs-volley", highBSVolleyYAML) }},
		agreementCase{name: "halberds-vs-spears", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "halberds-vs-spears", infantryYAML) }},
		agreementCase{name: "lancers-without-mount-profile", plan: func(tb testing.TB) *scenarios.Plan { return load(tb, "lancers", lancersYAML) }},
		agreementCase{name: "lancers/one-round", plan: func(tb testing.TB) *scenarios.Plan {
			// One round: most fights end undecided, won on combat result.
			return load(tb, "lancers", strings.Replace(lancersYAML, "charger: knights}", "charger: knights, max_rounds: 1}", 1))
		}},
		agreementCase{name: "halberds-vs-spears/6th", plan: func(tb testing.TB) *scenarios.Plan {
			return load(tb, "halberds-vs-spears", strings.Replace(infantryYAML, "ruleset: 8th", "ruleset: 6th", 1))
		}})
	// Issue 14's cases, whose numbers psychology_test.go also checks by
	// hand, and close combats that put rules together (combinations_test.go).
	cs = append(cs, handPlans()...)
	cs = append(cs, combinationCases()...)
	cs = append(cs, towCases()...)
	return append(cs, characterAgreementCases()...)
}

// towSkips are the built-in scenarios whose tow cases are skipped, with
// why: none now (README.md, "Disagreements").
var towSkips = map[string]string{}

// seventhSkips are the built-in scenarios whose 7th cases are skipped,
// with why: none now (README.md, "Disagreements" point 6 was lone-hero's).
var seventhSkips = map[string]string{}

// towControl is built-in name under tow with regeneration: save, which
// with no ward save rolls Regeneration as after_wound would.
func towControl(name string) agreementCase {
	return agreementCase{name: name + "/tow/regeneration-save", divide: 2, plan: func(tb testing.TB) *scenarios.Plan {
		src, _ := scenarios.BuiltinSource(name)
		p := load(tb, name, strings.Replace(string(src), "\nruleset: 6th\n", "\nruleset: tow\nrules: {regeneration: save}\n", 1))
		if p.Ruleset.Name() != "tow" || rules(tb, p).Regeneration != warhammer.RegenSave {
			tb.Fatalf("control case: ruleset %s, regeneration %v; want tow and save", p.Ruleset.Name(), rules(tb, p).Regeneration)
		}
		return p
	}}
}

// woundsLost checks that a control case rolls one Regeneration die per
// wound lost.
func woundsLost(tb testing.TB, p *scenarios.Plan) *scenarios.Plan {
	if rules(tb, p).RegenDice != warhammer.RegenPerWoundLost {
		tb.Fatalf("control case: regeneration_dice %v, want wounds_lost", rules(tb, p).RegenDice)
	}
	return p
}

// TestAgreement runs every case through the engine and the reference, with
// independent dice, and checks that every metric's mean, every event's
// probability and every metric's tail P(X ≥ k) agree within 4.5
// standard errors.
//
// The seeds are fixed, but the test makes thousands of comparisons
// (every tail of every metric of every case), so a change to how the
// engine uses its dice can flag one by chance. When one fails, hold both
// sides to the exact solver where the fight fits it
// (warhammer.Fight.ExactWithin) before changing anything. On 2026-12-01
// the volley and first-round tables moved the engine's dice, and with its
// seed at 7, combination/impact-fear-stubborn/8th flagged P(b.casualties
// ≥ 11) at z = 4.56 (engine 0.96226, reference 0.96496, each within 3.5
// standard errors of the exact 0.96354); at 8,
// characters/battle-standard-character flagged P(b.casualties ≥ 14) at
// z = 4.64. Both fights' engine (a million trials, with tables and by
// stages) and reference (400,000) agreed with the exact solver on every
// metric, tail and event, and the seed went to 9.
func TestAgreement(t *testing.T) {
	// 100,000 a case (it was 200,000 until the package, 123 cases now,
	// neared CI's three-minute limit; the two-unit fights are also pinned
	// and their exact solutions checked against the reference).
	trials := 100_000
	if testing.Short() || raceDetector {
		trials = 20_000
	}
	for _, c := range agreementCases() {
		t.Run(c.name, func(t *testing.T) {
			if c.skip != "" {
				t.Skip(c.skip)
			}
			t.Parallel()
			trials := trials / max(c.divide, 1)
			p := c.plan(t)
			ref := reference(t, p)
			eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(trials), Seed: 9, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			// A fight of several units goes through melee.go, which lists
			// its outputs in an order of its own: compare them by name.
			compare(t, eng, aligned(t, eng, ref.Run(trials, 11)))
		})
	}
}

// compare checks the reference's result got against the engine's eng
// (enginetest.AgreeSamples: within 4.5 standard errors).
func compare(t *testing.T, eng, got *engine.Result) {
	t.Helper()
	enginetest.AgreeSamples(t, eng, got, [2]string{"engine", "reference"})
}
