package wotr

import "github.com/wargamesim/sim/engine"

// step is one declared action: the hero, and the index of the action in
// his list.
type step struct{ hero, action int8 }

// orderSteps writes into dst, and returns, the order in which a phase's
// declared actions are carried out (seed 001, "General dynamics"): when
// both sides declare, they alternate, side first picking first; when one
// side runs out, the other takes the rest. sides holds each side's
// actions in the order its player wants them (the scenario's order), one
// hero's actions together. A pick takes one action, or one hero with all
// his actions of the phase, as unit says.
func orderSteps(dst []step, sides *[2][]step, first int, unit PickUnit) []step {
	dst = dst[:0]
	var next [2]int
	side := first
	for next[0] < len(sides[0]) || next[1] < len(sides[1]) {
		if next[side] == len(sides[side]) {
			side = 1 - side
		}
		list := sides[side]
		i := next[side]
		dst = append(dst, list[i])
		i++
		if unit == PickHero {
			for i < len(list) && list[i].hero == list[i-1].hero {
				dst = append(dst, list[i])
				i++
			}
		}
		next[side] = i
		side = 1 - side
	}
	return dst
}

// firstPicker is the side that picks first in a phase whose sides declared
// n[0] and n[1] actions: the roll-off's winner when both declared (and only
// then is there a roll-off), else the side that declared; -1 when neither.
func firstPicker(d *engine.Dice, n [2]int) int {
	switch {
	case n[0] > 0 && n[1] > 0:
		return d.RollOff()
	case n[0] > 0:
		return 0
	case n[1] > 0:
		return 1
	}
	return -1
}
