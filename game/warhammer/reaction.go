package warhammer

import (
	"errors"
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// Charge reactions (issue 30, step 7; docs/rules.md "Charge reactions"): a
// unit charged this turn holds, stands and shoots, or flees, before the
// first round. sim places no models, so the charger's distance
// (Engaged.ChargeDistance) stands for the measured one.
//
//   - Hold: no dice.
//   - Stand and shoot: the unit's missile weapon (Engaged.Shoot) at the
//     charger's rank and file, at -1 to hit "for shooting at a charging
//     target" and -1 more at long range where stand_and_shoot_long_range
//     and the weapon's range say, as one volley before the first round.
//     Its casualties come off the charger before it strikes and count for
//     no combat result. Where the charger is too close
//     (stand_and_shoot_range) the unit holds instead, as a player must.
//     Under stand_and_shoot_panic a charger that lost a quarter of its
//     models tests Panic and, failing, flees: the charge is halted.
//   - Flee: a flee roll F (flee_reaction_roll); the charger reaches the
//     unit when its reach (charge_reach) is at least the distance plus F
//     (flee_reaction_caught), and the unit is destroyed; else it escaped.

// Reaction is how a charged unit answers the charge.
type Reaction uint8

const (
	Hold          Reaction = iota // no dice: it receives the charge
	StandAndShoot                 // it shoots the charger before the first round
	FleeReaction                  // it flees from the charge
)

// ReactionNames are the reactions' names in scenarios, by Reaction.
var ReactionNames = [...]string{Hold: "hold", StandAndShoot: "stand_and_shoot", FleeReaction: "flee"}

// String is r's name in scenarios.
func (r Reaction) String() string {
	if int(r) < len(ReactionNames) {
		return ReactionNames[r]
	}
	return fmt.Sprintf("Reaction(%d)", r)
}

// reactor is a charged unit that stands and shoots or flees, worked out
// once a fight.
type reactor struct {
	// unit reacts; charger is the charger it answers, the first it may
	// shoot at (or the first listed), and chargers every charging enemy
	// touching it, in unit order (reaction_several.go).
	unit, charger int
	chargers      []int
	reaction      Reaction
	terror        bool // it tests Terror first, and failing flees (terror_on_charge)
	// shots are stand and shoot's stages at each charger far enough to be
	// shot at, in the order stand_and_shoot_target prefers them: it
	// shoots at the first that still charges; none, it holds.
	shots []shot
	// reach is P(charge reach - flee roll = k + off) at index k, and need
	// the value of it that catches the unit: caught when reach - flee >=
	// need. With several chargers, catchers are each one's reach instead.
	reach    []float64
	off      int
	need     int
	catchers []catcher
	flee     []float64 // several chargers: the flee roll, P(roll = v) at v
	from     []int     // flee_several_caught fled_from: the catchers of highest Unit Strength
	// outputs: its stand and shoot's casualties (metric), whether it fled,
	// was caught, made the charger panic (events); -1 where none.
	casualties, fled, caught, panicked int
}

// shot is a stand and shoot at charger: its stages at the charger's
// rank and file, with n shots.
type shot struct {
	charger int
	v       *variant
	n       int
}

// chargedBy returns the charging enemy unit of unit i (-1: none) and how
// many charging enemies touch it.
func (cc *Combat) chargedBy(i int) (charger, n int) {
	cs := cc.chargersOf(i)
	if len(cs) == 0 {
		return -1, 0
	}
	return cs[0], len(cs)
}

// checkReactions checks each unit's reaction: only a charged unit not
// already fighting another enemy reacts, one that stands and shoots has
// shots, and one that flees (or may, for Terror) and its chargers have a
// Movement.
func (cc *Combat) checkReactions(rs *Ruleset) error {
	var errs []error
	for i := range cc.Units {
		u := &cc.Units[i]
		ch, _ := cc.chargedBy(i)
		if u.Reaction == Hold && !cc.terrified(rs, i, ch) {
			continue
		}
		switch {
		case u.Reaction > FleeReaction:
			errs = append(errs, fmt.Errorf("%s: reaction %d is not hold, stand_and_shoot or flee", u.ID, u.Reaction))
		case ch < 0:
			errs = append(errs, fmt.Errorf("%s: a reaction answers a charge, and no enemy unit charged it; hold", u.ID))
		case u.Reaction != Hold && cc.engagedBefore(i):
			errs = append(errs, fmt.Errorf("%s: in contact with an enemy that did not charge it, it is already engaged and must hold; reaction: hold", u.ID))
		case u.Reaction == StandAndShoot && (u.Shoot.Count < 1 || u.Shoot.Skill < 1 || u.Shoot.S < 1):
			errs = append(errs, fmt.Errorf("%s: stands and shoots with %d shots of BS %d, Strength %d; give it a missile weapon, or hold", u.ID, u.Shoot.Count, u.Shoot.Skill, u.Shoot.S))
		case u.Reaction == FleeReaction && u.Profile.M < 1:
			errs = append(errs, fmt.Errorf("%s: flees with Movement %d; give it a Movement, or hold", u.ID, u.Profile.M))
		}
		slow := cc.slowCharger(i)
		if slow >= 0 && u.Reaction == FleeReaction {
			errs = append(errs, fmt.Errorf("%s: charges with Movement %d; give it a Movement", cc.Units[slow].ID, cc.Units[slow].Profile.M))
		}
		if ch >= 0 && cc.terrified(rs, i, ch) && (u.Profile.M < 1 || slow >= 0) {
			errs = append(errs, fmt.Errorf("%s: takes a Terror test when %s charges it (terror_on_charge) and may flee, which needs both units' Movement; give them one, or set terror_on_charge no", u.ID, cc.Units[max(ch, slow)].ID))
		}
	}
	return errors.Join(errs...)
}

// reactors works out f's reacting units, in unit order, and their outputs'
// indices (metric and event, made with the outcomes' own helpers).
func (f *Fight) reactors(metric func(string, int, int) int, event func(string) int) {
	for i := range f.cc.Units {
		u := f.unit(i)
		cs := f.cc.chargersOf(i)
		if len(cs) == 0 {
			continue
		}
		terror := f.terrified(i, cs[0])
		if u.Reaction == Hold && !terror {
			continue
		}
		r := reactor{unit: i, charger: cs[0], chargers: cs, reaction: u.Reaction, terror: terror, casualties: -1, fled: -1, caught: -1, panicked: -1}
		if terror || u.Reaction == FleeReaction {
			r.fled, r.caught = event(u.ID+".reaction.fled"), event(u.ID+".reaction.caught")
			f.fleeFrom(&r)
		}
		if u.Reaction == StandAndShoot {
			f.standAndShootAt(&r)
			most := 0
			for _, c := range cs {
				most = max(most, f.unit(c).Models)
			}
			r.casualties = metric(u.ID+".reaction.casualties", 0, most)
			if f.rs.StandShootPanic {
				r.panicked = event(u.ID + ".reaction.panicked")
			}
		}
		f.reacts = append(f.reacts, r)
	}
}

// mayStandAndShoot reports whether unit i may stand and shoot at charger
// ch: under half_charge, the charger more than half its charge move (twice
// its Movement) away, so beyond its Movement; under charger_move, not
// nearer than its Movement.
func (f *Fight) mayStandAndShoot(i, ch int) bool {
	c := f.unit(ch)
	if f.rs.StandShootRange == ShootBeyondHalfCharge {
		return c.ChargeDistance > c.Profile.M
	}
	return c.ChargeDistance >= c.Profile.M
}

// shootVariant is unit i's stand and shoot at charger ch's rank and file,
// and its shots: each rank-and-file model of its first shooting_ranks
// ranks fires its shots (Engaged.Shoot.Count a model), at -1 to hit for a charging target, -1 more at long range
// (beyond half the weapon's range) where stand_and_shoot_long_range says.
func (f *Fight) shootVariant(i, ch int) (*variant, int) {
	u := f.unit(i)
	a := u.Shoot
	a.Phase, a.Round = Shooting, 1
	a.Count *= min(u.rankAndFile(), f.rs.ShootingRanks*max(1, u.Frontage))
	a.ToHitMod--
	if rng := u.ShootRange; f.rs.StandShootLongRange && rng > 0 && 2*f.unit(ch).ChargeDistance > rng {
		a.ToHitMod--
	}
	foe := f.memberFighter(ch, 0)
	return f.variant(a, foe.target(), a.Count), a.Count
}

// reachLessFlee is the distribution of the charger ch's reach (charge_reach)
// less unit i's flee roll (flee_reaction_roll), P(value = k + off) at k.
func (f *Fight) reachLessFlee(i, ch int) ([]float64, int) {
	m := f.unit(ch).Profile.M
	reach := map[int]float64{}
	switch f.rs.ChargeReach {
	case ReachDoubleMove:
		reach[2*m] = 1
	case ReachMovePlus2D6:
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				reach[m+a+b] += 1.0 / 36
			}
		}
	default:
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				reach[m+max(a, b)] += 1.0 / 36
			}
		}
	}
	flee := f.fleeReactionDist(i)
	lo, hi := 1<<30, -(1 << 30)
	for r := range reach {
		lo, hi = min(lo, r-len(flee)+1), max(hi, r)
	}
	dist := make([]float64, hi-lo+1)
	for r := lo + len(flee) - 1; r <= hi; r++ { // in order: the sums are the same floats every run
		q, ok := reach[r]
		if !ok {
			continue
		}
		for v, p := range flee {
			if p > 0 {
				dist[r-v-lo] += q * p
			}
		}
	}
	return dist, lo
}

// terrified reports whether unit i, charged by ch, takes The Old World's
// Terror test on the charge (terror_on_charge; tow.whfb.app
// special-rules/terror): ch causes Terror; "Models that cause Terror are
// immune to Terror"; Unbreakable units are Immune to Psychology; and "a
// unit that cannot flee", already engaged with another enemy, takes none.
func (f *Fight) terrified(i, ch int) bool { return f.cc.terrified(f.rs, i, ch) }

func (cc *Combat) terrified(rs *Ruleset, i, ch int) bool {
	if !rs.TerrorOnCharge || ch < 0 {
		return false
	}
	u := &cc.Units[i]
	return len(cc.terrorCausers(i)) > 0 && !u.CausesTerror && !u.Unbreakable && !cc.engagedBefore(i)
}

// engagedBefore reports whether unit i touches an enemy that did not
// charge: it was already fighting when the charge came.
func (cc *Combat) engagedBefore(i int) bool {
	for _, c := range cc.Units[i].Contacts {
		if c.Enemy >= 0 && c.Enemy < len(cc.Units) && !cc.Units[c.Enemy].Charged {
			return true
		}
	}
	return false
}

// fleeReactionDist is unit i's flee roll from a charge, P(roll = v) at
// v: under by_movement 2D6, or 3D6 for a Movement above 6; under
// flee_roll, as the unit flees from a lost combat (fleeDist).
func (f *Fight) fleeReactionDist(i int) []float64 {
	if f.rs.FleeReactionRoll == FleeRollAsBreak {
		t := fightTrial{f: f}
		return t.fleeDist(i)
	}
	dice := 2
	if f.unit(i).Profile.M > 6 {
		dice = 3
	}
	dist := []float64{1}
	for range dice {
		next := make([]float64, len(dist)+6)
		for v, p := range dist {
			for k := 1; k <= 6; k++ {
				next[v+k] += p / 6
			}
		}
		dist = next
	}
	return dist
}

// CaughtChance is the chance that the charge reaches a unit of f that
// flees from it, for tests; -1 when no unit of f flees.
func (f *Fight) CaughtChance() float64 {
	for _, r := range f.reacts {
		if r.reaction == FleeReaction {
			return r.caughtChance()
		}
	}
	return -1
}

// caughtChance is the chance that r's charger reaches it (with several
// chargers, that one of them may: reaction_several.go).
func (r *reactor) caughtChance() float64 {
	if len(r.chargers) > 1 {
		return r.caughtBySeveralChance()
	}
	p := 0.0
	for k, q := range r.reach {
		if k+r.off >= r.need {
			p += q
		}
	}
	return p
}

// rollReach rolls the charger's reach less the fleeing unit's roll.
func (t *fightTrial) rollReach(d *engine.Dice, r *reactor) int {
	reach := t.rollReachOf(d, r.charger)
	return reach - t.rollFlee(d, r.unit)
}

// rollReachOf rolls charger ch's reach (charge_reach).
func (t *fightTrial) rollReachOf(d *engine.Dice, ch int) int {
	m := t.f.unit(ch).Profile.M
	switch t.f.rs.ChargeReach {
	case ReachDoubleMove:
		return 2 * m
	case ReachMovePlus2D6:
		return m + d.Roll2D6()
	default:
		return m + max(d.D6(), d.D6())
	}
}

// rollFlee rolls unit i's flee from a charge (flee_reaction_roll).
func (t *fightTrial) rollFlee(d *engine.Dice, i int) int {
	if t.f.rs.FleeReactionRoll == FleeRollAsBreak {
		return t.fleeRoll(d, i)
	}
	flee := d.Roll2D6()
	if t.f.unit(i).Profile.M > 6 {
		flee += d.D6()
	}
	return flee
}

// reactions fights the reactions of f's charged units before the first
// round, in unit order. In a fight of two units it reports whether the
// fight is over: the unit fled (caught or not), or the charger panicked.
func (t *fightTrial) reactions(d *engine.Dice, r *engine.TrialResult, o *fightOutcome) (over bool) {
	f := t.f
	for k := range f.reacts {
		re := &f.reacts[k]
		if !t.inCombat(re.unit) || !t.charging(re) {
			continue // it fled for Fear, or its chargers did not charge (charge.go)
		}
		if re.terror && !t.terrorTests(d, re) {
			t.fleeCharge(d, r, re, o) // Terror: it "must Flee", whatever it declared
			over = true
			continue
		}
		switch re.reaction {
		case StandAndShoot:
			over = t.standAndShoot(d, r, re, o) || over
		case FleeReaction:
			t.fleeCharge(d, r, re, o)
			over = true
		}
	}
	if !f.several {
		return over
	}
	// A charger whose every charged unit fled failed its charge, and a
	// unit whose charger fled or fell is no longer fighting: each leaves,
	// touching no enemy still in the fight.
	t.leaveWithoutFoes()
	return t.overAtCharge(o)
}

// overAtCharge reports whether a fight of several units is over before
// its first round, no two enemy units touching, and if so sets its
// winner: the army one of whose units was not beaten, where every unit
// of the other was (pursuit.go, beaten).
func (t *fightTrial) overAtCharge(o *fightOutcome) bool {
	if t.anyEngaged() {
		return false
	}
	switch b0, b1 := t.beaten(0, o), t.beaten(1, o); {
	case b1 && !b0:
		o.winner = 0
	case b0 && !b1:
		o.winner = 1
	}
	return true
}

// standAndShoot fights re's stand and shoot, and the charger's Panic test
// after it; it reports whether the charger fled (or, in a fight of two,
// fell to the last model).
func (t *fightTrial) standAndShoot(d *engine.Dice, r *engine.TrialResult, re *reactor, o *fightOutcome) bool {
	r.Values[re.casualties] = 0
	if re.panicked >= 0 {
		r.Events[re.panicked] = false
	}
	sh := t.shotAt(re)
	if sh == nil {
		return false
	}
	ch := sh.charger
	s := &t.st[ch][0]
	before := s.alive
	var p pending
	t.hit(d, sh.v, sh.n, ch, 0, &p)
	t.beginStep()
	t.wound(d, &p)
	t.regenerate(d, &t.f.sides[ch].members[0], s)
	s.startPhase()
	lost := before - s.alive
	r.Values[re.casualties] = lost
	if !t.f.several && !t.standing(ch) {
		o.winner = t.f.sides[re.unit].army // shot down to the last model
		return true
	}
	if !t.f.rs.StandShootPanic || 4*lost < t.f.unit(ch).Models || s.alive == 0 || t.f.unit(ch).Unbreakable {
		return false
	}
	if t.fearTest(d, ch) {
		return false // a psychology test, re-rolled as battle_standard_reroll_fear says (pursuit.go, panics)
	}
	r.Events[re.panicked] = true
	o.panicked[ch], o.broke[ch] = true, true
	t.status[ch] = fled
	if !t.f.several {
		o.winner = t.f.sides[re.unit].army
	}
	return true
}

// fleeCharge fights re's flee: caught, the unit is destroyed (caught and
// destroyed, as a unit run down after a lost combat); else it escaped.
func (t *fightTrial) fleeCharge(d *engine.Dice, r *engine.TrialResult, re *reactor, o *fightOutcome) {
	var caught bool
	switch {
	case t.x != nil:
		caught = t.x.pass(re.caughtChance())
	case len(re.chargers) > 1:
		caught = t.caughtBySeveral(d, re)
	default:
		caught = t.rollReach(d, re) >= re.need
	}
	r.Events[re.fled], r.Events[re.caught] = !caught, caught
	if caught {
		// Destroyed as a unit caught fleeing after a lost combat is: its
		// casualties and wounds stay those it took in the fight.
		o.caught[re.unit] = true
		t.status[re.unit] = caughtFleeing
	} else {
		t.status[re.unit] = fled
	}
	if !t.f.several && caught {
		o.winner = t.f.sides[re.charger].army
	}
}

// anyEngaged reports whether two enemy units still fight each other.
func (t *fightTrial) anyEngaged() bool {
	for u := range t.f.sides {
		if t.inCombat(u) && t.engaged(u) {
			return true
		}
	}
	return false
}

// reactionsExact refuses the exact solver, and so the round tables, a
// fight in which a unit stands and shoots: its casualties would have to
// travel with the state of the first round. A flee, for Terror or not,
// ends a fight of two units, so the solver walks it (walkCharge).
func (f *Fight) reactionsExact() error {
	for _, r := range f.reacts {
		if r.reaction == StandAndShoot {
			return errors.New("exact solution: a unit stands and shoots at the charger, which the exact solver does not take yet (use sim run)")
		}
	}
	return nil
}

// reactionText says how unit i answers the charge, with its chance where
// it has one, or "" when it holds with no test: its stand and shoot's
// shots and rolls, or the chance that a flee is reached, after a Terror
// test where it takes one.
func (f *Fight) reactionText(i int) string {
	for k := range f.reacts {
		r := &f.reacts[k]
		if r.unit != i {
			continue
		}
		ch := f.unit(r.charger)
		var l string
		switch {
		case r.reaction == StandAndShoot && len(r.shots) == 0:
			l = fmt.Sprintf("stands and shoots: %s is too close (%d\", Movement %d, stand_and_shoot_range), so it holds", ch.ID, ch.ChargeDistance, ch.Profile.M)
		case r.reaction == StandAndShoot:
			sh := &r.shots[0]
			ch = f.unit(sh.charger)
			st := sh.v.st
			l = fmt.Sprintf("stands and shoots at %s: %d shots, hit %s, wound %s (S%d against T%d), %s",
				ch.ID, sh.n, hitText(st), testText(st.wound), st.strength, ch.Profile.T, foeSave(ch.ID, ch.Defence.Armour, st))
			if len(r.chargers) > 1 {
				l += " (stand_and_shoot_target); it holds against the other chargers"
			}
		case r.reaction == FleeReaction:
			l = fmt.Sprintf("flees from the charge of %s: reached %s (charge_reach, flee_reaction_roll%s)", f.chargersText(r), percent(r.caughtChance()), severalNote(r, ", flee_several_caught"))
		}
		if r.terror {
			t := fmt.Sprintf("Terror test when %s: Ld %d; failing, flees, reached %s (terror_on_charge%s)", f.terrorText(r), f.unit(i).Profile.Ld, percent(r.caughtChance()), severalNote(r, ", terror_several_chargers, flee_several_caught"))
			if l == "" {
				return t
			}
			return t + "; then " + l
		}
		return l
	}
	return ""
}

// percent is p as a percentage with one decimal.
func percent(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }
