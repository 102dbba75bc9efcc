package conquest

import (
	"errors"
	"fmt"
	"slices"

	"github.com/wargamesim/sim/engine"
)

// Action is one action of a regiment's activation.
type Action uint8

const (
	ActCharge  Action = iota // its Impact attacks on the charge (the Charge's move is not simulated)
	ActClash                 // a Clash
	ActVolley                // a Volley
	ActCast                  // its Character casts his spell
	ActRally                 // a (Combat) Rally: a Broken regiment ceases to be Broken
	ActInspire               // Inspire: its next Clash this turn is Inspired
	ActTakeAim               // Take Aim: its next Volley this turn is at +1
	ActDuel                  // its Character duels the enemy's (option duels)
)

var actionNames = []string{"charge", "clash", "volley", "cast", "rally", "inspire", "take_aim", "duel"}

// attacks reports whether the action makes attacks (and is suffered).
func (a Action) attacks() bool { return a <= ActVolley }

// ActionNames lists the actions as scenarios write them.
func ActionNames() []string { return append([]string(nil), actionNames...) }

// ParseAction reads an action.
func ParseAction(s string) (Action, bool) {
	for i, n := range actionNames {
		if n == s {
			return Action(i), true
		}
	}
	return 0, false
}

func (a Action) String() string { return actionNames[a] }

// Side is one regiment of a [Combat] and what it does.
type Side struct {
	Regiment   Regiment
	FirstTurn  []Action   // its actions in the first turn
	Actions    []Action   // its actions in every later turn
	Engagement Engagement // how it attacks its target
	Army       int        // 0 or 1: whose regiment it is
	Target     int        // the index of the enemy regiment its attacks strike
}

// Combat is two to six regiments, up to three in each of two armies,
// fighting for a number of turns. Each regiment attacks its Target, and
// fights in contact (when anyone charges, clashes or duels) every enemy
// it targets or that targets it. Each turn the armies alternate their
// regiments' activations, each army's in the order of Sides (its Command
// Card stack), the first army as Activation says; a regiment whose
// target is destroyed turns on the first enemy still fighting it, from
// that enemy's front, or does nothing. An activation resolves the
// regiment's Draw Events first (a Character's Rally, heal sources such as
// Regeneration (X)), then its actions. The fight ends when an army has
// no regiment left, or the turns run out.
//
// Two Sides whose Army and Target are all 0 are one regiment against the
// other: armies 0 and 1, each the other's target.
type Combat struct {
	Sides      []Side
	Turns      int // 1 to 50
	Activation Activation
}

// MaxRegiments, MaxPerArmy and MaxTurns bound a Combat.
const (
	MaxRegiments = 6
	MaxPerArmy   = 3
	MaxTurns     = 50
)

// normalised returns cc with the armies and targets of one regiment
// against another filled in.
func (cc Combat) normalised() Combat {
	cc.Sides = slices.Clone(cc.Sides) // the fight's own, whatever the caller does with its
	s := cc.Sides
	if len(s) == 2 && s[0].Army == 0 && s[1].Army == 0 && s[0].Target == 0 && s[1].Target == 0 {
		s[0].Target, s[1].Army = 1, 1
	}
	return cc
}

// Activation is who activates first in a turn.
type Activation uint8

const (
	InOrder Activation = iota // the sides in their order, every turn
	// RollOff: the winner of each turn's Supremacy roll-off activates
	// first. Each player rolls a die, the higher score wins and ties roll
	// again; the player with fewer Command Cards may add or subtract 1,
	// which one card each never gives (conquestwiki Supremacy Phase
	// [V]). With one regiment each, the players then alternate their one
	// card: the winner's regiment, then the other.
	RollOff
)

// rollOffWins is the chance the army with fewer Command Cards wins the
// roll-off, adding 1 to its die to win where that wins (it may add or
// subtract 1): a die each, it wins on a + 1 > b (21 of 36), the two tie
// on a + 1 = b (5 of 36) and roll again, so 21 of 31.
const rollOffWins = 21.0 / 31

var activationNames = []string{"in_order", "roll_off"}

// ActivationNames lists the activation orders as scenarios write them.
func ActivationNames() []string { return append([]string(nil), activationNames...) }

// ParseActivation reads an activation order.
func ParseActivation(s string) (Activation, bool) {
	for i, n := range activationNames {
		if n == s {
			return Activation(i), true
		}
	}
	return 0, false
}

func (a Activation) String() string { return activationNames[a] }

// activationOrder returns the regiments in the order they activate when
// army first goes first: the armies' stacks, one card each in turn, the
// rest of the longer stack at the end.
func activationOrder(sides []Side, first int) []int {
	var stack [2][]int
	for i, s := range sides {
		stack[s.Army] = append(stack[s.Army], i)
	}
	var out []int
	for k := 0; k < len(stack[0]) || k < len(stack[1]); k++ {
		for _, a := range []int{first, 1 - first} {
			if k < len(stack[a]) {
				out = append(out, stack[a][k])
			}
		}
	}
	return out
}

// MaxTurnMetrics bounds the turns reported one by one
// (<id>.stands_after_turn_<k>); later turns show in the totals only.
const MaxTurnMetrics = 6

// Fight is a [Combat] as an [engine.Model]: each trial fights it turn by
// turn, with healing between, until one regiment is destroyed or the turns
// run out.
type Fight struct {
	rs         *Ruleset
	cc         Combat
	n          int // regiments
	units      []*unit
	atk        [][]*attacker // atk[i][j]: regiment i's attacks on enemy j (nil for a friend)
	sides      []fightSide
	contacts   [][]int          // the enemies each regiment fights in contact, its target first
	orders     [2][]int         // the activation order, army 0 first and army 1 first
	rollOffP   float64          // the chance army 1 wins the roll-off
	rollOffBin *engine.Binomial // one draw of it
	turnsN     int              // turns reported one by one
	melee      bool             // the regiments fight in contact
	backers    bool             // a regiment strikes hits back (Counter-Attack, Lethal Demise)
	perDie     bool
	metrics    []engine.Metric
	events     []string
}

// fightSide is what a side brings to every trial, worked out once.
type fightSide struct {
	healer      bool // it has a heal source or a spell
	rearBlocked bool // step 4 of the Healing sequence cannot place a stand
	spell       Test // one die of its Character's spell
	spellBin    *engine.Binomial
	// Metric and event indices.
	mStands, mModels, mCasualties, mWounds, mFailures, mSpent, mLost, mRestored int
	mTurnStands, mTurnWounds, mTurnSpent                                        int // first of turnsN
	mCharWounds, mCharHealed                                                    int // -1 without a Character
	eBroken, eShattered, eDestroyed, eBlocked, eCharSlain, eRallied             int
	rally, rallyAlone                                                           Test // its Rally's Resolve roll, when it needs one; with its Character slain
	rallyTest                                                                   bool
	decayBin                                                                    *engine.Binomial // its Decay dice's 5s and 6s
}

// actDecay is the step of an activation's end where Decay is rolled, and
// actAura the step at a turn's start where Aura of Death strikes: not
// actions a scenario names.
const (
	actDecay     Action = 255
	actAura      Action = 254
	actDrawRally Action = 253 // its Character's Draw Event Rally, at the activation's start
	actRollOff   Action = 252 // the turn's Supremacy roll-off, under RollOff
)

// auraIn reports whether side i's Aura of Death strikes at the start of
// turn (from 1): once the regiments are in contact, which they are from
// the start when no one charges in the first turn, and from the second
// turn when someone does (the Supremacy Phase comes before the charge).
func (f *Fight) auraIn(i, turn int) bool {
	if f.cc.Sides[i].Regiment.Rules.AuraOfDeath == 0 || !f.melee {
		return false
	}
	if turn > 1 {
		return true
	}
	for _, s := range f.cc.Sides {
		if slices.Contains(s.FirstTurn, ActCharge) {
			return false
		}
	}
	return true
}

// rallyDie is side's Rally roll in state st.
func (fs *fightSide) rallyDie(st *state) Test {
	if st.charSlain {
		return fs.rallyAlone
	}
	return fs.rally
}

// drawRally reports whether side i's Character Rallies it as a Draw Event.
func (f *Fight) drawRally(i int) bool {
	c := f.cc.Sides[i].Regiment.Character
	return c != nil && c.DrawRally
}

// target returns the regiment side i's attacks strike in state k: its
// own target while it stands, else the first enemy still fighting it in
// contact, else -1.
func (f *Fight) target(i int, k *fkey) int {
	if t := f.cc.Sides[i].Target; !k[t].destroyed {
		return t
	}
	for _, j := range f.contacts[i] {
		if !k[j].destroyed {
			return j
		}
	}
	return -1
}

// over reports whether an army of state k has no regiment left: the fight
// is then over.
func (f *Fight) over(k *fkey) bool {
	if f.n == 2 { // one regiment an army
		return k[0].destroyed || k[1].destroyed
	}
	var left [2]bool
	for i := range f.n {
		left[f.cc.Sides[i].Army] = left[f.cc.Sides[i].Army] || !k[i].destroyed
	}
	return !left[0] || !left[1]
}

// start returns every regiment's state as the fight starts.
func (f *Fight) start() fkey {
	var k fkey
	for i := range f.n {
		k[i] = f.units[i].start
	}
	return k
}

func (f *Fight) startKey() *fkey {
	k := f.start()
	return &k
}

// hitsBackAt returns the hits side i strikes back at each regiment for
// the wounds o enemy from did it (−1: no enemy, as Decay's), back of them
// its Counter-Attack's at from: its Lethal Demise's at every enemy in
// contact or at from (lethal_demise), and Counter-Attack's at from.
func (f *Fight) hitsBackAt(i, from, back int, o outcome) (n [MaxRegiments]int) {
	if from >= 0 {
		n[from] = back
	}
	l := f.lethal(i, o)
	switch {
	case l == 0:
	case f.lethalAll():
		for _, j := range f.contacts[i] {
			n[j] += l
		}
	case from >= 0:
		n[from] += l
	}
	return n
}

// lethalAll reports whether side i's Lethal Demise strikes every enemy
// in contact ("all enemy Regiments in contact", every_wound) rather than
// the one that caused the wounds ("the Enemy Regiment in contact with the
// Stand's Regiment that caused the Hits", failed_defence).
func (f *Fight) lethalAll() bool { return f.rs.LethalDemise == LethalEveryWound }

// lethal returns the hits side i's Lethal Demise strikes back for the
// wounds o did to it (option lethal_demise): "Whenever this Stand suffers
// a Wound, all enemy Regiments in contact suffer a Hit for each Wound
// inflicted" (BSData .gst [V 1.03]), whatever caused the wound; or those
// "allocated … as a result of a failed Defense Roll" (2.x [S]). Its
// Character's stand does not have the rule.
func (f *Fight) lethal(i int, o outcome) int {
	if !f.melee || !f.cc.Sides[i].Regiment.Rules.LethalDemise {
		return 0
	}
	if f.rs.LethalDemise == LethalFailedDefence {
		return o.poolWounds - o.poolChar
	}
	return o.wounds - o.charWounds
}

// decayDie is the chance a Decay die costs a wound: a 5 or a 6.
const decayDie = 2.0 / 6

// NewFight builds the model of cc under rs.
func NewFight(rs *Ruleset, cc Combat) (*Fight, error) {
	cc = cc.normalised()
	if err := cc.check(rs); err != nil {
		return nil, err
	}
	n := len(cc.Sides)
	f := &Fight{rs: rs, cc: cc, n: n, turnsN: min(cc.Turns, MaxTurnMetrics),
		units: make([]*unit, n), atk: make([][]*attacker, n), sides: make([]fightSide, n), contacts: make([][]int, n)}
	f.melee = cc.melee()
	for i := range cc.Sides {
		f.units[i] = newUnit(rs, &f.cc.Sides[i].Regiment)
		x := cc.Sides[i].Regiment.Rules
		f.backers = f.backers || x.CounterAttack || x.LethalDemise
	}
	f.orders = [2][]int{activationOrder(cc.Sides, 0), activationOrder(cc.Sides, 1)}
	f.setRollOff()
	if f.melee {
		f.setContacts()
	}
	var errs []error
	for i := range cc.Sides {
		f.setAttackers(i)
		errs = append(errs, f.actionErrors(i)...)
		f.setSide(i)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	f.metrics, f.events = f.outcomes()
	return f, nil
}

// melee reports whether the regiments of cc fight in contact: whether any
// of them ever charges, clashes or duels.
func (cc *Combat) melee() bool {
	melee := false
	for _, s := range cc.Sides {
		for _, act := range append(append([]Action(nil), s.FirstTurn...), s.Actions...) {
			melee = melee || act == ActCharge || act == ActClash || act == ActDuel
		}
	}
	return melee
}

// setRollOff sets the chance army 1 wins the turn's Supremacy roll-off,
// and its one draw: one half, or [rollOffWins] for the army with fewer
// Command Cards.
func (f *Fight) setRollOff() {
	f.rollOffP = 0.5
	if cards := f.cards(); cards[1] < cards[0] {
		f.rollOffP = rollOffWins
	} else if cards[0] < cards[1] {
		f.rollOffP = 1 - rollOffWins
	}
	f.rollOffBin = engine.NewBinomial(f.rollOffP, 1)
}

// setContacts sets the enemies each regiment fights in contact: its target
// first, then every other enemy that targets it.
func (f *Fight) setContacts() {
	for i, s := range f.cc.Sides {
		f.contacts[i] = append(f.contacts[i], s.Target)
		for j, o := range f.cc.Sides {
			if o.Target == i && j != s.Target {
				f.contacts[i] = append(f.contacts[i], j)
			}
		}
	}
}

// setAttackers sets side i's attacks on each enemy: its Engagement on its
// target, from the front on any other enemy that fights it.
func (f *Fight) setAttackers(i int) {
	me := &f.cc.Sides[i]
	f.atk[i] = make([]*attacker, f.n)
	for j := range f.cc.Sides {
		if f.cc.Sides[j].Army == me.Army {
			continue
		}
		eng := me.Engagement
		if j != me.Target {
			eng.Facing = Front // an enemy that fights it faces it
		}
		eng.Melee = f.melee
		// A regiment engaged in its flank or rear by any enemy tests
		// Morale so, whoever's attack it tests for (2.x [S]: a state
		// of the regiment, morale_flank_rear).
		f.atk[i][j] = newAttacker(f.rs, f.units[i], f.units[j], eng, f.flanked(i), f.flanked(j))
	}
}

// actionErrors returns why side i cannot take each of its actions that it
// cannot, a Duel against a target without a Character among them.
func (f *Fight) actionErrors(i int) []error {
	var errs []error
	me := &f.cc.Sides[i]
	foe := &f.cc.Sides[me.Target]
	for _, act := range append(append([]Action(nil), me.FirstTurn...), me.Actions...) {
		if err := f.canDo(i, act); err != nil {
			errs = append(errs, err)
		}
		if act == ActDuel && foe.Regiment.Character == nil {
			errs = append(errs, fmt.Errorf("%s: a Duel is between two Characters, and %s has none", me.Regiment.ID, foe.Regiment.ID))
		}
	}
	return errs
}

// setSide works out what side i brings to every trial ([fightSide]): whether
// it heals, whether its rear is blocked, its spell's and Decay's dice, and
// its Rally's Resolve roll.
func (f *Fight) setSide(i int) {
	r := &f.cc.Sides[i].Regiment
	fs := &f.sides[i]
	fs.healer = len(r.Healing) > 0 || r.Character != nil && r.Character.Spell != nil && !r.Character.Spell.damage()
	fs.rearBlocked = r.RearInContact || r.NoRoom
	for _, j := range f.contacts[i] {
		fs.rearBlocked = fs.rearBlocked || f.cc.Sides[j].Target == i && f.cc.Sides[j].Engagement.Facing == Rear
	}
	if c := r.Character; c != nil && c.Spell != nil {
		fs.spell = newTest(f.rs, c.Spell.Difficulty)
		fs.spellBin = engine.NewBinomial(fs.spell.Odds().PassP(), c.Spell.Dice)
	}
	if u := f.units[i]; u.decay > 0 {
		fs.decayBin = engine.NewBinomial(decayDie, u.s0*u.decay)
	}
	f.setRally(i)
}

// setRally sets side i's Rally roll: a Combat Rally against a Terrifying or
// Fearsome enemy in contact needs a Resolve roll (conquest.md §7 [V]).
func (f *Fight) setRally(i int) {
	r := &f.cc.Sides[i].Regiment
	fs := &f.sides[i]
	for _, j := range f.contacts[i] {
		if fr := f.cc.Sides[j].Regiment.Rules; (fr.Terrifying > 0 || fr.Fearsome) && !r.Rules.Fearless {
			u := f.units[i]
			res := u.rHigh
			if f.rs.BrokenResolve == BrokenLowest {
				res = u.rLow
			}
			fs.rally, fs.rallyAlone, fs.rallyTest = newTest(f.rs, res), newTest(f.rs, r.Profile.R), true
		}
	}
}

// check returns every problem with cc, one error each; a validated
// scenario has none.
func (cc *Combat) check(rs *Ruleset) error {
	var errs []error
	n := len(cc.Sides)
	if n < 2 || n > MaxRegiments {
		return fmt.Errorf("%d regiments; a fight has 2 to %d", n, MaxRegiments)
	}
	var per [2]int
	ids := map[string]bool{}
	for i := range cc.Sides {
		s := &cc.Sides[i]
		errs = append(errs, s.Regiment.check(rs))
		if ids[s.Regiment.ID] {
			errs = append(errs, fmt.Errorf("two regiments are %q", s.Regiment.ID))
		}
		ids[s.Regiment.ID] = true
		if s.Army != 0 && s.Army != 1 {
			errs = append(errs, fmt.Errorf("%s: army %d; give 0 or 1", s.Regiment.ID, s.Army))
			continue
		}
		per[s.Army]++
	}
	if per[0] == 0 || per[1] == 0 || per[0] > MaxPerArmy || per[1] > MaxPerArmy {
		errs = append(errs, fmt.Errorf("armies of %d and %d regiments; each has 1 to %d", per[0], per[1], MaxPerArmy))
	}
	for i := range cc.Sides {
		s := &cc.Sides[i]
		switch t := s.Target; {
		case t < 0 || t >= n:
			errs = append(errs, fmt.Errorf("%s: target %d is not a regiment of the fight", s.Regiment.ID, t))
		case cc.Sides[t].Army == s.Army:
			errs = append(errs, fmt.Errorf("%s: its target %s is a friend; give it an enemy", s.Regiment.ID, cc.Sides[t].Regiment.ID))
		case cc.Sides[t].Target == i && s.Engagement.Facing != Front && cc.Sides[t].Engagement.Facing != Front:
			if i < t {
				errs = append(errs, fmt.Errorf("%s and %s strike each other's flank or rear; one of them faces the enemy's front", s.Regiment.ID, cc.Sides[t].Regiment.ID))
			}
		}
	}
	if cc.Activation > RollOff {
		errs = append(errs, fmt.Errorf("activation %d is not an order", cc.Activation))
	}
	if cc.Turns < 1 || cc.Turns > MaxTurns {
		errs = append(errs, fmt.Errorf("turns %d is outside 1..%d", cc.Turns, MaxTurns))
	}
	return errors.Join(errs...)
}

// cards returns each army's Command Cards: one a regiment.
func (f *Fight) cards() [2]int {
	var n [2]int
	for _, s := range f.cc.Sides {
		n[s.Army]++
	}
	return n
}

// flanked reports whether an enemy strikes side i's flank or rear in
// contact: it then loses Support under support_lost_flank_rear.
func (f *Fight) flanked(i int) bool {
	for _, s := range f.cc.Sides {
		if f.melee && s.Target == i && s.Engagement.Facing != Front { // a target is always an enemy
			return true
		}
	}
	return false
}

// count is the most times side i takes action act in the fight.
func (f *Fight) count(i int, act Action) int {
	s := &f.cc.Sides[i]
	n := 0
	for _, a := range s.FirstTurn {
		if a == act {
			n++
		}
	}
	for _, a := range s.Actions {
		if a == act {
			n += f.cc.Turns - 1
		}
	}
	return n
}

// does reports whether side i ever takes action act.
func (f *Fight) does(i int, act Action) bool {
	s := &f.cc.Sides[i]
	for _, a := range append(append([]Action(nil), s.FirstTurn...), s.Actions...) {
		if a == act {
			return true
		}
	}
	return false
}

// canDo says why side i cannot take action act, or nil.
func (f *Fight) canDo(i int, act Action) error { return cannot(f.rs, f.units[i], act) }

// PerDie returns a copy of f that rolls every die: the test oracle, and
// the path that replays scripted dice.
func (f *Fight) PerDie() *Fight {
	g := *f
	g.perDie = true
	return &g
}

// attacking is the most attacking actions side i takes: its attacks and
// its damage spells.
func (f *Fight) attacking(i int) int {
	s := &f.cc.Sides[i]
	c := s.Regiment.Character
	damage := c != nil && c.Spell != nil && c.Spell.damage()
	n := 0
	count := func(acts []Action, times int) {
		for _, a := range acts {
			if a.attacks() || a == ActCast && damage {
				n += times
			}
		}
	}
	count(s.FirstTurn, 1)
	count(s.Actions, f.cc.Turns-1)
	return n
}

// woundingSteps is the most steps of the fight that may wound side i:
// every enemy's attacks (a regiment whose target falls turns on another),
// every Duel, its own Decay, each Aura of Death in contact, and the hits
// struck back within its own attacks, Aura of Death and an enemy's Decay.
func (f *Fight) woundingSteps(i int) int {
	me := &f.cc.Sides[i]
	n := 0
	for j := range f.cc.Sides {
		n += f.count(j, ActDuel)
		if f.cc.Sides[j].Army != me.Army {
			n += f.attacking(j)
		}
	}
	if f.units[i].decay > 0 {
		n += f.cc.Turns
	}
	for _, j := range f.contacts[i] {
		fr := f.cc.Sides[j].Regiment.Rules
		if fr.AuraOfDeath > 0 {
			n += f.cc.Turns
		}
		if fr.CounterAttack || fr.LethalDemise {
			n += f.attacking(i)
		}
		if fr.LethalDemise && f.units[j].decay > 0 {
			n += f.cc.Turns
		}
		if fr.LethalDemise && me.Regiment.Rules.AuraOfDeath > 0 {
			n += f.cc.Turns
		}
	}
	return n
}

// heals returns the most Heal Points side i may be given in one
// activation, and the most heals it resolves in one.
func (f *Fight) heals(i int) (points, calls int) {
	s := &f.cc.Sides[i]
	r, u := &s.Regiment, f.units[i]
	for _, h := range r.Healing {
		calls++
		if h.Kind == HealRegeneration && f.rs.Regeneration == RegenFullRestore {
			points += u.hMax + u.charW
		} else {
			points += h.Amount.Max()
		}
	}
	casts := 0
	for _, acts := range [][]Action{s.FirstTurn, s.Actions} {
		k := 0
		for _, a := range acts {
			if a == ActCast {
				k++
			}
		}
		casts = max(casts, k)
	}
	if c := r.Character; c != nil && c.Spell != nil && !c.Spell.damage() {
		points += casts * c.Spell.Dice * c.Spell.PerSuccess
		calls += casts
	}
	return points, calls
}

// outcomes names the metrics and events and records their indices.
func (f *Fight) outcomes() ([]engine.Metric, []string) {
	o := &outcomeList{metrics: []engine.Metric{{Name: "turns", Min: 0, Max: f.cc.Turns}}}
	for i := range f.cc.Sides {
		l := f.limitsOf(i)
		f.sideMetrics(o, i, l)
		f.sideEvents(o, i)
	}
	return o.metrics, o.events
}

// outcomeList gathers a model's metrics and events as they are named.
type outcomeList struct {
	metrics []engine.Metric
	events  []string
}

// add names a metric of 0 to hi and returns its index.
func (o *outcomeList) add(name string, hi int) int {
	o.metrics = append(o.metrics, engine.Metric{Name: name, Max: hi})
	return len(o.metrics) - 1
}

// perTurn names a metric of 0 to hi for each of turns 1 to n, format
// giving its name from id and the turn, and returns the first's index.
func (o *outcomeList) perTurn(format, id string, n, hi int) int {
	first := len(o.metrics)
	for k := 1; k <= n; k++ {
		o.add(fmt.Sprintf(format, id, k), hi)
	}
	return first
}

// event names an event and returns its index.
func (o *outcomeList) event(name string) int {
	o.events = append(o.events, name)
	return len(o.events) - 1
}

// limits bound what a side may suffer and be healed of over a fight: the
// ranges of its metrics.
type limits struct {
	acts     int // steps of the fight that may wound it ([Fight.woundingSteps])
	points   int // Heal Points it may be given in one activation
	healed   int // Heal Points it may be given over the fight
	restored int // models healing may return over the fight
	models   int // models it may lose at once, its Character among them where he is a casualty
	wounds   int // wounds it may take over the fight
}

// limitsOf works out side i's [limits]. A regiment takes no more wounds than
// it has and is healed, loses no more models than it has and gets back;
// and at most every enemy action takes all it has.
func (f *Fight) limitsOf(i int) limits {
	u := f.units[i]
	l := limits{acts: f.woundingSteps(i)}
	duels := 0
	for j := range f.cc.Sides {
		duels += f.count(j, ActDuel)
	}
	points, calls := f.heals(i)
	l.points = points
	l.healed = f.cc.Turns * points
	l.restored = f.cc.Turns * calls * u.s0 * u.m
	if f.rs.RestoreCost != RestoreFree {
		l.restored = min(l.restored, l.healed)
	}
	hAll, models := u.hMax, u.s0*u.m
	if (f.rs.CharacterWounds == CharLast || duels > 0) && u.charW > 0 {
		hAll, models = hAll+u.charW, models+1 // the Character's Wounds too, and he is a casualty
	}
	l.models = models
	l.wounds = l.acts * hAll
	if f.rs.RestoreCost != RestoreFree {
		// A Heal Point gives back at most one wound; a free model or
		// stand gives one back for nothing.
		l.wounds = min(l.wounds, hAll+l.healed)
	}
	return l
}

// sideMetrics names side i's metrics, of the ranges l, and records their
// indices.
func (f *Fight) sideMetrics(o *outcomeList, i int, l limits) {
	u, fs := f.units[i], &f.sides[i]
	id := u.reg.ID
	fs.mStands = o.add(id+".stands", u.s0)
	fs.mModels = -1
	if u.m > 1 {
		fs.mModels = o.add(id+".models", u.s0*u.m)
	}
	fs.mCasualties = o.add(id+".casualties", min(l.models+l.restored, l.acts*l.models))
	fs.mWounds = o.add(id+".wounds", l.wounds)
	fs.mFailures = o.add(id+".resolve_failures", l.wounds)
	fs.mSpent, fs.mLost, fs.mRestored, fs.mTurnSpent = -1, -1, -1, -1
	if fs.healer {
		fs.mSpent = o.add(id+".heal_spent", l.healed)
		fs.mLost = o.add(id+".heal_lost", l.healed)
		fs.mRestored = o.add(id+".restored", l.restored)
	}
	fs.mTurnStands = o.perTurn("%s.stands_after_turn_%d", id, f.turnsN, u.s0)
	fs.mTurnWounds = o.perTurn("%s.wounds_turn_%d", id, f.turnsN, l.wounds)
	if fs.healer {
		fs.mTurnSpent = o.perTurn("%s.heal_spent_turn_%d", id, f.turnsN, l.points)
	}
	fs.mCharWounds, fs.mCharHealed = -1, -1
	if u.charW > 0 {
		// He takes at most his Wounds and what he is healed of.
		fs.mCharWounds = o.add(id+".character.wounds", u.charW+l.healed)
		fs.mCharHealed = o.add(id+".character.healed", min(l.healed, u.charW+l.acts*u.charW))
	}
}

// sideEvents names side i's events and records their indices.
func (f *Fight) sideEvents(o *outcomeList, i int) {
	u, fs := f.units[i], &f.sides[i]
	id := u.reg.ID
	fs.eBroken = o.event(id + ".broken")
	fs.eShattered = o.event(id + ".shattered")
	fs.eDestroyed = o.event(id + ".destroyed")
	fs.eBlocked = -1
	if fs.healer {
		fs.eBlocked = o.event(id + ".heal_blocked")
	}
	fs.eCharSlain = -1
	if u.charW > 0 {
		fs.eCharSlain = o.event(id + ".character.slain")
	}
	fs.eRallied = -1
	if f.does(i, ActRally) || f.drawRally(i) {
		fs.eRallied = o.event(id + ".rallied")
	}
}

// Metrics implements [engine.Model]: the turns fought; for each regiment at
// the end, its stands (and models, when a stand holds several) left, the
// models it lost and the wounds it suffered over the fight, its failed
// Morale dice, and for a regiment that heals, the Heal Points it spent and
// lost and the models healing returned; then its stands after each of the
// first turns (up to [MaxTurnMetrics]) and the Heal Points it spent in each.
func (f *Fight) Metrics() []engine.Metric { return f.metrics }

// Events implements [engine.Model]: for each regiment, Broken, Shattered
// and destroyed at any time; for one that heals, a heal that reached step 4
// with Heal Points left and could not place the stand.
func (f *Fight) Events() []string { return f.events }

// NewTrialer implements [engine.Model].
func (f *Fight) NewTrialer() engine.Trialer { return &fightTrial{f: f} }
