package conquest

import (
	"testing"

	"github.com/wargamesim/sim/engine"
)

// Odds are exact: every pair of faces (a first die and its re-roll) rolled
// through the per-die Roll gives the same counts out of 36.
func TestOddsMatchRolledFaces(t *testing.T) {
	t.Parallel()
	for target := -2; target <= 8; target++ {
		for _, zero := range []bool{true, false} {
			for _, tc := range []Test{
				{},
				{RerollFailed: true},
				{RerollPassed: true},
				{Reroll: engine.Face(1)},
				{Reroll: engine.Face(6)},
				{RerollFailed: true, Reroll: engine.Face(1)},
			} {
				tc.Target, tc.ZeroFails = target, zero
				var got [numOutcomes]int
				for f1 := 1; f1 <= 6; f1++ {
					for f2 := 1; f2 <= 6; f2++ {
						got[tc.Roll(engine.Scripted(f1, f2))]++
					}
				}
				if got != tc.Odds().N {
					t.Errorf("%+v: rolled %v, Odds %v", tc, got, tc.Odds().N)
				}
			}
		}
	}
}

// RULES.md §7.2: a success on a roll equal to or under the target; a 1
// always succeeds and a 6 always fails, so P = clamp(T, 1, 5)/6; at 0 or
// less, zero_characteristic decides (conquest.md §1).
func TestDiceRule(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		target int
		zero   bool
		want   int // successes out of 36
	}{
		{7, true, 30}, {6, true, 30}, {5, true, 30}, {4, true, 24}, {3, true, 18},
		{2, true, 12}, {1, true, 6}, {0, true, 0}, {-3, true, 0},
		{0, false, 6}, {-3, false, 6}, {1, false, 6},
	} {
		o := Test{Target: c.target, ZeroFails: c.zero}.Odds()
		if got := o.N[Pass] + o.N[PassOne]; got != c.want {
			t.Errorf("target %d (zero fails %v): %d/36 pass, want %d/36", c.target, c.zero, got, c.want)
		}
		if c.target >= 1 && o.N[PassOne] != 6 {
			t.Errorf("target %d: a 1 passes with %d/36, want 6/36", c.target, o.N[PassOne])
		}
		if o.N[FailSix] != 6 && !(c.target <= 0 && c.zero) {
			t.Errorf("target %d: a 6 fails with %d/36, want 6/36", c.target, o.N[FailSix])
		}
	}
	// An impossible test is not rolled: a scripted die stays unrolled.
	d := engine.Scripted(1)
	if o := (Test{Target: 0, ZeroFails: true}).Roll(d); o != Fail || d.Left() != 1 {
		t.Errorf("an impossible test: %v with %d dice left, want Fail and the die unrolled", o, d.Left())
	}
}
