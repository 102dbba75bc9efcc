package conquest

import (
	"math"
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Fights of more than two regiments: each attacks its target, every
// enemy in contact strikes back and is struck by Aura of Death and Lethal
// Demise, the armies alternate their activations.

// twoOnOne is two walls of army 0, a1 at the front of b and a2 at
// facing, against b (army 1, with Shield), which strikes a1. Every
// regiment is Indomitable 10, so that its wounds are its Wound Pool's.
func twoOnOne(facing Facing, rules Rules) []Side {
	a1, a2, b := wall("a1", 3, 3), wall("a2", 3, 3), wall("b", 1, 3)
	for _, r := range []*Regiment{&a1, &a2, &b} {
		r.Rules.Indomitable = 10
	}
	b.Rules.Shield = true
	b.Rules.CounterAttack, b.Rules.LethalDemise = rules.CounterAttack, rules.LethalDemise
	clash := []Action{ActClash}
	return []Side{
		{Regiment: a1, FirstTurn: clash, Actions: clash, Army: 0, Target: 2},
		{Regiment: a2, FirstTurn: clash, Actions: clash, Army: 0, Target: 2, Engagement: Engagement{Facing: facing}},
		{Regiment: b, FirstTurn: clash, Actions: clash, Army: 1, Target: 0},
	}
}

// By hand: a wall's 6 Strikes hit on 3 or less (1/2); b's Defence 3 with
// Shield (4) fails 1/3 of the time to the front, 1/2 from the flank,
// which Shield does not cover: 1 + 3/2 wounds. b's 2 Strikes at a1's
// Defence 3: 2 · 1/2 · 1/2 = 1/2 on a1, none on a2. The armies alternate:
// a1, b, a2.
func TestTwoOnOne(t *testing.T) {
	t.Parallel()
	f := newFight(t, v15(t), Combat{Turns: 1, Sides: twoOnOne(Flank, Rules{})})
	if got := f.orders[0]; !slices.Equal(got, []int{0, 2, 1}) {
		t.Errorf("activation order %v, want a1, b, a2 (0 2 1)", got)
	}
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		want float64
	}{{"b.wounds", 1 + 1.5}, {"a1.wounds", 0.5}, {"a2.wounds", 0}} {
		if got := mean(ex.PMF[index(t, ex, c.name)]); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	enginetest.Agree(t, "two on one", ex, run(t, f, 40_000, 111))
}

// Lethal Demise at two enemies in contact: on every wound, each of b's
// 5/2 wounds strikes a hit at a1 and at a2, each failing Defence 3 half
// the time: 5/4 on a2 (and 5/4 + 1/2 on a1); on the wounds of failed
// defence rolls, only at the regiment that caused them: a2's 3/2 give it
// 3/4.
func TestLethalDemiseTwoContacts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rule   string
		a1, a2 float64
	}{{"every_wound", 1.25 + 0.5, 1.25}, {"failed_defence", 0.5 + 0.5, 0.75}} {
		rs := set(t, v15(t), "lethal_demise", c.rule, "strike_back_morale", "no")
		f := newFight(t, rs, Combat{Turns: 1, Sides: twoOnOne(Flank, Rules{LethalDemise: true})})
		ex, err := f.Exact()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []struct {
			name string
			want float64
		}{{"a1.wounds", c.a1}, {"a2.wounds", c.a2}} {
			if got := mean(ex.PMF[index(t, ex, m.name)]); math.Abs(got-m.want) > 1e-12 {
				t.Errorf("%s: %s %v, want %v", c.rule, m.name, got, m.want)
			}
		}
		enginetest.Agree(t, c.rule, ex, run(t, f, 40_000, 112))
	}
}

// A regiment whose target is destroyed turns on the first enemy still
// fighting it; with none, it strikes nothing. The fight ends when an army
// has no regiment left.
func TestRetarget(t *testing.T) {
	t.Parallel()
	f := newFight(t, v15(t), Combat{Turns: 1, Sides: twoOnOne(Front, Rules{})})
	k := f.start()
	if f.target(2, &k) != 0 {
		t.Errorf("b strikes %d, want its target a1 (0)", f.target(2, &k))
	}
	k[0].destroyed = true
	if f.target(2, &k) != 1 || f.over(&k) {
		t.Errorf("a1 destroyed: b strikes %d (want a2, 1), over %v (want not)", f.target(2, &k), f.over(&k))
	}
	k[1].destroyed = true
	if f.target(2, &k) != -1 || !f.over(&k) {
		t.Errorf("army 0 destroyed: b strikes %d (want none), over %v (want over)", f.target(2, &k), f.over(&k))
	}
}

// The roll-off with Command Cards of two against one: the army of one
// card adds 1 to its die where that wins, so goes first 21 times in 31;
// a turn's distributions are the mixture of the two orders, each fought in
// order.
func TestRollOffFewerCards(t *testing.T) {
	t.Parallel()
	sides := twoOnOne(Front, Rules{})
	roll := newFight(t, v15(t), Combat{Turns: 1, Sides: sides, Activation: RollOff})
	if roll.rollOffP != 21.0/31 {
		t.Fatalf("the army of one card wins the roll-off with %v, want 21/31", roll.rollOffP)
	}
	swapped := slices.Clone(sides) // b's army first, in order
	for i := range swapped {
		swapped[i].Army = 1 - swapped[i].Army
	}
	exact := func(cc Combat) *engine.Exact {
		ex, err := newFight(t, v15(t), cc).Exact()
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	r, x, y := exact(roll.cc), exact(Combat{Turns: 1, Sides: sides}), exact(Combat{Turns: 1, Sides: swapped})
	for _, name := range []string{"a1.wounds", "b.wounds", "a1.resolve_failures"} {
		want := 21.0/31*mean(y.PMF[index(t, y, name)]) + 10.0/31*mean(x.PMF[index(t, x, name)])
		if got := mean(r.PMF[index(t, r, name)]); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: %v under roll_off, want %v", name, got, want)
		}
	}
	enginetest.Agree(t, "roll-off, 2 against 1", r, run(t, roll, 40_000, 113))
	enginetest.Agree(t, "roll-off, 2 against 1, die by die", r, run(t, roll.PerDie(), 40_000, 114))
}

// Three against three over three turns, regiments falling and turning on
// others, Aura of Death and Counter-Attack in contact with two: exact
// against simulated, by counts and die by die.
func TestThreeOnThree(t *testing.T) {
	t.Parallel()
	clash := []Action{ActClash}
	reg := func(id string, d int, rules Rules) Regiment {
		r := wall(id, 1, d)
		r.Profile.W, r.Profile.R, r.Profile.A = 3, 3, 3
		r.Rules = rules
		return r
	}
	sides := []Side{
		{Regiment: reg("x1", 3, Rules{AuraOfDeath: 1}), FirstTurn: clash, Actions: clash, Army: 0, Target: 3},
		{Regiment: reg("x2", 2, Rules{}), FirstTurn: clash, Actions: clash, Army: 0, Target: 3, Engagement: Engagement{Facing: Flank}},
		{Regiment: reg("x3", 3, Rules{}), FirstTurn: clash, Actions: clash, Army: 0, Target: 5},
		{Regiment: reg("y1", 3, Rules{CounterAttack: true}), FirstTurn: clash, Actions: clash, Army: 1, Target: 0},
		{Regiment: reg("y2", 2, Rules{}), FirstTurn: clash, Actions: clash, Army: 1, Target: 2},
		{Regiment: reg("y3", 3, Rules{}), FirstTurn: clash, Actions: clash, Army: 1, Target: 2},
	}
	f := newFight(t, preset(t, "2.0"), Combat{Turns: 3, Sides: sides, Activation: RollOff})
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "three on three", ex, run(t, f, 40_000, 115))
	enginetest.Agree(t, "three on three, die by die", ex, run(t, f.PerDie(), 40_000, 116))
}

// Bad fights are refused, each with its reason.
func TestCombatChecks(t *testing.T) {
	t.Parallel()
	sides := twoOnOne(Front, Rules{})
	for _, c := range []struct {
		name string
		edit func(s []Side) []Side
	}{
		{"a friend as target", func(s []Side) []Side { s[0].Target = 1; return s }},
		{"no such target", func(s []Side) []Side { s[0].Target = 7; return s }},
		{"a third army", func(s []Side) []Side { s[1].Army = 2; return s }},
		{"one army", func(s []Side) []Side { s[2].Army = 0; return s }},
		{"four a side", func(s []Side) []Side {
			for _, id := range []string{"a3", "a4"} {
				x := s[0]
				x.Regiment.ID = id
				s = append(s, x)
			}
			return s
		}},
		{"the same id twice", func(s []Side) []Side { s[1].Regiment.ID = "a1"; return s }},
	} {
		if _, err := NewFight(v15(t), Combat{Turns: 1, Sides: c.edit(slices.Clone(sides))}); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}
