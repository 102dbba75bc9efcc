package conquest

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// Outcome is the result of one roll-under [Test]: passed or failed, and
// whether the die that decided it showed the natural 1 or 6 some rules
// look for (Relentless Blows, Precise Shot; Deadly Blades in 2.x).
type Outcome uint8

const (
	Fail    Outcome = iota // failed, not on a natural 6
	FailSix                // failed on a natural 6
	Pass                   // passed, not on a natural 1
	PassOne                // passed on a natural 1
	numOutcomes
)

// Passed reports whether o is a pass.
func (o Outcome) Passed() bool { return o >= Pass }

// Test is one roll-under test (RULES.md §7.2): a die passes on a result
// equal to or under Target, "a result of '6' is always a failure, and a
// result of '1' is always a success – regardless of other modifiers". Target
// is the characteristic after every modifier, any value. When it is 0 or
// less, option zero_characteristic decides whether the 1 still passes
// (ZeroFails false) or nothing does (ZeroFails true: the test is then not
// rolled, as a player would not roll it).
//
// A die is re-rolled at most once and the second result stands (RULES.md
// §1): a failed die when RerollFailed (Flurry), a passed one when
// RerollPassed (Morale in the flank or rear, 2.x), and any first die
// showing a face in Reroll (Parry's 1s, Untouchable's 6s).
type Test struct {
	Target       int
	ZeroFails    bool
	RerollFailed bool
	RerollPassed bool
	Reroll       engine.Faces
}

// newTest is a test against target under rs's zero_characteristic.
func newTest(rs *Ruleset, target int) Test {
	return Test{Target: target, ZeroFails: rs.Zero == ZeroFails}
}

// impossible reports whether no face can pass.
func (t Test) impossible() bool { return t.Target <= 0 && t.ZeroFails }

// judge decides a die showing face.
func (t Test) judge(face int) Outcome {
	switch {
	case face == 6:
		return FailSix
	case face == 1:
		if t.impossible() {
			return Fail
		}
		return PassOne
	case face <= t.Target:
		return Pass
	}
	return Fail
}

// rerolled reports whether a first die showing face with outcome o is
// rolled again.
func (t Test) rerolled(face int, o Outcome) bool {
	return t.Reroll.Has(face) || t.RerollFailed && !o.Passed() || t.RerollPassed && o.Passed()
}

// Roll rolls the test die by die, re-roll included: the plain oracle path.
// A test no face can pass rolls no die.
func (t Test) Roll(d *engine.Dice) Outcome {
	if t.impossible() {
		return Fail
	}
	face := d.D6()
	o := t.judge(face)
	if t.rerolled(face, o) {
		o = t.judge(d.D6())
	}
	return o
}

// Odds is the exact chance of each [Outcome]: N[o]/36.
type Odds struct{ N [numOutcomes]int }

// Odds returns the exact odds of t, by enumerating the first die and, for
// faces that are re-rolled, the second.
func (t Test) Odds() Odds {
	var o Odds
	if t.impossible() {
		o.N[Fail] = 36
		return o
	}
	for face := 1; face <= 6; face++ {
		first := t.judge(face)
		if !t.rerolled(face, first) {
			o.N[first] += 6
			continue
		}
		for g := 1; g <= 6; g++ {
			o.N[t.judge(g)]++
		}
	}
	return o
}

// P returns the probability of outcome x.
func (o Odds) P(x Outcome) float64 { return float64(o.N[x]) / 36 }

// PassP returns the probability of a pass.
func (o Odds) PassP() float64 { return float64(o.N[Pass]+o.N[PassOne]) / 36 }

// text writes a test as "≤3 (1/2)".
func (t Test) text() string {
	o := t.Odds()
	num := o.N[Pass] + o.N[PassOne]
	var s string
	switch {
	case num == 0:
		s = "impossible"
	case t.Target <= 0:
		s = "a natural 1 only"
	case t.Target >= 6:
		s = "anything but a 6"
	default:
		s = fmt.Sprintf("%d or less", t.Target)
	}
	if t.RerollFailed {
		s += " re-rolling failures"
	}
	if t.RerollPassed {
		s += " re-rolling successes"
	}
	for f := 1; f <= 6; f++ {
		if t.Reroll.Has(f) {
			s += fmt.Sprintf(" re-rolling %ds", f)
		}
	}
	if num == 0 {
		return s
	}
	g := gcd(num, 36)
	return s + fmt.Sprintf(" (%d/%d)", num/g, 36/g)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
