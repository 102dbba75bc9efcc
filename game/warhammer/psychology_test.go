package warhammer

import (
	"math"
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine"
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
