package warhammer

import (
	"math"
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Psychology in close combat (issue 14): who takes Fear tests, and what a
// failed one does. Each expected value is worked out by hand from the
// rules text the row cites; the fights are built so that the arithmetic is
// short: a side that must not hurt the other has no Attacks.

// metricMean is the mean of metric name over res, and its standard error.
func metricMean(t *testing.T, res *engine.Result, name string) (mean, se float64) {
	t.Helper()
	m := slices.IndexFunc(res.Metrics, func(mt engine.Metric) bool { return mt.Name == name })
	if m < 0 {
		t.Fatalf("no metric %q among %v", name, res.Metrics)
	}
	n := float64(res.Trials)
	var sum, sq float64
	for i, c := range res.Hist[m] {
		v := float64(res.Metrics[m].Min + i)
		sum += v * float64(c)
		sq += v * v * float64(c)
	}
	mean = sum / n
	return mean, math.Sqrt((sq/n - mean*mean) / n)
}

// eventP is the probability of event name over res.
func eventP(t *testing.T, res *engine.Result, name string) float64 {
	t.Helper()
	e := slices.Index(res.Events, name)
	if e < 0 {
		t.Fatalf("no event %q among %v", name, res.Events)
	}
	return float64(res.Count[e]) / float64(res.Trials)
}

// wantMean fails t unless metric name's mean is within 4.5 standard errors
// of want.
func wantMean(t *testing.T, res *engine.Result, name string, want float64, why string) {
	t.Helper()
	got, se := metricMean(t, res, name)
	if math.Abs(got-want) > 4.5*se+1e-9 {
		t.Errorf("%s: mean %.4f, want %.4f ± %.4f (%s)", name, got, want, 4.5*se, why)
	}
}

// wantP fails t unless event name's probability is within 4.5 standard
// errors of want.
func wantP(t *testing.T, res *engine.Result, name string, want float64, why string) {
	t.Helper()
	got := eventP(t, res, name)
	se := math.Sqrt(want * (1 - want) / float64(res.Trials))
	if math.Abs(got-want) > 4.5*se+1e-9 {
		t.Errorf("P(%s) = %.4f, want %.4f ± %.4f (%s)", name, got, want, 4.5*se, why)
	}
}

// Issue 14: an Unbreakable unit is Immune to Psychology, so it takes no
// 8th-edition Fear test: "A unit composed entirely of Unbreakable models
// is Immune to Psychology" (8th.whfb.app, special-rules/unbreakable), and
// Immune to Psychology "automatically passes Panic, Fear and Terror tests"
// (RULES.md §2.11). Ten Unbreakable Ld 2 infantry in one rank (no
// Attacks and no rank behind to support, so the Trolls lose no one before
// they strike) against three Fear-causing
// Trolls, one round, Stomp off: the Trolls' 9 attacks hit WS 3 on 4+ (1/2)
// and wound T3 with S5 on 2+ (5/6), 9 × 1/2 × 5/6 = 3.75 wounds, their
// whole combat result (one rank of 3 Trolls: no rank bonus; no charge).
// Had the infantry tested on Ld 2 they would fail 35 times in 36 and be hit
// at WS 1 on 3+: 9 × (35/36 × 2/3 + 1/36 × 1/2) × 5/6 = 4.96.
func TestUnbreakableTakesNoFearTest(t *testing.T) {
	t.Parallel()
	rs := eighth(t)
	setOption(t, rs, "stomp", "no")
	foot := Fighter{ID: "zombies", Type: Infantry, Profile: Profile{M: 4, WS: 3, S: 3, T: 3, W: 1, I: 3, A: 0, Ld: 2},
		Models: 10, Frontage: 10, Unbreakable: true, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}}
	trolls := trollsUnit()
	trolls.CausesFear = true
	f := newFight(t, rs, Combat{Sides: [2]Fighter{foot, trolls}, Charger: -1, HighGround: -1, MaxRounds: 1})
	res := run(t, f, 200_000, 14)
	wantMean(t, res, "trolls.combat_result", 9*0.5*5.0/6, "8th Fear passes Unbreakable units by")
	wantMean(t, res, "zombies.casualties", 9*0.5*5.0/6, "hit on 4+, not on 3+ at WS 1")
}

// Issue 14: 6th-edition Fear on the charge (fear_on_charge). The 6th
// rulebook (6th.whfb.app psychology/if-charged-by-a-fear-causing-enemy):
// a unit charged by an enemy it fears tests; "If the unit fails its test
// and its Unit Strength happens to be lower than the charging enemy, it
// will flee. If the unit fails its test but its Unit Strength is equal to
// or higher than the charging enemy's, it will fight on as normal but must
// roll 6s to score hits in the first turn of close combat." And
// (psychology/fear, 2): "If a unit wishes to charge an enemy that causes
// fear then it must take a test to overcome its fear first"; failing, "it
// may not charge" (redelf.narod.ru w6 rulebook, psy_4_fear): the fight
// then starts with no charger. A test is 2D6 against Leadership: Ld 7
// passes on 7 or less, 21/36, and fails 15/36.
//
// The units: WS 3, S 3, T 3 infantry without armour, Ld 7; "fearsome" ones
// cause Fear. Ones with A 0 hurt no one.
func TestSixthFearOnTheCharge(t *testing.T) {
	t.Parallel()
	const pass, fail = 21.0 / 36, 15.0 / 36
	// P(pursuit ≥ flee) for two 2D6 rolls: (1 + P(equal)) / 2, P(equal) =
	// (1² + 2² + … + 6² + … + 1²) / 36² = 146/1296.
	const caught = (1 + 146.0/1296) / 2
	unit := func(id string, models, attacks int, traits ...trait) Fighter {
		f := foot(models, min(models, 10), traits...)
		f.ID, f.Profile.Ld, f.Profile.A = id, 7, attacks
		return f
	}
	hatred := func(f *Fighter) { f.Rules.Hatred = true }
	for _, c := range []struct {
		name    string
		set     []string
		a, b    Fighter
		charger int
		facing  Facing
		rounds  int
		means   map[string]float64
		ps      map[string]float64
		why     string
	}{
		{name: "the charger tests to charge a Fear-causer", a: unit("a", 5, 0), b: unit("b", 5, 0, fearsome),
			charger: 0, facing: Flank, rounds: 1,
			means: map[string]float64{"a.combat_result": pass},
			ps:    map[string]float64{"a.charge_made": pass},
			why:   "Ld 7 passes 21/36; the flank charge's +1 only when it was made; equal Unit Strength, no wounds"},
		{name: "a charge that fails is no charge", set: []string{"fear_on_charge", "no", "fear_to_charge", "never"},
			a: unit("a", 5, 0), b: unit("b", 5, 0, fearsome), charger: 0, facing: Flank, rounds: 1,
			means: map[string]float64{"a.combat_result": 1},
			why:   "without the test the flank charge always adds +1"},
		{name: "outnumbered by the charger, a failed test flees", set: []string{"outnumber_bonus", "no"},
			a: unit("a", 5, 0), b: unit("b", 6, 0, fearsome), charger: 1, rounds: 1,
			means: map[string]float64{"rounds": pass},
			ps: map[string]float64{"a.breaks": fail, "b.wins": fail, "a.caught": fail * caught,
				"draw": pass},
			why: "Unit Strength 5 against 6: failing (15/36) the unit flees before any blow, and the charger catches it on pursuit ≥ flee; passing, nothing can win the round"},
		{name: "not outnumbered, a failed test hits on 6s in the first round", a: unit("a", 20, 1), b: unit("b", 20, 0, fearsome, unbreakable),
			charger: 1, rounds: 2,
			means: map[string]float64{"b.casualties": 10*0.5*(pass*0.5+fail/6) + 10*0.5*0.5},
			why:   "Unit Strength 20 against 20 (equal: fights on); round 1: 10 attacks hit on 4+ (1/2) or, failed, on 6s (1/6), wound on 4+ (1/2); round 2: on 4+ again"},
		{name: "an Unbreakable unit takes no test", a: unit("a", 20, 1, unbreakable), b: unit("b", 20, 0, fearsome, unbreakable),
			charger: 1, rounds: 2,
			means: map[string]float64{"b.casualties": 2 * 10 * 0.5 * 0.5},
			why:   "Immune to Psychology (6th.whfb.app special-rules/unbreakable): 4+ to hit in both rounds"},
		{name: "6s re-rolled with Hatred", a: unit("a", 20, 1, hatred), b: unit("b", 20, 0, fearsome, unbreakable),
			charger: 1, rounds: 1,
			means: map[string]float64{"b.casualties": 10 * 0.5 * (pass*0.75 + fail*11/36)},
			why:   "Hatred re-rolls misses in round 1 (fear_sixes_rerolled: yes): 1 − 1/2² on 4+, 1 − (5/6)² on 6s"},
		{name: "6s not re-rolled", set: []string{"fear_sixes_rerolled", "no"}, a: unit("a", 20, 1, hatred), b: unit("b", 20, 0, fearsome, unbreakable),
			charger: 1, rounds: 1,
			means: map[string]float64{"b.casualties": 10 * 0.5 * (pass*0.75 + fail/6)},
			why:   "fear_sixes_rerolled: no, a failed test hits on a single 6"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rs := combatRules(t, "6th", c.set...)
			f := newFight(t, rs, Combat{Sides: [2]Fighter{c.a, c.b}, Charger: c.charger, Facing: c.facing, HighGround: -1, MaxRounds: c.rounds})
			res := run(t, f, 200_000, 6)
			for name, want := range c.means {
				wantMean(t, res, name, want, c.why)
			}
			for name, want := range c.ps {
				wantP(t, res, name, want, c.why)
			}
			if c.ps["a.charge_made"] == 0 && slices.Contains(res.Events, "a.charge_made") {
				t.Errorf("events %v: a.charge_made where no Fear test can stop the charge", res.Events)
			}
		})
	}
}

// The description names the Fear test of the charge and its chance: 2D6
// of 8 or less is 26/36 = 13/18; of 7 or less 21/36 = 7/12, and with the
// battle standard's re-roll (8th's battle_standard_reroll_fear, set here
// with fear_on_charge) 1 − (15/36)² = 1071/1296 = 119/144.
func TestChargeFearText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		preset  string
		set     []string
		a, b    Fighter
		charger int
		side    int
		want    string
	}{
		{"the charger", "6th", nil, foot(5, 5), foot(5, 5, fearsome), 0, 0,
			"Fear test to charge the Fear-causing b: Ld 8, passes 13/18; failing, no charge (fear_to_charge)"},
		{"the charged, weaker", "6th", nil, foot(5, 5, ld(7)), foot(6, 6, fearsome), 1, 0,
			"Fear test when charged by the Fear-causing b: Ld 7, passes 7/12; failing, flees (Unit Strength 5 against 6) (fear_on_charge)"},
		{"the charged, as strong, with the battle standard", "8th", []string{"fear_on_charge", "yes"},
			foot(6, 6, ld(7), bsb), foot(6, 6, fearsome), 1, 0,
			"Fear test when charged by the Fear-causing b: Ld 7, passes 119/144; failing, hits only on 6s in the first round (fear_on_charge)"},
		{"the Fear-causer takes none", "6th", nil, foot(5, 5), foot(5, 5, fearsome), 0, 1, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, b := c.a, c.b
			a.ID, b.ID = "a", "b"
			f := newFight(t, combatRules(t, c.preset, c.set...), Combat{Sides: [2]Fighter{a, b}, Charger: c.charger, HighGround: -1, MaxRounds: 1})
			if got := f.chargeFearText(c.side); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
}

// The Fear tests of the charge allocate nothing either: a charged unit
// that may flee or hit on 6s, and a charger that may not charge.
func TestChargeFearDoesNotAllocate(t *testing.T) {
	weaker, stronger := foot(5, 5, ld(5)), foot(12, 6, ld(5))
	weaker.ID, stronger.ID = "weaker", "stronger"
	for _, c := range []struct {
		name string
		cc   Combat
	}{
		{"charged, may flee", Combat{Sides: [2]Fighter{weaker, trollsUnit()}, Charger: 1, HighGround: -1, MaxRounds: 10}},
		{"charged, may hit on 6s", Combat{Sides: [2]Fighter{stronger, trollsUnit()}, Charger: 1, HighGround: -1, MaxRounds: 10}},
		{"charging, may not charge", Combat{Sides: [2]Fighter{weaker, trollsUnit()}, Charger: 0, Facing: Flank, HighGround: -1, MaxRounds: 10}},
	} {
		c.cc.Sides[1].CausesFear = true
		f := newFight(t, sixth(t), c.cc)
		if f.chargeTest < 0 && f.chargedTest < 0 {
			t.Fatalf("%s: no Fear test on the charge", c.name)
		}
		enginetest.TrialsDoNotAllocate(t, c.name, f)
	}
}
