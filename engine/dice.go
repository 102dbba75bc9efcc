package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// dicePerWord is how many d6 one 64-bit word yields. 6^16 ≈ 2.8e12, so a word
// is rejected with probability below 6^16/2^64 ≈ 1.5e-7.
const dicePerWord = 16

// pow6 is 6^dicePerWord.
const pow6 = 2821109907456

// rejectBelow is 2^64 mod 6^16: a word whose final low part falls below it is
// redrawn, which makes every combination of the 16 dice exactly equally
// likely (Brackett-Rozinsky and Lemire 2024, algorithm 3 with equal bounds).
const rejectBelow = uint64(1 << 64 % pow6)

// Dice is the random source of one batch of trials. It is not safe for
// concurrent use; each worker owns the Dice of the batch it is running.
//
// The zero value is not usable; create one with [NewDice] or reset one with
// [Dice.Seed].
type Dice struct {
	src    rand.PCG
	script []uint8            // scripted dice still to come, for replaying examples
	left   uint               // dice left in buf, read from buf[left-1] down
	buf    [dicePerWord]uint8 // dice 1..6; the first one read is the last in the array
}

// NewDice returns the dice of batch b of the run with the given seed.
func NewDice(seed, batch uint64) *Dice {
	d := new(Dice)
	d.Seed(seed, batch)
	return d
}

// Seed resets d to the start of batch b of the run with the given seed. The
// stream depends on (seed, batch) and [StreamVersion] only.
func (d *Dice) Seed(seed, batch uint64) {
	hi, lo := streamState(seed, batch)
	d.src.Seed(hi, lo)
	d.left = 0
}

// Uint64 returns 64 uniformly random bits, for samplers that invert a
// cumulative table.
func (d *Dice) Uint64() uint64 { return d.src.Uint64() }

// D6 returns a uniform die roll in 1..6.
func (d *Dice) D6() int {
	if d.left == 0 {
		d.refill()
	}
	d.left--
	return int(d.buf[d.left%dicePerWord])
}

// refill expands the next accepted 64-bit word into 16 dice.
//
// The dice of a word r are the base-6 digits of floor(6^16·r/2^64), most
// significant first: each die is the high word of the running product by 6,
// and the low word carries on to the next die. A word is accepted only if the
// final low word, 6^16·r mod 2^64, is at least 2^64 mod 6^16; that makes every
// sequence of 16 dice exactly equally likely (Brackett-Rozinsky and Lemire
// 2024). The final low word is the wrapping product r·6^16, so the check
// costs one multiplication before the expansion.
func (d *Dice) refill() {
	if d.script != nil {
		d.refillScript()
		return
	}
	r := d.src.Uint64()
	for r*pow6 < rejectBelow {
		r = d.src.Uint64()
	}
	for i := dicePerWord - 1; i >= 0; i-- {
		hi, lo := bits.Mul64(r, 6)
		d.buf[i] = uint8(hi) + 1
		r = lo
	}
	d.left = dicePerWord
}

// D3 returns a uniform roll in 1..3, read as ceil(D6/2) as the rules define it.
func (d *Dice) D3() int { return (d.D6() + 1) >> 1 }

// Roll2D6 returns the sum of two dice, 2..12.
func (d *Dice) Roll2D6() int { return d.D6() + d.D6() }

// RollOff returns the side, 0 or 1, that wins a roll-off: a D6 each, side
// 0's first, both re-rolled on a tie (RULES.md §6.1).
func (d *Dice) RollOff() int {
	for {
		a, b := d.D6(), d.D6()
		switch {
		case a > b:
			return 0
		case a < b:
			return 1
		}
	}
}

// Count returns how many of n dice roll need or more; need ≤ 1 counts every
// die and need ≥ 7 none. It rolls every die (use a [Binomial] when only the
// count matters and speed does).
func (d *Dice) Count(n, need int) int {
	c := 0
	for range n {
		if d.D6() >= need {
			c++
		}
	}
	return c
}

// D6Lemire returns a die roll in 1..6 by Lemire's nearly divisionless method
// (Lemire, "Fast Random Integer Generation in an Interval", ACM TOMACS 2019),
// one 64-bit word per die. It is the slow, obviously correct oracle against
// which [Dice.D6] is tested; it shares d's stream.
func (d *Dice) D6Lemire() int {
	const n = 6
	hi, lo := bits.Mul64(d.src.Uint64(), n)
	if lo < n {
		thresh := uint64(1 << 64 % n) // 2^64 mod n
		for lo < thresh {
			hi, lo = bits.Mul64(d.src.Uint64(), n)
		}
	}
	return int(hi) + 1
}

// Scripted returns dice that roll the given faces, in order, through
// [Dice.D6] and everything built on it (D3, 2D6, [Test.Roll]); it panics when
// the script runs out. It replays the rules' worked examples through the
// real resolvers. Uint64, and so the count samplers, are not scripted: use
// the per-die paths with scripted dice.
func Scripted(faces ...int) *Dice {
	d := &Dice{script: make([]uint8, 0, len(faces))}
	for _, f := range faces {
		if f < 1 || f > 6 {
			panic(fmt.Sprintf("engine: scripted face %d is not 1..6", f))
		}
		d.script = append(d.script, uint8(f))
	}
	return d
}

// Left returns how many scripted dice are still unrolled (0 for random dice).
func (d *Dice) Left() int {
	if d.script == nil {
		return 0
	}
	return len(d.script) + int(d.left)
}

func (d *Dice) refillScript() {
	if len(d.script) == 0 {
		panic("engine: scripted dice ran out")
	}
	n := min(len(d.script), dicePerWord)
	for i := range n { // buf is read from the top down
		d.buf[n-1-i] = d.script[i]
	}
	d.script = d.script[n:]
	d.left = uint(n)
}
