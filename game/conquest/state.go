package conquest

// unit is what a regiment brings to every trial, worked out once under a
// ruleset: its sizes and the tests and tables that do not change.
type unit struct {
	reg   *Regiment
	rs    *Ruleset
	m     int // models on a full stand
	w     int // Wounds of a model (of a stand under per_stand)
	s0    int // starting number of stands
	hMax  int // wounds of the whole regiment at full strength: s0·m·w
	charW int // Wounds of its Character; 0 without one
	rHigh int // the highest Resolve in the regiment
	rLow  int // the lowest
	decay int // Decay dice a stand at the end of its activation: Decay less Resist Decay
	start state
}

func newUnit(rs *Ruleset, r *Regiment) *unit {
	u := &unit{reg: r, rs: rs, m: r.models(rs), w: r.Profile.W, s0: r.Stands, rHigh: r.Profile.R, rLow: r.Profile.R}
	u.hMax = u.s0 * u.m * u.w
	u.decay = max(0, r.Rules.Decay-r.Rules.ResistDecay) // "Should Decay's attribute reach a 0 or less, treat it as if it had never suffered Decay"
	if c := r.Character; c != nil {
		u.charW = c.Profile.W
		u.rHigh = max(u.rHigh, c.Profile.R)
		u.rLow = min(u.rLow, c.Profile.R)
	}
	s := r.Start
	models := (u.s0-s.StandsLost)*u.m - s.ModelsLost
	u.start = state{health: models*u.w - s.Wounded, char: u.charW - s.CharacterWounded}
	u.start.turnStands = u.stands(&u.start)
	return u
}

// state is a regiment during a trial. Its stands and models follow from
// health alone: wounds go on one model at a time, casualties come off the
// incomplete stand first (RULES.md §7.6), and healing returns them the same
// way, so there is never more than one incomplete stand and never a full
// model's worth of Wounded markers.
type state struct {
	health       int // wounds left on its stands: models·W − Wounded markers
	char         int // wounds left on its Character; 0 without one
	turnStands   int // stands at the start of the turn, for Broken
	brokenStands int // stands when it broke, for Shattered
	broken       bool
	shattered    bool
	destroyed    bool
	charSlain    bool // its Character lost his last Wound (character_wounds last)
	inspired     bool // an Inspire this turn, for its next Clash
	aimed        bool // a Take Aim this turn, for its next Volley
	rallied      bool // a Rally has ended its Broken state (at any time)
	blessed      bool // it has used its Blessed this turn
	charIdle     bool // its Character foregoes his actions this activation (a Draw Event Rally)
	second       bool // side 0's only: it activates second this turn (it lost the roll-off)
}

// rallyOdds is the chance a Rally of the regiment in state st succeeds: it
// ceases to be Broken (conquestwiki Broken, Companion Rules p.176 [V]);
// against a Terrifying or Fearsome enemy in contact only on a Resolve roll
// (conquest.md §7 [V]), one die against the Resolve a Broken regiment
// tests Morale on, as a Morale die is rolled. A regiment that is not
// Broken gains nothing.
func (u *unit) rallyOdds(st *state, test bool, die Test) float64 {
	switch {
	case !st.broken:
		return 0
	case !test:
		return 1
	}
	return die.Odds().PassP()
}

// spend uses up an Inspire on a Clash and a Take Aim on a Volley.
func (st *state) spend(kind Kind) {
	switch kind {
	case Clash:
		st.inspired = false
	case Volley:
		st.aimed = false
	}
}

// rally ends the regiment's Broken state.
func (st *state) rally() { st.broken, st.brokenStands, st.rallied = false, 0, true }

// modelsOf returns the models alive with health h.
func (u *unit) modelsOf(h int) int { return (h + u.w - 1) / u.w }

// standsOf returns the regiment's stands with health h, its Character
// apart.
func (u *unit) standsOf(h int) int { return (u.modelsOf(h) + u.m - 1) / u.m }

// markersOf returns the Wounded markers beside the regiment with health h.
func (u *unit) markersOf(h int) int { return u.modelsOf(h)*u.w - h }

// stands returns the stands that count for Broken, Shattered and the
// Resolve size bonus: the regiment's, and its Character's when
// character_stand_counts says so, or when he is all that is left
// (character_wounds last).
func (u *unit) stands(st *state) int {
	n := u.standsOf(st.health)
	switch {
	case u.charW == 0 || st.char <= 0:
	case st.health <= 0 || u.rs.CharacterStandCounts:
		n++
	}
	return n
}

// alone reports whether only the Character is left (character_wounds
// last).
func (u *unit) alone(st *state) bool { return st.health <= 0 && st.char > 0 }

// wound takes n wounds off the regiment, as many as it has left, and
// returns those it took, the models it lost, and the wounds its Character
// took. Under character_wounds with_regiment the Character is removed
// with the last stand (conquest.md §8); under last he takes what is left
// of the pool once the other stands are gone, and is a casualty when his
// Wounds are. Broken and Shattered are checked at once (RULES.md §7.7);
// under shattered_checked: each_stand the wounds go on one stand at a
// time, and those left once it is Shattered are lost.
func (u *unit) wound(st *state, n int) (taken, casualties, char int) {
	if st.destroyed || n <= 0 {
		return 0, 0, 0
	}
	before := u.modelsOf(st.health)
	for n > 0 && !st.destroyed {
		if u.alone(st) {
			k := min(n, st.char)
			st.char -= k
			taken, n, char = taken+k, n-k, char+k
			if st.char == 0 {
				casualties++
				st.charSlain = true
			}
			u.checkBroken(st)
			continue
		}
		k := min(n, st.health)
		if u.rs.ShatteredChecked == ShatterEachStand {
			k = min(k, st.health-(u.standsOf(st.health)-1)*u.m*u.w)
		}
		st.health -= k
		taken, n = taken+k, n-k
		casualties = before - u.modelsOf(st.health)
		u.checkBroken(st)
	}
	return taken, casualties, char
}

// checkBroken applies Broken and Shattered (RULES.md §7.7): a regiment
// that has lost half the stands it started the turn with or more is
// Broken; a Broken one that has lost half or more of the stands it had
// when it broke is Shattered, and destroyed, as is one with no stand left.
// Stands go one at a time, so a regiment wiped out in one action broke on
// the way; Shattered is reported only when it removed stands still
// standing.
func (u *unit) checkBroken(st *state) {
	s := u.stands(st)
	if !st.broken && s < st.turnStands && 2*(st.turnStands-s) >= st.turnStands {
		st.broken, st.brokenStands = true, st.turnStands/2
	}
	switch {
	case st.health <= 0 && (st.char <= 0 || u.rs.CharacterWounds == CharWithRegiment):
		st.health, st.char, st.destroyed = 0, 0, true
	case st.broken && s < st.brokenStands && 2*(st.brokenStands-s) >= st.brokenStands:
		st.shattered, st.destroyed, st.health, st.char = true, true, 0, 0
	}
}

// sizeBonus is the Resolve bonus of a regiment of s stands (RULES.md §7.7):
// +1 for 4 to 6, +2 for 7 to 9, +3 for 10 or more.
func sizeBonus(s int) int {
	switch {
	case s >= 10:
		return 3
	case s >= 7:
		return 2
	case s >= 4:
		return 1
	}
	return 0
}

// resolve returns the regiment's Resolve for a Morale test with s stands
// counted for the size bonus and terror taken off by a Terrifying enemy
// (RULES.md §7.7; options broken_resolve, terrifying).
func (u *unit) resolve(st *state, s, terror int) int {
	r := u.highResolve(st)
	switch {
	case !st.broken:
		r += sizeBonus(s)
	case u.rs.BrokenResolve == BrokenLowest:
		r = u.lowResolve(st)
	}
	return r - terror
}

// highResolve and lowResolve are the highest and lowest Resolve in the
// regiment in state st: its Character's counts while he lives (a Duel can
// slay him while his regiment stands).
func (u *unit) highResolve(st *state) int {
	if st.charSlain {
		return u.reg.Profile.R
	}
	return u.rHigh
}

func (u *unit) lowResolve(st *state) int {
	if st.charSlain {
		return u.reg.Profile.R
	}
	return u.rLow
}

// woundCharacter puts n wounds of a Duel on the Character alone, as many
// as he has left, and returns those he took; at his last he is slain, a
// casualty, and when he was all that was left of it the regiment is
// destroyed.
func (u *unit) woundCharacter(st *state, n int) (taken, casualties int) {
	if st.destroyed || st.char <= 0 || n <= 0 {
		return 0, 0
	}
	taken = min(n, st.char)
	st.char -= taken
	if st.char == 0 {
		st.charSlain, casualties = true, 1
		u.checkBroken(st)
	}
	return taken, casualties
}
