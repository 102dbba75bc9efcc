package engine

import (
	"fmt"
	"math"
)

// Outcomes gathers a step's outcomes from one state, merging those that
// lead to the same state with the same mark.
type Outcomes[S comparable, M comparable] struct {
	c     *Chain[S, M]
	moves []move
	chain []int32 // chain[i]: the next outcome after i with the same state, or -1
	exits int32   // the first exit, or -1
	err   error
}

func (o *Outcomes[S, M]) begin() {
	o.moves, o.chain, o.exits, o.err = o.moves[:0], o.chain[:0], -1, nil
}

// end clears the scratch and checks the outcomes of a step that
// returned err: no error, and probabilities that sum to 1 within 1e-6
// (rounding in a step's sums stays far below that; an outcome the step
// forgot does not).
func (o *Outcomes[S, M]) end(err error) error {
	for _, m := range o.moves {
		if m.to >= 0 {
			o.c.head[m.to] = -1
		}
	}
	if err != nil {
		return err
	}
	if o.err != nil {
		return o.err
	}
	sum := 0.0
	for _, m := range o.moves {
		sum += m.p
	}
	if math.Abs(sum-1) > 1e-6 {
		panic(fmt.Sprintf("engine: a step's outcomes sum to %v, not 1", sum))
	}
	return nil
}

// Add gives an outcome of the step: the state to, with mark m, and
// probability p in 0..1. An outcome of probability 0 is dropped; outcomes
// of equal state and mark are summed. Add panics on a probability below 0
// or NaN (a bug in the step).
func (o *Outcomes[S, M]) Add(to S, m M, p float64) {
	if !o.count(p) {
		return
	}
	id, err := o.c.id(to)
	if err != nil {
		o.err = err
		return
	}
	o.c.head[id] = o.merge(o.c.head[id], id, m, p)
}

// Exit gives an outcome that ends the trial: it leaves the chain with mark
// m, and probability p, as Add's. Exits of equal marks are summed.
func (o *Outcomes[S, M]) Exit(m M, p float64) {
	if o.count(p) {
		o.exits = o.merge(o.exits, -1, m, p)
	}
}

// count checks and counts an outcome of probability p, and reports
// whether to keep it.
func (o *Outcomes[S, M]) count(p float64) bool {
	if !(p >= 0) {
		panic(fmt.Sprintf("engine: a step gave probability %v", p))
	}
	if p == 0 || o.err != nil {
		return false
	}
	c := o.c
	c.emitted++
	if n := c.Limits.Outcomes; n > 0 && c.emitted > n {
		o.err = &LimitError{LimitOutcomes, n, c.emitted}
		return false
	}
	return true
}

// merge adds p to the outcome of mark m among those from first on (the
// outcomes to state to, −1 the exits), or adds it as a new one; it returns
// the new first.
func (o *Outcomes[S, M]) merge(first, to int32, m M, p float64) int32 {
	var mk int32 // the zero mark, without a look-up: most outcomes have it
	if m != o.c.zero {
		mk = o.c.marks.number(m)
	}
	for i := first; i >= 0; i = o.chain[i] {
		if o.moves[i].mark == mk {
			o.moves[i].p += p
			return first
		}
	}
	o.chain = append(o.chain, first)
	o.moves = append(o.moves, move{to: to, mark: mk, p: p})
	return int32(len(o.moves) - 1)
}
