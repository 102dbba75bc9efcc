package scenario

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// wotrBase is a small valid War of the Ring scenario. Each row of
// TestWotRValidate changes one thing in it, so that the row's error is the
// only one; the expected errors give its line numbers.
const wotrBase = `game: wotr
name: base
might_policy: duel
formations:
  - id: men
    profile: {F: 3, S: 3, D: 5, A: 8, R: 1, C: 3}
    companies: 4
    heroes:
      - id: captain
        profile: {F: 5, R: 2, C: 4, Might: 2}
        actions:
          - {action: heroic_duel, target: chief}
  - id: orcs
    profile: {F: 3, S: 3, D: 3, A: 8, R: 1, C: 2}
    companies: 3
    heroes:
      - id: chief
        profile: {F: 4, R: 2, C: 3, Might: 2}
fight:
  type: fight
  charger: men
`

// wotrEdit returns wotrBase edited as [editScenario] does.
func wotrEdit(pairs ...string) string { return scenariotest.Edit(wotrBase, pairs...) }

const chiefHero = "    heroes:\n      - id: chief\n        profile: {F: 4, R: 2, C: 3, Might: 2}\n"

func TestWotRValidate(t *testing.T) {
	t.Parallel()
	const duel = "          - {action: heroic_duel, target: chief}\n"
	acts := func(lines ...string) string { return strings.Join(lines, "") }
	for _, tc := range []struct {
		name, reason string
		in           string
		want         string // Error() of the one problem, or "" when valid
	}{
		{name: "base", reason: "the base scenario is valid, so each row's error is its change's", in: wotrBase},
		{
			name: "negative Might", reason: "issue 8: a hero with negative Might gets a clear error",
			in:   wotrEdit("C: 4, Might: 2}", "C: 4, Might: -1}"),
			want: "w.yaml:10:44: formations[0].heroes[0].profile.Might: must be 0 to 10, got -1",
		},
		{
			name: "duel on a formation with no hero", reason: "issue 8: a duel against a formation with no hero",
			in:   wotrEdit(chiefHero, "", "target: chief}", "target: orcs}"),
			want: "w.yaml:12:43: formations[0].heroes[0].actions[0].target: orcs has no hero to duel; a duel is fought against an enemy hero",
		},
		{
			name: "duel with no target and no enemy hero", reason: "the error goes to the action when there is no target to point at",
			in:   wotrEdit(chiefHero, "", "{action: heroic_duel, target: chief}", "{action: heroic_duel}"),
			want: "w.yaml:12:22: formations[0].heroes[0].actions[0].action: orcs has no hero to duel; a duel is fought against an enemy hero",
		},
		{
			name: "duel on a friend", reason: "a duel's target is an enemy hero",
			in:   wotrEdit(duel, strings.Replace(duel, "chief", "ensign", 1)+"      - id: ensign\n        profile: {F: 3, R: 1, C: 3}\n"),
			want: "w.yaml:12:43: formations[0].heroes[0].actions[0].target: ensign is in captain's own formation; a duel is fought against an enemy hero (chief)",
		},
		{
			name: "duel on no one", reason: "an unknown target lists the enemy heroes",
			in:   wotrEdit("target: chief}", "target: chef}"),
			want: "w.yaml:12:43: formations[0].heroes[0].actions[0].target: no enemy hero has the id chef; name one of chief, or the formation orcs",
		},
		{
			name: "two duels", reason: "seed 001: not more than one of the same type of action per turn",
			in:   wotrEdit("Might: 2}\n        actions:\n"+duel, "Might: 2}\n        actions:\n"+duel+duel),
			want: "w.yaml:13:22: formations[0].heroes[0].actions[1].action: heroic_duel is already declared at actions[0]; a hero makes at most one action of each kind a turn (seed 001)",
		},
		{
			name: "more actions than Might", reason: "seed 001: Might is reduced by the actions declared",
			in:   wotrEdit(duel, acts(duel, "          - {action: heroic_combat}\n", "          - {action: epic_strike}\n")),
			want: "w.yaml:12:11: formations[0].heroes[0].actions: 3 actions declared with Might 2; each costs 1 Might (seed 001)",
		},
		{
			name: "an action with no Might", reason: "a hero with Might 0 declares nothing",
			in:   wotrEdit("C: 4, Might: 2}", "C: 4}"),
			want: "w.yaml:12:11: formations[0].heroes[0].actions: 1 action declared with Might 0; each costs 1 Might (seed 001)",
		},
		{
			name: "too many turns", reason: "docs/wotr.md, Several turns: 1 to 12",
			in:   wotrEdit("  charger: men\n", "  charger: men\n  turns: 13\n"),
			want: "w.yaml:22:10: fight.turns: must be 1 to 12, got 13",
		},
		{
			name: "until destroyed", reason: "docs/wotr.md, Several turns: until_destroyed is the most turns",
			in: wotrEdit("  charger: men\n", "  charger: men\n  turns: until_destroyed\n"),
		},
		{
			name: "turns misspelt", reason: "fight.turns is a number or until_destroyed",
			in:   wotrEdit("  charger: men\n", "  charger: men\n  turns: until_dead\n"),
			want: "w.yaml:22:10: fight.turns: expected a number of turns (1 to 12) or until_destroyed, got \"until_dead\"",
		},
		{
			name: "turns as a list", reason: "fight.turns is one value",
			in:   wotrEdit("  charger: men\n", "  charger: men\n  turns: [1, 2]\n"),
			want: "w.yaml:22:10: fight.turns: expected a number of turns (1 to 12) or until_destroyed, got a list",
		},
		{
			name: "charging after a Heroic Move", reason: "seed 001: a Heroic Move forbids charging that turn",
			in:   wotrEdit(duel, "          - {action: heroic_move}\n"),
			want: "w.yaml:21:12: fight.charger: men made a heroic_move this turn and may not charge (seed 001)",
		},
		{
			name: "Heroic Charge after a Heroic Move", reason: "seed 001: no Heroic Charge in the same turn",
			in:   wotrEdit(duel, "          - {action: heroic_move}\n          - {action: heroic_charge}\n", "  charger: men\n", ""),
			want: "w.yaml:13:22: formations[0].heroes[0].actions[1].action: men made a heroic_move this turn and may not charge (seed 001)",
		},
		{
			name: "Heroic Combat without a fight", reason: "a fight of duels alone has no fight for a Heroic Combat",
			in:   wotrEdit(duel, "          - {action: heroic_combat}\n", "type: fight", "type: duels", "  charger: men\n", ""),
			want: "w.yaml:12:22: formations[0].heroes[0].actions[0].action: a heroic_combat needs the formations to fight; remove it, or set fight.type: fight",
		},
		{
			name: "second charge on a duel", reason: "only a Heroic Combat charges again",
			in:   wotrEdit("target: chief}", "target: chief, second_charge: decline}"),
			want: "w.yaml:12:65: formations[0].heroes[0].actions[0].second_charge: only a heroic_combat has a second charge; remove it from heroic_duel",
		},
		{
			name: "target on a Heroic Combat", reason: "only a duel has a target",
			in:   wotrEdit("action: heroic_duel, target: chief", "action: heroic_combat, target: chief"),
			want: "w.yaml:12:45: formations[0].heroes[0].actions[0].target: only a duel has a target; remove it from heroic_combat",
		},
		{
			name: "unknown second charge", reason: "the choices are listed",
			in:   wotrEdit("{action: heroic_duel, target: chief}", "{action: heroic_combat, second_charge: decliné}"),
			want: `w.yaml:12:52: formations[0].heroes[0].actions[0].second_charge: unknown second charge "decliné"; did you mean "decline"? Use charge, decline, decline_if_duel`,
		},
		{
			name: "misspelt action", reason: "the closest action is suggested",
			in:   wotrEdit("action: heroic_duel,", "action: heroic_duell,"),
			want: `w.yaml:12:22: formations[0].heroes[0].actions[0].action: unknown action "heroic_duell"; did you mean "heroic_duel"? Use one of heroic_move, heroic_shoot, heroic_charge, heroic_combat, heroic_duel, epic_duel, epic_strike, epic_charge, mighty_blow, epic_defence, epic_rage, epic_sacrifice`,
		},
		{
			name: "unknown Might policy", reason: "the policies are listed",
			in:   wotrEdit("might_policy: duel", "might_policy: always"),
			want: `w.yaml:3:15: might_policy: unknown Might policy "always"; use none, duel, greedy, defend, save`,
		},
		{
			name: "a hero's unknown Might policy", reason: "a hero may set his own",
			in:   wotrEdit("      - id: chief\n", "      - id: chief\n        might_policy: greedyy\n"),
			want: `w.yaml:18:23: formations[1].heroes[0].might_policy: unknown Might policy "greedyy"; did you mean "greedy"? Use none, duel, greedy, defend, save`,
		},
		{
			name: "an action after the last turn", reason: "an action's turns are the fight's",
			in:   wotrEdit("target: chief}", "target: chief, turns: [2]}", "  charger: men\n", "  charger: men\n  turns: 1\n"),
			want: "w.yaml:12:58: formations[0].heroes[0].actions[0].turns[0]: turn 2 is not one of the fight's turns, 1 to 1 (fight.turns)",
		},
		{
			name: "a turn named twice", reason: "each turn once",
			in:   wotrEdit("target: chief}", "target: chief, turns: [1, 1]}", "  charger: men\n", "  charger: men\n  turns: 2\n"),
			want: "w.yaml:12:61: formations[0].heroes[0].actions[0].turns[1]: turn 1 is named twice",
		},
		{
			name: "no turns", reason: "an empty list declares nothing: a mistake",
			in:   wotrEdit("target: chief}", "target: chief, turns: []}"),
			want: "w.yaml:12:57: formations[0].heroes[0].actions[0].turns: empty; name the turns it is declared in, from 1 to 1, or leave it out for every turn",
		},
		{
			name: "one kind twice in a turn", reason: "seed 001: one action of a kind a turn, the turns given",
			in: wotrEdit("target: chief}\n", "target: chief, turns: [1, 2]}\n          - {action: heroic_duel, target: chief, turns: [2, 3]}\n",
				"  charger: men\n", "  charger: men\n  turns: 3\n"),
			want: "w.yaml:13:22: formations[0].heroes[0].actions[1].action: heroic_duel is already declared at actions[0] for turn 2; a hero makes at most one action of each kind a turn (seed 001)",
		},
		{
			name: "one kind in different turns", reason: "a duel in turn 1 and another in turn 2 are allowed",
			in: wotrEdit("target: chief}\n", "target: chief, turns: [1]}\n          - {action: heroic_duel, target: chief, turns: [2]}\n",
				"  charger: men\n", "  charger: men\n  turns: 2\n"),
		},
		{
			name: "Might counted in the first turn", reason: "actions of later turns are paid then, while Might lasts",
			in: wotrEdit("target: chief}\n", "target: chief}\n          - {action: heroic_shoot, turns: [2]}\n          - {action: heroic_move, turns: [2]}\n",
				"  charger: men\n", "  charger: men\n  turns: 2\n"),
		},
		{
			name: "too many actions in the first turn", reason: "seed 001: each costs 1 Might",
			in: wotrEdit("target: chief}\n", "target: chief}\n          - {action: heroic_shoot}\n          - {action: heroic_move, turns: [1]}\n",
				"  charger: men\n", "  turns: 2\n"),
			want: "w.yaml:12:11: formations[0].heroes[0].actions: 3 actions in the first turn declared with Might 2; each costs 1 Might (seed 001)",
		},
		{
			name: "a bodyguard of no one here", reason: "a bodyguard guards a hero of his own formation",
			in:   wotrEdit("      - id: chief\n", "      - id: chief\n        bodyguard_of: captain\n"),
			want: "w.yaml:18:23: formations[1].heroes[0].bodyguard_of: orcs has no other hero to guard; a bodyguard fights the duels of a hero of his own formation",
		},
		{
			name: "a bodyguard of himself", reason: "he guards another",
			in:   wotrEdit("      - id: chief\n", "      - id: chief\n        bodyguard_of: chief\n"),
			want: "w.yaml:18:23: formations[1].heroes[0].bodyguard_of: chief cannot guard himself; name another hero of orcs",
		},
		{
			name: "a bodyguard of a misspelt hero", reason: "the heroes he may guard are listed",
			in:   wotrEdit("        profile: {F: 4, R: 2, C: 3, Might: 2}\n", "        profile: {F: 4, R: 2, C: 3, Might: 2}\n      - id: guard\n        bodyguard_of: chef\n        profile: {F: 4, R: 2, C: 3}\n"),
			want: "w.yaml:20:23: formations[1].heroes[1].bodyguard_of: no hero of orcs has the id chef; a bodyguard guards a hero of his own formation: chief",
		},
		{
			name: "one formation", reason: "a fight has two sides",
			in:   strings.Split(wotrBase, "  - id: orcs\n")[0] + "fight: {type: fight}\n",
			want: "w.yaml:5:3: formations: a War of the Ring fight needs exactly two formations, got 1",
		},
		{
			name: "a hero with a formation's id", reason: "ids name metrics, so formations and heroes share them",
			in:   wotrEdit("- id: chief", "- id: men", "target: chief}", "target: men}"),
			want: `w.yaml:17:13: formations[1].heroes[0].id: "men" is already the id of formations[0]; ids of formations and heroes must all differ`,
		},
		{
			name: "misspelt field", reason: "strict decoding suggests the field",
			in:   wotrEdit("might_policy: duel", "might_polcy: duel"),
			want: `w.yaml:3:1: might_polcy: unknown field "might_polcy"; did you mean "might_policy"? (fields here: game, name, title, description, ruleset, rules, might_policy, trials, seed, formations, fight)`,
		},
		{
			name: "unknown rule option", reason: "options are listed, and the nearest is suggested",
			in:   wotrEdit("might_policy: duel\n", "might_policy: duel\nrules: {duel_tabel: m1}\n"),
			want: `w.yaml:4:21: rules.duel_tabel: unknown rule option "duel_tabel"; did you mean "duel_table"? Options are order_picks, heroic_combat_recharge, duel_after_fight, duel_table, duel_declarer_bonus, duel_counts_for_victory, hero_death_is_casualty, duel_hits_persist, battle_skill, battle_skill_cap, hero_fight_scope, charge_bonus, charge_bonus_per, earthshaking_charge, support_dice, support_ranks, cavalry_support, depleted_dice, enemy_front, to_hit_floor, last_company_half, destroyed_loses, monster_counters_are_casualties, monsters_test_panic, loser_falls_back, victor_charges_next_turn, disordered_cannot_charge, mighty_blow_hits, mighty_blow_hard_to_kill, berserk_madness, berserk_madness_counts`,
		},
		{
			name: "bad rule value", reason: "the values are listed",
			in:   wotrEdit("might_policy: duel\n", "might_policy: duel\nrules: {battle_skill: double}\n"),
			want: `w.yaml:4:23: rules.battle_skill: unknown value "double"; use one of difference, flat, ratio, none`,
		},
		{
			name: "unknown ruleset", reason: "one preset",
			in:   wotrEdit("might_policy: duel\n", "might_policy: duel\nruleset: 6th\n"),
			want: `w.yaml:4:10: ruleset: unknown ruleset "6th"; use wotr`,
		},
		{
			name: "missing Defence", reason: "every characteristic is required",
			in:   wotrEdit("{F: 3, S: 3, D: 3, A: 8", "{F: 3, S: 3, A: 8"),
			want: "w.yaml:14:14: formations[1].profile.D: missing; give a whole number from 1 to 10",
		},
		{
			name: "Fight 0", reason: "a range", in: wotrEdit("{F: 3, S: 3, D: 5", "{F: 0, S: 3, D: 5"),
			want: "w.yaml:6:18: formations[0].profile.F: must be 1 to 10, got 0",
		},
		{
			name: "no companies", reason: "a formation has at least one", in: wotrEdit("companies: 3", "companies: 0"),
			want: "w.yaml:15:16: formations[1].companies: must be 1 to 100, got 0",
		},
		{
			name: "frontage wider than the formation", reason: "the front rank holds at most every company",
			in:   wotrEdit("companies: 3\n", "companies: 3\n    frontage: 4\n"),
			want: "w.yaml:16:15: formations[1].frontage: must be 1 to 3, got 4",
		},
		{
			name: "contact beyond the front rank", reason: "only front companies touch the enemy (frontage 2 by default)",
			in:   wotrEdit("companies: 3\n", "companies: 3\n    contact: 3\n"),
			want: "w.yaml:16:14: formations[1].contact: must be 1 to 2, got 3",
		},
		{
			name: "Hard to Kill infantry", reason: "a monster's rule",
			in:   wotrEdit("companies: 3\n", "companies: 3\n    hard_to_kill: hard\n"),
			want: "w.yaml:16:19: formations[1].hard_to_kill: Hard to Kill is a monster's rule; set type: monster, or remove it",
		},
		{
			name: "unknown Hard to Kill", reason: "the rules are listed",
			in:   wotrEdit("companies: 3\n", "companies: 3\n    type: monster\n    hard_to_kill: very\n"),
			want: `w.yaml:17:19: formations[1].hard_to_kill: unknown Hard to Kill rule "very"; use hard or very_hard, or leave it out`,
		},
		{
			name: "unknown troop type", reason: "the types are listed",
			in:   wotrEdit("companies: 3\n", "companies: 3\n    type: chariot\n"),
			want: `w.yaml:16:11: formations[1].type: unknown troop type "chariot"; use infantry, cavalry, monster`,
		},
		{
			name: "unknown charger", reason: "a formation's id",
			in:   wotrEdit("charger: men", "charger: mne"),
			want: "w.yaml:21:12: fight.charger: no formation has the id mne; name men or orcs, or leave it out",
		},
		{
			name: "unknown fight type", reason: "fight or duels",
			in:   wotrEdit("type: fight", "type: duel"),
			want: `w.yaml:20:9: fight.type: unknown fight type "duel"; did you mean "duels"? Use fight or duels`,
		},
		{
			name: "steadfast on 7", reason: "a D6 roll", in: wotrEdit("companies: 3\n", "companies: 3\n    steadfast_on: 7\n"),
			want: "w.yaml:16:19: formations[1].steadfast_on: must be 2 to 6, got 7",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			scenariotest.WantOneError(t, "w.yaml", tc.in, tc.want, tc.reason)
		})
	}
}

// More heroes than a turn holds is an error, not a panic.
func TestWotRTooManyHeroes(t *testing.T) {
	t.Parallel()
	var extra strings.Builder
	for i := range 8 {
		fmt.Fprintf(&extra, "      - id: h%d\n        profile: {F: 3, R: 1, C: 3}\n", i)
	}
	_, err := scenarios.Load("w.yaml", []byte(wotrEdit(chiefHero, chiefHero+extra.String())))
	if err == nil || err.Error() != "w.yaml:5:3: formations: 10 heroes; a scenario has at most 8" {
		t.Errorf("got %v", err)
	}
}

// A plan says its game, ruleset, the options changed and the Might policy
// used; a duels-only scenario, or a fight after duels, solves exactly, a
// fight with a Heroic Combat does not.
func TestWotRPlan(t *testing.T) {
	t.Parallel()
	p, err := scenarios.Load("w.yaml", []byte(wotrEdit("might_policy: duel\n", "might_policy: duel\nrules: {duel_table: m1}\n")))
	if err != nil {
		t.Fatal(err)
	}
	if p.Game != "wotr" || p.RulesetName != "wotr" || p.Ruleset == nil || p.Ruleset.Game() != "wotr" || p.Name != "base" || len(p.Lines) < 4 {
		t.Errorf("plan: game %q, ruleset %q (%v), name %q, %d lines", p.Game, p.RulesetName, p.Ruleset, p.Name, len(p.Lines))
	}
	if want := map[string]string{"duel_table": "m1", "might_policy": "duel"}; fmt.Sprint(p.Rules) != fmt.Sprint(want) {
		t.Errorf("rules %v, want %v", p.Rules, want)
	}
	if _, ok := p.Model.(engine.Solver); !ok {
		t.Errorf("a fight after a duel has no solver")
	}
	p, err = scenarios.Load("w.yaml", []byte(wotrEdit("{action: heroic_duel, target: chief}", "{action: heroic_combat}")))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Model.(engine.Solver); ok {
		t.Errorf("a fight with a Heroic Combat has a solver")
	}
	p, err = scenarios.Load("w.yaml", []byte(wotrEdit("type: fight", "type: duels", "  charger: men\n", "",
		"      - id: chief\n", "      - id: chief\n        might_policy: greedy\n")))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Rules["might_policy"]; got != "captain duel, chief greedy" {
		t.Errorf("might_policy %q; want each hero's when they differ", got)
	}
	if _, ok := p.Model.(engine.Solver); !ok {
		t.Errorf("a duels-only scenario has no solver")
	}
	if _, err := scenarios.Load("w.yaml", []byte(strings.Replace(wotrBase, "game: wotr", "game: wort", 1))); err == nil ||
		!strings.HasPrefix(err.Error(), `w.yaml:1: game: unknown game "wort"; use `) {
		t.Errorf("unknown game: %v", err)
	}
}

// Every War of the Ring built-in loads and runs; those with an exact
// solution (the duels alone, wotr-captain-duel's duel and fight) agree
// with a fixed-seed simulation of 200,000 trials on every metric's mean
// and tails and every event within 4.5 standard errors.
func TestWotRBuiltins(t *testing.T) {
	t.Parallel()
	n := int64(200_000)
	if testing.Short() {
		n = 20_000
	}
	solved := 0
	for _, name := range scenarios.BuiltinNames() {
		if !strings.HasPrefix(name, "wotr-") {
			continue
		}
		p, err := scenarios.Builtin(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.Game != "wotr" || p.Rules["might_policy"] == "" {
			t.Errorf("%s: game %q, rules %v", name, p.Game, p.Rules)
		}
		res, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: n, Seed: 5, Workers: 4})
		if err != nil || !res.Complete {
			t.Fatalf("%s: %v", name, err)
		}
		s, ok := p.Model.(engine.Solver)
		if !ok {
			continue
		}
		ex, err := s.Exact()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		solved++
		enginetest.Agree(t, name, ex, res)
	}
	if solved != 3 {
		t.Errorf("%d built-ins solved exactly, want 3 (all but wotr-combat-vs-duel, whose Heroic Combat the solver leaves to sim run)", solved)
	}
}

// Each bad option in a scenario's rules is reported, not only the first.
func TestEveryBadRuleIsReported(t *testing.T) {
	t.Parallel()
	scenariotest.EveryBadRuleIsReported(t, func(bad string) string { return wotrEdit("might_policy: duel\n", "might_policy: duel\n"+bad) })
}

// fight.turns: until_destroyed plays the most turns a fight may
// (wotr.MaxTurns), so its per-turn metrics run to turn 12 and no further.
func TestWotRUntilDestroyed(t *testing.T) {
	t.Parallel()
	p, err := scenarios.Load("w.yaml", []byte(wotrEdit("  charger: men\n", "  charger: men\n  turns: until_destroyed\n")))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, m := range p.Model.Metrics() {
		names[m.Name] = true
	}
	if !names["men.companies.turn12"] || names["men.companies.turn13"] {
		t.Errorf("until_destroyed reports turn 12: %v, turn 13: %v; want 12 turns", names["men.companies.turn12"], names["men.companies.turn13"])
	}
}
