package warhammer

import "github.com/wargamesim/sim/engine"

// The end of a round in a fight of several units (issue 30, 6th and 7th
// editions; docs/rules.md "Several units in one combat"): every unit of
// the losing army takes its break test, friends of a unit that broke or
// was wiped out test for Panic, the winners pursue, and units left
// without foes leave. The fight goes on while two enemy units still touch.

// afterArmies is afterRound for a fight of several units: it settles round
// number round, whose combat results were cr, and reports whether the
// fight is over.
func (t *fightTrial) afterArmies(d *engine.Dice, round int, cr [2]int, o *fightOutcome) bool {
	w, margin := t.winner(cr)
	o.prevWinner = w
	var flees [MaxUnits]bool
	if w >= 0 {
		t.breakTests(d, w, margin, o, &flees)
	}
	t.panics(d, o, &flees)
	if w >= 0 {
		t.pursue(d, w, o, &flees)
	}
	for u := range t.f.sides {
		if flees[u] && t.status[u] == inFight {
			t.status[u] = fled
		}
	}
	t.leaveWithoutFoes()
	for u := range t.f.sides {
		if t.inCombat(u) && t.engaged(u) {
			return false // two enemy units still touch: the fight goes on
		}
	}
	switch b0, b1 := t.beaten(0, o), t.beaten(1, o); {
	case b1 && !b0:
		o.winner = 0
	case b0 && !b1:
		o.winner = 1
	}
	return true
}

// breakTests takes the break test of every unit of the army beaten by
// army w by margin still in the fight, in unit order: one that breaks
// flees (flees); under three_outcomes one that falls back in good order
// leaves the fight once all have tested, so that every loser's test sets
// the same two sides' Unit Strengths against each other.
func (t *fightTrial) breakTests(d *engine.Dice, w, margin int, o *fightOutcome, flees *[MaxUnits]bool) {
	var back [MaxUnits]bool
	for _, u := range t.f.armies[1-w] {
		if !t.inCombat(u) {
			continue
		}
		switch t.breakOutcome(d, u, w, margin) {
		case breaksAndFlees:
			flees[u], o.broke[u] = true, true
		case fallsBack:
			back[u], o.fell[u] = true, true
		}
	}
	for u := range back {
		if back[u] {
			t.status[u] = leftFight
		}
	}
}

// beaten reports whether every unit of army a broke, panicked, fell back
// or was destroyed, a unit that never reached the combat (a failed
// charger) aside: its enemy wins if one of its own was not.
func (t *fightTrial) beaten(a int, o *fightOutcome) bool {
	for _, u := range t.f.armies[a] {
		if t.stayedOut[u] {
			continue
		}
		if !o.broke[u] && !o.panicked[u] && !o.fell[u] && t.standing(u) && !o.caught[u] {
			return false
		}
	}
	return true
}

// panics takes the Panic tests of friend_breaks_panic in_combat: once the
// break tests are taken, each unit still fighting whose friend in the
// fight broke or was wiped out this round tests Panic (6th.whfb.app
// close-combat/panic-tests-for-breaks: "before fleeing troops are
// moved"), a psychology test on its Leadership that the battle standard
// re-rolls as battle_standard_reroll_fear says; failing, it flees with the
// broken (flees). A unit that panicked causes no Panic, and a unit tests
// once. Unbreakable units are Immune to Psychology and take no test.
func (t *fightTrial) panics(d *engine.Dice, o *fightOutcome, flees *[MaxUnits]bool) {
	if t.f.rs.FriendBreaksPanic != PanicInCombat {
		return
	}
	var cause [2]bool
	for u := range t.f.sides {
		wiped := !t.standing(u) && t.status[u] == inFight && t.stoodAtStart(u)
		if flees[u] || wiped {
			cause[t.f.sides[u].army] = true
		}
	}
	for u := range t.f.sides {
		if !cause[t.f.sides[u].army] || flees[u] || !t.inCombat(u) || t.f.unit(u).Unbreakable {
			continue
		}
		if !t.fearTest(d, u) {
			flees[u], o.panicked[u] = true, true
		}
	}
}

// stoodAtStart reports whether a model of unit u stood at the start of
// the round.
func (t *fightTrial) stoodAtStart(u int) bool {
	for m := range t.st[u] {
		if t.st[u][m].startAlive > 0 {
			return true
		}
	}
	return false
}

// pursue takes the pursuit of army w's units after its win (pursuit): a
// unit of it pursues when an enemy it touches flees and, unless
// pursue_while_engaged, none it touches still fights ("if all the enemies
// it is fighting flee", 6th.whfb.app close-combat/pursuit;
// 7th.whfb.app close-combat/declare-pursuit-intentions). Each pursuer
// chases every fleeing enemy it touched (catch_every_fleeing_foe: "compare
// its pursuit roll with the flee roll of both units", 7th.whfb.app
// close-combat/multiple-fleeing-and-pursuing), or the one of them of
// highest Unit Strength (one_each_largest). The dice: each pursuer's roll
// in unit order, then each chased unit's flee roll in unit order; a unit
// is caught, and destroyed, if a roll of a pursuer chasing it equals or
// beats its own. Pursuers leave the fight.
func (t *fightTrial) pursue(d *engine.Dice, w int, o *fightOutcome, flees *[MaxUnits]bool) {
	if t.f.rs.Pursuit == PursueNone {
		return
	}
	var roll [MaxUnits]int
	var chases [MaxUnits]uint16 // by pursuer: a bit a chased unit
	var chased uint16
	for _, p := range t.f.armies[w] {
		if chases[p] = t.chases(p, flees); chases[p] != 0 {
			chased |= chases[p]
			if t.x == nil {
				roll[p] = t.fleeRoll(d, p)
			}
		}
	}
	if t.x != nil && chased != 0 {
		t.exactCatch(&chases, o) // the exact solver: one choice point
		chased = 0
	}
	for e := range t.f.sides {
		if chased&(1<<e) == 0 {
			continue
		}
		away := t.fleeRoll(d, e)
		for _, p := range t.f.armies[w] {
			if chases[p]&(1<<e) != 0 && roll[p] >= away {
				o.caught[e] = true
				t.status[e] = caughtFleeing
			}
		}
	}
	for _, p := range t.f.armies[w] {
		if chases[p] != 0 {
			t.status[p] = leftFight
		}
	}
}

// chases is the fleeing units unit p pursues, a bit each (pursue); 0 when
// it does not pursue.
func (t *fightTrial) chases(p int, flees *[MaxUnits]bool) uint16 {
	if !t.inCombat(p) || flees[p] {
		return 0
	}
	var set uint16
	largest, us := -1, -1
	for _, c := range t.f.sides[p].contacts {
		e := c.enemy
		switch {
		case flees[e] && t.status[e] == inFight:
			set |= 1 << e
			if u := t.unitStrength(e); u > us {
				largest, us = e, u
			}
		case t.inCombat(e) && !t.f.rs.PursueWhileEngaged:
			return 0 // an enemy it touches still fights
		}
	}
	if t.f.rs.Pursuit == PursueOneLargest && largest >= 0 {
		return 1 << largest
	}
	return set
}

// leaveWithoutFoes takes out of the fight each unit still in it that
// touches no enemy still in it (left_without_foes leave: moving round to
// reach another enemy is not simulated).
func (t *fightTrial) leaveWithoutFoes() {
	for u := range t.f.sides {
		if t.inCombat(u) && !t.engaged(u) {
			t.status[u] = leftFight
		}
	}
}
