package wotr

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// Solver returns t as an [engine.Solver] when its results are cheap to
// compute exactly, and nil otherwise. It takes turns (one or several) of
// at most two duels each (Heroic or Epic, with Epic Strikes, Hard to Kill
// heroes and bodyguards among them), whose formations either do not fight
// (Engagement.DuelsOnly) or fight once a turn, after the duels: the fight
// phase holds no Heroic Combat, and the formations are not Hard to Kill.
// The heroic actions of the earlier phases (a Heroic Charge's roll-off
// included) are followed too, and over several turns the fall back, the
// next charge, disorder and each turn's declarations. It leaves to sim
// run: a Heroic Combat (a fight within the order of actions, and a second
// charge), more than two duels, a fight of Hard to Kill formations, whose
// rolls in every striking step multiply the states to follow, and the
// rules that change a side's dice or to-hit roll as the turn goes (Terror,
// Epic Charge, Berserk, the fight phase's epic actions). Exact itself
// refuses turns whose states or outcomes outgrow maxExactStates and
// maxExactFightWork.
func (t *Turn) Solver() engine.Solver {
	if t.duels > maxExactDuels || t.nCombat > 0 {
		return nil
	}
	for i := range t.e.Heroes {
		if t.epic[i][EpicCharge] != 0 {
			return nil // an Epic Charge's Fight is not in the solver's state
		}
	}
	for i := range t.e.Formations {
		if t.e.Formations[i].Terror {
			return nil // nor Terror's Courage tests
		}
	}
	if t.varied {
		return nil // nor the fight phase's epic actions, Berserk
	}
	for i := range t.e.Formations {
		if t.e.Formations[i].Toughness != NotHardToKill && !t.e.DuelsOnly {
			return nil // a fight's Hard to Kill rolls are not in the solver's steps
		}
	}
	return exactTurn{Turn: t}
}

// maxExactDuels is the most duels a turn solved exactly may hold.
const maxExactDuels = 2

type exactTurn struct {
	*Turn
	memo *duelMemo // made by Exact
}

// maxExactStates bounds the states the solver follows, so that a turn of
// many duels gets an error instead of a long wait (a few duels between
// two heroes each stay in the thousands).
const maxExactStates = 200_000

// xstate is everything a turn's future and results depend on, up to the
// end of its one fight.
type xstate struct {
	might, hits, counters [MaxHeroes]int8
	flags                 [MaxHeroes]uint8
	alive                 [2]int16
	pre                   [2]int16 // duel casualties waiting for the fight
	cas                   [2]int16 // casualties towards the victor, during the fight
	fcounters             [2]int8
	destroyed             [2]bool
	fellBack              [2]bool
	duel                  bool
	first                 int8
	charger               int8 // the formation that charged, or -1
	fights                int8
	wins                  int8 // the winner of the turn's fight, -1 a draw, -2 no fight
	// Over several turns:
	turn       int8    // the turn being played, from 0
	contact    bool    // the formations are in contact
	fellNow    [2]bool // fell back in the turn being played
	disordered [2]int8 // the last turn each formation is disordered in, or -1
	duelFirst  bool    // a duel was fought before the formations first fought
}

const (
	xOut    = 1 << iota // slain, or lost with his formation
	xSlain              // slain in a duel
	xWon                // won a duel
	xStrike             // made his Epic Strike
)

type dist map[xstate]float64

// Exact computes the distributions a run of the turn estimates, without
// sampling error: it follows every roll-off, duel die, Duel table die and
// Hard to Kill roll with its probability, then, when the formations fight,
// the Earthshaking roll, each striking step's hits (the binomial count of
// the dice trial.dice gives), the Panic roll, the Courage test and its
// hits, and the policies' decisions exactly as the simulation makes them.
// Probabilities are sums of products in float64, within about 1e-12 of
// the fractions.
func (x exactTurn) Exact() (*engine.Exact, error) {
	x.memo = newDuelMemo()
	t := x.Turn
	e := &t.e
	if !e.DuelsOnly && t.nCombat > 0 {
		return nil, fmt.Errorf("wotr: the exact solver does not follow a Heroic Combat; use sim run")
	}
	if !e.DuelsOnly {
		for i := range e.Formations {
			if e.Formations[i].Toughness != NotHardToKill {
				return nil, fmt.Errorf("wotr: the exact solver does not follow Hard to Kill in a fight; use sim run")
			}
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
	res := engine.NewExact(x.metrics, x.events)
	cur := dist{s0: 1}
	for k := range e.turns() {
		next, err := x.playTurn(cur, k)
		if err != nil {
			return nil, err
		}
		if e.turns() > 1 {
			for s, p := range next {
				x.addTurn(res, s, p, k)
			}
		}
		cur = next
	}
	for s, p := range cur {
		x.add(res, s, p)
	}
	return res, nil
}

// playTurn is trial.playTurn over a distribution: what the states of cur
// become in turn k (nextTurn readies a later turn; a state whose
// formation was destroyed is over, and carried on as it is).
func (x exactTurn) playTurn(cur dist, k int) (dist, error) {
	e := &x.e
	next := dist{}
	before := dist{} // the states the fight starts from, merged
	final := func(z xstate, q float64) { before[z] += q }
	if e.DuelsOnly {
		final = func(z xstate, q float64) { next[z] += q }
	}
	for s, p := range cur {
		if k > 0 {
			var ok bool
			if s, ok = x.nextTurn(s, k); !ok {
				next[s] += p
				continue
			}
		}
		s.turn, s.wins = int8(k), -2
		for ph := MovePhase; ph < ChargePhase; ph++ {
			x.pay(&s, x.declared(&s, ph))
		}
		for _, st := range x.chargers(s) {
			if err := x.fightPhase(st.s, p*st.p, final); err != nil {
				return nil, err
			}
		}
	}
	if len(before) > maxExactStates {
		return nil, fmt.Errorf("exact solution too large: more than %d distinct states before the fight; use sim run", maxExactStates)
	}
	if w := x.fightWork(before); w > maxExactFightWork {
		return nil, fmt.Errorf("exact solution too large: about %d outcomes to follow in the fight from %d states; use sim run", w, len(before))
	}
	work := 0
	for z, q := range before {
		if !z.inContact() {
			next[z] += q // a duel destroyed one, or they are apart: no fight
			continue
		}
		if err := x.fight(z, q, &work, func(u xstate, r float64) { next[u] += r }); err != nil {
			return nil, err
		}
	}
	if len(next) > maxExactStates {
		return nil, fmt.Errorf("exact solution too large: more than %d distinct states after turn %d; use sim run", maxExactStates, k+1)
	}
	return next, nil
}

type weighted struct {
	s xstate
	p float64
}

// chargers is the charge phase: the first Heroic Charge in its order
// decides who charges (trial.Trial), each order following its roll-off
// with probability 1/2 when both sides declare.
func (x exactTurn) chargers(s0 xstate) []weighted {
	sides := x.declared(&s0, ChargePhase)
	x.pay(&s0, sides)
	firsts := rollOffs([2]int{len(sides[0]), len(sides[1])})
	if len(firsts) == 0 {
		return []weighted{{s0, 1}}
	}
	var out []weighted
	for _, first := range firsts {
		s := s0
		for _, st := range orderSteps(nil, &sides, first, x.rs.OrderPicks) {
			if x.e.Heroes[st.hero].Actions[st.action].Kind == HeroicCharge {
				s.charger = int8(x.e.Heroes[st.hero].Formation)
				s.contact = true
				break
			}
		}
		out = append(out, weighted{s, 1 / float64(len(firsts))})
	}
	return out
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

// fightPhase follows the fight phase's roll-off and duels from state s0,
// of probability p0, and hands each state at their end to final.
func (x exactTurn) fightPhase(s0 xstate, p0 float64, final func(xstate, float64)) error {
	t := x.Turn
	e := &t.e
	sides := x.declared(&s0, FightPhase)
	firsts := rollOffs([2]int{len(sides[0]), len(sides[1])})
	if len(firsts) == 0 {
		final(s0, p0)
	}
	for _, first := range firsts {
		order := orderSteps(nil, &sides, first, t.rs.OrderPicks)
		s := s0
		if s.turn == 0 {
			s.first = int8(first)
		}
		for _, st := range order {
			s.might[st.hero]--
		}
		cur := dist{s: p0 / float64(len(firsts))}
		for i, st := range order {
			a := e.Heroes[st.hero].Actions[st.action]
			if !a.Kind.Duel() {
				return fmt.Errorf("wotr: the exact solver does not follow a %s", a.Kind)
			}
			// The last duel's outcomes go straight on: only the states
			// between duels are kept whole.
			next := dist{}
			sink := func(z xstate, q float64) { next[z] += q }
			if i == len(order)-1 {
				sink = final
			}
			for s, p := range cur {
				x.duel(s, p, int(st.hero), a.Target, a.Kind == EpicDuel, sink)
				if len(next) > maxExactStates {
					return fmt.Errorf("exact solution too large: more than %d distinct states after %d duels; use sim run", maxExactStates, i+1)
				}
				if x.memo.work > maxExactFightWork {
					return fmt.Errorf("exact solution too large: more than %d outcomes of duels to follow; use sim run", maxExactFightWork)
				}
			}
			cur = next
			if i == len(order)-1 {
				cur = nil
			}
		}
		for s, p := range cur {
			final(s, p) // an order of no duels
		}
	}
	return nil
}

// add adds final state s, of probability p, to the results.
func (x exactTurn) add(out *engine.Exact, s xstate, p float64) {
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

func (s *xstate) avail(t *Turn, h int) int {
	m := int(s.might[h])
	if in(t.epic[h][EpicStrike], int(s.turn)) && s.flags[h]&xStrike == 0 {
		m--
	}
	if t.e.Heroes[h].Policy == SaveMight {
		m -= t.reserve[h][s.turn]
	}
	return max(0, m)
}

func (s *xstate) strike(t *Turn, h int) {
	if in(t.epic[h][EpicStrike], int(s.turn)) && s.flags[h]&(xStrike|xOut) == 0 && s.might[h] > 0 {
		s.flags[h] |= xStrike
		s.might[h]--
	}
}

func (s *xstate) fightOf(t *Turn, h int) int {
	if s.flags[h]&xStrike != 0 {
		return 10
	}
	return t.e.Heroes[h].F
}

// duel is trial.tryDuel and trial.duelRoll over a distribution: it adds to
// out what state s, of probability p, becomes when hero a's duel on b
// comes.
func (x exactTurn) duel(s xstate, p float64, a, b int, epic bool, out func(xstate, float64)) {
	t := x.Turn
	rs := t.rs
	for g := range t.e.Heroes {
		if t.guard[g] == b && s.flags[g]&xOut == 0 { // trial.defender
			b = g
			break
		}
	}
	if s.flags[a]&xOut != 0 || s.flags[b]&xOut != 0 || !s.inContact() {
		out(s, p)
		return
	}
	if !t.e.DuelsOnly && s.fights == 0 {
		s.duelFirst = true
	}
	s.duel = true
	s.strike(t, a)
	s.strike(t, b)
	ha, hb := &t.e.Heroes[a], &t.e.Heroes[b]
	for da := 1; da <= 6; da++ {
		pa := 1.0 / 6
		if epic {
			pa = float64(2*da-1) / 36 // the best of two dice
		}
		for db := 1; db <= 6; db++ {
			q := p * pa / 6
			u := s
			sa := da + u.fightOf(t, a) + rs.DuelDeclarerBonus
			sb := db + u.fightOf(t, b)
			xa, xb := rollSpend(ha.Policy, hb.Policy, u.avail(t, a), u.avail(t, b), da, db, sa, sb)
			u.might[a] -= int8(xa)
			u.might[b] -= int8(xb)
			sa, sb = sa+xa, sb+xb
			if sa == sb {
				out(u, q)
				continue
			}
			w, l, k := a, b, sa-sb
			if sb > sa {
				w, l, k = b, a, sb-sa
			}
			u.flags[w] |= xWon
			x.table(u, q, w, l, k, out)
		}
	}
}

// table follows the winner's k dice on the Duel table, then their hits.
func (x exactTurn) table(s xstate, p float64, w, l, k int, out func(xstate, float64)) {
	t := x.Turn
	avail := 0
	if t.e.Heroes[w].Policy == GreedyMight {
		avail = min(k, s.avail(t, w)) // only the greedy spend on the table, a point a die at most
	}
	side := t.e.Heroes[l].Formation
	for r, pr := range x.tableRolls(w, l, k, avail) {
		// The hits on the hero and on his formation fall independently:
		// each count's outcomes are worked out once and combined.
		for _, a := range x.heroOutcomes(s, l, r.hero) {
			for _, b := range x.formOutcomes(s, side, r.formation) {
				z := s
				z.might[w] -= int8(r.spent)
				z.hits[l], z.counters[l] = a.hits, a.counters
				if a.slain {
					z.flags[l] |= xOut | xSlain
				}
				z.alive[side], z.fcounters[side], z.destroyed[side] = b.alive, b.counters, b.destroyed
				if !t.e.DuelsOnly { // trial.duelRoll's casualties, for the fight's victor
					z.pre[side] += s.alive[side] - z.alive[side]
					if a.slain && s.flags[l]&xSlain == 0 && t.rs.HeroDeathIsCasualty {
						z.pre[side]++
					}
				}
				if z.destroyed[side] {
					for h := range t.e.Heroes {
						if t.e.Heroes[h].Formation == side {
							z.flags[h] |= xOut
						}
					}
				}
				out(z, p*pr*a.p*b.p)
				x.memo.work++
			}
		}
	}
}

// duelMemo keeps what a duel's table dice and their hits come to, for
// the parts of a state they depend on, so that the many states of a fight
// of several turns share the work.
type duelMemo struct {
	rolls map[rollsKey]map[roll]float64
	hero  map[heroKey][]heroOutcome
	form  map[formKey][]formOutcome
	work  int // outcomes the duels have followed, against maxExactFightWork
}

func newDuelMemo() *duelMemo {
	return &duelMemo{rolls: map[rollsKey]map[roll]float64{}, hero: map[heroKey][]heroOutcome{}, form: map[formKey][]formOutcome{}}
}

// roll is what the winner's dice on the Duel table did: hits on the
// loser and on his formation, and the Might spent turning 5s into 6s.
type roll struct{ hero, formation, spent int }

type rollsKey struct{ w, l, k, avail int }

type heroKey struct{ h, n, hits, counters int }

type heroOutcome struct {
	hits, counters int8
	slain          bool
	p              float64
}

type formKey struct{ i, n, alive, counters int }

type formOutcome struct {
	alive     int16
	counters  int8
	destroyed bool
	p         float64
}

// tableRolls is the distribution of the k dice hero w rolls on the Duel
// table against hero l, avail the Might he may spend on them (greedy: a 5
// made a 6).
func (x exactTurn) tableRolls(w, l, k, avail int) map[roll]float64 {
	key := rollsKey{w, l, k, avail}
	if r, ok := x.memo.rolls[key]; ok {
		return r
	}
	t := x.Turn
	capHero := 1 << 30
	if t.e.Heroes[l].Toughness == NotHardToKill {
		capHero = t.e.Heroes[l].R // more hits slay him no more surely, whatever he carries
	}
	cur := map[roll]float64{{}: 1}
	for range k {
		next := map[roll]float64{}
		for r, pr := range cur {
			for f := 1; f <= 6; f++ {
				face, m := f, r.spent
				if f == 5 && avail-m > 0 {
					face, m = 6, m+1
				}
				d := duelTables[t.rs.DuelTable][face]
				next[roll{min(capHero, r.hero+d.hero), r.formation + d.formation, m}] += pr / 6
			}
		}
		cur = next
	}
	x.memo.rolls[key] = cur
	return cur
}

// heroOutcomes is what n duel hits do to hero h in state s (woundHero).
func (x exactTurn) heroOutcomes(s xstate, h, n int) []heroOutcome {
	key := heroKey{h, n, int(s.hits[h]), int(s.counters[h])}
	if o, ok := x.memo.hero[key]; ok {
		return o
	}
	var o []heroOutcome
	x.woundHero(s, 1, h, n, func(u xstate, q float64) {
		o = append(o, heroOutcome{u.hits[h], u.counters[h], u.flags[h]&xSlain != 0 && s.flags[h]&xSlain == 0, q})
	})
	x.memo.hero[key] = o
	return o
}

// formOutcomes is what n duel hits do to formation i in state s
// (formationHits).
func (x exactTurn) formOutcomes(s xstate, i, n int) []formOutcome {
	key := formKey{i, n, int(s.alive[i]), int(s.fcounters[i])}
	if o, ok := x.memo.form[key]; ok {
		return o
	}
	var o []formOutcome
	x.formationHits(s, 1, i, n, func(u xstate, q float64) {
		o = append(o, formOutcome{u.alive[i], u.fcounters[i], u.destroyed[i], q})
	})
	x.memo.form[key] = o
	return o
}

// woundHero is trial.woundHero over a distribution.
func (x exactTurn) woundHero(s xstate, p float64, h, n int, next func(xstate, float64)) {
	t := x.Turn
	hero := &t.e.Heroes[h]
	if t.rs.DuelHitsPersist {
		n += int(s.hits[h])
	}
	if hero.Toughness == NotHardToKill {
		s.hits[h] = int8(min(n, hero.R))
		if n >= hero.R {
			s.flags[h] |= xOut | xSlain
		}
		next(s, p)
		return
	}
	s.hits[h] = int8(n % hero.R)
	very := hero.Toughness == VeryHardToKill
	x.rolls(s, p, n/hero.R, func(u xstate) bool { return u.flags[h]&xOut != 0 }, func(u *xstate, f int) {
		c, removed := htkStep(int(u.counters[h]), f, very)
		u.counters[h] = int8(c)
		if removed {
			u.flags[h] |= xOut | xSlain
		}
	}, next)
}

// formationHits is trial.hits over a distribution.
func (x exactTurn) formationHits(s xstate, p float64, i, n int, next func(xstate, float64)) {
	t := x.Turn
	me := &t.e.Formations[i]
	if s.alive[i] == 0 || n < me.R {
		next(s, p)
		return
	}
	if me.Toughness == NotHardToKill {
		s.alive[i] -= int16(min(n/me.R, int(s.alive[i])))
		x.hopeIsLost(&s, i)
		next(s, p)
		return
	}
	very := me.Toughness == VeryHardToKill
	x.rolls(s, p, n/me.R, func(u xstate) bool { return u.alive[i] == 0 }, func(u *xstate, f int) {
		c, removed := htkStep(int(u.fcounters[i]), f, very)
		if removed {
			u.alive[i]--
			u.fcounters[i] = 0
		} else {
			u.fcounters[i] = int8(c)
		}
	}, func(u xstate, q float64) {
		x.hopeIsLost(&u, i)
		next(u, q)
	})
}

// rolls follows n rolls on a Hard to Kill table from state s, merging
// equal states after each roll (so that long runs of rolls that change
// nothing stay cheap): roll applies a face, done says no more rolls
// matter. It then hands every final state to next.
func (x exactTurn) rolls(s xstate, p float64, n int, done func(xstate) bool, roll func(*xstate, int), next func(xstate, float64)) {
	cur := dist{s: p}
	for range n {
		nd := dist{}
		for u, q := range cur {
			if done(u) {
				nd[u] += q
				continue
			}
			for f := 1; f <= 6; f++ {
				v := u
				roll(&v, f)
				nd[v] += q / 6
			}
		}
		cur = nd
	}
	for u, q := range cur {
		next(u, q)
	}
}

// hopeIsLost is trial.hopeIsLost on a state.
func (x exactTurn) hopeIsLost(s *xstate, i int) {
	t := x.Turn
	size := t.e.Formations[i].size()
	if a := int(s.alive[i]); t.rs.LastCompanyHalf && a > 0 && a <= size && 2*a <= size {
		s.alive[i] = 0
	}
	if s.alive[i] == 0 {
		s.destroyed[i] = true
		for h := range t.e.Heroes {
			if t.e.Heroes[h].Formation == i {
				s.flags[h] |= xOut
			}
		}
	}
}
