package warhammer

import "github.com/wargamesim/sim/engine"

// Multiple Wounds on many wounds, a block at a time. The damage of u
// ordinary wounds with Multiple Wounds, each capped at what the damaged
// model has left, is a chain on the damaged model's wounds: each wound
// adds its roll, up to the model's last wound, and a slain model's place
// is taken by a fresh one. So the chain after a block of B wounds depends
// only on the marks it started from, and the damage of u wounds is that
// of ⌊u/B⌋ blocks and one of u mod B, each drawn in one go from a table of
// the block's outcomes: how many models it slew, the marks it left, and
// how many of its wounds landed on the model left damaged. Blocks of 128,
// 256, ... 1,024 wounds are two blocks of half the size composed, so the
// damage of u wounds is drawn largest blocks first: 10,000 wounds cost about
// a dozen draws, not 10,000 rolls. The unit's size caps the total: once its
// models are all slain the rest is lost.

// chunkSize is the wounds in a block.
const chunkSize = 64

// maxChunkTable bounds a chunker's tables, in probabilities (8 bytes
// each): a volley whose tables would be larger rolls a die a wound.
const maxChunkTable = 2_000_000

// chunker samples the damage of many Multiple Wounds wounds.
type chunker struct {
	w int // the models' Wounds
	// tab[c][n] is the block of n wounds starting from c marks, n ≤
	// chunkSize; its outcomes are indexed (slain·w + marks)·w + onDamaged.
	tab [][]*engine.Discrete
	// big[k][c] is the block of chunkSize·2^(k+1) wounds starting from c
	// marks, indexed the same way: two blocks of half its size one after
	// the other. A volley of 10,000 wounds draws about a dozen blocks.
	big [][]*engine.Discrete
}

// maxChunkLevels bounds the doublings: the largest block is
// chunkSize·2^maxChunkLevels wounds (1,024).
const maxChunkLevels = 4

// maxChunkWork bounds the steps of composing doubled blocks (a few tens
// of milliseconds): models of many Wounds with Multiple Wounds (D6) stop
// doubling sooner.
const maxChunkWork = 20_000_000

// chunkTrim is the probability below which a block outcome is dropped from
// a doubled table before it is composed again: far below what a 64-bit
// draw can tell apart (2^-64 is about 5e-20), it keeps the tables to the
// outcomes that can happen.
const chunkTrim = 1e-24

// newChunker builds the tables of up to wounds wounds of mw at models of
// w Wounds, or returns nil when they would be too large.
func newChunker(mw Amount, w, wounds int) *chunker {
	// pmf[c] is the block of the level below, starting from c marks.
	c, pmf := newBlockChunker(mw, w)
	if c == nil {
		return nil
	}
	cells, work := 0, 0
	for k := 0; k < maxChunkLevels && chunkSize<<(k+1) <= wounds; k++ {
		kept, steps := keep(pmf)
		if work += steps; work > maxChunkWork {
			break // the blocks so far serve: more draws, quicker tables
		}
		next := make([][]float64, w)
		level := make([]*engine.Discrete, w)
		for start := range w {
			next[start] = c.compose(pmf, kept, start)
			cells += len(next[start])
			level[start] = engine.NewDiscrete(next[start])
		}
		if cells > maxChunkTable {
			break
		}
		c.big = append(c.big, level)
		pmf = next
	}
	return c
}

// blockOutcome is one outcome of a block kept for composing, by index.
type blockOutcome struct {
	i int
	p float64
}

// keep returns the outcomes of each block of pmf at or above chunkTrim,
// and the steps composing them costs.
func keep(pmf [][]float64) (kept [][]blockOutcome, work int) {
	kept = make([][]blockOutcome, len(pmf))
	for m, row := range pmf {
		for i, p := range row {
			if p >= chunkTrim {
				kept[m] = append(kept[m], blockOutcome{i, p})
			}
		}
	}
	most := 0
	for _, k := range kept {
		most = max(most, len(k))
	}
	return kept, len(pmf) * most * most
}

// compose returns the block of twice the wounds of pmf's, starting from
// start marks: pmf[start]'s block, then pmf[marks]'s from the marks it
// left. Outcomes below chunkTrim are dropped first.
func (c *chunker) compose(pmf [][]float64, kept [][]blockOutcome, start int) []float64 {
	w := c.w
	out := make([]float64, 2*len(pmf[start]))
	for _, a := range kept[start] {
		s1, m1, o1 := a.i/(w*w), a.i/w%w, a.i%w
		p1 := a.p
		for _, b := range kept[m1] {
			p2, j := b.p, b.i
			s2, m2, o := j/(w*w), j/w%w, j%w
			if s2 == 0 {
				o = min(o1+o, w-1) // the same model, still damaged
			}
			out[((s1+s2)*w+m2)*w+o] += p1 * p2
		}
	}
	// Renormalise for the outcomes dropped (well under 1e-15 in all).
	var sum float64
	for _, p := range out {
		sum += p
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// newBlockChunker builds the tables of up to chunkSize wounds of mw at
// models of w Wounds, and returns them with the outcomes of chunkSize
// wounds from each number of marks; or nil when they would be too large.
func newBlockChunker(mw Amount, w int) (*chunker, [][]float64) {
	mult := multiples(mw)
	maxSlain := chunkSize*len(mult)/w + 1
	size := (maxSlain + 1) * w * w
	if size*(chunkSize+1)*w > maxChunkTable {
		return nil, nil
	}
	c := &chunker{w: w, tab: make([][]*engine.Discrete, w)}
	full := make([][]float64, w)
	for start := range w {
		cur := make([]float64, size)
		cur[start*w] = 1 // nothing slain, start marks, none of this block's on the model
		c.tab[start] = make([]*engine.Discrete, chunkSize+1)
		c.tab[start][0] = engine.NewDiscrete(cur)
		for n := 1; n <= chunkSize; n++ {
			next := make([]float64, size)
			for i, p := range cur {
				if p == 0 {
					continue
				}
				slain, marks, on := i/(w*w), i/w%w, i%w
				for m, pm := range mult {
					if pm == 0 {
						continue
					}
					s2, marks2, on2 := slain, marks+min(m, w-marks), on+1
					if marks2 == w {
						s2, marks2, on2 = slain+1, 0, 0 // the model is slain: a fresh one next
					}
					next[(s2*w+marks2)*w+min(on2, w-1)] += p * pm
				}
			}
			cur = next
			c.tab[start][n] = engine.NewDiscrete(cur)
		}
		full[start] = cur
	}
	return c, full
}

// multiples is P(one wound becomes m wounds), by m.
func multiples(mw Amount) []float64 {
	if mw.Die == 3 || mw.Die == 6 {
		mult := make([]float64, mw.Die+1)
		for m := 1; m <= mw.Die; m++ {
			mult[m] = 1 / float64(mw.Die)
		}
		return mult
	}
	mult := make([]float64, max(mw.N, 1)+1)
	mult[max(mw.N, 1)] = 1
	return mult
}

// sample draws the damage of u wounds on a fresh unit of models models:
// the wounds taken off, at most the unit's, and of them those that landed
// on the model left damaged (0 when none is), as Volley.damage gives them.
func (c *chunker) sample(d *engine.Dice, u, models int) (damage, onDamaged int) {
	w := c.w
	slain, marks, on := 0, 0, 0
	take := func(i int) {
		s, m2, on2 := i/(w*w), i/w%w, i%w
		if s == 0 {
			on += on2 // the same model, still damaged
		} else {
			on = on2
		}
		slain, marks = slain+s, m2
	}
	for k := len(c.big) - 1; k >= 0; k-- {
		for n := chunkSize << (k + 1); u >= n && slain < models; u -= n {
			take(c.big[k][marks].Sample(d))
		}
	}
	for u > 0 && slain < models {
		n := min(u, chunkSize)
		take(c.tab[marks][n].Sample(d))
		u -= n
	}
	if slain >= models {
		return models * w, 0
	}
	if marks == 0 {
		on = 0
	}
	return slain*w + marks, on
}
