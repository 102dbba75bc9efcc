package warhammerref

import (
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// Charge reactions in a fight of several units (docs/rules.md "Charge
// reactions"), as reactions.go resolves them in a fight of two: a unit
// charged by one enemy unit stands and shoots at it or flees from it,
// after the Fear tests of the charge, unit by unit in unit order; under
// terror_on_charge, charged by a Terror-causer and not already fighting
// another enemy, it tests first and, failing, flees. A unit
// that fled and escaped leaves the fight unbeaten; one the charge reached
// is destroyed, as a unit caught fleeing; a charger that panicked flees;
// a charger left touching no enemy still fighting has failed its charge
// and leaves.

// meleeReact is a reacting unit of a melee and its outputs' indices (-1:
// none).
type meleeReact struct {
	unit, charger                      int
	reaction                           warhammer.Reaction
	terror                             bool // it tests Terror first (terror_on_charge)
	casualties, panicked, fled, caught int
}

// addReactions adds the reacting units' outputs, last, as the engine
// does: stand and shoot's casualties and the charger's Panic, a flee's
// escape and capture.
func (m *melee) addReactions(metrics []engine.Metric, events []string) ([]engine.Metric, []string) {
	for j := range m.units {
		r := meleeReact{unit: j, charger: -1, reaction: m.cc.Units[j].Reaction, casualties: -1, panicked: -1, fled: -1, caught: -1}
		engaged := false
		for _, i := range m.links.of(j) {
			if m.cc.Units[i].Charged {
				r.charger = i
			} else {
				engaged = true
			}
		}
		me := m.units[j]
		r.terror = r.charger >= 0 && m.rs.TerrorOnCharge && m.units[r.charger].CausesTerror && !me.CausesTerror && !me.Unbreakable && !engaged
		if r.reaction == warhammer.Hold && !r.terror {
			continue
		}
		id := me.ID
		if r.terror && r.reaction != warhammer.FleeReaction {
			r.fled, r.caught = len(events), len(events)+1
			events = append(events, id+".reaction.fled", id+".reaction.caught")
		}
		switch r.reaction {
		case warhammer.StandAndShoot:
			r.casualties = len(metrics)
			metrics = append(metrics, engine.Metric{Name: id + ".reaction.casualties", Max: m.units[r.charger].Models})
			if m.rs.StandShootPanic {
				r.panicked = len(events)
				events = append(events, id+".reaction.panicked")
			}
		case warhammer.FleeReaction:
			r.fled, r.caught = len(events), len(events)+1
			events = append(events, id+".reaction.fled", id+".reaction.caught")
		}
		m.reacts = append(m.reacts, r)
	}
	return metrics, events
}

// react fights the reactions, where the unit and its charger still
// fight after the Fear tests of the charge.
func (b *brawl) react(values []int, events []bool) {
	reacted := false
	for _, r := range b.reacts {
		j, i := r.unit, r.charger
		if b.us[j].state != fighting || b.us[i].state != fighting || !b.us[i].charged {
			continue
		}
		reacted = true
		if r.terror && !b.ldTest(j, b.rs.BSBReroll && b.rs.BSBRerollFear) {
			b.fleeCharge(r, events) // Terror: it "must Flee"
			continue
		}
		switch r.reaction {
		case warhammer.StandAndShoot:
			b.shoot(r, values, events)
		case warhammer.FleeReaction:
			b.fleeCharge(r, events)
		}
	}
	if reacted {
		b.leaveWithoutFoes()
	}
}

// shoot resolves unit r.unit's shots at its charger, and the charger's
// Panic test.
func (b *brawl) shoot(r meleeReact, values []int, events []bool) {
	j, i := r.unit, r.charger
	me, foe := &b.cc.Units[j], &b.cc.Units[i]
	dist, m := foe.ChargeDistance, foe.Profile.M
	if b.rs.StandShootRange == warhammer.ShootBeyondHalfCharge && dist <= m ||
		b.rs.StandShootRange == warhammer.ShootNotNearerThanMove && dist < m {
		return // too close: it holds
	}
	a := me.Shoot
	a.Phase, a.Round = warhammer.Shooting, 1
	a.ToHitMod--
	if b.rs.StandShootLongRange && me.ShootRange > 0 && 2*dist > me.ShootRange {
		a.ToHitMod--
	}
	a.Count *= min(rankAndFile(&me.Fighter), b.rs.ShootingRanks*max(1, me.Frontage))
	bl := newBlow(b.rs, a, b.asTarget(i))
	endOfPhase := b.rs.Regeneration == warhammer.RegenEndOfPhase
	p := pending{multiple: a.Rules.MultipleWounds,
		flaming:     bl.flaming && b.rs.FlamingRegen != warhammer.LoseRegenNever,
		burns:       burns(b.rs, bl.flaming, foe.Defence),
		regenerable: endOfPhase && !burns(b.rs, bl.flaming, foe.Defence)}
	for range a.Count {
		switch b.d.strike(&bl) {
		case unsaved:
			p.ordinary++
		case slainOutright:
			p.slainOutright++
		case regenerated:
			p.regenerated++
		}
	}
	u := &b.us[i].u
	before := u.alive
	u.takeAll(b.d, b.rs, []pending{p}, nil)
	u.endOfPhase(b.d, b.rs.RegenDice == warhammer.RegenPerWoundLost, b.rs.FlamingRegen, b.rs.RegenCounts)
	lost := before - u.alive
	values[r.casualties] = lost
	if u.alive == 0 {
		b.us[i].state = destroyed
		return
	}
	if !b.rs.StandShootPanic || 4*lost < foe.Models || foe.Unbreakable || b.ldTest(i, b.rs.BSBReroll && b.rs.BSBRerollFear) {
		return
	}
	events[r.panicked], events[b.out.breaks+i] = true, true
	if o := b.out.panics[i]; o >= 0 {
		events[o] = true // it fled for Panic
	}
	b.us[i].broke, b.us[i].state = true, fled
}

// fleeCharge resolves unit r.unit's flee from its charger.
func (b *brawl) fleeCharge(r meleeReact, events []bool) {
	j, i := r.unit, r.charger
	d := b.d
	var run int
	if b.rs.FleeReactionRoll == warhammer.FleeRollAsBreak {
		run = b.fleeRoll(j)
	} else {
		run = d.twoD6()
		if b.cc.Units[j].Profile.M > 6 {
			run += d.d6()
		}
	}
	mc := b.cc.Units[i].Profile.M
	var reach int
	switch b.rs.ChargeReach {
	case warhammer.ReachDoubleMove:
		reach = 2 * mc
	case warhammer.ReachMovePlus2D6:
		reach = mc + d.twoD6()
	default:
		reach = mc + max(d.d6(), d.d6())
	}
	gap := b.cc.Units[i].ChargeDistance + run
	if reach > gap || reach == gap && b.rs.FleeCaught == warhammer.CaughtReachAtLeast {
		events[r.caught], events[b.out.caught+j], events[b.out.destroyed+j] = true, true, true
		b.us[j].state = destroyed
		return
	}
	events[r.fled] = true
	b.us[j].state = left // escaped: out of the fight, not beaten
}
