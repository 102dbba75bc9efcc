package warhammerref

import (
	"math/rand/v2"
	"slices"

	"github.com/wargamesim/sim/game/warhammer"
)

// dice is the reference's only source of randomness: one math/rand/v2
// generator, one IntN(6)+1 per die (RULES.md §1: a D6 is uniform on 1..6).
type dice struct{ r *rand.Rand }

// d6 rolls one six-sided die.
func (d dice) d6() int { return d.r.IntN(6) + 1 }

// d3 rolls a D3: half a D6, rounded up (RULES.md §1).
func (d dice) d3() int { return (d.d6() + 1) / 2 }

// twoD6 is the sum of two dice, for Leadership tests and flee rolls.
func (d dice) twoD6() int { return d.d6() + d.d6() }

// count rolls n dice and counts those scoring need or more (regeneration
// dice: one die per wound, RULES.md §3.2).
func (d dice) count(n, need int) int {
	k := 0
	for range n {
		if d.d6() >= need {
			k++
		}
	}
	return k
}

// amount rolls a fixed or random number of wounds: Multiple Wounds (2),
// (D3) or (D6), or Impact Hits (D3). The zero Amount is 1.
func (d dice) amount(a warhammer.Amount) int {
	switch a.Die {
	case 3:
		return d.d3()
	case 6:
		return d.d6()
	}
	return max(a.N, 1)
}

// test is one D6 roll against a target number: the "(target, modifiers,
// natural-1 rule, natural-6 rule, re-roll policy)" of RULES.md §1. Every
// test of the reference fails on a natural 1 (hits, wounds, armour, ward,
// Regeneration: RULES.md §2.4-2.7).
type test struct {
	need      int  // the score needed after modifiers; above 6 cannot pass unless sixPasses
	sixPasses bool // a natural 6 passes whatever the need (close-combat hits, six_always_hits)
	// Re-rolls (RULES.md §1): a die is re-rolled at most once, and the
	// second result stands.
	rerollFailed bool  // re-roll the die when it failed
	rerollFaces  []int // re-roll these natural results, passed or failed
}

// noSave is the test of a save a model does not have.
var noSave = test{need: 7}

// canPass reports whether any face passes. A test that cannot pass is not
// rolled (docs/rules.md, "Dice"), so it never rolls a natural 6.
func (t test) canPass() bool { return t.need <= 6 || t.sixPasses }

// passes reports whether a natural face passes: never a 1.
func (t test) passes(face int) bool {
	return face != 1 && (face >= t.need || face == 6 && t.sixPasses)
}

// rerolls reports whether the die showing face is rolled again.
func (t test) rerolls(face int) bool {
	return t.rerollFailed && !t.passes(face) || slices.Contains(t.rerollFaces, face)
}

// roll rolls t and returns whether it passed and the natural face that
// stands (for Poisoned Attacks and Killing Blow, which look at natural 6s).
// A test that cannot pass is not rolled and returns face 0.
func (d dice) roll(t test) (passed bool, face int) {
	if !t.canPass() {
		return false, 0
	}
	face = d.d6()
	if t.rerolls(face) {
		face = d.d6()
	}
	return t.passes(face), face
}

// chance36 is the chance that t passes, in 36ths (exact): a face that is
// re-rolled passes with the single-die chance, the others as they stand.
// It only compares saves (regeneration_or_ward: better).
func (t test) chance36() int {
	if !t.canPass() {
		return 0
	}
	single := 0
	for face := 1; face <= 6; face++ {
		if t.passes(face) {
			single++
		}
	}
	c := 0
	for face := 1; face <= 6; face++ {
		switch {
		case t.rerolls(face):
			c += single
		case t.passes(face):
			c += 6
		}
	}
	return c
}

// withReroll sets t's re-rolls from the rules' re-roll.
func (t test) withReroll(r warhammer.Reroll) test {
	t.rerollFailed = t.rerollFailed || r.Failed
	t.rerollFaces = r.Faces
	return t
}
