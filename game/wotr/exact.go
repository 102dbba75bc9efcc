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
	// Within a turn:
	order    [maxExactDuels]step // the fight phase's duels, in order, while they are fought
	duels    int8                // how many of order there are
	fighting bool                // the formations are fighting
	shaking  bool                // an Earthshaking Charge shakes this fight
}

const (
	xOut    = 1 << iota // slain, or lost with his formation
	xSlain              // slain in a duel
	xWon                // won a duel
	xStrike             // made his Epic Strike
)

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

// nextDuel is the fight phase's next duel from state s, if its order
// holds one. The last spends the order, so that states the orders led to
// alike meet.
func (x exactTurn) nextDuel(s xstate, o *xouts) error {
	if s.duels == 0 {
		o.Add(s, struct{}{}, 1)
		return nil
	}
	st := s.order[0]
	copy(s.order[:], s.order[1:])
	s.order[maxExactDuels-1], s.duels = step{}, s.duels-1
	a := x.e.Heroes[st.hero].Actions[st.action]
	x.duel(s, int(st.hero), a.Target, a.Kind == EpicDuel, o)
	if x.memo.work > maxExactFightWork {
		return fmt.Errorf("exact solution too large: more than %d outcomes of duels to follow; use sim run", maxExactFightWork)
	}
	return nil
}

// duel is trial.tryDuel and trial.duelRoll over a distribution: it gives
// o what state s becomes when hero a's duel on b comes.
func (x exactTurn) duel(s xstate, a, b int, epic bool, o *xouts) {
	t := x.Turn
	rs := t.rs
	for g := range t.e.Heroes {
		if t.guard[g] == b && s.flags[g]&xOut == 0 { // trial.defender
			b = g
			break
		}
	}
	if s.flags[a]&xOut != 0 || s.flags[b]&xOut != 0 || !s.inContact() {
		o.Add(s, struct{}{}, 1)
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
			q := pa / 6
			u := s
			sa := da + u.fightOf(t, a) + rs.DuelDeclarerBonus
			sb := db + u.fightOf(t, b)
			xa, xb := rollSpend(ha.Policy, hb.Policy, u.avail(t, a), u.avail(t, b), da, db, sa, sb)
			u.might[a] -= int8(xa)
			u.might[b] -= int8(xb)
			sa, sb = sa+xa, sb+xb
			if sa == sb {
				o.Add(u, struct{}{}, q)
				continue
			}
			w, l, k := a, b, sa-sb
			if sb > sa {
				w, l, k = b, a, sb-sa
			}
			u.flags[w] |= xWon
			x.table(u, q, w, l, k, o)
		}
	}
}

// table follows the winner's k dice on the Duel table, then their hits.
func (x exactTurn) table(s xstate, p float64, w, l, k int, o *xouts) {
	t := x.Turn
	avail := 0
	if t.e.Heroes[w].Policy == GreedyMight {
		avail = min(k, s.avail(t, w)) // only the greedy spend on the table, a point a die at most
	}
	side := t.e.Heroes[l].Formation
	rolls := x.tableRolls(w, l, k, avail)
	for j, r := range rolls.Keys {
		pr := rolls.P[j]
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
				o.Add(z, struct{}{}, p*pr*a.p*b.p)
				x.memo.work++
			}
		}
	}
}

// duelMemo keeps what a duel's table dice and their hits come to, for
// the parts of a state they depend on, so that the many states of a fight
// of several turns share the work.
type duelMemo struct {
	rolls     map[rollsKey]*engine.Ordered[roll]
	hero      map[heroKey][]heroOutcome
	form      map[formKey][]formOutcome
	scratch   [2]engine.Ordered[roll] // for tableRolls
	work      int                     // outcomes the duels have followed, against maxExactFightWork
	fightWork int                     // outcomes the turn's fight has followed, against maxExactFightWork
}

func newDuelMemo() *duelMemo {
	return &duelMemo{rolls: map[rollsKey]*engine.Ordered[roll]{}, hero: map[heroKey][]heroOutcome{}, form: map[formKey][]formOutcome{}}
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
func (x exactTurn) tableRolls(w, l, k, avail int) *engine.Ordered[roll] {
	key := rollsKey{w, l, k, avail}
	if r, ok := x.memo.rolls[key]; ok {
		return r
	}
	t := x.Turn
	capHero := 1 << 30
	if t.e.Heroes[l].Toughness == NotHardToKill {
		capHero = t.e.Heroes[l].R // more hits slay him no more surely, whatever he carries
	}
	cur, next := &x.memo.scratch[0], &x.memo.scratch[1]
	cur.Reset()
	cur.Add(roll{}, 1)
	for range k {
		next.Reset()
		for i, r := range cur.Keys {
			for f := 1; f <= 6; f++ {
				face, m := f, r.spent
				if f == 5 && avail-m > 0 {
					face, m = 6, m+1
				}
				d := duelTables[t.rs.DuelTable][face]
				next.Add(roll{min(capHero, r.hero+d.hero), r.formation + d.formation, m}, cur.P[i]/6)
			}
		}
		cur, next = next, cur
	}
	rolls := cur.Clone()
	x.memo.rolls[key] = rolls
	return rolls
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
	cur := &engine.Ordered[xstate]{}
	cur.Add(s, p)
	for range n {
		nd := &engine.Ordered[xstate]{}
		for i, u := range cur.Keys {
			if done(u) {
				nd.Add(u, cur.P[i])
				continue
			}
			for f := 1; f <= 6; f++ {
				v := u
				roll(&v, f)
				nd.Add(v, cur.P[i]/6)
			}
		}
		cur = nd
	}
	for i, u := range cur.Keys {
		next(u, cur.P[i])
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
