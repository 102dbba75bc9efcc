package warhammer

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// The exact fight solver. A close combat is an absorbing Markov chain on
// the state between rounds: each member's models and marked wounds, its
// Regeneration lost or not, the Overkill it scored, the challenge under
// way, the last round's winner (it strikes first on ties in 6th) and
// whether the charge was made. The fight is an [engine.Chain] over those
// states whose steps are the charge and a round: the chain carries the
// probability of each state from round to round, merges equal ones, and
// works out each state's later round once, whatever the round's number. A
// round's outcomes come from the trial's own round code, run once for
// every way the round can go (chance.go): each random step of the round, a
// Fear test, the unsaved wounds of a group of attacks, a Multiple Wounds
// roll, the Regeneration dice, a break test, the pursuit, takes each of
// its outcomes in turn with its probability. A fight that ends leaves the
// chain by an exit marked with what the trial records; every metric's
// distribution and every event's probability is summed from those
// records, round by round. A fight of two against one is solved the same
// way, with each unit's status in the state (exactseveral.go).

// maxExactMembers is the most members a unit may have for the exact
// solver: the rank and file and three characters.
const maxExactMembers = 4

// maxExactRuns bounds the rounds the exact solver runs (one a way a round
// can go from a state), so that a fight too large for it gets an error
// instead of a long wait: about a second of work.
const maxExactRuns = 2_000_000

// maxExactEstimate is the largest ExactWork the solver starts on: the
// estimate bounds the states a fight could reach, most of which it never
// does, so it refuses only fights far out of reach and the run budget
// stops the rest.
const maxExactEstimate = 50 * maxExactRuns

// maxExactSlots is the most members of all the units together the exact
// solver takes: a key holds one slot each, unit after unit.
const maxExactSlots = 2 * maxExactMembers

// maxExactUnits is the most units a fight the exact solver takes may
// have: two against one.
const maxExactUnits = 3

// exactKey is a state of the chain: everything a round reads that an
// earlier round wrote, packed small so that millions fit in memory. st
// holds every unit's members, unit after unit (exactSolver.slot); unit
// each unit's status in a fight of several units with what it recorded
// (packStatus), and fears the enemy units each feared in the round so far
// (fightTrial.fears; 0 between rounds). In a fight of two units, unit and
// fears stay 0, so that its states are the ones it always had.
type exactKey struct {
	st               [maxExactSlots]xMember
	unit, fears      [maxExactUnits]uint8
	duel             [2]int8
	prevWinner       int8
	issued, accepted bool
	noCharge         bool // the charger failed its Fear test to charge
}

// xMember is a fighterState packed for a key: its Wounds on the profile
// (constant) and its wounds lost in the fight before this round (its
// wounds less those it had at the round's start) are left out, and put
// back by unpack.
type xMember struct {
	alive, carried, lost, scored, regenLost, onDamaged int16
	unsavedRegen, unsavedOnDamaged, startAlive         int16
	hpStart, inflicted, unsaved, stepHP, stepHits      int16
	overkill                                           int8
	flags                                              uint8
}

// maxExactWounds is the most wounds a member may have for the exact
// solver, so that its tallies fit an int16.
const maxExactWounds = 10000

const (
	xLostRegenBattle = 1 << iota
	xLostRegenPhase
	xFeared
	xSixes
	xRetired
	xKBSlew
)

// pack packs s, a member that rolls Regeneration at the end of the phase
// or not (regen), is in a challenge or not (duel), within a step of blows
// that land at once or between two (inStep). What only Regeneration reads,
// what only Overkill reads, and what only the rest of a step reads, is
// left out where it cannot be read, so that states that differ in it alone
// meet: a member with no Regeneration has lost what its wounds left say.
func pack(s *fighterState, regen, duel, inStep bool) xMember {
	m := xMember{
		alive: int16(s.alive), carried: int16(s.carried), scored: int16(s.scored),
		startAlive: int16(s.startAlive), hpStart: int16(s.hpStart), overkill: int8(s.overkill),
	}
	if regen {
		m.lost, m.regenLost, m.onDamaged = int16(s.lost), int16(s.regenLost), int16(s.onDamaged)
		m.unsavedRegen, m.unsavedOnDamaged = int16(s.unsavedRegen), int16(s.unsavedOnDamaged)
	}
	if duel {
		m.inflicted, m.unsaved = int16(s.inflicted), int16(s.unsaved)
	}
	if inStep && s.stepHP > 0 { // it stood when the step began
		m.stepHP, m.stepHits = int16(s.stepHP), int16(s.stepHits)
	} else if duel && s.kbSlew {
		m.stepHits = int16(s.stepHits) // the hits of the step a Killing Blow slew it in (Overkill)
	}
	for _, f := range [...]struct {
		on  bool
		bit uint8
	}{{s.lostRegenBattle, xLostRegenBattle}, {s.lostRegenPhase, xLostRegenPhase}, {s.feared, xFeared},
		{s.sixes, xSixes}, {s.retired, xRetired}, {s.kbSlew && duel, xKBSlew}} {
		if f.on {
			m.flags |= f.bit
		}
	}
	return m
}

// unpack is the fighterState m packs, of a member of w Wounds and hp0
// wounds in all that rolls Regeneration or not.
func (m xMember) unpack(s *fighterState, w, hp0 int, regen bool) {
	s.w, s.alive, s.carried, s.lost, s.scored = w, int(m.alive), int(m.carried), int(m.lost), int(m.scored)
	if !regen {
		s.lost = int(m.hpStart) - (s.alive*w - s.carried)
	}
	s.regenLost, s.onDamaged = int(m.regenLost), int(m.onDamaged)
	s.unsavedRegen, s.unsavedOnDamaged, s.startAlive = int(m.unsavedRegen), int(m.unsavedOnDamaged), int(m.startAlive)
	s.hpStart, s.inflicted, s.unsaved, s.overkill = int(m.hpStart), int(m.inflicted), int(m.unsaved), int(m.overkill)
	s.stepHP, s.stepHits = int(m.stepHP), int(m.stepHits)
	s.lostRegenBattle, s.lostRegenPhase = m.flags&xLostRegenBattle != 0, m.flags&xLostRegenPhase != 0
	s.feared, s.sixes, s.retired, s.kbSlew = m.flags&xFeared != 0, m.flags&xSixes != 0, m.flags&xRetired != 0, m.flags&xKBSlew != 0
	s.woundsLost = hp0 - s.hpStart // to the start of the round; this round's are added at its end
}

// Exact computes the distributions a run of f estimates, without sampling
// error ([engine.Solver]), or says why it cannot: a fight too large for it
// (ExactWork estimates the work before anything is solved).
func (f *Fight) Exact() (*engine.Exact, error) { return f.ExactWithin(maxExactRuns) }

// ExactWithin is Exact, giving up (too large) after runs rounds run: for a
// sweep or a matrix, which try every point and simulate those that do not
// fit.
func (f *Fight) ExactWithin(runs int) (*engine.Exact, error) {
	if err := f.exactFits(); err != nil {
		return nil, err
	}
	xs := newExactSolver(f, runs)
	c := xs.c
	d, _ := c.Start(laterKey{}) // no limit on the states: no error
	d, err := c.Advance(d, xs.charge)
	if err != nil {
		return nil, err
	}
	xs.sum(0)
	for round := 1; round <= f.cc.MaxRounds && d.Len() > 0; round++ {
		step := xs.first
		if round > 1 {
			// A later round goes as its start state and, where it
			// matters, the round's parity say (laterKey).
			if d, err = c.Advance(d, xs.parity[round%2]); err != nil {
				return nil, err
			}
			step = xs.later
		}
		if d, err = c.Advance(d, step); err != nil {
			return nil, err
		}
		xs.sum(round)
	}
	return xs.out, nil
}

// exactFits reports whether f is within the exact solver's reach: in a
// fight of several units, what severalFits allows; in every fight, at most
// maxExactMembers members a unit, maxStepStrikes strikes a step,
// maxExactWounds wounds a member, and an ExactWork of maxExactEstimate.
func (f *Fight) exactFits() error {
	if err := f.reactionsExact(); err != nil {
		return err
	}
	if f.several {
		if err := f.severalFits(); err != nil {
			return err
		}
	}
	for i, sd := range f.sides {
		if n := len(sd.members); n > maxExactMembers {
			return fmt.Errorf("exact solution: %s has %d characters; the exact solver takes at most %d a unit (use sim run)",
				f.unit(i).ID, n-1, maxExactMembers-1)
		}
		for r1 := range f.steps {
			for _, steps := range f.steps[r1] {
				for _, st := range steps {
					if st[1]-st[0] > maxStepStrikes {
						return fmt.Errorf("exact solution: %d groups of attacks strike at once, above the exact solver's %d (use sim run)", st[1]-st[0], maxStepStrikes)
					}
				}
			}
		}
		for _, mb := range sd.members {
			if hp := mb.f.Models * mb.f.Profile.W; hp > maxExactWounds {
				return fmt.Errorf("exact solution too large: %s has %d wounds, above the exact solver's %d; use sim run", mb.f.ID, hp, maxExactWounds)
			}
		}
	}
	if work := f.ExactWork(); work > maxExactEstimate {
		return fmt.Errorf("exact solution too large: up to %.2g rounds to resolve, above the exact solver's %.0g; use sim run", work, float64(maxExactEstimate))
	}
	return nil
}

// ExactWork estimates the rounds the exact solver would run for f: the
// states a round can start from (each member's wounds left, its
// Regeneration lost or not, the last round's winner), times the ways each
// stage of a round can go from one of them (the outcomes of each group's
// attacks at full strength, of the Regeneration dice, and of the tests),
// times the rounds. The stages' outcomes add up rather than multiply,
// since the solver merges equal states between stages; the estimate is
// of the order of the work, for the size check, and the solver also stops
// if it runs more than maxExactRuns.
func (f *Fight) ExactWork() float64 {
	states, ways := 3.0, 8.0 // the last round's winner; the tests
	for i, sd := range f.sides {
		for m := range sd.members {
			mf := &sd.members[m].f
			hp := float64(mf.Models*mf.Profile.W + 1)
			states *= hp
			if sd.members[m].regen {
				states *= 2
				ways += hp // the dice of a round's wounds
			}
		}
		for _, g := range sd.groups {
			n := g.perModel * f.unit(i).contact()
			if g.member > 0 {
				n = g.perModel
			}
			outcomes := 1.0
			v := &g.v[0][1][0][0][1]
			for k := range 3 {
				if v.term[k] > 0 {
					outcomes *= float64(n + 1)
				}
			}
			ways += outcomes * float64(max(1, f.maxMultipleWounds(i)))
		}
	}
	// In a fight of several units, a unit's status (fighting, fled,
	// caught, left) multiplies no state: a unit out of the fight keeps the
	// wounds it had, so its states are among those counted already.
	return states * ways * float64(f.cc.MaxRounds)
}

// maxMultipleWounds is the largest Multiple Wounds die of unit i's attacks
// (0 if none rolls one).
func (f *Fight) maxMultipleWounds(i int) int {
	mw := 0
	for _, g := range f.sides[i].groups {
		mw = max(mw, g.rules.MultipleWounds.Die)
	}
	return mw
}

// exactSolver is one exact solution in progress.
type exactSolver struct {
	f   *Fight
	t   *fightTrial
	r   engine.TrialResult
	out *engine.Exact
	// c is the fight as a chain: its steps are the charge (from the zero
	// state), the first round, a later round, and the parity a later
	// round is fought with (0 even, 1 odd).
	c                    *engine.Chain[laterKey, record]
	charge, first, later engine.Step
	parity               [2]engine.Step
	// variants are the variants aimed at in the keys; 0 is none.
	variants []*variant
	// mid and step are the states within a round, reused from one round
	// to the next.
	mid, step *engine.Ordered[midKey]
}

// newExactSolver readies the exact solution of f, running at most runs
// rounds.
func newExactSolver(f *Fight, runs int) *exactSolver {
	xs := &exactSolver{f: f, t: f.newTrial(), out: engine.NewExact(f.metrics, f.events), c: engine.NewChain[laterKey, record](),
		variants: []*variant{nil}, mid: &engine.Ordered[midKey]{}, step: &engine.Ordered[midKey]{}}
	xs.t.x = &paths{budget: min(runs, maxExactRuns)}
	xs.t.xs = exactScratch{catch: [2]float64{-1, -1}, hits: map[hitKey]*hitOutcomes{}}
	xs.r = engine.NewTrialResult(f)
	if len(f.metrics)+len(f.events) > maxRecord {
		panic(fmt.Sprintf("warhammer: %d metrics and events, above a record's %d", len(f.metrics)+len(f.events), maxRecord))
	}
	type outs = engine.Outcomes[laterKey, record]
	// emit gives each way a step went to o: its end, with what the fight
	// records, or the state it goes on from, with what the fight records
	// if it ends there (at the last round).
	emit := func(o *outs) func(float64, bool, exactKey) {
		return func(p float64, over bool, next exactKey) {
			if over {
				o.Exit(xs.record(), p)
				return
			}
			o.Add(laterKey{exactKey: next}, xs.record(), p)
		}
	}
	xs.charge = xs.c.Step(func(_ laterKey, o *outs) error { return xs.walkCharge(emit(o)) })
	xs.first = xs.c.Step(func(k laterKey, o *outs) error { return xs.walkRound(k.exactKey, 1, emit(o)) })
	xs.later = xs.c.Step(func(k laterKey, o *outs) error { return xs.walkRound(k.exactKey, 2+b2i(k.odd), emit(o)) })
	for odd := range 2 {
		xs.parity[odd] = xs.c.Step(func(k laterKey, o *outs) error {
			o.Add(xs.laterKey(k.exactKey, odd), record{}, 1)
			return nil
		})
	}
	return xs
}

// record is what a fight records, as a mark of the chain: each metric's
// value, then each event (0 or 1). A side of four members has 20 metrics
// and 22 events at the most.
type record [maxRecord]int32

const maxRecord = 48

// record is what the trial recorded.
func (xs *exactSolver) record() record {
	var r record
	for m, v := range xs.r.Values {
		r[m] = int32(v)
	}
	for e, on := range xs.r.Events {
		r[len(xs.r.Values)+e] = int32(b2i(on))
	}
	return r
}

// sum adds what the fights recorded in round number round, or in the
// charge (round 0), into the solution: the fights that ended in it, and,
// in the last round, every fight still going; the charge made (charge_made)
// and the first round's combat results from every fight that reached
// them.
func (xs *exactSolver) sum(round int) {
	f, out := xs.f, xs.out
	nm := len(f.metrics)
	crs := f.out.crMetrics()
	for r, p := range xs.c.Flows() {
		if e := f.chargeEvent; round == 0 && e >= 0 && r[nm+e] == 1 {
			out.P[e] += p
		}
		if round == 1 {
			for _, m := range crs {
				out.PMF[m][int(r[m])-f.metrics[m].Min] += p
			}
		}
	}
	ended := xs.c.Exits()
	if round == f.cc.MaxRounds {
		ended = xs.c.Flows()
	}
	for r, p := range ended {
		for m := range f.metrics {
			if round > 0 && (m == fmRounds || m == crs[0] || m == crs[1] || m == crs[2]) {
				continue // the rounds fought are round; the combat results are the first round's
			}
			out.PMF[m][int(r[m])-f.metrics[m].Min] += p
		}
		if round > 0 {
			out.PMF[fmRounds][round-f.metrics[fmRounds].Min] += p
		}
		for e := range f.events {
			if r[nm+e] == 1 && e != f.chargeEvent {
				out.P[e] += p
			}
		}
	}
}

// walk runs step once for every path through its chance, from the state
// load sets up, and reports each path's probability to done.
func (xs *exactSolver) walk(load func(), step func() bool, done func(p float64, over bool)) error {
	x := xs.t.x
	for {
		if x.runs > x.budget {
			return fmt.Errorf("exact solution too large: more than %d rounds to resolve; use sim run", x.budget)
		}
		x.start()
		load()
		xs.r.Reset()
		over := step()
		done(x.p, over)
		if !x.next() {
			return nil
		}
	}
}

// walkCharge resolves the Fear tests of the charge (fear_on_charge) and
// hands each way they go to emit: the fight over (the charged unit fled),
// with what it records, or the state the first round starts from, with
// the charge made or not.
func (xs *exactSolver) walkCharge(emit func(p float64, over bool, next exactKey)) error {
	t := xs.t
	var o fightOutcome
	return xs.walk(t.begin, func() bool {
		o = fightOutcome{prevWinner: -1, winner: -1}
		fled, got := t.charge(nil, &xs.r)
		if fled {
			c := t.f.chargedTest
			o.winner, o.broke[c], o.caught[c] = 1-c, true, got
			return true
		}
		// A flee from the charge, or for Terror, ends it (reaction.go).
		return len(t.f.reacts) > 0 && t.reactions(nil, &xs.r, &o)
	}, func(p float64, fled bool) {
		if fled {
			// No round was fought: the first round's combat results are 0,
			// as a trial records them.
			t.record(&xs.r, &o)
			emit(p, true, exactKey{})
			return
		}
		emit(p, false, xs.key(&o, false))
	})
}

// laterKey is what a round after the first depends on: its start state,
// and, where both sides may issue a challenge and none goes on, whether
// the round's number is odd or even (the side whose turn it is issues
// first).
type laterKey struct {
	exactKey
	odd bool
}

// laterKey is the key of a later round from state k, of odd number or not.
func (xs *exactSolver) laterKey(k exactKey, odd int) laterKey {
	a, b := xs.f.unit(0), xs.f.unit(1)
	both := a.Challenge.Issue != IssueNever && b.Challenge.Issue != IssueNever
	return laterKey{k, both && k.duel == [2]int8{} && odd == 1}
}

// walkRound works out every way round number round can go from the state
// k, and hands each to emit, with what the trial records in it: the fight
// over, or the state the next round starts from. The round is walked in
// stages, its start, each step of its strikes, its end, and the states
// each stage leads to are merged before the next, so that the ways a
// round can go add up rather than multiply.
func (xs *exactSolver) walkRound(k exactKey, round int, emit func(p float64, over bool, next exactKey)) error {
	t, f := xs.t, xs.f
	var o fightOutcome
	mid := xs.mid
	mid.Reset()
	first := 0
	err := xs.walk(func() { xs.load(k, &o) }, func() bool {
		first = t.roundStart(nil, round, o.prevWinner)
		return false
	}, func(p float64, _ bool) { mid.Add(xs.midKey(&o, first, 0), p) })
	if err != nil {
		return err
	}
	of := f // the fight of this state: f, or the one with no charge
	if k.noCharge {
		of = f.noCharge
	}
	steps := of.steps[roundKind(round)]
	for more := true; more; {
		next := xs.step
		next.Reset()
		more = false
		for i, m := range mid.Keys {
			pm := mid.P[i]
			if int(m.step) >= len(steps[m.first+1]) {
				next.Add(m, pm) // the strikes are over
				continue
			}
			more = true
			step := steps[m.first+1][m.step]
			err := xs.walk(func() { xs.load(m.exactKey, &o); xs.loadAims(&m, step) }, func() bool {
				xs.advance(&m, step, round)
				return false
			}, func(p float64, _ bool) { next.Add(xs.after(&o, &m, step), p*pm) })
			if err != nil {
				return err
			}
		}
		mid, xs.step = next, mid
	}
	xs.mid = mid
	for i, m := range mid.Keys {
		pm := mid.P[i]
		err := xs.walk(func() { xs.load(m.exactKey, &o) }, func() bool {
			o.rounds = round
			return t.afterRound(nil, &xs.r, round, t.roundEnd(nil, round), &o)
		}, func(p float64, over bool) {
			t.record(&xs.r, &o) // what the fight records if it ends here
			var next exactKey
			if !over {
				next = xs.key(&o, true)
			}
			emit(p*pm, over, next)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// midKey is a state of the trial within a round: in strike step step of
// the order in which first strikes first among equals, before its blows
// are aimed (strike -1) or before the blows of its strike number strike
// are rolled, aimed as aims say. A step's strikes are simultaneous, so
// they are all aimed at its start; the solver then rolls and marks them
// one strike at a time, merging states in between, which gives what
// rolling them all and then marking them all gives.
type midKey struct {
	exactKey
	first, step, strike int8
	//lint:ignore U1000 always 0, and named (not _): the key then has no padding and hashes as one block of memory
	pad  int8
	aims [maxStepStrikes][2]aimKey
}

// maxStepStrikes is the most strikes of one step the exact solver takes.
const maxStepStrikes = 8

// aimKey is an aim in a key: its variant by its index in the solver's
// list (0: none), so that the key holds no pointer and no padding.
type aimKey struct {
	v, n         int16
	side, member int8
}

// loadAims puts the aims of m, of the step whose strikes are step, where
// the trial's strikes read them.
func (xs *exactSolver) loadAims(m *midKey, step [2]int) {
	for j := range step[1] - step[0] {
		for k, a := range m.aims[j] {
			xs.t.aims[step[0]+j][k] = aim{xs.variants[a.v], int(a.n), int(a.side), int(a.member)}
		}
	}
}

// advance runs the next stage of m's step: aiming its strikes, or rolling
// and marking the blows of one of them.
func (xs *exactSolver) advance(m *midKey, step [2]int, round int) {
	t := xs.t
	order := t.f.orders[roundKind(round)][m.first+1]
	if m.strike < 0 {
		for j := step[0]; j < step[1]; j++ {
			if t.f.several {
				t.aimContacts(order[j], round, &t.aims[j])
			} else {
				t.aim(order[j], round, &t.aims[j])
			}
		}
		t.beginStep()
		return
	}
	j := step[0] + int(m.strike)
	t.hitAims(nil, &t.aims[j], t.pending[t.f.stride*j:t.f.stride*j+2])
	t.wound(nil, &t.pending[t.f.stride*j])
	t.wound(nil, &t.pending[t.f.stride*j+1])
}

// variantIndex is v's index in xs.variants, added if it is new.
func (xs *exactSolver) variantIndex(v *variant) int16 {
	for i, w := range xs.variants {
		if w == v {
			return int16(i)
		}
	}
	xs.variants = append(xs.variants, v)
	return int16(len(xs.variants) - 1)
}

// after is the key of the state advance left, from m.
func (xs *exactSolver) after(o *fightOutcome, m *midKey, step [2]int) midKey {
	more := m.strike < 0 || int(m.strike)+1 < step[1]-step[0] // the step goes on
	n := midKey{exactKey: xs.state(o, false, false, more), first: m.first, step: m.step, strike: -1}
	switch {
	case m.strike < 0: // aimed: keep the aims
		n.strike = 0
		for j := range step[1] - step[0] {
			for k, a := range xs.t.aims[step[0]+j] {
				n.aims[j][k] = aimKey{xs.variantIndex(a.v), int16(a.n), int8(a.side), int8(a.member)}
			}
		}
	case int(m.strike)+1 < step[1]-step[0]: // the next strike, with the aims not yet rolled
		n.strike = m.strike + 1
		n.aims = m.aims
		n.aims[m.strike] = [2]aimKey{}
	default: // the step is over
		n.step++
		n.strike = -1
	}
	return n
}

// midKey is the trial's state within a round, as it is, between two
// steps of its strikes.
func (xs *exactSolver) midKey(o *fightOutcome, first, step int) midKey {
	return midKey{exactKey: xs.state(o, false, false, false), first: int8(first), step: int8(step), strike: -1}
}

// key is the trial's state as a state of the chain, with what only one
// round uses cleared so that equal states meet: the phase's tallies, and
// after the first round the failed Fear test of the charge.
func (xs *exactSolver) key(o *fightOutcome, afterRound bool) exactKey {
	return xs.state(o, true, afterRound, false)
}

// state packs the trial's state: as it is, or (roundStart) each member's
// as the next round starts it, with its failed Fear test of the charge
// cleared afterRound; inStep within a step of blows that land at once.
func (xs *exactSolver) state(o *fightOutcome, roundStart, afterRound, inStep bool) exactKey {
	t := xs.t
	k := exactKey{prevWinner: int8(o.prevWinner), issued: t.issued, accepted: t.accepted, noCharge: t.f != t.base}
	k.duel = [2]int8{int8(t.duel[0]), int8(t.duel[1])}
	slot := 0
	for i := range t.st {
		for m := range t.st[i] {
			s := t.st[i][m]
			if roundStart {
				s.startRound()
				s.sixes = s.sixes && !afterRound
			}
			k.st[slot] = xs.pack(i, m, &s, inStep)
			slot++
		}
	}
	if t.f.several {
		for u := range t.st {
			k.unit[u] = packStatus(t.status[u], o, u)
			if !roundStart {
				k.fears[u] = uint8(t.fears[u])
			}
		}
	}
	return k
}

// pack packs the state s of unit i's member m.
func (xs *exactSolver) pack(i, m int, s *fighterState, inStep bool) xMember {
	return pack(s, xs.f.sides[i].members[m].regenBin != nil, xs.t.inDuel(i, m), inStep)
}

// inDuel reports whether unit i's member m fights a challenge: his army's
// duel is his, in his unit (duel and duelU are by army; in a fight of two
// units army i is unit i).
func (t *fightTrial) inDuel(i, m int) bool {
	a := t.f.sides[i].army
	return m > 0 && t.duelU[a] == i && t.duel[a] == m
}

// load sets the trial to the state k, at the start of a round.
func (xs *exactSolver) load(k exactKey, o *fightOutcome) { *o = xs.t.loadKey(k) }

// loadKey sets t to the state k, at the start of a round, and returns
// where the fight stands.
func (t *fightTrial) loadKey(k exactKey) fightOutcome {
	t.f = t.base
	if k.noCharge {
		t.f = t.base.noCharge
	}
	t.issued, t.accepted = k.issued, k.accepted
	t.duel = [2]int{int(k.duel[0]), int(k.duel[1])}
	slot := 0
	for i := range t.st {
		for m := range t.st[i] {
			mb := &t.f.sides[i].members[m]
			k.st[slot].unpack(&t.st[i][m], mb.f.Profile.W, mb.f.Models*mb.f.Profile.W, mb.regenBin != nil)
			slot++
		}
	}
	o := fightOutcome{prevWinner: int(k.prevWinner), winner: -1}
	if t.f.several {
		for u := range t.st {
			t.status[u] = unpackStatus(k.unit[u], &o, u)
			t.fears[u] = uint16(k.fears[u])
		}
	}
	return o
}
