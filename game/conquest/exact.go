package conquest

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// maxExactPool bounds the Wound Pool the exact solver follows, so that a
// huge action gets an error instead of a long wait.
const maxExactPool = 2000

// Exact computes the distributions a run of s estimates, without sampling
// error ([engine.Solver]).
//
// Attacks are independent and alike within a packet, so a packet's hits and
// Wound Pool are the n-fold convolutions of one attack's (hits 0..2, wounds
// 0..4: a hit on a natural 1 may add a hit, Deadly Blades may double a
// wound), and the action's are the convolution of its packets'. For each
// pool P the casualties follow exactly; the Morale dice fail binomially,
// with the Resolve the regiment has after those casualties; their wounds
// follow exactly again. Arithmetic is float64 throughout, each probability
// within about 1e-14 of the exact value.
func (s *Strike) Exact() (*engine.Exact, error) {
	if mp := s.maxPool(); mp > maxExactPool {
		return nil, fmt.Errorf("exact solution too large: a Wound Pool of up to %d wounds; use sim run", mp)
	}
	out := engine.NewExact(s.metrics, s.events)
	hits, pool := []float64{1}, []float64{1}
	ps, ns := s.packets()
	for i, p := range ps {
		if p == nil || ns[i] == 0 {
			continue
		}
		h, w := p.attacks(ns[i])
		hits = convolve(hits, h)
		pool = convolve(pool, w)
	}
	pool, err := s.a.tenaciousPMF(pool, ps)
	if err != nil {
		return nil, err
	}
	copy(out.PMF[smHits], hits)

	for p, pp := range pool {
		if pp == 0 {
			continue
		}
		out.PMF[smPool][p] += pp
		s.a.sufferExact(s.kind, s.tgt.start, p, pp, func(tg *state, f, wounds, cas, _ int, q float64) {
			s.record(out, tg, f, wounds, cas, q)
		})
	}
	return out, nil
}

// sufferExact is [attacker.suffer] followed outcome by outcome: a Wound
// Pool of pool wounds, with probability pp, on the target in state tg.
// For each outcome it calls visit with the target's state after it, the
// failed Morale dice, the wounds taken, the models lost, the wounds its
// Character took and the probability.
func (a *attacker) sufferExact(kind Kind, tg state, pool int, pp float64, visit func(tg *state, failures, wounds, casualties, char int, p float64)) {
	t := a.tgt
	before := t.stands(&tg)
	taken, cas, ch := t.wound(&tg, pool)
	if tg.destroyed || taken == 0 || kind == Volley && !a.rs.VolleyMorale {
		visit(&tg, 0, taken, cas, ch, pp)
		return
	}
	a.moraleExact(kind, tg, before, taken, cas, ch, pp, visit)
}

// moraleExact is [attacker.moraleTest] followed outcome by outcome: the
// target in state tg, which had before stands, has taken taken wounds,
// cas models and ch of its Character's wounds, with probability pp.
func (a *attacker) moraleExact(kind Kind, tg state, before, taken, cas, ch int, pp float64, visit func(tg *state, failures, wounds, casualties, char int, p float64)) {
	t := a.tgt
	st := t.stands(&tg)
	if a.rs.SizeCounted == SizeBeforeAction {
		st = before
	}
	o := a.morale[min(max(t.resolve(&tg, st, a.terrorOf(kind)), 0), 5)].Odds()
	fails := engine.BinomialPMF(taken, o.P(Fail)+o.P(FailSix), o.PassP())
	for f, pf := range fails {
		if pf == 0 {
			continue
		}
		tg2 := tg
		w, c, ch2 := t.wound(&tg2, a.moraleWoundsOf(f))
		visit(&tg2, f, taken+w, cas+c, ch+ch2, pp*pf)
	}
}

// record adds probability p of the target ending in state tg after f
// failed Morale dice, wounds suffered and casualties.
func (s *Strike) record(out *engine.Exact, tg *state, f, wounds, casualties int, p float64) {
	t := s.tgt
	out.PMF[smFailures][f] += p
	out.PMF[smWounds][wounds] += p
	out.PMF[smCasualties][casualties] += p
	if len(out.PMF) > smStandsLost {
		out.PMF[smStandsLost][t.standsOf(t.start.health)-t.standsOf(tg.health)] += p
	}
	if tg.broken {
		out.P[seBroken] += p
	}
	if tg.shattered {
		out.P[seShattered] += p
	}
	if tg.destroyed {
		out.P[seDestroyed] += p
	}
}
