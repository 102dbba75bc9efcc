package warhammer

import (
	"encoding/binary"
	"sync"

	"github.com/wargamesim/sim/engine"
)

// Whole volleys from a table. A volley always starts from the same state,
// so where the ways it can go are few, every one of them is worked out
// once, with its chance, by running the trial's own code with a path for
// its dice (as the exact fight solver does, chance.go): the attacks'
// outcomes, their Multiple Wounds damage, the Regeneration dice. Equal
// records merge, and a trial is then one draw from the table of records,
// however many rolls the volley makes. The table is built the first time
// a trialer is made and shared by every worker; a volley with more ways to
// go (volleyTableRuns) or more distinct records (volleyTableRows) than a
// table is worth is simulated stage by stage as before. Both ways give
// the same distribution (the tests hold each to the exact solver, and the
// die-by-die reference to both); they use the dice differently, so a seed
// gives other numbers one way than the other.

// volleyTableRuns bounds the paths walked to build a volley's table
// (about 10 ms).
const volleyTableRuns = 100_000

// volleyTableRows bounds the distinct records a volley's table keeps.
const volleyTableRows = 20_000

// volleyTable is a volley's records, each with its chance.
type volleyTable struct {
	pick   *engine.Discrete
	p      []float64 // each record's chance
	recs   []int32   // each record's metric values, then its events (0 or 1)
	nm, ne int
}

// draw records a volley drawn from the table in r.
func (tb *volleyTable) draw(d *engine.Dice, r *engine.TrialResult) {
	w := tb.nm + tb.ne
	rec := tb.recs[tb.pick.Sample(d)*w:][:w]
	for m := range r.Values {
		r.Values[m] = int(rec[m])
	}
	for e := range r.Events {
		r.Events[e] = rec[tb.nm+e] != 0
	}
}

// volleyTableCache holds a volley's table, built once.
type volleyTableCache struct {
	once sync.Once
	tb   *volleyTable
}

// table returns v's table, building it the first time; nil when v is
// simulated stage by stage.
func (v *Volley) table() *volleyTable {
	if v.tables == nil {
		return nil
	}
	v.tables.once.Do(func() { v.tables.tb = v.buildTable() })
	return v.tables.tb
}

// buildTable walks every way v can go, or returns nil when there are too
// many: first the attacks and their wounds, merging equal states, then
// from each state the Regeneration dice.
func (v *Volley) buildTable() *volleyTable {
	if v.perDie || v.chunks != nil || v.tableWork() > volleyTableRuns {
		return nil
	}
	t := &volleyTrialer{v: v, counts: make([]int, numStates), x: &paths{budget: volleyTableRuns},
		hits: hitOutcomesOf(endsOf(v.stages), v.atk.Count)}
	if v.dmg != nil {
		t.dmg = v.damage(v.atk.Count, v.tg.Models*v.tg.W)
	}
	var wounded engine.Ordered[volleyState]
	if !t.walk(func() {
		var s volleyState
		t.wound(nil, &s)
		wounded.Add(s, t.x.p)
	}) {
		return nil
	}
	r := engine.NewTrialResult(v)
	tb := &volleyTable{nm: len(v.metrics), ne: len(v.events)}
	at := map[string]int{}
	var pmf []float64
	var key []byte
	for i, s := range wounded.Keys {
		pw := wounded.P[i]
		ok := t.walk(func() {
			s := s
			t.finish(nil, &s, &r)
			key = key[:0]
			for _, x := range r.Values {
				key = binary.AppendUvarint(key, uint64(x))
			}
			for _, on := range r.Events {
				key = binary.AppendUvarint(key, b2u(on))
			}
			j, seen := at[string(key)]
			if !seen {
				j = len(pmf)
				at[string(key)] = j
				pmf = append(pmf, 0)
				for _, x := range r.Values {
					tb.recs = append(tb.recs, int32(x))
				}
				for _, on := range r.Events {
					tb.recs = append(tb.recs, int32(b2u(on)))
				}
			}
			pmf[j] += pw * t.x.p
		})
		if !ok || len(pmf) > volleyTableRows {
			return nil
		}
	}
	s := 0.0
	for _, p := range pmf {
		s += p
	}
	for j := range pmf {
		pmf[j] /= s // the float sums come to 1 within rounding
	}
	tb.p, tb.pick = pmf, engine.NewDiscrete(pmf)
	return tb
}

// b2u is 1 for true, else 0.
func b2u(on bool) uint64 {
	if on {
		return 1
	}
	return 0
}

// walk runs step once for every path through the chance it meets, and
// reports false if that takes more than the path budget.
func (t *volleyTrialer) walk(step func()) bool {
	x := t.x
	for {
		if x.runs >= x.budget {
			return false
		}
		x.start()
		step()
		if !x.next() {
			return true
		}
	}
}

// tableWork is the paths the first walk of building v's table takes: the
// attacks' outcomes (a multinomial of the ends an attack can have), times
// their damage.
func (v *Volley) tableWork() float64 {
	n := float64(v.atk.Count)
	work := 1.0
	k := 0.0
	term := endsOf(v.stages)
	for _, p := range term[:3] {
		if p > 0 {
			k++
			work *= (n + k) / k // C(n+k, k), the ways n attacks split among k ends
		}
	}
	if v.dmg != nil {
		mw := v.atk.Rules.MultipleWounds
		work *= min(float64(v.tg.Models*v.tg.W), n*float64(max(mw.Die, mw.N))) + 1
	}
	return work
}

// WithoutTables returns a copy of v that simulates every volley stage by
// stage, as the tests that compare the two ways need.
func (v *Volley) WithoutTables() *Volley {
	w := *v
	w.tables = nil
	return &w
}
