package wotr

import (
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// Seed 001 (translations-en.md, "General dynamics"): "If both players
// declare heroic actions during the same phase, the two sides alternate in
// choosing the heroes that will carry out the actions. A roll-off is used
// to determine who will choose the hero that will carry out the first
// heroic action."
func TestSeed001Alternation(t *testing.T) {
	t.Parallel()
	a := []step{{0, 0}, {0, 1}, {1, 0}}
	b := []step{{2, 0}, {3, 0}}
	for _, c := range []struct {
		name  string
		first int
		unit  PickUnit
		want  []step
	}{
		{"side 0 first, by action", 0, PickAction, []step{{0, 0}, {2, 0}, {0, 1}, {3, 0}, {1, 0}}},
		{"side 1 first, by action", 1, PickAction, []step{{2, 0}, {0, 0}, {3, 0}, {0, 1}, {1, 0}}},
		{"side 0 first, by hero: hero 0 takes both his actions", 0, PickHero, []step{{0, 0}, {0, 1}, {2, 0}, {1, 0}, {3, 0}}},
		{"side 1 first, by hero", 1, PickHero, []step{{2, 0}, {0, 0}, {0, 1}, {3, 0}, {1, 0}}},
	} {
		sides := [2][]step{a, b}
		got := orderSteps(nil, &sides, c.first, c.unit)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: order %v, want %v", c.name, got, c.want)
		}
	}
	// One side alone: its actions in its own order, and no roll-off.
	sides := [2][]step{nil, b}
	d := engine.Scripted(6)
	if first := firstPicker(d, [2]int{0, 2}); first != 1 || d.Left() != 1 {
		t.Errorf("one side declaring: first %d with %d dice left; want side 1 and no die rolled", first, d.Left())
	}
	if got := orderSteps(nil, &sides, 1, PickAction); !slices.Equal(got, b) {
		t.Errorf("one side declaring: order %v, want %v", got, b)
	}
}

// The roll-off: a D6 each, side 0's first; a tie is rolled again
// (RULES.md §6.1).
func TestSeed001RollOff(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		dice []int
		want int
	}{
		{[]int{5, 2}, 0},
		{[]int{2, 5}, 1},
		{[]int{4, 4, 1, 6}, 1},
		{[]int{3, 3, 6, 6, 2, 1}, 0},
	} {
		d := engine.Scripted(c.dice...)
		if got := firstPicker(d, [2]int{1, 2}); got != c.want || d.Left() != 0 {
			t.Errorf("dice %v: side %d picks first, %d dice unused; want side %d, all used", c.dice, got, d.Left(), c.want)
		}
	}
}

// A small fight for scripted dice. Each formation: two infantry companies
// of 8, one wide, one company in contact, F3 S3 D3 (to hit 4+) A2 R1. The
// captain (F5 R2 C4 Might 2) leads the men, the chief (F4 R2 C3 Might 2)
// the orcs, both spending Might on nothing but actions. Dice in a fight:
// men 2 + battle skill 2 (captain F5 against F3) + 1 support = 5; orcs 2 +
// 1 (chief F4) + 1 = 4; without their heroes, 3 each.
func smallFight(t testing.TB, combat SecondCharge, rs *Ruleset) *Turn {
	inf := func(id string, c int) Formation {
		return Formation{ID: id, Type: Infantry, Companies: 2, Frontage: 1, Contact: 1, F: 3, S: 3, D: 3, A: 2, R: 1, C: c}
	}
	return newTurn(t, rs, Engagement{
		Formations: [2]Formation{inf("men", 3), inf("orcs", 2)},
		Heroes: []Hero{
			{ID: "captain", Formation: 0, F: 5, R: 2, C: 4, Might: 2, Actions: []Action{{Kind: HeroicCombat, SecondCharge: combat}}},
			{ID: "chief", Formation: 1, F: 4, R: 2, C: 3, Might: 2, Actions: []Action{{Kind: HeroicDuel, Target: 0}}},
		},
		Charger: -1,
	}).PerDie()
}

// dice joins runs of scripted dice.
func dice(runs ...[]int) *engine.Dice {
	var all []int
	for _, r := range runs {
		all = append(all, r...)
	}
	return engine.Scripted(all...)
}

type want map[string]int // events (0 or 1) and metrics by name

func check(t *testing.T, what string, tu *Turn, r engine.TrialResult, d *engine.Dice, w want) {
	t.Helper()
	for name, v := range w {
		var got int
		if strings.HasSuffix(name, ".casualties") || strings.HasSuffix(name, ".might_spent") || name == "fights" {
			got = value(t, tu, r, name)
		} else if event(t, tu, r, name) {
			got = 1
		}
		if got != v {
			t.Errorf("%s: %s = %d, want %d", what, name, got, v)
		}
	}
	if d.Left() != 0 {
		t.Errorf("%s: %d scripted dice left over; the turn rolled fewer dice than the script", what, d.Left())
	}
}

// Seed 001, "Heroic combats and duels", case 1: the hero who declared the
// Heroic Combat has priority over the one who declared the duel and wins
// the fight; he "may decline to charge the enemy formation again, thereby
// cancelling the heroic duel declared by the opponent. If the hero decides
// to make the second charge, then the duel is carried out as usual."
func TestSeed001CombatFirst(t *testing.T) {
	t.Parallel()
	rollOff := []int{5, 2} // the men pick first: the captain's Heroic Combat
	// The fight: the men's 5 dice hit 3 times, the orcs' 4 miss; the orcs
	// lose 3 to 0, roll 3 on the Panic table (disordered), fail their
	// Courage test with 1+1+3 = 5 (5 more casualties, 8 left) and fall
	// back out of contact.
	firstFight := []int{6, 6, 6, 1, 1, 1, 1, 1, 1, 3, 1, 1}

	tu := smallFight(t, Decline, preset(t))
	d := dice(rollOff, firstFight)
	r := play(tu, d)
	check(t, "declined", tu, r, d, want{
		"men.wins": 1, "orcs.falls_back": 1, "second_charge": 0, "duel_fought": 0,
		"fights": 1, "orcs.casualties": 8, "men.casualties": 0,
		"captain.might_spent": 1, "chief.might_spent": 1,
	})

	// Charging again, the duel comes as usual, before the new fight: the
	// chief rolls 6 (+4+1 = 11) against the captain's 1 (+5 = 6) and rolls
	// 5 dice on the Duel table: 6, 6 (4 hits: the captain, R2, is slain; 4
	// hits on the men) and three 1s. The second fight: the men, charging,
	// 2 + 0 + 1 charge + 1 support = 4 dice, all miss; the orcs (8 left,
	// one company) 2 + 1 = 3 dice, all hit. The men lose it, 4 + 1 (the
	// captain) + 3 casualties to none, and hold on a 6.
	tu = smallFight(t, ChargeAgain, preset(t))
	d = dice(rollOff, firstFight, []int{6, 1, 6, 6, 1, 1, 1}, []int{1, 1, 1, 1, 4, 4, 4}, []int{6})
	r = play(tu, d)
	check(t, "charged again", tu, r, d, want{
		"men.wins": 1, "second_charge": 1, "duel_fought": 1, "duel_first": 0,
		"chief.wins_duel": 1, "captain.slain": 1, "captain.combat_cancelled": 0,
		"fights": 2, "orcs.wins_second_fight": 1, "men.casualties": 7, "orcs.casualties": 8,
	})

	// decline_if_duel declines here: the chief's duel is still to come.
	tu = smallFight(t, DeclineIfDuel, preset(t))
	d = dice(rollOff, firstFight)
	r = play(tu, d)
	check(t, "decline_if_duel", tu, r, d, want{"second_charge": 0, "duel_fought": 0, "fights": 1})
}

// Seed 001, case 2: "If the hero who declared the heroic duel has priority
// over the one who declared the heroic combat, the duel takes place before
// the combat between the formations involved is carried out. If the hero
// who declared the heroic combat is killed during the duel, the heroic
// combat is cancelled."
func TestSeed001DuelFirst(t *testing.T) {
	t.Parallel()
	rollOff := []int{2, 5} // the orcs pick first: the chief's Heroic Duel

	// The chief wins 11 to 6 and slays the captain (as above). His Heroic
	// Combat is cancelled: the fight comes after the actions, as an
	// ordinary one. The men (3 dice) hit 3 times, the orcs (4) miss, but
	// the duel's 4 casualties and the captain's death count: 5 + 0 against
	// 3, the orcs win. The men hold on a 6; no second charge.
	tu := smallFight(t, ChargeAgain, preset(t))
	d := dice(rollOff, []int{6, 1, 6, 6, 1, 1, 1}, []int{6, 6, 6, 1, 1, 1, 1}, []int{6})
	r := play(tu, d)
	check(t, "captain slain", tu, r, d, want{
		"duel_first": 1, "duel_fought": 1, "captain.slain": 1, "captain.combat_cancelled": 1,
		"fights": 1, "orcs.wins": 1, "second_charge": 0, "men.casualties": 4, "orcs.casualties": 3,
	})

	// The captain survives: the chief rolls 1 (6) against his 2 (7); the
	// captain wins by 1 and rolls a 1 on the table (nothing). Then his
	// Heroic Combat: the fight, won 3 to 0 as in case 1; the orcs fall
	// back and he charges again. The second fight: men 2 + 2 + 1 charge + 1
	// support = 6 dice, all miss; orcs 3, all miss: a draw.
	d = dice(rollOff, []int{1, 2, 1}, []int{6, 6, 6, 1, 1, 1, 1, 1, 1, 3, 1, 1}, []int{1, 1, 1, 1, 1, 1, 1, 1, 1})
	r = play(tu, d)
	check(t, "captain survives", tu, r, d, want{
		"duel_first": 1, "captain.wins_duel": 1, "captain.slain": 0, "captain.combat_cancelled": 0,
		"fights": 2, "men.wins": 1, "second_charge": 1, "orcs.wins_second_fight": 0, "men.wins_second_fight": 0,
		"orcs.casualties": 8,
	})
}

// Seed 001: "each hero's Might is reduced according to the number of
// heroic actions declared" once the order is set, before any action is
// carried out. The chief (Might 2, spending to win duels) declares a
// Heroic Duel: 1 point is gone before he rolls, so he has 1 to spend.
// Rolling 1 (+4+1 = 6) against the captain's 3 (+5 = 8) he is 2 behind:
// one point only ties (7 to 8 is still a loss; he needs 3 to win, 2 to
// tie). With Might 3 he has 2 left and ties; with 4, 3 left, and he wins.
func TestSeed001MightPaidBeforeResolution(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		might       int
		wins, loses bool
		spent       int
		script      []int
		why         string
	}{
		{2, false, true, 1, []int{1, 3, 1}, "1 point left cannot close a gap of 2: he loses by 2 and the captain rolls 2 dice"},
		{3, false, false, 3, []int{1, 3}, "2 points left tie"},
		{4, true, false, 4, []int{1, 3, 1}, "3 points left win by 1: one die on the table"},
	} {
		e := Engagement{
			Formations: [2]Formation{arnor(), orcs()},
			Heroes: []Hero{
				{ID: "captain", Formation: 0, F: 5, R: 2, C: 3, Might: 2},
				{ID: "chief", Formation: 1, F: 4, R: 2, C: 3, Might: c.might, Policy: DuelMight, Actions: []Action{{Kind: HeroicDuel, Target: 0}}},
			},
			Charger: -1, DuelsOnly: true,
		}
		tu := newTurn(t, preset(t), e).PerDie()
		script := c.script
		if c.loses {
			script = append(script, 1) // the captain's second table die
		}
		d := engine.Scripted(script...)
		r := play(tu, d)
		if event(t, tu, r, "chief.wins_duel") != c.wins || event(t, tu, r, "captain.wins_duel") != c.loses ||
			value(t, tu, r, "chief.might_spent") != c.spent || d.Left() != 0 {
			t.Errorf("Might %d (%s): chief wins %v, captain wins %v, chief spent %d, %d dice left",
				c.might, c.why, event(t, tu, r, "chief.wins_duel"), event(t, tu, r, "captain.wins_duel"), value(t, tu, r, "chief.might_spent"), d.Left())
		}
	}

	// Both of a hero's fight-phase actions are paid before the first is
	// carried out: the chief (Might 2) declares a Heroic Duel and a Heroic
	// Combat; nothing is left for the duel roll, though the duel comes
	// first.
	tu := newTurn(t, preset(t), Engagement{
		Formations: [2]Formation{arnor(), orcs()},
		Heroes: []Hero{
			{ID: "captain", Formation: 0, F: 5, R: 2, C: 3, Might: 2},
			{ID: "chief", Formation: 1, F: 4, R: 2, C: 3, Might: 2, Policy: DuelMight,
				Actions: []Action{{Kind: HeroicDuel, Target: 0}, {Kind: HeroicCombat}}},
		},
		Charger: -1,
	}).PerDie()
	// Tie would need 1 point: 5 (+4+1 = 10) against 6 (+5 = 11). He
	// cannot pay, loses by 1; the captain's table die is a 1. The fight
	// follows; its dice are not scripted, so the trial stops there.
	d := engine.Scripted(5, 6, 1)
	tr := tu.NewTrialer().(*trial)
	func() {
		defer func() { _ = recover() }() // the script runs out in the fight
		r := engine.NewTrialResult(tu)
		tr.Trial(d, &r)
	}()
	if !tr.h[0].wonDuel || tr.h[1].wonDuel || tr.h[1].spent != 2 || tr.fights != 1 {
		t.Errorf("two actions on Might 2: captain won %v, chief won %v, chief spent %d, fights %d; want the captain winning, 2 spent, the fight begun",
			tr.h[0].wonDuel, tr.h[1].wonDuel, tr.h[1].spent, tr.fights)
	}
}

// Seed 001: "Each hero may declare more than one heroic or epic action per
// turn, but not more than one of the same type of action per turn."
func TestSeed001OneActionOfEachKind(t *testing.T) {
	t.Parallel()
	base := func(acts ...Action) Engagement {
		c := captain()
		c.Might = 3
		return Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{c, gorbag()}, Charger: -1}
	}
	e := base()
	e.Heroes[0].Actions = []Action{{Kind: HeroicDuel, Target: 1}, {Kind: HeroicDuel, Target: 1}}
	if _, err := NewTurn(preset(t), e); err == nil || !strings.Contains(err.Error(), "declares heroic_duel twice") {
		t.Errorf("two Heroic Duels: error %v; want one saying heroic_duel is declared twice", err)
	}
	e = base()
	e.Heroes[0].Actions = []Action{{Kind: HeroicDuel, Target: 1}, {Kind: HeroicCombat}, {Kind: EpicStrike}}
	if _, err := NewTurn(preset(t), e); err != nil {
		t.Errorf("three kinds: %v; several actions of different kinds are allowed", err)
	}
	e = base()
	e.Heroes[0].Might = 1
	e.Heroes[0].Actions = []Action{{Kind: HeroicDuel, Target: 1}, {Kind: HeroicCombat}}
	if _, err := NewTurn(preset(t), e); err == nil || !strings.Contains(err.Error(), "each costs 1 Might") {
		t.Errorf("two actions on Might 1: error %v; want one about the cost", err)
	}
}

// Seed 001, "Heroic moves and heroic shooting": a Heroic Move "does not
// allow the formation involved to move further during that turn, to
// charge, or to shoot; therefore such a formation will not be able to
// perform a heroic charge in the same turn." Nor, then, the second charge
// a Heroic Combat gives.
func TestSeed001HeroicMoveForbidsCharging(t *testing.T) {
	t.Parallel()
	e := Engagement{Formations: [2]Formation{arnor(), orcs()}, Charger: -1,
		Heroes: []Hero{captain(Action{Kind: HeroicMove}, Action{Kind: HeroicCharge}), gorbag()}}
	if _, err := NewTurn(preset(t), e); err == nil || !strings.Contains(err.Error(), "may not charge this turn") {
		t.Errorf("Heroic Move then Heroic Charge: error %v", err)
	}
	e.Heroes[0].Actions = []Action{{Kind: HeroicMove}}
	e.Charger = 0
	if _, err := NewTurn(preset(t), e); err == nil || !strings.Contains(err.Error(), "may not charge this turn") {
		t.Errorf("Heroic Move and charging: error %v", err)
	}

	// The men's captain moves heroically (move phase, alone: no roll-off)
	// and declares a Heroic Combat; winning as in case 1, the men may not
	// charge again, so the chief's duel is never fought.
	tu := smallFight(t, ChargeAgain, preset(t))
	tu.e.Heroes[0].Might = 2
	tu.e.Heroes[0].Actions = []Action{{Kind: HeroicMove}, {Kind: HeroicCombat}}
	tu = newTurn(t, preset(t), tu.e).PerDie()
	d := dice([]int{5, 2}, []int{6, 6, 6, 1, 1, 1, 1, 1, 1, 3, 1, 1})
	r := play(tu, d)
	check(t, "after a Heroic Move", tu, r, d, want{"men.wins": 1, "second_charge": 0, "duel_fought": 0, "captain.might_spent": 2})
}

// Seed 001: "Epic actions are not taken into account when assigning the
// order ... The Epic Duel is an exception". An Epic Strike is made when
// the hero first fights and costs its point then; it calls no roll-off. An
// Epic Duel is ordered like a Heroic Duel.
func TestSeed001EpicActionsAndOrdering(t *testing.T) {
	t.Parallel()
	e := Engagement{Formations: [2]Formation{arnor(), orcs()}, Charger: -1, DuelsOnly: true,
		Heroes: []Hero{
			{ID: "captain", Formation: 0, F: 5, R: 2, C: 3, Might: 2, Actions: []Action{{Kind: EpicStrike}}},
			{ID: "chief", Formation: 1, F: 4, R: 2, C: 3, Might: 2, Actions: []Action{{Kind: HeroicDuel, Target: 0}}},
		}}
	// No roll-off: only the orcs declared an ordered action. The duel's
	// first die is the chief's: 6 + 4 + 1 = 11 against the captain's
	// Epic Strike, 1 + 10 = 11, a tie. Without the strike, 6 would lose.
	tu := newTurn(t, preset(t), e).PerDie()
	d := engine.Scripted(6, 1)
	r := play(tu, d)
	if event(t, tu, r, "captain.wins_duel") || event(t, tu, r, "chief.wins_duel") || value(t, tu, r, "captain.might_spent") != 1 || d.Left() != 0 {
		t.Errorf("Epic Strike: captain wins %v, chief wins %v, captain spent %d; want a tie, 1 spent",
			event(t, tu, r, "captain.wins_duel"), event(t, tu, r, "chief.wins_duel"), value(t, tu, r, "captain.might_spent"))
	}
	if event(t, tu, r, "orcs.acts_first") != true {
		t.Errorf("the orcs alone declared an ordered action; they act first")
	}

	// Epic Duel against Heroic Duel: both ordered, so a roll-off (2, 5:
	// the orcs first). The chief's duel: 6+5 against 1+5, he wins by 5,
	// table 6, 6, 1, 1, 1 slays the captain; the captain's Epic Duel is
	// then never fought.
	e.Heroes[0].Actions = []Action{{Kind: EpicDuel, Target: 1}}
	tu = newTurn(t, preset(t), e).PerDie()
	d = engine.Scripted(2, 5, 6, 1, 6, 6, 1, 1, 1)
	r = play(tu, d)
	if !event(t, tu, r, "orcs.acts_first") || !event(t, tu, r, "captain.slain") || event(t, tu, r, "chief.slain") || d.Left() != 0 {
		t.Errorf("Epic Duel against Heroic Duel, the orcs first: orcs first %v, captain slain %v, %d dice left",
			event(t, tu, r, "orcs.acts_first"), event(t, tu, r, "captain.slain"), d.Left())
	}
	// The captain first (5, 2): best of two dice, 2 and 6 → 6 + 5 + 1 =
	// 12 against 1 + 4 = 5: seven table dice, 6, 6 and five 1s slay the
	// chief; his duel is not fought.
	d = engine.Scripted(5, 2, 2, 6, 1, 6, 6, 1, 1, 1, 1, 1)
	r = play(tu, d)
	if !event(t, tu, r, "arnor.acts_first") || !event(t, tu, r, "chief.slain") || event(t, tu, r, "captain.slain") || d.Left() != 0 {
		t.Errorf("Epic Duel first: arnor first %v, chief slain %v, %d dice left", event(t, tu, r, "arnor.acts_first"), event(t, tu, r, "chief.slain"), d.Left())
	}
}
