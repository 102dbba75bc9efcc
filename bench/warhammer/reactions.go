package warhammerref

import (
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// Charge reactions in a fight of two units (docs/rules.md "Charge
// reactions"), written from the rules text, die by die:
//
//   - stand and shoot: each rank-and-file model of the charged unit's
//     first shooting_ranks ranks fires its shots at the charger before it
//     moves, at -1 "for shooting at a charging target", and -1 more at
//     long range (beyond half the weapon's range) where
//     stand_and_shoot_long_range says; only if the charger is far enough
//     (stand_and_shoot_range: beyond half its charge move, twice its
//     Movement; or not nearer than its Movement), else the unit holds. The
//     casualties are removed before the first round and count for no
//     combat result. A charger that lost a quarter of its models takes a
//     Panic test (2D6 at most its Leadership) under stand_and_shoot_panic
//     and, failing, flees: the charge is halted and the charged unit wins.
//   - Terror (terror_on_charge, The Old World): charged by a Terror-causer,
//     a unit that neither causes Terror nor is Unbreakable (Immune to
//     Psychology) tests Leadership at once, and failing "must Flee",
//     whatever it declared.
//   - flee: the unit flees 2D6, 3D6 with Movement above 6
//     (flee_reaction_roll by_movement), or as from a lost combat
//     (flee_roll); the charger reaches twice its Movement, or its Movement
//     + 2D6, or + the highest of 2D6 (charge_reach), and destroys the unit
//     when that is at least the distance plus the flee (reach_at_least),
//     or more (reach_more). Either way no round is fought.

// reactionOutputs are where a fight's reaction writes: its metric and
// events' indices, -1 where it has none.
type reactionOutputs struct {
	casualties, panicked, fled, caught int
	terror                             bool // the charged unit tests Terror first
}

// addReaction adds the charged unit's reaction outputs to the fight's, in
// the engine's order (last): stand and shoot's casualties and, under
// stand_and_shoot_panic, the charger's Panic; a flee's escape and capture.
func (f *fight) addReaction(metrics []engine.Metric, events []string) ([]engine.Metric, []string) {
	f.react = reactionOutputs{-1, -1, -1, -1, false}
	c := f.cc.Charger
	if c < 0 {
		return metrics, events
	}
	me, foe := &f.cc.Sides[1-c], &f.cc.Sides[c]
	f.react.terror = f.rs.TerrorOnCharge && foe.CausesTerror && !me.CausesTerror && !me.Unbreakable
	id := me.ID
	if f.react.terror || f.cc.Reaction == warhammer.FleeReaction {
		f.react.fled, f.react.caught = len(events), len(events)+1
		events = append(events, id+".reaction.fled", id+".reaction.caught")
	}
	switch f.cc.Reaction {
	case warhammer.StandAndShoot:
		f.react.casualties = len(metrics)
		metrics = append(metrics, engine.Metric{Name: id + ".reaction.casualties", Max: f.cc.Sides[c].Models})
		if f.rs.StandShootPanic {
			f.react.panicked = len(events)
			events = append(events, id+".reaction.panicked")
		}
	}
	return metrics, events
}

// reaction fights the charged unit's reaction, if the charge was made; it
// reports whether the fight ended before a blow.
func (rd *round) reaction(values []int, events []bool) bool {
	c := rd.charger
	if c < 0 {
		return false
	}
	if rd.react.terror && !rd.fearTest(1-c) {
		rd.flee(c, events)
		return true
	}
	switch rd.cc.Reaction {
	case warhammer.StandAndShoot:
		return rd.standAndShoot(c, values, events)
	case warhammer.FleeReaction:
		rd.flee(c, events)
		return true
	}
	return false
}

// standAndShoot resolves the charged unit's shots at charger c.
func (rd *round) standAndShoot(c int, values []int, events []bool) bool {
	t := 1 - c
	me, foe := &rd.cc.Sides[t], &rd.cc.Sides[c]
	dist, m := rd.cc.ChargeDistance, foe.Profile.M
	if rd.rs.StandShootRange == warhammer.ShootBeyondHalfCharge && dist <= m ||
		rd.rs.StandShootRange == warhammer.ShootNotNearerThanMove && dist < m {
		return false // too close: it holds
	}
	a := rd.cc.Shoot
	a.Phase, a.Round = warhammer.Shooting, 1
	a.ToHitMod--
	if rd.rs.StandShootLongRange && rd.cc.ShootRange > 0 && 2*dist > rd.cc.ShootRange {
		a.ToHitMod--
	}
	a.Count *= min(rankAndFile(me), rd.rs.ShootingRanks*max(1, me.Frontage))
	s := &rd.sides[c]
	p := rd.d.shots(rd.rs, a, rd.asTarget(c, -1), foe.Defence)
	before := s.u.alive
	s.u.takeAll(rd.d, rd.rs, []pending{p}, rd.overflow(c))
	s.u.endOfPhase(rd.d, rd.rs.RegenDice == warhammer.RegenPerWoundLost, rd.rs.FlamingRegen, rd.rs.RegenCounts)
	lost := before - s.u.alive
	values[rd.react.casualties] = lost
	if rd.figures(c) == 0 {
		events[fWins0+t] = true // shot down to the last model
		return true
	}
	if !rd.rs.StandShootPanic || 4*lost < foe.Models || foe.Unbreakable || rd.fearTest(c) {
		return false
	}
	events[rd.react.panicked], events[fBreaks0+c], events[fWins0+t] = true, true, true
	return true
}

// overflow is the unit that takes side i's wounds once its rank and file
// have fallen: its champion where champion_takes_overflow says, else nil.
func (rd *round) overflow(i int) *unit {
	s := &rd.sides[i]
	if k := s.champion; k >= 0 && rd.rs.ChampionOverflow {
		return &s.ch[k].u
	}
	return nil
}

// flee resolves the charged unit's flee from charger c.
func (rd *round) flee(c int, events []bool) {
	t := 1 - c
	d, mc, mt := rd.d, rd.cc.Sides[c].Profile.M, rd.cc.Sides[t].Profile.M
	var run int
	if rd.rs.FleeReactionRoll == warhammer.FleeRollAsBreak {
		run = rd.fleeRoll(t)
	} else {
		run = d.twoD6()
		if mt > 6 {
			run += d.d6()
		}
	}
	var reach int
	switch rd.rs.ChargeReach {
	case warhammer.ReachDoubleMove:
		reach = 2 * mc
	case warhammer.ReachMovePlus2D6:
		reach = mc + d.twoD6()
	default:
		reach = mc + max(d.d6(), d.d6())
	}
	gap := rd.cc.ChargeDistance + run
	caught := reach >= gap
	if rd.rs.FleeCaught == warhammer.CaughtReachMore {
		caught = reach > gap
	}
	if !caught {
		events[rd.react.fled], events[fDraw] = true, true
		return
	}
	// Destroyed, as a unit caught fleeing a lost combat: the casualties
	// stay those of the fight, none here.
	events[rd.react.caught], events[fWins0+c] = true, true
	events[fCaught0+t], events[fDestroyed0+t] = true, true
}

// testsToCharge reports whether charger tests Fear before charging
// charged (fear_to_charge): it fears it (subjectToFear), and under
// higher_unit_strength charged has the higher Unit Strength at the start
// ("an enemy unit that both causes Fear and has a higher Unit Strength",
// tow special-rules/fear).
func testsToCharge(rs *warhammer.Ruleset, charger, charged *warhammer.Fighter) bool {
	switch {
	case rs.FearToCharge == warhammer.FearToChargeNever || !subjectToFear(charger, charged):
		return false
	case rs.FearToCharge == warhammer.FearToChargeHigherUS:
		return startStrength(rs, charged) > startStrength(rs, charger)
	}
	return true
}

// startStrength is f's Unit Strength before any blow: its rank and file's
// and each character's (resolution.go, unitStrength).
func startStrength(rs *warhammer.Ruleset, f *warhammer.Fighter) int {
	us := modelStrengthOf(rs, f.UnitStrength, f.Type, f.Weight, f.Profile.W) * rankAndFile(f)
	for _, c := range f.Characters {
		us += modelStrengthOf(rs, c.UnitStrength, c.Type, warhammer.Unweighted, c.Profile.W)
	}
	return us
}

// shots rolls a's shots die by die at tg, whose own defence is def, and
// returns the wounds they leave to be removed: ordinary, slain outright
// and regenerated, with what decides their removal (stand and shoot, in
// a fight of two units and of several).
func (d dice) shots(rs *warhammer.Ruleset, a warhammer.Attack, tg warhammer.Target, def warhammer.Defence) pending {
	b := newBlow(rs, a, tg)
	endOfPhase := rs.Regeneration == warhammer.RegenEndOfPhase
	p := pending{multiple: a.Rules.MultipleWounds,
		flaming:     b.flaming && rs.FlamingRegen != warhammer.LoseRegenNever,
		burns:       burns(rs, b.flaming, def),
		regenerable: endOfPhase && !burns(rs, b.flaming, def)}
	for range a.Count {
		switch d.strike(&b) {
		case unsaved:
			p.ordinary++
		case slainOutright:
			p.slainOutright++
		case regenerated:
			p.regenerated++
		}
	}
	return p
}
