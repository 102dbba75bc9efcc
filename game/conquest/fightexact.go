package conquest

import (
	"fmt"
	"runtime"
	"sync"

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

// tallies is what a step added to each regiment's tallies.
type tallies [MaxRegiments][nTallies]int16

// ftrans is one outcome of a step from a state: the state after it (by
// its index), what it added to each regiment's tallies, and its
// probability.
type ftrans struct {
	to int32
	d  tallies
	p  float64
}

// sparse is a distribution over states: their indices and probabilities.
type sparse struct {
	id []int32
	p  []float64
}

// fightExact is the exact solution of a fight under construction.
type fightExact struct {
	f     *Fight
	steps [2][]fstep // the steps of the first turn, and of every later one
	ids   map[fkey]int32
	keys  []fkey
	// trans[later][step][id] caches the outcomes of a step from a state
	// (nil until needed): the same in every pass and every later turn.
	trans [2][][][]ftrans
	// before[turn-1][step] is the distribution of the states before that
	// step of that turn (step len(steps) is the turn's end).
	before    [][]sparse
	outcomesN int                   // outcomes of actions worked out, for maxFightOutcomes
	moves     []int                 // moves[turn-1]: outcomes followed from the states of that turn
	moved     int                   // their sum so far, for maxFightMoves
	pools     map[poolKey][]float64 // Wound Pool of n attacks of a packet
	amts      map[Amount][]float64  // distribution of a heal amount
}

type poolKey struct {
	p       *packet
	n, base int // attacks, and the base of the hits struck back ([packet.attacksBack])
}

// Exact computes the distributions a run of f estimates, without sampling
// error ([engine.Solver]): the fight as an absorbing Markov chain whose
// state, between two random steps of a turn (a heal source, an action),
// is every regiment's state (health, Character, Broken, Shattered,
// destroyed, the stands at the start of the turn) and the turn. Each step
// is followed outcome by outcome with its probability, by the functions a
// trial uses (wound, checkBroken, resolve, heal, fullRestore); equal
// states merge. The metrics of the final state (stands, models, Broken …)
// and of each turn's end come from one pass over the states; each
// whole-fight tally (casualties, wounds, Morale failures, Heal Points
// spent and lost, models restored, a blocked heal, the Heal Points spent
// in one turn) from a pass of its own over the same states, each with a
// distribution of that tally. Exact returns an error, before a long wait,
// when more than maxFightStates states or maxFightWork probabilities
// would be followed.
func (f *Fight) Exact() (*engine.Exact, error) {
	e := &fightExact{f: f, ids: map[fkey]int32{}, pools: map[poolKey][]float64{}, amts: map[Amount][]float64{}}
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
		e.trans[later] = make([][][]ftrans, len(e.steps[later]))
	}
	out := engine.NewExact(f.metrics, f.events)
	if err := e.base(out); err != nil {
		return nil, err
	}
	type pass struct{ side, metric, tally, turn int }
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
	// The size check: the most states before a step, times each pass's
	// values, before any pass runs.
	most := 0
	for _, turn := range e.before {
		for _, sp := range turn {
			most = max(most, len(sp.id))
		}
	}
	work := 0
	for _, p := range passes {
		n := 2
		if p.metric >= 0 {
			n = f.metrics[p.metric].Max + 1
		}
		work = max(work, most*n)
	}
	if work > maxFightWork {
		return nil, fmt.Errorf("exact solution too large: %d states before a step, each with a distribution of a tally, %d probabilities (at most %d); use sim run", most, work, maxFightWork)
	}
	// And the time: each pass follows every outcome of its turns once per
	// value of its tally.
	moves := 0
	for _, m := range e.moves {
		moves += m
	}
	total := 0
	for _, p := range passes {
		n := 2
		if p.metric >= 0 {
			n = f.metrics[p.metric].Max + 1
		}
		if p.turn > 0 {
			total += n * e.moves[p.turn-1]
		} else {
			total += n * moves
		}
	}
	if total > maxFightTallyWork {
		return nil, fmt.Errorf("exact solution too large: %d outcomes followed over %d turns, %d steps of the tallies (at most %d); use sim run", moves, len(e.moves), total, maxFightTallyWork)
	}
	// The passes read what the base pass built and nothing else: they run
	// side by side, each into its own distribution. Each holds up to twice
	// work probabilities at once, so no more run together than keep the
	// whole within twice maxFightWork, however many cores there are.
	pmfs := make([][]float64, len(passes))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, min(runtime.GOMAXPROCS(0), maxFightWork/max(work, 1))))
	for j, p := range passes {
		width := 2
		if p.metric >= 0 {
			width = f.metrics[p.metric].Max + 1
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			pmfs[j] = e.tally(p.side, p.tally, p.turn, width)
		}()
	}
	wg.Wait()
	for j, p := range passes {
		if p.metric < 0 {
			out.P[f.sides[p.side].eBlocked] = pmfs[j][1]
			continue
		}
		e.put(out, p.metric, pmfs[j])
	}
	return out, nil
}

// put copies the distribution of a tally into metric m.
func (e *fightExact) put(out *engine.Exact, m int, pmf []float64) {
	for x := len(out.PMF[m]); x < len(pmf); x++ {
		if pmf[x] > 0 {
			panic(fmt.Sprintf("conquest: exact %s reaches %d, above its maximum %d", out.Metrics[m].Name, x, out.Metrics[m].Max))
		}
	}
	copy(out.PMF[m], pmf)
}

// id returns the index of state k, adding it if new.
func (e *fightExact) id(k fkey) (int32, error) {
	if i, ok := e.ids[k]; ok {
		return i, nil
	}
	if len(e.keys) >= maxFightStates {
		return 0, fmt.Errorf("exact solution too large: more than %d states of the regiments; use sim run", maxFightStates)
	}
	i := int32(len(e.keys))
	e.ids[k] = i
	e.keys = append(e.keys, k)
	return i, nil
}

// startTurn sets the stands each regiment starts the turn with, as a trial
// does.
func (e *fightExact) startTurn(k fkey) fkey {
	if e.f.over(&k) {
		return k
	}
	for i := range e.f.n {
		k[i].turnStands = e.f.units[i].stands(&k[i])
		k[i].inspired, k[i].aimed, k[i].blessed = false, false, false
	}
	return k
}

// base follows the fight's states alone, for the turns fought, the
// stands after each turn and the metrics and events of the final state,
// and records the states before each step for the tally passes.
func (e *fightExact) base(out *engine.Exact) error {
	f := e.f
	id0, err := e.id(f.start())
	if err != nil {
		return err
	}
	dist := map[int32]float64{id0: 1}
	alive := 1.0 // P(no regiment destroyed before this turn)
	for turn := 1; turn <= f.cc.Turns; turn++ {
		next := make(map[int32]float64, len(dist))
		stillAlive := 0.0
		for i, p := range dist {
			k := e.keys[i]
			if !f.over(&k) {
				stillAlive += p
			}
			j, err := e.id(e.startTurn(k))
			if err != nil {
				return err
			}
			next[j] += p
		}
		// A fight over before turn k was fought k − 1 turns.
		out.PMF[0][turn-1-f.metrics[0].Min] += alive - stillAlive
		alive = stillAlive
		dist = next
		later := boolIndex(turn > 1)
		e.moves = append(e.moves, 0)
		var rec []sparse
		for s := range e.steps[later] {
			rec = append(rec, toSparse(dist))
			next := make(map[int32]float64, len(dist))
			for i, p := range dist {
				ts, err := e.outcomes(later, s, i)
				if err != nil {
					return err
				}
				e.moves[turn-1] += len(ts)
				if e.moved += len(ts); e.moved > maxFightMoves {
					return fmt.Errorf("exact solution too large: more than %d outcomes to follow over %d turns; use sim run", maxFightMoves, f.cc.Turns)
				}
				for _, t := range ts {
					next[t.to] += p * t.p
				}
			}
			dist = next
		}
		e.before = append(e.before, append(rec, toSparse(dist)))
		if turn <= f.turnsN {
			for i, p := range dist {
				k := &e.keys[i]
				for s := range f.n {
					out.PMF[f.sides[s].mTurnStands+turn-1][f.units[s].standsOf(k[s].health)] += p
				}
			}
		}
	}
	out.PMF[0][f.cc.Turns-f.metrics[0].Min] += alive
	for i, p := range dist {
		k := &e.keys[i]
		for s := range f.n {
			u, fs, st := f.units[s], &f.sides[s], &k[s]
			out.PMF[fs.mStands][u.standsOf(st.health)] += p
			if fs.mModels >= 0 {
				out.PMF[fs.mModels][u.modelsOf(st.health)] += p
			}
			if st.broken || st.rallied {
				out.P[fs.eBroken] += p
			}
			if st.rallied {
				out.P[fs.eRallied] += p
			}
			if st.shattered {
				out.P[fs.eShattered] += p
			}
			if st.destroyed {
				out.P[fs.eDestroyed] += p
			}
			if st.charSlain {
				out.P[fs.eCharSlain] += p
			}
		}
	}
	return nil
}

func toSparse(m map[int32]float64) sparse {
	s := sparse{id: make([]int32, 0, len(m)), p: make([]float64, 0, len(m))}
	for i, p := range m {
		s.id = append(s.id, i)
		s.p = append(s.p, p)
	}
	return s
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tally follows side i's tally t over the states the base pass recorded,
// over the whole fight (turn 0) or in turn turn alone (from the states
// that turn starts with), and returns its distribution at the end, of
// values 0..width−1; a blocked heal (width 2) counts once.
func (e *fightExact) tally(i, t, turn, width int) []float64 {
	first, last := 1, len(e.before)
	if turn > 0 {
		first, last = turn, turn // before and after, the tally does not change
	}
	var free [][]float64
	vec := func() []float64 {
		if n := len(free); n > 0 {
			v := free[n-1]
			free = free[:n-1]
			clear(v)
			return v
		}
		return make([]float64, width)
	}
	// Each state's tally and the range it may be non-zero in, lo..hi.
	n := len(e.keys)
	cur, next := make([][]float64, n), make([][]float64, n)
	curR, nextR := make([][2]int, n), make([][2]int, n)
	var active, act []int32
	for j, id := range e.before[first-1][0].id {
		cur[id] = vec()
		cur[id][0] = e.before[first-1][0].p[j]
		curR[id] = [2]int{0, 0}
		active = append(active, id)
	}
	// move adds p times state id's tally, raised by d, to state to's.
	move := func(id, to int32, d int, p float64) {
		if next[to] == nil {
			next[to] = vec()
			nextR[to] = [2]int{width, -1}
			act = append(act, to)
		}
		src, dst, r := cur[id], next[to], curR[id]
		if t == tBlocked && d > 0 {
			for _, q := range src[r[0] : r[1]+1] {
				dst[1] += q * p
			}
			nextR[to] = [2]int{min(nextR[to][0], 1), max(nextR[to][1], 1)}
			return
		}
		hi := r[1]
		for ; hi+d >= width; hi-- {
			if src[hi] != 0 {
				panic(fmt.Sprintf("conquest: exact tally %d of side %d beyond its maximum %d", t, i, width-1))
			}
		}
		if hi < r[0] {
			return
		}
		out := dst[r[0]+d : hi+d+1]
		for x, q := range src[r[0] : hi+1] {
			out[x] += q * p
		}
		nextR[to] = [2]int{min(nextR[to][0], r[0]+d), max(nextR[to][1], hi+d)}
	}
	swap := func() {
		for _, id := range active {
			free = append(free, cur[id])
			cur[id] = nil
		}
		cur, next, active, act = next, cur, act, active[:0]
		curR, nextR = nextR, curR
	}
	for tn := first; tn <= last; tn++ {
		if tn > first {
			// The turn's start: the stands it starts with, the tally carried.
			for _, id := range active {
				j := e.ids[e.startTurn(e.keys[id])] // met by the base pass
				move(id, j, 0, 1)
			}
			swap()
		}
		later := boolIndex(tn > 1)
		for s := range e.steps[later] {
			for _, id := range active {
				ts := e.trans[later][s][id] // computed by the base pass
				if ts == nil {
					panic(fmt.Sprintf("conquest: exact tally pass met state %d at step %d, which the base pass did not", id, s))
				}
				for _, tr := range ts {
					move(id, tr.to, int(tr.d[i][t]), tr.p)
				}
			}
			swap()
		}
	}
	pmf := make([]float64, width)
	for _, id := range active {
		for x, q := range cur[id] {
			pmf[x] += q
		}
	}
	return pmf
}

// outcomes returns the outcomes of step s of the first turn (later 0) or
// a later one from state id, computing them once.
func (e *fightExact) outcomes(later, s int, id int32) ([]ftrans, error) {
	tr := e.trans[later][s]
	if int(id) < len(tr) && tr[id] != nil {
		return tr[id], nil
	}
	k := e.keys[id]
	var ts []ftrans
	var err error
	st := e.steps[later][s]
	f := e.f
	switch {
	case f.over(&k), st.when >= 0 && st.when != int8(boolIndex(k[0].second)), k[st.side].destroyed && st.act != actRollOff:
		ts = []ftrans{{to: id, p: 1}}
	case st.act == actRollOff:
		ts, err = e.rollOff(k)
	case st.heal >= 0:
		ts, err = e.healSource(st.side, st.heal, k)
	case st.act == ActCast && (k[st.side].charIdle || k[st.side].char <= 0):
		ts = []ftrans{{to: id, p: 1}} // he foregoes it for his Draw Event Rally, or is slain
	case st.act == ActCast:
		ts, err = e.cast(st.side, k)
	case st.act == actDecay:
		ts, err = e.decay(st.side, k)
	case st.act == actAura && k[st.to].destroyed:
		ts = []ftrans{{to: id, p: 1}}
	case st.act == actAura:
		ts, err = e.aura(st.side, st.to, k)
	case st.act == actDrawRally:
		ts, err = e.drawRally(st.side, k)
	case st.act == ActDuel:
		ts, err = e.duel(st.side, k)
	case !st.act.attacks():
		ts, err = e.command(st.side, st.act, k)
	default:
		ts, err = e.attack(st.side, st.act, k)
	}
	if err != nil {
		return nil, err
	}
	for int(id) >= len(tr) {
		tr = append(tr, nil)
	}
	tr[id] = ts
	e.trans[later][s] = tr
	return ts, nil
}

// healed records a heal's result on side i, which left the regiments in
// state k, as a transition; before is the regiment's health before it
// ([fightTrial.healed]).
func (e *fightExact) healed(i int, k fkey, res HealResult, before int, p float64) (ftrans, error) {
	u := e.f.units[i]
	id, err := e.id(k)
	t := ftrans{to: id, p: p}
	d := &t.d[i]
	d[tSpent], d[tLost] = int16(res.Spent), int16(res.Lost)
	d[tRestored] = int16(u.modelsOf(k[i].health) - u.modelsOf(before))
	d[tCharHealed] = int16(res.CharacterMarkers)
	if res.Stop == StopBlocked && (res.Lost > 0 || res.Points == 0) {
		d[tBlocked] = 1
	}
	return t, err
}

// healSource is side i's heal source h from state k ([fightTrial.activate]).
func (e *fightExact) healSource(i, h int, k fkey) ([]ftrans, error) {
	f := e.f
	hs := f.cc.Sides[i].Regiment.Healing[h]
	u, fs := f.units[i], &f.sides[i]
	withChar := hs.Kind != HealRegeneration || !f.rs.RegenSkipsCharacter
	before := k[i].health
	if hs.Kind == HealRegeneration && f.rs.Regeneration == RegenFullRestore {
		res := u.fullRestore(&k[i], withChar, fs.rearBlocked)
		t, err := e.healed(i, k, res, before, 1)
		return []ftrans{t}, err
	}
	var ts []ftrans
	for pts, p := range e.amount(hs.Amount) {
		if p == 0 {
			continue
		}
		k2 := k
		res := u.heal(&k2[i], pts, withChar, fs.rearBlocked, nil)
		t, err := e.healed(i, k2, res, before, p)
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	return ts, nil
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
func (e *fightExact) decay(i int, k fkey) ([]ftrans, error) {
	u := e.f.units[i]
	em := e.emitter()
	for w, p := range engine.BinomialPMF(u.decay*u.standsOf(k[i].health), decayDie, 1-decayDie) {
		if p == 0 {
			continue
		}
		to := k
		taken, cas, ch := u.wound(&to[i], w)
		var d tallies
		d[i] = woundTally(0, taken, cas, ch)
		if err := e.hitsBack(i, -1, 0, outcome{wounds: taken, charWounds: ch}, to, d, p, em.add); err != nil { // no enemy caused them
			return nil, err
		}
	}
	return em.ts, nil
}

// aura is side i's Aura of Death at side j from state k
// ([attacker.auraStrike]).
func (e *fightExact) aura(i, j int, k fkey) ([]ftrans, error) {
	a := e.f.atk[i][j]
	em := e.emitter()
	err := e.hits(i, j, k, Clash, a.aura, a.auraHits(&k[i]), e.f.rs.AuraMorale, 1, em)
	return em.ts, err
}

// hits follows n hits of kind that roll no die to hit, from side i at side
// j from state k, with probability pn ([attacker.hitsOn]): a failed
// defence die of p a wound, binomially, less Tenacious; then the Morale
// test, when morale says so, and the hits Lethal Demise strikes back.
func (e *fightExact) hits(i, j int, k fkey, kind Kind, p *packet, n int, morale bool, pn float64, em *emitter) error {
	a := e.f.atk[i][j]
	o := p.def.Odds()
	fail := o.P(Fail) + o.P(FailSix)
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
		visit := e.wounded(i, j, 0, poolTaken, poolChar, k, em, &err)
		if morale {
			a.sufferExact(kind, k[j], w, pn*pw, visit)
			continue
		}
		visit(&tgc, 0, poolTaken, poolCas, poolChar, pn*pw)
	}
	return err
}

// rollOff is the turn's Supremacy roll-off from state k
// ([fightTrial.rollOff]): army 1 first with the chance rollOffP.
func (e *fightExact) rollOff(k fkey) ([]ftrans, error) {
	em := e.emitter()
	for _, o := range []struct {
		second bool
		p      float64
	}{{false, 1 - e.f.rollOffP}, {true, e.f.rollOffP}} {
		k[0].second = o.second
		if err := em.add(k, tallies{}, o.p); err != nil {
			return nil, err
		}
	}
	return em.ts, nil
}

// drawRally is side i's Character's Draw Event Rally from state k
// ([fightTrial.drawRally]).
func (e *fightExact) drawRally(i int, k fkey) ([]ftrans, error) {
	u, fs := e.f.units[i], &e.f.sides[i]
	k[i].charIdle = false
	if !k[i].broken || k[i].charSlain {
		id, err := e.id(k)
		return []ftrans{{to: id, p: 1}}, err
	}
	k[i].charIdle = true
	p := u.rallyOdds(&k[i], fs.rallyTest, fs.rallyDie(&k[i]))
	rallied := k
	rallied[i].rally()
	em := e.emitter()
	for _, o := range []struct {
		k fkey
		p float64
	}{{rallied, p}, {k, 1 - p}} {
		if o.p > 0 {
			if err := em.add(o.k, tallies{}, o.p); err != nil {
				return nil, err
			}
		}
	}
	return em.ts, nil
}

// command is side i's Rally, Inspire or Take Aim from state k
// ([fightTrial.activate]).
func (e *fightExact) command(i int, act Action, k fkey) ([]ftrans, error) {
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
	var ts []ftrans
	for _, o := range []struct {
		k fkey
		p float64
	}{{next, p}, {k, 1 - p}} {
		if o.p == 0 {
			continue
		}
		id, err := e.id(o.k)
		if err != nil {
			return nil, err
		}
		ts = append(ts, ftrans{to: id, p: o.p})
	}
	return ts, nil
}

// attack is side i's action act from state k ([attacker.act]): the Wound
// Pool of its packets exactly, with the hits the target's Counter-Attack
// strikes back, then [attacker.sufferExact], then the hits struck back.
func (e *fightExact) attack(i int, act Action, k fkey) ([]ftrans, error) {
	j := e.f.target(i, &k)
	if j < 0 {
		return e.identity(k)
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
		return nil, fmt.Errorf("exact solution too large: a Wound Pool of up to %d wounds; use sim run", (len(pool)-1)/base)
	}
	em := e.emitter()
	var err error
	for x, px := range pool {
		if px == 0 {
			continue
		}
		if err != nil {
			break
		}
		w, back := x/base, x%base
		w = a.tenaciousOf(w, ps)
		if w < 0 {
			return nil, errTenaciousDoubled
		}
		tgc := k[j]
		poolTaken, _, poolChar := a.tgt.wound(&tgc, w)
		a.sufferExact(kind, k[j], w, px, e.wounded(i, j, back, poolTaken, poolChar, k, em, &err))
	}
	return em.ts, err
}

// wounded returns the visit of [attacker.sufferExact] for side i's attack
// at side j from state k: the state and tallies after it, then the hits j
// strikes back (back of them its Counter-Attack's), for a Wound Pool of
// which j took poolTaken wounds, poolChar of them its Character's; the
// first error goes to *err, and stops the rest.
func (e *fightExact) wounded(i, j, back, poolTaken, poolChar int, k fkey, em *emitter, err *error) func(*state, int, int, int, int, float64) {
	return func(tg *state, fails, wounds, cas, char int, p float64) {
		if *err != nil {
			return
		}
		to := k
		to[j] = *tg
		var d tallies
		d[j] = woundTally(fails, wounds, cas, char)
		o := outcome{wounds: wounds, charWounds: char, poolWounds: poolTaken, poolChar: poolChar}
		if e2 := e.hitsBack(j, i, back, o, to, d, p, em.add); e2 != nil {
			*err = e2
		}
	}
}

// identity is a step that changes nothing.
func (e *fightExact) identity(k fkey) ([]ftrans, error) {
	id, err := e.id(k)
	return []ftrans{{to: id, p: 1}}, err
}

// woundTally is the tallies of an outcome on a regiment.
func woundTally(fails, wounds, cas, char int) (d [nTallies]int16) {
	d[tCasualties], d[tWounds], d[tFailures], d[tCharWounds] = int16(cas), int16(wounds), int16(fails), int16(char)
	return d
}

// hitsBack follows the hits side i strikes back for o, the wounds enemy
// from did it (−1: none did), back of them Counter-Attack's at from, from
// state k with tallies d and probability p ([fightTrial.hitsBack]).
func (e *fightExact) hitsBack(i, from, back int, o outcome, k fkey, d tallies, p float64, add func(fkey, tallies, float64) error) error {
	f := e.f
	var jobs [MaxRegiments][2]int // regiment, hits
	n := 0
	for j, h := range f.hitsBackAt(i, from, back, o) {
		if h > 0 {
			jobs[n] = [2]int{j, h}
			n++
		}
	}
	return e.strikeBacks(i, jobs[:n], k, d, p, add)
}

// strikeBacks follows side i's hits back at each regiment of jobs in turn.
func (e *fightExact) strikeBacks(i int, jobs [][2]int, k fkey, d tallies, p float64, add func(fkey, tallies, float64) error) error {
	if len(jobs) == 0 {
		return add(k, d, p)
	}
	j, n := jobs[0][0], jobs[0][1]
	rest := func(k fkey, d tallies, p float64) error { return e.strikeBacks(i, jobs[1:], k, d, p, add) }
	return e.strikeBack(i, j, k, n, d, p, rest)
}

// strikeBack follows the n hits side i strikes back at side j from state
// k ([attacker.strikeBack]), adding what they do to the tallies d of the
// outcome that caused them, of probability p; add records each outcome.
func (e *fightExact) strikeBack(i, j int, k fkey, n int, d tallies, p float64, add func(fkey, tallies, float64) error) error {
	if n == 0 || k[j].destroyed {
		return add(k, d, p)
	}
	a := e.f.atk[i][j]
	o := a.back.def.Odds()
	fail := o.P(Fail) + o.P(FailSix)
	var err error
	for w, pw := range engine.BinomialPMF(n, fail, 1-fail) {
		if pw == 0 {
			continue
		}
		w = a.tenacious(w, 0)
		visit := func(tg *state, fails, wounds, cas, char int, q float64) {
			if err != nil {
				return
			}
			to, d2 := k, d
			to[j] = *tg
			t := woundTally(fails, wounds, cas, char)
			for x := range t {
				d2[j][x] += t[x]
			}
			if e2 := add(to, d2, q); e2 != nil {
				err = e2
			}
		}
		if e.f.rs.StrikeBackMorale {
			a.sufferExact(Clash, k[j], w, p*pw, visit)
			continue
		}
		tg := k[j]
		taken, cas, ch := a.tgt.wound(&tg, w)
		visit(&tg, 0, taken, cas, ch, p*pw)
	}
	return err
}

// emitter gathers a step's outcomes, merging those alike in state and
// tallies.
type emitter struct {
	e      *fightExact
	merged map[ftrans]int
	ts     []ftrans
}

func (e *fightExact) emitter() *emitter { return &emitter{e: e, merged: map[ftrans]int{}} }

// errTooManyOutcomes stops a solution whose steps have more outcomes than
// maxFightOutcomes, before a long wait.
var errTooManyOutcomes = fmt.Errorf("exact solution too large: more than %d outcomes of actions to follow; use sim run", maxFightOutcomes)

// add records an outcome: the state to, the tallies d, probability p.
func (m *emitter) add(to fkey, d tallies, p float64) error {
	if m.e.outcomesN++; m.e.outcomesN > maxFightOutcomes {
		return errTooManyOutcomes
	}
	id, err := m.e.id(to)
	if err != nil {
		return err
	}
	t := ftrans{to: id, d: d}
	if j, ok := m.merged[t]; ok {
		m.ts[j].p += p
		return nil
	}
	m.merged[t] = len(m.ts)
	t.p = p
	m.ts = append(m.ts, t)
	return nil
}
