package wotr

import "github.com/wargamesim/sim/engine"

// formationState is a formation during one trial.
type formationState struct {
	alive     int  // models left
	counters  int  // wound counters on its damaged monster (Hard to Kill)
	pre       int  // duel casualties waiting for the next fight
	destroyed bool // removed from the game
	fellBack  bool // fell back after losing a fight (in any turn)
	fellNow   bool // fell back this turn
}

// heroState is a hero during one trial.
type heroState struct {
	might, spent int
	hits         int  // duel hits taken
	counters     int  // wound counters (a Hard to Kill hero)
	out          bool // slain, or lost with his formation
	slain        bool // slain in a duel
	wonDuel      bool
	strikeUsed   bool  // Epic Strike declared (Fight 10 for the phase)
	cancelled    bool  // his Heroic Combat was cancelled
	made         uint8 // the fight-phase epic actions made this turn (madeBit)
	sacrificed   bool  // removed after his Epic Sacrifice
}

type trial struct {
	t   *Turn
	f   [2]formationState
	h   [MaxHeroes]heroState
	buf []step
	// declared holds, in the turns after the first, the actions each side
	// can still declare (their hero in the game, Might to pay for them).
	declared [2][]step

	turn int // the turn being played, from 0
	// disordered is the last turn each formation is disordered in (it
	// fell back the turn before), or -1.
	disordered [2]int
	turnWins   [MaxTurns]int8    // winner of each turn's first fight: 0, 1, -1 draw, -2 none
	turnFell   [MaxTurns][2]bool // which formation fell back in each turn
	// destroyedIn is the turn each formation was destroyed in, or MaxTurns.
	destroyedIn [2]int
	// fightBonus is each formation's Fight bonus this turn (Epic Charge),
	// and terrified whether Terror has set its Fight to 0 this turn.
	fightBonus [2]int
	terrified  [2]bool
	// fx is what the fight phase's epic actions and Berserk set this
	// turn; madness, which formation's Berserk roll was a 1 in any turn.
	fx      [2]phaseEffects
	madness [2]bool
	// turnStartFights is the fights fought before this turn, and firstWin
	// the winner of this turn's first fight.
	turnStartFights, firstWin int

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

// Trial plays the engagement's turns: the first from the scenario's
// start, each later one from where the last left the formations
// (nextTurn), until they are played or a formation is destroyed.
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
	tr.disordered, tr.destroyedIn = [2]int{-1, -1}, [2]int{MaxTurns, MaxTurns}
	tr.turnFell = [MaxTurns][2]bool{}
	tr.madness = [2]bool{}
	turns := e.turns()
	played := 0
	for k := range turns {
		tr.turn = k
		contact, charger := true, e.Charger
		if k > 0 {
			var ok bool
			if contact, charger, ok = tr.nextTurn(k); !ok {
				break
			}
		}
		tr.playTurn(d, contact, charger)
		tr.recordTurn(r, k)
		played++
	}
	for k := played; k < turns; k++ {
		tr.turnWins[k] = -2
		tr.recordTurn(r, k) // what the last turn left, for the turns not played
	}
	tr.record(r)
}

// playTurn plays one turn, the formations starting in contact or not, and
// charger (or -1) charging unless a Heroic Charge decides otherwise.
func (tr *trial) playTurn(d *engine.Dice, contact bool, charger int) {
	t := tr.t
	e := &t.e
	tr.turnStartFights = tr.fights
	tr.fightBonus, tr.terrified = [2]int{}, [2]bool{}
	tr.fx = [2]phaseEffects{}
	// Move, shoot and charge: their heroic actions are ordered and paid
	// for; the first Heroic Charge in the order decides who charges.
	tr.charger = charger
	for ph := MovePhase; ph < FightPhase; ph++ {
		order, _ := tr.order(d, ph, contact)
		if ph == ChargePhase {
			for _, s := range order {
				if tr.action(s).Kind == HeroicCharge {
					tr.charger = e.Heroes[s.hero].Formation
					contact = true
					break
				}
			}
			contact = tr.charge(d, contact)
		}
	}

	// The fight phase.
	order, first := tr.order(d, FightPhase, contact)
	if tr.turn == 0 {
		tr.first = first
	}
	tr.contact, tr.pending, tr.fought = contact, contact && !e.DuelsOnly, false
	tr.startFightPhase(d)
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
	tr.endFightPhase()
	tr.turnWins[tr.turn] = -2
	if tr.fights > tr.turnStartFights {
		tr.turnWins[tr.turn] = int8(tr.firstWin)
	}
}

// charge resolves what a charge brings, as it is made: Terror's Courage
// tests (a charge at a Terror formation stalls on a failure; a formation a
// Terror formation charges fights at Fight 0 on one), then the chargers'
// heroes' Epic Charges (Fight +2 for the fight phase, a Might point each).
// It returns whether the formations are in contact after it.
func (tr *trial) charge(d *engine.Dice, contact bool) bool {
	t := tr.t
	c := tr.charger
	if c < 0 {
		return contact
	}
	if t.e.Formations[1-c].Terror && !tr.courageTest(d, c) {
		tr.charger = -1                // the charge stalls
		return contact && tr.turn == 0 // in the first turn they start in contact
	}
	if t.e.Formations[c].Terror && !tr.courageTest(d, 1-c) {
		tr.terrified[1-c] = true
	}
	for h := range t.e.Heroes {
		if in(t.epic[h][EpicCharge], tr.turn) && t.e.Heroes[h].Formation == c && !tr.h[h].out && tr.h[h].might > 0 {
			tr.spend(h, 1)
			tr.fightBonus[c] = 2 // rules/wotr.md §8: "+2 Fight until the end of subsequent Fight phase"
		}
	}
	return contact
}

// courageTest is a Courage test of formation l (rules/wotr.md §6 [V]): 2D6
// and its highest Courage, heroes' included, 10 or more; its greedy
// heroes' Might makes up what it can.
func (tr *trial) courageTest(d *engine.Dice, l int) bool {
	a, b := d.D6(), d.D6()
	total := a + b + tr.courage(l)
	if total < courageTarget {
		total += tr.courageMight(l, a, b, courageTarget-total)
	}
	return total >= courageTarget
}

// nextTurn readies turn k (docs/wotr.md, "Several turns"): the heroes'
// duel hits and Epic Strikes of the last turn are spent, duel casualties
// waiting for a fight are gone; formations that did not fall back are
// still in contact; after a fall back, the other formation charges the
// one that fell back (victor_charges_next_turn), unless it may not. It
// reports false when a formation is destroyed: the fight is over.
func (tr *trial) nextTurn(k int) (contact bool, charger int, ok bool) {
	t := tr.t
	if tr.f[0].destroyed || tr.f[1].destroyed {
		return false, -1, false
	}
	for h := range t.e.Heroes {
		tr.h[h].hits, tr.h[h].strikeUsed, tr.h[h].made = 0, false, 0
	}
	contact, charger = true, -1
	for i := range tr.f {
		tr.f[i].pre = 0
		if tr.f[i].fellNow {
			tr.disordered[i] = k // disordered until the end of this turn
			contact = false
		}
	}
	if !contact && t.rs.VictorChargesNextTurn {
		for i := range tr.f {
			if !tr.f[i].fellNow && tr.mayCharge(i) {
				contact, charger = true, i
			}
		}
	}
	tr.f[0].fellNow, tr.f[1].fellNow = false, false
	return contact, charger, true
}

// mayCharge reports whether formation i may charge this turn: not after a
// Heroic Move, and not while disordered (disordered_cannot_charge).
func (tr *trial) mayCharge(i int) bool {
	return !in(tr.t.moved[i], tr.turn) && !(tr.t.rs.DisorderedCannotCharge && tr.turn <= tr.disordered[i])
}

// holds is who holds the field after several turns: the formation whose
// enemy was destroyed, or fell back in the last turn played; -1 (a draw)
// when neither or both.
func (tr *trial) holds() int {
	for i := range 2 {
		if lost := &tr.f[1-i]; (lost.destroyed || lost.fellNow) && !tr.f[i].destroyed {
			return i
		}
	}
	return -1
}

func (tr *trial) action(s step) Action { return tr.t.e.Heroes[s.hero].Actions[s.action] }

// order decides the order of a phase's declared actions, and deducts their
// Might before any of them is carried out (seed 001). It returns the order
// and the side that picked first (-1 when none declared). In the first
// turn every action the scenario gives is declared (it is checked to be
// paid for); in later ones only those a hero still in the game can pay
// for, and a Heroic Charge only by a formation out of contact that may
// charge.
func (tr *trial) order(d *engine.Dice, ph Phase, contact bool) ([]step, int) {
	sides := &tr.t.first[ph]
	if tr.turn > 0 {
		sides = tr.stillDeclared(ph, contact)
	}
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

// stillDeclared is a later turn's declarations of phase ph: each hero's
// actions, in the scenario's order, while he is in the game and his Might
// pays for them.
func (tr *trial) stillDeclared(ph Phase, contact bool) *[2][]step {
	t := tr.t
	var owed [MaxHeroes]int
	for side := range 2 {
		tr.declared[side] = tr.declared[side][:0]
		for _, s := range t.steps[ph][side] {
			h := int(s.hero)
			if !tr.action(s).declaredIn(tr.turn) || tr.h[h].out || tr.h[h].might-owed[h] < 1 {
				continue
			}
			if tr.action(s).Kind == HeroicCharge && (contact || !tr.mayCharge(side)) {
				continue
			}
			owed[h]++
			tr.declared[side] = append(tr.declared[side], s)
		}
	}
	return &tr.declared
}

// spend takes n Might from hero h.
func (tr *trial) spend(h, n int) {
	tr.h[h].might -= n
	tr.h[h].spent += n
}

// avail is the Might hero h may spend on dice: what he has left, less the
// point an Epic Strike, Defence, Rage or Sacrifice he has declared but
// not yet made will take, and under SaveMight less what his actions of the
// turns to come will take.
func (tr *trial) avail(h int) int {
	m := tr.h[h].might
	if in(tr.t.epic[h][EpicStrike], tr.turn) && !tr.h[h].strikeUsed {
		m--
	}
	for _, k := range [...]ActionKind{EpicDefence, EpicRage, EpicSacrifice} {
		if tr.declares(h, k) {
			m-- // made as his formation fights, which may come after a duel
		}
	}
	if tr.t.e.Heroes[h].Policy == SaveMight {
		m -= tr.t.reserve[h][tr.turn]
	}
	return max(0, m)
}

// strike makes hero h's Epic Strike, if he declared one, as he first
// fights: it costs a Might point and sets his Fight to 10 for the phase
// (rules/wotr.md §8 [V]). Epic actions are declared when the hero acts,
// outside the ordering (seed 001).
func (tr *trial) strike(h int) {
	s := &tr.h[h]
	if in(tr.t.epic[h][EpicStrike], tr.turn) && !s.strikeUsed && !s.out && s.might > 0 {
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
	target := tr.defender(a.Target)
	if tr.h[h].out || tr.h[target].out || !tr.contact || tr.fought && !tr.t.rs.DuelAfterFight {
		return
	}
	if !tr.t.e.DuelsOnly && tr.fights == 0 {
		tr.duelFirst = true
	}
	tr.duel = true
	tr.duelRoll(d, h, target, a.Kind == EpicDuel)
}

// defender is who fights a duel directed at hero g: his first bodyguard
// still in the game (rules/wotr.md §9: "the controlling player can choose
// to have him fight any Heroic Duels directed at" g; a scenario's
// bodyguard always does), else g.
func (tr *trial) defender(g int) int {
	for b := range tr.t.e.Heroes {
		if tr.t.guard[b] == g && !tr.h[b].out {
			return b
		}
	}
	return g
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
	if w != side || tr.contact || tr.f[1-side].destroyed || !t.rs.HeroicCombatRecharge || in(t.moved[side], tr.turn) {
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

// recordTurn writes what turn k left: each formation's companies and each
// hero's Might, and who won the turn's first fight (when several turns are
// played).
func (tr *trial) recordTurn(r *engine.TrialResult, k int) {
	t := tr.t
	ix := &t.ix
	if ix.mCompanies[0][k] < 0 {
		return
	}
	for i := range 2 {
		size := t.e.Formations[i].size()
		r.Values[ix.mCompanies[i][k]] = (tr.f[i].alive + size - 1) / size
		r.Events[ix.eTurnWins[i][k]] = tr.turnWins[k] == int8(i)
	}
	for hi := range t.e.Heroes {
		if j := ix.mMightLeft[hi][k]; j >= 0 {
			r.Values[j] = tr.h[hi].might
		}
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
	wins := tr.wins
	if e.turns() > 1 {
		wins = tr.holds() // over several turns: who holds the field
	}
	if ix.mFights >= 0 {
		r.Values[ix.mFights] = tr.fights
	}
	for i := range 2 {
		r.Values[ix.mCas[i]] = e.Formations[i].Models() - tr.f[i].alive
		set(ix.eWins[i], wins == i)
		set(ix.eWins2[i], tr.wins2 == i)
		set(ix.eDestroyed[i], tr.f[i].destroyed)
		set(ix.eFallsBack[i], tr.f[i].fellBack)
		set(ix.eFirst[i], tr.first == i)
	}
	set(ix.eDraw, wins == -1)
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
		set(ix.eSacrifice[hi], tr.h[hi].sacrificed)
	}
	set(ix.eMadness[0], tr.madness[0])
	set(ix.eMadness[1], tr.madness[1])
}
