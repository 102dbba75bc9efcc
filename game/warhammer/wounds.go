package warhammer

import "github.com/wargamesim/sim/engine"

// unitState is a unit's wounds as the rules keep them: whole models, plus
// the wounds marked on one damaged model (seed 002, "Models with more than
// one Wound": 5 wounds on W3 Ogres remove one and leave 2 marked; the next
// wound removes a second). It also keeps the phase's tallies that
// Regeneration and combat result need.
type unitState struct {
	w       int // Wounds on the profile, 1 or more
	alive   int // models standing
	carried int // wounds marked on the damaged model, 0..w-1

	// This phase:
	lost      int // wounds lost
	scored    int // wounds that count for combat result
	regenLost int // wounds lost that Regeneration may restore (not on a model slain by Killing Blow)
	onDamaged int // of carried, those lost this phase to wounds Regeneration may restore
	// unsavedRegen counts the unsaved wounds Regeneration may restore, one
	// die each (seed 000), less those that landed on a model a Killing
	// Blow then slew; unsavedOnDamaged counts those on the damaged model.
	unsavedRegen, unsavedOnDamaged int
}

func newUnitState(models, w int) unitState {
	return unitState{w: w, alive: models}
}

// startPhase clears the phase's tallies.
func (u *unitState) startPhase() {
	u.lost, u.scored, u.regenLost, u.onDamaged = 0, 0, 0, 0
	u.unsavedRegen, u.unsavedOnDamaged = 0, 0
}

// wound marks n wounds from one unsaved wound (n > 1 with Multiple Wounds) on
// the damaged model, or a fresh one. A model never suffers more wounds than
// it has left: the excess is lost, and so are wounds on a destroyed unit
// (RULES.md §2.8). regenerable says whether Regeneration may restore them.
func (u *unitState) wound(n int, regenerable bool) {
	if regenerable {
		u.unsavedRegen++ // a die even for a wound on a destroyed unit; the dice stop at the wounds lost
	}
	if u.alive == 0 {
		return
	}
	n = min(n, u.w-u.carried)
	u.carried += n
	u.lost += n
	u.scored += n
	if regenerable {
		u.regenLost += n
		u.onDamaged += n
		u.unsavedOnDamaged++
	}
	if u.carried == u.w {
		u.alive--
		u.carried, u.onDamaged, u.unsavedOnDamaged = 0, 0, 0
	}
}

// woundEach marks n single wounds at once: the same as n calls of
// wound(1, regenerable), in constant time.
func (u *unitState) woundEach(n int, regenerable bool) {
	if regenerable {
		u.unsavedRegen += n
	}
	hp := u.alive*u.w - u.carried
	n = min(n, hp)
	u.lost += n
	u.scored += n
	hp -= n
	alive := (hp + u.w - 1) / u.w
	carried := alive*u.w - hp
	// Each of these wounds took off one wound, so on the damaged model the
	// unsaved wounds are as many as the wounds marked by them.
	switch {
	case !regenerable && alive != u.alive:
		u.onDamaged, u.unsavedOnDamaged = 0, 0
	case !regenerable:
	case alive != u.alive: // a new damaged model, all of whose wounds are these
		u.regenLost += n
		u.onDamaged, u.unsavedOnDamaged = carried, carried
	default:
		u.regenLost += n
		u.onDamaged += n
		u.unsavedOnDamaged += n
	}
	u.alive, u.carried = alive, carried
}

// damage marks on a unit with no damaged model (a fresh target, or one
// whose Killing Blows came first) the result of unsaved ordinary wounds
// sampled whole: d wounds taken off (capped at what the unit has), j of the
// wounds landing on the model left damaged. It leaves u as unsaved calls of
// wound would have, whose outcome it is (see Volley.damage).
func (u *unitState) damage(d, j, unsaved int, regenerable bool) {
	if u.carried != 0 {
		panic("warhammer: sampled damage on a unit with a damaged model")
	}
	hp := u.alive * u.w
	d = min(d, hp)
	u.lost += d
	u.scored += d
	alive := (hp - d + u.w - 1) / u.w
	carried := alive*u.w - (hp - d)
	if regenerable {
		u.unsavedRegen += unsaved
		u.regenLost += d
		u.onDamaged = carried
		u.unsavedOnDamaged = 0
		if carried > 0 {
			u.unsavedOnDamaged = j
		}
	}
	u.alive, u.carried = alive, carried
}

// killingBlow slays the damaged model (or a fresh one) outright. Its wounds
// cannot be regenerated, and for combat result it scores the wounds it had
// left or its profile Wounds, as rs says (seed 000; RULES.md §2.9.1).
func (u *unitState) killingBlow(rs *Ruleset) {
	if u.alive == 0 {
		return
	}
	left := u.w - u.carried
	u.lost += left
	if rs.KillingBlowWounds == KBProfileWounds {
		u.scored += u.w
	} else {
		u.scored += left
	}
	u.regenLost -= u.onDamaged
	u.unsavedRegen -= u.unsavedOnDamaged
	u.alive--
	u.carried, u.onDamaged, u.unsavedOnDamaged = 0, 0, 0
}

// regenDice is how many Regeneration dice the unit rolls at the end of the
// phase (seed 000): one per unsaved wound it may restore, never more than
// the wounds it lost, or one per wound lost (RegenPerWoundLost).
func (u *unitState) regenDice(rs *Ruleset) int {
	if rs.RegenDice == RegenPerWoundLost {
		return u.regenLost
	}
	return min(u.regenLost, u.unsavedRegen)
}

// regenerate restores n wounds lost this phase: they count as never
// inflicted, and slain models stand up again, whole models first (seed 000:
// 4 regenerated on 2 slain W3 Trolls gives one at 3 W and one at 1 W). n is at
// most regenLost, so no model slain by Killing Blow returns.
func (u *unitState) regenerate(n int) {
	if n > u.regenLost {
		panic("warhammer: regenerating more wounds than Regeneration may restore")
	}
	u.lost -= n
	u.scored -= n
	u.regenLost -= n
	hp := u.alive*u.w - u.carried + n
	u.alive = (hp + u.w - 1) / u.w
	u.carried = u.alive*u.w - hp
}

// applyWounds marks one volley's unsaved wounds on u: ordinary wounds
// (each multiplied by Multiple Wounds, rolled from d) and Killing Blows, in
// the order rs gives. It returns the unsaved wounds of each kind left over
// once the last model fell.
// With a path x (the exact solver), the path takes each Multiple Wounds
// roll instead of the dice.
func applyWounds(u *unitState, rs *Ruleset, d *engine.Dice, x *paths, ordinary, killing int, mw Amount, regenerable bool) (exOrdinary, exKilling int) {
	if rs.KillingBlowOrder == KBBeforeOtherWounds {
		exKilling = u.killingBlows(rs, killing)
	}
	if mw.Die == 0 && mw.N <= 1 {
		exOrdinary = max(0, ordinary-(u.alive*u.w-u.carried))
		u.woundEach(ordinary, regenerable)
	} else {
		for i := range ordinary {
			if u.alive == 0 {
				if regenerable {
					u.unsavedRegen += ordinary - i // wounds on a destroyed unit still get their dice
				}
				exOrdinary = ordinary - i
				break
			}
			u.wound(rollAmount(d, x, mw), regenerable)
		}
	}
	if rs.KillingBlowOrder == KBAfterOtherWounds {
		exKilling = u.killingBlows(rs, killing)
	}
	return exOrdinary, exKilling
}

// killingBlows strikes n Killing Blows at u, and returns how many found no
// model left to slay: the same as n calls of killingBlow, in constant
// time. After the first, every blow slays a whole model.
func (u *unitState) killingBlows(rs *Ruleset, n int) (ex int) {
	if n == 0 || u.alive == 0 {
		return n
	}
	u.killingBlow(rs)
	k := min(n-1, u.alive)
	u.lost += k * u.w
	u.scored += k * u.w // remaining and profile Wounds alike, on whole models
	u.alive -= k
	return n - 1 - k
}

// roll returns a's value, rolling its die from d.
func (a Amount) roll(d *engine.Dice) int {
	switch a.Die {
	case 3:
		return d.D3()
	case 6:
		return d.D6()
	}
	return max(a.N, 1)
}
