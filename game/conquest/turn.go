package conquest

import "github.com/wargamesim/sim/engine"

type fightTrial struct {
	f       *Fight
	scratch [3]int
	st      fkey
	tally   [MaxRegiments]tally
}

// tally is what happened to one regiment over a trial.
type tally struct {
	casualties, wounds, failures int
	spent, lost, restored        int
	blocked                      bool
	charWounds, charHealed       int // its Character's wounds taken, and Heal Points spent on him
}

// Trial plays one fight, turn by turn until Turns or until an army has no
// regiment left, and reports it into r. It does not allocate.
func (t *fightTrial) Trial(d *engine.Dice, r *engine.TrialResult) {
	t.reset()
	turns := 0
	for turn := 1; turn <= t.f.cc.Turns && !t.over(); turn++ {
		turns = turn
		t.turn(d, turn, r)
	}
	t.report(turns, r)
}

// reset sets every regiment as it starts, with an empty tally.
func (t *fightTrial) reset() {
	f := t.f
	t.st = fkey{}
	for i := range f.n {
		t.st[i] = f.units[i].start
		t.tally[i] = tally{}
	}
}

// turn plays turn (1 to Turns): the Supremacy Phase's auras, the roll-off
// for who activates first, each regiment's activation in that order, and
// the turn's stands and wounds for the first turnsN turns.
func (t *fightTrial) turn(d *engine.Dice, turn int, r *engine.TrialResult) {
	f := t.f
	var woundsBefore [MaxRegiments]int
	for i := range f.n {
		t.st[i].turnStands = f.units[i].stands(&t.st[i])
		t.st[i].inspired, t.st[i].aimed, t.st[i].blessed = false, false, false // "this Turn"
		woundsBefore[i] = t.tally[i].wounds
	}
	t.supremacy(d, turn)
	if f.cc.Activation == RollOff {
		t.st[0].second = t.rollOff(d)
	}
	for _, i := range f.orders[boolIndex(t.st[0].second)] {
		if t.over() {
			break
		}
		if !t.st[i].destroyed {
			t.activate(d, i, turn, r)
		}
	}
	if turn <= f.turnsN {
		for i := range f.n {
			r.Values[f.sides[i].mTurnStands+turn-1] = f.units[i].standsOf(t.st[i].health)
			r.Values[f.sides[i].mTurnWounds+turn-1] = t.tally[i].wounds - woundsBefore[i]
		}
	}
}

// supremacy resolves the Supremacy Phase of turn, before any activation:
// each regiment whose aura strikes in turn strikes each enemy in contact
// with it, which may strike back.
func (t *fightTrial) supremacy(d *engine.Dice, turn int) {
	f := t.f
	for i := range f.n {
		if !f.auraIn(i, turn) {
			continue
		}
		for _, j := range f.contacts[i] {
			if !t.over() && !t.st[j].destroyed {
				o := f.atk[i][j].auraStrike(d, &t.st[i], &t.st[j], f.perDie, t.scratch[:])
				t.suffered(j, o)
				t.hitsBack(d, j, i, 0, o)
			}
		}
	}
}

// report writes the trial's end into r: the turns played, the regiments'
// stands in each turn after the end as they ended, and for each regiment its
// stands, models, tally, and whether it was Broken, Rallied, Shattered or
// Destroyed.
func (t *fightTrial) report(turns int, r *engine.TrialResult) {
	f := t.f
	for turn := turns + 1; turn <= f.turnsN; turn++ {
		for i := range f.n {
			r.Values[f.sides[i].mTurnStands+turn-1] = f.units[i].standsOf(t.st[i].health)
		}
	}
	r.Values[0] = turns
	for i := range f.n {
		u, fs, st, ta := f.units[i], &f.sides[i], &t.st[i], &t.tally[i]
		r.Values[fs.mStands] = u.standsOf(st.health)
		if fs.mModels >= 0 {
			r.Values[fs.mModels] = u.modelsOf(st.health)
		}
		r.Values[fs.mCasualties] = ta.casualties
		r.Values[fs.mWounds] = ta.wounds
		r.Values[fs.mFailures] = ta.failures
		if fs.healer {
			r.Values[fs.mSpent] = ta.spent
			r.Values[fs.mLost] = ta.lost
			r.Values[fs.mRestored] = ta.restored
			r.Events[fs.eBlocked] = ta.blocked
		}
		if fs.mCharWounds >= 0 {
			r.Values[fs.mCharWounds] = ta.charWounds
			r.Values[fs.mCharHealed] = ta.charHealed
			r.Events[fs.eCharSlain] = st.charSlain
		}
		if fs.eRallied >= 0 {
			r.Events[fs.eRallied] = st.rallied
		}
		r.Events[fs.eBroken] = st.broken || st.rallied // Broken at any time
		r.Events[fs.eShattered] = st.shattered
		r.Events[fs.eDestroyed] = st.destroyed
	}
}

// rollOff rolls the turn's Supremacy roll-off and reports whether army 1
// won it: die by die, a die each until no tie, the army with fewer
// Command Cards adding 1 to its die where that wins; by counts, one draw
// of the same chance.
func (t *fightTrial) rollOff(d *engine.Dice) bool {
	f := t.f
	if !f.perDie {
		return f.rollOffBin.Sample(d, 1) == 1
	}
	cards := f.cards()
	for {
		a, b := d.D6(), d.D6()
		switch {
		case cards[0] < cards[1] && a+1 > b, cards[1] < cards[0] && b+1 < a, cards[0] == cards[1] && a > b:
			return false
		case cards[0] < cards[1] && a+1 < b, cards[1] < cards[0] && b+1 > a, cards[0] == cards[1] && b > a:
			return true
		}
	}
}

// over reports whether an army has no regiment left.
func (t *fightTrial) over() bool { return t.f.over(&t.st) }

// activate resolves side i's activation in turn: its heal sources, then
// its actions.
func (t *fightTrial) activate(d *engine.Dice, i, turn int, r *engine.TrialResult) {
	f := t.f
	side := &f.cc.Sides[i]
	u, fs, me := f.units[i], &f.sides[i], &t.st[i]
	spentBefore := t.tally[i].spent
	if f.drawRally(i) {
		t.drawRally(d, i)
	}
	for _, h := range side.Regiment.Healing {
		withChar := h.Kind != HealRegeneration || !f.rs.RegenSkipsCharacter
		before := me.health
		var res HealResult
		if h.Kind == HealRegeneration && f.rs.Regeneration == RegenFullRestore {
			res = u.fullRestore(me, withChar, fs.rearBlocked)
		} else {
			res = u.heal(me, roll(d, h.Amount), withChar, fs.rearBlocked, nil)
		}
		t.healed(i, res, before)
	}
	acts := side.Actions
	if turn == 1 {
		acts = side.FirstTurn
	}
	for _, act := range acts {
		if t.over() || me.destroyed {
			break
		}
		switch act {
		case ActCast:
			if !me.charIdle && me.char > 0 {
				t.cast(d, i)
			}
			continue
		case ActRally:
			if me.broken && (!fs.rallyTest || fs.rallyDie(me).Roll(d).Passed()) {
				me.rally()
			}
			continue
		case ActInspire:
			me.inspired = true
			continue
		case ActDuel:
			t.duel(d, i)
			continue
		case ActTakeAim:
			me.aimed = true
			continue
		}
		j := f.target(i, &t.st)
		if j < 0 {
			continue
		}
		o := f.atk[i][j].act(d, kindOf(act), me, &t.st[j], f.perDie, t.scratch[:])
		t.suffered(j, o)
		t.hitsBack(d, j, i, o.back, o)
	}
	if !t.over() && !me.destroyed {
		t.decay(d, i)
	}
	if fs.healer && turn <= f.turnsN {
		r.Values[fs.mTurnSpent+turn-1] = t.tally[i].spent - spentBefore
	}
}

// drawRally is side i's Character's Draw Event Rally, first of its Draw
// Events (a policy: Rallied, the regiment heals even under
// broken_blocks_healing): "Characters in Broken Regiments May as a Draw
// Event forego their Action(s) to remove a Broken counter from the
// Regiment they are in. Follow the rules of Rally or Combat Rally Actions
// (as appropriate) as if the Regiment had performed them" (conquestwiki
// Broken, v1.03 [V]). He does whenever the regiment is Broken and he is
// alive, and makes no attack and casts nothing in that activation.
func (t *fightTrial) drawRally(d *engine.Dice, i int) {
	me, fs := &t.st[i], &t.f.sides[i]
	me.charIdle = false
	if !me.broken || me.charSlain {
		return
	}
	me.charIdle = true
	if !fs.rallyTest || fs.rallyDie(me).Roll(d).Passed() {
		me.rally()
	}
}

// decay rolls side i's Decay at the end of its activation (BSData .gst,
// Decay [V 1.03]): its Decay X (less Resist Decay) dice for each stand, a
// wound for each 5 or 6, which causes no Morale test.
func (t *fightTrial) decay(d *engine.Dice, i int) {
	f := t.f
	u, me := f.units[i], &t.st[i]
	n := u.decay * u.standsOf(me.health)
	if n == 0 {
		return
	}
	k := 0
	if f.perDie {
		for range n {
			if d.D6() >= 5 {
				k++
			}
		}
	} else {
		k = f.sides[i].decayBin.Sample(d, n)
	}
	taken, cas, ch := u.wound(me, k)
	ta := &t.tally[i]
	ta.wounds += taken
	ta.casualties += cas
	ta.charWounds += ch
	t.hitsBack(d, i, -1, 0, outcome{wounds: taken, charWounds: ch}) // no enemy caused them
}

// strikeBack resolves the n hits side i strikes back at side j
// ([attacker.strikeBack]).
func (t *fightTrial) strikeBack(d *engine.Dice, i, j, n int) {
	if n > 0 {
		t.suffered(j, t.f.atk[i][j].strikeBack(d, &t.st[j], n, t.f.perDie, t.scratch[:]))
	}
}

// hitsBack resolves the hits side i strikes back for the wounds o,
// which enemy from did it (−1: none did), back of them its
// Counter-Attack's ([Fight.hitsBackAt]), at each regiment in turn.
func (t *fightTrial) hitsBack(d *engine.Dice, i, from, back int, o outcome) {
	if !t.f.backers {
		return
	}
	for j, n := range t.f.hitsBackAt(i, from, back, o) {
		t.strikeBack(d, i, j, n)
	}
}

// suffered adds what an action did to side i to its tally.
func (t *fightTrial) suffered(i int, o outcome) {
	ta := &t.tally[i]
	ta.casualties += o.casualties
	ta.wounds += o.wounds
	ta.failures += o.failures
	ta.charWounds += o.charWounds
}

// healed adds a heal's result to side i's tally; before is the
// regiment's health before it, for the models it returned.
func (t *fightTrial) healed(i int, res HealResult, before int) {
	u, ta := t.f.units[i], &t.tally[i]
	ta.spent += res.Spent
	ta.lost += res.Lost
	ta.charHealed += res.CharacterMarkers
	ta.restored += u.modelsOf(t.st[i].health) - u.modelsOf(before)
	ta.blocked = ta.blocked || res.Stop == StopBlocked && (res.Lost > 0 || res.Points == 0)
}

// roll rolls an amount: N plus Dice dice of Sides sides (a D3 is a D6
// halved, rounding up).
func roll(d *engine.Dice, a Amount) int {
	n := a.N
	for range a.Dice {
		if a.Sides == 3 {
			n += d.D3()
		} else {
			n += d.D6()
		}
	}
	return n
}
