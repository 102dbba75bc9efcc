package wotr

import "github.com/wargamesim/sim/engine"

// The exact solver over several turns (docs/wotr.md, "Several turns"):
// each turn's states are the last turn's, readied as trial.nextTurn
// readies a trial, and each turn's declarations are worked out from the
// state, as trial.stillDeclared works them out from the trial.

// inContact reports whether the formations are in contact: neither
// destroyed, and not apart after a fall back.
func (s *xstate) inContact() bool { return s.contact && !s.destroyed[0] && !s.destroyed[1] }

// declared is the actions of phase ph declared in state s's turn, by
// side: in the first turn every action the scenario gives for it (paid
// for, as the engagement is checked); in later ones trial.stillDeclared's:
// while the hero is in the game and his Might pays, a Heroic Charge only
// by a formation out of contact that may charge.
func (x exactTurn) declared(s *xstate, ph Phase) [2][]step {
	t := x.Turn
	k := int(s.turn)
	if k == 0 {
		return t.first[ph]
	}
	var out [2][]step
	var owed [MaxHeroes]int
	for side := range 2 {
		for _, st := range t.steps[ph][side] {
			h := int(st.hero)
			a := t.e.Heroes[h].Actions[st.action]
			if !a.declaredIn(k) || s.flags[h]&xOut != 0 || int(s.might[h])-owed[h] < 1 {
				continue
			}
			if a.Kind == HeroicCharge && (s.inContact() || !x.mayCharge(s, side)) {
				continue
			}
			owed[h]++
			out[side] = append(out[side], st)
		}
	}
	return out
}

// pay takes a Might point for each declared action (seed 001: paid once
// the order is set, before any is carried out).
func (x exactTurn) pay(s *xstate, sides [2][]step) {
	for side := range 2 {
		for _, st := range sides[side] {
			s.might[st.hero]--
		}
	}
}

// mayCharge is trial.mayCharge on a state.
func (x exactTurn) mayCharge(s *xstate, i int) bool {
	k := int(s.turn)
	return !in(x.moved[i], k) && !(x.rs.DisorderedCannotCharge && k <= int(s.disordered[i]))
}

// nextTurn is trial.nextTurn on a state: it readies turn k, or reports
// false, leaving s as it is, when a formation is destroyed.
func (x exactTurn) nextTurn(s xstate, k int) (xstate, bool) {
	if s.destroyed[0] || s.destroyed[1] {
		s.wins = -2 // no fight in the turns not played
		return s, false
	}
	s.turn = int8(k)
	for h := range x.e.Heroes {
		s.hits[h] = 0
		s.flags[h] &^= xStrike
	}
	s.contact, s.charger = true, -1
	for i := range 2 {
		s.pre[i] = 0
		if s.fellNow[i] {
			s.disordered[i] = int8(k)
			s.contact = false
		}
	}
	if !s.contact && x.rs.VictorChargesNextTurn {
		for i := range 2 {
			if !s.fellNow[i] && x.mayCharge(&s, i) {
				s.contact, s.charger = true, int8(i)
			}
		}
	}
	s.fellNow = [2]bool{}
	return s, true
}

// holds is trial.holds on a state.
func (s *xstate) holds() int {
	for i := range 2 {
		if (s.destroyed[1-i] || s.fellNow[1-i]) && !s.destroyed[i] {
			return i
		}
	}
	return -1
}

// addTurn adds what state s, of probability p, left at the end of turn k:
// trial.recordTurn.
func (x exactTurn) addTurn(out *engine.Exact, s xstate, p float64, k int) {
	ix := &x.ix
	for i := range 2 {
		size := x.e.Formations[i].size()
		out.PMF[ix.mCompanies[i][k]][(int(s.alive[i])+size-1)/size] += p
		if int(s.wins) == i {
			out.P[ix.eTurnWins[i][k]] += p
		}
	}
	for h := range x.e.Heroes {
		if j := ix.mMightLeft[h][k]; j >= 0 {
			out.PMF[j][int(s.might[h])] += p
		}
	}
}
