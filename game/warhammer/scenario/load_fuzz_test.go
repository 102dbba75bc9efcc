package scenario

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"

	"github.com/wargamesim/sim/engine"
)

// maxExactMetric bounds the metrics of a volley FuzzLoad solves exactly, to
// keep each input quick (a volley at the bound solves in milliseconds).
const maxExactMetric = 200

// FuzzLoad checks that Load never panics and never lets through a scenario
// the engine cannot run: every error is a scenarios.ErrorList of located problems in
// file order, none of them an internal error (which means validation missed
// something build rejects), and every plan it accepts runs, and solves
// exactly when small, with distributions that sum to 1.
func FuzzLoad(f *testing.F) {
	for _, name := range scenarios.BuiltinNames() {
		data, _ := scenarios.BuiltinSource(name)
		f.Add(data)
	}
	for _, seed := range []string{
		validBase,
		edit("phase: shooting", "phase: close_combat\n  round: 1"),
		edit("ruleset: 6th", "ruleset: 8th", "    equipment: [light_armour]\n",
			"    regeneration: 4+\n    ward: [5+, 6+]\n    rerolls: {ward: [1]}\n"),
		edit("strength: 3}", "strength: 5, shots: 2, special_rules: {multiple_wounds: D3, armour_piercing: 1, "+
			"flaming_attacks: true, poisoned_attacks: true}, rerolls: {hits: failed, wounds: [1, 2]}}",
			"    equipment: [light_armour]\n", "    regeneration: 2+\n"),
		edit("phase: shooting", "phase: close_combat\n  attacks: 7\n  to_hit_modifier: -2", "    profile: {M: 4",
			"    special_rules: {killing_blow: true, heroic_killing_blow: true, hatred: true, multiple_wounds: 3}\n    profile: {M: 4",
			"type: monstrous_infantry", "type: infantry", "    equipment: [light_armour]\n",
			"    equipment: [plate_armour, shield, barding]\n    mount: {kind: cold_one}\n    natural_armour: 5+\n"),
		edit("phase: shooting", "phase: shooting\n  auto_hit: true\n  auto_wound: true\n  strength: 10"),
		// Units from the library, with fields merged, replaced and cleared.
		edit("    type: monstrous_infantry\n    profile: {M: 6, WS: 3, BS: 2, S: 4, T: 4, W: 3, I: 2, A: 3, Ld: 7}\n",
			"    from: ogre_bulls\n    profile: {Ld: 8}\n    command: {}\n",
			"    equipment: [light_armour]\n", "    ward: 6+\n"),
		fromEdit("    models: 3\n    mount: {profile: {A: 2}}\n    equipment: [plate_armour, barding]\n    special_rules: {hatred: true}\n"),
		// Broken variants: syntax, types, ranges and the gaps validation
		// once had.
		"",
		"---\n",
		edit("    models: 10\n", "   models: 10\n"),
		edit("models: 10", "models: ten", "WS: 3, BS: 3", "WS: 0, BS: 3"),
		edit("WS: 3, BS: 3", "WS: 3, BS: 0"),
		edit("    equipment: [light_armour]\n", "    ward: [none, 5+]\n"),
		edit("    equipment: [light_armour]\n", "    ward: [&w 5+, *w]\n    rerolls: {armour: [1, 1]}\n"),
		edit("strength: 3}", "strength: 3, special_rules: {killing_blow: true, multiple_wounds: D7}}"),
		edit("target: ogres", "target: archers", "phase: shooting", "phase: magic"),
		edit("units:\n", "units: &u\n", "fight:\n", "more: *u\nfight:\n"),
		edit("name: base\n", "name: base\n---\n"),
		edit("ruleset: 6th", "rules: {\"x\\ny\": yes, '': no}"),
		fromEdit("    mount: ~\n"),
		strings.Replace(fromBase, "from: trolls", "from: trols\n    profile: {WS: 0}", 1),
		edit("id: archers", "id: \"a\\nb\"", "attacker: archers", "attacker: \"a\\nb\"", "    missile: {name: bow, strength: 3}\n", ""),
	} {
		f.Add([]byte(seed))
	}
	// The army form (issue 30): a fight of two against one, a malformed
	// file for each rule of plan §1.4 (armyRows), and two-unit fights
	// written as armies.
	f.Add([]byte(armyBase))
	for _, row := range armyRows {
		f.Add([]byte(row.in))
	}
	for _, row := range reactionRows {
		f.Add([]byte(row.in))
	}
	f.Add([]byte(armyEdit("{unit: halberdiers, fights: [{unit: boyz}]}", "{unit: halberdiers, fights: [{unit: goblins}]}",
		"        - unit: knights\n          charged: true\n          charge_distance: 7\n          fights: [{unit: boyz, at: flank, models: 3}]\n", "",
		"    - id: orcs\n      units:\n        - "+boyzFights+"\n", "    - goblins\n")))
	f.Add([]byte(combatBase + "  max_rounds: 3\n"))
	f.Add([]byte(strings.Replace(combatBase, "  sides: [knights, trolls]\n  charger: knights\n",
		"  sides:\n    - {id: k, units: [{unit: knights, charged: true, charge_distance: 5, fights: [{unit: trolls, at: flank}]}]}\n    - trolls\n", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		plan, err := scenarios.Load("fuzz.yaml", data)
		if err != nil {
			scenariotest.CheckLoadError(t, "fuzz.yaml", err)
			return
		}
		m := plan.Model
		res, err := engine.Run(context.Background(), m, engine.Config{Trials: 50, Seed: 1, Workers: 1})
		if err != nil || !res.Complete || res.Trials != 50 {
			t.Fatalf("Run: %v, complete %v after %d trials; want 50 trials", err, res != nil && res.Complete, res.Trials)
		}
		for i, h := range res.Hist {
			var n int64
			for _, c := range h {
				n += c
			}
			if n != 50 {
				t.Fatalf("metric %s counts %d trials, want 50", res.Metrics[i].Name, n)
			}
		}
		s, ok := m.(engine.Solver)
		if !ok || slices.ContainsFunc(m.Metrics(), func(mt engine.Metric) bool { return mt.Max > maxExactMetric }) {
			return
		}
		if w, ok := m.(interface{ ExactWork() float64 }); ok && w.ExactWork() > 1e5 {
			return // a fight whose exact solution takes long: the fuzz test would crawl
		}
		ex, err := s.Exact()
		if err != nil && strings.Contains(err.Error(), "exact solution too large") {
			return // refused in words, as it must be
		}
		if err != nil {
			t.Fatalf("Exact: %v", err)
		}
		for i, pmf := range ex.PMF {
			var sum float64
			for k, p := range pmf {
				if !(p >= 0 && p <= 1+1e-9) {
					t.Fatalf("P(%s = %d) = %v, not a probability", ex.Metrics[i].Name, k, p)
				}
				sum += p
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("the distribution of %s sums to %.17g, not 1", ex.Metrics[i].Name, sum)
			}
		}
		for i, p := range ex.P {
			if !(p >= 0 && p <= 1+1e-9) {
				t.Fatalf("P(%s) = %v, not a probability", ex.Events[i], p)
			}
		}
	})
}
