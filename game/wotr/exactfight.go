package wotr

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// This file carries the exact solver on from the duels into the fight
// between the formations (rules/wotr.md §4-§7), for a turn whose fight
// phase holds duels alone: they are all fought before the formations
// fight, so the fight ends the turn. Dice counts, casualties, the Last
// Company rule, Courage and its Might are the simulation's own functions
// (trial.dice, trial.courage, courageSpend, hopeIsLost), called on a
// scratch trial set from each state.

// maxExactFightWork bounds the outcomes the solver follows in a turn's
// fights (pairs of hit counts, Panic rolls and Courage dice): each costs
// a state copy and a map update, about 0.1 µs, so that the bound keeps a
// solution to a few seconds.
const maxExactFightWork = 20_000_000

// fight is trial.fight over a distribution: it adds to out what state s,
// of probability p, becomes when the formations fight (if they are still
// in contact: a duel may have destroyed one). It fails when a striking
// step leaves more than maxExactStates states, or when the outcomes
// followed in all the turn's fights, counted in work, pass
// maxExactFightWork.
func (x exactTurn) fight(s xstate, p float64, work *int, out func(xstate, float64)) error {
	t := x.Turn
	rs := t.rs
	if s.destroyed[0] || s.destroyed[1] {
		out(s, p) // a destroyed formation is out of contact: no fight
		return nil
	}
	s.fights++
	for h := range t.e.Heroes {
		s.strike(t, h) // an Epic Strike is made before the hero fights
	}
	for i := range 2 {
		s.cas[i] = 0
		if rs.DuelCountsForVictory {
			s.cas[i] = s.pre[i]
		}
		s.pre[i] = 0
	}
	shakes := []struct {
		on bool
		p  float64
	}{{false, 1}}
	if s.charger >= 0 && rs.EarthshakingCharge {
		shakes = []struct {
			on bool
			p  float64
		}{{false, 5.0 / 6}, {true, 1.0 / 6}} // a 6 on a D6
	}
	for _, sh := range shakes {
		cur := dist{s: p * sh.p}
		for troop := Monster; ; troop-- {
			cur = x.strikeStep(cur, troop, sh.on, work)
			if *work > maxExactFightWork {
				return fmt.Errorf("exact solution too large: more than %d pairs of hit counts to follow in the fight; use sim run", maxExactFightWork)
			}
			if len(cur) > maxExactStates {
				return fmt.Errorf("exact solution too large: more than %d distinct states after the %s strike; use sim run", maxExactStates, troop)
			}
			if troop == Infantry {
				break
			}
		}
		for u, q := range cur {
			x.decide(u, q, out)
		}
		*work += panicWork * len(cur)
		if *work > maxExactFightWork {
			return fmt.Errorf("exact solution too large: more than %d outcomes to follow in the fight; use sim run", maxExactFightWork)
		}
	}
	return nil
}

// panicWork is the outcomes decide follows from one state, at most: the
// Panic roll held, or failed (a 1 or not) with each sum of the Courage
// dice.
const panicWork = 1 + 2*11

// fightWork estimates, before any is fought, the outcomes the fights from
// the states of before will follow: for each, the pairs of hit counts of
// the two sides' first dice, and a Panic test for each pair.
func (x exactTurn) fightWork(before dist) int {
	w := 0
	for s := range before {
		tr := x.scratch(&s)
		tr.charger = int(s.charger)
		n := 1
		for i := range 2 {
			n *= first(tr.dice(i, false)) + 1
		}
		w += n * (1 + panicWork)
	}
	return w
}

// strikeStep is one step of the striking order: every formation of type
// troop still standing, facing a standing enemy, rolls its dice at once;
// then the hits of each land. Equal states after the step are merged.
func (x exactTurn) strikeStep(cur dist, troop Troop, shaking bool, work *int) dist {
	t := x.Turn
	next := dist{}
	for u, q := range cur {
		var pmf [2][]float64
		for i := range 2 {
			pmf[i] = []float64{1} // no dice: no hits
			if t.e.Formations[i].Type == troop && u.alive[i] > 0 && u.alive[1-i] > 0 {
				tr := x.scratch(&u)
				step, _ := tr.hitting(i, false)
				h := Hit36(step)
				pmf[i] = engine.BinomialPMF(first(tr.dice(i, shaking)), float64(h)/36, float64(36-h)/36)
			}
		}
		*work += len(pmf[0]) * len(pmf[1])
		for h0, p0 := range pmf[0] {
			for h1, p1 := range pmf[1] {
				v := u
				for i, n := range [2]int{h0, h1} {
					before := v.alive[1-i]
					x.formationHits(v, 1, 1-i, n, func(z xstate, _ float64) { v = z }) // no Hard to Kill here: one outcome
					v.cas[1-i] += before - v.alive[1-i]
				}
				next[v] += q * p0 * p1
			}
		}
	}
	return next
}

// decide is the end of trial.fight: the victor, the loser's Panic test,
// and whether it falls back.
func (x exactTurn) decide(s xstate, p float64, out func(xstate, float64)) {
	rs := x.rs
	w := victor(rs, s.destroyed, [2]int{int(s.cas[0]), int(s.cas[1])})
	s.wins = int8(w)
	s.cas = [2]int16{}
	s.charger = -1
	if w < 0 || s.destroyed[1-w] {
		out(s, p)
		return
	}
	l := 1 - w
	x.panic(s, p, l, func(u xstate, q float64, held bool) {
		if !held && rs.LoserFallsBack && !u.destroyed[l] {
			u.fellBack[l], u.fellNow[l], u.contact = true, true, false
		}
		out(u, q)
	})
}

// panic is trial.panic over a distribution: the Panic roll (re-rolled once
// with a banner when it does not hold), then the Courage test and the
// greedy heroes' Might, then its hits or the whole formation. Only whether
// the roll held, or was the Onset of Dismay's 1, matters after it, and
// only the sum of the Courage dice (courageSpend raises the pair by at
// most 12 less their sum), so it follows at most 2·11 failing outcomes.
func (x exactTurn) panic(s xstate, p float64, l int, out func(xstate, float64, bool)) {
	t := x.Turn
	me := &t.e.Formations[l]
	if me.Type == Monster && !t.rs.MonstersTestPanic {
		out(s, p, true)
		return
	}
	so := me.steadfastOn()
	var pr [7]float64 // the Panic roll kept
	for r := 1; r <= 6; r++ {
		if me.Banner && r < so {
			for r2 := 1; r2 <= 6; r2++ {
				pr[r2] += 1.0 / 36
			}
		} else {
			pr[r] += 1.0 / 6
		}
	}
	var held, dismay, fail float64
	for r := 1; r <= 6; r++ {
		switch {
		case r >= so:
			held += pr[r]
		case r == dismayFace:
			dismay += pr[r]
		default:
			fail += pr[r]
		}
	}
	courage := x.scratch(&s).courage(l)
	for sum := 2; sum <= 12; sum++ {
		ways := 6 - abs(sum-7) // of the 36 pairs of dice
		a := min(6, sum-1)     // one pair of that sum: all spend alike
		for _, roll := range []struct {
			dismay bool
			p      float64
		}{{true, dismay}, {false, fail}} {
			if roll.p == 0 {
				continue
			}
			u := s
			total := sum + courage
			if total < courageTarget {
				total += x.courageMight(&u, l, a, sum-a, courageTarget-total)
			}
			if total < courageTarget {
				if roll.dismay && 2*int(u.alive[l]) < me.Models() {
					u.alive[l] = 0
					x.hopeIsLost(&u, l)
				} else {
					x.formationHits(u, 1, l, courageTarget-total, func(z xstate, _ float64) { u = z })
				}
			}
			out(u, p*roll.p*float64(ways)/36, false)
		}
	}
	if held > 0 {
		out(s, p*held, true)
	}
}

func abs(n int) int { return max(n, -n) }

// courageMight is trial.courageMight on a state.
func (x exactTurn) courageMight(s *xstate, l, a, b, gap int) int {
	t := x.Turn
	greedy := func(h int) bool {
		hero := &t.e.Heroes[h]
		return hero.Formation == l && hero.Policy == GreedyMight && s.flags[h]&xOut == 0
	}
	m := 0
	for h := range t.e.Heroes {
		if greedy(h) {
			m += s.avail(t, h)
		}
	}
	spent := courageSpend(m, a, b, gap)
	left := spent
	for h := range t.e.Heroes {
		if left > 0 && greedy(h) {
			y := min(left, s.avail(t, h))
			s.might[h] -= int8(y)
			left -= y
		}
	}
	return spent
}

// scratch is a trial in state s, as far as trial.dice and trial.courage
// read one: models left, heroes out, Epic Strikes made, the charger.
func (x exactTurn) scratch(s *xstate) *trial {
	tr := &trial{t: x.Turn, charger: int(s.charger)}
	for i := range 2 {
		tr.f[i].alive = int(s.alive[i])
	}
	for h := range x.e.Heroes {
		tr.h[h].out = s.flags[h]&xOut != 0
		tr.h[h].strikeUsed = s.flags[h]&xStrike != 0
	}
	return tr
}
