package warhammer

import (
	"fmt"
	"sync"

	"github.com/wargamesim/sim/engine"
)

// Whole rounds from tables. Where a fight's states are few, the exact
// solver's transitions, kept outcome by outcome, are tables from which one
// uniform draw picks how a round goes from a state: the state the fight
// goes on from, or its end and everything it records. A trial is then a
// handful of draws, however many attacks a round has. The tables are built
// once a fight, when its first trialer is made, and shared by every
// worker. A fight too large for them (maxTableWork, tableRuns rounds to
// build, or tableOutcomes outcomes) gets tables for its charge and first
// round alone where those fit (firstRoundRuns): most fights of large units
// end in the first round, and those that go on are loaded at the state the
// table drew and fought on stage by stage. A fight of several units is
// tabled the same way (issue 30, step 10): its key holds each unit's
// status and what it recorded, so loadKey puts it back whole. A fight too
// large even for that, or that the exact solver refuses, is simulated
// stage by stage throughout. All these ways give the same distributions (the exact solver and the stages are tested
// against each other, and the die-by-die reference against both); they
// use the dice differently, so a seed gives other numbers one way than the
// other.

// tableRuns bounds the rounds run to build a fight's tables (about a
// tenth of a second).
const tableRuns = 100_000

// maxTableWork is the largest ExactWork of a fight whose tables are
// built: beyond it building them (a tenth of a second and more) costs
// more than the trials of a sweep's point save (measured: trolls-vs-
// knights, ExactWork 1.4e5, builds in about 30 ms).
const maxTableWork = 3e5

// tableOutcomes bounds the outcomes kept in a fight's tables.
const tableOutcomes = 200_000

// firstRoundRuns bounds the rounds run to build the tables of a fight's
// charge and first round alone (measured: 40 Halberdiers against 40
// Spearmen with full command under 8th, 4,713 rounds, about 5 ms).
const firstRoundRuns = 20_000

// tableCache holds a fight's round tables, built once.
type tableCache struct {
	once sync.Once
	tb   *roundTables
}

// roundTables are a fight's rounds as tables.
type roundTables struct {
	charge  *outcomes   // the Fear tests of the charge, from the start
	first   []*outcomes // the first round, by state
	later   []*outcomes // later rounds, by state and (where it matters) the round's parity: [2*state+odd]; nil: fought by stages from keys
	keys    []exactKey  // the states, for a fight whose later rounds are fought by stages
	recs    [][]int     // what a fight records: metric values, then events (0 or 1)
	nm      int         // metrics in a record
	cr      [3]int      // the first round's combat-result metrics
	charged int         // the charge_made event, or -1
}

// outcomes are the ways a round can go from one state, each drawn with
// its chance.
type outcomes struct {
	pick *engine.Discrete
	outs []outcome
}

// outcome is one way a round can go: the fight ends (over), or goes on
// from state next; rec is what the fight records if it ends here (at the
// last round if not over). made says the charge was made (the charge's
// outcomes).
type outcome struct {
	over bool
	made bool
	next int32
	rec  int32
}

// draw picks an outcome with one draw from d.
func (o *outcomes) draw(d *engine.Dice) *outcome { return &o.outs[o.pick.Sample(d)] }

// tableBuilder builds a fight's tables from the exact solver's walks.
type tableBuilder struct {
	xs     *exactSolver
	tb     *roundTables
	states map[exactKey]int32
	keys   []exactKey
	recAt  map[record]int32
	n      int // outcomes kept
	cur    *outcomeList
}

// outcomeList collects a table's outcomes, merging equal ones.
type outcomeList = engine.Ordered[outcome]

// table is l as a table to draw from.
func table(l *outcomeList) *outcomes {
	s := 0.0
	for _, p := range l.P {
		s += p
	}
	pmf := make([]float64, len(l.P))
	for i, p := range l.P {
		pmf[i] = p / s // the float sums come to 1 within rounding
	}
	return &outcomes{outs: l.Keys, pick: engine.NewDiscrete(pmf)}
}

// tables builds f's round tables, those of its charge and first round
// alone, or returns nil when f is beyond them.
func (f *Fight) tables() *roundTables {
	if f.perDie || f.exactFits() != nil {
		return nil
	}
	whole := f.ExactWork() <= maxTableWork
	runs := firstRoundRuns
	if whole {
		runs = tableRuns
	}
	xs := newExactSolver(f, runs)
	b := &tableBuilder{xs: xs, states: map[exactKey]int32{}, recAt: map[record]int32{},
		tb: &roundTables{nm: len(f.metrics), cr: f.out.crMetrics(), charged: f.chargeEvent}}
	if err := b.first(); err != nil {
		return nil
	}
	if whole && b.later() == nil {
		return b.tb
	}
	b.tb.later, b.tb.keys = nil, b.keys // the later rounds by stages
	return b.tb
}

// first walks the charge, then every state's first round.
func (b *tableBuilder) first() error {
	xs := b.xs
	b.cur = &outcomeList{}
	if err := xs.walkCharge(b.note); err != nil {
		return err
	}
	b.tb.charge = table(b.cur)
	starts := len(b.keys)
	b.tb.first = make([]*outcomes, starts)
	for s := range starts {
		b.cur = &outcomeList{}
		if err := xs.walkRound(b.keys[s], 1, b.note); err != nil {
			return err
		}
		b.tb.first[s] = table(b.cur)
	}
	if b.n > tableOutcomes {
		return fmt.Errorf("too many outcomes")
	}
	return nil
}

// later walks every state's later rounds, breadth first.
func (b *tableBuilder) later() error {
	xs, f := b.xs, b.xs.f
	parities := 1
	if a, b := f.unit(0), f.unit(1); a.Challenge.Issue != IssueNever && b.Challenge.Issue != IssueNever && f.cc.MaxRounds >= 3 {
		parities = 2
	}
	if f.cc.MaxRounds < 2 {
		return nil // one round: no later ones
	}
	for s := 0; s < len(b.keys); s++ {
		for odd := range parities {
			b.cur = &outcomeList{}
			if err := xs.walkRound(b.keys[s], 2+odd, b.note); err != nil {
				return err
			}
			for len(b.tb.later) < 2*s+2 {
				b.tb.later = append(b.tb.later, nil)
			}
			b.tb.later[2*s+odd] = table(b.cur)
			if parities == 1 {
				b.tb.later[2*s+1] = b.tb.later[2*s]
			}
			if b.n > tableOutcomes {
				return fmt.Errorf("too many outcomes")
			}
		}
	}
	return nil
}

// state is the index of the state k, interned.
func (b *tableBuilder) state(k exactKey) int32 {
	i, ok := b.states[k]
	if !ok {
		i = int32(len(b.keys))
		b.states[k] = i
		b.keys = append(b.keys, k)
	}
	return i
}

// note keeps an outcome the solver walked: with probability p, over or
// going on from next, with what the trial recorded.
func (b *tableBuilder) note(p float64, over bool, next exactKey) {
	r := &b.xs.r
	key := b.xs.record()
	ri, ok := b.recAt[key]
	if !ok {
		rec := make([]int, 0, len(r.Values)+len(r.Events))
		rec = append(rec, r.Values...)
		for _, on := range r.Events {
			rec = append(rec, b2i(on))
		}
		ri = int32(len(b.tb.recs))
		b.recAt[key] = ri
		b.tb.recs = append(b.tb.recs, rec)
	}
	o := outcome{over: over, rec: ri}
	if e := b.xs.f.chargeEvent; e >= 0 {
		o.made = r.Events[e]
	}
	if !over {
		o.next = b.state(next)
	}
	b.n++
	b.cur.Add(o, p)
}

// tableTrial fights one trial from the tables tb: the charge, then round
// after round, one draw each.
func (t *fightTrial) tableTrial(d *engine.Dice, r *engine.TrialResult, tb *roundTables) {
	o := tb.charge.draw(d)
	made := o.made
	if o.over {
		t.write(r, tb, o.rec, 0, -1, made)
		return
	}
	st, crRec := o.next, int32(-1)
	for round := 1; ; round++ {
		var tab *outcomes
		if round == 1 {
			tab = tb.first[st]
		} else {
			tab = tb.later[2*int(st)+round%2]
		}
		o := tab.draw(d)
		if round == 1 {
			crRec = o.rec
		}
		if o.over || round == t.f.cc.MaxRounds {
			t.write(r, tb, o.rec, round, crRec, made)
			return
		}
		st = o.next
		if tb.later == nil {
			t.byStages(d, r, tb, st, round, crRec, made)
			return
		}
	}
}

// byStages fights on stage by stage from the state st a table drew after
// round number round, with the first round's combat results in record
// crRec and the charge made or not.
func (t *fightTrial) byStages(d *engine.Dice, r *engine.TrialResult, tb *roundTables, st int32, round int, crRec int32, made bool) {
	o := t.loadKey(tb.keys[st])
	for round++; round <= t.f.cc.MaxRounds; round++ {
		if t.fightRound(d, r, round, &o) {
			break
		}
	}
	t.record(r, &o)
	c := tb.recs[crRec]
	for _, m := range tb.cr {
		r.Values[m] = c[m]
	}
	if e := tb.charged; e >= 0 {
		r.Events[e] = made
	}
}

// write records the fight's end: the record rec, with round rounds fought
// (0: keep the record's), the first round's combat results from record
// crRec (-1: the record's own), and the charge made or not.
func (t *fightTrial) write(r *engine.TrialResult, tb *roundTables, rec int32, round int, crRec int32, made bool) {
	v := tb.recs[rec]
	copy(r.Values, v[:tb.nm])
	for e := range r.Events {
		r.Events[e] = v[tb.nm+e] == 1
	}
	if round > 0 {
		r.Values[fmRounds] = round
	}
	if crRec >= 0 {
		c := tb.recs[crRec]
		for _, m := range tb.cr {
			r.Values[m] = c[m]
		}
	}
	if e := tb.charged; e >= 0 {
		r.Events[e] = made
	}
}
