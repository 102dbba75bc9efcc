package engine

import "slices"

// Ordered is a distribution being summed over values of K: probabilities
// added to equal values add up, and the values keep the order they were
// first added in, so that whatever is summed from it is summed in the
// same order on every run (a map's order changes from run to run, and
// with it the last bits of a float sum). It serves the small
// distributions within a step: a die's faces, the ends of a roll;
// [Chain] keeps a trial's states.
//
// The zero value is an empty distribution ready to use.
type Ordered[K comparable] struct {
	Keys []K       // the values, in the order first added
	P    []float64 // P[i] is the probability of Keys[i]
	at   map[K]int
}

// Add adds probability p to value k.
func (o *Ordered[K]) Add(k K, p float64) {
	if o.at == nil {
		o.at = make(map[K]int, len(o.Keys))
		for i, k := range o.Keys { // an Ordered built from its fields
			o.at[k] = i
		}
	}
	i, ok := o.at[k]
	if !ok {
		i = len(o.Keys)
		o.at[k] = i
		o.Keys = append(o.Keys, k)
		o.P = append(o.P, 0)
	}
	o.P[i] += p
}

// Clone returns a copy of o, its slices no longer than they need be.
func (o *Ordered[K]) Clone() *Ordered[K] {
	return &Ordered[K]{Keys: slices.Clone(o.Keys), P: slices.Clone(o.P)}
}

// Len is the number of distinct values.
func (o *Ordered[K]) Len() int { return len(o.Keys) }

// Reset empties o, keeping its memory.
func (o *Ordered[K]) Reset() {
	clear(o.at)
	o.Keys, o.P = o.Keys[:0], o.P[:0]
}
