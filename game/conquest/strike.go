package conquest

import (
	"errors"
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// Strike is one action by one regiment at another, each as the scenario
// starts them: a Clash, the Impact attacks of a Charge, or a Volley; then
// the Wound Pool, casualties and the target's Morale test (RULES.md §7.3 to
// §7.7). It is an [engine.Model] and an [engine.Solver]; each trial is the
// action at the target as it starts.
type Strike struct {
	rs       *Ruleset
	kind     Kind
	atk, tgt *unit
	a        *attacker
	perDie   bool
	metrics  []engine.Metric
	events   []string
}

// Strike metric and event indices.
const (
	smHits = iota
	smPool
	smFailures
	smWounds
	smCasualties
	smStandsLost
)

const (
	seBroken = iota
	seShattered
	seDestroyed
)

// NewStrike builds the action of kind by attacker at target under rs. It
// returns an error for values out of range and for an action the attacker
// cannot make (which a validated scenario never has).
func NewStrike(rs *Ruleset, kind Kind, attacker, target Regiment, eng Engagement) (*Strike, error) {
	errs := []error{attacker.check(rs), target.check(rs)}
	if attacker.ID == target.ID {
		errs = append(errs, fmt.Errorf("the attacker and the target are both %q", attacker.ID))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	eng.Melee = kind != Volley
	s := &Strike{rs: rs, kind: kind, atk: newUnit(rs, &attacker), tgt: newUnit(rs, &target)}
	s.a = newAttacker(rs, s.atk, s.tgt, eng, false, eng.Melee && eng.Facing != Front)
	if err := s.a.canMake(kind); err != nil {
		return nil, err
	}
	id, t := target.ID, s.tgt
	s.metrics = []engine.Metric{
		{Name: id + ".hits", Max: s.maxHits()},
		{Name: id + ".wound_pool", Max: s.maxPool()},
		{Name: id + ".resolve_failures", Max: t.hMax},
		{Name: id + ".wounds", Max: t.hMax},
		{Name: id + ".casualties", Max: t.s0 * t.m},
	}
	if t.m > 1 { // with one model a stand, stands lost are the casualties
		s.metrics = append(s.metrics, engine.Metric{Name: id + ".stands_lost", Max: t.s0})
	}
	s.events = []string{id + ".broken", id + ".shattered", id + ".destroyed"}
	return s, nil
}

// canMake says why the attacker cannot make an action of kind, or nil.
func (a *attacker) canMake(kind Kind) error {
	act := map[Kind]Action{Clash: ActClash, Impact: ActCharge, Volley: ActVolley}[kind]
	return cannot(a.rs, a.u, act)
}

// Cannot says why the regiment r, valid under rs, cannot take action act,
// or returns nil: scenario validation asks it, so that it and the models
// agree.
func Cannot(rs *Ruleset, r *Regiment, act Action) error {
	return cannot(rs, newUnit(rs, r), act)
}

func cannot(rs *Ruleset, u *unit, act Action) error {
	r := u.reg
	a := &attacker{rs: rs, u: u}
	switch act {
	case ActClash:
		if r.Engaged < 1 && (r.Character == nil || !r.Character.Engaged) {
			return fmt.Errorf("%s has no stand in contact with the enemy (engaged 0) and cannot clash", r.ID)
		}
	case ActCharge:
		switch {
		case a.impactOf(u.hMax) > 0:
		case rs.Impact == ImpactX:
			return fmt.Errorf("%s makes no Impact attacks: under impact impact_x it needs an Impact (X) and a stand in contact", r.ID)
		case !r.Rules.ThrowingWeapons && (r.Type == Infantry || r.Class == Light):
			return fmt.Errorf("%s makes no Impact attacks: only medium and heavy cavalry, brutes and monsters do, or stands with Throwing Weapons", r.ID)
		default:
			return fmt.Errorf("%s makes no Impact attacks: its stands have no Attacks to halve", r.ID)
		}
	case ActVolley:
		if r.Rules.Barrage == 0 && (r.Character == nil || r.Character.Rules.Barrage == 0) {
			return fmt.Errorf("%s has no Barrage and cannot volley", r.ID)
		}
	case ActCast:
		if r.Character == nil || r.Character.Spell == nil {
			return fmt.Errorf("%s has no Character with a spell to cast", r.ID)
		}
	case ActInspire:
		if r.Rules.Phalanx && rs.PhalanxResolve {
			return fmt.Errorf("%s has Phalanx, whose regiment cannot Inspire under phalanx_resolve (2.x)", r.ID)
		}
		if err := cannot(rs, u, ActClash); err != nil {
			return fmt.Errorf("%s: Inspire is a combat action for its next Clash, and %w", r.ID, err)
		}
	case ActDuel:
		switch {
		case r.Character == nil:
			return fmt.Errorf("%s has no Character to duel with", r.ID)
		case rs.Duels == DuelsOff:
			return fmt.Errorf("%s: Duels are off (option duels, [U]: how a Duel is fought is not in the sources); give --set duels=simultaneous (in a file, rules: {duels: simultaneous}) to fight them as two Characters' simultaneous Strikes", r.ID)
		}
	case ActTakeAim:
		if err := cannot(rs, u, ActVolley); err != nil {
			return fmt.Errorf("%s: Take Aim is for its next Volley, and %w", r.ID, err)
		}
	}
	return nil
}

// packets returns the packets of the action and their attack counts at the
// start.
func (s *Strike) packets() ([2]*packet, [2]int) {
	st, tg := s.atk.start, s.tgt.start
	ps, ns, _ := s.a.packetsOf(s.kind, &st, &tg)
	return ps, ns
}

func (s *Strike) maxHits() int {
	n := 0
	ps, ns := s.packets()
	for i, p := range ps {
		if p != nil {
			n += p.maxHits() * p.maxAttacks(ns[i])
		}
	}
	return n
}

func (s *Strike) maxPool() int {
	n := 0
	ps, ns := s.packets()
	for i, p := range ps {
		if p != nil {
			n += p.maxWounds() * p.maxAttacks(ns[i])
		}
	}
	return n
}

// PerDie returns a copy of s that rolls every die: the test oracle, and
// the path that replays scripted dice.
func (s *Strike) PerDie() *Strike {
	c := *s
	c.perDie = true
	return &c
}

// Metrics implements [engine.Model]: the target's hits, the wounds in its
// Wound Pool (failed defence dice, Deadly Blades counted), its failed
// Morale dice, the wounds it suffered (pool and Morale, as far as it had
// them), the models it lost, and the stands it lost when a stand holds
// several models.
func (s *Strike) Metrics() []engine.Metric { return s.metrics }

// Events implements [engine.Model]: the target Broken, Shattered, and
// destroyed (Shattered, or its last stand removed).
func (s *Strike) Events() []string { return s.events }

// NewTrialer implements [engine.Model].
func (s *Strike) NewTrialer() engine.Trialer { return &strikeTrial{s: s} }

type strikeTrial struct {
	s       *Strike
	scratch [3]int
}

func (t *strikeTrial) Trial(d *engine.Dice, r *engine.TrialResult) {
	s := t.s
	me, tg := s.atk.start, s.tgt.start
	o := s.a.act(d, s.kind, &me, &tg, s.perDie, t.scratch[:])
	r.Values[smHits] = o.hits
	r.Values[smPool] = o.pool
	r.Values[smFailures] = o.failures
	r.Values[smWounds] = o.wounds
	r.Values[smCasualties] = o.casualties
	if len(r.Values) > smStandsLost {
		r.Values[smStandsLost] = s.tgt.standsOf(s.tgt.start.health) - s.tgt.standsOf(tg.health)
	}
	r.Events[seBroken] = tg.broken
	r.Events[seShattered] = tg.shattered
	r.Events[seDestroyed] = tg.destroyed
}
