package conquest

import (
	"errors"
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// maxFightStates bounds the distinct states of the regiments the
// exact solver of a fight follows, maxFightOutcomes the outcomes of the
// steps it works out (a Wound Pool, its failed Morale dice and the hits
// struck back; each a merge into the step's outcomes, some hundred
// nanoseconds), and maxFightWork the probabilities its passes
// for the whole-fight tallies hold at once (the states before a step,
// times the values of the tally), so that a fight too large gets an error
// within a second or two instead of a long wait or a large memory. The
// built-ins need a few thousand states and under a million outcomes.
const (
	maxFightStates   = 50_000
	maxFightOutcomes = 3_000_000
	maxFightWork     = 20_000_000
	// maxFightMoves bounds the outcomes the base pass follows over all
	// turns (about a second), maxFightTallyWork the steps of the tally
	// passes over them (about two): more turns multiply both.
	maxFightMoves     = 10_000_000
	maxFightTallyWork = 2_000_000_000
)

// The whole-fight tallies of one regiment, as a step adds to them.
const (
	tCasualties = iota
	tWounds
	tFailures
	tSpent
	tLost
	tRestored
	tBlocked    // 1 when a heal of the step was blocked at step 4 (see [fightTrial.healed])
	tCharWounds // wounds its Character took
	tCharHealed // Heal Points spent on its Character (step 1)
	nTallies
)

// fstep is one random step of a turn: a heal source of side's
// activation (heal ≥ 0), or one of its actions.
type fstep struct {
	side int
	to   int // the regiment an Aura of Death strikes
	heal int // index into the regiment's Healing, or -1
	act  Action
	when int8 // -1: always; 0: only when army 0 activates first this turn; 1: only when army 1 does
}

// activation appends the steps of side i's activation in the first turn
// (later 0) or a later one, taken when when says ([fstep]).
func (e *fightExact) activation(later, i int, when int8) {
	f := e.f
	s := &f.cc.Sides[i]
	add := func(st fstep) {
		st.side, st.when = i, when
		e.steps[later] = append(e.steps[later], st)
	}
	if f.drawRally(i) {
		add(fstep{heal: -1, act: actDrawRally})
	}
	for h := range s.Regiment.Healing {
		add(fstep{heal: h})
	}
	acts := s.FirstTurn
	if later == 1 {
		acts = s.Actions
	}
	for _, a := range acts {
		add(fstep{heal: -1, act: a})
	}
	if f.units[i].decay > 0 {
		add(fstep{heal: -1, act: actDecay})
	}
}

// fkey is the state of every regiment between two steps (those beyond
// the fight's are zero).
type fkey [MaxRegiments]state

// tallies is what a step added to each regiment's tallies: the mark of
// an outcome in the chain.
type tallies [MaxRegiments][nTallies]int16

// outs gathers the outcomes of a step from one state.
type outs = engine.Outcomes[fkey, tallies]

// fightExact is the exact solution of a fight under construction: the
// fight as an [engine.Chain] over fkey, each random step of a turn a
// step of the chain.
type fightExact struct {
	f     *Fight
	c     *engine.Chain[fkey, tallies]
	steps [2][]fstep            // the steps of the first turn, and of every later one
	ids   [2][]engine.Step      // those steps in the chain
	turn  engine.Step           // a turn's start: the stands each regiment starts it with
	pools map[poolKey][]float64 // Wound Pool of n attacks of a packet
	amts  map[Amount][]float64  // distribution of a heal amount
}

type poolKey struct {
	p       *packet
	n, base int // attacks, and the base of the hits struck back ([packet.attacksBack])
}

// Exact computes the distributions a run of f estimates, without sampling
// error ([engine.Solver]): the fight as an absorbing Markov chain
// ([engine.Chain]) whose state, between two random steps of a turn (a
// heal source, an action), is every regiment's state (health, Character,
// Broken, Shattered, destroyed, the stands at the start of the turn); a
// fight with an army gone is over. Each step is followed outcome by
// outcome with its probability, by the functions a trial uses (wound,
// checkBroken, resolve, heal, fullRestore); equal states merge, and each
// step's outcomes from a state are worked out once, however many turns
// meet it. The metrics of the final state (stands, models, Broken …) and
// of each turn's end come from the chain's distributions; each
// whole-fight tally (casualties, wounds, Morale failures, Heal Points
// spent and lost, models restored, a blocked heal, the Heal Points spent
// in one turn) is marked on the outcomes, and its distribution is a pass
// of its own over the chain ([engine.Chain.Tallies]). Exact returns an
// error, before a long wait, when the fight outgrows the limits above.
func (f *Fight) Exact() (*engine.Exact, error) {
	e := newFightExact(f)
	out := engine.NewExact(f.metrics, f.events)
	starts, err := e.base(out)
	if err != nil {
		return nil, e.tooLarge(err)
	}
	ps := e.passes()
	ts := make([]engine.Tally[tallies], len(ps))
	for j, p := range ps {
		i, t := p.side, p.tally
		ts[j] = engine.Tally[tallies]{Of: func(d tallies) int { return int(d[i][t]) }, Width: 2, Clamp: t == tBlocked}
		if p.metric >= 0 {
			ts[j].Width = f.metrics[p.metric].Max + 1
		}
		if p.turn > 0 {
			ts[j].From, ts[j].To = starts[p.turn-1], starts[p.turn]
		}
	}
	pmfs, err := e.c.Tallies(ts)
	if err != nil {
		return nil, e.tooLarge(err)
	}
	for j, p := range ps {
		if p.metric < 0 {
			out.P[f.sides[p.side].eBlocked] = pmfs[j][1]
			continue
		}
		copy(out.PMF[p.metric], pmfs[j])
	}
	return out, nil
}

// newFightExact lays out f's steps, turn by turn, as steps of a chain.
func newFightExact(f *Fight) *fightExact {
	e := &fightExact{f: f, c: engine.NewChain[fkey, tallies](), pools: map[poolKey][]float64{}, amts: map[Amount][]float64{}}
	e.c.Absorbing = f.over
	e.c.Limits = engine.ChainLimits{States: maxFightStates, Outcomes: maxFightOutcomes, Moves: maxFightMoves,
		TallyHeld: maxFightWork, TallyWork: maxFightTallyWork}
	for later := range 2 {
		for i := range f.cc.Sides {
			if f.auraIn(i, 1+later) { // the Supremacy Phase, before any activation
				for _, j := range f.contacts[i] {
					e.steps[later] = append(e.steps[later], fstep{side: i, to: j, heal: -1, act: actAura, when: -1})
				}
			}
		}
		if f.cc.Activation == RollOff {
			// The armies' activations in either order, as the roll-off
			// the state records says.
			e.steps[later] = append(e.steps[later], fstep{side: 0, heal: -1, act: actRollOff, when: -1})
			for first := range 2 {
				for _, i := range f.orders[first] {
					e.activation(later, i, int8(first))
				}
			}
		} else {
			for _, i := range f.orders[0] {
				e.activation(later, i, -1)
			}
		}
		for _, st := range e.steps[later] {
			e.ids[later] = append(e.ids[later], e.c.Step(func(k fkey, o *outs) error { return e.outcomes(st, k, o) }))
		}
	}
	e.turn = e.c.Step(func(k fkey, o *outs) error {
		o.Add(e.startTurn(k), tallies{}, 1)
		return nil
	})
	return e
}

// pass is one whole-fight tally to follow: side's tally, into metric
// (−1: the event of a blocked heal), over the whole fight (turn 0) or in
// that turn alone.
type pass struct{ side, metric, tally, turn int }

// passes lists the tallies the fight reports.
func (e *fightExact) passes() []pass {
	f := e.f
	var passes []pass
	for i := range f.sides {
		fs := &f.sides[i]
		passes = append(passes, pass{i, fs.mCasualties, tCasualties, 0}, pass{i, fs.mWounds, tWounds, 0}, pass{i, fs.mFailures, tFailures, 0})
		for k := 1; k <= f.turnsN; k++ {
			passes = append(passes, pass{i, fs.mTurnWounds + k - 1, tWounds, k})
		}
		if fs.healer {
			passes = append(passes, pass{i, fs.mSpent, tSpent, 0}, pass{i, fs.mLost, tLost, 0}, pass{i, fs.mRestored, tRestored, 0}, pass{i, -1, tBlocked, 0})
			for k := 1; k <= f.turnsN; k++ {
				passes = append(passes, pass{i, fs.mTurnSpent + k - 1, tSpent, k})
			}
		}
		if fs.mCharWounds >= 0 {
			passes = append(passes, pass{i, fs.mCharWounds, tCharWounds, 0}, pass{i, fs.mCharHealed, tCharHealed, 0})
		}
	}
	return passes
}

// tooLarge words a limit the chain met for a user.
func (e *fightExact) tooLarge(err error) error {
	var le *engine.LimitError
	if !errors.As(err, &le) {
		return err
	}
	switch le.Limit {
	case engine.LimitStates:
		return fmt.Errorf("exact solution too large: more than %d states of the regiments; use sim run", le.Max)
	case engine.LimitOutcomes:
		return fmt.Errorf("exact solution too large: more than %d outcomes of actions to follow; use sim run", le.Max)
	case engine.LimitMoves:
		return fmt.Errorf("exact solution too large: more than %d outcomes to follow over %d turns; use sim run", le.Max, e.f.cc.Turns)
	case engine.LimitTallyHeld:
		return fmt.Errorf("exact solution too large: %d states before a step, each with a distribution of a tally, %d probabilities (at most %d); use sim run", e.c.Widest(), le.Got, le.Max)
	}
	return fmt.Errorf("exact solution too large: %d outcomes followed over %d turns, %d steps of the tallies (at most %d); use sim run", e.c.Moved(), e.f.cc.Turns, le.Got, le.Max)
}

// startTurn sets the stands each regiment starts the turn with, as a trial
// does.
func (e *fightExact) startTurn(k fkey) fkey {
	for i := range e.f.n {
		k[i].turnStands = e.f.units[i].stands(&k[i])
		k[i].inspired, k[i].aimed, k[i].blessed = false, false, false
	}
	return k
}

// base follows the fight's states through its turns, for the turns
// fought, the stands after each turn and the metrics and events of the
// final state. It returns the stage each turn starts at, and after the
// last the stage the fight ends at.
func (e *fightExact) base(out *engine.Exact) ([]int, error) {
	f, c := e.f, e.c
	dist, err := c.Start(f.start())
	if err != nil {
		return nil, err
	}
	alive := 1.0 // P(no regiment destroyed before this turn)
	var starts []int
	for turn := 1; turn <= f.cc.Turns; turn++ {
		stillAlive := 0.0
		for k, p := range c.All(dist) {
			if !f.over(k) {
				stillAlive += p
			}
		}
		// A fight over before turn k was fought k − 1 turns.
		out.PMF[0][turn-1-f.metrics[0].Min] += alive - stillAlive
		alive = stillAlive
		starts = append(starts, c.Stages())
		steps := append([]engine.Step{e.turn}, e.ids[boolIndex(turn > 1)]...)
		for _, st := range steps {
			if dist, err = c.Advance(dist, st); err != nil {
				return nil, err
			}
		}
		if turn <= f.turnsN {
			for k, p := range c.All(dist) {
				for s := range f.n {
					out.PMF[f.sides[s].mTurnStands+turn-1][f.units[s].standsOf(k[s].health)] += p
				}
			}
		}
	}
	out.PMF[0][f.cc.Turns-f.metrics[0].Min] += alive
	for k, p := range c.All(dist) {
		e.final(out, k, p)
	}
	return append(starts, c.Stages()), nil
}

// final adds the metrics and events of final state k, of probability p.
func (e *fightExact) final(out *engine.Exact, k *fkey, p float64) {
	f := e.f
	for s := range f.n {
		u, fs, st := f.units[s], &f.sides[s], &k[s]
		out.PMF[fs.mStands][u.standsOf(st.health)] += p
		if fs.mModels >= 0 {
			out.PMF[fs.mModels][u.modelsOf(st.health)] += p
		}
		for _, ev := range [...]struct {
			e  int
			on bool
		}{{fs.eBroken, st.broken || st.rallied}, {fs.eRallied, st.rallied}, {fs.eShattered, st.shattered},
			{fs.eDestroyed, st.destroyed}, {fs.eCharSlain, st.charSlain}} {
			if ev.on {
				out.P[ev.e] += p
			}
		}
	}
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// outcomes gives the outcomes of step st from state k, a fight not over.
func (e *fightExact) outcomes(st fstep, k fkey, o *outs) error {
	switch {
	case st.when >= 0 && st.when != int8(boolIndex(k[0].second)), k[st.side].destroyed && st.act != actRollOff:
		o.Add(k, tallies{}, 1)
	case st.act == actRollOff:
		e.rollOff(k, o)
	case st.heal >= 0:
		e.healSource(st.side, st.heal, k, o)
	case st.act == ActCast && (k[st.side].charIdle || k[st.side].char <= 0):
		o.Add(k, tallies{}, 1) // he foregoes it for his Draw Event Rally, or is slain
	case st.act == ActCast:
		return e.cast(st.side, k, o)
	case st.act == actDecay:
		e.decay(st.side, k, o)
	case st.act == actAura && k[st.to].destroyed:
		o.Add(k, tallies{}, 1)
	case st.act == actAura:
		return e.aura(st.side, st.to, k, o)
	case st.act == actDrawRally:
		e.drawRally(st.side, k, o)
	case st.act == ActDuel:
		e.duel(st.side, k, o)
	case !st.act.attacks():
		e.command(st.side, st.act, k, o)
	default:
		return e.attack(st.side, st.act, k, o)
	}
	return nil
}

// healed is the tallies of a heal's result on side i, which left the
// regiment at health after; before is its health before it
// ([fightTrial.healed]).
func (e *fightExact) healed(i int, after int, res HealResult, before int) tallies {
	u := e.f.units[i]
	var t tallies
	d := &t[i]
	d[tSpent], d[tLost] = int16(res.Spent), int16(res.Lost)
	d[tRestored] = int16(u.modelsOf(after) - u.modelsOf(before))
	d[tCharHealed] = int16(res.CharacterMarkers)
	if res.Stop == StopBlocked && (res.Lost > 0 || res.Points == 0) {
		d[tBlocked] = 1
	}
	return t
}

// healSource is side i's heal source h from state k ([fightTrial.activate]).
func (e *fightExact) healSource(i, h int, k fkey, o *outs) {
	f := e.f
	hs := f.cc.Sides[i].Regiment.Healing[h]
	u, fs := f.units[i], &f.sides[i]
	withChar := hs.Kind != HealRegeneration || !f.rs.RegenSkipsCharacter
	before := k[i].health
	if hs.Kind == HealRegeneration && f.rs.Regeneration == RegenFullRestore {
		res := u.fullRestore(&k[i], withChar, fs.rearBlocked)
		o.Add(k, e.healed(i, k[i].health, res, before), 1)
		return
	}
	for pts, p := range e.amount(hs.Amount) {
		if p == 0 {
			continue
		}
		k2 := k
		res := u.heal(&k2[i], pts, withChar, fs.rearBlocked, nil)
		o.Add(k2, e.healed(i, k2[i].health, res, before), p)
	}
}

// amount returns the distribution of a: N plus Dice dice of Sides sides
// (a D3 is a D6 halved, rounding up: each of 1..3 one chance in three).
func (e *fightExact) amount(a Amount) []float64 {
	if pmf, ok := e.amts[a]; ok {
		return pmf
	}
	die := make([]float64, a.Sides+1)
	for v := 1; v <= a.Sides; v++ {
		die[v] = 1 / float64(a.Sides)
	}
	pmf := make([]float64, a.N+1)
	pmf[a.N] = 1
	pmf = convolve(pmf, power(die, a.Dice))
	e.amts[a] = pmf
	return pmf
}

// decay is side i's Decay from state k ([fightTrial.decay]): its 5s and 6s
// are binomial, each a wound, with no Morale test.
func (e *fightExact) decay(i int, k fkey, o *outs) {
	u := e.f.units[i]
	for w, p := range engine.BinomialPMF(u.decay*u.standsOf(k[i].health), decayDie, 1-decayDie) {
		if p == 0 {
			continue
		}
		to := k
		taken, cas, ch := u.wound(&to[i], w)
		var d tallies
		d[i] = woundTally(0, taken, cas, ch)
		e.hitsBack(i, -1, 0, outcome{wounds: taken, charWounds: ch}, to, d, p, o.Add) // no enemy caused them
	}
}

// aura is side i's Aura of Death at side j from state k
// ([attacker.auraStrike]).
func (e *fightExact) aura(i, j int, k fkey, o *outs) error {
	a := e.f.atk[i][j]
	return e.hits(i, j, k, Clash, a.aura, a.auraHits(&k[i]), e.f.rs.AuraMorale, 1, o)
}

// hits follows n hits of kind that roll no die to hit, from side i at side
// j from state k, with probability pn ([attacker.hitsOn]): a failed
// defence die of p a wound, binomially, less Tenacious; then the Morale
// test, when morale says so, and the hits Lethal Demise strikes back.
func (e *fightExact) hits(i, j int, k fkey, kind Kind, p *packet, n int, morale bool, pn float64, o *outs) error {
	a := e.f.atk[i][j]
	od := p.def.Odds()
	fail := od.P(Fail) + od.P(FailSix)
	pool, err := a.tenaciousPMF(engine.BinomialPMF(n, fail, 1-fail), [2]*packet{p})
	if err != nil {
		return err
	}
	for w, pw := range pool {
		if pw == 0 {
			continue
		}
		tgc := k[j]
		poolTaken, poolCas, poolChar := a.tgt.wound(&tgc, w)
		visit := e.wounded(i, j, 0, poolTaken, poolChar, k, o)
		if morale {
			a.sufferExact(kind, k[j], w, pn*pw, visit)
			continue
		}
		visit(&tgc, 0, poolTaken, poolCas, poolChar, pn*pw)
	}
	return nil
}

// rollOff is the turn's Supremacy roll-off from state k
// ([fightTrial.rollOff]): army 1 first with the chance rollOffP.
func (e *fightExact) rollOff(k fkey, o *outs) {
	for _, r := range []struct {
		second bool
		p      float64
	}{{false, 1 - e.f.rollOffP}, {true, e.f.rollOffP}} {
		k[0].second = r.second
		o.Add(k, tallies{}, r.p)
	}
}

// drawRally is side i's Character's Draw Event Rally from state k
// ([fightTrial.drawRally]).
func (e *fightExact) drawRally(i int, k fkey, o *outs) {
	u, fs := e.f.units[i], &e.f.sides[i]
	k[i].charIdle = false
	if !k[i].broken || k[i].charSlain {
		o.Add(k, tallies{}, 1)
		return
	}
	k[i].charIdle = true
	p := u.rallyOdds(&k[i], fs.rallyTest, fs.rallyDie(&k[i]))
	rallied := k
	rallied[i].rally()
	o.Add(rallied, tallies{}, p)
	o.Add(k, tallies{}, 1-p)
}

// command is side i's Rally, Inspire or Take Aim from state k
// ([fightTrial.activate]).
func (e *fightExact) command(i int, act Action, k fkey, o *outs) {
	u, fs := e.f.units[i], &e.f.sides[i]
	next := k
	p := 1.0
	switch act {
	case ActRally:
		p = u.rallyOdds(&k[i], fs.rallyTest, fs.rallyDie(&k[i]))
		next[i].rally()
	case ActInspire:
		next[i].inspired = true
	case ActTakeAim:
		next[i].aimed = true
	}
	o.Add(next, tallies{}, p)
	o.Add(k, tallies{}, 1-p)
}

// attack is side i's action act from state k ([attacker.act]): the Wound
// Pool of its packets exactly, with the hits the target's Counter-Attack
// strikes back, then [attacker.sufferExact], then the hits struck back.
func (e *fightExact) attack(i int, act Action, k fkey, o *outs) error {
	j := e.f.target(i, &k)
	if j < 0 {
		o.Add(k, tallies{}, 1)
		return nil
	}
	a := e.f.atk[i][j]
	me := &k[i]
	kind := kindOf(act)
	ps, ns, fl := a.packetsOf(kind, me, &k[j])
	// base: above the most hits Counter-Attack strikes back, so that a
	// pool's index w*base+b holds w wounds and b hits back.
	base := 1
	for x, p := range ps {
		if p != nil && p.counter && ns[x] > 0 {
			base += p.maxHits() * p.maxAttacks(ns[x])
		}
	}
	pool := []float64{1}
	for x, p := range ps {
		if p == nil || ns[x] <= 0 {
			continue
		}
		pk := poolKey{p, ns[x], base}
		w, ok := e.pools[pk]
		if !ok {
			_, w = p.attacksBack(ns[x], base)
			e.pools[pk] = w
		}
		pool = convolve(pool, w)
	}
	spendFlags(kind, fl, &k[i], &k[j])
	if (len(pool)-1)/base > maxExactPool {
		return fmt.Errorf("exact solution too large: a Wound Pool of up to %d wounds; use sim run", (len(pool)-1)/base)
	}
	for x, px := range pool {
		if px == 0 {
			continue
		}
		w, back := x/base, x%base
		w = a.tenaciousOf(w, ps)
		if w < 0 {
			return errTenaciousDoubled
		}
		tgc := k[j]
		poolTaken, _, poolChar := a.tgt.wound(&tgc, w)
		a.sufferExact(kind, k[j], w, px, e.wounded(i, j, back, poolTaken, poolChar, k, o))
	}
	return nil
}

// wounded returns the visit of [attacker.sufferExact] for side i's attack
// at side j from state k: the state and tallies after it, then the hits j
// strikes back (back of them its Counter-Attack's), for a Wound Pool of
// which j took poolTaken wounds, poolChar of them its Character's.
func (e *fightExact) wounded(i, j, back, poolTaken, poolChar int, k fkey, o *outs) func(*state, int, int, int, int, float64) {
	return func(tg *state, fails, wounds, cas, char int, p float64) {
		to := k
		to[j] = *tg
		var d tallies
		d[j] = woundTally(fails, wounds, cas, char)
		oc := outcome{wounds: wounds, charWounds: char, poolWounds: poolTaken, poolChar: poolChar}
		e.hitsBack(j, i, back, oc, to, d, p, o.Add)
	}
}

// woundTally is the tallies of an outcome on a regiment.
func woundTally(fails, wounds, cas, char int) (d [nTallies]int16) {
	d[tCasualties], d[tWounds], d[tFailures], d[tCharWounds] = int16(cas), int16(wounds), int16(fails), int16(char)
	return d
}

// hitsBack follows the hits side i strikes back for o, the wounds enemy
// from did it (−1: none did), back of them Counter-Attack's at from, from
// state k with tallies d and probability p ([fightTrial.hitsBack]).
func (e *fightExact) hitsBack(i, from, back int, o outcome, k fkey, d tallies, p float64, add func(fkey, tallies, float64)) {
	f := e.f
	var jobs [MaxRegiments][2]int // regiment, hits
	n := 0
	for j, h := range f.hitsBackAt(i, from, back, o) {
		if h > 0 {
			jobs[n] = [2]int{j, h}
			n++
		}
	}
	e.strikeBacks(i, jobs[:n], k, d, p, add)
}

// strikeBacks follows side i's hits back at each regiment of jobs in turn.
func (e *fightExact) strikeBacks(i int, jobs [][2]int, k fkey, d tallies, p float64, add func(fkey, tallies, float64)) {
	if len(jobs) == 0 {
		add(k, d, p)
		return
	}
	j, n := jobs[0][0], jobs[0][1]
	rest := func(k fkey, d tallies, p float64) { e.strikeBacks(i, jobs[1:], k, d, p, add) }
	e.strikeBack(i, j, k, n, d, p, rest)
}

// strikeBack follows the n hits side i strikes back at side j from state
// k ([attacker.strikeBack]), adding what they do to the tallies d of the
// outcome that caused them, of probability p; add records each outcome.
func (e *fightExact) strikeBack(i, j int, k fkey, n int, d tallies, p float64, add func(fkey, tallies, float64)) {
	if n == 0 || k[j].destroyed {
		add(k, d, p)
		return
	}
	a := e.f.atk[i][j]
	o := a.back.def.Odds()
	fail := o.P(Fail) + o.P(FailSix)
	for w, pw := range engine.BinomialPMF(n, fail, 1-fail) {
		if pw == 0 {
			continue
		}
		w = a.tenacious(w, 0)
		visit := func(tg *state, fails, wounds, cas, char int, q float64) {
			to, d2 := k, d
			to[j] = *tg
			t := woundTally(fails, wounds, cas, char)
			for x := range t {
				d2[j][x] += t[x]
			}
			add(to, d2, q)
		}
		if e.f.rs.StrikeBackMorale {
			a.sufferExact(Clash, k[j], w, p*pw, visit)
			continue
		}
		tg := k[j]
		taken, cas, ch := a.tgt.wound(&tg, w)
		visit(&tg, 0, taken, cas, ch, p*pw)
	}
}
