package wotr

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// Solver returns t as an [engine.Solver] when its results are cheap to
// compute exactly, and nil otherwise. It takes a turn of at most two duels
// (Heroic or Epic, with Epic Strikes, Hard to Kill heroes among them),
// whose formations either do not fight (Engagement.DuelsOnly) or fight
// once, after the duels: its fight phase holds no Heroic Combat, and its
// formations are not Hard to Kill. The heroic actions of the earlier
// phases (a Heroic Charge's roll-off included) are followed too. It
// leaves to sim run: a Heroic Combat (a fight within the order of
// actions, and a second charge), more than two duels, several turns, and
// a fight of Hard to Kill formations, whose rolls in every striking step
// multiply the states to follow. Exact itself refuses a turn whose states
// outgrow maxExactStates.
func (t *Turn) Solver() engine.Solver {
	if t.duels > maxExactDuels || t.nCombat > 0 || t.e.turns() > 1 {
		return nil // several turns are simulated only
	}
	for i := range t.e.Heroes {
		if t.charges[i] != 0 {
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
	return exactTurn{t}
}

// maxExactDuels is the most duels a turn solved exactly may hold.
const maxExactDuels = 2

type exactTurn struct{ *Turn }

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
	wins                  int8 // the fight's winner, -1 a draw, -2 no fight
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
	s0.first, s0.charger, s0.wins = -1, int8(e.Charger), -2
	for i := range 2 {
		s0.alive[i] = int16(e.Formations[i].Models())
	}
	for h := range e.Heroes {
		s0.might[h] = int8(e.Heroes[h].Might)
		for ph := MovePhase; ph < FightPhase; ph++ {
			for side := range 2 {
				for _, s := range t.first[ph][side] {
					if int(s.hero) == h {
						s0.might[h]-- // paid before the actions resolve
					}
				}
			}
		}
	}
	res := engine.NewExact(x.metrics, x.events)
	final := func(z xstate, q float64) { x.add(res, z, q) }
	before := dist{} // the states the fight starts from, merged
	if !e.DuelsOnly {
		final = func(z xstate, q float64) { before[z] += q }
	}
	for _, st := range x.chargers(s0) {
		if err := x.fightPhase(st.s, st.p, final); err != nil {
			return nil, err
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
		if err := x.fight(z, q, &work, func(u xstate, r float64) { x.add(res, u, r) }); err != nil {
			return nil, err
		}
	}
	return res, nil
}

type weighted struct {
	s xstate
	p float64
}

// chargers is the charge phase: the first Heroic Charge in its order
// decides who charges (trial.Trial), each order following its roll-off
// with probability 1/2 when both sides declare.
func (x exactTurn) chargers(s0 xstate) []weighted {
	sides := &x.steps[ChargePhase]
	firsts := rollOffs([2]int{len(sides[0]), len(sides[1])})
	if len(firsts) == 0 {
		return []weighted{{s0, 1}}
	}
	var out []weighted
	for _, first := range firsts {
		s := s0
		for _, st := range orderSteps(nil, sides, first, x.rs.OrderPicks) {
			if x.e.Heroes[st.hero].Actions[st.action].Kind == HeroicCharge {
				s.charger = int8(x.e.Heroes[st.hero].Formation)
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
	sides := &t.first[FightPhase]
	firsts := rollOffs([2]int{len(sides[0]), len(sides[1])})
	if len(firsts) == 0 {
		final(s0, p0)
	}
	for _, first := range firsts {
		order := orderSteps(nil, sides, first, t.rs.OrderPicks)
		s := s0
		s.first = int8(first)
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
	for i := range 2 {
		out.PMF[ix.mCas[i]][e.Formations[i].Models()-int(s.alive[i])] += p
		add(ix.eDestroyed[i], s.destroyed[i])
		add(ix.eFirst[i], int(s.first) == i)
		add(ix.eWins[i], int(s.wins) == i)
		add(ix.eFallsBack[i], s.fellBack[i])
	}
	if ix.mFights >= 0 {
		out.PMF[ix.mFights][s.fights] += p
	}
	add(ix.eDraw, s.wins == -1)
	add(ix.eDuel, s.duel)
	add(ix.eDuelFirst, s.duel) // every duel comes before the one fight
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
	if in(t.strikes[h], 0) && s.flags[h]&xStrike == 0 {
		m--
	}
	if t.e.Heroes[h].Policy == SaveMight {
		m -= t.reserve[h][0] // none in a turn of its own, the only kind solved
	}
	return max(0, m)
}

func (s *xstate) strike(t *Turn, h int) {
	if in(t.strikes[h], 0) && s.flags[h]&(xStrike|xOut) == 0 && s.might[h] > 0 {
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
	if s.flags[a]&xOut != 0 || s.flags[b]&xOut != 0 {
		out(s, p)
		return
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
	type roll struct{ hero, formation, spent int }
	cur := map[roll]float64{{}: 1}
	greedy := t.e.Heroes[w].Policy == GreedyMight
	capHero := 1 << 30
	if t.e.Heroes[l].Toughness == NotHardToKill {
		capHero = t.e.Heroes[l].R // more hits slay him no more surely, whatever he carries
	}
	for range k {
		next := map[roll]float64{}
		for r, pr := range cur {
			for f := 1; f <= 6; f++ {
				face, m := f, r.spent
				if greedy && f == 5 && s.avail(t, w)-m > 0 {
					face, m = 6, m+1
				}
				d := duelTables[t.rs.DuelTable][face]
				next[roll{min(capHero, r.hero+d.hero), r.formation + d.formation, m}] += pr / 6
			}
		}
		cur = next
	}
	// The hits on the hero and on his formation fall independently, so
	// each count's outcomes are worked out once and combined.
	type outcome struct {
		s xstate
		p float64
	}
	side := t.e.Heroes[l].Formation
	heroOut, formOut := map[int][]outcome{}, map[int][]outcome{}
	for r, pr := range cur {
		hs, ok := heroOut[r.hero]
		if !ok {
			x.woundHero(s, 1, l, r.hero, func(u xstate, q float64) { hs = append(hs, outcome{u, q}) })
			heroOut[r.hero] = hs
		}
		fs, ok := formOut[r.formation]
		if !ok {
			x.formationHits(s, 1, side, r.formation, func(u xstate, q float64) { fs = append(fs, outcome{u, q}) })
			formOut[r.formation] = fs
		}
		for _, a := range hs {
			for _, b := range fs {
				z := a.s
				z.might[w] -= int8(r.spent)
				z.alive[side], z.fcounters[side], z.destroyed[side] = b.s.alive[side], b.s.fcounters[side], b.s.destroyed[side]
				if !t.e.DuelsOnly { // trial.duelRoll's casualties, for the fight's victor
					z.pre[side] += s.alive[side] - z.alive[side]
					if z.flags[l]&xSlain != 0 && s.flags[l]&xSlain == 0 && t.rs.HeroDeathIsCasualty {
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
			}
		}
	}
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
