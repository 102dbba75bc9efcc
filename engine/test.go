package engine

// Outcome is the result of one [Test] roll.
type Outcome uint8

const (
	Fail    Outcome = iota // the test failed
	Pass                   // the test passed, not on a natural 6 (or only through the 7+ procedure)
	PassSix                // the test passed on a natural 6 that needed no second die ("a roll of 6")
)

// Test is one "X+" roll on a d6 as the rules of the Warhammer family define
// it: the die passes when it rolls Need or more, with the edition's natural-1
// and natural-6 overrides and at most one re-roll (RULES.md §1).
//
// Need is the target after every modifier has been folded in (a -1 to hit
// with BS 3 is Need 5). Need ≤ 1 passes on any face unless Nat1Fails; Need in
// 7..9 passes only through the 7+ procedure when Beyond6 is set (a natural 6,
// then a second die of Need-3 or more: RULES.md §2.5); otherwise Need ≥ 7
// fails unless Nat6Passes.
//
// The outcome separates passes on a natural 6 ([PassSix]) because Poisoned
// Attacks and Killing Blow trigger on them. A pass through the 7+ procedure is
// a plain [Pass]: its natural 6 was not enough on its own.
type Test struct {
	Need       int   // modified target, any value; 7..9 use the 7+ procedure when Beyond6
	Nat1Fails  bool  // a natural 1 fails whatever the target
	Nat6Passes bool  // a natural 6 passes whatever the target
	Beyond6    bool  // targets 7..9 are rolled as a 6 followed by a second die (shooting)
	Reroll     Faces // natural faces of the first die that are re-rolled once
	RerollFail bool  // every failed test is re-rolled once (in addition to Reroll)
	RerollNeed int   // the re-roll's Need where it differs from the first roll's (0: Need)
}

// Faces is a set of die faces 1..6; bit f-1 stands for face f.
type Faces uint8

// Face returns the set holding the faces given.
func Face(faces ...int) Faces {
	var s Faces
	for _, f := range faces {
		if f < 1 || f > 6 {
			panic("engine: die face out of 1..6")
		}
		s |= 1 << (f - 1)
	}
	return s
}

// Has reports whether face f is in s.
func (s Faces) Has(f int) bool { return s&(1<<(f-1)) != 0 }

// Roll rolls the test die by die, re-roll included. It is the plain oracle
// path; samplers use [Test.Odds]. A test that cannot pass, or cannot fail,
// rolls no die (a model without a save does not roll one).
func (t Test) Roll(d *Dice) Outcome {
	switch {
	case t.impossible():
		return Fail
	case t.certain():
		return Pass
	}
	face := d.D6()
	o := t.rollFace(face, d)
	if (t.RerollFail && o == Fail) || t.Reroll.Has(face) {
		o = t.again().rollFace(d.D6(), d)
	}
	return o
}

// rollFace decides a first die showing face, rolling the second die of the
// 7+ procedure when it is needed.
func (t Test) rollFace(face int, d *Dice) Outcome {
	second := 0
	if t.needsSecond(face) {
		second = d.D6()
	}
	return t.judge(face, second)
}

// impossible reports whether no face can pass t, re-roll included.
func (t Test) impossible() bool {
	first := !t.Nat6Passes && (t.Need > 9 || t.Need > 6 && !t.Beyond6)
	if t.RerollNeed == 0 || !t.RerollFail {
		return first
	}
	return first && t.again().impossible()
}

// again is the test a re-rolled die takes: t with the re-roll's Need
// (RerollNeed, where set) and no further re-roll.
func (t Test) again() Test {
	if t.RerollNeed != 0 {
		t.Need = t.RerollNeed
	}
	t.RerollNeed, t.RerollFail, t.Reroll = 0, false, 0
	return t
}

// certain reports whether every face passes t with no re-roll: such a test
// is not rolled at all, so it never passes "on a natural 6".
func (t Test) certain() bool {
	return t.Need <= 1 && !t.Nat1Fails && t.Reroll == 0
}

// needsSecond reports whether a first die showing face goes on to the second
// die of the 7+ procedure.
func (t Test) needsSecond(face int) bool {
	return face == 6 && t.Beyond6 && !t.Nat6Passes && t.Need >= 7 && t.Need <= 9
}

// judge decides the outcome of a first die showing face; second is the
// second die of the 7+ procedure, read only when needsSecond(face).
func (t Test) judge(face, second int) Outcome {
	switch {
	case face == 1 && t.Nat1Fails:
		return Fail
	case face >= t.Need, face == 6 && t.Nat6Passes:
		if face == 6 {
			return PassSix
		}
		return Pass
	case t.needsSecond(face) && second >= t.Need-3:
		return Pass
	}
	return Fail
}

// Odds is the exact chance of each [Outcome] of a [Test]: Outcome o happens
// with probability N[o]/Den, Den a divisor of 6^4 (the fraction is reduced).
type Odds struct {
	N   [3]int64
	Den int64
}

// P returns the probability of outcome o.
func (o Odds) P(out Outcome) float64 { return float64(o.N[out]) / float64(o.Den) }

// Probs returns the probabilities of Fail, Pass and PassSix.
func (o Odds) Probs() []float64 {
	return []float64{o.P(Fail), o.P(Pass), o.P(PassSix)}
}

// Odds returns the exact odds of t by enumerating every die face, so that a
// test rolled by [Test.Roll] and a count sampled from these odds agree in
// distribution.
func (t Test) Odds() Odds {
	// Every path is weighted over the common denominator 6^4: the first die
	// and its 7+ second die (counted out of 6 for a given first face), then
	// the same two dice of a re-rolled test (counted out of 36).
	switch {
	case t.impossible():
		return Odds{N: [3]int64{1, 0, 0}, Den: 1}
	case t.certain():
		return Odds{N: [3]int64{0, 1, 0}, Den: 1}
	}
	const den = 1296
	var n [3]int64
	again := t.again().odds1() // a fresh test, out of 36
	for face := 1; face <= 6; face++ {
		first := t.single(face) // this face, out of 6
		switch {
		case t.Reroll.Has(face):
			// The whole result of this face is replaced: (1/6)·again/36.
			for o := range again {
				n[o] += again[o] * 6
			}
		case t.RerollFail:
			// Passes stand: (1/6)·first/6. Failures are re-rolled:
			// (1/6)·(fail/6)·again/36.
			n[Pass] += first[Pass] * 36
			n[PassSix] += first[PassSix] * 36
			for o := range again {
				n[o] += first[Fail] * again[o]
			}
		default:
			for o := range first {
				n[o] += first[o] * 36
			}
		}
	}
	return Odds{N: n, Den: den}.reduce()
}

// single returns the outcome counts, out of 6, of a first die showing face
// (the 6 covers the second die of the 7+ procedure).
func (t Test) single(face int) [3]int64 {
	var c [3]int64
	for second := 1; second <= 6; second++ {
		c[t.judge(face, second)]++
	}
	return c
}

// odds1 returns the outcome counts, out of 36, of one test without re-roll.
func (t Test) odds1() [3]int64 {
	var c [3]int64
	for face := 1; face <= 6; face++ {
		s := t.single(face)
		for o := range s {
			c[o] += s[o]
		}
	}
	return c
}

func (o Odds) reduce() Odds {
	for _, p := range []int64{2, 3} {
		for o.Den%p == 0 && o.N[0]%p == 0 && o.N[1]%p == 0 && o.N[2]%p == 0 {
			o.Den /= p
			o.N[0] /= p
			o.N[1] /= p
			o.N[2] /= p
		}
	}
	return o
}
