package wotr

import (
	"fmt"
	"math/bits"

	"github.com/wargamesim/sim/engine"
)

// Turn is one turn of an [Engagement] under a [Ruleset]: the heroic
// actions of the move, shoot and charge phases, then the fight phase with
// its duels, Heroic Combats and the fight (or fights, after a second
// charge) between the formations, for one turn or several. It is an
// [engine.Model]; [Turn.Solver] gives an [engine.Solver] for turns of at
// most two duels whose formations do not fight or fight once a turn after
// the duels (no Heroic Combat, no Hard to Kill formation in a fight).
type Turn struct {
	rs     *Ruleset
	e      Engagement
	perDie bool

	steps   [numPhases][2][]step // each phase's ordered actions, by side, in the scenario's order
	first   [numPhases][2][]step // those declared in the first turn
	nSteps  int
	moved   [2]uint16                // the turns of a Heroic Move: the formation may not charge in them
	reserve [MaxHeroes][MaxTurns]int // the Might each hero's actions take after each turn (SaveMight)
	// epic is the turns each hero declares each epic action that is not
	// ordered in, bit k for turn k+1 (Epic Strike, Epic Charge, Mighty
	// Blow, Epic Defence, Epic Rage, Epic Sacrifice).
	epic  [MaxHeroes][numKinds]uint16
	guard [MaxHeroes]int // the hero whose duels each hero fights as his bodyguard, or -1
	// varied says a formation's to-hit roll can change during the turn
	// (those epic actions, Berserk): it is then worked out as the fight
	// comes, and bins[step] counts the hits at each ladder step. split
	// says a side's command company rolls apart from its other companies
	// (Mighty Blow, Epic Rage), and keep counts the hits an Epic
	// Sacrifice lets through (1 or 2 on a D6).
	varied  bool
	split   [2]bool
	bins    [9]*engine.Binomial
	keep    *engine.Binomial
	sides   [2]sideRules
	nCombat int // Heroic Combats declared
	duels   int // duels declared

	metrics []engine.Metric
	events  []string
	ix      indices
}

// sideRules is what a formation's attacks are, worked out once.
type sideRules struct {
	step    int              // ladder step to hit the enemy
	bin     *engine.Binomial // hits among n dice
	support int              // dice per supporting company
	// chargeStep and chargeBin are the same in the turn it charges, when
	// they differ (lances: +1 to hit); else step and bin.
	chargeStep int
	chargeBin  *engine.Binomial
}

// indices locates each metric and event; -1 when the turn does not report
// it.
type indices struct {
	mFights    int
	mCas       [2]int
	mMight     [MaxHeroes]int
	eWins      [2]int
	eDraw      int
	eDestroyed [2]int
	eFallsBack [2]int
	eSecond    int
	eWins2     [2]int
	eDuel      int
	eDuelFirst int
	eFirst     [2]int
	eWinsDuel  [MaxHeroes]int
	eSlain     [MaxHeroes]int
	eCancelled [MaxHeroes]int
	eSacrifice [MaxHeroes]int
	eMadness   [2]int
	// Of each turn, when several are played:
	mCompanies [2][MaxTurns]int
	mMightLeft [MaxHeroes][MaxTurns]int
	eTurnWins  [2][MaxTurns]int
}

// NewTurn builds the model of e under rs. It returns an error, for
// programmers, when e is not a possible turn (the scenario format reports
// the same problems with their place in the file first).
func NewTurn(rs *Ruleset, e Engagement) (*Turn, error) {
	if rs == nil {
		return nil, fmt.Errorf("wotr: no ruleset")
	}
	e.Heroes = append([]Hero(nil), e.Heroes...)
	for i := range e.Heroes {
		e.Heroes[i].Actions = append([]Action(nil), e.Heroes[i].Actions...)
	}
	if err := e.check(); err != nil {
		return nil, err
	}
	t := &Turn{rs: rs, e: e}
	for side := range 2 {
		for hi := range e.Heroes {
			if e.Heroes[hi].Formation != side {
				continue
			}
			for ai, a := range e.Heroes[hi].Actions {
				t.declare(side, hi, ai, a)
			}
		}
	}
	for i := range t.sides {
		t.sides[i] = t.sideRulesOf(i)
	}
	for hi := range e.Heroes {
		t.guard[hi] = -1
	}
	for hi := range e.Heroes {
		if g := e.hero(e.Heroes[hi].BodyguardOf); g >= 0 {
			t.guard[hi] = g
		}
	}
	if e.Formations[0].Berserk || e.Formations[1].Berserk {
		t.varied = true
	}
	if t.varied {
		n := max(t.maxDice(0), t.maxDice(1))
		for st := range t.bins {
			t.bins[st] = engine.NewBinomial(float64(Hit36(st))/36, n)
		}
		t.keep = engine.NewBinomial(1.0/3, n+courageTarget) // a fight's hits, or a failed Courage test's
	}
	t.metrics, t.events = t.outcomes()
	return t, nil
}

// declare records action ai, a, of hero hi of side: the Might it takes
// after each turn, the turns of an epic action that is not ordered, the
// ordered steps of its phase, and what it changes in the turn (a varied
// to-hit roll, a Heroic Move, Heroic Combats and duels declared).
func (t *Turn) declare(side, hi, ai int, a Action) {
	e := &t.e
	turns := e.turnsOf(a)
	for k := range e.turns() - 1 {
		t.reserve[hi][k] += bits.OnesCount16(turns >> (k + 1))
	}
	if !a.Kind.Ordered() {
		t.epic[hi][a.Kind] = turns
	}
	switch {
	case a.Kind.fightEpic():
		t.varied = true
		t.split[side] = t.split[side] || a.Kind == MightyBlow || a.Kind == EpicRage
	case a.Kind.Ordered():
		ph := a.Kind.Phase()
		t.steps[ph][side] = append(t.steps[ph][side], step{int8(hi), int8(ai)})
		if a.declaredIn(0) {
			t.first[ph][side] = append(t.first[ph][side], step{int8(hi), int8(ai)})
		}
		t.nSteps++
	}
	switch a.Kind {
	case HeroicMove:
		t.moved[side] |= turns
	case HeroicCombat:
		t.nCombat++
	case HeroicDuel, EpicDuel:
		t.duels++
	}
}

// sideRulesOf works out formation i's attacks: the ladder step to hit the
// enemy's Defence (+2 for its shields, face to face), with lances' +1 in
// the turn it charges, the hits among its dice, and its support dice.
func (t *Turn) sideRulesOf(i int) sideRules {
	rs := t.rs
	me, foe := &t.e.Formations[i], &t.e.Formations[1-i]
	d := foe.D
	if foe.Shield {
		d += 2 // the formations fight face to face (rules/wotr.md §3 [V])
	}
	var s sideRules
	s.step = ToHit(me.S, d, me.ToHitMod, rs.ToHitFloor)
	s.bin = engine.NewBinomial(float64(Hit36(s.step))/36, t.maxDice(i))
	s.chargeStep, s.chargeBin = s.step, s.bin
	if me.Lances {
		s.chargeStep = ToHit(me.S, d, me.ToHitMod+1, rs.ToHitFloor)
		s.chargeBin = engine.NewBinomial(float64(Hit36(s.chargeStep))/36, t.maxDice(i))
	}
	s.support = rs.SupportDice
	if me.SupportDice > 0 {
		s.support = me.SupportDice
	}
	return s
}

// in reports whether mask, of turns, holds turn k (from 0).
func in(mask uint16, k int) bool { return mask>>k&1 != 0 }

// maxDice bounds the dice formation i rolls in one fight.
func (t *Turn) maxDice(i int) int {
	f := &t.e.Formations[i]
	per := f.A + 10 + t.rs.ChargeBonus + 1 + 4
	return f.Frontage*per + f.Companies*4
}

// PerDie returns a copy of t that rolls every die: the test oracle, and
// the path that replays scripted dice.
func (t *Turn) PerDie() *Turn {
	u := *t
	u.perDie = true
	return &u
}

// Ruleset returns the turn's ruleset.
func (t *Turn) Ruleset() *Ruleset { return t.rs }

// outcomes names the turn's metrics and events and records their indices.
func (t *Turn) outcomes() ([]engine.Metric, []string) {
	t.ix.unset()
	var o namer
	t.nameMetrics(&o)
	inDuel, duels := t.inDuels()
	t.resultEvents(&o, duels)
	t.orderEvents(&o)
	t.heroEvents(&o, inDuel)
	return o.metrics, o.events
}

// unset sets every index to -1: not reported.
func (ix *indices) unset() {
	*ix = indices{mFights: -1, eDraw: -1, eSecond: -1, eDuel: -1, eDuelFirst: -1}
	for i := range 2 {
		ix.mCas[i], ix.eWins[i], ix.eDestroyed[i], ix.eFallsBack[i], ix.eWins2[i], ix.eFirst[i], ix.eMadness[i] = -1, -1, -1, -1, -1, -1, -1
	}
	for i := range MaxHeroes {
		ix.mMight[i], ix.eWinsDuel[i], ix.eSlain[i], ix.eCancelled[i], ix.eSacrifice[i] = -1, -1, -1, -1, -1
		for k := range MaxTurns {
			ix.mMightLeft[i][k] = -1
		}
	}
	for i := range 2 {
		for k := range MaxTurns {
			ix.mCompanies[i][k], ix.eTurnWins[i][k] = -1, -1
		}
	}
}

// namer gathers a turn's metrics and events as they are named.
type namer struct {
	metrics []engine.Metric
	events  []string
}

// metric names a metric of 0 to hi and sets *p to its index.
func (o *namer) metric(p *int, name string, hi int) {
	*p = len(o.metrics)
	o.metrics = append(o.metrics, engine.Metric{Name: name, Max: hi})
}

// event names an event and sets *p to its index.
func (o *namer) event(p *int, name string) {
	*p = len(o.events)
	o.events = append(o.events, name)
}

// fid is formation i's id.
func (t *Turn) fid(i int) string { return t.e.Formations[i].ID }

// nameMetrics names the metrics: the fights, each formation's casualties,
// each hero's Might spent, and with several turns each formation's
// companies and each hero's Might left after each turn.
func (t *Turn) nameMetrics(o *namer) {
	e, ix := &t.e, &t.ix
	if !e.DuelsOnly {
		o.metric(&ix.mFights, "fights", (1+t.nCombat)*e.turns())
	}
	for i := range 2 {
		o.metric(&ix.mCas[i], t.fid(i)+".casualties", e.Formations[i].Models())
	}
	for hi, h := range e.Heroes {
		if h.Might > 0 {
			o.metric(&ix.mMight[hi], h.ID+".might_spent", h.Might)
		}
	}
	if turns := e.turns(); turns > 1 {
		for k := range turns {
			for i := range 2 {
				o.metric(&ix.mCompanies[i][k], fmt.Sprintf("%s.companies.turn%d", t.fid(i), k+1), e.Formations[i].Companies)
			}
			for hi, h := range e.Heroes {
				if h.Might > 0 {
					o.metric(&ix.mMightLeft[hi][k], fmt.Sprintf("%s.might.turn%d", h.ID, k+1), h.Might)
				}
			}
		}
	}
}

// inDuels reports which heroes may fight a duel (one they declare or are
// the target of, or one of the hero they guard), and whether any duel is
// declared.
func (t *Turn) inDuels() (inDuel [MaxHeroes]bool, duels bool) {
	e := &t.e
	for hi, h := range e.Heroes {
		for _, a := range h.Actions {
			if a.Kind.Duel() {
				duels = true
				inDuel[hi], inDuel[a.Target] = true, true
			}
		}
	}
	for hi := range e.Heroes {
		if g := t.guard[hi]; g >= 0 && inDuel[g] {
			inDuel[hi] = true // he may fight g's duels
		}
	}
	return inDuel, duels
}

// resultEvents names the events of the turn's result: who won the first
// fight, or a draw; who was destroyed or fell back; a second charge and
// who won its fight; and, when duels declares any, a duel fought and
// fought first.
func (t *Turn) resultEvents(o *namer, duels bool) {
	e, ix := &t.e, &t.ix
	if !e.DuelsOnly {
		o.event(&ix.eWins[0], t.fid(0)+".wins")
		o.event(&ix.eWins[1], t.fid(1)+".wins")
		o.event(&ix.eDraw, "draw")
	}
	o.event(&ix.eDestroyed[0], t.fid(0)+".destroyed")
	o.event(&ix.eDestroyed[1], t.fid(1)+".destroyed")
	if !e.DuelsOnly {
		o.event(&ix.eFallsBack[0], t.fid(0)+".falls_back")
		o.event(&ix.eFallsBack[1], t.fid(1)+".falls_back")
		if t.nCombat > 0 {
			o.event(&ix.eSecond, "second_charge")
			o.event(&ix.eWins2[0], t.fid(0)+".wins_second_fight")
			o.event(&ix.eWins2[1], t.fid(1)+".wins_second_fight")
		}
	}
	if duels {
		o.event(&ix.eDuel, "duel_fought")
		if !e.DuelsOnly {
			o.event(&ix.eDuelFirst, "duel_first")
		}
	}
}

// orderEvents names which side acted first in the fight phase, when
// either declares an action in it, and with several turns who won each.
func (t *Turn) orderEvents(o *namer) {
	e, ix := &t.e, &t.ix
	if len(t.steps[FightPhase][0])+len(t.steps[FightPhase][1]) > 0 {
		o.event(&ix.eFirst[0], t.fid(0)+".acts_first")
		o.event(&ix.eFirst[1], t.fid(1)+".acts_first")
	}
	if turns := e.turns(); turns > 1 {
		for k := range turns {
			for i := range 2 {
				o.event(&ix.eTurnWins[i][k], fmt.Sprintf("%s.wins.turn%d", t.fid(i), k+1))
			}
		}
	}
}

// heroEvents names each hero's events: for one inDuel, whether he won a
// duel and was slain; a Heroic Combat cancelled; an Epic Sacrifice made;
// then each Berserk formation's madness.
func (t *Turn) heroEvents(o *namer, inDuel [MaxHeroes]bool) {
	e, ix := &t.e, &t.ix
	for hi, h := range e.Heroes {
		if inDuel[hi] {
			o.event(&ix.eWinsDuel[hi], h.ID+".wins_duel")
			o.event(&ix.eSlain[hi], h.ID+".slain")
		}
		for _, a := range h.Actions {
			switch a.Kind {
			case HeroicCombat:
				o.event(&ix.eCancelled[hi], h.ID+".combat_cancelled")
			case EpicSacrifice:
				o.event(&ix.eSacrifice[hi], h.ID+".sacrificed")
			}
		}
	}
	for i := range 2 {
		if e.Formations[i].Berserk {
			o.event(&ix.eMadness[i], t.fid(i)+".madness")
		}
	}
}

// Metrics implements [engine.Model]: the fights fought between the
// formations (0 to 1 + the Heroic Combats declared; absent when they do
// not fight), each formation's casualties (models lost in the turn, to the
// fight, the duels and panic), and the Might each hero with Might spent
// (on actions and on dice).
func (t *Turn) Metrics() []engine.Metric { return t.metrics }

// Events implements [engine.Model]: who won the first fight, or a draw;
// which formation was destroyed; which fell back after losing a fight; a
// second charge made, and who won the fight it started; a duel fought, and
// fought before the formations first fought; which side's action came
// first in the fight phase; for each hero in a duel, whether he won one and
// whether he was slain in one; for each hero who declared a Heroic Combat,
// whether it was cancelled because he was slain in a duel first.
func (t *Turn) Events() []string { return t.events }

// NewTrialer implements [engine.Model].
func (t *Turn) NewTrialer() engine.Trialer {
	tr := &trial{t: t, buf: make([]step, 0, t.nSteps)}
	for side := range 2 {
		tr.declared[side] = make([]step, 0, t.nSteps)
	}
	return tr
}
