package engine

import (
	"fmt"
	"iter"
)

// A Chain solves a game's trial exactly, as a Markov chain over the
// trial's states: it follows a distribution over the states through the
// trial's random steps, each step given by the game as a [StepFunc] from
// one state to the states it leads to, with their probabilities. The
// chain does all the bookkeeping a game would otherwise repeat: it
// numbers the states, merges equal ones, and memoises each step's outcomes
// from each state, so that every distinct state a step meets is expanded
// once, however many stages or turns meet it again. This is icepool's
// way (github.com/HighDiceRoller/icepool, its evaluators' next_state over
// hashable states; A. J. Liu, "Icepool: Efficient Computation of Dice Pool
// Probabilities", AIIDE 2022): the game writes the step, the library
// enumerates.
//
// S, a state, should hold what later steps read and nothing more, so that
// states that differ in nothing that matters meet. An outcome may carry a
// mark M: what the step added to tallies the state does not carry (the
// wounds a unit suffered over a whole fight, say), whose distributions
// [Chain.Tallies] then gives one at a time, without a joint distribution
// of every tally ever being held; or what the trial records if it ends
// there ([Chain.Flows]). A chain that keeps no marks uses struct{}.
//
// A trial ends in one of two ways: in an absorbing state (Absorbing),
// which every later step keeps as it is, or by an exit ([Outcomes.Exit]),
// an outcome that leaves the chain with its mark alone (a fight over, with
// what it recorded: [Chain.Exits]), so that the states a trial ends in
// need not be told apart.
//
// # Determinism
//
// A chain numbers states, and keeps a distribution's states, in the order
// they are first reached, and follows the outcomes of a step in the order
// the step gives them; it never ranges over a map. Its sums are therefore
// taken in the same order on every run, and a solution gives the same
// floats every time, provided the game's steps give their outcomes in a
// fixed order (a step that ranges over a map does not).
//
// # Limits
//
// Limits bounds the work, so that a trial too large to solve is refused
// with a [*LimitError] within seconds, not solved for hours.
//
// A Chain is not safe for concurrent use, except that [Chain.Tallies]
// runs its passes side by side.
type Chain[S comparable, M comparable] struct {
	// Absorbing, when not nil, reports the states no step leaves (a fight
	// that is over): every step keeps them as they are, and is not called
	// for them. It is called once for each distinct state.
	Absorbing func(*S) bool
	// Limits bounds the work; zero fields are no bound.
	Limits ChainLimits

	states   numbering[S]
	absorbed []bool
	marks    numbering[M]
	zero     M // mark 0
	steps    []stepMemo[S, M]
	run      []stage // the stages Advance has taken
	last     Dist    // the distribution the last of them returned
	out      Outcomes[S, M]
	flow     []float64 // by mark: the probability that passed through outcomes of that mark in the last Advance
	exit     []float64 // by mark: the probability that left the chain with that mark in the last Advance
	pos      []int32   // scratch for Advance: a state's index in the next distribution, or -1
	head     []int32   // scratch for Outcomes: a state's first outcome, or -1
	emitted  int       // outcomes steps have given, for Limits.Outcomes
	moved    int       // moves Advance has followed, for Limits.Moves
}

// ChainLimits bounds a chain's work. Each bound is on a count that grows
// with the time or memory a solution takes; 0 is no bound.
type ChainLimits struct {
	States   int // distinct states the chain numbers
	Outcomes int // outcomes the steps give, before equal ones merge
	Moves    int // moves Advance follows, over all its stages (a state's outcome, or an absorbing state kept)
	// TallyHeld bounds the probabilities one pass of Tallies holds at
	// once: the most states a stage's distribution holds, times the
	// tally's width. Passes run side by side only as far as twice
	// TallyHeld allows.
	TallyHeld int
	// TallyWork bounds the steps of all of Tallies' passes: each the
	// moves over its stages times its width.
	TallyWork int
}

// Limit names one of a [ChainLimits].
type Limit int

// The limits of a chain, as a [*LimitError] names them.
const (
	LimitStates Limit = iota
	LimitOutcomes
	LimitMoves
	LimitTallyHeld
	LimitTallyWork
)

var limitNames = [...]string{"states", "outcomes", "moves", "probabilities held by a tally", "steps of the tallies"}

// A LimitError says that a solution outgrew one of its chain's limits.
// A game usually words it for its user (which states, and what to do
// instead).
type LimitError struct {
	Limit Limit // which bound
	Max   int   // the bound
	Got   int   // the count that passed it (where counting stopped: Max+1 for states, outcomes and moves)
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("engine: exact solution too large: %d %s, above %d", e.Got, limitNames[e.Limit], e.Max)
}

// StepFunc is one random step of a trial: it gives the outcomes of the
// step from state s by calling o.Add (or o.Exit) once for each, whose
// probabilities sum to 1 (Advance panics, a bug in the step, if they are
// off by more than 1e-6). It must give the same outcomes, in the same
// order, every time it is called with the same state: the chain calls it
// once a state and keeps what it gave. An error (a rule the solver cannot
// follow from this state) stops the solution; Advance returns it.
type StepFunc[S comparable, M comparable] func(s S, o *Outcomes[S, M]) error

// Step is a step registered with [Chain.Step], whose outcomes the chain
// memoises state by state.
type Step int

// Dist is a probability distribution over a chain's states, in the order
// they were first reached. It belongs to the chain that made it.
type Dist struct {
	id []int32
	p  []float64
}

// Len is the number of states d holds.
func (d Dist) Len() int { return len(d.id) }

// Mass is the sum of d's probabilities, in d's order.
func (d Dist) Mass() float64 {
	s := 0.0
	for _, p := range d.p {
		s += p
	}
	return s
}

// move is one outcome of a step from a state: the state it leads to (−1:
// an exit), its mark, and its probability, the first two by their
// numbers.
type move struct {
	to, mark int32
	p        float64
}

// stepMemo is a registered step and the outcomes it gave from each state,
// moves[at[id]:at[id]+n[id]] for state id (at −1 until worked out), unless
// once.
type stepMemo[S comparable, M comparable] struct {
	f     StepFunc[S, M]
	once  bool
	at, n []int32
	moves []move
}

// stage is one Advance: the distribution before it, the step it took and
// the moves it followed.
type stage struct {
	before Dist
	step   Step
	moves  int
}

// NewChain returns an empty chain, for a game to register its steps with.
func NewChain[S comparable, M comparable]() *Chain[S, M] {
	c := &Chain[S, M]{states: newNumbering[S](), marks: newNumbering[M]()}
	c.out.c = c
	var zero M
	c.marks.number(zero) // mark 0 is the zero mark
	return c
}

// Step registers f as a step of the chain and returns its handle for
// [Chain.Advance]. Each handle memoises f's outcomes separately: register
// a step once, and advance by the same handle wherever the trial takes it
// again.
func (c *Chain[S, M]) Step(f StepFunc[S, M]) Step {
	c.steps = append(c.steps, stepMemo[S, M]{f: f})
	return Step(len(c.steps) - 1)
}

// StepOnce registers f as a step whose outcomes the chain does not keep:
// for a trial whose states never meet a step twice (a state that holds
// the turn it is in, say), where keeping them would cost memory and buy
// nothing. A stage taken by such a step cannot be tallied.
func (c *Chain[S, M]) StepOnce(f StepFunc[S, M]) Step {
	c.steps = append(c.steps, stepMemo[S, M]{f: f, once: true})
	return Step(len(c.steps) - 1)
}

// Start returns the distribution that holds s alone.
func (c *Chain[S, M]) Start(s S) (Dist, error) {
	id, err := c.id(s)
	if err != nil {
		return Dist{}, err
	}
	return Dist{id: []int32{id}, p: []float64{1}}, nil
}

// state is the state numbered id.
func (c *Chain[S, M]) state(id int32) *S { return c.states.at(id) }

// All iterates over d's states and their probabilities, in d's order.
// The state handed over is the chain's own: read it, do not keep or
// change it.
func (c *Chain[S, M]) All(d Dist) iter.Seq2[*S, float64] {
	return func(yield func(*S, float64) bool) {
		for i, id := range d.id {
			if !yield(c.state(id), d.p[i]) {
				return
			}
		}
	}
}

// States is the number of distinct states the chain has met.
func (c *Chain[S, M]) States() int { return c.states.n }

// Moved is the number of moves Advance has followed, over all its stages.
func (c *Chain[S, M]) Moved() int { return c.moved }

// Widest is the most states one distribution Advance took or returned
// held.
func (c *Chain[S, M]) Widest() int {
	n := c.last.Len()
	for _, st := range c.run {
		n = max(n, st.before.Len())
	}
	return n
}

// Stages is the number of stages Advance has taken: the stages
// [Chain.Tallies] numbers from 0.
func (c *Chain[S, M]) Stages() int { return len(c.run) }

// id returns the number of state s, numbering it if it is new.
func (c *Chain[S, M]) id(s S) (int32, error) {
	id, slot, h := c.states.find(s)
	if id >= 0 {
		return id, nil
	}
	if n := c.Limits.States; n > 0 && c.states.n >= n {
		return 0, &LimitError{LimitStates, n, n + 1}
	}
	id = c.states.add(s, slot, h)
	c.absorbed = append(c.absorbed, c.Absorbing != nil && c.Absorbing(c.state(id)))
	c.pos = append(c.pos, -1)
	c.head = append(c.head, -1)
	return id, nil
}

// Advance takes step from every state of d, and returns the distribution
// of the states the step leads to: each state's probability times each of
// its outcomes', equal states summed, in the order they are first
// reached. A state that is absorbing stays as it is. The step's outcomes
// from a state are worked out the first time the step meets it, and kept.
// What passed through outcomes of each mark, and what left by exits, is
// [Chain.Flows] and [Chain.Exits] until the next Advance. Advance returns
// the step's error, or a [*LimitError], and then the solution cannot go
// on.
func (c *Chain[S, M]) Advance(d Dist, step Step) (Dist, error) {
	var next Dist
	put := func(to int32, p float64) {
		if i := c.pos[to]; i >= 0 {
			next.p[i] += p
			return
		}
		c.pos[to] = int32(len(next.id))
		next.id = append(next.id, to)
		next.p = append(next.p, p)
	}
	clear(c.flow)
	clear(c.exit)
	moves := 0
	var err error
	for i, id := range d.id {
		p := d.p[i]
		if c.absorbed[id] {
			moves++
			put(id, p)
			continue
		}
		var ms []move
		if ms, err = c.moves(step, id); err != nil {
			break
		}
		moves += len(ms)
		for len(c.flow) < c.marks.n {
			c.flow, c.exit = append(c.flow, 0), append(c.exit, 0)
		}
		for _, m := range ms {
			q := p * m.p
			c.flow[m.mark] += q
			if m.to < 0 {
				c.exit[m.mark] += q
				continue
			}
			put(m.to, q)
		}
	}
	for _, id := range next.id {
		c.pos[id] = -1
	}
	if err != nil {
		return Dist{}, err
	}
	c.moved += moves
	if n := c.Limits.Moves; n > 0 && c.moved > n {
		return Dist{}, &LimitError{LimitMoves, n, c.moved}
	}
	c.run = append(c.run, stage{before: d, step: step, moves: moves})
	c.last = next
	return next, nil
}

// Flows iterates over the marks of the outcomes the last Advance
// followed, each with the probability that passed through outcomes of
// that mark (exits among them), in the order the marks were first given.
// An absorbing state passes through no outcome.
func (c *Chain[S, M]) Flows() iter.Seq2[M, float64] { return c.marked(c.flow) }

// Exits iterates over the marks of the exits the last Advance followed,
// each with the probability that left the chain with that mark, in the
// order the marks were first given.
func (c *Chain[S, M]) Exits() iter.Seq2[M, float64] { return c.marked(c.exit) }

func (c *Chain[S, M]) marked(by []float64) iter.Seq2[M, float64] {
	return func(yield func(M, float64) bool) {
		for i, p := range by {
			if p != 0 && !yield(*c.marks.at(int32(i)), p) {
				return
			}
		}
	}
}

// moves returns the outcomes of step from state id, working them out the
// first time.
func (c *Chain[S, M]) moves(step Step, id int32) ([]move, error) {
	sm := &c.steps[step]
	o := &c.out
	if sm.once {
		o.begin()
		err := o.end(sm.f(*c.state(id), o))
		return o.moves, err
	}
	for int(id) >= len(sm.at) {
		sm.at = append(sm.at, -1)
		sm.n = append(sm.n, 0)
	}
	if at := sm.at[id]; at >= 0 {
		return sm.moves[at : at+sm.n[id]], nil
	}
	o.begin()
	if err := o.end(sm.f(*c.state(id), o)); err != nil {
		return nil, err
	}
	at := int32(len(sm.moves))
	sm.moves = append(sm.moves, o.moves...)
	sm.at[id], sm.n[id] = at, int32(len(o.moves))
	return sm.moves[at:], nil
}
