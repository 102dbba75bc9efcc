package warhammer

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// The exact fight solver. A close combat is an absorbing Markov chain on
// the state between rounds: each member's models and marked wounds, its
// Regeneration lost or not, the Overkill it scored, the challenge under
// way, the last round's winner (it strikes first on ties in 6th) and
// whether the charge was made. The solver carries the probability of each
// state from round to round. A round's transitions come from the trial's
// own round code, run once for every way the round can go (chance.go):
// each random step of the round, a Fear test, the unsaved wounds of a group
// of attacks, a Multiple Wounds roll, the Regeneration dice, a break test,
// the pursuit, takes each of its outcomes in turn with its probability.
// Every metric's distribution and every event's probability is summed
// from the fights that end, round by round.

// maxExactMembers is the most members a side may have for the exact
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

// exactKey is a state of the chain: everything a round reads that an
// earlier round wrote, packed small so that millions fit in memory.
type exactKey struct {
	st               [2][maxExactMembers]xMember
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
	dist, err := xs.charge()
	if err != nil {
		return nil, err
	}

	for round := 1; round <= f.cc.MaxRounds && len(dist.keys) > 0; round++ {
		if dist, err = xs.round(dist, round); err != nil {
			return nil, err
		}
	}
	return xs.out, nil
}

// exactFits reports whether f is within the exact solver's reach.
func (f *Fight) exactFits() error {
	for i, sd := range f.sides {
		if n := len(sd.members); n > maxExactMembers {
			return fmt.Errorf("exact solution: %s has %d characters; the exact solver takes at most %d a unit (use sim run)",
				f.cc.Sides[i].ID, n-1, maxExactMembers-1)
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
			n := g.perModel * f.cc.Sides[i].contact()
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
	return states * ways * float64(f.cc.MaxRounds)
}

// maxMultipleWounds is the largest Multiple Wounds die of side i's attacks
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
	f     *Fight
	t     *fightTrial
	r     engine.TrialResult
	out   *engine.Exact
	later map[laterKey]*transition // the transitions of rounds after the first, by start state
	keep  *tableBuilder            // where the outcomes go one by one, when building tables
	// variants are the variants aimed at in the keys; 0 is none.
	variants []*variant
	// mid and step are the states within a round, reused from one
	// transition to the next.
	mid, step *ordered[midKey]
}

// newExactSolver readies the exact solution of f, running at most runs
// rounds.
func newExactSolver(f *Fight, runs int) *exactSolver {
	xs := &exactSolver{f: f, t: f.newTrial(), out: engine.NewExact(f.metrics, f.events), later: map[laterKey]*transition{},
		variants: []*variant{nil}, mid: newOrdered[midKey](), step: newOrdered[midKey]()}
	xs.t.x = &paths{budget: min(runs, maxExactRuns)}
	xs.t.xs = exactScratch{catch: [2]float64{-1, -1}, hits: map[hitKey]*hitOutcomes{}}
	xs.r = engine.NewTrialResult(f)
	return xs
}

// ordered is a map of probabilities that keeps its keys in the order they
// came, so that the solver sums in the same order every time it runs and
// gives the same floats.
type ordered[K comparable] struct {
	at   map[K]int
	keys []K
	p    []float64
}

func newOrdered[K comparable]() *ordered[K] { return &ordered[K]{at: map[K]int{}} }

func (o *ordered[K]) add(k K, p float64) {
	i, ok := o.at[k]
	if !ok {
		i = len(o.keys)
		o.at[k] = i
		o.keys = append(o.keys, k)
		o.p = append(o.p, 0)
	}
	o.p[i] += p
}

// reset empties o, keeping its memory.
func (o *ordered[K]) reset() {
	clear(o.at)
	o.keys, o.p = o.keys[:0], o.p[:0]
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

// charge resolves the Fear tests of the charge (fear_on_charge) and
// returns the states the first round starts from.
func (xs *exactSolver) charge() (*ordered[exactKey], error) {
	t, f := xs.t, xs.f
	dist := newOrdered[exactKey]()
	var o fightOutcome
	err := xs.walk(t.begin, func() bool {
		o = fightOutcome{prevWinner: -1, winner: -1}
		fled, got := t.charge(nil, &xs.r)
		if fled {
			c := t.f.chargedTest
			o.winner, o.broke[c], o.caught[c] = 1-c, true, got
		}
		return fled
	}, func(p float64, fled bool) {
		if e := f.chargeEvent; e >= 0 && xs.r.Events[e] {
			xs.out.P[e] += p
		}
		if fled {
			// No round was fought: the first round's combat results are 0,
			// as a trial records them.
			t.record(&xs.r, &o)
			if xs.keep != nil {
				xs.keep.note(p, true, exactKey{}, &xs.r)
			}
			for m, v := range xs.r.Values {
				xs.out.PMF[m][v-f.metrics[m].Min] += p
			}
			for e, on := range xs.r.Events {
				if on && e != f.chargeEvent {
					xs.out.P[e] += p
				}
			}
			return
		}
		k := xs.key(&o, false)
		if xs.keep != nil {
			xs.keep.note(p, false, k, &xs.r)
		}
		dist.add(k, p)
	})
	return dist, err
}

// round fights round number round from each state of dist, and returns the
// states the next round starts from; the fights that end are summed into
// the solution. From the second round on, a state's round goes the same
// whatever the round's number, so its transition is worked out once and
// kept.
func (xs *exactSolver) round(dist *ordered[exactKey], round int) (*ordered[exactKey], error) {
	last := round == xs.f.cc.MaxRounds
	next := newOrdered[exactKey]()
	for i, k := range dist.keys {
		pk := dist.p[i]
		lk := xs.laterKey(k, round)
		tr, ok := xs.later[lk]
		if !ok || round == 1 {
			var err error
			if tr, err = xs.transition(k, round); err != nil {
				return nil, err
			}
			if round > 1 {
				xs.later[lk] = tr
			}
		}
		if round == 1 {
			for _, m := range []int{fmCR0, fmCR1, fmCRDiff} {
				for v, q := range tr.all.pmf[m] {
					xs.out.PMF[m][v] += pk * q
				}
			}
		}
		xs.sum(pk, round, &tr.ends)
		if last {
			xs.sum(pk, round, &tr.stops)
			continue
		}
		for j, nk := range tr.next.keys {
			next.add(nk, pk*tr.next.p[j])
		}
	}
	return next, nil
}

// laterKey is what a round after the first depends on: its start state,
// and, where both sides may issue a challenge and none goes on, whether
// the round's number is odd or even (the side whose turn it is issues
// first).
type laterKey struct {
	exactKey
	odd bool
}

func (xs *exactSolver) laterKey(k exactKey, round int) laterKey {
	s := &xs.f.cc.Sides
	both := s[0].Challenge.Issue != IssueNever && s[1].Challenge.Issue != IssueNever
	return laterKey{k, both && k.duel == [2]int8{} && round%2 == 1}
}

// transition is every way a round can go from one state: the states it
// leaves, with their probabilities, and what the trial records in the
// fights it ends (ends) and, were it the last round, in the others
// (stops); and, for the first round, in all (its combat results).
type transition struct {
	next        *ordered[exactKey]
	ends, stops records
	all         records // of the first round, every fight: for its combat results
}

// records are what fights record, summed: the probability of each value
// of each metric and of each event, and the fights' probability. The
// rounds fought are the round's number, set when they are summed.
type records struct {
	total float64
	pmf   [][]float64
	p     []float64
}

// note adds what the trial recorded, with probability p.
func (r *records) note(xs *exactSolver, p float64) {
	f := xs.f
	if r.pmf == nil {
		r.pmf = make([][]float64, len(f.metrics))
		for m, mt := range f.metrics {
			r.pmf[m] = make([]float64, mt.Max-mt.Min+1)
		}
		r.p = make([]float64, len(f.events))
	}
	r.total += p
	for m, v := range xs.r.Values {
		r.pmf[m][v-f.metrics[m].Min] += p
	}
	for e, on := range xs.r.Events {
		if on {
			r.p[e] += p
		}
	}
}

// sum adds rec, of fights reached with probability p and ended in round
// number round, into the solution (the first round's combat results are
// summed from every fight of the first round, ended or not, and the
// charge where it happens).
func (xs *exactSolver) sum(p float64, round int, rec *records) {
	if rec.pmf == nil {
		return
	}
	f := xs.f
	xs.out.PMF[fmRounds][round-f.metrics[fmRounds].Min] += p * rec.total
	for m, pmf := range rec.pmf {
		if m == fmRounds || m == fmCR0 || m == fmCR1 || m == fmCRDiff {
			continue
		}
		for v, q := range pmf {
			xs.out.PMF[m][v] += p * q
		}
	}
	for e, q := range rec.p {
		if e != f.chargeEvent {
			xs.out.P[e] += p * q
		}
	}
}

// transition works out every way round number round can go from the state
// k. The round is walked in stages, its start, each step of its strikes,
// its end, and the states each stage leads to are merged before the next,
// so that the ways a round can go add up rather than multiply.
func (xs *exactSolver) transition(k exactKey, round int) (*transition, error) {
	t, f := xs.t, xs.f
	var o fightOutcome
	mid := xs.mid
	mid.reset()
	first := 0
	err := xs.walk(func() { xs.load(k, &o) }, func() bool {
		first = t.roundStart(nil, round, o.prevWinner)
		return false
	}, func(p float64, _ bool) { mid.add(xs.midKey(&o, first, 0), p) })
	if err != nil {
		return nil, err
	}
	of := f // the fight of this state: f, or the one with no charge
	if k.noCharge {
		of = f.noCharge
	}
	steps := of.steps[roundKind(round)]
	for more := true; more; {
		next := xs.step
		next.reset()
		more = false
		for i, m := range mid.keys {
			pm := mid.p[i]
			if int(m.step) >= len(steps[m.first+1]) {
				next.add(m, pm) // the strikes are over
				continue
			}
			more = true
			step := steps[m.first+1][m.step]
			err := xs.walk(func() { xs.load(m.exactKey, &o); xs.loadAims(&m, step) }, func() bool {
				xs.advance(&m, step, round)
				return false
			}, func(p float64, _ bool) { next.add(xs.after(&o, &m, step), p*pm) })
			if err != nil {
				return nil, err
			}
		}
		mid, xs.step = next, mid
	}
	xs.mid = mid
	tr := &transition{next: newOrdered[exactKey]()}
	for i, m := range mid.keys {
		pm := mid.p[i]
		err := xs.walk(func() { xs.load(m.exactKey, &o) }, func() bool {
			o.rounds = round
			return t.afterRound(nil, &xs.r, round, t.roundEnd(nil, round), &o)
		}, func(p float64, over bool) {
			p *= pm
			t.record(&xs.r, &o) // what the fight records if it ends here
			if round == 1 {
				tr.all.note(xs, p) // for the first round's combat results
			}
			var next exactKey
			if !over {
				next = xs.key(&o, true)
			}
			if xs.keep != nil {
				xs.keep.note(p, over, next, &xs.r)
			}
			if over {
				tr.ends.note(xs, p)
				return
			}
			tr.stops.note(xs, p)
			tr.next.add(next, p)
		})
		if err != nil {
			return nil, err
		}
	}
	return tr, nil
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
			t.aim(order[j], round, &t.aims[j])
		}
		t.beginStep()
		return
	}
	j := step[0] + int(m.strike)
	t.hitAims(nil, &t.aims[j], t.pending[2*j:2*j+2])
	t.wound(nil, &t.pending[2*j])
	t.wound(nil, &t.pending[2*j+1])
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
	for i := range t.st {
		k.duel[i] = int8(t.duel[i])
		for m := range t.st[i] {
			s := t.st[i][m]
			if roundStart {
				s.startRound()
				s.sixes = s.sixes && !afterRound
			}
			k.st[i][m] = xs.pack(i, m, &s, inStep)
		}
	}
	return k
}

// pack packs the state s of side i's member m.
func (xs *exactSolver) pack(i, m int, s *fighterState, inStep bool) xMember {
	return pack(s, xs.f.sides[i].members[m].regenBin != nil, m > 0 && xs.t.duel[i] == m, inStep)
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
	for i := range t.st {
		t.duel[i] = int(k.duel[i])
		for m := range t.st[i] {
			mb := &t.f.sides[i].members[m]
			k.st[i][m].unpack(&t.st[i][m], mb.f.Profile.W, mb.f.Models*mb.f.Profile.W, mb.regenBin != nil)
		}
	}
	return fightOutcome{prevWinner: int(k.prevWinner), winner: -1}
}
