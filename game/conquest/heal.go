package conquest

// Stop is why a heal stopped.
type Stop uint8

const (
	StopSpent     Stop = iota // every Heal Point was spent
	StopHealed                // nothing was left to heal; the rest is unused
	StopBlocked               // step 4: the rear is in contact or there is no room; the rest is lost
	StopCost                  // the points left were fewer than a returned model or stand costs
	StopBroken                // a Broken regiment cannot be healed (broken_blocks_healing)
	StopDestroyed             // a destroyed regiment is out of play and cannot be healed
)

var stopNames = []string{"spent", "fully healed", "blocked", "short of the restore cost", "broken", "destroyed"}

func (s Stop) String() string { return stopNames[s] }

// HealResult is what one heal did.
type HealResult struct {
	Points           int  // Heal Points given
	Spent            int  // Heal Points spent
	Lost             int  // Heal Points not spent, whatever the reason: Points − Spent
	Stop             Stop // why it stopped
	CharacterMarkers int  // step 1: Wounded markers removed from the Character
	Markers          int  // step 2: Wounded markers removed from the regiment
	Models           int  // step 3: models returned to the incomplete stand
	Stands           int  // step 4: stands returned to the rear rank
}

// restoreCost returns the Heal Points a returned model or stand costs
// (option restore_cost).
func (u *unit) restoreCost() int {
	switch u.rs.RestoreCost {
	case RestoreFree:
		return 0
	case RestoreHalfWound:
		return (u.w + 1) / 2
	case RestoreWounds:
		return u.w
	}
	return 1
}

// heal spends points Heal Points on the regiment in the order of seed 003
// (the Healing sequence, Core Rulebook v1.5 p.16), "removing one Wound
// marker per Heal Point until there are no more Wounds to Heal, or you have
// run out of Heal Points":
//
//  1. Heal Characters: the Character's Wounded markers, if withCharacter.
//  2. Heal Wounded Stands: the regiment's Wounded markers.
//  3. Restore Casualties: a model returns to the incomplete stand, with
//     W−1 Wounded markers so that it has 1 Wound left; back to step 2.
//  4. Restore Stands: once every stand is complete, a stand removed
//     earlier returns in the rear rank with one model on 1 Wound; back to
//     step 2. Not when the rear is in contact with an enemy or there is no
//     room (rearBlocked): the remaining Heal Points are lost. Never beyond
//     the starting number of stands.
//
// A returned model or stand costs what restore_cost says (1 by default, so
// that one Heal Point is one Wound). If trace is not nil, heal appends the
// step of each Heal Point spent, and of each model or stand returned free.
func (u *unit) heal(st *state, points int, withCharacter, rearBlocked bool, trace *[]int) HealResult {
	res := HealResult{Points: points}
	switch {
	case points <= 0:
		return res
	case st.destroyed || st.health <= 0 && !u.alone(st):
		res.Lost, res.Stop = points, StopDestroyed
		return res
	case st.broken && u.rs.BrokenBlocksHealing:
		res.Lost, res.Stop = points, StopBroken
		return res
	}
	note := func(step, times int) {
		if trace != nil {
			for range times {
				*trace = append(*trace, step)
			}
		}
	}
	models, markers := u.modelsOf(st.health), u.markersOf(st.health)
	charMarkers := u.charW - st.char

	// 1. Heal Characters (a slain one is not healed).
	if withCharacter && charMarkers > 0 && !st.charSlain {
		k := min(points, charMarkers)
		charMarkers, points, res.CharacterMarkers = charMarkers-k, points-k, k
		note(1, k)
	}
	cost := u.restoreCost()
	res.Stop = StopSpent
	for points > 0 {
		// 2. Heal Wounded Stands.
		if markers > 0 {
			k := min(points, markers)
			markers, points, res.Markers = markers-k, points-k, res.Markers+k
			note(2, k)
			continue
		}
		// 3. Restore Casualties: the incomplete stand, if there is one.
		if models%u.m != 0 {
			if points < cost {
				res.Stop = StopCost
				break
			}
			models, markers, points, res.Models = models+1, u.w-1, points-cost, res.Models+1
			note(3, max(cost, 1))
			continue
		}
		// 4. Restore Stands, never beyond the starting number.
		if models/u.m < u.s0 {
			if rearBlocked {
				res.Stop = StopBlocked
				break
			}
			if points < cost {
				res.Stop = StopCost
				break
			}
			models, markers, points, res.Stands = models+1, u.w-1, points-cost, res.Stands+1
			note(4, max(cost, 1))
			continue
		}
		res.Stop = StopHealed
		break
	}
	res.Spent, res.Lost = res.Points-points, points
	st.health, st.char = models*u.w-markers, u.charW-charMarkers
	return res
}

// fullRestore is the 1.03 Regeneration (conquest.md §4; option
// regeneration full_restore): "remove all Wound markers from the unit and
// replace all lost models to each surviving stand. If the Regiment has no
// Wound markers or has no stands with less than the starting number of
// models, you may restore a stand lost earlier … cannot exceed the original
// number of Stands". "No markers or incomplete stands" is read as neither;
// the stand returns as full_restore_stand says, and not when rearBlocked.
// The wounds it gives back count as Heal Points spent.
func (u *unit) fullRestore(st *state, withCharacter, rearBlocked bool) HealResult {
	var res HealResult
	switch {
	case st.destroyed || st.health <= 0 && !u.alone(st):
		res.Stop = StopDestroyed
		return res
	case st.broken && u.rs.BrokenBlocksHealing:
		res.Stop = StopBroken
		return res
	}
	before := st.health + st.char
	models, markers := u.modelsOf(st.health), u.markersOf(st.health)
	if withCharacter && !st.charSlain {
		res.CharacterMarkers = u.charW - st.char
		st.char = u.charW
	}
	res.Stop = StopHealed
	switch full := (models + u.m - 1) / u.m * u.m; {
	case markers > 0 || models < full:
		res.Markers, res.Models = markers, full-models
		models, markers = full, 0
	case models/u.m < u.s0 && rearBlocked:
		res.Stop = StopBlocked
	case models/u.m < u.s0:
		res.Stands = 1
		if u.rs.FullRestoreStand == RestoreOneModel {
			models, markers = models+1, u.w-1
		} else {
			models += u.m
		}
	}
	st.health = models*u.w - markers
	res.Spent = st.health + st.char - before
	res.Points = res.Spent
	return res
}
