package warhammer

import (
	"slices"

	"github.com/wargamesim/sim/engine"
)

// fighterState is the state of a unit's member (its rank and file, or one
// of its characters) during one trial of a fight. The unit's own flags
// (feared, sixes) are kept on its rank and file's.
type fighterState struct {
	unitState
	startAlive      int  // models at the start of the round
	lostRegenBattle bool // Regeneration lost for the rest of the battle (Flaming, 6th)
	lostRegenPhase  bool // Regeneration lost for the rest of the phase (Flaming, 8th)
	feared          bool // the unit failed its Fear test this round: WS 1 (8th)
	sixes           bool // the unit failed its Fear test when charged: hits only on 6s in the first round (6th)
	woundsLost      int  // wounds lost in the fight, net of Regeneration

	// A character's, for challenges:
	retired   bool // refused a challenge this round: does not fight, is not struck, lends no Leadership
	hpStart   int  // wounds left at the start of the round
	inflicted int  // wounds inflicted on it this round, excess included (Overkill)
	unsaved   int  // unsaved wounds this round
	kbSlew    bool // a Killing Blow slew it
	overkill  int  // Overkill it scored in the fight
	// A character's in the strike step under way, whose blows land at
	// once (fightTrial.beginStep): the wounds it had left when the step
	// began (0: it had fallen), and its unsaved wounds of the step so far;
	// slain by a Killing Blow, it keeps those of the step it fell in, its
	// other wounding hits (Overkill).
	stepHP, stepHits int
}

// reset readies s for a new fight of models models of w Wounds. It sets
// field by field: building the struct whole and copying it costs a tenth of
// a fight (measured with go test -bench EngineTrollsVsKnights ./bench/warhammer/).
func (s *fighterState) reset(models, w int) {
	s.w, s.alive, s.carried = w, models, 0
	s.startPhase()
	s.startAlive = models
	s.lostRegenBattle, s.lostRegenPhase, s.feared, s.sixes = false, false, false, false
	s.woundsLost = 0
	s.retired, s.overkill = false, 0
}

// startRound readies s for a new round.
func (s *fighterState) startRound() {
	s.startPhase()
	s.startAlive = s.alive
	s.lostRegenPhase, s.feared = false, false
	s.retired, s.inflicted, s.unsaved, s.kbSlew = false, 0, 0, false
	s.hpStart = s.alive*s.w - s.carried
	s.stepHP, s.stepHits = 0, 0
}

// beginStep readies the characters for a step of blows that land at once:
// a strike step, Impact Hits, Stomp. What a Killing Blow among them scores
// depends on the wounds each had when the step began, not on the order in
// which its dice are read (fighterState.fallToKillingBlow).
func (t *fightTrial) beginStep() {
	if !t.f.characters {
		return
	}
	for i := range t.st {
		for m := 1; m < len(t.st[i]); m++ {
			s := &t.st[i][m]
			if s.stepHP = s.alive*s.w - s.carried; s.stepHP > 0 {
				s.stepHits = 0
			}
		}
	}
}

// strike is one group's blows in a round's order: group number group of
// the unit side, by its index in Fight.sides.
type strike struct {
	side, group int
	key         int // higher strikes earlier
	step        int // strikes of the same step are simultaneous
	twin        int // the strike of the step this one rolls with (plainStep), or -1
}

// pending are unsaved wounds waiting for the end of their step, on the
// member of unit target.
type pending struct {
	target, member    int
	ordinary, killing int
	regenSaved        int
	landedKB          int // Killing Blows already landed ahead of the step's other wounds (killingBlowsFirst)
	rules             *AttackRules
}

type fightTrial struct {
	base   *Fight // the fight as built
	f      *Fight // the fight this trial fights: base, or base.noCharge
	counts []int
	st     [][]fighterState // by unit and member: 0 the rank and file, 1+k character k
	// pending are the wounds of a step's strikes, Fight.stride a strike:
	// at the rank and file or first target and at a character (aims), or
	// at each contact's enemy (plainStep).
	pending []pending
	aims    [][2]aim // where each strike's blows go, a round's
	// saims and spend are severalStep's aims and wounds, 2·Fight.stride a
	// strike: at each contact's enemy unit and at a character of it
	// (aimSeveral); nil in a fight of two.
	saims  []aim
	spend  []pending
	plainN []int // plainStep's scratch: the blows of each strike of a step at each contact, by stride
	// duel[a] is army a's member fighting a challenge (0: none), a member
	// of unit duelU[a]: in a fight of two units, unit a.
	duel, duelU      [2]int
	issued, accepted bool
	// status is where each unit of a fight of several units stands
	// (armies.go); always inFight in a fight of two.
	status [MaxUnits]unitStatus
	// stayedOut marks the chargers that failed their test to charge while
	// a friend charged in (charge.go noCharge): never in the combat, they
	// do not keep their army from being beaten. It is not in the exact
	// solver's key: severalFits refuses the Fear tests of the charge that
	// alone set it, and must go on doing so until the key holds it.
	stayedOut [MaxUnits]bool
	// fears is, in a fight of several units, the enemy units each unit
	// fears this round, a bit each (fearContacts).
	fears    [MaxUnits]uint16
	overkill [2]int // Overkill each army scored this round
	// x is the path the exact solver walks, nil when the trial rolls dice
	// (chance.go); xs is its scratch.
	x  *paths
	xs exactScratch
	// tab are the fight's round tables, if it has them: a trial is then
	// drawn round by round from them (roundtable.go).
	tab *roundTables
}

// Trial fights one close combat to its end.
func (t *fightTrial) Trial(d *engine.Dice, r *engine.TrialResult) {
	if t.tab != nil {
		t.f = t.base
		t.tableTrial(d, r, t.tab)
		return
	}
	t.begin()
	o := fightOutcome{prevWinner: -1, winner: -1}
	// Fear on the charge: the charged unit may flee before any blow, and
	// the charger pursue it.
	if fled, got := t.charge(d, r); fled {
		c := t.f.chargedTest
		o.winner, o.broke[c], o.caught[c] = t.f.sides[1-c].army, true, got
		t.record(r, &o)
		return
	}
	if len(t.f.chargeFears)+len(t.f.chargedFears) > 0 && t.severalFears(d, r, &o) {
		t.record(r, &o)
		return
	}
	if len(t.f.reacts) > 0 && t.reactions(d, r, &o) {
		t.record(r, &o)
		return
	}
	for round := 1; round <= t.f.cc.MaxRounds; round++ {
		if t.fightRound(d, r, round, &o) {
			break
		}
	}
	t.record(r, &o)
}

// fightOutcome is where a fight stands between rounds: rounds fought, the
// winning army (-1: none yet), the last round's winner on combat result
// (an army; -1: none), and which unit broke and which was caught.
type fightOutcome struct {
	rounds, winner, prevWinner int
	broke, caught              [MaxUnits]bool // by unit
	fell                       [MaxUnits]bool // fell back in good order (break_test: three_outcomes)
	panicked                   [MaxUnits]bool // fled for Panic (friend_breaks_panic; fights of several units)
}

// begin readies t for a new fight.
func (t *fightTrial) begin() {
	t.f = t.base
	for i, st := range t.st {
		mbs := t.f.sides[i].members
		for m := range st {
			mf := &mbs[m].f
			st[m].reset(mf.Models, mf.Profile.W)
		}
	}
	t.duel, t.duelU = [2]int{}, [2]int{0, 1}
	t.issued, t.accepted = false, false
	t.status = [MaxUnits]unitStatus{}
	t.stayedOut = [MaxUnits]bool{}
}

// fightRound fights round number round and what follows it: the winner,
// the loser's break test, the pursuit. It reports whether the fight is
// over.
func (t *fightTrial) fightRound(d *engine.Dice, r *engine.TrialResult, round int, o *fightOutcome) bool {
	o.rounds = round
	return t.afterRound(d, r, round, t.round(d, round, o.prevWinner), o)
}

// afterRound settles round number round, whose combat results were cr:
// the winner, the loser's break test, the pursuit. It reports whether the
// fight is over.
func (t *fightTrial) afterRound(d *engine.Dice, r *engine.TrialResult, round int, cr [2]int, o *fightOutcome) bool {
	cr = t.musicianBonus(cr)
	if round == 1 {
		out := &t.f.out
		r.Values[out.army[0].cr], r.Values[out.army[1].cr] = cr[0], cr[1]
		r.Values[out.crDiff] = cr[0] - cr[1]
	}
	if t.f.several {
		return t.afterArmies(d, round, cr, o)
	}
	// In a fight of two units, army i is unit i.
	alive0, alive1 := t.standing(0), t.standing(1)
	if !alive0 || !alive1 {
		// A side wiped out loses outright (RULES.md §2.10); both, a draw.
		switch {
		case alive0:
			o.winner = 0
		case alive1:
			o.winner = 1
		}
		return true
	}
	w, margin := t.winner(cr)
	if w < 0 {
		o.prevWinner = -1 // a drawn round: no break test
		return false
	}
	o.prevWinner = w
	l := 1 - w
	switch t.breakOutcome(d, l, w, margin) {
	case givesGround:
		return false
	case fallsBack:
		o.winner, o.fell[l] = w, true
		return true
	}
	o.winner, o.broke[l] = w, true
	// The loser flees and the winner pursues: caught if the pursuit roll
	// is equal or higher (RULES.md §2.11).
	o.caught[l] = t.caught(d, w, l)
	return true
}

// standing reports whether any model of unit i is standing.
func (t *fightTrial) standing(i int) bool {
	st := t.st[i]
	for m := range st {
		if st[m].alive > 0 {
			return true
		}
	}
	return false
}

// record writes a fight's outcome o: each unit's, then each army's (in a
// fight of two units, army i is unit i), then the fight's own.
func (t *fightTrial) record(r *engine.TrialResult, o *fightOutcome) {
	f, out := t.f, &t.f.out
	r.Values[fmRounds] = o.rounds
	var standing [MaxUnits]bool
	for i := range t.st {
		u := &out.unit[i]
		standing[i] = t.standing(i)
		rf := &t.st[i][0]
		casualties, wounds := f.unit(i).rankAndFile()-rf.alive, rf.woundsLost
		for m := 1; m < len(t.st[i]); m++ {
			c := &t.st[i][m]
			k := m - 1
			r.Values[u.charMetric+out.perChar*k] = c.woundsLost
			if out.perChar == 2 {
				r.Values[u.charMetric+2*k+1] = c.overkill
			}
			r.Events[u.charEvent+k] = c.alive == 0
			if m == f.sides[i].champion || f.unit(i).lone() {
				casualties += 1 - c.alive
				wounds += c.woundsLost
			}
		}
		r.Values[u.casualties] = casualties
		r.Values[u.wounds] = wounds
		r.Events[u.breaks] = o.broke[i]
		r.Events[u.caught] = o.caught[i]
		r.Events[u.destroyed] = !standing[i] || o.caught[i]
		if u.fell >= 0 {
			r.Events[u.fell] = o.fell[i]
		}
		if u.panics >= 0 {
			r.Events[u.panics] = o.panicked[i]
		}
	}
	for a := range out.army {
		r.Events[out.army[a].wins] = o.winner == a
		r.Events[out.army[a].ahead] = o.winner < 0 && o.prevWinner == a && t.stoppedUndecided(a, &standing)
	}
	r.Events[out.draw] = o.winner < 0
	if e := out.challenge; e >= 0 {
		r.Events[e], r.Events[e+1] = t.issued, t.accepted
	}
}

// stoppedUndecided reports whether a drawn fight was stopped by
// max_rounds with army a still fighting and its enemy holding, so that
// the last round's winner on combat result is ahead (wins_on_result,
// docs/output.md): in a fight of two, a model of a stands (both wiped out
// is a draw with no one ahead); in a fight of several, two enemy units
// still touch. A fight of several that ended with no contact left was not
// stopped undecided: every unit of one army or both broke, fled, fell
// back, left or was destroyed, so the enemy of the round's winner did not
// hold.
func (t *fightTrial) stoppedUndecided(a int, standing *[MaxUnits]bool) bool {
	if !t.f.several {
		return t.f.anyOf(a, standing)
	}
	for u := range t.f.sides {
		if t.inCombat(u) && t.engaged(u) {
			return true
		}
	}
	return false
}

// round fights round number round and returns each army's combat result.
func (t *fightTrial) round(d *engine.Dice, round, prevWinner int) [2]int {
	first := t.roundStart(d, round, prevWinner)
	for k := range t.f.steps[roundKind(round)][first+1] {
		t.strikeStep(d, round, first, k)
	}
	return t.roundEnd(d, round)
}

// roundKind is 1 for the first round, whose strikes are ordered as the
// charge says, and 0 for the others.
func roundKind(round int) int {
	if round == 1 {
		return 1
	}
	return 0
}

// roundStart begins round number round: the challenge, the Fear tests,
// Impact Hits; it returns the army that strikes first among equals (-1:
// at once).
func (t *fightTrial) roundStart(d *engine.Dice, round, prevWinner int) (first int) {
	f := t.f
	for _, st := range t.st {
		for m := range st {
			st[m].startRound()
		}
	}
	t.challenge(round)
	t.fearTests(d)
	// Impact Hits, before any other blow (RULES.md §2.1).
	if round == 1 {
		for c, sd := range f.sides {
			if sd.charging && sd.impact != nil {
				t.impactStep(d, c)
			}
		}
	}
	return t.strikesFirst(d, round, prevWinner)
}

// impactStep rolls the Impact Hits of unit c, which charged, contact by
// contact, and marks their wounds.
func (t *fightTrial) impactStep(d *engine.Dice, c int) {
	me, sd := t.f.unit(c), t.f.sides[c]
	for k := range sd.contacts {
		ct := &sd.contacts[k]
		n := t.impactHits(d, me.ImpactHits, min(ct.models, t.st[c][0].alive))
		if tgt := t.unitTarget(ct.enemy); tgt >= 0 {
			var p pending
			t.hit(d, sd.impact[k], n, ct.enemy, tgt, &p)
			t.beginStep()
			t.wound(d, &p)
		}
	}
}

// fearTests takes the Fear tests of the start of a round (8th, The Old
// World): a unit fighting Fear-causers tests Leadership; failing, its WS is
// 1 (8th, RULES.md §2.4) or it has -1 to hit them (The Old World, where
// only a Fear-causer of higher Unit Strength is feared: tow.whfb.app
// special-rules/fear). Fear-causers and Unbreakable units take no test
// (Fighter.fears).
func (t *fightTrial) fearTests(d *engine.Dice) {
	f, rs := t.f, t.f.rs
	if rs.Fear != FearWS1 && rs.Fear != FearMinusOneToHit {
		return
	}
	if f.several {
		t.fearContacts(d)
		return
	}
	for i := range t.st {
		e := f.sides[i].enemy // a fight of two: the enemy
		me, foe := f.unit(i), f.unit(e)
		if me.fears(&foe.Fighter) && (rs.Fear != FearMinusOneToHit || t.unitStrength(e) > t.unitStrength(i)) {
			t.st[i][0].feared = !t.fearTest(d, i)
		}
	}
}

// fearContacts is fearTests in a fight of several units, unit by unit: a
// unit still fighting that touches an enemy unit it fears (under
// minus_1_to_hit_on_failed_test, one of higher Unit Strength than its
// own) takes one test; failing, its WS is 1 against every enemy (8th:
// "per unit in contact with Fear-causers", 8th.whfb.app
// close-combat/steadfast-multiple-close-combats, special-rules/fear), or
// it has -1 to hit only the units it fears (The Old World: the Fear test
// is against a Fear-causing enemy unit of higher Unit Strength, and the
// -1 is for "models ... that direct their attacks against the
// Fear-causing enemy", tow.whfb.app special-rules/fear). One test for all
// the units it fears: "A unit only needs to make one Fear test per turn"
// (The Old World), read so for 8th too [I].
func (t *fightTrial) fearContacts(d *engine.Dice) {
	f, rs := t.f, t.f.rs
	for i := range t.st {
		t.fears[i] = 0
		if !t.inCombat(i) {
			continue
		}
		me := f.unit(i)
		for _, c := range f.sides[i].contacts {
			e := c.enemy
			if t.inCombat(e) && me.fears(&f.unit(e).Fighter) && (rs.Fear != FearMinusOneToHit || t.unitStrength(e) > t.unitStrength(i)) {
				t.fears[i] |= 1 << e
			}
		}
		if t.fears[i] != 0 {
			t.st[i][0].feared = !t.fearTest(d, i)
		}
	}
}

// strikeStep strikes step k of the round's strikes: the blows of each of
// its groups, then their wounds; casualties of a step strike no more.
func (t *fightTrial) strikeStep(d *engine.Dice, round, first, k int) {
	r1 := roundKind(round)
	order, step := t.f.orders[r1][first+1], t.f.steps[r1][first+1][k]
	if t.f.plain && t.x == nil {
		t.plainStep(d, order[step[0]:step[1]], round)
		return
	}
	if t.f.several {
		t.severalStep(d, order[step[0]:step[1]], round)
		return
	}
	for j := step[0]; j < step[1]; j++ {
		t.aim(order[j], round, &t.aims[j])
	}
	for j := step[0]; j < step[1]; j++ {
		t.hitAims(d, &t.aims[j], t.pending[t.f.stride*j:t.f.stride*j+2])
	}
	t.beginStep()
	for j := step[0]; j < step[1]; j++ {
		t.killingBlowsFirst(d, &t.pending[t.f.stride*j])
	}
	for j := step[0]; j < step[1]; j++ {
		t.wound(d, &t.pending[t.f.stride*j])
		t.wound(d, &t.pending[t.f.stride*j+1])
	}
}

// killingBlowsFirst lands the Killing Blows of p, a strike's wounds at the
// rank and file, ahead of every other wound of the step, where the ruleset
// puts them first (killing_blow_order: before_other_wounds). The Old
// World's FAQ applies all the unsaved wounds that take a model's remaining
// Wounds first, then the others (tow.whfb.app faq/general-principles), and
// the blows of one step land at once: a Killing Blow of the second rank
// comes before the front rank's ordinary wounds. wound then marks p's
// other wounds only.
func (t *fightTrial) killingBlowsFirst(d *engine.Dice, p *pending) {
	if p.rules == nil || p.member > 0 || p.killing == 0 || t.f.rs.KillingBlowOrder != KBBeforeOtherWounds {
		return
	}
	ex := t.st[p.target][0].killingBlows(t.f.rs, p.killing)
	t.overflow(d, p, 0, ex)
	p.landedKB, p.killing = p.killing, 0
}

// plainStep is strikeStep for a fight in which no unit has a character,
// only perhaps a champion who strikes with his unit
// (Fight.foldsChampion), and no blow is struck at one: each strike is one
// group of attacks at each enemy unit its unit touches, and the step
// takes the short way. It rolls the same dice as the general way, in the
// same order (the exact solver, which takes the general way, is tested
// against it). A strike's blows at its unit's contact k are n[j*stride+k],
// and their wounds pending[j*stride+k].
func (t *fightTrial) plainStep(d *engine.Dice, strikes []strike, round int) {
	stride := t.f.stride
	n := t.plainN[:len(strikes)*stride]
	for j, s := range strikes {
		i := s.side
		sd := t.f.sides[i]
		g := &sd.groups[s.group]
		at := n[j*stride : j*stride+len(sd.contacts)]
		for k := range at {
			t.pending[j*stride+k].rules = nil
		}
		if t.f.several {
			t.split(i, g, round, at)
			continue
		}
		at[0], _ = t.attacks(i, g, round)
		if c := sd.champion; c > 0 && g.kind != supporters && t.st[i][c].alive > 0 && !t.outOfContact(i, c) {
			at[0] += sd.champA[g.kind] // he strikes with them
		}
	}
	// Supporting ranks roll with the rank and file they support: the
	// same blows, struck at once (Binomial(a, p) + Binomial(b, p) is
	// Binomial(a + b, p), and their wounds are marked alike; group.twin).
	for j, s := range strikes {
		if s.twin >= 0 {
			for k := range t.f.sides[s.side].contacts {
				n[s.twin*stride+k] += n[j*stride+k]
				n[j*stride+k] = 0
			}
		}
	}
	for j, s := range strikes {
		sd := t.f.sides[s.side]
		for k := range sd.contacts {
			c := &sd.contacts[k]
			if tgt := t.unitTarget(c.enemy); tgt >= 0 && n[j*stride+k] > 0 {
				g := &sd.groups[s.group]
				t.hit(d, t.variant(s.side, g, c, tgt, round), n[j*stride+k], c.enemy, tgt, &t.pending[j*stride+k])
			}
		}
	}
	t.beginStep() // a folded champion may be struck once his rank and file are slain
	for j, s := range strikes {
		for k := range t.f.sides[s.side].contacts {
			if p := &t.pending[j*stride+k]; p.rules != nil {
				t.killingBlowsFirst(d, p)
			}
		}
	}
	for j, s := range strikes {
		for k := range t.f.sides[s.side].contacts {
			if p := &t.pending[j*stride+k]; p.rules != nil {
				t.wound(d, p)
			}
		}
	}
}

// roundEnd ends round number round: Stomp, Regeneration, Overkill; it
// returns each army's combat result.
func (t *fightTrial) roundEnd(d *engine.Dice, round int) [2]int {
	f := t.f
	// Stomp, after every other blow (8th).
	if f.several {
		t.stompContacts(d)
	}
	for i, sd := range f.sides {
		if sd.stomp != nil {
			s := &t.st[i][0]
			front := max(0, min(f.unit(i).contact(), s.startAlive)-(s.startAlive-s.alive))
			if tgt := t.unitTarget(sd.enemy); tgt >= 0 { // a fight of two (Stomp is 8th's)
				var p pending
				t.hit(d, sd.stomp, front, sd.enemy, tgt, &p)
				t.beginStep()
				t.wound(d, &p)
			}
		}
	}
	// Regeneration at the end of the phase (6th, seed 000): slain Trolls
	// stand again, but did not strike. Each member rolls for its own wounds.
	for i, sd := range f.sides {
		st := t.st[i]
		for m := range sd.members {
			t.regenerate(d, &sd.members[m], &st[m])
		}
	}
	t.overkill = [2]int{}
	t.scoreOverkill()
	if f.several {
		return [2]int{t.armyResult(0, round), t.armyResult(1, round)}
	}
	return [2]int{t.combatResult(0, round), t.combatResult(1, round)} // in a fight of two units, army i is unit i
}

// stompContacts makes the Stomps of a fight of several units (8th), unit
// by unit and contact by contact: the monstrous models of the rank and
// file touching an enemy still in the fight stomp it, the round's
// casualties coming off the contact listed last first, as their blows
// did (split).
func (t *fightTrial) stompContacts(d *engine.Dice) {
	for i, sd := range t.f.sides {
		if sd.stomps == nil || t.status[i] != inFight {
			continue
		}
		var places [MaxPerArmy]int
		total := 0
		for k, c := range sd.contacts {
			if t.inCombat(c.enemy) {
				places[k] = c.models
				total += c.models
			}
		}
		s := &t.st[i][0]
		front := max(0, min(total, s.startAlive)-(s.startAlive-s.alive))
		takeFromLast(places[:len(sd.contacts)], total-front)
		for k, c := range sd.contacts {
			v := sd.stomps[k]
			if v == nil || places[k] == 0 {
				continue
			}
			if tgt := t.unitTarget(c.enemy); tgt >= 0 {
				var p pending
				t.hit(d, v, places[k], c.enemy, tgt, &p)
				t.beginStep()
				t.wound(d, &p)
			}
		}
	}
}

// regenerate rolls member mb's end-of-phase Regeneration, where it has it
// and has not lost it, and closes its phase.
func (t *fightTrial) regenerate(d *engine.Dice, mb *member, s *fighterState) {
	if mb.regenBin != nil && !s.lostRegenBattle && !s.lostRegenPhase {
		dice := s.regenDice(t.f.rs)
		var g int
		switch {
		case t.x != nil:
			x := 7 - int(mb.f.Defence.Regeneration)
			g = t.x.pick(t.xs.regen.pmf(dice, x))
		case t.f.perDie:
			g = d.Count(dice, int(mb.f.Defence.Regeneration))
		default:
			g = mb.regenBin.Sample(d, dice)
		}
		s.regenerate(g)
	}
	s.woundsLost += s.lost
}

// variant picks the stages of unit i's group g at member m of the enemy
// of its contact c this round.
func (t *fightTrial) variant(i int, g *group, c *contact, m, round int) *variant {
	tgt := c.target + m
	r1, feared, foeFeared, regen := 0, 0, 0, t.regenTarget(c.enemy, m)
	if round == 1 {
		r1 = 1
	}
	if t.st[i][0].feared && (!t.f.several || t.f.rs.Fear != FearMinusOneToHit || t.fears[i]&(1<<c.enemy) != 0) {
		feared = 1 // under The Old World, -1 to hit only the units it fears (fearContacts)
	}
	if t.st[c.enemy][0].feared {
		foeFeared = 1
	}
	if round == 1 && t.st[i][0].sixes {
		return &g.sixes[tgt][foeFeared][regen] // hits only on 6s (fear_on_charge)
	}
	return &g.v[tgt][r1][feared][foeFeared][regen]
}

// regenTarget is 1 when unit e's member m has its Regeneration save now,
// else 0.
func (t *fightTrial) regenTarget(e, m int) int {
	foe := &t.st[e][m]
	rolled := t.f.rs.Regeneration == RegenSave || t.f.rs.Regeneration == RegenAfterWound
	if t.f.sides[e].members[m].regen && rolled && !foe.lostRegenBattle && !foe.lostRegenPhase {
		return 1
	}
	return 0
}

// attacks is how many attacks unit i's rank-and-file group g makes now,
// and from how many models: the models that fight, less the casualties of
// this round so far, which come off the fighting ranks first (seed 002;
// RULES.md §2.1). Characters take places of the front rank.
func (t *fightTrial) attacks(i int, g *group, round int) (n, models int) {
	sd, me, s := t.f.sides[i], t.f.unit(i), &t.st[i][0]
	lost := s.startAlive - s.alive
	chars := t.frontCharacters(i)
	frontStart := min(max(0, me.contact()-chars), s.startAlive)
	front := max(0, frontStart-lost)
	if g.kind != supporters {
		return front * g.perModel, front
	}
	ranks := t.supportRanks(i, round)
	if sd.flanked {
		// Charged in the flank or rear: the ranks behind fight only to the
		// front (8th.whfb.app special-rules/fight-in-extra-ranks; RULES.md §2.2).
		ranks = 0
	}
	behind := s.startAlive - min(max(0, me.Frontage-chars), s.startAlive)
	contact := [1]int{me.contact()}
	start := rankBehind(behind, me.Frontage, ranks, contact[:], nil)
	models = max(0, start-max(0, lost-frontStart))
	return models * g.perModel, models
}

// hit rolls n attacks of variant v at unit target's member m, into p.
func (t *fightTrial) hit(d *engine.Dice, v *variant, n, target, m int, p *pending) {
	c := t.counts
	clear(c)
	if t.x != nil {
		t.exactHits(v, n, c)
	} else if t.f.perDie {
		for range n {
			c[v.st.rollOne(d)]++
		}
	} else {
		c[stAttack] = n
		v.flow.Run(d, c)
	}
	*p = pending{target: target, member: m, ordinary: c[stUnsaved], killing: c[stKBUnsaved], regenSaved: c[stRegenSaved], rules: &v.rules}
}

// wound marks p's unsaved wounds on its target.
func (t *fightTrial) wound(d *engine.Dice, p *pending) {
	if p.rules == nil {
		return // no blows
	}
	rs := t.f.rs
	s, mb := &t.st[p.target][p.member], &t.f.sides[p.target].members[p.member]
	flaming := p.rules.Flaming
	regenerable := mb.regenBin != nil && !flaming
	rolled := t.x != nil && p.rules.MultipleWounds.Die != 0 // the exact solver's Multiple Wounds, all rolls at once
	switch {
	case p.member > 0 && rolled:
		t.exactCharacterWounds(s, p, regenerable)
	case p.member > 0:
		t.woundCharacter(d, s, p, regenerable)
	case rolled:
		exOrd, exKB := t.exactWounds(&s.unitState, p, regenerable)
		t.overflow(d, p, exOrd, exKB)
	default:
		exOrd, exKB := applyWounds(&s.unitState, rs, d, t.x, p.ordinary, p.killing, p.rules.MultipleWounds, regenerable)
		t.overflow(d, p, exOrd, exKB)
	}
	// Wounds regenerated as they are lost still count for combat result
	// where the ruleset says (The Old World, RULES.md §4).
	if rs.RegenCounts {
		s.scored += p.regenSaved
	}
	// Flaming Attacks take away the Regeneration of the member they
	// wound, and only its (seed 000: a character loses it only when it
	// suffers a Flaming wound itself).
	if flaming && mb.regen && p.ordinary+p.killing+p.landedKB > 0 && rs.FlamingRegen != LoseRegenNever {
		if rs.FlamingRegen == LoseRegenForBattle {
			s.lostRegenBattle = true
		} else {
			s.lostRegenPhase = true
		}
	}
}

// strikesFirst returns the army that strikes first among equal strikes
// of both armies this round (-1: they strike at once), rolling off where
// the ruleset says. The round's strikes in order, and their steps, were
// worked out once per round kind when the fight was built (Fight.orders).
func (t *fightTrial) strikesFirst(d *engine.Dice, round, prevWinner int) int {
	f := t.f
	r1 := roundKind(round)
	first := -1
	if f.rs.InitiativeTies == TiePreviousWinner && f.ties[r1] {
		first = prevWinner
		if first < 0 {
			first = t.rollOff(d)
		}
	}
	return first
}

// strikeOrder works out the strikes of a round (round 1 or later), earliest
// first, with the army first striking first among equal keys of both
// armies (or -1: at once), and whether such ties exist.
func (f *Fight) strikeOrder(round, first int) (order []strike, tie bool) {
	rs := f.rs
	for i, sd := range f.sides {
		for j := range sd.groups {
			g := &sd.groups[j]
			tier := 2
			asf, asl := g.asf, g.asl
			if asf && asl || rs.StrikeFirst == StrikeFirstI10 {
				asf, asl = false, false // they cancel (RULES.md §2.3), or set Initiative (f.initiative)
			}
			switch {
			case asf:
				tier = 4
			case rs.StrikeOrder == ChargersFirst && round == 1 && sd.charging:
				tier = 3 // chargers first, great weapons too (RULES.md §3.1, §2.9.13)
			case asl:
				tier = 1
			}
			key := tier*100 + g.i
			if tier == 4 && rs.ASFAgainstASF == ASFSimultaneously {
				key = tier * 100
			}
			if rs.StrikeFirst == StrikeFirstI10 {
				key = tier*100 + f.initiative(g, i, round, sd.charging)
			}
			order = append(order, strike{side: i, group: j, key: key})
		}
	}
	tie = f.crossTie(order)
	rank := func(s strike) int {
		if first >= 0 && f.sides[s.side].army != first {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b strike) int {
		if a.key != b.key {
			return b.key - a.key
		}
		return rank(a) - rank(b)
	})
	step := 0
	for i := range order {
		if i > 0 && (order[i].key != order[i-1].key || rank(order[i]) != rank(order[i-1])) {
			step++
		}
		order[i].step = step
	}
	return order, tie
}

// initiative is g's Initiative in round under strike_first initiative_10
// (The Old World, RULES.md §4): 10 with Always Strikes First, 1 with
// Always Strikes Last (the two cancel), then in the first round a
// charger's charge_distance, up to +3 from the front or +4 from a flank or
// the rear (charge_initiative), at most 10. A fight of two units has one
// charger at most, whose facing and distance are the Combat's.
func (f *Fight) initiative(g *group, u, round int, charging bool) int {
	i := g.i
	switch {
	case g.asf && !g.asl:
		i = 10
	case g.asl && !g.asf:
		i = 1
	}
	if f.rs.ChargeInitiative && charging && round == 1 {
		most, dist := 3, f.cc.ChargeDistance
		if f.sides[u].at != Front { // the Combat's facing, but at a lone character with no flank (lone_character_facings)
			most = 4
		}
		if f.several {
			most, dist = f.chargeInitiative(u)
		}
		i += min(dist, most)
	}
	return min(i, 10)
}

// chargeInitiative is the most a charging unit u of a fight of several
// units adds to its Initiative, and its charge distance: +4 only where it
// is in an enemy's flank or rear, the flanker's alone, +3 where all its
// contacts are at fronts ("a unit that charged into the flank or rear",
// tow.whfb.app the-combat-phase/charging-units).
func (f *Fight) chargeInitiative(u int) (most, dist int) {
	most = 3
	for _, c := range f.sides[u].contacts {
		if c.at != Front {
			most = 4
		}
	}
	return most, f.unit(u).ChargeDistance
}

// crossTie reports whether strikes of both armies share a key.
func (f *Fight) crossTie(s []strike) bool {
	for i := range s {
		for j := range s {
			if f.sides[s[i].side].army != f.sides[s[j].side].army && s[i].key == s[j].key {
				return true
			}
		}
	}
	return false
}

// split is plainStep's attacks of a unit of a fight of several units:
// how many attacks group g of unit i makes now at each of its contacts'
// enemies, into n (by contact). Its models in contact with an enemy still
// fighting strike that enemy; the casualties of the round so far come off
// its fighting models from the last contact first [U]; its characters,
// a folded champion among them, take places at the front contact they
// face (character_faces), and a folded champion strikes there; supporting
// ranks strike only enemies at its front, behind the models in contact
// with them (docs/rules.md "Several units in one combat").
func (t *fightTrial) split(i int, g *group, round int, n []int) {
	clear(n)
	sd, s := t.f.sides[i], &t.st[i][0]
	if t.status[i] != inFight {
		return
	}
	var places [MaxPerArmy]int
	total, champ := 0, -1
	chars := t.frontCharacters(i)
	if k := t.faces(i); k >= 0 && sd.contacts[k].front {
		champ = k // where its characters stand (character_faces)
	}
	for k := range sd.contacts {
		c := &sd.contacts[k]
		if !t.inCombat(c.enemy) {
			continue
		}
		places[k] = c.models
		if k == champ {
			places[k] = max(0, c.models-chars) // characters take places of the front rank
		}
		total += places[k]
	}
	lost := s.startAlive - s.alive
	frontStart := min(total, s.startAlive)
	if g.kind != supporters {
		front := max(0, frontStart-lost)
		takeFromLast(places[:len(n)], total-front)
		for k := range n {
			n[k] = places[k] * g.perModel
		}
		if c := sd.champion; c > 0 && champ >= 0 && t.st[i][c].alive > 0 {
			n[champ] += sd.champA[g.kind] // he strikes with them
		}
		return
	}
	t.splitSupport(i, g, round, n, places[:len(n)], frontStart, lost)
}

// splitSupport is split for g, unit i's supporting ranks, whose front
// rank had frontStart models fighting at the start of the round, places
// by contact, and has lost lost models this round. The ranks behind stand
// rank by rank behind the models at each front contact, so that a rank
// too short for every contact (a horde's second supporting rank with one
// rank behind) is filled from the first contact on [I], never two ranks
// behind one contact while another has none; casualties beyond the front
// come off the last contact first.
func (t *fightTrial) splitSupport(i int, g *group, round int, n, places []int, frontStart, lost int) {
	sd, me, s := t.f.sides[i], t.f.unit(i), &t.st[i][0]
	ranks := t.supportRanks(i, round) // per front contact (8th supporting attacks, tow Press of Battle)
	for k, c := range sd.contacts {
		places[k] = 0 // the ranks behind fight only to the front
		if c.front && t.inCombat(c.enemy) {
			places[k] = c.models // behind every model in contact there, its characters' places included
		}
	}
	behind := s.startAlive - min(max(0, me.Frontage-t.frontCharacters(i)), s.startAlive)
	var per [MaxPerArmy]int
	start := rankBehind(behind, me.Frontage, ranks, places, per[:len(places)])
	models := max(0, start-max(0, lost-frontStart))
	takeFromLast(per[:len(places)], start-models)
	for k := range n {
		n[k] = per[k] * g.perModel
	}
}

// rankBehind is how many of behind models, standing in ranks of width
// models behind a front rank, strike from the first ranks of them: in
// each rank, those standing behind the models at the front contacts, of
// widths places, a rank too short for every contact filled from the first
// contact on [I]. A rank holds width models (the unit's frontage), so a
// short rank is never eked out by a rank further back (docs/rules.md,
// "Supporting attacks, Press of Battle"). Where per is not nil it gets
// the strikers by contact.
func rankBehind(behind, width, ranks int, places, per []int) int {
	n := 0
	for r := 0; r < ranks && behind > 0; r++ {
		inRank := min(width, behind)
		behind -= inRank
		for k, p := range places {
			d := min(p, inRank)
			inRank -= d
			n += d
			if per != nil {
				per[k] += d
			}
		}
	}
	return n
}

// supportRanks is how many ranks behind the fighting models of unit i
// strike this round: supporting attacks, one rank (a horde two), spears
// on foot one more, and Press of Battle one more but in the round it
// charged (tow.whfb.app); where they strike is the caller's.
func (t *fightTrial) supportRanks(i, round int) int {
	sd, me := t.f.sides[i], t.f.unit(i)
	ranks := 0
	if t.f.rs.SupportingAttacks {
		ranks = 1
		if me.Frontage >= 10 || me.monstrous() && me.Frontage >= 6 {
			ranks = 2 // a horde (RULES.md §2.2)
		}
	}
	if me.Weapon.extraRank(round, sd.charging, me.mounted()) {
		ranks++
	}
	if t.f.pressOfBattle(&me.Fighter) && !(round == 1 && sd.charging) {
		ranks++ // Press of Battle: two ranks deep but in the round it charged (tow.whfb.app)
	}
	return ranks
}

// takeFromLast takes n from places, the last first, down to 0.
func takeFromLast(places []int, n int) {
	for k := len(places) - 1; k >= 0 && n > 0; k-- {
		d := min(places[k], n)
		places[k] -= d
		n -= d
	}
}
