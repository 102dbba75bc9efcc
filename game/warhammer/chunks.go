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
// how many of its wounds landed on the model left damaged. A volley of
// 10,000 wounds costs about 160 draws, not 10,000 rolls. The unit's size
// caps the total: once its models are all slain the rest is lost.

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
}

// newChunker builds the tables of wounds of mw at models of w Wounds, or
// returns nil when they would be too large.
func newChunker(mw Amount, w int) *chunker {
	mult := multiples(mw)
	maxSlain := chunkSize*len(mult)/w + 1
	size := (maxSlain + 1) * w * w
	if size*(chunkSize+1)*w > maxChunkTable {
		return nil
	}
	c := &chunker{w: w, tab: make([][]*engine.Discrete, w)}
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
	}
	return c
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
	for u > 0 && slain < models {
		n := min(u, chunkSize)
		i := c.tab[marks][n].Sample(d)
		s, m2, on2 := i/(w*w), i/w%w, i%w
		if s == 0 {
			on += on2 // the same model, still damaged
		} else {
			on = on2
		}
		slain, marks, u = slain+s, m2, u-n
	}
	if slain >= models {
		return models * w, 0
	}
	if marks == 0 {
		on = 0
	}
	return slain*w + marks, on
}
