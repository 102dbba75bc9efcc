package engine

import (
	"fmt"
	"testing"
)

func TestOdds(t *testing.T) {
	t.Parallel()
	type row struct {
		name            string
		test            Test
		fail, pass, six float64
		why             string
	}
	const s = 1.0 / 6
	for _, r := range []row{
		{"4+", Test{Need: 4, Nat1Fails: true}, 3 * s, 2 * s, s, "faces 4, 5 pass and 6 passes as a six"},
		{"1+ save", Test{Need: 1, Nat1Fails: true}, s, 4 * s, s, "a natural 1 always fails (seed 002, maximum save)"},
		{"0+ save", Test{Need: 0, Nat1Fails: true}, s, 4 * s, s, "better than 1+ still fails on a 1"},
		{"no nat-1 rule", Test{Need: 1}, 0, 1, 0, "without the rule a 1+ always passes, and is not rolled, so there is no six"},
		{"7+ shooting", Test{Need: 7, Nat1Fails: true, Beyond6: true}, 1 - s*3*s, s * 3 * s, 0, "a 6 then 4+ (RULES.md §2.5); not a six for Poison"},
		{"8+ shooting", Test{Need: 8, Nat1Fails: true, Beyond6: true}, 1 - s*2*s, s * 2 * s, 0, "a 6 then 5+"},
		{"9+ shooting", Test{Need: 9, Nat1Fails: true, Beyond6: true}, 1 - s*s, s * s, 0, "a 6 then 6"},
		{"10+ shooting", Test{Need: 10, Nat1Fails: true, Beyond6: true}, 1, 0, 0, "10+ is impossible"},
		{"7+ save", Test{Need: 7, Nat1Fails: true}, 1, 0, 0, "a save needing 7 is no save (RULES.md §2.7.2)"},
		{"natural 6 passes", Test{Need: 9, Nat6Passes: true}, 5 * s, 0, s, "a natural 6 always hits (8th close combat)"},
		{"re-roll failures", Test{Need: 4, Nat1Fails: true, RerollFail: true}, 0.25, 2 * s * 1.5, s * 1.5, "each pass chance is p + (1/2)·p"},
		{"re-roll 1s", Test{Need: 4, Nat1Fails: true, Reroll: Face(1)}, 2*s + s*0.5, 2*s + s*2*s, s + s*s, "only a first 1 is re-rolled"},
		{"re-roll 6s", Test{Need: 2, Nat1Fails: true, Reroll: Face(6)}, s + s*s, 4*s + s*4*s, s * s, "a forced re-roll of sixes: a six stands only if rolled again"},
		{"re-rolled 7+", Test{Need: 7, Nat1Fails: true, Beyond6: true, RerollFail: true}, (1 - 1.0/12) * (1 - 1.0/12), 1.0/12 + (1-1.0/12)/12, 0, "a failed 6-then-4+ is re-rolled whole"},
		{"re-roll at its own need", Test{Need: 3, Nat1Fails: true, RerollFail: true, RerollNeed: 5}, 2 * s * 4 * s, 3*s + 2*s*s, s + 2*s*s, "3+, the 2/6 failures re-rolled at 5+: 4/6 + 2/6·2/6 pass (The Old World's BS 7 at -1)"},
		{"impossible, re-rolled at its own need", Test{Need: 10, Nat1Fails: true, Beyond6: true, RerollFail: true, RerollNeed: 6}, 5 * s, 0, s, "10+ fails, and the re-roll hits on 6+"},
		{"both re-rolls", Test{Need: 4, Nat1Fails: true, RerollFail: true, Reroll: Face(5)}, 0.5*0.5 + s*0.5, s + 0.5*2*s + s*2*s, s + 0.5*s + s*s, "a 5 is re-rolled although it passed; a failure is re-rolled once"},
	} {
		t.Run(r.name, func(t *testing.T) {
			o := r.test.Odds()
			got := []float64{o.P(Fail), o.P(Pass), o.P(PassSix)}
			want := []float64{r.fail, r.pass, r.six}
			for i := range got {
				if d := got[i] - want[i]; d > 1e-12 || d < -1e-12 {
					t.Errorf("%s (%s): outcome %d has probability %.6f, want %.6f (odds %v)", r.name, r.why, i, got[i], want[i], o)
				}
			}
			if o.N[0]+o.N[1]+o.N[2] != o.Den {
				t.Errorf("%s: odds %v do not sum to 1", r.name, o)
			}
		})
	}
}

// Roll and Odds are two implementations of the same rules: rolling the dice
// must reproduce the enumerated odds, for every target, override and
// re-roll combination.
func TestRollMatchesOdds(t *testing.T) {
	t.Parallel()
	d := NewDice(99, 0)
	const n = 60_000
	for need := 0; need <= 10; need++ {
		for flags := range 64 {
			tt := Test{
				Need:       need,
				Nat1Fails:  flags&1 != 0,
				Nat6Passes: flags&2 != 0,
				Beyond6:    flags&4 != 0,
				RerollFail: flags&8 != 0,
			}
			if flags&16 != 0 {
				tt.Reroll = Face(1, 6)
			}
			if flags&32 != 0 {
				tt.RerollNeed = 11 - need // a re-roll at its own target, 1+ to 11+
			}
			name := fmt.Sprintf("%+v", tt)
			probs := tt.Odds().Probs()
			obs := make([]int64, 3)
			for range n {
				obs[tt.Roll(d)]++
			}
			// Drop impossible outcomes from the test (and fail if they occur).
			var o []int64
			var p []float64
			for i := range probs {
				if probs[i] == 0 {
					if obs[i] != 0 {
						t.Fatalf("%s: outcome %d has odds 0 but was rolled %d times", name, i, obs[i])
					}
					continue
				}
				o, p = append(o, obs[i]), append(p, probs[i])
			}
			if len(o) < 2 {
				continue
			}
			if x, c := chiSquare(o, p), critical(len(o)-1, alpha/400); x > c {
				t.Errorf("%s: chi-square %.1f > %.1f: rolled %v, odds %v", name, x, c, obs, probs)
			}
		}
	}
}

func ExampleTest_Odds() {
	// Hitting in close combat on 4+ and re-rolling misses (Hatred).
	hatred := Test{Need: 4, Nat1Fails: true, RerollFail: true}
	o := hatred.Odds()
	fmt.Printf("miss %d/%d, hit %d/%d, hit on a six %d/%d\n",
		o.N[Fail], o.Den, o.N[Pass], o.Den, o.N[PassSix], o.Den)
	// Output: miss 1/4, hit 2/4, hit on a six 1/4
}
