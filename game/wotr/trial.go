package wotr

import "github.com/wargamesim/sim/engine"

// formationState is a formation during one trial.
type formationState struct {
	alive     int  // models left
	counters  int  // wound counters on its damaged monster (Hard to Kill)
	pre       int  // duel casualties waiting for the next fight
	destroyed bool // removed from the game
	fellBack  bool // fell back after losing a fight
}

// heroState is a hero during one trial.
type heroState struct {
	might, spent int
	hits         int  // duel hits taken
	counters     int  // wound counters (a Hard to Kill hero)
	out          bool // slain, or lost with his formation
	slain        bool // slain in a duel
	wonDuel      bool
	strikeUsed   bool // Epic Strike declared (Fight 10 for the phase)
	cancelled    bool // his Heroic Combat was cancelled
}

type trial struct {
	t   *Turn
	f   [2]formationState
	h   [MaxHeroes]heroState
	buf []step

	contact bool // the formations are in contact
	pending bool // a fight between them is due
	fought  bool // they have fought since they last came into contact
	charger int  // the formation that charged into the fight due, or -1
	fights  int

	wins, wins2 int // winners of the first and second fights: 0, 1, -1 draw, -2 none
	duel        bool
	duelFirst   bool
	second      bool
	first       int // the side that acted first in the fight phase, or -1
}

// Trial plays one turn.
func (tr *trial) Trial(d *engine.Dice, r *engine.TrialResult) {
	t := tr.t
	e := &t.e
	for i := range tr.f {
		tr.f[i] = formationState{alive: e.Formations[i].Models()}
	}
	for i := range e.Heroes {
		tr.h[i] = heroState{might: e.Heroes[i].Might}
	}
	tr.fights, tr.wins, tr.wins2 = 0, -2, -2
	tr.duel, tr.duelFirst, tr.second = false, false, false

	// Move, shoot and charge: their heroic actions are ordered and paid
	// for; the first Heroic Charge in the order decides who charges.
	tr.charger = e.Charger
	for ph := MovePhase; ph < FightPhase; ph++ {
		order, _ := tr.order(d, ph)
		if ph == ChargePhase {
			for _, s := range order {
				if tr.action(s).Kind == HeroicCharge {
					tr.charger = e.Heroes[s.hero].Formation
					break
				}
			}
		}
	}

	// The fight phase.
	order, first := tr.order(d, FightPhase)
	tr.first = first
	tr.contact, tr.pending, tr.fought = true, !e.DuelsOnly, false
	for i, s := range order {
		a := tr.action(s)
		h := int(s.hero)
		switch a.Kind {
		case HeroicDuel, EpicDuel:
			tr.tryDuel(d, h, a)
		case HeroicCombat:
			tr.heroicCombat(d, h, a, order[i+1:])
		}
	}
	if tr.pending && tr.contact {
		tr.fight(d)
	}
	tr.record(r)
}

func (tr *trial) action(s step) Action { return tr.t.e.Heroes[s.hero].Actions[s.action] }

// order decides the order of a phase's declared actions, and deducts their
// Might before any of them is carried out (seed 001). It returns the order
// and the side that picked first (-1 when none declared).
func (tr *trial) order(d *engine.Dice, ph Phase) ([]step, int) {
	sides := &tr.t.steps[ph]
	first := firstPicker(d, [2]int{len(sides[0]), len(sides[1])})
	if first < 0 {
		return nil, -1
	}
	tr.buf = orderSteps(tr.buf, sides, first, tr.t.rs.OrderPicks)
	for _, s := range tr.buf {
		tr.spend(int(s.hero), 1)
	}
	return tr.buf, first
}

// spend takes n Might from hero h.
func (tr *trial) spend(h, n int) {
	tr.h[h].might -= n
	tr.h[h].spent += n
}

// avail is the Might hero h may spend on dice: what he has left, less the
// point an Epic Strike he has declared but not yet made will take.
func (tr *trial) avail(h int) int {
	m := tr.h[h].might
	if tr.t.strikes[h] && !tr.h[h].strikeUsed {
		m--
	}
	return max(0, m)
}

// strike makes hero h's Epic Strike, if he declared one, as he first
// fights: it costs a Might point and sets his Fight to 10 for the phase
// (rules/wotr.md §8 [V]). Epic actions are declared when the hero acts,
// outside the ordering (seed 001).
func (tr *trial) strike(h int) {
	s := &tr.h[h]
	if tr.t.strikes[h] && !s.strikeUsed && !s.out && s.might > 0 {
		s.strikeUsed = true
		tr.spend(h, 1)
	}
}

// fightOf is hero h's Fight now.
func (tr *trial) fightOf(h int) int {
	if tr.h[h].strikeUsed {
		return 10
	}
	return tr.t.e.Heroes[h].F
}

// tryDuel fights hero h's duel a if it can still be fought: both heroes in
// the game and their formations in contact (rules/wotr.md §1), and, once
// the formations have fought, only if the ruleset allows a duel after the
// fight.
func (tr *trial) tryDuel(d *engine.Dice, h int, a Action) {
	if tr.h[h].out || tr.h[a.Target].out || !tr.contact || tr.fought && !tr.t.rs.DuelAfterFight {
		return
	}
	if !tr.t.e.DuelsOnly && tr.fights == 0 {
		tr.duelFirst = true
	}
	tr.duel = true
	tr.duelRoll(d, h, a.Target, a.Kind == EpicDuel)
}

// heroicCombat carries out hero h's Heroic Combat a: his formation's fight
// is fought now; if it wins and the enemy is no longer in contact, he may
// charge again (seed 001). rest is the order still to come, for a choice
// that depends on the enemy duels in it. A hero slain in a duel before his
// turn loses his Heroic Combat (seed 001, last sentence).
func (tr *trial) heroicCombat(d *engine.Dice, h int, a Action, rest []step) {
	t := tr.t
	if tr.h[h].out {
		tr.h[h].cancelled = tr.h[h].slain
		return
	}
	if !tr.pending || !tr.contact {
		return
	}
	side := t.e.Heroes[h].Formation
	w := tr.fight(d)
	if w != side || tr.contact || tr.f[1-side].destroyed || !t.rs.HeroicCombatRecharge || t.moved[side] {
		return
	}
	charge := true
	switch a.SecondCharge {
	case Decline:
		charge = false
	case DeclineIfDuel:
		for _, s := range rest {
			g := int(s.hero)
			if tr.action(s).Kind.Duel() && t.e.Heroes[g].Formation != side && !tr.h[g].out {
				charge = false
			}
		}
	}
	if charge {
		tr.second = true
		tr.contact, tr.pending, tr.fought = true, true, false
		tr.charger = side
	}
}

// record writes the trial's results.
func (tr *trial) record(r *engine.TrialResult) {
	t := tr.t
	e := &t.e
	ix := &t.ix
	set := func(i int, v bool) {
		if i >= 0 {
			r.Events[i] = v
		}
	}
	if ix.mFights >= 0 {
		r.Values[ix.mFights] = tr.fights
	}
	for i := range 2 {
		r.Values[ix.mCas[i]] = e.Formations[i].Models() - tr.f[i].alive
		set(ix.eWins[i], tr.wins == i)
		set(ix.eWins2[i], tr.wins2 == i)
		set(ix.eDestroyed[i], tr.f[i].destroyed)
		set(ix.eFallsBack[i], tr.f[i].fellBack)
		set(ix.eFirst[i], tr.first == i)
	}
	set(ix.eDraw, tr.wins == -1)
	set(ix.eSecond, tr.second)
	set(ix.eDuel, tr.duel)
	set(ix.eDuelFirst, tr.duelFirst)
	for hi := range e.Heroes {
		if ix.mMight[hi] >= 0 {
			r.Values[ix.mMight[hi]] = tr.h[hi].spent
		}
		set(ix.eWinsDuel[hi], tr.h[hi].wonDuel)
		set(ix.eSlain[hi], tr.h[hi].slain)
		set(ix.eCancelled[hi], tr.h[hi].cancelled)
	}
}
