package warhammerref

import (
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// Charge reactions in a fight of several units (docs/rules.md "Charge
// reactions"), as reactions.go resolves them in a fight of two: a unit
// charged stands and shoots or flees,
// after the Fear tests of the charge, unit by unit in unit order; under
// terror_on_charge, charged by a Terror-causer and not already fighting
// another enemy, it tests first and, failing, flees. A unit
// that fled and escaped leaves the fight unbeaten; one the charge reached
// is destroyed, as a unit caught fleeing; a charger that panicked flees;
// a charger left touching no enemy still fighting has failed its charge
// and leaves.
//
// A unit charged by several units (7th.whfb.app movement/flee, caught;
// tow the-movement-phase/charge-reactions-and-multiple-charging-units,
// special-rules/terror) shoots at one of them, stand_and_shoot_target
// choosing among those far enough; flees with one roll, caught by any
// charger whose own reach covers its own distance plus it
// (flee_several_caught any_charger) or only by the one of highest Unit
// Strength, a die choosing among equals (fled_from); and takes one Terror
// test, or one per Terror-causer (terror_several_chargers).

// meleeReact is a reacting unit of a melee and its outputs' indices (-1:
// none).
type meleeReact struct {
	unit, charger                      int   // charger: the first, -1 for none
	chargers                           []int // every charger touching it, in unit order
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
		terrors, most := 0, 0
		for i := range m.units {
			if !m.links.touch[j][i] {
				continue
			}
			if m.cc.Units[i].Charged {
				r.chargers = append(r.chargers, i)
				most = max(most, m.units[i].Models)
				if m.units[i].CausesTerror {
					terrors++
				}
			} else {
				engaged = true
			}
		}
		if len(r.chargers) > 0 {
			r.charger = r.chargers[0]
		}
		me := m.units[j]
		r.terror = terrors > 0 && m.rs.TerrorOnCharge && !me.CausesTerror && !me.Unbreakable && !engaged
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
			metrics = append(metrics, engine.Metric{Name: id + ".reaction.casualties", Max: most})
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
		if b.us[r.unit].state != fighting || len(b.charging(r)) == 0 {
			continue
		}
		reacted = true
		if r.terror && !b.terrorPassed(r) {
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

// charging lists r's chargers still charging.
func (b *brawl) charging(r meleeReact) []int {
	var cs []int
	for _, i := range r.chargers {
		if b.us[i].state == fighting && b.us[i].charged {
			cs = append(cs, i)
		}
	}
	return cs
}

// terrorPassed takes r's Terror tests, one or one per Terror-causer still
// charging, and reports whether it passed every one.
func (b *brawl) terrorPassed(r meleeReact) bool {
	tests := 0
	for _, i := range b.charging(r) {
		if b.units[i].CausesTerror {
			tests++
		}
	}
	if b.rs.TerrorSeveral == warhammer.TerrorOneTest && tests > 1 {
		tests = 1
	}
	for range tests {
		if !b.ldTest(r.unit, b.rs.BSBReroll && b.rs.BSBRerollFear) {
			return false
		}
	}
	return true
}

// shootTarget is the charger unit r.unit stands and shoots at: of those
// still charging and far enough, the nearest or the largest (the first
// listed of equals); -1, none (it holds).
func (b *brawl) shootTarget(r meleeReact) int {
	best := -1
	for _, i := range b.charging(r) {
		foe := &b.cc.Units[i]
		dist, m := foe.ChargeDistance, foe.Profile.M
		if b.rs.StandShootRange == warhammer.ShootBeyondHalfCharge && dist <= m ||
			b.rs.StandShootRange == warhammer.ShootNotNearerThanMove && dist < m {
			continue // too close to shoot at
		}
		switch {
		case best < 0:
			best = i
		case b.rs.ShootTarget == warhammer.ShootLargest && b.unitStrength(i) > b.unitStrength(best):
			best = i
		case b.rs.ShootTarget == warhammer.ShootNearest && dist < b.cc.Units[best].ChargeDistance:
			best = i
		}
	}
	return best
}

// shoot resolves unit r.unit's shots at its charger, and the charger's
// Panic test.
func (b *brawl) shoot(r meleeReact, values []int, events []bool) {
	j, i := r.unit, b.shootTarget(r)
	if i < 0 {
		return // too close: it holds
	}
	me, foe := &b.cc.Units[j], &b.cc.Units[i]
	dist := foe.ChargeDistance
	a := me.Shoot
	a.Phase, a.Round = warhammer.Shooting, 1
	a.ToHitMod--
	if b.rs.StandShootLongRange && me.ShootRange > 0 && 2*dist > me.ShootRange {
		a.ToHitMod--
	}
	a.Count *= min(rankAndFile(&me.Fighter), b.rs.ShootingRanks*max(1, me.Frontage))
	p := b.d.shots(b.rs, a, b.asTarget(i), foe.Defence)
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

// fleeCharge resolves unit r.unit's flee from its chargers: one flee
// roll, and each charger that may catch it rolls its reach.
func (b *brawl) fleeCharge(r meleeReact, events []bool) {
	j := r.unit
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
	caught := false
	for _, i := range b.catchers(r) {
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
		caught = caught || reach > gap || reach == gap && b.rs.FleeCaught == warhammer.CaughtReachAtLeast
	}
	if caught {
		events[r.caught], events[b.out.caught+j], events[b.out.destroyed+j] = true, true, true
		b.us[j].state = destroyed
		return
	}
	events[r.fled] = true
	b.us[j].state = left // escaped: out of the fight, not beaten
}

// catchers are the chargers of r that may catch it as it flees: every
// one still charging (any_charger), or the one of highest Unit Strength,
// of equals one at random (fled_from).
func (b *brawl) catchers(r meleeReact) []int {
	cs := b.charging(r)
	if b.rs.FleeSeveral != warhammer.FleeFledFrom || len(cs) < 2 {
		return cs
	}
	var top []int
	for _, i := range cs {
		switch {
		case len(top) == 0 || b.unitStrength(i) > b.unitStrength(top[0]):
			top = append(top[:0], i)
		case b.unitStrength(i) == b.unitStrength(top[0]):
			top = append(top, i)
		}
	}
	for len(top) > 1 { // a die among equals: re-rolled until it names one
		if k := b.d.d6() - 1; k < len(top) {
			return top[k : k+1]
		}
	}
	return top
}
