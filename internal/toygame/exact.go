package toygame

import "github.com/wargamesim/sim/engine"

// Exact is the distribution of the fight's results, followed round by
// round over the states (models left of the first band, of the second):
// each round's hits are binomial, n = models × attacks, p = (7 − hit_on)/6,
// or 1 − (1 − p)² with misses rolled again. A state where a band has no
// model left, or reached after the last round, ends the fight.
func (k *Skirmish) Exact() (*engine.Exact, error) {
	out := engine.NewExact(k.Metrics(), k.Events())
	n0, n1 := k.sides[0].Models, k.sides[1].Models
	cur := newGrid(n0, n1)
	cur[n0][n1] = 1
	for round := 1; round <= k.maxRounds; round++ {
		next := newGrid(n0, n1)
		for a := 1; a <= n0; a++ {
			for b := 1; b <= n1; b++ {
				if w := cur[a][b]; w > 0 {
					k.step(next, a, b, w)
				}
			}
		}
		for a := range next {
			for b, w := range next[a] {
				if w > 0 && (a == 0 || b == 0 || round == k.maxRounds) {
					k.record1(out, [2]int{a, b}, round, w)
					next[a][b] = 0
				}
			}
		}
		cur = next
	}
	return out, nil
}

// newGrid is a zero probability for every state (a, b), a ≤ n0, b ≤ n1.
func newGrid(n0, n1 int) [][]float64 {
	g := make([][]float64, n0+1)
	for a := range g {
		g[a] = make([]float64, n1+1)
	}
	return g
}

// step adds to next the states one round leads to from (a, b), which has
// probability w.
func (k *Skirmish) step(next [][]float64, a, b int, w float64) {
	p0 := k.hitPMF(0, a)
	if k.rules.Strikes == StrikeTogether {
		p1 := k.hitPMF(1, b)
		for h0, q0 := range p0 {
			for h1, q1 := range p1 {
				next[max(0, a-h1)][max(0, b-h0)] += w * q0 * q1
			}
		}
		return
	}
	for h0, q0 := range p0 {
		b1 := max(0, b-h0)
		if b1 == 0 {
			next[a][0] += w * q0
			continue
		}
		for h1, q1 := range k.hitPMF(1, b1) {
			next[max(0, a-h1)][b1] += w * q0 * q1
		}
	}
}

// hitPMF is the distribution of the hits of models of side s.
func (k *Skirmish) hitPMF(s, models int) []float64 {
	miss := float64(k.sides[s].HitOn-1) / 6
	if k.rules.RerollMisses {
		miss *= miss
	}
	return engine.BinomialPMF(models*k.sides[s].Attacks, 1-miss, miss)
}

// record1 adds to out a fight that ended with left standing after round
// rounds, with probability w: the exact counterpart of record.
func (k *Skirmish) record1(out *engine.Exact, left [2]int, round int, w float64) {
	values, events := make([]int, 3), make([]bool, 3)
	k.record(values, events, left, round)
	for m, v := range values {
		out.PMF[m][v-out.Metrics[m].Min] += w
	}
	for e, happened := range events {
		if happened {
			out.P[e] += w
		}
	}
}
