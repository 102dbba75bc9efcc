package warhammer

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Charge reactions (issue 30, step 7; docs/rules.md "Charge reactions").
// Every expected number is worked out by hand from the rules text: one
// volley's chance per shot, and the chance that a charge reaches a unit
// over the 2D6 and 3D6 distributions, never from the code under test.

// bowmen are 10 Archers, five wide, BS 3 with Strength 3 bows (one shot
// each), T 3, no armour, Ld 7.
func bowmen(traits ...trait) Fighter {
	f := foot(10, 5, traits...)
	f.ID = "archers"
	f.Profile.BS, f.Profile.Ld = 3, 7
	return f
}

var bow = Attack{Count: 1, Skill: 3, S: 3}

// reactionFight is knights charging archers from distance inches; the
// archers answer with r.
func reactionFight(t testing.TB, rs *Ruleset, knights, archers Fighter, distance int, r Reaction, rng int) *Fight {
	t.Helper()
	knights.ID = "knights"
	return newFight(t, rs, Combat{Sides: [2]Fighter{knights, archers}, Charger: 0, ChargeDistance: distance,
		HighGround: -1, MaxRounds: 10, Reaction: r, Shoot: bow, ShootRange: rng})
}

// index is the position of name in names, failing t where it is missing.
func index(t testing.TB, names []string, name string) int {
	t.Helper()
	i := slices.Index(names, name)
	if i < 0 {
		t.Fatalf("no output %q in %v", name, names)
	}
	return i
}

func metricNames(f *Fight) []string {
	var n []string
	for _, m := range f.Metrics() {
		n = append(n, m.Name)
	}
	return n
}

// Stand and shoot: the casualties before the first round are one volley
// at the charger, at -1 to hit. Each row's chance that one shot slays a
// T3 W1 model with no save is P(hit)·P(wound) by hand: BS 3 hits on 4+,
// at -1 on 5+ (1/3), at -2 on 6+ (1/6); S 3 against T 3 wounds on 4+
// (1/2). The casualties of n shots are then Binomial(n, p) on 10 targets:
// their mean is n·p.
func TestStandAndShootCasualties(t *testing.T) {
	t.Parallel()
	trials := int64(40000)
	if testing.Short() {
		trials = 10000
	}
	for _, c := range []struct {
		name, preset string
		distance     int
		rng          int
		shots        int     // the models that shoot
		p            float64 // one shot's chance to slay
		source       string
	}{
		{"8th two ranks at -1", "8th", 9, 0, 10, 1.0 / 3 / 2,
			"8th.whfb.app shooting/fire-in-two-ranks (10 archers five wide: 10 shots); -1 for a charging target (RULES.md §2.5): 5+ to hit, 4+ to wound"},
		{"8th long range -2", "8th", 9, 12, 10, 1.0 / 6 / 2,
			"as above, 9\" beyond half a 12\" range: -1 more (stand_and_shoot_long_range yes), 6+ to hit"},
		{"tow no long range", "tow", 9, 12, 5, 1.0 / 3 / 2,
			"tow.whfb.app the-shooting-phase/standing-and-shooting: no long range modifier; check-line-of-sight: the front rank, 5 shots"},
		{"6th front rank", "6th", 9, 0, 5, 1.0 / 3 / 2,
			"shooting_ranks 1 (7th.whfb.app shooting/line-of-sight-shooting, kept for 6th): 5 shots; the knights' 9\" is beyond half their 8\" charge"},
		{"6th too close: holds", "6th", 4, 0, 0, 0,
			"6th.whfb.app shooting/stand-and-shoot-shooting: the charger 4\" away, not more than half its 8\" charge move: the unit holds"},
		{"8th at the charger's Movement: shoots", "8th", 4, 0, 10, 1.0 / 3 / 2,
			"stand_and_shoot_range charger_move: 4\" is not nearer than Movement 4, so it shoots"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rs := combatRules(t, c.preset, "stand_and_shoot_panic", "no")
			f := reactionFight(t, rs, foot(10, 5), bowmen(), c.distance, StandAndShoot, c.rng)
			res := simulate(t, f.WithoutTables(), trials, 7)
			m := index(t, metricNames(f), "archers.reaction.casualties")
			want := float64(c.shots) * c.p
			mean, se := enginetest.MeanSE(res, m)
			if z, ok := enginetest.WithinLimit(mean, want, se); !ok {
				t.Errorf("casualties before round 1: mean %.4f, want %.4f (%.1f SE); %s", mean, want, z, c.source)
			}
		})
	}
}

// A charger that loses a quarter of its models to stand and shoot tests
// Panic (stand_and_shoot_panic, 6th.whfb.app movement/charge-reactions)
// and, failing, flees: the fight ends before a blow. 4 knights (W 1, no
// save, Ld 7) take 10 shots of chance 1/6 each (8th, two ranks, 5+ to hit,
// 4+ to wound): one casualty is a quarter, and four leave no one to test,
// so P(test) = P(1 <= Binomial(10, 1/6) <= 3), and P(fail) = P(2D6 > 7) =
// 15/36.
func TestStandAndShootPanic(t *testing.T) {
	t.Parallel()
	trials := int64(40000)
	if testing.Short() {
		trials = 10000
	}
	knights := foot(4, 4, ld(7))
	f := reactionFight(t, combatRules(t, "8th"), knights, bowmen(), 9, StandAndShoot, 0)
	res := simulate(t, f, trials, 11)
	binom := func(k int) float64 {
		return float64(choose(10, k)) * math.Pow(1.0/6, float64(k)) * math.Pow(5.0/6, float64(10-k))
	}
	p := (binom(1) + binom(2) + binom(3)) * 15 / 36
	e := index(t, f.Events(), "archers.reaction.panicked")
	if x := res.Count[e]; !enginetest.ProportionAgrees(x, res.Trials, p) {
		t.Errorf("panicked %d of %d, want p %.4f", x, res.Trials, p)
	}
	if w := index(t, f.Events(), "archers.wins"); res.Count[w] < res.Count[e] {
		t.Errorf("archers won %d times, fewer than the charger fled (%d)", res.Count[w], res.Count[e])
	}
	// Without the option no charger panics.
	g := reactionFight(t, combatRules(t, "tow"), knights, bowmen(), 9, StandAndShoot, 0)
	if slices.Contains(g.Events(), "archers.reaction.panicked") {
		t.Errorf("tow (stand_and_shoot_panic no) records a panic")
	}
}

// Flee: the charge reaches the unit when the charger's reach is at least
// the distance plus the flee roll. Each row's chance is counted by hand
// over the dice.
func TestFleeReached(t *testing.T) {
	t.Parallel()
	trials := int64(40000)
	if testing.Short() {
		trials = 10000
	}
	twoD6 := diceSums(2)
	threeD6 := diceSums(3)
	atMost := func(dist map[int]float64, v int) float64 {
		p := 0.0
		for k, q := range dist {
			if k <= v {
				p += q
			}
		}
		return p
	}
	// 8th: reach 4 + 2D6 (A) against 4" + 2D6 (B): caught when A >= B,
	// (1 + P(A = B)) / 2 with P(A = B) = sum of P(k)^2 = 146/1296.
	eighth := (1 + 146.0/1296) / 2
	// tow: reach 4 + the highest of 2D6 (H) against 6" + 2D6 (B): caught
	// when H - 2 >= B. P(H = h) = (2h - 1)/36.
	tow := 0.0
	for h := 1; h <= 6; h++ {
		tow += float64(2*h-1) / 36 * atMost(twoD6, h-2)
	}
	for _, c := range []struct {
		name, preset string
		set          []string
		charger      Fighter
		fleeM        int
		distance     int
		p            float64
		source       string
	}{
		{"6th double move, 2D6", "6th", nil, foot(10, 5), 4, 4, atMost(twoD6, 4),
			"6th.whfb.app movement/flee: M 4 flees 2D6; the charger's 8\" (twice M 4) reaches 4\" + F when F <= 4: 6/36"},
		{"6th reach_more", "6th", []string{"flee_reaction_caught", "reach_more"}, foot(10, 5), 4, 4, atMost(twoD6, 3),
			"as above, caught only when the reach is more: F <= 3, 3/36"},
		{"7th 3D6 above Movement 6", "7th", nil, foot(10, 5, func(f *Fighter) { f.Profile.M = 8 }), 8, 6, atMost(threeD6, 10),
			"7th.whfb.app movement/flee: M 8 flees 3D6; the charger's 16\" reaches 6\" + F when F <= 10: 108/216"},
		{"8th Movement + 2D6", "8th", nil, foot(10, 5), 4, 4, eighth,
			"8th.whfb.app movement/flee (2D6), the charge range M + 2D6 [S]: caught when 4 + A >= 4 + B"},
		{"tow Movement + the highest D6", "tow", nil, foot(10, 5), 4, 6, tow,
			"tow the-movement-phase/determine-charge-range: M 4 + the highest of 2D6 against 6\" + 2D6"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			archers := bowmen(func(f *Fighter) { f.Profile.M = c.fleeM })
			f := reactionFight(t, combatRules(t, c.preset, c.set...), c.charger, archers, c.distance, FleeReaction, 0)
			if got := f.CaughtChance(); math.Abs(got-c.p) > 1e-12 {
				t.Errorf("caught chance %.6f, want %.6f; %s", got, c.p, c.source)
			}
			res := simulate(t, f, trials, 5)
			caught, fled := index(t, f.Events(), "archers.reaction.caught"), index(t, f.Events(), "archers.reaction.fled")
			if x := res.Count[caught]; !enginetest.ProportionAgrees(x, res.Trials, c.p) {
				t.Errorf("caught %d of %d, want p %.4f; %s", x, res.Trials, c.p, c.source)
			}
			if res.Count[caught]+res.Count[fled] != res.Trials {
				t.Errorf("caught %d + fled %d, want every trial one of them (%d)", res.Count[caught], res.Count[fled], res.Trials)
			}
			// A caught unit is destroyed and the charger wins; one that
			// escaped leaves the fight undecided; no round is fought.
			checkCount(t, res, f, "archers.destroyed", res.Count[caught])
			checkCount(t, res, f, "knights.wins", res.Count[caught])
			checkCount(t, res, f, "draw", res.Count[fled])
			rounds := index(t, metricNames(f), "rounds")
			if res.Hist[rounds][0] != res.Trials {
				t.Errorf("rounds 0 in %d of %d trials, want all", res.Hist[rounds][0], res.Trials)
			}
		})
	}
}

func checkCount(t *testing.T, res *engine.Result, f *Fight, event string, want int64) {
	t.Helper()
	if got := res.Count[index(t, f.Events(), event)]; got != want {
		t.Errorf("%s %d times, want %d", event, got, want)
	}
}

func choose(n, k int) int {
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// diceSums is P(sum of n D6 = k), by enumeration.
func diceSums(n int) map[int]float64 {
	dist := map[int]float64{0: 1}
	for range n {
		next := map[int]float64{}
		for v, p := range dist {
			for f := 1; f <= 6; f++ {
				next[v+f] += p / 6
			}
		}
		dist = next
	}
	return dist
}

// A fight of several units: a1 and a2 at b1's front, b2 charged by a2
// alone and fleeing. b2 escaped or caught, a2 whose every charged unit
// fled leaves, and a1 fights b1 on.
func TestFleeInSeveralUnits(t *testing.T) {
	b2 := foot(10, 5)
	b2.Profile.M = 4
	units := []Engaged{
		unitIn(foot(20, 5), "a1", 0, false, at(2, Front, 5)),
		unitIn(foot(10, 5), "a2", 0, true, at(3, Front, 5)),
		unitIn(foot(20, 5), "b1", 1, false, at(0, Front, 5)),
		unitIn(b2, "b2", 1, false, at(1, Front, 5)),
	}
	units[1].ChargeDistance = 4
	units[3].Reaction = FleeReaction
	units[1].Contacts = append(units[1].Contacts, at(2, Flank, 1))
	units[2].Contacts = append(units[2].Contacts, at(1, Front, 1))
	// a2 also touches b1 (a corner): it stays after b2 fled.
	f := severalFight(t, combatRules(t, "6th"), -1, 10, units...)
	res := simulate(t, f, 4000, 3)
	caught, fled := index(t, f.Events(), "b2.reaction.caught"), index(t, f.Events(), "b2.reaction.fled")
	if res.Count[caught]+res.Count[fled] != res.Trials {
		t.Errorf("caught %d + fled %d, want %d", res.Count[caught], res.Count[fled], res.Trials)
	}
	if x := res.Count[caught]; !enginetest.ProportionAgrees(x, res.Trials, 6.0/36) {
		t.Errorf("caught %d of %d, want 6/36", x, res.Trials)
	}
	if r := index(t, metricNames(f), "rounds"); res.Hist[r][0] != 0 {
		t.Errorf("%d fights ended at the charge; a1 and a2 still touch b1", res.Hist[r][0])
	}
	enginetest.TrialsDoNotAllocate(t, "2v2 flee", f)
}

// A reaction is refused where it cannot be: no charge to answer, no
// missile weapon, several chargers; and the exact solver refuses a fight
// with one.
func TestReactionsRefused(t *testing.T) {
	t.Parallel()
	rs := combatRules(t, "8th")
	cc := Combat{Sides: [2]Fighter{foot(10, 5), bowmen()}, Charger: -1, HighGround: -1, MaxRounds: 3, Reaction: StandAndShoot, Shoot: bow}
	cc.Sides[0].ID = "knights"
	if _, err := NewFight(rs, cc); err != nil {
		t.Fatalf("no charger: %v, want the fight (no unit charged, no reaction)", err)
	}
	units := []Engaged{
		unitIn(foot(10, 5), "knights", 0, true, at(1, Front, 5)),
		unitIn(bowmen(), "archers", 1, false, at(0, Front, 5)),
	}
	for _, c := range []struct {
		name string
		mod  func(u []Engaged)
		want string
	}{
		{"no charge", func(u []Engaged) { u[0].Charged = false; u[1].Reaction = FleeReaction }, "no enemy unit charged it"},
		{"no missile weapon", func(u []Engaged) { u[1].Reaction = StandAndShoot }, "give it a missile weapon"},
		{"unknown", func(u []Engaged) { u[1].Reaction = 7 }, "not hold, stand_and_shoot or flee"},
	} {
		u := slices.Clone(units)
		c.mod(u)
		_, err := NewFight(rs, Combat{Units: u, Armies: [2]Army{{}, {}}, HighGround: -1, MaxRounds: 3})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	f := reactionFight(t, rs, foot(10, 5), bowmen(), 9, StandAndShoot, 0)
	if _, err := f.Exact(); err == nil || !strings.Contains(err.Error(), "stands and shoots") {
		t.Errorf("exact: %v, want a refusal", err)
	}
	if f.UsesTables() {
		t.Errorf("a fight with a reaction draws from round tables")
	}
}

// A fight with a reaction allocates nothing a trial, by stages and per
// die.
func TestReactionsDoNotAllocate(t *testing.T) {
	rs := combatRules(t, "8th")
	for _, r := range []Reaction{StandAndShoot, FleeReaction} {
		f := reactionFight(t, rs, foot(10, 5), bowmen(), 9, r, 0)
		enginetest.TrialsDoNotAllocate(t, r.String(), f)
		enginetest.TrialsDoNotAllocate(t, r.String()+" per die", f.PerDie())
	}
}

// The exact solver walks a flee from the charge, for the reaction or for
// Terror (it ends a fight of two units, or the fight goes on from the
// charge as before): its answer agrees with the simulation, by stages and
// from round tables.
func TestFleeExact(t *testing.T) {
	t.Parallel()
	monster := foot(2, 2, func(f *Fighter) { f.Type, f.CausesTerror, f.Profile.M, f.Profile.W = MonstrousInfantry, true, 6, 4 })
	for _, c := range []struct {
		name string
		f    *Fight
	}{
		{"6th flee", reactionFight(t, combatRules(t, "6th"), foot(10, 5), bowmen(func(f *Fighter) { f.Profile.M = 4 }), 4, FleeReaction, 0)},
		{"tow Terror, then hold", reactionFight(t, combatRules(t, "tow"), monster, bowmen(), 6, Hold, 0)},
	} {
		ex, err := c.f.Exact()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		enginetest.Agree(t, c.name+" by stages", ex, simulate(t, c.f.WithoutTables(), 40000, 21))
		if !c.f.UsesTables() {
			t.Errorf("%s: no round tables", c.name)
		}
		enginetest.Agree(t, c.name+" from tables", ex, simulate(t, c.f, 40000, 22))
	}
}

// The description says how the charged unit answers, with the rolls and
// chances worked out by hand: 10 shots at 5+ (BS 3, -1) and 4+ (S3
// against T3) with no save; a flee reached on 2D6 of 4 or less (6/36,
// 16.7%); a stand and shoot too close, held.
func TestReactionText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		f    *Fight
		want string
	}{
		{"shoots", reactionFight(t, combatRules(t, "8th"), foot(10, 5), bowmen(), 9, StandAndShoot, 0),
			"stands and shoots at knights: 10 shots, hit 5+ (1/3), wound 4+ (1/2) (S3 against T3), knights' armour save: none"},
		{"flees", reactionFight(t, combatRules(t, "6th"), foot(10, 5), bowmen(), 4, FleeReaction, 0),
			"flees from the charge of knights (4\"): reached 16.7% (charge_reach, flee_reaction_roll)"},
		{"too close", reactionFight(t, combatRules(t, "6th"), foot(10, 5), bowmen(), 4, StandAndShoot, 0),
			"stands and shoots: knights is too close (4\", Movement 4, stand_and_shoot_range), so it holds"},
	} {
		if got := c.f.reactionText(1); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
