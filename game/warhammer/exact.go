package warhammer

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// maxExactWork bounds the exact solver's inner steps, so that a huge volley
// gets an error instead of a long wait.
const maxExactWork = 2e9

// Exact computes the distributions a run of v estimates, without sampling
// error ([engine.Solver]).
//
// Attacks move independently through the stages, so the unsaved ordinary
// wounds u and Killing Blows k of N attacks are multinomial with the flow's
// terminal probabilities. For each (u, k) the solver follows the damage
// done by u ordinary wounds (each multiplied by Multiple Wounds and capped
// at the wounds the damaged model has left) as a distribution, applies the
// Killing Blows, then the binomial number of wounds regenerated at the end
// of the phase. It works in float64 throughout ("careful float arithmetic":
// binomial terms from the mode outwards, no subtraction of near-equal sums),
// so each probability is within about 1e-14 of the exact value; the seed
// examples' fractions are tested to 1e-12.
func (v *Volley) Exact() (*engine.Exact, error) {
	n, models, w := v.atk.Count, v.tg.Models, v.tg.W
	hpMax := models * w
	if work := v.exactWork(); work > maxExactWork {
		return nil, fmt.Errorf("exact solution too large: %d attacks on %d wounds; use sim run", n, hpMax)
	}
	out := &engine.Exact{Metrics: v.metrics, Events: v.events, PMF: make([][]float64, len(v.metrics)), P: make([]float64, len(v.events))}
	for i, m := range v.metrics {
		out.PMF[i] = make([]float64, m.Max+1)
	}

	term := v.stages.Terminal(stAttack)
	pu, pk, pr := term[stUnsaved], term[stKBUnsaved], term[stRegenSaved]
	var rest float64 // every other end, summed from its own terms
	for s, p := range term {
		if s != stUnsaved && s != stKBUnsaved {
			rest += p
		}
	}
	// j = u + k unsaved wounds; given j, u is binomial with u's share.
	pj := engine.BinomialPMF(n, pu+pk, rest)
	dmg := v.damage(n, hpMax)

	flaming := v.atk.Rules.Flaming
	regenerable := v.endOfPhaseRegen && !flaming
	var regenPMF [][]float64
	if v.endOfPhaseRegen {
		x := 7 - int(v.tg.Defence.Regeneration)
		regenPMF = make([][]float64, hpMax+1)
		for r := range regenPMF {
			regenPMF[r] = engine.BinomialPMF(r, float64(x)/6, float64(6-x)/6)
		}
	}

	// First gather the probability of each (damage d, Killing Blows k,
	// Regeneration dice r) triple: everything after the wounds depends on
	// these alone. k is capped at the models (more slay no one), and r is 0
	// when there is no end-of-phase Regeneration.
	kMax := 0
	if pk > 0 {
		kMax = models
	}
	rMax := 0
	if v.endOfPhaseRegen && !flaming {
		rMax = hpMax
	}
	idx := func(d, k, r int) int { return (d*(kMax+1)+k)*(rMax+1) + r }
	weight := make([]float64, (hpMax+1)*(kMax+1)*(rMax+1))
	// The wounds Regeneration may restore after damage d and k Killing
	// Blows, looked up rather than worked out in the inner loop.
	var regenLost []int
	if rMax > 0 {
		regenLost = make([]int, (hpMax+1)*(kMax+1))
		for d := 0; d <= hpMax; d++ {
			for k := 0; k <= kMax; k++ {
				regenLost[d*(kMax+1)+k] = v.afterWounds(d, k, regenerable).regenLost
			}
		}
	}
	for j := 0; j <= n; j++ {
		if pj[j] == 0 {
			continue
		}
		out.PMF[mUnsaved][j] += pj[j]
		if flaming && j > 0 && len(out.P) > eLostRegen {
			out.P[eLostRegen] += pj[j]
		}
		// Given j unsaved wounds, the ordinary ones are binomial with
		// their share of the unsaved chance.
		share := []float64{1}
		if pk > 0 {
			share = engine.BinomialPMF(j, pu/(pu+pk), pk/(pu+pk))
		}
		for i, ps := range share {
			u, k := i, j-i // share[i] is P(i ordinary wounds)
			if pk == 0 {
				u, k = j, 0
			}
			if ps == 0 {
				continue
			}
			for dj, pd := range dmg[u] {
				if pd == 0 {
					continue
				}
				d, onDamaged := dj/w, dj%w
				k := min(k, kMax)
				r := 0
				if rMax > 0 {
					r = regenLost[d*(kMax+1)+k]
					if v.rs.RegenDice == RegenPerUnsavedWound {
						// One die per unsaved wound, less those on the
						// damaged model when a Killing Blow then slays it.
						dice := u
						if k > 0 && v.rs.KillingBlowOrder == KBAfterOtherWounds {
							dice -= onDamaged
						}
						r = min(r, dice)
					}
				}
				weight[idx(d, k, r)] += pj[j] * ps * pd
			}
		}
	}
	// Then, for each (d, k), the chance of each number g of wounds
	// regenerated, summed over the dice r first: the unit after g
	// regenerated wounds depends on g alone.
	regen := make([]float64, rMax+1)
	for d := 0; d <= hpMax; d++ {
		for k := 0; k <= kMax; k++ {
			s := v.afterWounds(d, k, regenerable)
			if rMax == 0 {
				if p := weight[idx(d, k, 0)]; p != 0 {
					v.record(out, s, 0, p)
				}
				continue
			}
			clear(regen)
			top := -1
			for r := 0; r <= rMax; r++ {
				p := weight[idx(d, k, r)]
				if p == 0 {
					continue
				}
				top = max(top, r)
				for g, pg := range regenPMF[r] {
					regen[g] += p * pg
				}
			}
			for g := 0; g <= top; g++ {
				if regen[g] == 0 {
					continue
				}
				t := s
				t.regenerate(g)
				v.record(out, t, g, regen[g])
			}
		}
	}
	if !v.endOfPhaseRegen && len(out.PMF) > mRegenerated {
		// Regeneration as a save: the wounds it saved are binomial.
		var other float64
		for s, p := range term {
			if s != stRegenSaved {
				other += p
			}
		}
		copy(out.PMF[mRegenerated], engine.BinomialPMF(n, pr, other))
	}
	return out, nil
}

// exactWork estimates the inner steps of Exact: the damage table (each
// count of wounds, on each damage state, by each Multiple Wounds result),
// the split of each count of unsaved wounds into ordinary wounds and
// Killing Blows (with Killing Blow) over the damage states, and the
// Regeneration dice of each outcome.
func (v *Volley) exactWork() float64 {
	n, hp := float64(v.atk.Count+1), float64(v.tg.Models*v.tg.W+1)
	states := hp * float64(v.tg.W)
	mw := float64(max(v.atk.Rules.MultipleWounds.Max(), 1))
	work := n * states * mw
	split, kbs := n, 1.0
	if v.atk.Rules.KillingBlow || v.atk.Rules.HeroicKillingBlow {
		split, kbs = n*n/2, float64(v.tg.Models+1)
	}
	work += split * states
	if v.endOfPhaseRegen {
		work += hp * kbs * hp * hp / 2
	}
	return work
}

// damage returns dmg[u][d·W+j]: the probability that u ordinary unsaved
// wounds do d wounds of damage to an unwounded unit, j of them landing on
// the model left damaged (0 when none is), each wound multiplied by Multiple
// Wounds and capped at what the damaged model has left. d is capped at
// hpMax: the bucket hpMax holds "the whole unit or more". j matters when a
// Killing Blow then slays that model: its wounds roll no Regeneration dice.
func (v *Volley) damage(n, hpMax int) [][]float64 {
	w := v.tg.W
	mw := v.atk.Rules.MultipleWounds
	var mult []float64 // mult[m] = P(one wound becomes m wounds)
	switch mw.Die {
	case 3, 6:
		mult = make([]float64, mw.Die+1)
		for m := 1; m <= mw.Die; m++ {
			mult[m] = 1 / float64(mw.Die)
		}
	default:
		mult = make([]float64, max(mw.N, 1)+1)
		mult[max(mw.N, 1)] = 1
	}
	size := (hpMax + 1) * w
	dmg := make([][]float64, n+1)
	dmg[0] = make([]float64, size)
	dmg[0][0] = 1
	for i := 1; i <= n; i++ {
		cur := make([]float64, size)
		for dj, p := range dmg[i-1] {
			if p == 0 {
				continue
			}
			d, j := dj/w, dj%w
			if d == hpMax {
				cur[hpMax*w] += p
				continue
			}
			left := w - d%w
			for m, pm := range mult {
				if pm == 0 {
					continue
				}
				d2 := min(d+min(m, left), hpMax)
				j2 := j + 1
				if d2%w == 0 || d2 == hpMax {
					j2 = 0 // the model is slain, or the unit
				}
				cur[d2*w+j2] += p * pm
			}
		}
		dmg[i] = cur
	}
	return dmg
}

// afterWounds is the unit after ordinary damage d and k Killing Blows, in
// the order the ruleset gives, before Regeneration.
func (v *Volley) afterWounds(d, k int, regenerable bool) unitState {
	models, w := v.tg.Models, v.tg.W
	u := newUnitState(models, w)
	if v.rs.KillingBlowOrder == KBBeforeOtherWounds {
		for range k {
			u.killingBlow(v.rs)
		}
	}
	// d wounds of damage on fresh models are d single wounds: the same
	// marks, models and tallies.
	u.woundEach(d, regenerable)
	if v.rs.KillingBlowOrder == KBAfterOtherWounds {
		for range k {
			u.killingBlow(v.rs)
		}
	}
	return u
}

// record adds probability p of the final state s, with g wounds
// regenerated at the end of the phase, to out.
func (v *Volley) record(out *engine.Exact, s unitState, g int, p float64) {
	out.PMF[mWounds][s.scored] += p
	out.PMF[mCasualties][v.tg.Models-s.alive] += p
	out.PMF[mCarried][s.carried] += p
	if v.endOfPhaseRegen {
		out.PMF[mRegenerated][g] += p
	}
	if s.alive == 0 {
		out.P[eDestroyed] += p
	}
}
