package warhammer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// duellist is one model with no save, striking at Initiative i.
func duellist(id string, i int) Fighter {
	return Fighter{ID: id, Type: Infantry, Models: 1, Frontage: 1,
		Profile: Profile{WS: 3, S: 3, T: 3, W: 1, I: i, A: 1, Ld: 7},
		Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}}
}

// One round of two single models, by hand: A strikes first (I5) and slays
// B with one attack hitting on 4+ (WS 3 against 3) and wounding on 4+ (S3
// against T3), 1/4; otherwise B strikes back the same, 3/4 x 1/4 = 3/16;
// otherwise neither has a wound, a draw with no break test, 9/16.
func TestExactFightByHand(t *testing.T) {
	f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{duellist("a", 5), duellist("b", 1)}, Charger: -1, HighGround: -1, MaxRounds: 1})
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	for e, want := range map[int]float64{feWins0: 1.0 / 4, feWins1: 3.0 / 16, feDraw: 9.0 / 16, feDestroyed1: 1.0 / 4, feBreaks0: 0} {
		if got := ex.P[e]; math.Abs(got-want) > 1e-12 {
			t.Errorf("P(%s) = %.15f, want %.15f", f.Events()[e], got, want)
		}
	}
	if got := ex.PMF[fmCasualties1][1]; math.Abs(got-0.25) > 1e-12 {
		t.Errorf("P(b loses its model) = %v, want 1/4", got)
	}
}

// Every probability distribution the solver gives sums to 1, and each
// fight has exactly one of its three ends.
func checkSums(t *testing.T, name string, ex *engine.Exact, events []string) {
	t.Helper()
	for m, pmf := range ex.PMF {
		s := 0.0
		for _, p := range pmf {
			s += p
		}
		if math.Abs(s-1) > 1e-9 {
			t.Errorf("%s: %s's distribution sums to %v", name, ex.Metrics[m].Name, s)
		}
	}
	if s := ex.P[feWins0] + ex.P[feWins1] + ex.P[feDraw]; math.Abs(s-1) > 1e-9 {
		t.Errorf("%s: P(%s) + P(%s) + P(draw) = %v", name, events[feWins0], events[feWins1], s)
	}
}

// simulate runs trials of m on seed, as a sim run does.
func simulate(t testing.TB, m engine.Model, trials int64, seed uint64) *engine.Result {
	t.Helper()
	res, err := engine.Run(t.Context(), m, engine.Config{Trials: trials, Seed: seed, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// The exact solution of seed 000's fight, and of variations with every
// random step the rules have (Fear on the charge and in the round, Killing
// Blow, Multiple Wounds, Impact Hits, Stomp, 8th's Regeneration save,
// flank charges, characters and a challenge), agrees with the simulation
// within 4.5 standard errors (enginetest.Agree), die by die too.
func TestExactFightAgreesWithSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates each fight")
	}
	hero := func(id string, kb bool, mw Amount) Character {
		c := Character{ID: id, Type: Infantry, Profile: Profile{WS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 9},
			Defence: Defence{Armour: 4, Ward: NoSave, Regeneration: NoSave}}
		c.Rules.KillingBlow, c.Rules.MultipleWounds = kb, mw
		return c
	}
	cases := []struct {
		name   string
		preset string
		cc     func() Combat
	}{
		{"seed 000 to the break", "6th", func() Combat {
			return Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 10}
		}},
		{"Fear-causing Trolls, 8th", "8th", func() Combat {
			tr := trollsUnit()
			tr.CausesFear = true
			return Combat{Sides: [2]Fighter{empireKnights(), tr}, Charger: 0, HighGround: -1, MaxRounds: 10}
		}},
		{"Fear on the charge, 6th", "6th", func() Combat {
			tr := trollsUnit()
			tr.CausesFear = true
			return Combat{Sides: [2]Fighter{tr, empireKnights()}, Charger: 0, HighGround: -1, MaxRounds: 10}
		}},
		{"Killing Blow and D3 wounds in a flank charge", "6th", func() Combat {
			a := block("a", 7, 4)
			a.Profile.A, a.Models, a.Rules.KillingBlow, a.Rules.MultipleWounds = 1, 8, true, Amount{Die: 3}
			b := trollsUnit()
			return Combat{Sides: [2]Fighter{a, b}, Charger: 0, Facing: Flank, HighGround: 1, MaxRounds: 4}
		}},
		{"Impact Hits and Stomp, 8th", "8th", func() Combat {
			a := trollsUnit()
			a.ImpactHits = Amount{Die: 3}
			b := block("b", 7, 3)
			b.Profile.A, b.Models = 1, 10
			return Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 5}
		}},
		{"characters, a champion and a challenge", "6th", func() Combat {
			a := block("a", 7, 3, hero("x", true, Amount{}))
			a.Profile.A, a.Challenge.Issue = 1, IssueAlways
			b := block("b", 6, 3, hero("y", false, Amount{Die: 3}),
				Character{ID: "champion", Champion: true, Type: Infantry, Profile: Profile{WS: 3, S: 3, T: 3, W: 1, I: 3, A: 2, Ld: 6},
					Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}})
			b.Profile.A, b.Models, b.StrikeAt = 1, 6, "x"
			return Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 4}
		}},
		// a issues in its turns and refuses in b's, so who issues first,
		// which alternates round by round, matters.
		{"both sides challenge, turn by turn", "6th", func() Combat {
			champ := Character{ID: "champion", Champion: true, Type: Infantry, Profile: Profile{WS: 3, S: 3, T: 3, W: 1, I: 3, A: 2, Ld: 6},
				Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}}
			a := block("a", 7, 3, hero("x", false, Amount{}), champ)
			a.Profile.A, a.Models, a.Frontage, a.Challenge = 1, 4, 4, Challenge{Issue: IssueAlways, Refuse: true, By: "champion"}
			b := block("b", 7, 2, hero("y", false, Amount{}), champ)
			b.Profile.A, b.Models, b.Frontage, b.Challenge = 1, 4, 4, Challenge{Issue: IssueAlways, By: "y"}
			return Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 4}
		}},
		{"seed 000 under tow, charging 6 inches into Fear", "tow", func() Combat {
			tr := trollsUnit()
			tr.CausesFear = true
			kn := empireKnights()
			kn.Defence.Shield, kn.Defence.MountBonus = true, 1
			return Combat{Sides: [2]Fighter{kn, tr}, Charger: 0, ChargeDistance: 6, HighGround: -1, MaxRounds: 10}
		}},
		{"tow: heavy infantry with Armour Bane and Poison parry Terror", "tow", func() Combat {
			a := block("a", 8, 3)
			a.Weight, a.Models, a.Frontage, a.Profile.A = Heavy, 12, 4, 1
			a.Defence.Armour, a.Defence.Shield = 5, true
			a.Rules.ArmourBane, a.Rules.Poisoned = 1, true
			b := trollsUnit()
			b.CausesTerror, b.Defence.Armour = true, 6
			b.AlwaysStrikesLast = true
			return Combat{Sides: [2]Fighter{a, b}, Charger: 1, ChargeDistance: 4, Facing: Flank, HighGround: -1, MaxRounds: 6}
		}},
		{"7th: Killing Blow on war beasts, Insane Courage", "7th", func() Combat {
			a := block("a", 7, 4)
			a.Profile.A, a.Models, a.Rules.KillingBlow = 1, 8, true
			b := block("b", 5, 3)
			b.Type, b.Profile.A, b.Profile.W, b.Models = WarBeast, 1, 1, 6
			return Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 5}
		}},
		// A steed's wounds and its rider's Killing Blows, in steps of their
		// own or in one step: the Overkill of a Killing Blow counts the
		// hits of its own step (fighterState.stepHits).
		{"a Killing Blow in a challenge after a steed's wounds, 8th", "8th", func() Combat {
			x := hero("x", true, Amount{})
			x.Type, x.Mounted, x.Profile.I = Cavalry, true, 3
			x.Mount = &Mount{Name: "steed", WS: 3, S: 5, I: 4, A: 2}
			a := block("a", 7, 2, x)
			a.Profile.A, a.Challenge.Issue = 1, IssueAlways
			b := block("b", 6, 3, hero("y", false, Amount{Die: 3}))
			b.Profile.A = 1
			return Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 4}
		}},
		{"a Killing Blow and a steed at once, 6th", "6th", func() Combat {
			x := hero("x", true, Amount{})
			x.Type, x.Mounted = Cavalry, true
			x.Mount = &Mount{Name: "steed", WS: 3, S: 5, I: 5, A: 1}
			a := block("a", 7, 2, x)
			a.Profile.A, a.Challenge.Issue = 1, IssueAlways
			b := block("b", 6, 3, hero("y", true, Amount{}))
			b.Profile.A = 1
			return Combat{Sides: [2]Fighter{a, b}, Charger: -1, HighGround: -1, MaxRounds: 4}
		}},
		{"a unit of one rank cannot refuse, 7th", "7th", func() Combat {
			a := block("a", 7, 3, hero("x", false, Amount{}))
			a.Profile.A, a.Models, a.Challenge.Issue = 1, 8, IssueAlways
			b := block("b", 6, 3, hero("y", false, Amount{}))
			b.Profile.A, b.Models, b.Challenge.Refuse = 1, 4, true
			return Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 6}
		}},
		{"a refused challenge, 8th", "8th", func() Combat {
			a := block("a", 7, 3, hero("x", false, Amount{}))
			a.Profile.A, a.Models, a.Challenge.Issue = 1, 8, IssueAlways
			b := block("b", 6, 3, hero("y", false, Amount{}))
			b.Profile.A, b.Models, b.Challenge.Refuse = 1, 8, true
			return Combat{Sides: [2]Fighter{a, b}, Charger: 1, HighGround: -1, MaxRounds: 6}
		}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFight(t, &named(t, c.preset).Values, c.cc())
			ex, err := f.Exact()
			if err != nil {
				t.Fatal(err)
			}
			checkSums(t, c.name, ex, f.Events())
			enginetest.Agree(t, c.name, ex, simulate(t, f.WithoutTables(), 200_000, uint64(100+i)))
			enginetest.Agree(t, c.name+" per die", ex, simulate(t, f.PerDie(), 40_000, uint64(200+i)))
			if f.UsesTables() {
				enginetest.Agree(t, c.name+" tables", ex, simulate(t, f, 200_000, uint64(300+i)))
			}
		})
	}
}

// A fight too large for tables of every round gets tables for its charge
// and first round alone, and fights on stage by stage from the state they
// draw (roundtable.go): 20 Halberdiers charge 20 Spearmen, five wide,
// under 8th (ExactWork 4.2e5, above maxTableWork). Drawn so, it agrees
// with the exact solver within 4.5 standard errors, as it does stage by
// stage throughout.
func TestFirstRoundTablesMatchExact(t *testing.T) {
	t.Parallel()
	hal := Fighter{ID: "halberdiers", Type: Infantry, Profile: Profile{M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7},
		Models: 20, Frontage: 5, Defence: Defence{Armour: 6, Ward: NoSave, Regeneration: NoSave}, Weapon: Halberd}
	sp := hal
	sp.ID, sp.Weapon, sp.Defence.Armour = "spearmen", Spear, 5
	f := newFight(t, eighth(t), Combat{Sides: [2]Fighter{hal, sp}, Charger: 0, HighGround: -1, MaxRounds: 10})
	tb := f.NewTrialer().(*fightTrial).tab
	if tb == nil || tb.later != nil {
		t.Fatalf("tables %v, later rounds tabled %v: want the first round's alone", tb != nil, tb != nil && tb.later != nil)
	}
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "first round from tables", ex, simulate(t, f, 200_000, 41))
	enginetest.Agree(t, "by stages", ex, simulate(t, f.WithoutTables(), 200_000, 42))
}

// A property test: 120 random small fights, each of the presets with a
// few options changed, agree with their simulation. Each fight is small
// enough to solve in milliseconds, so that the test covers many.
func TestExactFightProperty(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates 120 fights")
	}
	rng := rand.New(rand.NewPCG(14, 15))
	tooLarge := 0
	defer func() {
		if tooLarge > 6 {
			t.Errorf("%d of 120 random fights too large for the solver; want at most 6", tooLarge)
		}
	}()
	for k := range 120 {
		preset := []string{"6th", "8th", "7th", "tow"}[k%4]
		rs := &named(t, preset).Values
		cc := randomCombat(rng)
		name := fmt.Sprintf("fight %d (%s): %s", k, preset, describeCombat(cc))
		f, err := NewFight(rs, cc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ex, err := f.Exact()
		if err != nil && strings.Contains(err.Error(), "too large") {
			tooLarge++ // a few random fights are beyond the solver; they must say so
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkSums(t, name, ex, f.Events())
		enginetest.Agree(t, name, ex, simulate(t, f.WithoutTables(), 20_000, uint64(k)))
		if k%10 == 0 && f.UsesTables() {
			enginetest.Agree(t, name+" tables", ex, simulate(t, f, 20_000, uint64(k)))
		}
	}
}

// randomCombat is a small random close combat: two units of up to eight
// models with random profiles, saves, weapons and special rules.
func randomCombat(rng *rand.Rand) Combat {
	unit := func(id string) Fighter {
		n := 1 + rng.IntN(8)
		w := 1 + rng.IntN(3)
		f := Fighter{ID: id, Type: []TroopType{Infantry, Cavalry, MonstrousInfantry}[rng.IntN(3)],
			Models: n, Frontage: 1 + rng.IntN(n),
			Profile: Profile{M: 4, WS: 2 + rng.IntN(5), S: 2 + rng.IntN(4), T: 2 + rng.IntN(4), W: w, I: 1 + rng.IntN(6), A: 1 + rng.IntN(2), Ld: 5 + rng.IntN(5)},
			Defence: Defence{Armour: Save(2 + rng.IntN(6)), Ward: NoSave, Regeneration: NoSave},
			Weapon:  Weapon(rng.IntN(int(numWeapons))),
		}
		if rng.IntN(4) == 0 {
			f.Defence.Regeneration = 4
		}
		if rng.IntN(5) == 0 {
			f.Defence.Ward = 5
		}
		f.Rules.KillingBlow = rng.IntN(5) == 0
		f.Rules.Flaming = rng.IntN(5) == 0
		f.CausesFear = rng.IntN(5) == 0
		f.Stubborn = rng.IntN(6) == 0
		f.Standard = rng.IntN(2) == 0
		f.Musician = rng.IntN(3) == 0
		if rng.IntN(5) == 0 {
			f.Rules.MultipleWounds = Amount{Die: 3}
		}
		// The Old World's rules, last so that the older draws stay as they
		// were.
		f.Rules.ArmourBane = rng.IntN(3) / 2
		f.Rules.Poisoned = rng.IntN(5) == 0
		f.CausesTerror = rng.IntN(8) == 0
		f.Weight = Weight(rng.IntN(4))
		f.Defence.Shield = rng.IntN(2) == 0
		return f
	}
	charger := rng.IntN(3) - 1
	return Combat{Sides: [2]Fighter{unit("a"), unit("b")}, Charger: charger, HighGround: -1, MaxRounds: 1 + rng.IntN(5), ChargeDistance: rng.IntN(6) * b2i(charger >= 0)}
}

func describeCombat(cc Combat) string {
	var b strings.Builder
	for _, f := range cc.Sides {
		p := f.Profile
		fmt.Fprintf(&b, "[%s %d %v WS%d S%d T%d W%d I%d A%d Ld%d sv%d %v] ", f.ID, f.Models, f.Type, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld, f.Defence.Armour, f.Weapon)
	}
	fmt.Fprintf(&b, "charger %d, %d rounds", cc.Charger, cc.MaxRounds)
	return b.String()
}

// A fight beyond the solver's reach says so, before or during the solving,
// in bounded time.
func TestExactFightTooLarge(t *testing.T) {
	a, b := block("a", 7, 3), block("b", 7, 2)
	a.Models, a.Frontage, a.Profile.A, a.Profile.W = 400, 20, 4, 3
	b.Models, b.Frontage, b.Profile.A, b.Profile.W = 400, 20, 4, 3
	a.Rules.MultipleWounds = Amount{Die: 6}
	f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 10})
	if _, err := f.Exact(); err == nil || !strings.Contains(err.Error(), "too large") || !strings.Contains(err.Error(), "sim run") {
		t.Errorf("error %v, want one saying the fight is too large and to use sim run", err)
	}
}

// The exact solver gives the same floats on every run, bit for bit: its
// sums add in an order fixed by the fight, never a map's. Multiple Wounds
// rolled on a unit and on a character (exactWounds, exactCharacterWounds)
// once summed their outcomes in a map's random order, so that two
// solutions of one fight could differ in their last bits.
func TestExactFightSameFloats(t *testing.T) {
	a := block("a", 7, 4)
	a.Profile.A, a.Models, a.Frontage, a.Rules.MultipleWounds, a.StrikeAt = 3, 3, 3, Amount{Die: 3}, "x"
	b := trollsUnit()
	b.Models, b.Frontage = 2, 3
	b.Characters = []Character{hero("x", Profile{WS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 8})}
	f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 2})
	var first []uint64
	for run := range 4 {
		ex, err := f.Exact()
		if err != nil {
			t.Fatal(err)
		}
		var bits []uint64
		for _, pmf := range ex.PMF {
			for _, p := range pmf {
				bits = append(bits, math.Float64bits(p))
			}
		}
		for _, p := range ex.P {
			bits = append(bits, math.Float64bits(p))
		}
		if run == 0 {
			first = bits
		} else if !slices.Equal(bits, first) {
			t.Fatalf("solution %d differs from the first in its floats", run+1)
		}
	}
}

// BenchmarkExactTrollsVsKnights measures the exact solution of seed 000's
// fight to the break: about 13 ms here (issue 15's target, under 1 ms, is
// not met; docs/rules.md, "Exact solutions").
func BenchmarkExactTrollsVsKnights(b *testing.B) {
	f := newFight(b, sixth(b), Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 10})
	for b.Loop() {
		if _, err := f.Exact(); err != nil {
			b.Fatal(err)
		}
	}
}
