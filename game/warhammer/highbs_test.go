package warhammer

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// BS 6 or more under high_bs_rerolls (The Old World): the first roll needs
// 2+ with the to-hit modifiers, a miss is re-rolled once needing 6+ (BS 6),
// 5+ (7), 4+ (8), 3+ (9) or 2+ (10), unmodified (tow.whfb.app
// the-shooting-phase/bs-of-6-or-higher, to-hit-modifiers). Each row's
// chance is worked by hand from that text: P = p1 + (1 - p1)·p2, and the
// chance that a natural 6 stands (Poisoned Attacks) is 1/6 + (1 - p1)/6.
func TestHighBSRerolls(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		preset   string
		bs, mod  int
		hit, six float64
		why      string
	}{
		{"BS 7 at -1", "tow", 7, -1, 4.0/6 + 2.0/6*2.0/6, 1.0/6 + 2.0/6/6,
			"first roll 2+ at -1: 3+ (4/6); the 2/6 that miss re-rolled at 5+ (2/6): 28/36"},
		{"BS 6", "tow", 6, 0, 5.0/6 + 1.0/6*1.0/6, 1.0/6 + 1.0/6/6,
			"2+ (5/6), the natural 1 re-rolled at 6+: 31/36"},
		{"BS 10 at -2", "tow", 10, -2, 3.0/6 + 3.0/6*5.0/6, 1.0/6 + 3.0/6/6,
			"4+ (1/2), misses re-rolled at 2+ (5/6): 11/12"},
		{"BS 7 at +1", "tow", 7, 1, 5.0/6 + 1.0/6*2.0/6, 1.0/6 + 1.0/6/6,
			"2+ at +1 is still 2+ (a natural 1 misses); re-roll 5+: 32/36"},
		{"BS 6 at -6: the first roll on 8+", "tow", 6, -6, 1.0/6*2.0/6 + (1-1.0/6*2.0/6)*1.0/6, (1 - 1.0/6*2.0/6) / 6,
			"8+: a 6 then 5+ (2/36), a hit that is no natural 6 (tow the-shooting-phase/7-to-hit); the 34/36 that miss re-rolled at 6+"},
		{"BS 6 at -8: the first roll cannot hit", "tow", 6, -8, 1.0 / 6, 1.0 / 6,
			"10+ is impossible, so every shot misses and is re-rolled at 6+"},
		{"BS 5 at -1: no re-roll", "tow", 5, -1, 4.0 / 6, 1.0 / 6,
			"below BS 6: 7 - 5 + 1 = 3+"},
		{"8th keeps its chart", "8th", 7, -1, 5.0 / 6, 1.0 / 6,
			"high_bs_rerolls is off: 7 - 7 + 1 = 1, a 2+ (a natural 1 misses)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			st := newStages(&named(t, c.preset).Values, Attack{Phase: Shooting, Count: 1, Skill: c.bs, ToHitMod: c.mod, S: 3},
				Target{T: 3, W: 1, Models: 1, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}})
			o := st.hit.Odds()
			if got := o.P(engine.Pass) + o.P(engine.PassSix); math.Abs(got-c.hit) > 1e-12 {
				t.Errorf("P(hit) = %v, want %v (%s)", got, c.hit, c.why)
			}
			if got := o.P(engine.PassSix); math.Abs(got-c.six) > 1e-12 {
				t.Errorf("P(natural 6) = %v, want %v (%s)", got, c.six, c.why)
			}
		})
	}
}

// TestHighBSVolleyExact: the exact solver of a volley takes the re-roll.
// Ten shots of BS 7 at -1 (7/9 each, as above), S3 against T3 (4+, 1/2),
// no save, at single-Wound models: the unsaved wounds are binomial with
// p = 7/18.
func TestHighBSVolleyExact(t *testing.T) {
	v, err := NewVolley(tow(t), "targets",
		Attack{Phase: Shooting, Count: 10, Skill: 7, ToHitMod: -1, S: 3},
		Target{T: 3, W: 1, Models: 20, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := v.Exact()
	if err != nil {
		t.Fatal(err)
	}
	p := 7.0 / 9 * 1.0 / 2
	want := engine.BinomialPMF(10, p, 1-p)
	for k, w := range want {
		if math.Abs(ex.PMF[mUnsaved][k]-w) > 1e-14 {
			t.Errorf("P(%d unsaved) = %v, binomial %v", k, ex.PMF[mUnsaved][k], w)
		}
	}
}

// TestHighBSRollsDieByDie checks the die-by-die path (engine.Test.Roll,
// the one the per-die model and scripted trials use) against the same hand
// figure: BS 7 at -1 hits 7/9 of shots, within 4.5 standard errors.
func TestHighBSRollsDieByDie(t *testing.T) {
	st := newStages(tow(t), Attack{Phase: Shooting, Count: 1, Skill: 7, ToHitMod: -1, S: 3},
		Target{T: 3, W: 1, Models: 1, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}})
	d := engine.NewDice(7, 0)
	const n = 200000
	hits := 0
	for range n {
		if st.hit.Roll(d) != engine.Fail {
			hits++
		}
	}
	p := 7.0 / 9
	if se := math.Sqrt(p * (1 - p) / n); math.Abs(float64(hits)/n-p) > 4.5*se {
		t.Errorf("hit %v of shots, want %v ± %v", float64(hits)/n, p, 4.5*se)
	}
}
