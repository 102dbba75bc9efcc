package wotr

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// The exact solver of turns (docs/wotr.md "Several turns") as steps of an
// [engine.Chain] over xstate: each turn's start, its duels (exact.go) and
// the fight between the formations (rules/wotr.md §4-§7). Dice counts,
// casualties, the Last Company rule, Courage and its Might are the
// simulation's own functions (trial.dice, trial.courage, courageSpend,
// hopeIsLost), called on a scratch trial set from each state. A state
// holds its turn and never meets a step twice ([engine.Chain.StepOnce]).

// maxExactFightWork bounds the outcomes the solver follows in a turn's
// fights (pairs of hit counts, Panic rolls and Courage dice), and in all
// the duels: each costs a state copy and a merge, about 0.1 µs, so that
// the bound keeps a solution to a few seconds.
const maxExactFightWork = 20_000_000

// xouts gathers a step's outcomes from one state.
type xouts = engine.Outcomes[xstate, struct{}]

// Exact computes the distributions a run of the turn estimates, without
// sampling error: it follows every roll-off, duel die, Duel table die and
// Hard to Kill roll with its probability, then, when the formations fight,
// the Earthshaking roll, each striking step's hits (the binomial count of
// the dice trial.dice gives), the Panic roll, the Courage test and its
// hits, and the policies' decisions exactly as the simulation makes them.
// Probabilities are sums of products in float64, within about 1e-12 of
// the fractions, summed in the same order on every run.
func (x exactTurn) Exact() (*engine.Exact, error) {
	x.memo = newDuelMemo()
	t := x.Turn
	e := &t.e
	if !e.DuelsOnly && t.nCombat > 0 {
		return nil, fmt.Errorf("wotr: the exact solver does not follow a Heroic Combat; use sim run")
	}
	for i := range e.Formations {
		if !e.DuelsOnly && e.Formations[i].Toughness != NotHardToKill {
			return nil, fmt.Errorf("wotr: the exact solver does not follow Hard to Kill in a fight; use sim run")
		}
	}
	var s0 xstate
	s0.first, s0.charger, s0.wins, s0.contact = -1, int8(e.Charger), -2, true
	s0.disordered = [2]int8{-1, -1}
	for i := range 2 {
		s0.alive[i] = int16(e.Formations[i].Models())
	}
	for h := range e.Heroes {
		s0.might[h] = int8(e.Heroes[h].Might)
	}
	c := engine.NewChain[xstate, struct{}]()
	d, err := c.Start(s0) // no limit on the states: no error
	res := engine.NewExact(x.metrics, x.events)
	for k := range e.turns() {
		x.memo.fightWork = 0
		for _, st := range x.stages(c, k) {
			if d, err = c.Advance(d, c.StepOnce(st.f)); err == nil && st.check != nil {
				err = st.check(d)
			}
			if err != nil {
				return nil, err
			}
		}
		if e.turns() > 1 {
			for s, p := range c.All(d) {
				x.addTurn(res, s, p, k)
			}
		}
	}
	for s, p := range c.All(d) {
		x.add(res, s, p)
	}
	return res, nil
}

// xstage is one step of a turn (trial.playTurn), with the check of the
// states it leaves (nil: none).
type xstage struct {
	f     engine.StepFunc[xstate, struct{}]
	check func(engine.Dist) error
}

// stages lists turn k's steps: the turn's start, the fight phase's
// roll-off and duels and, when the formations fight, the fight.
func (x exactTurn) stages(c *engine.Chain[xstate, struct{}], k int) []xstage {
	most := func(where string) func(engine.Dist) error {
		return func(d engine.Dist) error {
			if d.Len() > maxExactStates {
				return fmt.Errorf("exact solution too large: more than %d distinct states %s; use sim run", maxExactStates, where)
			}
			return nil
		}
	}
	begin := func(s xstate, o *xouts) error { return x.begin(s, k, o) }
	st := []xstage{{begin, nil}, {x.fightPhase, nil}}
	for i := range maxExactDuels {
		st = append(st, xstage{x.nextDuel, most(fmt.Sprintf("after %d duels", i+1))})
	}
	if !x.e.DuelsOnly {
		st[len(st)-1].check = func(d engine.Dist) error {
			if err := most("before the fight")(d); err != nil {
				return err
			}
			// The outcomes the fights will follow, estimated before any
			// is fought: for each state, the pairs of hit counts of the
			// two sides' first dice, and a Panic test for each pair.
			w := 0
			for s := range c.All(d) {
				if int(s.turn) == k { // not a turn skipped, a formation destroyed
					tr := x.scratch(s)
					w += (first(tr.dice(0, false)) + 1) * (first(tr.dice(1, false)) + 1) * (1 + panicWork)
				}
			}
			if w > maxExactFightWork {
				return fmt.Errorf("exact solution too large: about %d outcomes to follow in the fight from %d states; use sim run", w, d.Len())
			}
			return nil
		}
		st = append(st, xstage{x.fightStart, nil})
		for troop := Monster; ; troop-- {
			st = append(st, xstage{x.strikeStep(troop), most(fmt.Sprintf("after the %s strike", troop))})
			if troop == Infantry {
				break
			}
		}
		st = append(st, xstage{x.decide, nil})
	}
	st[len(st)-1].check = most(fmt.Sprintf("after turn %d", k+1))
	return st
}

// begin is the start of turn k from state s0: trial.nextTurn in a later
// turn, the heroic actions declared before the fight phase paid for, and
// the charge phase: the first Heroic Charge in its order decides who
// charges (trial.Trial), each order following its roll-off with
// probability 1/2 when both sides declare.
func (x exactTurn) begin(s0 xstate, k int, o *xouts) error {
	if k > 0 {
		var ok bool
		if s0, ok = x.nextTurn(s0, k); !ok {
			o.Add(s0, struct{}{}, 1)
			return nil
		}
	}
	s0.turn, s0.wins = int8(k), -2
	var sides [2][]step
	for ph := MovePhase; ph <= ChargePhase; ph++ {
		sides = x.declared(&s0, ph)
		x.pay(&s0, sides)
	}
	return x.orders(s0, sides, o, func(s *xstate, order []step, _ int) error {
		for _, st := range order {
			if x.e.Heroes[st.hero].Actions[st.action].Kind == HeroicCharge {
				s.charger, s.contact = int8(x.e.Heroes[st.hero].Formation), true
				break
			}
		}
		return nil
	})
}

// orders gives o state s0 after each order of a phase's declared actions
// sides, as set makes it (an error stops them), with the probability of
// its roll-off (rollOffs); with no action declared, s0 as it is.
func (x exactTurn) orders(s0 xstate, sides [2][]step, o *xouts, set func(s *xstate, order []step, first int) error) error {
	firsts := rollOffs([2]int{len(sides[0]), len(sides[1])})
	if len(firsts) == 0 {
		o.Add(s0, struct{}{}, 1)
	}
	for _, first := range firsts {
		s := s0
		if err := set(&s, orderSteps(nil, &sides, first, x.rs.OrderPicks), first); err != nil {
			return err
		}
		o.Add(s, struct{}{}, 1/float64(len(firsts)))
	}
	return nil
}

// rollOffs lists the sides that may pick first in a phase whose sides
// declared n[0] and n[1] actions, each equally likely (firstPicker).
func rollOffs(n [2]int) []int {
	switch {
	case n[0] > 0 && n[1] > 0:
		return []int{0, 1} // the roll-off: each side wins it half the time
	case n[0] > 0:
		return []int{0}
	case n[1] > 0:
		return []int{1}
	}
	return nil
}

// fightPhase is the fight phase's roll-off from state s0: each order of
// its duels, with its probability, paid for and kept in the state for
// the duels' steps.
func (x exactTurn) fightPhase(s0 xstate, o *xouts) error {
	if s0.destroyed[0] || s0.destroyed[1] { // a turn not played
		o.Add(s0, struct{}{}, 1)
		return nil
	}
	return x.orders(s0, x.declared(&s0, FightPhase), o, func(s *xstate, order []step, first int) error {
		if len(order) > maxExactDuels {
			return fmt.Errorf("wotr: the exact solver follows at most %d duels a turn; use sim run", maxExactDuels)
		}
		if s.turn == 0 {
			s.first = int8(first)
		}
		for i, st := range order {
			if a := x.e.Heroes[st.hero].Actions[st.action]; !a.Kind.Duel() {
				return fmt.Errorf("wotr: the exact solver does not follow a %s", a.Kind)
			}
			s.might[st.hero]--
			s.order[i] = st
		}
		s.duels = int8(len(order))
		return nil
	})
}

// fightStart is the start of trial.fight from state s: an Epic Strike is
// made before the hero fights, the duels' casualties count (or not), and
// the charger rolls for an Earthshaking Charge.
func (x exactTurn) fightStart(s xstate, o *xouts) error {
	if !s.inContact() {
		o.Add(s, struct{}{}, 1) // a duel destroyed one, or they are apart: no fight
		return nil
	}
	s.fights++
	s.fighting = true
	for h := range x.e.Heroes {
		s.strike(x.Turn, h)
	}
	for i := range 2 {
		s.cas[i] = 0
		if x.rs.DuelCountsForVictory {
			s.cas[i] = s.pre[i]
		}
		s.pre[i] = 0
	}
	if s.charger >= 0 && x.rs.EarthshakingCharge {
		o.Add(s, struct{}{}, 5.0/6)
		s.shaking = true // a 6 on a D6
		o.Add(s, struct{}{}, 1.0/6)
		return nil
	}
	o.Add(s, struct{}{}, 1)
	return nil
}

// panicWork is the outcomes decide follows from one state, at most: the
// Panic roll held, or failed (a 1 or not) with each sum of the Courage
// dice.
const panicWork = 1 + 2*11

// strikeStep is one step of the striking order: every formation of type
// troop still standing, facing a standing enemy, rolls its dice at once;
// then the hits of each land.
func (x exactTurn) strikeStep(troop Troop) engine.StepFunc[xstate, struct{}] {
	return func(u xstate, o *xouts) error {
		if !u.fighting {
			o.Add(u, struct{}{}, 1)
			return nil
		}
		var pmf [2][]float64
		for i := range 2 {
			pmf[i] = []float64{1} // no dice: no hits
			if x.e.Formations[i].Type == troop && u.alive[i] > 0 && u.alive[1-i] > 0 {
				tr := x.scratch(&u)
				step, _ := tr.hitting(i, false)
				h := Hit36(step)
				pmf[i] = engine.BinomialPMF(first(tr.dice(i, u.shaking)), float64(h)/36, float64(36-h)/36)
			}
		}
		if x.memo.fightWork += len(pmf[0]) * len(pmf[1]); x.memo.fightWork > maxExactFightWork {
			return fmt.Errorf("exact solution too large: more than %d pairs of hit counts to follow in the fight; use sim run", maxExactFightWork)
		}
		for h0, p0 := range pmf[0] {
			for h1, p1 := range pmf[1] {
				v := u
				for i, n := range [2]int{h0, h1} {
					before := v.alive[1-i]
					x.formationHits(v, 1, 1-i, n, func(z xstate, _ float64) { v = z }) // no Hard to Kill here: one outcome
					v.cas[1-i] += before - v.alive[1-i]
				}
				o.Add(v, struct{}{}, p0*p1)
			}
		}
		return nil
	}
}

// decide is the end of trial.fight: the victor, the loser's Panic test,
// and whether it falls back.
func (x exactTurn) decide(s xstate, o *xouts) error {
	rs := x.rs
	if !s.fighting {
		o.Add(s, struct{}{}, 1)
		return nil
	}
	if x.memo.fightWork += panicWork; x.memo.fightWork > maxExactFightWork {
		return fmt.Errorf("exact solution too large: more than %d outcomes to follow in the fight; use sim run", maxExactFightWork)
	}
	s.fighting, s.shaking = false, false
	w := victor(rs, s.destroyed, [2]int{int(s.cas[0]), int(s.cas[1])})
	s.wins = int8(w)
	s.cas = [2]int16{}
	s.charger = -1
	if w < 0 || s.destroyed[1-w] {
		o.Add(s, struct{}{}, 1)
		return nil
	}
	l := 1 - w
	x.panic(s, 1, l, func(u xstate, q float64, held bool) {
		if !held && rs.LoserFallsBack && !u.destroyed[l] {
			u.fellBack[l], u.fellNow[l], u.contact = true, true, false
		}
		o.Add(u, struct{}{}, q)
	})
	return nil
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
func (x exactTurn) addTurn(out *engine.Exact, s *xstate, p float64, k int) {
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

// add adds final state s, of probability p, to the results.
func (x exactTurn) add(out *engine.Exact, s *xstate, p float64) {
	t := x.Turn
	e := &t.e
	ix := &t.ix
	add := func(i int, on bool) {
		if i >= 0 && on {
			out.P[i] += p
		}
	}
	wins := int(s.wins)
	if e.turns() > 1 {
		wins = s.holds() // over several turns: who holds the field
	}
	for i := range 2 {
		out.PMF[ix.mCas[i]][e.Formations[i].Models()-int(s.alive[i])] += p
		add(ix.eDestroyed[i], s.destroyed[i])
		add(ix.eFirst[i], int(s.first) == i)
		add(ix.eWins[i], wins == i)
		add(ix.eFallsBack[i], s.fellBack[i])
	}
	if ix.mFights >= 0 {
		out.PMF[ix.mFights][s.fights] += p
	}
	add(ix.eDraw, wins == -1)
	add(ix.eDuel, s.duel)
	add(ix.eDuelFirst, s.duelFirst)
	for h := range e.Heroes {
		if ix.mMight[h] >= 0 {
			out.PMF[ix.mMight[h]][e.Heroes[h].Might-int(s.might[h])] += p
		}
		add(ix.eWinsDuel[h], s.flags[h]&xWon != 0)
		add(ix.eSlain[h], s.flags[h]&xSlain != 0)
	}
}
