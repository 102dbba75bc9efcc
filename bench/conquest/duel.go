package conquestref

import (
	conq "github.com/wargamesim/sim/game/conquest"
	"github.com/wargamesim/sim/game/conquest/scenario"
)

// duel is the duel action under duels: simultaneous (docs/conquest.md,
// Duel; conquest.md §8 [U]): f's Character and foe's strike each other at
// once, each his Attacks hitting on his Clash, with his Cleave; each hit a
// defence die of the other Character's own Defence (no Shield), or his
// Evasion; each failed die a wound on that Character alone. At his last
// Wound he is slain, a casualty of his regiment, which fights on. Under
// duel_morale his regiment tests Morale, one die a wound he suffered. A
// Duel needs both Characters alive.
func duel(rs *conq.Ruleset, d dice, f, foe *force) {
	if !f.charActs() || !foe.charAlive() {
		return
	}
	toFoe := duelWounds(d, f.g.char, foe.g.char)
	toMe := duelWounds(d, foe.g.char, f.g.char)
	nf, nm := foe.charWound(toFoe), f.charWound(toMe)
	if rs.DuelMorale {
		duelMorale(rs, d, f, nm)
		duelMorale(rs, d, foe, nf)
	}
}

// duelMorale is the Morale test of f for the n wounds its Character took
// in a Duel (duel_morale), on the Resolve it has after them.
func duelMorale(rs *conq.Ruleset, d dice, f *force, n int) {
	if n > 0 && !f.gone {
		f.moraleTest(rs, d, n)
		f.checkShattered()
	}
}

// duelWounds rolls a's Attacks at b: the failed defence dice.
func duelWounds(d dice, a, b *scenario.Character) int {
	block := max(max(b.Profile.D-a.Rules.Cleave, 0), b.Profile.E)
	n := 0
	for range a.Profile.A {
		if d.test(a.Profile.C) && !d.test(block) {
			n++
		}
	}
	return n
}

// charWound puts n wounds on f's Character alone, one Wound marker each,
// until he is slain (the rest are lost); it returns the wounds he took.
func (f *force) charWound(n int) int {
	took := 0
	for range n {
		if f.charSlain {
			break
		}
		took++
		f.wounds++
		f.charWounds++
		f.charMarks++
		if f.charMarks >= f.g.char.Profile.W {
			f.charSlain = true
			f.casualties++
		}
	}
	return took
}
