package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// unit is a unit's wounds and models, kept as seed 002 keeps them: whole
// models, and the wounds marked on the one damaged model.
type unit struct {
	w, models int // profile Wounds; models at the start
	alive     int
	carried   int // wounds marked on the damaged model, 0..w-1
	slainByKB int // models slain by Killing Blow: they never regenerate

	// Regeneration at the end of the phase (6th): the unit still has it
	// (Flaming Attacks may take it away for the battle), and rolls for
	// this phase's wounds only (seed 000).
	regenerates bool
	regenNeed   int // X of Regeneration (X+)
	// burnt: Regeneration as a save or as the wound is lost is gone for
	// the battle (a Flaming wound under flaming_removes_regeneration:
	// battle).
	burnt bool

	// This phase (one round of close combat, or one volley).
	slain        int  // models slain so far this phase (before Regeneration)
	scored       int  // wounds scored against the unit for combat result
	flamed       bool // it suffered an unsaved wound from Flaming Attacks
	regenLost    int  // wounds it lost this phase that may regenerate
	regenUnsaved int  // unsaved wounds this phase that may regenerate
	// Of the damaged model's marked wounds, how many were lost this phase
	// and may regenerate, and how many unsaved wounds brought them: a
	// Killing Blow that slays it takes them out of the Regeneration pool.
	carriedRegen, carriedRegenWounds int
}

func newUnit(models, w int, regen warhammer.Save) unit {
	return unit{
		w: w, models: models, alive: models,
		regenerates: regen < warhammer.NoSave,
		regenNeed:   int(regen),
	}
}

// startPhase clears what the unit counts per phase.
func (u *unit) startPhase() {
	u.slain, u.scored, u.flamed = 0, 0, false
	u.regenLost, u.regenUnsaved = 0, 0
	u.carriedRegen, u.carriedRegenWounds = 0, 0
}

// woundsLost is every wound the unit has lost: its slain models' and the
// damaged model's.
func (u *unit) woundsLost() int { return (u.models-u.alive)*u.w + u.carried }

// takeWound puts one unsaved wound that takes n wounds off (Multiple
// Wounds) on the damaged model, or on a fresh one. A model never suffers
// more wounds than it has left: the rest are lost (RULES.md §2.8), as are
// wounds beyond the last model (seed 000, "Regenerating excess wounds").
// regenerable: the wound may regenerate at the end of the phase.
func (u *unit) takeWound(n int, regenerable bool) {
	if regenerable {
		// Seed 000 rolls one die per unsaved wound, excess ones included;
		// the dice are capped by the wounds lost (endOfPhase).
		u.regenUnsaved++
	}
	if u.alive == 0 {
		return
	}
	n = min(n, u.w-u.carried)
	u.carried += n
	u.scored += n
	if regenerable {
		u.regenLost += n
		u.carriedRegen += n
		u.carriedRegenWounds++
	}
	if u.carried == u.w {
		// Seed 002: "5 wounds represent 1 model eliminated ... and 2
		// wounds still remain".
		u.alive--
		u.slain++
		u.carried, u.carriedRegen, u.carriedRegenWounds = 0, 0, 0
	}
}

// killingBlow slays one model outright (RULES.md §2.9.1): the model
// carrying wounds if there is one, else a fresh one. Wounds are lost by one
// model until it is slain (tow.whfb.app removing-casualties/
// multiple-wound-models; "one model at a time", faq/general-principles),
// so a Killing Blow struck before the step's other wounds (killing_blow_order:
// before_other_wounds) still falls on a model wounded at an earlier step,
// and one struck after them (after_other_wounds) on the model they
// marked. For combat result the model
// scores its remaining wounds (6th, seed 000) or its profile Wounds (8th).
// A model slain by Killing Blow never regenerates, the wounds it carried
// included (docs/rules.md, killing_blow_order).
func (u *unit) killingBlow(kbWounds warhammer.KBWounds) {
	if u.alive == 0 {
		return
	}
	if u.carried > 0 {
		remaining := u.w - u.carried
		u.regenLost -= u.carriedRegen
		u.regenUnsaved -= u.carriedRegenWounds
		u.scored += u.kbScore(remaining, kbWounds)
		u.carried, u.carriedRegen, u.carriedRegenWounds = 0, 0, 0
	} else {
		u.scored += u.kbScore(u.w, kbWounds)
	}
	u.alive--
	u.slain++
	u.slainByKB++
}

func (u *unit) kbScore(remaining int, kbWounds warhammer.KBWounds) int {
	if kbWounds == warhammer.KBProfileWounds {
		return u.w
	}
	return remaining
}

// endOfPhase rolls 6th-edition Regeneration once all attacks of the phase
// are resolved (seed 000; RULES.md §3.2): one die per unsaved wound, never
// more than the wounds the unit lost (perWoundLost: one die per wound lost,
// option regeneration_dice: wounds_lost); each success restores a wound
// that then counts as never inflicted, for combat result too. A wiped-out
// unit still regenerates. Flaming Attacks instead take Regeneration away:
// for the battle (6th) or the phase. It returns the wounds restored.
//
// counts (regeneration_counts_for_combat_result): a restored wound still
// counts for combat result (RULES.md §4).
func (u *unit) endOfPhase(d dice, perWoundLost bool, loss warhammer.RegenLoss, counts bool) int {
	if !u.regenerates {
		return 0
	}
	if u.flamed {
		if loss == warhammer.LoseRegenForBattle {
			u.regenerates = false
		}
		return 0
	}
	dice := min(u.regenUnsaved, u.regenLost)
	if perWoundLost {
		dice = u.regenLost
	}
	restored := d.count(dice, u.regenNeed)
	// Slain models stand up again as whole models first: 4 wounds restored
	// on 2 slain W3 Trolls stand one up at 3 W and one at 1 W (seed 000).
	// The wounds the unit has lost, bar the Killing Blows', are marked
	// afresh on whole models, as seed 002 marks them.
	lost := (u.models-u.alive-u.slainByKB)*u.w + u.carried - restored
	dead := lost / u.w
	stoodUp := u.models - u.slainByKB - dead - u.alive
	u.alive += stoodUp
	u.slain -= stoodUp
	u.carried = lost % u.w
	if !counts {
		u.scored -= restored
	}
	return restored
}

// pending is the unsaved wounds one group of attacks brings to a unit,
// put on it once every blow struck at the same moment has been rolled.
type pending struct {
	ordinary, slainOutright int
	// regenerated: wounds Regeneration saved (8th) or recovered as they
	// were lost (The Old World): no wound is lost, but under
	// regeneration_counts_for_combat_result each counts one for combat
	// result (RULES.md §4), before Multiple Wounds (docs/rules.md, "Not
	// simulated under tow").
	regenerated int
	multiple    warhammer.Amount
	regenerable bool
	// flaming: Flaming Attacks that take Regeneration away for later
	// (not under flaming_removes_regeneration: never); burns: Flaming
	// wounds that may not be regenerated themselves (blows.go, burns).
	flaming, burns bool
}

// takeAll puts the wounds of simultaneous blows on u: each group's
// ordinary wounds, then its Killing Blows, group by group
// (killing_blow_order: after_other_wounds), or the other way round
// (before_other_wounds: every Killing Blow of the
// step before any other wound, The Old World's FAQ, general principles,
// docs/rules.md killing_blow_order). over, when not nil, is the
// champion, who takes the unsaved wounds left over once the last of the
// rank and file u has fallen (champion_takes_overflow, docs/rules.md);
// without him they are lost.
func (u *unit) takeAll(d dice, rs *warhammer.Ruleset, ps []pending, over *unit) {
	after := rs.KillingBlowOrder == warhammer.KBAfterOtherWounds
	on := func() *unit {
		if u.alive == 0 && over != nil && over.alive > 0 {
			return over
		}
		return u
	}
	killingBlows := func(p pending) {
		for range p.slainOutright {
			t := on()
			t.flamed = t.flamed || t != u && p.flaming
			t.killingBlow(rs.KillingBlowWounds)
		}
	}
	if rs.RegenCounts {
		// A regenerated wound was lost by a standing model, then
		// recovered; it lands before the step's other wounds.
		for _, p := range ps {
			for range p.regenerated {
				if t := on(); t.alive > 0 {
					t.scored++
				}
			}
		}
	}
	if !after {
		for _, p := range ps {
			killingBlows(p)
		}
	}
	for _, p := range ps {
		if p.flaming && p.ordinary+p.slainOutright > 0 {
			u.flamed = true
		}
		for range p.ordinary {
			t := on()
			regenerable := p.regenerable
			if t != u {
				// The champion's own Regeneration, lost only to a Flaming
				// wound he suffers himself (seed 000).
				regenerable = t.regenerates && !p.burns
				t.flamed = t.flamed || p.flaming
			}
			t.takeWound(d.amount(p.multiple), regenerable)
		}
		if after {
			killingBlows(p) // each group's wounds in turn (docs/rules.md, killing_blow_order)
		}
	}
}

// takeOnCharacter puts the wounds of simultaneous blows on u, a character,
// and returns the Overkill they score were he fighting a challenge: the
// wounds beyond those he had left, every unsaved wound rolled (Multiple
// Wounds included) even once he has fallen; at most overkill_cap, and none
// unless he falls (docs/rules.md, "Overkill"; 6th.whfb.app
// characters/overkill).
//
// If a Killing Blow is among them, he falls to it, whatever the other
// wounds would have done on their own: the blows land at once. It scores
// what a Killing Blow scores on him as he stood before them (his wounds
// left, or his profile Wounds), and each other wounding hit, Killing Blow
// or not, one Overkill ("the attacker scores an Overkill bonus equal to
// the number of other wounding hits", 6th.whfb.app
// close-combat/challenges-combat-resolution).
func (u *unit) takeOnCharacter(d dice, rs *warhammer.Ruleset, ps []pending) (overkill int) {
	if u.alive == 0 {
		return 0
	}
	if rs.RegenCounts {
		for _, p := range ps {
			u.scored += p.regenerated // he stands: a regenerated wound counts (RULES.md §4)
		}
	}
	hits, killing := 0, 0
	for _, p := range ps {
		if p.flaming && p.ordinary+p.slainOutright > 0 {
			u.flamed = true
		}
		hits += p.ordinary + p.slainOutright
		killing += p.slainOutright
	}
	if killing > 0 {
		u.killingBlow(rs.KillingBlowWounds) // one model: the damaged one if he is
		return min(hits-1, rs.OverkillCap)
	}
	for _, p := range ps {
		for range p.ordinary {
			n := d.amount(p.multiple)
			if u.alive == 0 {
				overkill += n
			} else {
				overkill += max(0, n-(u.w-u.carried))
			}
			u.takeWound(n, p.regenerable)
		}
	}
	if u.alive > 0 {
		return 0
	}
	return min(overkill, rs.OverkillCap)
}
