package wotr

import "github.com/wargamesim/sim/engine"

// The fight phase's epic actions and Berserk (rules/wotr.md §8-§9, the
// BSData text [V]): what they change, and when.

// phaseEffects is what the fight phase's epic actions and Berserk have
// set for each formation this turn.
type phaseEffects struct {
	strength  int  // Berserk's +2 or +4
	company   int  // Epic Rage's +4, for the command company
	defence   int  // Epic Defence's +2
	defence3  bool // Epic Rage: its Defence is 3 at most
	blow      bool // Mighty Blow: the command company's hits each a casualty
	sacrifice bool // Epic Sacrifice: each hit on it discounted on 3+
	mad       int  // casualties of Berserk's Madness, towards the victor when the ruleset says
}

// madeBit is the bit of heroState.made for fight-phase epic action k,
// set when the hero makes it in the turn.
func madeBit(k ActionKind) uint8 { return 1 << (k - MightyBlow) }

// declares reports whether hero h declares epic action k this turn, and
// has not made it yet.
func (tr *trial) declares(h int, k ActionKind) bool {
	return in(tr.t.epic[h][k], tr.turn) && tr.h[h].made&madeBit(k) == 0
}

// startFightPhase makes, when a fight is due, what comes at the start of
// the fight phase, once the heroic actions are declared: Mighty Blows
// ("at the start of any Fight phase", a Might point) and the Berserk roll
// of a formation that charged this turn.
func (tr *trial) startFightPhase(d *engine.Dice) {
	t := tr.t
	if !tr.pending {
		return
	}
	for h := range t.e.Heroes {
		if tr.declares(h, MightyBlow) && tr.make(h, MightyBlow) {
			tr.fx[t.e.Heroes[h].Formation].blow = true
		}
	}
	for i := range 2 {
		if t.e.Formations[i].Berserk && tr.charger == i {
			tr.berserk(d, i)
		}
	}
}

// make pays for hero h's epic action k, if he is in the game and has the
// Might, and reports whether he made it.
func (tr *trial) make(h int, k ActionKind) bool {
	s := &tr.h[h]
	if s.out || s.might < 1 {
		return false
	}
	tr.spend(h, 1)
	s.made |= madeBit(k)
	return true
}

// beforeFight makes hero h's Epic Defence, Rage and Sacrifice, declared
// "before his formation fights": as it first fights in the phase.
func (tr *trial) beforeFight(h int) {
	fx := &tr.fx[tr.t.e.Heroes[h].Formation]
	if tr.declares(h, EpicDefence) && tr.make(h, EpicDefence) {
		fx.defence = 2
	}
	if tr.declares(h, EpicRage) && tr.make(h, EpicRage) {
		fx.company, fx.defence3 = 4, true
	}
	if tr.declares(h, EpicSacrifice) && tr.make(h, EpicSacrifice) {
		fx.sacrifice = true
	}
}

// endFightPhase removes the heroes who made an Epic Sacrifice ("At the end
// of the phase, remove the Hero from the game").
func (tr *trial) endFightPhase() {
	for h := range tr.t.e.Heroes {
		if s := &tr.h[h]; s.made&madeBit(EpicSacrifice) != 0 && !s.out {
			s.out, s.sacrificed = true, true
		}
	}
}

// berserk rolls formation i's Berserk D6: 1 Madness, D6 hits on itself
// at its own Strength +2 (berserk_madness: rolled to hit against its own
// Defence, or landing as they are); 2-5 Strength +2, 6 Strength +4, until
// the end of the turn.
func (tr *trial) berserk(d *engine.Dice, i int) {
	switch r := d.D6(); {
	case r == 6:
		tr.fx[i].strength = 4
	case r >= 2:
		tr.fx[i].strength = 2
	default:
		tr.madness[i] = true
		me := &tr.t.e.Formations[i]
		n := d.D6()
		if tr.t.rs.BerserkMadness == MadnessRolled {
			n = tr.rollAt(d, ToHit(me.S+2, me.D+2*b2i(me.Shield), 0, tr.t.rs.ToHitFloor), n)
		}
		cas, _ := tr.hits(d, i, n)
		tr.fx[i].mad += cas
	}
}

// stepOf is formation i's ladder step to hit now, for its command company
// or its other companies: its Strength with Berserk's and (the command
// company) Epic Rage's bonus, against the enemy's Defence with its shield
// and Epic Defence, 3 at most after an Epic Rage, its lances' +1 in the
// turn it charged.
func (tr *trial) stepOf(i int, command bool) int {
	t := tr.t
	me, foe := &t.e.Formations[i], &t.e.Formations[1-i]
	s := me.S + tr.fx[i].strength
	if command {
		s += tr.fx[i].company
	}
	d := foe.D + 2*b2i(foe.Shield) + tr.fx[1-i].defence
	if tr.fx[1-i].defence3 {
		d = min(d, 3)
	}
	mod := me.ToHitMod
	if me.Lances && tr.charger == i {
		mod++
	}
	return ToHit(s, d, mod, t.rs.ToHitFloor)
}

// rollAt rolls n dice at ladder step st and returns the hits.
func (tr *trial) rollAt(d *engine.Dice, st, n int) int {
	if !tr.t.perDie {
		return tr.t.bins[st].Sample(d, n)
	}
	hits := 0
	for range n {
		if rollHit(d, st) {
			hits++
		}
	}
	return hits
}

// discount is the hits of n on formation i that an Epic Sacrifice lets
// through: each is discounted on a D6 of 3 or more.
func (tr *trial) discount(d *engine.Dice, i, n int) int {
	if !tr.fx[i].sacrifice || n == 0 {
		return n
	}
	if !tr.t.perDie {
		return tr.t.keep.Sample(d, n)
	}
	kept := 0
	for range n {
		if d.D6() <= 2 {
			kept++
		}
	}
	return kept
}
