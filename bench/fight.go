package bench

import (
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// fight is a close combat fought round after round until a side breaks, is
// destroyed, or MaxRounds have been fought (docs/rules.md, "Close combat,
// to the break").
type fight struct {
	rs *warhammer.Ruleset
	cc warhammer.Combat
	// chargeEvent is the index of the charger's charge_made event, where
	// fear_on_charge makes it test to charge a Fear-causer; else -1.
	chargeEvent int
}

// The fight's metrics and events, in the engine's order
// (game/warhammer/fight.go: Metrics and Events).
const (
	fRounds = iota
	fCasualties0
	fCasualties1
	fWounds0
	fWounds1
	fCR0
	fCR1
	fCRDiff
)

const (
	fWins0 = iota
	fWins1
	fDraw
	fBreaks0
	fBreaks1
	fDestroyed0
	fDestroyed1
	fCaught0
	fCaught1
	fAhead0
	fAhead1
)

func newFight(rs *warhammer.Ruleset, cc *warhammer.Combat) (*fight, []engine.Metric, []string) {
	a, b := &cc.Sides[0], &cc.Sides[1]
	// Combat result: wounds (an 8th-edition Killing Blow may score profile
	// Wounds on top of marked ones) and every bonus at once: ranks 3,
	// standards 2, outnumber, high ground, charge, rear 2.
	const bonuses = 3 + 2 + 1 + 1 + 1 + 2
	crA, crB := 2*b.Models*b.Profile.W+bonuses, 2*a.Models*a.Profile.W+bonuses
	metrics := []engine.Metric{
		{Name: "rounds", Max: cc.MaxRounds},
		{Name: a.ID + ".casualties", Max: a.Models},
		{Name: b.ID + ".casualties", Max: b.Models},
		{Name: a.ID + ".wounds", Max: a.Models * a.Profile.W},
		{Name: b.ID + ".wounds", Max: b.Models * b.Profile.W},
		{Name: a.ID + ".combat_result", Max: crA},
		{Name: b.ID + ".combat_result", Max: crB},
		{Name: "combat_result_difference", Min: -crB, Max: crA},
	}
	events := []string{
		a.ID + ".wins", b.ID + ".wins", "draw",
		a.ID + ".breaks", b.ID + ".breaks",
		a.ID + ".destroyed", b.ID + ".destroyed",
		a.ID + ".caught", b.ID + ".caught",
		a.ID + ".wins_on_result", b.ID + ".wins_on_result",
	}
	f := &fight{rs: rs, cc: *cc, chargeEvent: -1}
	if c := cc.Charger; c >= 0 && rs.FearOnCharge && subjectToFear(&cc.Sides[c], &cc.Sides[1-c]) {
		f.chargeEvent = len(events)
		events = append(events, cc.Sides[c].ID+".charge_made")
	}
	return f, metrics, events
}

// How a round ends, besides a side winning (0 or 1).
const (
	drawn     = -1 // both sides wiped out
	undecided = -2 // the fight goes on
)

// fighter is one side of the fight during a trial.
type fighter struct {
	f         *warhammer.Fighter
	u         unit
	mounted   bool // a cavalry model: weapons count as mounted
	monstrous bool // monstrous troop type: rank width, supporting attacks, Stomp

	// This round.
	charging bool // it charged, and this is the first round
	feared   bool // it failed its Fear test: WS 1 this round (8th)
	sixes    bool // it failed its Fear test when charged: only 6s hit in the first round (6th)
	front    int  // models fighting in base contact at the start of the round
	support  int  // models making supporting attacks at the start of the round
	ranks    int  // rank bonus counted at the start of the round (6th)
}

// round is one trial of the fight in progress.
type round struct {
	*fight
	d     dice
	sides [2]fighter
	n     int // the round being fought, from 1
	// The charge: who charged and where, or -1 when no charge was made
	// (a failed Fear test to charge, fear_on_charge).
	charger int
	facing  warhammer.Facing
	// winner of the previous round, for equal strike order (6th), or -1.
	lastWinner int
}

// trial fights the combat once.
func (f *fight) trial(d dice, values []int, events []bool) {
	rd := round{fight: f, d: d, lastWinner: -1, charger: f.cc.Charger, facing: f.cc.Facing}
	for i := range rd.sides {
		fi := &f.cc.Sides[i]
		s := &rd.sides[i]
		s.f = fi
		s.u = newUnit(fi.Models, fi.Profile.W, fi.Defence.Regeneration)
		// 6th: Regeneration at the end of each round (seed 000); 8th: as
		// a save, rolled with the other saves.
		s.u.regenerates = s.u.regenerates && f.rs.Regeneration == warhammer.RegenEndOfPhase
		s.mounted = fi.Mounted || fi.Mount != nil || fi.Type == warhammer.Cavalry || fi.Type == warhammer.MonstrousCavalry
		s.monstrous = isMonstrous(fi.Type)
	}

	if rd.fearOfTheCharge(events) {
		return // the charged unit fled before any blow
	}

	result := undecided // or the side that won, or drawn
	var cr [2]int
	for rd.n = 1; rd.n <= f.cc.MaxRounds && result == undecided; rd.n++ {
		cr = rd.fightRound()
		if rd.n == 1 {
			values[fCR0], values[fCR1] = cr[0], cr[1]
			values[fCRDiff] = cr[0] - cr[1]
		}
		values[fRounds] = rd.n
		result = rd.decide(cr, events)
	}
	if result == undecided || result == drawn {
		events[fDraw] = true // neither side broke after MaxRounds, or both were wiped out
		if result == undecided && rd.lastWinner >= 0 {
			// Ahead on the last round's combat result, the enemy held.
			events[fAhead0+rd.lastWinner] = true
		}
	} else {
		events[fWins0+result] = true
	}
	for i := range rd.sides {
		u := &rd.sides[i].u
		values[fCasualties0+i] = u.models - u.alive
		values[fWounds0+i] = u.woundsLost()
		if u.alive == 0 {
			events[fDestroyed0+i] = true
		}
	}
}

// fightRound fights one round and returns each side's combat result.
func (rd *round) fightRound() [2]int {
	rs := rd.rs
	for i := range rd.sides {
		s := &rd.sides[i]
		s.u.startPhase()
		s.charging = rd.n == 1 && rd.charger == i
		s.feared = false
		s.front, s.support = rd.whoFights(i)
		s.ranks = rd.rankBonus(i)
	}
	// Fear (8th): a unit fighting Fear-causers tests Leadership at the
	// start of each round and fights at WS 1 if it fails; Fear-causers
	// and Unbreakable units are immune (RULES.md §2.1, §2.4; subjectToFear).
	if rs.Fear == warhammer.FearWS1 {
		for i := range rd.sides {
			s, e := &rd.sides[i], &rd.sides[1-i]
			if subjectToFear(s.f, e.f) {
				s.feared = !rd.fearTest(i)
			}
		}
	}

	rd.strikeBlows()

	// 6th: Regeneration once all blows are struck; a Troll slain and
	// regenerated did not strike (seed 000).
	for i := range rd.sides {
		rd.sides[i].u.endOfPhase(rd.d, rs.RegenDice == warhammer.RegenPerWoundLost, rs.FlamingRegen)
	}
	return rd.combatResult()
}

// fearOfTheCharge takes the 6th-edition Fear tests of the charge, before
// the first round, where fear_on_charge says so (6th.whfb.app
// psychology/fear): a unit that wishes to charge a Fear-causer tests, and
// failing "may not charge" (no charger then, front to front); a unit
// charged by a Fear-causer tests, and failing "it will flee" if its Unit
// Strength is lower than the charger's, the charger pursuing as after a
// break test, or else "must roll 6s to score hits in the first turn of
// close combat" (…/if-charged-by-a-fear-causing-enemy). It reports
// whether the charged unit fled, which ends the fight.
func (rd *round) fearOfTheCharge(events []bool) (fled bool) {
	c := rd.charger
	if c < 0 || !rd.rs.FearOnCharge {
		return false
	}
	t := 1 - c
	charger, charged := rd.sides[c].f, rd.sides[t].f
	if subjectToFear(charger, charged) {
		made := rd.fearTest(c)
		events[rd.chargeEvent] = made
		if !made {
			rd.charger, rd.facing = -1, warhammer.Front
			return false
		}
	}
	if !subjectToFear(charged, charger) || rd.fearTest(t) {
		return false
	}
	if rd.unitStrength(t) >= rd.unitStrength(c) {
		rd.sides[t].sixes = true // equal or higher: fights on
		return false
	}
	events[fBreaks0+t], events[fWins0+c] = true, true
	flee := rd.fleeRoll(t)
	if rd.fleeRoll(c) >= flee {
		events[fCaught0+t], events[fDestroyed0+t] = true, true
	}
	return true
}

// fearTest rolls side i's Fear test: 2D6 against its Leadership, passed
// on the Leadership or less (6th.whfb.app psychology/taking-psychology-
// tests); with the battle standard a failure is re-rolled once if
// battle_standard_reroll and battle_standard_reroll_fear allow it (8th:
// "Leadership tests of any kind", RULES.md §2.11).
func (rd *round) fearTest(i int) bool {
	f := rd.sides[i].f
	if rd.d.twoD6() <= f.Profile.Ld {
		return true
	}
	if f.BattleStandard && rd.rs.BSBReroll && rd.rs.BSBRerollFear {
		return rd.d.twoD6() <= f.Profile.Ld
	}
	return false
}

// whoFights returns the models of side i fighting in base contact and
// those making supporting attacks, at the start of the round: the front
// rank's models in contact (contact, or the whole frontage); in 8th the
// rank behind them, and a rank more for a horde (10 wide, 6 monstrous);
// spears on foot a rank more, except on the turn they charged (RULES.md
// §2.2, §3.1). A unit charged in the flank or rear makes no supporting
// attacks (RULES.md §2.2).
func (rd *round) whoFights(i int) (front, support int) {
	s := &rd.sides[i]
	f, alive := s.f, s.u.alive
	contact := f.Frontage
	if f.Contact > 0 {
		contact = min(f.Contact, f.Frontage)
	}
	front = min(contact, alive)

	extra := 0
	if rd.rs.SupportingAttacks {
		extra = 1
		horde := 10
		if s.monstrous {
			horde = 6
		}
		if min(f.Frontage, alive) >= horde {
			extra++
		}
	}
	if f.Weapon == warhammer.Spear && !s.mounted && !s.charging {
		extra++
	}
	if rd.charger == 1-i && rd.facing != warhammer.Front {
		extra = 0
	}
	for rank := 1; rank <= extra; rank++ {
		inRank := min(f.Frontage, max(0, alive-rank*f.Frontage))
		support += min(contact, inRank)
	}
	return front, support
}

// fighting returns how many of the side's fighters are still standing at a
// step of the round: casualties come off the fighting rank first, then the
// supporting ranks (seed 002, "Which models are physically removed?";
// RULES.md §2.1).
func (s *fighter) fighting() (front, support int) {
	front = max(0, s.front-s.u.slain)
	support = max(0, s.support-max(0, s.u.slain-s.front))
	return front, support
}

// subjectToFear reports whether unit u must test for Fear of enemy e: e
// causes Fear and u does not (a Fear-causer is immune to Fear, RULES.md
// §2.4), and u is not Unbreakable, for an Unbreakable unit is Immune to
// Psychology (8th.whfb.app special-rules/unbreakable), "immune to panic,
// terror and fear" (6th.whfb.app special-rules/unbreakable), and Immune to
// Psychology passes Fear tests (RULES.md §2.11).
func subjectToFear(u, e *warhammer.Fighter) bool {
	return e.CausesFear && !u.CausesFear && !u.Unbreakable
}

func isMonstrous(t warhammer.TroopType) bool {
	return t == warhammer.MonstrousInfantry || t == warhammer.MonstrousCavalry || t == warhammer.MonstrousBeast
}
