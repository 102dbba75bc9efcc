package warhammer

import (
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// The Fear and Terror tests of the charge (issue 30, step 7): The Old
// World's test to charge a Fear-causer of higher Unit Strength
// (fear_to_charge) and Terror test when charged (terror_on_charge), and
// 6th's tests of the charge in a fight of several units. The chances are
// worked out by hand from the rules text: a Leadership test passes on 2D6
// at most Ld, 21/36 at Ld 7 and 26/36 at Ld 8.

// chargeAt is charger charging charged from distance inches, charged
// answering with r.
func chargeAt(t testing.TB, rs *Ruleset, charger, charged Fighter, distance int, r Reaction) *Fight {
	t.Helper()
	charger.ID, charged.ID = "a", "b"
	return newFight(t, rs, Combat{Sides: [2]Fighter{charger, charged}, Charger: 0, ChargeDistance: distance,
		HighGround: -1, MaxRounds: 3, Reaction: r, Shoot: bow})
}

// wantChance checks that event happened in f's trials with probability p.
func wantChance(t *testing.T, f *Fight, event string, p float64, why string) {
	t.Helper()
	res := simulate(t, f, 20000, 17)
	if x := res.Count[index(t, f.Events(), event)]; !enginetest.ProportionAgrees(x, res.Trials, p) {
		t.Errorf("%s %d of %d, want p %.4f: %s", event, x, res.Trials, p, why)
	}
}

func TestFearToCharge(t *testing.T) {
	t.Parallel()
	tow := combatRules(t, "tow")
	charger := foot(10, 5, ld(7))
	f := chargeAt(t, tow, charger, foot(20, 5, fearsome), 6, Hold)
	wantChance(t, f, "a.charge_made", 21.0/36, "tow special-rules/fear: 20 Fear-causers, Unit Strength 20 against 10: a test at Ld 7")
	for _, c := range []struct {
		name  string
		rs    *Ruleset
		foe   Fighter
		tests bool
		why   string
	}{
		{"tow as strong", tow, foot(10, 5, fearsome), false, "Unit Strength 10 against 10 is not higher: no test"},
		{"tow weaker", tow, foot(8, 4, fearsome), false, "8 against 10: no test"},
		{"6th weaker", combatRules(t, "6th"), foot(8, 4, fearsome), true, "fear_to_charge always: 6th tests whatever the Unit Strengths"},
		{"8th", combatRules(t, "8th"), foot(20, 5, fearsome), false, "fear_to_charge never: 8th tests each round instead"},
	} {
		g := chargeAt(t, c.rs, charger, c.foe, 6, Hold)
		if got := slices.Contains(g.Events(), "a.charge_made"); got != c.tests {
			t.Errorf("%s: a test to charge %v, want %v: %s", c.name, got, c.tests, c.why)
		}
	}
}

// Terror: a unit charged by a Terror-causer tests at once and, failing,
// flees whatever it declared (tow.whfb.app special-rules/terror): P(flee)
// = 15/36 at Ld 7; the charger (M 6) reaches it, 6" away fleeing 2D6 (B),
// with 6 + the highest of 2D6 (H) >= 6 + B: P(H = h) = (2h - 1)/36.
func TestTerrorOnCharge(t *testing.T) {
	t.Parallel()
	tow := combatRules(t, "tow")
	monster := foot(2, 2, func(f *Fighter) { f.Type, f.CausesTerror, f.Profile.M, f.Profile.W = MonstrousInfantry, true, 6, 4 })
	archers := bowmen()
	twoD6 := diceSums(2)
	reach := 0.0
	for h := 1; h <= 6; h++ {
		for b, q := range twoD6 {
			if h >= b {
				reach += float64(2*h-1) / 36 * q
			}
		}
	}
	for _, r := range []Reaction{Hold, StandAndShoot} {
		f := chargeAt(t, tow, monster, archers, 6, r)
		wantChance(t, f, "b.reaction.caught", 15.0/36*reach, r.String()+": Terror fails 15/36, then the charge reaches it")
		wantChance(t, f, "b.reaction.fled", 15.0/36*(1-reach), r.String()+": Terror fails 15/36, then it escapes")
	}
	for _, c := range []struct {
		name string
		rs   *Ruleset
		foe  Fighter
		why  string
	}{
		{"Unbreakable", tow, bowmen(unbreakable), "Immune to Psychology (tow special-rules/immune-to-psychology)"},
		{"Terror-causer", tow, bowmen(func(f *Fighter) { f.CausesTerror = true }), "\"Models that cause Terror are immune to Terror\""},
		{"6th", combatRules(t, "6th"), bowmen(), "terror_on_charge no"},
	} {
		if g := chargeAt(t, c.rs, monster, c.foe, 6, Hold); slices.Contains(g.Events(), "b.reaction.fled") {
			t.Errorf("%s: a Terror test on the charge: %s", c.name, c.why)
		}
	}
	// A unit already fighting another enemy cannot flee and takes none.
	units := []Engaged{
		unitIn(foot(10, 5), "a1", 0, false, at(2, Front, 5)),
		unitIn(monster, "a2", 0, true, at(2, Flank, 2)),
		unitIn(archers, "b", 1, false, at(0, Front, 5), at(1, Front, 2)),
	}
	if g := severalFight(t, tow, -1, 3, units...); slices.Contains(g.Events(), "b.reaction.fled") {
		t.Errorf("a unit already engaged takes a Terror test on the charge")
	}
}

// 6th in a fight of several units: A1 holds B at its front, A2 charges
// B's flank. B causes Fear: A2 tests to charge (26/36 at Ld 8) and,
// failing, stays out while A1 fights on. Or A2 causes Fear: B (Ld 7)
// tests when charged and, failing with 5 models against A2's 10, flees
// (15/36): no contact is left and no round is fought; as strong, it fights
// on.
func TestSeveralFearOnCharge(t *testing.T) {
	sixth := combatRules(t, "6th")
	f := severalFight(t, sixth, -1, 3,
		unitIn(foot(10, 5), "a1", 0, false, at(2, Front, 5)),
		unitIn(foot(10, 5), "a2", 0, true, at(2, Flank, 5)),
		unitIn(foot(20, 5, fearsome), "b", 1, false, at(0, Front, 5), at(1, Front, 5)))
	wantChance(t, f, "a2.charge_made", 26.0/36, "6th.whfb.app psychology/fear: A2 tests to charge the Fear-causing B")
	res := simulate(t, f, 4000, 3)
	if r := index(t, metricNames(f), "rounds"); res.Hist[r][0] != 0 {
		t.Errorf("%d fights ended at the charge; A1 still fights B", res.Hist[r][0])
	}
	g := severalFight(t, sixth, -1, 3,
		unitIn(foot(10, 5), "a1", 0, false, at(2, Front, 5)),
		unitIn(foot(10, 5, fearsome), "a2", 0, true, at(2, Flank, 5)),
		unitIn(foot(5, 5, ld(7)), "b", 1, false, at(0, Front, 5), at(1, Front, 5)))
	res = simulate(t, g, 20000, 5)
	r := index(t, metricNames(g), "rounds")
	if !enginetest.ProportionAgrees(res.Hist[r][0], res.Trials, 15.0/36) {
		t.Errorf("ended at the charge %d of %d, want 15/36: B flees A2's Fear (Unit Strength 5 against 10)", res.Hist[r][0], res.Trials)
	}
	if w := res.Count[index(t, g.Events(), "A.wins")]; w < res.Hist[r][0] {
		t.Errorf("A won %d fights, fewer than B fled at the charge (%d): a flight is a win", w, res.Hist[r][0])
	}
	enginetest.TrialsDoNotAllocate(t, "2v1 fear on the charge", g)
	// As strong as A2 (10 against 10), B fights on hitting only on 6s:
	// no fight ends at the charge.
	h := severalFight(t, sixth, -1, 3,
		unitIn(foot(10, 5), "a1", 0, false, at(2, Front, 5)),
		unitIn(foot(10, 5, fearsome), "a2", 0, true, at(2, Flank, 5)),
		unitIn(foot(10, 5, ld(7)), "b", 1, false, at(0, Front, 5), at(1, Front, 5)))
	res = simulate(t, h, 4000, 5)
	if n := res.Hist[index(t, metricNames(h), "rounds")][0]; n != 0 {
		t.Errorf("ended at the charge %d times; B as strong as A2 does not flee", n)
	}
}
