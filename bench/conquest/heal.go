package conquestref

import (
	conq "github.com/wargamesim/sim/game/conquest"
	"github.com/wargamesim/sim/game/conquest/scenario"
)

// healed is what one heal did.
type healed struct {
	spent, lost, restored int
	blocked               bool
}

// heal spends points Heal Points on f through seed 003's sequence, to the
// letter ("removing one Wound marker per Heal Point until there are no
// more Wounds to Heal, or you have run out of Heal Points"):
//
//  1. Heal Characters: the Character's Wounded markers (left out when
//     skipChar: Regeneration, regeneration_skips_character).
//  2. Heal Wounded Stands: the regiment's Wounded markers.
//  3. Restore Casualties: a model back on the incomplete stand, with W − 1
//     Wounded markers so that it has 1 Wound left; back to step 2.
//  4. Restore Stands: once every stand is complete and no marker is left,
//     a stand removed earlier returns in the rear rank with one model on 1
//     Wound; back to step 2. If the rear is in contact with an enemy or
//     there is no room, the stand is not placed and all remaining Heal
//     Points are lost. Never beyond the starting number of stands.
//
// Returning a model or a stand costs one Heal Point (restore_cost: one,
// the preset value of both editions: RULES.md §7.8 [I]). A Broken
// regiment cannot be healed under broken_blocks_healing (2.x).
func heal(rs *conq.Ruleset, f *force, points int, skipChar bool) healed {
	h := healed{}
	if f.gone || (f.broken && rs.BrokenBlocksHealing) {
		h.lost = points
		return h
	}
	W := f.g.p.W
	if !skipChar && !f.charSlain { // a slain Character is not healed
		for points > 0 && f.charMarks > 0 { // step 1
			f.charMarks--
			points--
			h.spent++
			f.charHealed++
		}
	}
	for points > 0 {
		if f.marks > 0 { // step 2
			f.marks--
			points--
			h.spent++
			continue
		}
		if f.models%f.g.perStand != 0 { // step 3: an incomplete stand
			f.models++
			f.marks += W - 1
			points--
			h.spent++
			h.restored++
			continue
		}
		if f.stands() < f.g.stands { // step 4
			if f.g.rearLocked {
				h.blocked = true
				break
			}
			f.models++ // a new stand of one model
			f.marks += W - 1
			points--
			h.spent++
			h.restored++
			continue
		}
		break // nothing left to heal: the rest is unused
	}
	h.lost = points
	return h
}

// amount rolls a heal source's amount: N plus Dice dice of Sides sides.
func amount(d dice, a scenario.Amount) int {
	n := a.N
	for range a.Dice {
		if a.Sides == 3 {
			n += (d.d6() + 1) / 2 // a D3 is a D6 halved, rounding up
		} else {
			n += d.d6()
		}
	}
	return n
}
