package conquest

import (
	"math"
	"strings"
	"testing"
	"time"
)

// A fight worked by hand: one Men-at-Arms model (C2, A1) clashes each turn
// with one Brute of 3 Wounds (Defence 2, Resolve 3, Regeneration 1), which
// activates second and heals 1 at the start of its activation; two turns.
//
// One Strike wounds with 1/3 (hit on 2 or less) × 2/3 (blocked on 2 or
// less) = 2/9; a wound costs a Morale die, failing with 1/2 (Resolve 3, no
// size bonus at one stand): a Clash deals 0 wounds with 7/9, 1 with 1/9
// and 2 with 1/9 (one of them a failed Morale die, 1/9 each turn).
//
// Turn 1, from 3: 3 (7/9), 2 (1/9), 1 (1/9); Regeneration spends 1 Heal
// Point when wounded (2/9) and heals fully: 3 (8/9), 2 (1/9).
// Turn 2, from 3: the same, 3, 3, 2 after healing; from 2: 2 (7/9) → 3,
// 1 (1/9) → 2, or 0 (1/9): destroyed before it activates, P 1/81.
// Wounds: the same distribution each turn, whatever turn 1 did (the
// Brute at 2 still takes both): mean 2·3/9 = 2/3; failures 2·1/9.
// Heal Points spent: turn 1, 1 with 2/9; turn 2, 1 with 8/9·2/9 (from 3)
// + 1/9·8/9 (from 2, not destroyed) = 24/81. In all: 0 with 7/9·7/9 =
// 49/81; 2 with 1/9·2/9 + 1/9·8/9 = 10/81; 1 with 22/81. Lost: a point
// an activation not spent, 2 − 1/81 activations: 2 − 1/81 − 42/81.
func TestFightExactByHand(t *testing.T) {
	t.Parallel()
	one := menAtArms()
	one.Stands, one.Models, one.Frontage, one.Engaged = 1, 1, 1, 1
	brute := brutes()
	brute.Stands, brute.Frontage, brute.Engaged = 1, 1, 1
	brute.Healing[0].Amount = Amount{N: 1}
	f := newFight(t, v15(t), Combat{Turns: 2, Sides: []Side{
		{Regiment: one, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
		{Regiment: brute},
	}})
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	pmf := func(name string) []float64 {
		for i, m := range ex.Metrics {
			if m.Name == name {
				return ex.PMF[i]
			}
		}
		t.Fatalf("no metric %s", name)
		return nil
	}
	event := func(name string) float64 {
		for i, e := range ex.Events {
			if e == name {
				return ex.P[i]
			}
		}
		t.Fatalf("no event %s", name)
		return 0
	}
	for _, c := range []struct {
		name string
		want []float64
	}{
		{"turns", []float64{0, 0, 1}},
		{"brutes.stands", []float64{1.0 / 81, 80.0 / 81}},
		{"brutes.casualties", []float64{80.0 / 81, 1.0 / 81}},
		{"brutes.resolve_failures", []float64{64.0 / 81, 16.0 / 81, 1.0 / 81}},
		// W1 + W2, each 0, 1, 2 with 7/9, 1/9, 1/9.
		{"brutes.wounds", []float64{49.0 / 81, 14.0 / 81, 15.0 / 81, 2.0 / 81, 1.0 / 81}},
		{"brutes.heal_spent", []float64{49.0 / 81, 22.0 / 81, 10.0 / 81}},
		{"brutes.heal_spent_turn_1", []float64{63.0 / 81, 18.0 / 81}},
		{"brutes.heal_spent_turn_2", []float64{57.0 / 81, 24.0 / 81}},
		{"brutes.restored", []float64{1}},
		{"brutes.stands_after_turn_1", []float64{0, 1}},
		{"brutes.stands_after_turn_2", []float64{1.0 / 81, 80.0 / 81}},
		{"men_at_arms.stands", []float64{0, 1}},
	} {
		got := pmf(c.name)
		for k := range max(len(got), len(c.want)) {
			var g, w float64
			if k < len(got) {
				g = got[k]
			}
			if k < len(c.want) {
				w = c.want[k]
			}
			if math.Abs(g-w) > 1e-12 {
				t.Errorf("%s: P(%d) = %.15f, want %.15f", c.name, k, g, w)
			}
		}
	}
	if got, want := mean(pmf("brutes.heal_lost")), 2-1.0/81-42.0/81; math.Abs(got-want) > 1e-12 {
		t.Errorf("brutes.heal_lost: mean %.15f, want %.15f", got, want)
	}
	for name, want := range map[string]float64{"brutes.destroyed": 1.0 / 81, "brutes.broken": 1.0 / 81, // wiped out, it broke on the way (checkBroken)
		"brutes.heal_blocked": 0, "men_at_arms.destroyed": 0} {
		if got := event(name); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: P = %.15f, want %.15f", name, got, want)
		}
	}
}

// A fight too large for the exact solver says so, and soon.
func TestFightExactTooLarge(t *testing.T) {
	t.Parallel()
	horde := menAtArms()
	horde.Stands, horde.Frontage, horde.Engaged, horde.Profile.W = 20, 5, 5, 3
	horde.Healing = []HealSource{{Name: "Regeneration", Kind: HealRegeneration, Amount: Amount{Dice: 2, Sides: 6}}}
	guard := householdGuard()
	guard.Stands, guard.Frontage, guard.Engaged = 20, 5, 5
	f := newFight(t, v15(t), Combat{Turns: 10, Sides: []Side{
		{Regiment: horde, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
		{Regiment: guard, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
	}})
	start := time.Now()
	_, err := f.Exact()
	if err == nil || !strings.Contains(err.Error(), "exact solution too large") || !strings.Contains(err.Error(), "use sim run") {
		t.Fatalf("two regiments of 80 models over 10 turns: err = %v, want exact solution too large", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the refusal took %v", d)
	}
}
