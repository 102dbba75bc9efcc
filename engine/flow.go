package engine

import (
	"fmt"
	"math"
)

// Split samples how n independent items divide among categories of fixed
// probabilities: a multinomial draw, made as a chain of conditional
// [Binomial] draws (category i takes Binomial(rest, p_i / (p_i + ... + p_m))).
// Categories of probability 0 cost nothing; the last category with a chance
// takes the remainder without a draw.
type Split struct {
	probs []float64
	draws []splitDraw
	last  int // the category that takes the remainder
}

type splitDraw struct {
	cat int
	bin *Binomial
}

// NewSplit builds a sampler for the category probabilities probs, tabulated
// for n up to maxN. The probabilities must be non-negative and sum to 1
// within 1e-9; NewSplit panics otherwise (they come from the rules, not from
// the user).
func NewSplit(probs []float64, maxN int) *Split { return newSplit(probs, maxN, false) }

// newSplit is NewSplit; whole says the split is mostly of exactly maxN
// items (a flow's first step: a volley's attacks), whose first draw is then
// one draw from a table of that count ([Binomial.withTop]).
func newSplit(probs []float64, maxN int, whole bool) *Split {
	var sum float64
	for _, p := range probs {
		if !(p >= 0) {
			panic(fmt.Sprintf("engine: NewSplit: negative or NaN probability in %v", probs))
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-9 {
		panic(fmt.Sprintf("engine: NewSplit: probabilities %v sum to %v, not 1", probs, sum))
	}
	s := &Split{probs: append([]float64(nil), probs...), last: -1}
	// rest[i] = p_i + ... + p_m, summed from the right so small tails keep
	// their precision.
	rest := make([]float64, len(probs)+1)
	for i := len(probs) - 1; i >= 0; i-- {
		rest[i] = rest[i+1] + probs[i]
	}
	for i := len(probs) - 1; i >= 0; i-- {
		if probs[i] > 0 {
			s.last = i
			break
		}
	}
	for i := 0; i < s.last; i++ {
		if probs[i] == 0 {
			continue
		}
		p, q := min(probs[i]/rest[i], 1), rest[i+1]/rest[i]
		bin := newBinomial(p, q, maxN)
		if whole && len(s.draws) == 0 {
			bin = bin.withTop(p, q, maxN) // the first draw is of all the items
		}
		s.draws = append(s.draws, splitDraw{cat: i, bin: bin})
	}
	return s
}

// Probs returns the category probabilities.
func (s *Split) Probs() []float64 { return s.probs }

// Sample adds to out[i] the number of the n items that fall in category i.
// out must have one entry per category.
func (s *Split) Sample(d *Dice, n int, out []int) {
	for _, dr := range s.draws {
		if n == 0 {
			return
		}
		k := dr.bin.Sample(d, n)
		out[dr.cat] += k
		n -= k
	}
	if s.last >= 0 {
		out[s.last] += n
	}
}

// Flow moves counts through the stages of a game's procedure. Each step
// takes everything in one state and splits it among successor states with
// fixed probabilities: "of the hits, which wound, which wound on a natural 6,
// which fail". The rules become data (the probabilities of each step); the
// sampler stays one loop.
//
// Steps run in the order they were added. A state may only be split after
// every step that feeds it, which [Flow.Step] checks.
type Flow struct {
	states int
	steps  []flowStep
	split  []bool // split[s]: s was already split
}

type flowStep struct {
	from  int
	to    []int
	split *Split
}

// NewFlow returns an empty flow over states 0..states-1.
func NewFlow(states int) *Flow {
	return &Flow{states: states, split: make([]bool, states)}
}

// Step adds a step that moves the count in state from into the states to,
// each item going to to[i] with probability probs[i]; maxN bounds the counts
// tabulated (see [NewBinomial]). It panics on a malformed flow.
func (f *Flow) Step(from int, to []int, probs []float64, maxN int) {
	if len(to) != len(probs) {
		panic("engine: Flow.Step: one probability per successor state")
	}
	if f.split[from] {
		panic(fmt.Sprintf("engine: Flow.Step: state %d split twice", from))
	}
	for _, s := range to {
		if f.split[s] || s == from {
			panic(fmt.Sprintf("engine: Flow.Step: state %d is fed after it was split", s))
		}
	}
	f.split[from] = true
	f.steps = append(f.steps, flowStep{
		from:  from,
		to:    append([]int(nil), to...),
		split: newSplit(probs, maxN, len(f.steps) == 0), // the first step splits the items that enter the flow
	})
}

// States returns the number of states.
func (f *Flow) States() int { return f.states }

// Run moves the counts in c (one entry per state) through every step: after
// it, only states that are never split hold counts. It does not allocate,
// and a Flow is read-only once built, so workers may share one.
func (f *Flow) Run(d *Dice, c []int) {
	for i := range f.steps {
		st := &f.steps[i]
		n := c[st.from]
		if n == 0 {
			continue
		}
		c[st.from] = 0
		for _, dr := range st.split.draws {
			k := dr.bin.Sample(d, n)
			c[st.to[dr.cat]] += k
			n -= k
			if n == 0 {
				break
			}
		}
		if n > 0 {
			c[st.to[st.split.last]] += n
		}
	}
}

// Terminal returns, for one item entering state from, the probability of
// ending in each state: the product of the step probabilities along every
// path. Exact solvers use it, since items move independently.
func (f *Flow) Terminal(from int) []float64 {
	p := make([]float64, f.states)
	p[from] = 1
	for _, st := range f.steps {
		m := p[st.from]
		if m == 0 {
			continue
		}
		p[st.from] = 0
		for j, s := range st.to {
			p[s] += m * st.split.probs[j]
		}
	}
	return p
}

// Collapse returns a one-step flow that takes items entering state from
// straight to their end: to each state in keep with its terminal
// probability ([Flow.Terminal]), and everything else to rest. Items move
// independently, so the counts it samples have exactly the joint law of the
// kept terminal counts of f, with one multinomial draw instead of a draw per
// stage; the intermediate counts are not kept.
func (f *Flow) Collapse(from int, keep []int, rest, maxN int) *Flow {
	term := f.Terminal(from)
	to := append(append([]int(nil), keep...), rest)
	probs := make([]float64, len(to))
	kept := make([]bool, f.states)
	for i, s := range keep {
		probs[i] = term[s]
		kept[s] = true
	}
	// The rest is summed from its own terms rather than taken as 1 minus
	// the kept ones, so that it keeps its precision when it is small.
	for s, p := range term {
		if !kept[s] {
			probs[len(keep)] += p
		}
	}
	g := NewFlow(f.states)
	g.Step(from, to, probs, maxN)
	return g
}
