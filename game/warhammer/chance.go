package warhammer

import (
	"cmp"
	"sort"

	"github.com/wargamesim/sim/engine"
)

// A fight's chance comes from its dice, except where the exact solver
// (fightexact.go) walks every way a round can go. Each random step of a
// round is one of the methods below: with dice (t.x nil) it rolls them as
// the simulation always has; with a path (t.x set) it takes the outcome the
// path says and multiplies the path's probability by that outcome's. The
// rules code around them is the same for both, so the exact answer and
// the simulated one come from one reading of the rules.

// paths walks the outcomes of a round depth first, by re-running it: each
// run replays the outcomes of trail and takes the first possible outcome
// at every new choice point; next moves to the next path.
type paths struct {
	trail  []int       // the outcome taken at each choice point of the path
	kept   [][]float64 // each choice point's outcome probabilities
	pos    int         // the next choice point of this run
	p      float64     // the probability of the path so far
	runs   int         // paths run, for the work budget
	budget int         // the most paths the solver may run
}

// start readies x for a run of its current path.
func (x *paths) start() { x.pos, x.p = 0, 1; x.runs++ }

// pick takes an outcome of a choice point whose outcomes have the
// probabilities probs (one of 0 is never taken), and returns its index.
// A replayed point has the probabilities it had: a run is deterministic
// up to its next new point.
func (x *paths) pick(probs []float64) int {
	k := x.pos
	x.pos++
	if k < len(x.trail) {
		if len(probs) != len(x.kept[k]) {
			panic("warhammer: a replayed choice point changed its outcomes") // the round is not deterministic given its path
		}
		i := x.trail[k]
		x.p *= probs[i]
		return i
	}
	i := 0
	for probs[i] == 0 {
		i++
	}
	x.trail = append(x.trail, i)
	if k == len(x.kept) {
		x.kept = append(x.kept, nil)
	}
	x.kept[k] = append(x.kept[k][:0], probs...)
	x.p *= probs[i]
	return i
}

// next moves to the next path, and reports whether there is one.
func (x *paths) next() bool {
	for k := len(x.trail) - 1; k >= 0; k-- {
		for i := x.trail[k] + 1; i < len(x.kept[k]); i++ {
			if x.kept[k][i] > 0 {
				x.trail[k] = i
				x.trail = x.trail[:k+1]
				return true
			}
		}
	}
	x.trail = x.trail[:0]
	return false
}

// pass reports whether the path's test of chance p passes.
func (x *paths) pass(p float64) bool { return x.pick([]float64{p, 1 - p}) == 0 }

// twoDice is P(2D6 <= target) in 36ths, with a double 1 passing too when
// insane (insane courage), from the table below.
func twoDice(target int, insane bool) float64 {
	target = max(0, min(target, 12))
	if insane {
		return twoDiceInsane[target]
	}
	return twoDiceAtMost[target]
}

// twoDiceAtMost[t] is P(2D6 <= t) and twoDiceInsane[t] the same with a
// double 1 passing too, counted over the 36 rolls once.
var twoDiceAtMost, twoDiceInsane = func() (at, insane [13]float64) {
	for t := range 13 {
		n, m := 0, 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if a+b <= t {
					n++
				}
				if a+b <= t || a == 1 && b == 1 {
					m++
				}
			}
		}
		at[t], insane[t] = float64(n)/36, float64(m)/36
	}
	return at, insane
}()

// rerolled is the chance to pass a test of chance p that a failure may
// re-roll once.
func rerolled(p float64) float64 { return p + (1-p)*p }

// fleeDist is the distribution of a flee or pursuit roll of unit i:
// P(roll = v) at index v.
func (t *fightTrial) fleeDist(i int) []float64 {
	f := t.f.unit(i)
	dist := make([]float64, 19)
	switch {
	case !t.f.rs.CavalryFleeTypes.Has(f.Type) || t.f.rs.CavalryFlee == Flee2D6:
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				dist[a+b] += 1.0 / 36
			}
		}
	default:
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				for c := 1; c <= 6; c++ {
					v := a + b + c
					if t.f.rs.CavalryFlee == Flee3D6DropLowest {
						v -= min(a, b, c)
					}
					dist[v] += 1.0 / 216
				}
			}
		}
	}
	return dist
}

// caught reports whether pursuer w catches the fleeing l: a pursuit roll
// equal to or higher than the flee roll (RULES.md §2.11).
func (t *fightTrial) caught(d *engine.Dice, w, l int) bool {
	if t.x == nil {
		return t.fleeRoll(d, w) >= t.fleeRoll(d, l)
	}
	return t.x.pass(t.catchChance(w))
}

// catchChance is the chance that pursuer w's roll equals or beats the
// fleeing side's, worked out once a fight.
func (t *fightTrial) catchChance(w int) float64 {
	if c := &t.xs.catch[w]; *c >= 0 {
		return *c
	}
	pw, pl := t.fleeDist(w), t.fleeDist(1-w)
	p := 0.0
	for a, qa := range pw {
		for b, qb := range pl {
			if a >= b {
				p += qa * qb
			}
		}
	}
	t.xs.catch[w] = p
	return p
}

// rollAmount rolls a, or takes it from the path x where there is one.
func rollAmount(d *engine.Dice, x *paths, a Amount) int {
	if x == nil || a.Die == 0 {
		return a.roll(d)
	}
	probs := [6]float64{}
	for i := range a.Die {
		probs[i] = 1 / float64(a.Die)
	}
	return x.pick(probs[:a.Die]) + 1
}

// impactHits is the total of n models' Impact Hits a.
func (t *fightTrial) impactHits(d *engine.Dice, a Amount, n int) int {
	if t.x == nil || a.Die == 0 {
		total := 0
		for range n {
			total += a.roll(d)
		}
		return total
	}
	dist := []float64{1} // P(total = v)
	for range n {
		next := make([]float64, len(dist)+a.Die)
		for v, p := range dist {
			for f := 1; f <= a.Die; f++ {
				next[v+f] += p / float64(a.Die)
			}
		}
		dist = next
	}
	return t.x.pick(dist)
}

// rollOff is the side that wins a roll-off: each side with chance 1/2.
func (t *fightTrial) rollOff(d *engine.Dice) int {
	if t.x == nil {
		return d.RollOff()
	}
	return t.x.pick([]float64{0.5, 0.5})
}

// exactScratch is the exact solver's scratch for the outcomes of a group
// of attacks.
type exactScratch struct {
	catch [2]float64 // catchChance by pursuer, -1 until worked out
	// catches are catchSets' chances, by pattern of pursuers and chased
	// units (a fight of several units).
	catches map[[MaxUnits]uint16][]float64
	hits    map[hitKey]*hitOutcomes
	regen   regenDice
	// The outcomes of Multiple Wounds rolled on a unit and on a character,
	// so far and after the next roll (exactWounds, exactCharacterWounds).
	ends  [2]engine.Ordered[woundEnd]
	chars [2]engine.Ordered[fighterState]
}

// woundEnd is where unsaved wounds rolled one by one may leave a unit:
// its state, and the wounds of each kind left over once its last model
// fell (exactWounds).
type woundEnd struct {
	u      unitState
	ex, kb int
}

// regenDice are the chances of each number of successes of n
// Regeneration dice, each worked out once: [x][n] for dice that succeed
// on x in 6. The exact solvers and the volley tables walk them.
type regenDice [7][][]float64

// pmf is the chance of each number of successes of n dice that each
// succeed on x in 6.
func (r *regenDice) pmf(n, x int) []float64 {
	if n >= len(r[x]) {
		r[x] = append(r[x], make([][]float64, n+1-len(r[x]))...)
	}
	if r[x][n] == nil {
		r[x][n] = engine.BinomialPMF(n, float64(x)/6, float64(6-x)/6)
	}
	return r[x][n]
}

// hitKey is a group's attacks as exactHits takes them: their stages and
// number.
type hitKey struct {
	v *variant
	n int
}

// hitOutcomes are the outcomes of a group's attacks: how many end
// unsaved, unsaved Killing Blows and saved by Regeneration, and their
// probabilities.
type hitOutcomes struct {
	probs []float64
	out   [][3]int
}

// exactHits takes the path's outcome of n attacks of v into c: how many
// end unsaved, unsaved Killing Blows, and saved by Regeneration, out of
// their multinomial distribution (each attack independently).
func (t *fightTrial) exactHits(v *variant, n int, c []int) {
	s, ok := t.xs.hits[hitKey{v, n}]
	if !ok {
		s = hitOutcomesOf(v.term, n)
		t.xs.hits[hitKey{v, n}] = s
	}
	o := s.out[t.x.pick(s.probs)]
	c[stUnsaved], c[stKBUnsaved], c[stRegenSaved] = o[0], o[1], o[2]
}

// hitOutcomesOf works out the outcomes of n attacks that each end as
// term says (endsOf), out of their multinomial distribution (each attack
// independently).
func hitOutcomesOf(term [4]float64, n int) *hitOutcomes {
	pu, pk, pr, ps := term[0], term[1], term[2], term[3]
	any := pu + pk + pr
	s := &hitOutcomes{}
	// j of the n attacks end in one of the three; of those, u unsaved
	// and, of the rest, k Killing Blows. Each split's two chances come
	// from their own terms, never as 1 - p.
	split := func(a, b float64) (float64, float64) {
		if a+b == 0 {
			return 0, 1
		}
		return a / (a + b), b / (a + b)
	}
	pu1, qu1 := split(pu, pk+pr)
	pk1, qk1 := split(pk, pr)
	for j, qj := range engine.BinomialPMF(n, any, ps) {
		if qj == 0 {
			continue
		}
		for u, qu := range engine.BinomialPMF(j, pu1, qu1) {
			if qu == 0 {
				continue
			}
			for k, qk := range engine.BinomialPMF(j-u, pk1, qk1) {
				if qk == 0 {
					continue
				}
				s.probs = append(s.probs, qj*qu*qk)
				s.out = append(s.out, [3]int{u, k, j - u - k})
			}
		}
	}
	return s
}

// exactWounds marks p's unsaved wounds on the rank and file u as
// applyWounds does, but for Multiple Wounds rolled by the die: the path
// takes one of the results every sequence of rolls can give, equal results
// merged, so that u wounds cost one choice point and not a roll each. It
// returns the unsaved wounds of each kind left over once the last model
// fell.
func (t *fightTrial) exactWounds(u *unitState, p *pending, regenerable bool) (exOrdinary, exKilling int) {
	rs, die := t.f.rs, p.rules.MultipleWounds.Die
	start := woundEnd{u: *u}
	if rs.KillingBlowOrder == KBBeforeOtherWounds {
		start.kb = start.u.killingBlows(rs, p.killing)
	}
	if start.u.alive == 0 && p.ordinary > 0 {
		if regenerable {
			start.u.unsavedRegen += p.ordinary // wounds on a destroyed unit still get their dice
		}
		start.ex = p.ordinary
	}
	dist, next := &t.xs.ends[0], &t.xs.ends[1]
	dist.Reset()
	dist.Add(start, 1)
	for i := range p.ordinary {
		next.Reset()
		for k, e := range dist.Keys {
			q := dist.P[k]
			if e.u.alive == 0 {
				next.Add(e, q)
				continue
			}
			for face := 1; face <= die; face++ {
				n := e
				n.u.wound(face, regenerable)
				if left := p.ordinary - (i + 1); n.u.alive == 0 && left > 0 {
					if regenerable {
						n.u.unsavedRegen += left
					}
					n.ex = left
				}
				next.Add(n, q/float64(die))
			}
		}
		dist, next = next, dist
	}
	if rs.KillingBlowOrder == KBAfterOtherWounds {
		dist = merged(next, dist, func(e *woundEnd) { e.kb = e.u.killingBlows(rs, p.killing) })
	}
	ends, probs := inOrder(dist, func(a, b woundEnd) int {
		return cmp.Or(compareUnits(&a.u, &b.u), cmp.Compare(a.ex, b.ex), cmp.Compare(a.kb, b.kb))
	})
	e := ends[t.x.pick(probs)]
	*u = e.u
	return e.ex, e.kb
}

// exactCharacterWounds marks p's unsaved wounds on a character s as
// woundCharacter does, with Multiple Wounds taken as exactWounds takes
// them.
func (t *fightTrial) exactCharacterWounds(s *fighterState, p *pending, regenerable bool) {
	rs, die := t.f.rs, p.rules.MultipleWounds.Die
	start := *s
	if rs.KillingBlowOrder == KBBeforeOtherWounds {
		start.killingBlowsAt(rs, p.killing)
	}
	dist, next := &t.xs.chars[0], &t.xs.chars[1]
	dist.Reset()
	dist.Add(start, 1)
	for range p.ordinary {
		next.Reset()
		for k, st := range dist.Keys {
			for face := 1; face <= die; face++ {
				n := st
				n.woundAt(face, regenerable)
				next.Add(n, dist.P[k]/float64(die))
			}
		}
		dist, next = next, dist
	}
	if rs.KillingBlowOrder == KBAfterOtherWounds {
		dist = merged(next, dist, func(s *fighterState) { s.killingBlowsAt(rs, p.killing) })
	}
	ends, probs := inOrder(dist, func(a, b fighterState) int {
		return cmp.Or(compareUnits(&a.unitState, &b.unitState), cmp.Compare(a.inflicted, b.inflicted),
			cmp.Compare(a.unsaved, b.unsaved), cmp.Compare(b2i(a.kbSlew), b2i(b.kbSlew)))
	})
	*s = ends[t.x.pick(probs)]
}

// inOrder lists dist's outcomes, and their chances, in compare's order: a
// replayed choice point must list its outcomes in the same order. It
// sorts dist's own lists, so dist takes no more Adds until it is Reset.
func inOrder[T comparable](dist *engine.Ordered[T], compare func(a, b T) int) (items []T, probs []float64) {
	items, probs = dist.Keys, dist.P
	sort.Sort(byItem[T]{items, probs, compare})
	return items, probs
}

type byItem[T any] struct {
	items   []T
	probs   []float64
	compare func(a, b T) int
}

func (b byItem[T]) Len() int           { return len(b.items) }
func (b byItem[T]) Less(i, j int) bool { return b.compare(b.items[i], b.items[j]) < 0 }
func (b byItem[T]) Swap(i, j int) {
	b.items[i], b.items[j] = b.items[j], b.items[i]
	b.probs[i], b.probs[j] = b.probs[j], b.probs[i]
}

// compareUnits orders unit states by their fields.
func compareUnits(a, b *unitState) int {
	return cmp.Or(cmp.Compare(a.alive, b.alive), cmp.Compare(a.carried, b.carried), cmp.Compare(a.lost, b.lost),
		cmp.Compare(a.scored, b.scored), cmp.Compare(a.regenLost, b.regenLost), cmp.Compare(a.onDamaged, b.onDamaged),
		cmp.Compare(a.unsavedRegen, b.unsavedRegen),
		cmp.Compare(a.unsavedOnDamaged, b.unsavedOnDamaged))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// merged is dist with change made to each state, states it makes equal
// meeting, written into out (emptied first). Like every sum of the exact
// solver, it adds in an order that is the same on every run
// (engine.Ordered's), never a map's, so that a solution is the same
// floats every time.
func merged[T comparable](out, dist *engine.Ordered[T], change func(*T)) *engine.Ordered[T] {
	out.Reset()
	for k, s := range dist.Keys {
		change(&s)
		out.Add(s, dist.P[k])
	}
	return out
}
