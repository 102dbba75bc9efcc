package warhammerref

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
	// challenges: a challenge may be issued (both sides have a character
	// or champion, and one side's policy issues); challengeEvent is the
	// index of challenge.issued then. charMetric and charEvent are the
	// index of each side's first character metric and event.
	challenges            bool
	challengeEvent        int
	charMetric, charEvent [2]int
	// fellEvent is the index of the first side's falls_back event (the
	// second's follows) under break_test: three_outcomes; else -1.
	fellEvent int
	// react is where the charged unit's reaction writes (reactions.go).
	react reactionOutputs
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
	// Wounds on top of marked ones), characters' included, Overkill up to
	// overkill_cap a slain character, and every bonus at once: ranks 3,
	// standards 2, outnumber, high ground, charge, rear 2; and a musician's
	// +1 on a draw.
	const bonuses = 3 + 2 + 1 + 1 + 1 + 2
	crOn := func(e, me *warhammer.Fighter) int {
		return 2*woundsOf(e, true) + rs.OverkillCap*len(e.Characters) + bonuses + b2i(rs.MusicianWinsDraws && me.Musician)
	}
	crA, crB := crOn(b, a), crOn(a, b)
	metrics := []engine.Metric{
		{Name: "rounds", Max: cc.MaxRounds},
		{Name: a.ID + ".casualties", Max: a.Models + b2i(isLone(a))},
		{Name: b.ID + ".casualties", Max: b.Models + b2i(isLone(b))},
		{Name: a.ID + ".wounds", Max: woundsOf(a, false)},
		{Name: b.ID + ".wounds", Max: woundsOf(b, false)},
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
	f := &fight{rs: rs, cc: *cc, chargeEvent: -1, challengeEvent: -1, fellEvent: -1}
	if c := cc.Charger; c >= 0 && testsToCharge(rs, &cc.Sides[c], &cc.Sides[1-c]) {
		f.chargeEvent = len(events)
		events = append(events, cc.Sides[c].ID+".charge_made")
	}
	// Each character's wounds (and Overkill where a challenge may be
	// issued) and whether it was slain; then the challenge's events
	// (docs/rules.md, "Outputs").
	f.challenges = len(a.Characters) > 0 && len(b.Characters) > 0 &&
		(a.Challenge.Issue != warhammer.IssueNever || b.Challenge.Issue != warhammer.IssueNever)
	for i := range cc.Sides {
		me, foe := &cc.Sides[i], &cc.Sides[1-i]
		f.charMetric[i], f.charEvent[i] = len(metrics), len(events)
		for _, c := range me.Characters {
			id := me.ID + "." + c.ID
			metrics = append(metrics, engine.Metric{Name: id + ".wounds", Max: c.Profile.W})
			if f.challenges {
				metrics = append(metrics, engine.Metric{Name: id + ".overkill", Max: rs.OverkillCap * len(foe.Characters)})
			}
			events = append(events, id+".slain")
		}
	}
	if f.challenges {
		f.challengeEvent = len(events)
		events = append(events, "challenge.issued", "challenge.accepted")
	}
	// The three-way break test: each side's Fall Back in Good Order, after
	// the character events (docs/rules.md, "7th edition and The Old World").
	if rs.BreakTest == warhammer.BreakThreeWays {
		f.fellEvent = len(events)
		events = append(events, a.ID+".falls_back", b.ID+".falls_back")
	}
	metrics, events = f.addReaction(metrics, events)
	return f, metrics, events
}

// woundsOf is the Wounds of f's rank and file and champion (a lone
// character's own), and of its characters too when all is set.
func woundsOf(f *warhammer.Fighter, all bool) int {
	w := rankAndFile(f) * f.Profile.W
	for _, c := range f.Characters {
		if all || c.Champion || isLone(f) {
			w += c.Profile.W
		}
	}
	return w
}

// rankAndFile is f's models bar its champion, who is one of them.
func rankAndFile(f *warhammer.Fighter) int {
	for _, c := range f.Characters {
		if c.Champion {
			return f.Models - 1
		}
	}
	return f.Models
}

// How a round ends, besides a side winning (0 or 1).
const (
	drawn     = -1 // both sides wiped out
	undecided = -2 // the fight goes on
)

// maxCharacters is the most characters (champion included) a unit has.
const maxCharacters = 8

// fighter is one side of the fight during a trial.
type fighter struct {
	f         *warhammer.Fighter
	u         unit // the rank and file (the champion is one of ch)
	mounted   bool // a cavalry model: weapons count as mounted
	monstrous bool // monstrous troop type: rank width, supporting attacks, Stomp
	ch        [maxCharacters]character
	nc        int
	champion  int // the champion's index in ch, or -1

	// This round.
	charging  bool // it charged, and this is the first round
	feared    bool // it failed its Fear test: WS 1 this round (8th)
	fearMinus bool // it failed its Fear test: -1 to hit this round (The Old World)
	sixes     bool // it failed its Fear test when charged: only 6s hit in the first round (6th)
	front     int  // rank-and-file models fighting in base contact at the start of the round
	support   int  // models making supporting attacks at the start of the round
	ranks     int  // rank bonus of its depth counted at the start of the round (6th), before disruption
	overkill  int  // Overkill its challenger scored this round
}

// character is one of a unit's characters, or its champion: a model with a
// profile and wounds of its own (docs/rules.md, "Characters, champions and
// challenges").
type character struct {
	c        *warhammer.Character
	u        unit // one model
	mounted  bool // rides, for its weapon
	retired  bool // nominated to retire after a refused challenge, this round
	overkill int  // Overkill it scored over the fight
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
	// duel is the challenge going on: each side's fighter (an index in
	// ch), or -1 and -1.
	duel [2]int
}

// trial fights the combat once.
func (f *fight) trial(d dice, values []int, events []bool) {
	rd := round{fight: f, d: d, lastWinner: -1, charger: f.cc.Charger, facing: f.cc.Facing, duel: [2]int{-1, -1}}
	if c := f.cc.Charger; c >= 0 && isLone(&f.cc.Sides[1-c]) && f.rs.LoneFacings == warhammer.LoneNoFacings {
		rd.facing = warhammer.Front // a lone character has no flank or rear (lone_character_facings none)
	}
	endOfPhase := f.rs.Regeneration == warhammer.RegenEndOfPhase
	for i := range rd.sides {
		fi := &f.cc.Sides[i]
		s := &rd.sides[i]
		s.f = fi
		s.u = newUnit(rankAndFile(fi), fi.Profile.W, fi.Defence.Regeneration)
		// 6th: Regeneration at the end of each round (seed 000); 8th: as
		// a save, rolled with the other saves.
		s.u.regenerates = s.u.regenerates && endOfPhase
		s.mounted = fi.Mounted || fi.Mount != nil || fi.Type == warhammer.Cavalry || fi.Type == warhammer.MonstrousCavalry
		s.monstrous = isMonstrous(fi.Type)
		s.nc, s.champion = len(fi.Characters), -1
		for k := range fi.Characters {
			c := &fi.Characters[k]
			ch := &s.ch[k]
			*ch = character{c: c, u: newUnit(1, c.Profile.W, c.Defence.Regeneration)}
			ch.u.regenerates = ch.u.regenerates && endOfPhase
			ch.mounted = c.Mounted || c.Mount != nil || c.Type == warhammer.Cavalry || c.Type == warhammer.MonstrousCavalry
			if c.Champion {
				s.champion = k
			}
		}
	}

	if rd.fearOfTheCharge(events) {
		rd.outputs(values, events)
		return // the charged unit fled before any blow
	}
	if rd.reaction(values, events) {
		rd.outputs(values, events)
		return // the charged unit fled, or the charger fled or fell to its shots
	}

	result := undecided // or the side that won, or drawn
	var cr [2]int
	for rd.n = 1; rd.n <= f.cc.MaxRounds && result == undecided; rd.n++ {
		cr = rd.onwards(rd.fightRound(events))
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
	rd.outputs(values, events)
}

// outputs writes each side's casualties and wounds (rank and file and
// champion), whether it was wiped out, and each character's wounds,
// Overkill and death.
func (rd *round) outputs(values []int, events []bool) {
	for i := range rd.sides {
		s := &rd.sides[i]
		casualties, wounds := s.u.models-s.u.alive, s.u.woundsLost()
		k := s.champion
		if isLone(s.f) {
			k = 0 // a lone character is his unit's one model
		}
		if k >= 0 {
			casualties += 1 - s.ch[k].u.alive
			wounds += s.ch[k].u.woundsLost()
		}
		values[fCasualties0+i] = casualties
		values[fWounds0+i] = wounds
		if rd.figures(i) == 0 {
			events[fDestroyed0+i] = true
		}
		m, e := rd.charMetric[i], rd.charEvent[i]
		for k := range s.nc {
			ch := &s.ch[k]
			values[m] = ch.u.woundsLost()
			m++
			if rd.challenges {
				values[m] = ch.overkill
				m++
			}
			events[e+k] = ch.u.alive == 0
		}
	}
}

// fightRound fights one round and returns each side's combat result.
func (rd *round) fightRound(events []bool) [2]int {
	rs := rd.rs
	for i := range rd.sides {
		s := &rd.sides[i]
		s.u.startPhase()
		for k := range s.nc {
			s.ch[k].u.startPhase()
			s.ch[k].retired = false
		}
		s.charging = rd.n == 1 && rd.charger == i
		s.feared, s.fearMinus = false, false
		s.overkill = 0
	}
	// Challenges, before any blow (challenge.go); a character who retires
	// leaves the front rank to the rank and file for the round.
	rd.challenge(events)
	for i := range rd.sides {
		s := &rd.sides[i]
		s.front, s.support = rd.whoFights(i)
		s.ranks = rd.depthBonus(i)
	}
	// Fear (8th): a unit fighting Fear-causers tests Leadership at the
	// start of each round and fights at WS 1 if it fails; Fear-causers
	// and Unbreakable units are immune (RULES.md §2.1, §2.4; subjectToFear).
	// The Old World: the same test, and failing it -1 to hit the
	// Fear-causers (RULES.md §4; docs/rules.md).
	if rs.Fear == warhammer.FearWS1 || rs.Fear == warhammer.FearMinusOneToHit {
		for i := range rd.sides {
			s, e := &rd.sides[i], &rd.sides[1-i]
			// The Old World: only a Fear-causer of higher Unit Strength
			// is feared (docs/rules.md, "7th edition and The Old World":
			// "a unit fighting a Fear-causer of higher Unit Strength
			// tests"), compared at the start of the round.
			higher := rs.Fear != warhammer.FearMinusOneToHit || rd.unitStrength(1-i) > rd.unitStrength(i)
			if subjectToFear(s.f, e.f) && higher {
				failed := !rd.fearTest(i)
				s.feared = failed && rs.Fear == warhammer.FearWS1
				s.fearMinus = failed && rs.Fear == warhammer.FearMinusOneToHit
			}
		}
	}

	rd.strikeBlows()

	// 6th: Regeneration once all blows are struck; a Troll slain and
	// regenerated did not strike (seed 000). Each character rolls for its
	// own wounds.
	perWoundLost := rs.RegenDice == warhammer.RegenPerWoundLost
	battle := rs.FlamingRegen == warhammer.LoseRegenForBattle
	for i := range rd.sides {
		s := &rd.sides[i]
		s.u.endOfPhase(rd.d, perWoundLost, rs.FlamingRegen, rs.RegenCounts)
		s.u.burnt = s.u.burnt || battle && s.u.flamed
		for k := range s.nc {
			s.ch[k].u.endOfPhase(rd.d, perWoundLost, rs.FlamingRegen, rs.RegenCounts)
			s.ch[k].u.burnt = s.ch[k].u.burnt || battle && s.ch[k].u.flamed
		}
	}
	// The challenge goes on until one of the two is slain.
	if d := rd.duel; d[0] >= 0 && (rd.sides[0].ch[d[0]].u.alive == 0 || rd.sides[1].ch[d[1]].u.alive == 0) {
		rd.duel = [2]int{-1, -1}
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
	if c < 0 {
		return false
	}
	t := 1 - c
	charger, charged := rd.sides[c].f, rd.sides[t].f
	if rd.chargeEvent >= 0 {
		made := rd.fearTest(c)
		events[rd.chargeEvent] = made
		if !made {
			rd.charger, rd.facing = -1, warhammer.Front
			return false
		}
	}
	if !rd.rs.FearOnCharge || !subjectToFear(charged, charger) || rd.fearTest(t) {
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
	ld := rd.leadership(i)
	if rd.d.twoD6() <= ld {
		return true
	}
	if rd.hasBattleStandard(i) && rd.rs.BSBReroll && rd.rs.BSBRerollFear {
		return rd.d.twoD6() <= ld
	}
	return false
}

// whoFights returns the rank-and-file models of side i fighting in base
// contact and those making supporting attacks, at the start of the round:
// the front rank's models in contact (contact, or the whole frontage),
// less the places its characters and champion take there (not a character
// retired from a refused challenge: a rank-and-file model takes his place
// for the round); in 8th the rank
// behind them, and a rank more for a horde (10 wide, 6 monstrous); spears
// on foot a rank more, except on the turn they charged (RULES.md §2.2,
// §3.1). A unit charged in the flank or rear makes no supporting attacks
// (RULES.md §2.2), and its characters are out of contact, so the rank and
// file fill the contact (docs/rules.md, "Out of contact").
func (rd *round) whoFights(i int) (front, support int) {
	s := &rd.sides[i]
	f, alive := s.f, s.figures()
	contact := f.Frontage
	if f.Contact > 0 {
		contact = min(f.Contact, f.Frontage)
	}
	// The front rank: the characters, and rank and file in the other
	// places; the rest of the rank and file in the ranks behind.
	frontRF := min(max(f.Frontage-s.inFront(), 0), s.u.alive)
	flanked := rd.charger == 1-i && rd.facing != warhammer.Front
	if flanked {
		front = min(contact, s.u.alive)
	} else {
		front = min(max(contact-s.inFront(), 0), frontRF)
	}

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
	if rd.rs.PressOfBattle && f.Type == warhammer.Infantry && !s.charging {
		// Press of Battle (The Old World): "infantry (not monstrous)
		// fight two ranks deep except in the round they charged, the
		// second rank one attack a model" (docs/rules.md, "7th edition
		// and The Old World", Who fights; tow.whfb.app
		// troop-types-in-detail/press-of-battle).
		extra++
	}
	if f.Weapon == warhammer.Spear && !s.mounted && !s.charging {
		// "a spear on foot adds its rank as in 6th" (docs/rules.md), on
		// top of Press of Battle's.
		extra++
	}
	if flanked {
		extra = 0
	}
	for rank := 1; rank <= extra; rank++ {
		inRank := min(f.Frontage, max(0, s.u.alive-frontRF-(rank-1)*f.Frontage))
		support += min(contact, inRank)
	}
	return front, support
}

// fighting returns how many of the side's rank-and-file fighters are
// still standing at a step of the round: casualties come off the fighting
// rank first, then the supporting ranks (seed 002, "Which models are
// physically removed?"; RULES.md §2.1).
func (s *fighter) fighting() (front, support int) {
	front = max(0, s.front-s.u.slain)
	support = max(0, s.support-max(0, s.u.slain-s.front))
	return front, support
}

// standing is how many of the side's characters (champion included) stand.
func (s *fighter) standing() int {
	n := 0
	for k := range s.nc {
		n += s.ch[k].u.alive
	}
	return n
}

// inFront is how many of the side's characters (champion included) take a
// place in its front rank: those who stand and have not retired.
func (s *fighter) inFront() int {
	n := 0
	for k := range s.nc {
		if s.ch[k].u.alive > 0 && !s.ch[k].retired {
			n++
		}
	}
	return n
}

// figures is the side's models standing: rank and file, champion and
// characters, who count towards the ranks (docs/rules.md, "Place in the
// unit").
func (s *fighter) figures() int { return s.u.alive + s.standing() }

func (rd *round) figures(i int) int { return rd.sides[i].figures() }

// subjectToFear reports whether unit u must test for Fear of enemy e: e
// causes Fear and u does not (a Fear-causer is immune to Fear, RULES.md
// §2.4), and u is not Unbreakable, for an Unbreakable unit is Immune to
// Psychology (8th.whfb.app special-rules/unbreakable), "immune to panic,
// terror and fear" (6th.whfb.app special-rules/unbreakable), and Immune to
// Psychology passes Fear tests (RULES.md §2.11).
//
// A Terror-causer causes Fear too (docs/rules.md, "7th edition and The Old
// World": "causes_terror on a unit (which causes Fear too)").
func subjectToFear(u, e *warhammer.Fighter) bool {
	return causesFear(e) && !causesFear(u) && !u.Unbreakable
}

func causesFear(f *warhammer.Fighter) bool { return f.CausesFear || f.CausesTerror }

func isMonstrous(t warhammer.TroopType) bool {
	return t == warhammer.MonstrousInfantry || t == warhammer.MonstrousCavalry || t == warhammer.MonstrousBeast
}
