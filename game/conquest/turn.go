package conquest

import "github.com/wargamesim/sim/engine"

type fightTrial struct {
	f       *Fight
	scratch [3]int
	st      [2]state
	tally   [2]tally
}

// tally is what happened to one regiment over a trial.
type tally struct {
	casualties, wounds, failures int
	spent, lost, restored        int
	blocked                      bool
	charWounds, charHealed       int // its Character's wounds taken, and Heal Points spent on him
}

func (t *fightTrial) Trial(d *engine.Dice, r *engine.TrialResult) {
	f := t.f
	for i := range t.st {
		t.st[i] = f.units[i].start
		t.tally[i] = tally{}
	}
	turns := 0
	for turn := 1; turn <= f.cc.Turns && !t.over(); turn++ {
		turns = turn
		var woundsBefore [2]int
		for i := range t.st {
			t.st[i].turnStands = f.units[i].stands(&t.st[i])
			t.st[i].inspired, t.st[i].aimed, t.st[i].blessed = false, false, false // "this Turn"
			woundsBefore[i] = t.tally[i].wounds
		}
		for i := range f.cc.Sides {
			if f.auraIn(i, turn) && !t.over() { // the Supremacy Phase, before any activation
				o := f.atk[i].auraStrike(d, &t.st[i], &t.st[1-i], f.perDie, t.scratch[:])
				t.suffered(1-i, o)
				t.strikeBack(d, 1-i, f.lethal(1-i, o))
			}
		}
		if f.cc.Activation == RollOff {
			t.st[0].second = t.rollOff(d)
		}
		for _, i := range order(t.st[0].second) {
			if t.over() {
				break
			}
			t.activate(d, i, turn, r)
		}
		if turn <= f.turnsN {
			for i := range t.st {
				r.Values[f.sides[i].mTurnStands+turn-1] = f.units[i].standsOf(t.st[i].health)
				r.Values[f.sides[i].mTurnWounds+turn-1] = t.tally[i].wounds - woundsBefore[i]
			}
		}
	}
	// Turns after the end report the regiments as they ended.
	for turn := turns + 1; turn <= f.turnsN; turn++ {
		for i := range t.st {
			r.Values[f.sides[i].mTurnStands+turn-1] = f.units[i].standsOf(t.st[i].health)
		}
	}
	r.Values[0] = turns
	for i := range t.st {
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

// rollOff rolls the turn's Supremacy roll-off and reports whether side 1
// won it: die by die, a die each until they differ; by counts, one die's
// half, the same one chance in two.
func (t *fightTrial) rollOff(d *engine.Dice) bool {
	if !t.f.perDie {
		return d.D6() > 3
	}
	for {
		a, b := d.D6(), d.D6()
		if a != b {
			return b > a
		}
	}
}

// over reports whether a regiment has been destroyed.
func (t *fightTrial) over() bool { return t.st[0].destroyed || t.st[1].destroyed }

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
		if t.over() {
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
		foe := &t.st[1-i]
		o := f.atk[i].act(d, kindOf(act), me, foe, f.perDie, t.scratch[:])
		t.suffered(1-i, o)
		t.strikeBack(d, 1-i, o.back+f.lethal(1-i, o))
	}
	if !t.over() {
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
	t.strikeBack(d, i, f.lethal(i, outcome{wounds: taken, charWounds: ch})) // no defence roll failed
}

// strikeBack resolves the n hits side i strikes back at the other within
// its action ([attacker.strikeBack]).
func (t *fightTrial) strikeBack(d *engine.Dice, i, n int) {
	if n > 0 {
		t.suffered(1-i, t.f.atk[i].strikeBack(d, &t.st[1-i], n, t.f.perDie, t.scratch[:]))
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
