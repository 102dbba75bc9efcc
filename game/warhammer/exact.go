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
	n, hpMax := v.atk.Count, v.tg.Models*v.tg.W
	if work := v.exactWork(); work > maxExactWork {
		return nil, fmt.Errorf("exact solution too large: %d attacks on %d wounds; use sim run", n, hpMax)
	}
	out := engine.NewExact(v.metrics, v.events)
	term := v.stages.Terminal(stAttack)
	v.regenerate(out, v.joint(out, term))
	if !v.endOfPhaseRegen && len(out.PMF) > mRegenerated {
		// Regeneration as a save: the wounds it saved are binomial.
		var other float64
		for s, p := range term {
			if s != stRegenSaved {
				other += p
			}
		}
		copy(out.PMF[mRegenerated], engine.BinomialPMF(n, term[stRegenSaved], other))
	}
	return out, nil
}

// volleyJoint is what every metric after the wounds depends on.
// Everything after them depends on the damage d, the Killing Blows k
// (capped at the models: more slay no one) and the Regeneration dice r
// (0 without end-of-phase Regeneration). And every metric after g wounds
// regenerated depends on (d, k) only through the unit's wounds scored and
// wounds left (hit points) before it: it scores g fewer and stands up on
// g more. So the solver gathers the joint chance of (scored, r) and of
// (hit points, r), and the chance of r, and rolls the dice on those alone.
type volleyJoint struct {
	kMax, rMax, rows, scoredMax int
	after                       []afterOutcome
	byScored, byHP, byR         []float64 // [scored·rows + r], [hp·rows + r], [r]
	regenPMF                    [][]float64
}

// joint works out the unsaved wounds into out, and returns the joint
// chances of what follows them, for attacks that end as term says.
func (v *Volley) joint(out *engine.Exact, term []float64) *volleyJoint {
	n, models := v.atk.Count, v.tg.Models
	hpMax := models * v.tg.W
	pu, pk := term[stUnsaved], term[stKBUnsaved]
	var rest float64 // every other end, summed from its own terms
	for s, p := range term {
		if s != stUnsaved && s != stKBUnsaved {
			rest += p
		}
	}
	// j = u + k unsaved wounds; given j, u is binomial with u's share.
	pj := engine.BinomialPMF(n, pu+pk, rest)
	dmg := v.damage(n, hpMax)
	// Each row of dmg is zero outside one stretch of damage states: the
	// loops run over that stretch alone.
	lo, hi := make([]int, len(dmg)), make([]int, len(dmg))
	for u, row := range dmg {
		lo[u], hi[u] = nonzero(row)
	}
	flaming := v.atk.Rules.Flaming
	jt := &volleyJoint{}
	if v.endOfPhaseRegen {
		x := 7 - int(v.tg.Defence.Regeneration)
		jt.regenPMF = make([][]float64, hpMax+1)
		for r := range jt.regenPMF {
			jt.regenPMF[r] = engine.BinomialPMF(r, float64(x)/6, float64(6-x)/6)
		}
	}
	if pk > 0 {
		jt.kMax = models
	}
	if v.endOfPhaseRegen && !flaming {
		jt.rMax = hpMax
	}
	jt.after = v.afterTable(jt.kMax, v.endOfPhaseRegen && !flaming)
	jt.rows = jt.rMax + 1
	for _, a := range jt.after {
		jt.scoredMax = max(jt.scoredMax, a.scored)
	}
	jt.byScored = make([]float64, (jt.scoredMax+1)*jt.rows)
	jt.byHP = make([]float64, (hpMax+1)*jt.rows)
	jt.byR = make([]float64, jt.rows)
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
			v.damaged(jt, dmg[u][lo[u]:hi[u]], lo[u], u, min(k, jt.kMax), pj[j]*ps)
		}
	}
	return jt
}

// damaged adds to jt what u ordinary wounds and k Killing Blows do, with
// probability q: row is the stretch of their damage row (dmg[u]) from
// damage state lo on.
func (v *Volley) damaged(jt *volleyJoint, row []float64, lo, u, k int, q float64) {
	w := v.tg.W
	for x, pd := range row {
		if pd == 0 {
			continue
		}
		dj := lo + x
		d, onDamaged := dj/w, dj%w
		a := &jt.after[d*(jt.kMax+1)+k]
		r := 0
		if jt.rMax > 0 {
			r = a.regenLost
			if v.rs.RegenDice == RegenPerUnsavedWound {
				// One die per unsaved wound, less those on the damaged
				// model when a Killing Blow then slays it.
				dice := u
				if k > 0 && v.rs.KillingBlowOrder == KBAfterOtherWounds {
					dice -= onDamaged
				}
				r = min(r, dice)
			}
		}
		p := q * pd
		jt.byScored[a.scored*jt.rows+r] += p
		jt.byHP[a.hp*jt.rows+r] += p
		jt.byR[r] += p
	}
}

// regenerate rolls the Regeneration dice of jt into out: the wounds
// scored, casualties, the wounds on the last model, the unit destroyed,
// the wounds regenerated.
func (v *Volley) regenerate(out *engine.Exact, jt *volleyJoint) {
	models, w := v.tg.Models, v.tg.W
	rows := jt.rows
	regen := make([]float64, rows)
	for sc := 0; sc <= jt.scoredMax; sc++ {
		for g, p := range regenerated(regen, jt.byScored[sc*rows:(sc+1)*rows], jt.regenPMF) {
			out.PMF[mWounds][sc-g] += p
		}
	}
	for hp := 0; hp <= models*w; hp++ {
		for g, p := range regenerated(regen, jt.byHP[hp*rows:(hp+1)*rows], jt.regenPMF) {
			h := hp + g
			alive := (h + w - 1) / w
			out.PMF[mCasualties][models-alive] += p
			out.PMF[mCarried][alive*w-h] += p
			if alive == 0 {
				out.P[eDestroyed] += p
			}
		}
	}
	if v.endOfPhaseRegen {
		copy(out.PMF[mRegenerated], regenerated(regen, jt.byR, jt.regenPMF))
	}
}

// afterOutcome is what the solver needs of the unit after damage d and k
// Killing Blows, before Regeneration.
type afterOutcome struct {
	scored, hp, regenLost int
}

// afterTable returns the unit after each damage d and Killing Blows k,
// at index d·(kMax+1)+k.
func (v *Volley) afterTable(kMax int, regenerable bool) []afterOutcome {
	hpMax := v.tg.Models * v.tg.W
	t := make([]afterOutcome, (hpMax+1)*(kMax+1))
	for d := 0; d <= hpMax; d++ {
		for k := 0; k <= kMax; k++ {
			s := v.afterWounds(d, k, regenerable)
			t[d*(kMax+1)+k] = afterOutcome{s.scored, s.alive*s.w - s.carried, s.regenLost}
		}
	}
	return t
}

// regenerated returns, in buf, the chance of each number g of wounds
// regenerated, given the chance byR[r] of rolling r Regeneration dice
// (binomial: regenPMF[r]); byR of length 1 (no Regeneration) gives g = 0.
// It stops after the last r with weight, and returns nothing when there is
// none.
func regenerated(buf, byR []float64, regenPMF [][]float64) []float64 {
	top := len(byR)
	for top > 0 && byR[top-1] == 0 {
		top--
	}
	buf = buf[:top]
	clear(buf)
	for r, p := range byR[:top] {
		if p == 0 {
			continue
		}
		if regenPMF == nil {
			buf[0] += p
			continue
		}
		for g, pg := range regenPMF[r] {
			buf[g] += p * pg
		}
	}
	return buf
}

// nonzero returns the stretch [lo, hi) of row outside which it is zero
// (lo = hi when it is zero throughout).
func nonzero(row []float64) (lo, hi int) {
	for hi = len(row); hi > 0 && row[hi-1] == 0; hi-- {
	}
	for lo = 0; lo < hi && row[lo] == 0; lo++ {
	}
	return lo, hi
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
		work += hp * kbs * hp // the table of units after (d, k)
		work += 2 * hp * hp * hp / 2
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
	mult := multiples(v.atk.Rules.MultipleWounds) // mult[m] = P(one wound becomes m wounds)
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
