package scenario

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/conquest"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// conquestBase is a small valid Conquest scenario. Each row of
// TestConquestValidate changes one thing in it, so that the row's error is
// the only one. Its line numbers matter: the expected errors give them.
const conquestBase = `game: conquest
name: base
ruleset: "1.5"
regiments:
  - id: guard
    type: infantry
    class: medium
    profile: {M: 5, V: 1, C: 2, A: 1, W: 1, R: 3, D: 3, E: 0}
    stands: 3
    models: 4
    special_rules: {cleave: 1, support: 2}
  - id: brutes
    type: brute
    class: medium
    profile: {M: 7, V: 2, C: 2, A: 4, W: 3, R: 4, D: 2, E: 0}
    stands: 3
    models: 1
    healing:
      - {kind: regeneration, amount: 3}
fight:
  type: clash
  attacker: guard
  target: brutes
`

// conquestEdit returns conquestBase edited as [editScenario] does.
func conquestEdit(pairs ...string) string { return scenariotest.Edit(conquestBase, pairs...) }

// conquestTurns is conquestBase as a fight of turns with the given sides.
func conquestTurns(sides string) string {
	return conquestEdit("  type: clash\n  attacker: guard\n  target: brutes\n", "  type: turns\n  turns: 3\n  sides:\n"+sides)
}

// conquestTurns3 is conquestTurns with a third regiment, guard2, a copy
// of guard.
func conquestTurns3(sides string) string {
	return strings.Replace(conquestTurns(sides), "  - id: brutes\n",
		"  - id: guard2\n    type: infantry\n    class: medium\n    profile: {M: 5, V: 1, C: 2, A: 1, W: 1, R: 3, D: 3, E: 0}\n    stands: 3\n    models: 4\n  - id: brutes\n", 1)
}

func TestConquestValidate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, reason string
		in           string
		want         string // Error() of the one problem, or "" when valid
	}{
		{name: "base", reason: "the base scenario is valid, so each row's error comes from its change", in: conquestBase},
		{
			name: "Clash 7", reason: "issue 9: a characteristic above 6, located at the value",
			in:   conquestEdit("C: 2, A: 1", "C: 7, A: 1"),
			want: "c.yaml:8:30: regiments[0].profile.C: must be 0 to 6, got 7",
		},
		{
			name: "a stand with 0 models", reason: "issue 9: a stand holds at least one model",
			in:   conquestEdit("models: 4", "models: 0"),
			want: "c.yaml:10:13: regiments[0].models: must be 1 to 10, got 0: a stand holds at least one model",
		},
		{
			name: "healing a destroyed regiment", reason: "issue 9: a regiment that starts with every stand lost is out of play; its healing would mean nothing",
			in: conquestEdit("    healing:\n", "    start: {stands_lost: 3}\n    healing:\n"),
			want: "c.yaml:18:26: regiments[1].start.stands_lost: 3 of 3 stands lost leaves the regiment destroyed: " +
				"it is out of play and can neither fight nor be healed; give 0 to 2",
		},
		{
			name: "models lost from a full stand", reason: "models_lost counts from the incomplete stand: fewer than a stand holds",
			in:   conquestEdit("    special_rules: {cleave: 1, support: 2}\n", "    special_rules: {cleave: 1, support: 2}\n    start: {models_lost: 4}\n"),
			want: "c.yaml:12:26: regiments[0].start.models_lost: must be 0 to 3, got 4",
		},
		{
			name: "Wounded markers of a whole model", reason: "3 markers on W3 models would be a dead model",
			in:   conquestEdit("    healing:\n", "    start: {wounded: 3}\n    healing:\n"),
			want: "c.yaml:18:22: regiments[1].start.wounded: must be 0 to 2, got 3",
		},
		{
			name: "unknown stand type", reason: "a type not in the rules; nothing is close, so the types are listed",
			in:   conquestEdit("type: brute", "type: dragon"),
			want: `c.yaml:13:11: regiments[1].type: unknown stand type "dragon"; use one of infantry, cavalry, brute, monster`,
		},
		{
			name: "missing class", reason: "Impact attacks depend on the class: it must be given",
			in:   conquestEdit("    class: medium\n    profile: {M: 7", "    profile: {M: 7"),
			want: "c.yaml:12:5: regiments[1].class: missing; use light, medium, heavy",
		},
		{
			name: "unknown ruleset", reason: "the presets are listed",
			in:   conquestEdit(`ruleset: "1.5"`, `ruleset: "3.0"`),
			want: `c.yaml:3:10: ruleset: unknown ruleset "3.0"; use one of 1.5, 2.0`,
		},
		{
			name: "ruleset as a number", reason: "ruleset: 1.5 unquoted reads as text too",
			in: conquestEdit(`ruleset: "1.5"`, `ruleset: 1.5`),
		},
		{
			name: "unknown rule option", reason: "options are named; the list says which, and the nearest is suggested",
			in:   conquestEdit(`ruleset: "1.5"`, "ruleset: \"1.5\"\nrules: {restore_costs: one}"),
			want: `c.yaml:4:24: rules.restore_costs: unknown rule option "restore_costs"; did you mean "restore_cost"? Options are ` + strings.Join(conquest.System.Options.Names(), ", "),
		},
		{
			name: "bad option value", reason: "the values are listed",
			in:   conquestEdit(`ruleset: "1.5"`, "ruleset: \"1.5\"\nrules: {restore_cost: two}"),
			want: `c.yaml:4:23: rules.restore_cost: unknown value "two"; use one of free, one, half_wounds, wounds`,
		},
		{
			name: "models on a per-stand profile", reason: "under 2.0 characteristics are per stand: 4 models would be counted as one",
			in:   conquestEdit(`ruleset: "1.5"`, `ruleset: "2.0"`),
			want: "c.yaml:10:13: regiments[0].models: 4 models on a stand, but under stand_profile per_stand the characteristics are per stand; give 1",
		},
		{
			name: "a per-stand profile under 1.5", reason: "2.x profiles are per stand; fought under per-model rules they would mean neither",
			in:   conquestEdit("    stands: 3\n    models: 1\n", "    stands: 3\n    models: 1\n    stand_profile: per_stand\n"),
			want: `c.yaml:18:20: regiments[1].stand_profile: brutes's profile is per_stand, but the ruleset's stand_profile is per_model; run it under ruleset "2.0" (or set rules: {stand_profile: per_stand})`,
		},
		{
			name: "an unknown stand profile", reason: "the two forms are named",
			in:   conquestEdit("    stands: 3\n    models: 1\n", "    stands: 3\n    models: 1\n    stand_profile: stand\n"),
			want: `c.yaml:18:20: regiments[1].stand_profile: unknown stand profile "stand"; use per_model (1.5) or per_stand (2.0)`,
		},
		{
			name: "unknown field", reason: "strict decoding: a misspelt field is suggested",
			in: conquestEdit("stands: 3\n    models: 4", "stand: 3\n    models: 4"),
			want: `c.yaml:9:5: regiments[0].stand: unknown field "stand"; did you mean "stands"? (fields here: id, from, name, faction, source, type, class, ` +
				"profile, stands, models, stand_profile, frontage, engaged, special_rules, character, healing, start, rear_in_contact, no_room)",
		},
		{
			name: "heal amount", reason: "a heal of 0 heals nothing",
			in:   conquestEdit("amount: 3", "amount: 0"),
			want: "c.yaml:19:38: regiments[1].healing[0].amount: must be 1 to 100 Heal Points, or up to 10 dice, got 0",
		},
		{
			name: "heal dice", reason: "only D3 and D6 are dice the rules use",
			in:   conquestEdit("amount: 3", "amount: D8"),
			want: `c.yaml:19:38: regiments[1].healing[0].amount: "D8" is not a die the rules use; write D3 or D6, as D6 or 2D6`,
		},
		{
			name: "heal kind", reason: "the kinds are regeneration and heal",
			in:   conquestEdit("kind: regeneration", "kind: regen"),
			want: `c.yaml:19:16: regiments[1].healing[0].kind: unknown heal kind "regen"; use regeneration or heal`,
		},
		{
			name: "volley without Barrage", reason: "a regiment without Barrage cannot volley",
			in:   conquestEdit("type: clash", "type: volley"),
			want: "c.yaml:21:9: fight.type: guard has no Barrage and cannot volley; give it special_rules: {barrage: X}",
		},
		{
			name: "infantry charge", reason: "1.5: infantry make no Impact attacks without Throwing Weapons",
			in:   conquestEdit("type: clash", "type: charge"),
			want: "c.yaml:21:9: fight.type: guard makes no Impact attacks: only medium and heavy cavalry, brutes and monsters do, or stands with Throwing Weapons",
		},
		{
			name: "a charge of no Attacks", reason: "brutes with Attacks 0 have nothing to halve: the engine says so, not an internal error",
			in:   conquestEdit("type: clash", "type: charge", "attacker: guard", "attacker: brutes", "target: brutes", "target: guard", "C: 2, A: 4", "C: 2, A: 0"),
			want: "c.yaml:21:9: fight.type: brutes makes no Impact attacks: its stands have no Attacks to halve",
		},
		{
			name: "attacker unknown", reason: "references name a regiment",
			in:   conquestEdit("attacker: guard", "attacker: gaurd"),
			want: `c.yaml:22:13: fight.attacker: no regiment has the id "gaurd"; the regiments are brutes, guard`,
		},
		{
			name: "aimed clash", reason: "Take Aim helps a Volley only",
			in:   conquestEdit("target: brutes\n", "target: brutes\n  aimed: true\n"),
			want: "c.yaml:24:10: fight.aimed: aimed applies to a Volley only; remove it, or let the regiment volley",
		},
		{
			name: "turns", reason: "a fight of turns with a charge, casts and healing is valid",
			in: conquestTurns("    - regiment: brutes\n      first_turn: [charge, clash]\n      actions: [clash]\n" +
				"    - regiment: guard\n      actions: [clash]\n"),
		},
		{
			name: "turns out of range", reason: "a fight lasts 1 to 50 turns",
			in:   strings.Replace(conquestTurns("    - regiment: brutes\n    - regiment: guard\n"), "turns: 3", "turns: 0", 1),
			want: "c.yaml:22:10: fight.turns: must be 1 to 50, got 0",
		},
		{
			name: "charge after turn 1", reason: "the charge starts the fight",
			in:   conquestTurns("    - regiment: brutes\n      actions: [charge]\n    - regiment: guard\n"),
			want: "c.yaml:25:17: fight.sides[0].actions[0]: charge is the charge that starts the fight: put it in first_turn",
		},
		{
			name: "unknown action", reason: "the actions are listed",
			in:   conquestTurns("    - regiment: brutes\n      actions: [clash, heal]\n    - regiment: guard\n"),
			want: `c.yaml:25:24: fight.sides[0].actions[1]: unknown action "heal"; use charge, clash, volley, cast, rally, inspire, take_aim or duel`,
		},
		{
			name: "cast without a spell", reason: "cast needs a Character with a spell",
			in: conquestTurns("    - regiment: guard\n      actions: [cast]\n    - regiment: brutes\n"),
			want: "c.yaml:25:17: fight.sides[0].actions[0]: guard has no Character with a spell to cast; " +
				"give it character: {..., spell: {dice: 3, difficulty: 3, heal_per_success: 2}}",
		},
		{
			name: "duels off", reason: "Duels are off by default: the engine says which option turns them on",
			in: strings.Replace(strings.Replace(conquestTurns("    - regiment: guard\n      actions: [duel]\n    - regiment: brutes\n"),
				"    special_rules: {cleave: 1, support: 2}\n", "    special_rules: {cleave: 1, support: 2}\n    character: {name: lord, profile: {M: 5, V: 1, C: 3, A: 4, W: 4, R: 3, D: 3, E: 0}}\n", 1),
				"    models: 1\n", "    models: 1\n    character: {name: chief, profile: {M: 5, V: 1, C: 3, A: 4, W: 4, R: 3, D: 3, E: 0}}\n", 1),
			want: "c.yaml:27:17: fight.sides[0].actions[0]: guard: Duels are off (option duels, [U]: how a Duel is fought is not in the sources); " +
				"give --set duels=simultaneous (in a file, rules: {duels: simultaneous}) to fight them as two Characters' simultaneous Strikes",
		},
		{
			name: "duel without a foe", reason: "a Duel needs a Character on each side",
			in: strings.Replace(strings.Replace(conquestTurns("    - regiment: guard\n      actions: [duel]\n    - regiment: brutes\n"),
				"    special_rules: {cleave: 1, support: 2}\n", "    special_rules: {cleave: 1, support: 2}\n    character: {name: lord, profile: {M: 5, V: 1, C: 3, A: 4, W: 4, R: 3, D: 3, E: 0}}\n", 1),
				`ruleset: "1.5"`, "ruleset: \"1.5\"\nrules: {duels: simultaneous}", 1),
			want: "c.yaml:27:17: fight.sides[0].actions[0]: a Duel is between two Characters, and brutes has none; give it a character, or remove duel",
		},
		{
			name: "activation", reason: "the activation orders are listed, with the nearest",
			in:   strings.Replace(conquestTurns("    - regiment: brutes\n    - regiment: guard\n"), "turns: 3\n", "turns: 3\n  activation: rolloff\n", 1),
			want: `c.yaml:23:15: fight.activation: unknown activation "rolloff"; did you mean "roll_off"? Use in_order (the sides in their order every turn) or roll_off (each turn's Supremacy roll-off decides who activates first)`,
		},
		{
			name: "three without armies", reason: "with more than two regiments each side says its army and target",
			in:   conquestTurns3("    - regiment: guard\n      army: 1\n      target: brutes\n    - regiment: brutes\n      army: 2\n      target: guard\n    - regiment: guard2\n      army: 1\n"),
			want: "c.yaml:36:7: fight.sides[2].target: missing; name the enemy regiment its attacks strike (one of the fight's sides)",
		},
		{
			name: "a friend targeted", reason: "a regiment strikes the enemy",
			in:   conquestTurns3("    - regiment: guard\n      army: 1\n      target: guard2\n    - regiment: brutes\n      army: 2\n      target: guard\n    - regiment: guard2\n      army: 1\n      target: brutes\n"),
			want: "c.yaml:32:15: fight.sides[0].target: guard2 is of its own army; give an enemy regiment",
		},
		{
			name: "one army", reason: "a fight has two armies",
			in:   conquestTurns("    - regiment: guard\n      army: 1\n      target: brutes\n    - regiment: brutes\n      army: 1\n      target: guard\n"),
			want: "c.yaml:24:5: fight.sides: armies of 2 and 0 regiments; give each army 1 to 3 (army: 1 or 2)",
		},
		{
			name: "army 3", reason: "armies are 1 and 2",
			in:   conquestTurns("    - regiment: guard\n      army: 3\n      target: brutes\n    - regiment: brutes\n      army: 2\n      target: guard\n"),
			want: "c.yaml:25:13: fight.sides[0].army: must be 1 to 2, got 3",
		},
		{
			name: "two on one", reason: "two regiments of army 1 against one of army 2 is valid",
			in: conquestTurns3("    - regiment: guard\n      army: 1\n      target: brutes\n    - regiment: brutes\n      army: 2\n      target: guard\n    - regiment: guard2\n      army: 1\n      target: brutes\n      facing: flank\n"),
		},
		{
			name: "one side", reason: "a fight has two sides",
			in: conquestTurns("    - regiment: guard\n"),
			want: "c.yaml:24:5: fight.sides: a fight has 2 to 6 regiments, up to 3 an army, in activation order; give sides: " +
				"[{regiment: a, actions: [clash]}, {regiment: b, actions: [clash]}] (got 1)",
		},
		{
			name: "both flanked", reason: "two regiments cannot each strike the other's flank",
			in:   conquestTurns("    - regiment: guard\n      facing: flank\n    - regiment: brutes\n      facing: rear\n"),
			want: "c.yaml:27:15: fight.sides[1].facing: both sides strike the other's flank or rear; one of them faces the enemy's front",
		},
		{
			name: "sides in a clash", reason: "turns fields belong to a fight of turns",
			in:   conquestEdit("target: brutes\n", "target: brutes\n  turns: 3\n"),
			want: "c.yaml:24:10: fight.turns: turns belongs to a fight of type turns; remove it, or change the type",
		},
		{
			name: "character defence", reason: "a Character's defensive rules do nothing: its regiment defends it",
			in: conquestEdit("    special_rules: {cleave: 1, support: 2}\n", "    special_rules: {cleave: 1, support: 2}\n"+
				"    character: {name: lord, profile: {M: 5, V: 1, C: 3, A: 4, W: 4, R: 3, D: 3, E: 0}, special_rules: {shield: true}}\n"),
			want: "c.yaml:12:112: regiments[0].character.special_rules.shield: shield has no effect on a character: its regiment's profile and " +
				"rules defend it, charge and test Morale; move it to the regiment's special_rules",
		},
		{
			name: "spell heals and strikes", reason: "a spell is a healing spell or a damage spell",
			in: conquestEdit("    special_rules: {cleave: 1, support: 2}\n", "    special_rules: {cleave: 1, support: 2}\n"+
				"    character: {name: mage, profile: {M: 5, V: 1, C: 3, A: 4, W: 4, R: 3, D: 3, E: 0}, spell: {dice: 5, difficulty: 3, heal_per_success: 2, hits_per_success: 1}}\n"),
			want: "c.yaml:12:159: regiments[0].character.spell.hits_per_success: a spell heals (heal_per_success) or strikes the enemy (hits_per_success), not both; give one",
		},
		{
			name: "character counter-attack", reason: "Counter-Attack is the defending stands' rule",
			in: conquestEdit("    special_rules: {cleave: 1, support: 2}\n", "    special_rules: {cleave: 1, support: 2}\n"+
				"    character: {name: lord, profile: {M: 5, V: 1, C: 3, A: 4, W: 4, R: 3, D: 3, E: 0}, special_rules: {counter_attack: true}}\n"),
			want: "c.yaml:12:120: regiments[0].character.special_rules.counter_attack: counter_attack has no effect on a character: its regiment's profile and " +
				"rules defend it, charge and test Morale; move it to the regiment's special_rules",
		},
		{
			name: "character wounded without a character", reason: "markers need a character to sit on",
			in:   conquestEdit("    healing:\n", "    start: {character_wounded: 1}\n    healing:\n"),
			want: "c.yaml:18:32: regiments[1].start.character_wounded: the regiment has no character; add one, or remove character_wounded",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scenariotest.WantOneError(t, "c.yaml", tc.in, tc.want, tc.reason)
		})
	}
}

// Every built-in Conquest scenario loads as a conquest plan, runs, and,
// for one action, its simulation agrees with its exact solution.
func TestConquestBuiltins(t *testing.T) {
	t.Parallel()
	n := 0
	for _, name := range scenarios.BuiltinNames() {
		if !strings.HasPrefix(name, "conquest-") {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, err := scenarios.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			if p.Game != "conquest" || p.RulesetName == "" || p.Ruleset == nil || p.Ruleset.Game() != "conquest" || len(p.Lines) < 3 {
				t.Errorf("plan: game %q, ruleset %q (%v), %d lines", p.Game, p.RulesetName, p.Ruleset, len(p.Lines))
			}
			res, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: 20_000, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			solver, ok := p.Model.(engine.Solver)
			if !ok {
				return
			}
			ex, err := solver.Exact()
			if err != nil {
				t.Fatal(err)
			}
			for m, pmf := range ex.PMF {
				var mu, v, sum float64
				for k, q := range pmf {
					mu += float64(k) * q
				}
				for k, q := range pmf {
					v += q * (float64(k) - mu) * (float64(k) - mu)
				}
				for k, c := range res.Hist[m] {
					sum += float64(k) * float64(c)
				}
				se := math.Sqrt(v / float64(res.Trials))
				if got := sum / float64(res.Trials); math.Abs(got-mu) > 4.5*se+1e-12 {
					t.Errorf("%s: simulated mean %.4f, exact %.4f (se %.4f)", ex.Metrics[m].Name, got, mu, se)
				}
			}
		})
	}
	if n < 4 {
		t.Errorf("%d built-in Conquest scenarios; want a clash, a charge, a volley and fights of turns", n)
	}
}

// The plan carries the options changed from the preset.
func TestConquestRules(t *testing.T) {
	t.Parallel()
	p, err := scenarios.Load("c.yaml", []byte(conquestEdit(`ruleset: "1.5"`, "ruleset: \"1.5\"\nrules: {restore_cost: wounds, volley_morale: \"no\"}")))
	if err != nil {
		t.Fatal(err)
	}
	if p.RulesetName != "1.5" || len(p.Rules) != 2 || p.Rules["restore_cost"] != "wounds" || p.Rules["volley_morale"] != "no" {
		t.Errorf("ruleset %q, rules %v; want 1.5 with restore_cost wounds and volley_morale no", p.RulesetName, p.Rules)
	}
}

// FuzzConquestLoad checks that a Conquest scenario never panics, never
// gets through validation to fail in build (an internal error), and that
// every plan it accepts runs and, when small, solves exactly with
// distributions that sum to 1.
func FuzzConquestLoad(f *testing.F) {
	for _, name := range scenarios.BuiltinNames() {
		if strings.HasPrefix(name, "conquest-") {
			data, _ := scenarios.BuiltinSource(name)
			f.Add(data)
		}
	}
	for _, seed := range []string{
		conquestBase,
		conquestEdit("type: clash", "type: charge", "attacker: guard", "attacker: brutes", "target: brutes", "target: guard"),
		conquestEdit(`ruleset: "1.5"`, "ruleset: \"2.0\"", "models: 4", "models: 1"),
		conquestTurns("    - regiment: brutes\n      first_turn: [charge, clash]\n      actions: [clash]\n      facing: rear\n" +
			"    - regiment: guard\n      actions: [clash]\n"),
		conquestEdit("    special_rules: {cleave: 1, support: 2}\n", "    special_rules: {cleave: 1, support: 2, barrage: 1}\n"+
			"    character: {name: mage, profile: {M: 5, V: 3, C: 1, A: 2, W: 4, R: 2, D: 1, E: 0}, special_rules: {barrage: 3},"+
			" spell: {dice: 5, difficulty: 3, heal_per_success: 2}}\n    start: {stands_lost: 1, models_lost: 3, character_wounded: 3}\n",
			"type: clash", "type: volley"),
		conquestEdit("amount: 3", "amount: 2D6+1", `ruleset: "1.5"`, "ruleset: \"1.5\"\nrules: {regeneration: full_restore, restore_cost: free}"),
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		plan, err := scenarios.Load("fuzz.yaml", data)
		if err != nil {
			scenariotest.CheckLoadError(t, "fuzz.yaml", err)
			return
		}
		res, err := engine.Run(context.Background(), plan.Model, engine.Config{Trials: 20, Seed: 1, Workers: 1})
		if err != nil || res.Trials != 20 {
			t.Fatalf("Run: %v after %d trials", err, res.Trials)
		}
		s, ok := plan.Model.(engine.Solver)
		if !ok {
			return
		}
		for _, m := range plan.Model.Metrics() {
			if m.Max > 200 { // as FuzzLoad of Warhammer: each input stays quick
				return
			}
		}
		ex, err := s.Exact()
		if err != nil {
			return // too large to solve: an error, not a panic
		}
		for i, pmf := range ex.PMF {
			var sum float64
			for _, p := range pmf {
				sum += p
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("the distribution of %s sums to %v", ex.Metrics[i].Name, sum)
			}
		}
	})
}

// Each bad option in a scenario's rules is reported, not only the first.
func TestEveryBadRuleIsReported(t *testing.T) {
	t.Parallel()
	scenariotest.EveryBadRuleIsReported(t, func(bad string) string { return conquestEdit("ruleset: \"1.5\"\n", "ruleset: \"1.5\"\n"+bad) })
}
