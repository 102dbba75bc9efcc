package warhammer

import (
	"fmt"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// benchVolley is a close-combat volley with most rules in play: Killing
// Blow, Multiple Wounds (D3) and end-of-phase Regeneration against W3
// models.
func benchVolley(tb testing.TB, attacks int) *Volley {
	v, err := NewVolley(sixth(tb), "trolls",
		Attack{Phase: CloseCombat, Count: attacks, Skill: 4, S: 5, Round: 1,
			Rules: AttackRules{KillingBlow: true, MultipleWounds: Amount{Die: 3}}},
		Target{Type: Infantry, T: 4, W: 3, WS: 3, Models: max(3, attacks/3),
			Defence: Defence{Armour: 5, Ward: 6, Regeneration: 4}})
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// No allocation per trial (issue 2): a thousand trials of every built-in
// kind of volley allocate nothing.
func TestVolleyTrialDoesNotAllocate(t *testing.T) {
	for name, v := range map[string]*Volley{
		"10 attacks": benchVolley(t, 10), "10 attacks by stages": benchVolley(t, 10).WithoutTables(), "100 attacks": benchVolley(t, 100),
		"10 attacks per die": benchVolley(t, 10).PerDie(), "ten wounds on two trolls": tenWoundsOnTwoTrolls(t, eighth(t)),
		"BS 7 at -1 (tow)": highBSVolley(t), "BS 7 at -1 (tow) per die": highBSVolley(t).PerDie(),
	} {
		enginetest.TrialsDoNotAllocate(t, name, v)
	}
}

// highBSVolley is ten shots of BS 7 at -1 under The Old World, whose
// misses are re-rolled (high_bs_rerolls).
func highBSVolley(t testing.TB) *Volley {
	v, err := NewVolley(tow(t), "targets", Attack{Phase: Shooting, Count: 10, Skill: 7, ToHitMod: -1, S: 3},
		Target{T: 3, W: 1, Models: 20, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// BenchmarkVolley measures one trial of a 10- and a 100-attack volley, by
// counts (the engine) and die by die (the oracle), in ns/trial.
//
//	go test -run XXX -bench Volley ./game/warhammer/
//
// 10,000 attacks (at 3,333 W3 models) sample Multiple Wounds in blocks of
// 1,024, 512, ... 64 wounds (chunks.go), strike their Killing Blows in one
// go, draw the first count of their stages from a table of exactly 10,000
// trials and the others from tabulated rows of 128, 256, ... trials:
// about 435 ns a trial against 130 ns for 100, 3.3 times (old against
// new, alternating, 6 runs each: 586 ns before the table of the whole
// count, p = 0.024; 1.6 µs with blocks of 64 alone, and 115 µs with a die
// a wound; issue 15's target is at most 3 times).
func BenchmarkVolley(b *testing.B) {
	for _, n := range []int{10, 100, 10000} {
		for _, perDie := range []bool{false, true} {
			if perDie && n > 100 {
				continue // the oracle rolls every die
			}
			v := benchVolley(b, n)
			path := "counts"
			if perDie {
				v, path = v.PerDie(), "perdie"
			}
			b.Run(fmt.Sprintf("attacks=%d/%s", n, path), func(b *testing.B) { enginetest.BenchTrials(b, v) })
		}
	}
}

// BenchmarkExact measures the exact solver: a volley at regenerating W3
// models (issue 7's target: 100 attacks in under a millisecond), and the
// heaviest mix, with Killing Blow and Multiple Wounds (D3) too.
func BenchmarkExact(b *testing.B) {
	for _, n := range []int{10, 100} {
		regen, err := NewVolley(sixth(b), "trolls",
			Attack{Phase: CloseCombat, Count: n, Skill: 4, S: 5, Round: 1},
			Target{Type: MonstrousInfantry, T: 4, W: 3, WS: 3, Models: max(3, n/3),
				Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: 4}})
		if err != nil {
			b.Fatal(err)
		}
		for name, v := range map[string]*Volley{"regeneration": regen, "killing_blow_d3": benchVolley(b, n)} {
			b.Run(fmt.Sprintf("%s/attacks=%d", name, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := v.Exact(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
