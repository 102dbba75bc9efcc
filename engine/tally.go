package engine

import (
	"fmt"
	"runtime"
	"sync"
)

// A Tally asks [Chain.Tallies] for the distribution of one tally: the sum,
// over stages From..To−1 of those [Chain.Advance] took, of what each
// outcome followed adds to it, as its mark says.
type Tally[M comparable] struct {
	Of       func(M) int // what an outcome of mark m adds to the tally: 0 or more
	Width    int         // the tally's values are 0..Width−1
	Clamp    bool        // a sum above Width−1 counts as Width−1; without Clamp, Tallies panics (the width is a bug)
	From, To int         // the stages, numbered from 0 as Advance took them; To 0 is every stage from From
}

// Tallies returns the distribution of each tally of ts, pmf[k][v] the
// probability that tally k comes to v, over the stages Advance took. Each
// is a pass of its own over the distributions those stages started from,
// each state carrying the distribution of the tally alone, through the
// outcomes Advance memoised: a tally's distribution without the joint one
// of every tally. The passes run side by side (as many as Limits.TallyHeld
// allows). Tallies returns a [*LimitError] before any pass runs when a
// pass would hold more than Limits.TallyHeld probabilities at once, or the
// passes would take more than Limits.TallyWork steps in all.
func (c *Chain[S, M]) Tallies(ts []Tally[M]) ([][]float64, error) {
	widest, held, work := c.Widest(), 0, 0
	for i := range ts {
		t := &ts[i]
		if t.To == 0 {
			t.To = len(c.run)
		}
		if t.Width < 1 || t.From < 0 || t.From > t.To || t.To > len(c.run) {
			panic(fmt.Sprintf("engine: Tallies: tally of width %d over stages %d..%d of %d", t.Width, t.From, t.To, len(c.run)))
		}
		for _, st := range c.run[t.From:t.To] {
			if c.steps[st.step].once {
				panic("engine: Tallies: a stage taken by a step registered with StepOnce")
			}
		}
		held = max(held, widest*t.Width)
		for _, st := range c.run[t.From:t.To] {
			work += st.moves * t.Width
		}
	}
	if n := c.Limits.TallyHeld; n > 0 && held > n {
		return nil, &LimitError{LimitTallyHeld, n, held}
	}
	if n := c.Limits.TallyWork; n > 0 && work > n {
		return nil, &LimitError{LimitTallyWork, n, work}
	}
	// Each pass holds up to twice held probabilities at once, so no more
	// run together than keep the whole within twice Limits.TallyHeld,
	// however many cores there are.
	most := runtime.GOMAXPROCS(0)
	if n := c.Limits.TallyHeld; n > 0 {
		most = min(most, n/max(held, 1))
	}
	sem := make(chan struct{}, max(1, most))
	pmfs := make([][]float64, len(ts))
	panics := make([]any, len(ts)) // a pass's panic, raised again here
	var wg sync.WaitGroup
	for k := range ts {
		inc := make([]int32, c.marks.n)
		for i, m := range c.marks.all {
			if inc[i] = int32(ts[k].Of(*m)); inc[i] < 0 {
				panic(fmt.Sprintf("engine: Tallies: a mark adds %d to a tally", inc[i]))
			}
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { panics[k] = recover(); <-sem; wg.Done() }()
			pmfs[k] = c.tally(&ts[k], inc)
		}()
	}
	wg.Wait()
	for _, v := range panics {
		if v != nil {
			panic(v)
		}
	}
	return pmfs, nil
}

// tallyPass is one tally's pass: every state's distribution of the tally,
// each with the range lo..hi outside which it is 0.
type tallyPass struct {
	width      int
	clamp      bool
	ended      []float64 // the tally of the paths that ended by an exit
	cur, next  [][]float64
	curR, nxR  [][2]int
	active, nx []int32
	free       [][]float64
}

// tally runs t's pass, inc[mark] being what an outcome of that mark adds.
func (c *Chain[S, M]) tally(t *Tally[M], inc []int32) []float64 {
	n := c.states.n
	tp := &tallyPass{width: t.Width, clamp: t.Clamp, ended: make([]float64, t.Width), cur: make([][]float64, n),
		next: make([][]float64, n), curR: make([][2]int, n), nxR: make([][2]int, n)}
	start := c.last
	if t.From < len(c.run) {
		start = c.run[t.From].before
	}
	for j, id := range start.id {
		tp.cur[id] = tp.vec()
		tp.cur[id][0] = start.p[j]
		tp.active = append(tp.active, id)
	}
	for _, st := range c.run[t.From:t.To] {
		sm := &c.steps[st.step]
		for _, id := range tp.active {
			if c.absorbed[id] {
				tp.move(id, id, 0, 1)
				continue
			}
			at := sm.at[id] // worked out by Advance, which met every state met here
			for _, m := range sm.moves[at : at+sm.n[id]] {
				tp.move(id, m.to, int(inc[m.mark]), m.p)
			}
		}
		tp.swap()
	}
	pmf := tp.ended
	for _, id := range tp.active {
		for x, q := range tp.cur[id] {
			pmf[x] += q
		}
	}
	return pmf
}

// vec returns a zeroed distribution of the tally.
func (tp *tallyPass) vec() []float64 {
	if n := len(tp.free); n > 0 {
		v := tp.free[n-1]
		tp.free = tp.free[:n-1]
		clear(v)
		return v
	}
	return make([]float64, tp.width)
}

// move adds p times state id's tally, raised by d, to state to's (−1: to
// the tally of the paths that ended by an exit).
func (tp *tallyPass) move(id, to int32, d int, p float64) {
	if to < 0 {
		tp.add(tp.ended, id, d, p)
		return
	}
	if tp.next[to] == nil {
		tp.next[to] = tp.vec()
		tp.nxR[to] = [2]int{tp.width, -1}
		tp.nx = append(tp.nx, to)
	}
	lo, hi := tp.add(tp.next[to], id, d, p)
	if lo <= hi {
		tp.nxR[to] = [2]int{min(tp.nxR[to][0], lo), max(tp.nxR[to][1], hi)}
	}
}

// add adds p times state id's tally, raised by d, to dst, and returns the
// range lo..hi it added to (lo > hi: none).
func (tp *tallyPass) add(dst []float64, id int32, d int, p float64) (lo, hi int) {
	src, r := tp.cur[id], tp.curR[id]
	lo, hi = r[0], r[1]
	if lo > hi {
		return lo, hi
	}
	if tp.clamp {
		top := tp.width - 1
		for x := lo; x <= hi; x++ {
			dst[min(x+d, top)] += src[x] * p
		}
		return min(lo+d, top), min(hi+d, top)
	}
	for ; hi >= lo && hi+d >= tp.width; hi-- {
		if src[hi] != 0 {
			panic(fmt.Sprintf("engine: a tally reaches %d, beyond its width %d", hi+d, tp.width))
		}
	}
	if hi < lo {
		return lo, hi
	}
	out := dst[lo+d : hi+d+1]
	for x, q := range src[lo : hi+1] {
		out[x] += q * p
	}
	return lo + d, hi + d
}

// swap makes the next distributions the current ones.
func (tp *tallyPass) swap() {
	for _, id := range tp.active {
		tp.free = append(tp.free, tp.cur[id])
		tp.cur[id] = nil
	}
	tp.cur, tp.next = tp.next, tp.cur
	tp.curR, tp.nxR = tp.nxR, tp.curR
	tp.active, tp.nx = tp.nx, tp.active[:0]
}
