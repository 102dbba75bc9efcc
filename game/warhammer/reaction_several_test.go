package warhammer

import (
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// Charge reactions of a unit charged by several enemy units
// (reaction_several.go; docs/rules.md "Charge reactions"). The expected
// values are worked out here by enumerating the dice, never from the code
// under test.

// twoChargers is a fight of three units: a1 (big, 10 models) and a2
// (small, 5 models, Movement m2) charge the archers (bowmen, Movement 4)
// from d1 and d2 inches; the archers answer with r; mod (if any) edits
// the units first.
func twoChargers(t testing.TB, rs *Ruleset, d1, d2, m2 int, r Reaction, mod func([]Engaged), traits ...trait) *Fight {
	t.Helper()
	a2 := foot(5, 5, traits...)
	a2.Profile.M = m2
	units := []Engaged{
		unitIn(foot(10, 5, traits...), "a1", 0, true, at(2, Front, 4)),
		unitIn(a2, "a2", 0, true, at(2, Front, 1)),
		unitIn(bowmen(), "archers", 1, false, at(0, Front, 4), at(1, Front, 1)),
	}
	units[0].ChargeDistance, units[1].ChargeDistance = d1, d2
	units[2].Reaction, units[2].Shoot = r, bow
	if mod != nil {
		mod(units)
	}
	return severalFight(t, rs, -1, 6, units...)
}

// d6Sums calls f with every roll of n D6, each of chance 6^-n.
func d6Sums(n int, f func(dice []int)) {
	dice := make([]int, n)
	var walk func(k int)
	walk = func(k int) {
		if k == n {
			f(dice)
			return
		}
		for v := 1; v <= 6; v++ {
			dice[k] = v
			walk(k + 1)
		}
	}
	walk(0)
}

// Flee from two chargers: one flee roll; each charger its own reach from
// its own distance (flee_several_caught any_charger), or only the charger
// of highest Unit Strength (fled_from). Expected values by enumerating
// the dice of the flee roll and the reaches, as the rules text reads
// (7th.whfb.app movement/flee, movement/caught; tow the-movement-phase/
// charge-reactions-and-multiple-charging-units, determine-charge-range).
func TestFleeFromTwoChargers(t *testing.T) {
	t.Parallel()
	trials := int64(40000)
	if testing.Short() {
		trials = 10000
	}
	// 7th: reaches 2×M, no dice: a1 M4 from 4" reaches 8, a2 M5 from 4"
	// reaches 10; the archers' 2D6 (Movement 4).
	seventh := func(any bool) float64 {
		p := 0.0
		d6Sums(2, func(d []int) {
			f := d[0] + d[1]
			if 8 >= 4+f || any && 10 >= 4+f {
				p += 1.0 / 36
			}
		})
		return p
	}
	// tow: reach M + the highest of 2D6: a1 M4 from 6", a2 M6 from 8";
	// the archers' 2D6; every die enumerated, 6^6 rolls.
	tow := func(any bool) float64 {
		p := 0.0
		d6Sums(6, func(d []int) {
			f := d[0] + d[1]
			r1, r2 := 4+max(d[2], d[3]), 6+max(d[4], d[5])
			if r1 >= 6+f || any && r2 >= 8+f {
				p += 1.0 / 46656
			}
		})
		return p
	}
	for _, c := range []struct {
		name, preset, rule string
		d1, d2, m2         int
		want               float64
		why                string
	}{
		{"7th any charger", "7th", "any_charger", 4, 4, 5, seventh(true), "caught when 2D6 <= 6 (a2's 10\"), one roll for both: 15/36, not 1-(30/36)(21/36)"},
		{"7th fled from", "7th", "fled_from", 4, 4, 5, seventh(false), "only a1 (US 10 against 5): 2D6 <= 4, 6/36"},
		{"tow any charger", "tow", "any_charger", 6, 8, 6, tow(true), "either reach M + the highest D6 covers its distance plus the one flee roll"},
		{"tow fled from", "tow", "fled_from", 6, 8, 6, tow(false), "a1's reach alone"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rs := combatRules(t, c.preset, "flee_several_caught", c.rule)
			f := twoChargers(t, rs, c.d1, c.d2, c.m2, FleeReaction, nil)
			if got := f.CaughtChance(); math.Abs(got-c.want) > 1e-12 {
				t.Errorf("CaughtChance %.6f, want %.6f: %s", got, c.want, c.why)
			}
			res := simulate(t, f, trials, 5)
			caught, fled := index(t, f.Events(), "archers.reaction.caught"), index(t, f.Events(), "archers.reaction.fled")
			if res.Count[caught]+res.Count[fled] != res.Trials {
				t.Errorf("caught %d + fled %d, want %d", res.Count[caught], res.Count[fled], res.Trials)
			}
			if x := res.Count[caught]; !enginetest.ProportionAgrees(x, res.Trials, c.want) {
				t.Errorf("caught %d of %d, want %.4f: %s", x, res.Trials, c.want, c.why)
			}
		})
	}
}

// With two chargers of equal Unit Strength, fled_from flees from either
// at random, so the chance is the mean of each one's alone: a1 and a2 both
// 10 models, 7th, a1 from 4" (reach 8: 2D6 <= 4, 6/36), a2 M5 from 4"
// (reach 10: 2D6 <= 6, 15/36): (6/36 + 15/36)/2.
func TestFleeFromTiedChargers(t *testing.T) {
	t.Parallel()
	rs := combatRules(t, "7th", "flee_several_caught", "fled_from")
	f := twoChargers(t, rs, 4, 4, 5, FleeReaction, func(u []Engaged) { u[1].Models = 10 }) // a2 as big as a1
	want := (6.0/36 + 15.0/36) / 2
	if got := f.CaughtChance(); math.Abs(got-want) > 1e-12 {
		t.Errorf("CaughtChance %.6f, want %.6f", got, want)
	}
	res := simulate(t, f, 20000, 8)
	if x := res.Count[index(t, f.Events(), "archers.reaction.caught")]; !enginetest.ProportionAgrees(x, res.Trials, want) {
		t.Errorf("caught %d of %d, want %.4f", x, res.Trials, want)
	}
}

// Stand and shoot at one of two chargers (stand_and_shoot_target): 7th,
// the front rank of five bows, BS 3 at -1 hits on 5+ (1/3). a1 (T 3, 9"
// away) is wounded on 4+ (1/2), a2 (T 4, 6" away) on 5+ (1/3): the mean
// casualties are 5/6 at a1 and 5/9 at a2. nearest shoots a2, largest a1;
// with a2 too close (4", not beyond its Movement 4) nearest shoots a1.
func TestStandAndShootOneOfTwo(t *testing.T) {
	t.Parallel()
	trials := int64(40000)
	if testing.Short() {
		trials = 10000
	}
	for _, c := range []struct {
		name, rule string
		d2         int
		target     string
		want       float64
	}{
		{"nearest", "nearest", 6, "a2", 5.0 / 9},
		{"largest", "largest", 6, "a1", 5.0 / 6},
		{"nearest too close", "nearest", 4, "a1", 5.0 / 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rs := combatRules(t, "7th", "stand_and_shoot_target", c.rule, "stand_and_shoot_panic", "no")
			f := twoChargers(t, rs, 9, c.d2, 4, StandAndShoot, func(u []Engaged) { u[1].Profile.T = 4 })
			if txt := f.reactionText(2); !strings.HasPrefix(txt, "stands and shoots at "+c.target+":") {
				t.Errorf("text %q, want it to shoot at %s", txt, c.target)
			}
			res := simulate(t, f.WithoutTables(), trials, 6)
			mean, se := enginetest.MeanSE(res, index(t, metricNames(f), "archers.reaction.casualties"))
			if z, ok := enginetest.WithinLimit(mean, c.want, se); !ok {
				t.Errorf("casualties: mean %.4f, want %.4f (%.1f SE), shooting at %s", mean, c.want, z, c.target)
			}
		})
	}
}

// Terror from two Terror-causing chargers (tow, terror_on_charge): the
// archers (Ld 7) hold, pass a test on 2D6 <= 7 (21/36), and failing flee.
// one_test: they flee with 15/36; test_each: 1 - (21/36)^2.
func TestTerrorFromTwoChargers(t *testing.T) {
	t.Parallel()
	terror := func(f *Fighter) { f.CausesTerror = true }
	for _, c := range []struct {
		rule string
		want float64
	}{
		{"one_test", 15.0 / 36},
		{"test_each", 1 - (21.0/36)*(21.0/36)},
	} {
		t.Run(c.rule, func(t *testing.T) {
			t.Parallel()
			rs := combatRules(t, "tow", "terror_several_chargers", c.rule)
			f := twoChargers(t, rs, 6, 8, 6, Hold, nil, terror)
			res := simulate(t, f, 20000, 4)
			ran := res.Count[index(t, f.Events(), "archers.reaction.caught")] + res.Count[index(t, f.Events(), "archers.reaction.fled")]
			if !enginetest.ProportionAgrees(ran, res.Trials, c.want) {
				t.Errorf("fled %d of %d, want %.4f", ran, res.Trials, c.want)
			}
		})
	}
}

// A reaction to several chargers allocates nothing a trial: the flee
// (each rule), stand and shoot, and Terror's tests.
func TestSeveralReactionsDoNotAllocate(t *testing.T) {
	for _, c := range []struct {
		preset string
		set    []string
		r      Reaction
	}{
		{"7th", []string{"flee_several_caught", "any_charger"}, FleeReaction},
		{"tow", []string{"flee_several_caught", "fled_from"}, FleeReaction},
		{"7th", []string{"stand_and_shoot_target", "largest"}, StandAndShoot},
		{"tow", []string{"terror_several_chargers", "test_each"}, Hold},
	} {
		f := twoChargers(t, combatRules(t, c.preset, c.set...), 6, 8, 6, c.r, nil, func(f *Fighter) { f.CausesTerror = c.r == Hold })
		enginetest.TrialsDoNotAllocate(t, c.preset+" "+c.r.String(), f)
		enginetest.TrialsDoNotAllocate(t, c.preset+" "+c.r.String()+" per die", f.PerDie())
	}
}

// The description names every charger a unit answers, and the chance
// that a flee is reached: 7th, a1 (reach 8) from 9" never reaches, a2
// (reach 8) from 6" on a flee roll of 2, 1/36 = 2.8%.
func TestSeveralReactionText(t *testing.T) {
	t.Parallel()
	terror := func(f *Fighter) { f.CausesTerror = true }
	for _, c := range []struct {
		f    *Fight
		want string
	}{
		{twoChargers(t, combatRules(t, "7th"), 9, 6, 4, FleeReaction, nil),
			`flees from the charge of a1 (9") and a2 (6"): reached 2.8% (charge_reach, flee_reaction_roll, flee_several_caught)`},
		{twoChargers(t, combatRules(t, "7th"), 9, 6, 4, StandAndShoot, nil),
			"stands and shoots at a2: 5 shots, hit 5+ (1/3), wound 4+ (1/2) (S3 against T3), a2's armour save: none (stand_and_shoot_target); it holds against the other chargers"},
		{twoChargers(t, combatRules(t, "tow"), 6, 8, 6, Hold, nil, terror),
			"Terror test when a1 and a2 charge: Ld 7; failing, flees, reached 11.4% (terror_on_charge, terror_several_chargers, flee_several_caught)"},
	} {
		if got := c.f.reactionText(2); got != c.want {
			t.Errorf("text\n%s\nwant\n%s", got, c.want)
		}
	}
}
