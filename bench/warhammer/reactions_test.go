package warhammerref

import (
	"context"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/warhammer"
)

// reactionCase is a fight of two units in which the charged unit stands
// and shoots or flees (issue 30, step 7), fought by the engine and by the
// reference (reactions.go).
type reactionCase struct {
	name     string
	rules    string
	charger  warhammer.Fighter
	charged  warhammer.Fighter
	distance int
	reaction warhammer.Reaction
	rng      int // the missile weapon's range, 0 for none given
	why      string
}

// archers are 10 Archers five wide, BS 4, Strength 3 bows, with Movement
// m.
func archers(m int) warhammer.Fighter {
	a := infantry("archers", 10, 5)
	a.Profile.BS, a.Profile.M = 4, m
	return a
}

// wolves are 8 Wolf Riders: fast cavalry, M 9, Ld 5, 6+ armour.
func wolves() warhammer.Fighter {
	w := armoured(cavalry("wolves", 8), 6)
	w.Profile.M, w.Profile.Ld = 9, 5
	return w
}

func reactionCases() []reactionCase {
	return []reactionCase{
		{name: "8th/stand-and-shoot", rules: "8th", charger: empireKnights("knights"), charged: archers(4), distance: 9, reaction: warhammer.StandAndShoot, rng: 30,
			why: "two ranks of bows at -1 at 2+ knights (M 4, 9\" beyond it), then the fight"},
		{name: "6th/stand-and-shoot-long-range-panic", rules: "6th", charger: wolves(), charged: archers(4), distance: 12, reaction: warhammer.StandAndShoot, rng: 18,
			why: "front rank at -2 (12\" beyond half of 18\"), Wolf Riders of Ld 5 testing Panic at two losses"},
		{name: "7th/stand-and-shoot-too-close", rules: "7th", charger: wolves(), charged: archers(4), distance: 8, reaction: warhammer.StandAndShoot, rng: 24,
			why: "8\" is not beyond half the wolves' 18\" charge: the archers hold"},
		{name: "tow/stand-and-shoot", rules: "tow", charger: wolves(), charged: archers(4), distance: 12, reaction: warhammer.StandAndShoot, rng: 18,
			why: "no long range, no Panic, the front rank"},
		{name: "6th/flee-reached", rules: "6th", charger: wolves(), charged: archers(4), distance: 6, reaction: warhammer.FleeReaction,
			why: "18\" of reach against 6\" + 2D6: caught unless 2D6 is 13 or more, never"},
		{name: "7th/flee-escapes", rules: "7th", charger: infantry("spears", 10, 5), charged: archers(7), distance: 6, reaction: warhammer.FleeReaction,
			why: "8\" of reach against 6\" + 3D6 (M 7): never caught"},
		{name: "6th/flee-close-call", rules: "6th", charger: infantry("spears", 10, 5), charged: archers(4), distance: 4, reaction: warhammer.FleeReaction,
			why: "8\" of reach against 4\" + 2D6: caught on 2D6 of 4 or less"},
		{name: "8th/flee", rules: "8th", charger: wolves(), charged: archers(4), distance: 10, reaction: warhammer.FleeReaction,
			why: "M 9 + 2D6 against 10\" + 2D6"},
		{name: "tow/flee", rules: "tow", charger: wolves(), charged: archers(4), distance: 8, reaction: warhammer.FleeReaction,
			why: "M 9 + the highest of 2D6 against 8\" + 2D6"},
		{name: "tow/fear-to-charge-higher-unit-strength", rules: "tow", charger: infantry("spears", 10, 5), charged: fearsome(infantry("zombies", 20, 5)), distance: 6, reaction: warhammer.Hold,
			why: "10 spears charge 20 Fear-causing zombies: a test to charge (tow special-rules/fear), failing, no charge"},
		{name: "tow/fear-to-charge-lower-unit-strength", rules: "tow", charger: infantry("spears", 10, 5), charged: fearsome(infantry("zombies", 8, 4)), distance: 6, reaction: warhammer.Hold,
			why: "8 zombies have the lower Unit Strength: no test"},
		{name: "tow/terror-on-charge", rules: "tow", charger: terrors(), charged: archers(4), distance: 6, reaction: warhammer.Hold,
			why: "a Terror-causer charges: the archers test at once and, failing, flee its M 6 + the highest of 2D6"},
		{name: "tow/terror-then-stand-and-shoot", rules: "tow", charger: terrors(), charged: archers(4), distance: 8, reaction: warhammer.StandAndShoot, rng: 24,
			why: "passing the Terror test, the archers stand and shoot"},
		{name: "6th/terror-off", rules: "6th", charger: terrors(), charged: archers(4), distance: 8, reaction: warhammer.Hold,
			why: "terror_on_charge no: 6th's Fear test when charged instead (fear_on_charge)"},
	}
}

// fearsome is f causing Fear.
func fearsome(f warhammer.Fighter) warhammer.Fighter {
	f.CausesFear = true
	return f
}

// terrors are two monstrous beasts that cause Terror: M 6, T 5, W 4, 4+.
func terrors() warhammer.Fighter {
	t := armoured(infantry("terrors", 2, 2), 4)
	t.Type, t.CausesTerror = warhammer.MonstrousInfantry, true
	t.Profile.M, t.Profile.S, t.Profile.T, t.Profile.W, t.Profile.A = 6, 5, 5, 4, 3
	return t
}

// TestReactionAgreement runs every reactionCase through the engine and the
// reference with independent dice and checks every metric and event
// within 4.5 standard errors (AgreeSamples).
func TestReactionAgreement(t *testing.T) {
	trials := 100_000
	if testing.Short() || raceDetector {
		trials = 10_000
	}
	for _, c := range reactionCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cc := warhammer.Combat{Sides: [2]warhammer.Fighter{c.charger, c.charged}, Charger: 0, ChargeDistance: c.distance,
				HighGround: -1, MaxRounds: 6, Reaction: c.reaction, Shoot: warhammer.Attack{Count: 1, Skill: 4, S: 3}, ShootRange: c.rng}
			f, err := warhammer.NewFight(preset(t, c.rules), cc)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := Reference(f)
			if err != nil {
				t.Fatal(err)
			}
			eng, err := engine.Run(context.Background(), f, engine.Config{Trials: int64(trials), Seed: 9, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			enginetest.AgreeSamples(t, eng, ref.Run(trials, 11), [2]string{"engine", "reference"})
		})
	}
}

// chargeFearCases are fights of several units with the Fear tests of the
// charge (issue 30, step 7), for TestChargeFearMeleeAgreement.
func chargeFearCases() []meleeCase {
	return []meleeCase{
		{name: "6th/fear-to-charge-friend-stays", rules: "6th", armies: [2]string{"empire", "wights"}, units: fearCharge(false, false),
			why: "the Knights test to charge the Fear-causing Wights and, failing, stay out; the Halberdiers fight on"},
		{name: "6th/fear-to-charge-no-charge", rules: "6th", armies: [2]string{"empire", "wights"}, units: fearCharge(true, false),
			why: "both units charge and test; both failing, the fight starts front to front with no charger"},
		{name: "6th/fear-when-charged", rules: "6th", armies: [2]string{"empire", "levy"}, units: fearCharge(false, true),
			why: "Fear-causing Knights charge the Levy's flank: the Levy (US 6 against 5) test and, failing, hit only on 6s"},
		{name: "7th/fear-when-charged-flees", rules: "7th", armies: [2]string{"empire", "levy"}, units: fearfulLevy,
			why: "Fear-causing Knights (US 10) charge 6 Levy: failing, the Levy flee and are pursued"},
		{name: "tow/fear-to-charge-higher-unit-strength", rules: "tow", armies: [2]string{"empire", "wights"}, units: fearCharge(false, false),
			why: "the Knights (US 10) test against the Wights (US 20) under fear_to_charge higher_unit_strength"},
		{name: "6th/flee-one-of-two", rules: "6th", armies: [2]string{"empire", "orcs"}, units: meleeReaction(warhammer.FleeReaction, 4),
			why: "the Archers flee the Knights' charge (2D6 against 8\" from 4\"): caught, or escaped and the Knights leave; the Halberdiers fight the Boyz"},
		{name: "8th/stand-and-shoot-one-of-two", rules: "8th", armies: [2]string{"empire", "orcs"}, units: meleeReaction(warhammer.StandAndShoot, 9),
			why: "the Archers shoot the Knights in two ranks at -1 before the round; the Knights may panic"},
		{name: "tow/terror-one-of-two", rules: "tow", armies: [2]string{"empire", "orcs"}, units: terrorOneOfTwo,
			why: "Terror-causing Knights charge the Archers: they test at once and, failing, flee (M 8 + the highest of 2D6 against 6\" + 2D6); then they stand and shoot"},
		{name: "6th/stand-and-shoot-panic-one-of-two", rules: "6th", armies: [2]string{"empire", "orcs"}, units: meleeReaction(warhammer.StandAndShoot, 12),
			why: "front rank at long range; Knights of Ld 6 test Panic at two losses, and the Empire's Panic (in_combat) counts it"},
	}
}

// meleeReaction: 20 Halberdiers fight 20 Boyz front to front; 5 Knights
// (M 8, Ld 6, 5+) charge 10 Archers (BS 4, bows of range 16) of the Boyz'
// army from distance, four of them touching the Archers and one the Boyz'
// flank, and the Archers answer with r.
func meleeReaction(r warhammer.Reaction, distance int) func() []warhammer.Engaged {
	return func() []warhammer.Engaged {
		halb := infantry("halberdiers", 20, 5)
		halb.Weapon = warhammer.Halberd
		k := armoured(cavalry("knights", 5), 5)
		k.Profile.M, k.Profile.Ld = 8, 6
		boyz := armoured(infantry("boyz", 20, 5), 6)
		arch := archers(4)
		arch.Profile.Ld = 7
		us := []warhammer.Engaged{
			engaged(halb, 0, false, touch(2, warhammer.Front, 5)),
			engaged(k, 0, true, touch(3, warhammer.Front, 4), touch(2, warhammer.Flank, 1)),
			engaged(boyz, 1, false, touch(0, warhammer.Front, 5), touch(1, warhammer.Front, 1)),
			engaged(arch, 1, false, touch(1, warhammer.Front, 5)),
		}
		us[1].ChargeDistance = distance
		us[3].Reaction, us[3].Shoot, us[3].ShootRange = r, warhammer.Attack{Count: 1, Skill: 4, S: 3}, 16
		return us
	}
}

// fearCharge: 20 Halberdiers (5 wide, Ld 6) at the front of 20 Wights and
// 5 Knights (Ld 6) charging their flank; with both, the Halberdiers charge
// too; with feared, the Knights cause Fear and the Wights are 6 Levy.
func fearCharge(both, feared bool) func() []warhammer.Engaged {
	return func() []warhammer.Engaged {
		halb := infantry("halberdiers", 20, 5)
		halb.Profile.Ld, halb.Weapon = 6, warhammer.Halberd
		k := empireKnights("knights")
		k.Profile.Ld = 6
		foe := armoured(infantry("wights", 20, 5), 5)
		foe.CausesFear = true
		front, flank := 5, 3
		if feared {
			k.CausesFear = true
			foe = infantry("levy", 6, 3)
			front, flank = 3, 2 // three wide, two ranks
		}
		return []warhammer.Engaged{
			engaged(halb, 0, both, touch(2, warhammer.Front, front)),
			engaged(k, 0, true, touch(2, warhammer.Flank, flank)),
			engaged(foe, 1, false, touch(0, warhammer.Front, front), touch(1, warhammer.Front, flank)),
		}
	}
}

// fearfulLevy: fearCharge with 5 Levy (US 5) against Knights of US 10.
func fearfulLevy() []warhammer.Engaged {
	us := fearCharge(false, true)()
	us[2].Models = 5
	return us
}

// TestChargeFearMeleeAgreement runs every chargeFearCase through the
// engine and the reference (melee.go's charge), as TestMeleeAgreement.
func TestChargeFearMeleeAgreement(t *testing.T) {
	trials := 100_000
	if testing.Short() || raceDetector {
		trials = 10_000
	}
	for _, c := range chargeFearCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cc := warhammer.Combat{Units: c.units(), HighGround: -1, MaxRounds: 6}
			cc.Armies[0].ID, cc.Armies[1].ID = c.armies[0], c.armies[1]
			f, err := warhammer.NewFight(preset(t, c.rules), cc)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := meleeReference(f.Inputs())
			if err != nil {
				t.Fatal(err)
			}
			eng, err := engine.Run(context.Background(), f, engine.Config{Trials: int64(trials), Seed: 9, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			enginetest.AgreeSamples(t, eng, aligned(t, eng, ref.Run(trials, 11)), [2]string{"engine", "reference"})
		})
	}
}

// terrorOneOfTwo is meleeReaction's stand and shoot from 6", the Knights
// causing Terror.
func terrorOneOfTwo() []warhammer.Engaged {
	us := meleeReaction(warhammer.StandAndShoot, 6)()
	us[1].CausesTerror = true
	return us
}

// severalChargerCases are charge reactions of a unit charged by two enemy
// units (flee_several_caught, stand_and_shoot_target,
// terror_several_chargers), fought by the engine and the reference
// (melee_reactions.go).
func severalChargerCases() []meleeCase {
	fledFrom := func(rs *warhammer.Ruleset) { rs.FleeSeveral = warhammer.FleeFledFrom }
	largest := func(rs *warhammer.Ruleset) { rs.ShootTarget = warhammer.ShootLargest }
	eachTerror := func(rs *warhammer.Ruleset) { rs.TerrorSeveral = warhammer.TerrorEachCharger }
	return []meleeCase{
		{name: "7th/flee-from-two", rules: "7th", armies: [2]string{"empire", "orcs"}, units: twoOnArchers(warhammer.FleeReaction, 12, 12, false),
			why: "one 2D6 flee roll; Knights reach 16\" from 12\", Wolves 18\" from 12\": caught on 2D6 <= 6 (any_charger)"},
		{name: "7th/flee-from-two-fled-from", rules: "7th", set: fledFrom, armies: [2]string{"empire", "orcs"}, units: twoOnArchers(warhammer.FleeReaction, 12, 12, false),
			why: "only the Knights (US 20 against 16) may catch it: 2D6 <= 4"},
		{name: "tow/flee-from-two", rules: "tow", armies: [2]string{"empire", "orcs"}, units: twoOnArchers(warhammer.FleeReaction, 10, 12, false),
			why: "each charger M + the highest of 2D6 against its own distance plus the one flee roll"},
		{name: "8th/stand-and-shoot-nearest-of-two", rules: "8th", armies: [2]string{"empire", "orcs"}, units: twoOnArchers(warhammer.StandAndShoot, 12, 10, false),
			why: "two ranks of bows at the Wolves, 10\" away, the nearer; they may panic; the Knights charge home"},
		{name: "6th/stand-and-shoot-largest-of-two", rules: "6th", set: largest, armies: [2]string{"empire", "orcs"}, units: twoOnArchersLinked(warhammer.StandAndShoot, 12, 10, false, 2),
			why: "the front rank at the Knights (US 20), at long range (12\" of 16); they may panic and leave"},
		{name: "tow/terror-from-two", rules: "tow", set: eachTerror, armies: [2]string{"empire", "orcs"}, units: twoOnArchers(warhammer.StandAndShoot, 10, 12, true),
			why: "two Terror tests (test_each), failing either the Archers flee from both; else they shoot at the nearer"},
	}
}

// twoOnArchers: 20 Halberdiers fight 20 Boyz front to front; 10 Knights
// (M 8, Ld 6, 5+) charge 10 Archers (BS 4, bows of range 16) from d1,
// touching the Boyz' flank with one, and 8 Wolf Riders (M 9) the
// Archers' flank from d2; the Archers answer with r. With terror, both
// chargers cause Terror.
func twoOnArchers(r warhammer.Reaction, d1, d2 int, terror bool) func() []warhammer.Engaged {
	return twoOnArchersLinked(r, d1, d2, terror, 1)
}

// twoOnArchersLinked is twoOnArchers with the charger link (1, the
// Knights; 2, the Wolves) touching the Boyz' flank with one model, the
// contact that makes the fight one combat. A charger that panics at the
// charge leaves; were it the link, the engine would still read what is
// left as one combat, the reference as two (README, "Disagreements"), so
// a case whose shot charger may panic links by the other.
func twoOnArchersLinked(r warhammer.Reaction, d1, d2 int, terror bool, link int) func() []warhammer.Engaged {
	return func() []warhammer.Engaged {
		halb := infantry("halberdiers", 20, 5)
		halb.Weapon = warhammer.Halberd
		k := armoured(cavalry("knights", 10), 5)
		k.Frontage, k.Profile.M, k.Profile.Ld = 5, 8, 6
		w := wolves()
		k.CausesTerror, w.CausesTerror = terror, terror
		arch := archers(4)
		us := []warhammer.Engaged{
			engaged(halb, 0, false, touch(3, warhammer.Front, 5)),
			engaged(k, 0, true, touch(4, warhammer.Front, 4)),
			engaged(w, 0, true, touch(4, warhammer.Flank, 2)),
			engaged(armoured(infantry("boyz", 20, 5), 6), 1, false, touch(0, warhammer.Front, 5), touch(link, warhammer.Front, 1)),
			engaged(arch, 1, false, touch(1, warhammer.Front, 5), touch(2, warhammer.Front, 2)),
		}
		us[link].Contacts = append(us[link].Contacts, touch(3, warhammer.Flank, 1))
		us[1].ChargeDistance, us[2].ChargeDistance = d1, d2
		us[4].Reaction, us[4].Shoot, us[4].ShootRange = r, warhammer.Attack{Count: 1, Skill: 4, S: 3}, 16
		return us
	}
}

// TestSeveralChargersAgreement runs every severalChargerCase through the
// engine and the reference, as TestChargeFearMeleeAgreement.
func TestSeveralChargersAgreement(t *testing.T) {
	trials := 100_000
	if testing.Short() || raceDetector {
		trials = 10_000
	}
	for _, c := range severalChargerCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cc := warhammer.Combat{Units: c.units(), HighGround: -1, MaxRounds: 6}
			cc.Armies[0].ID, cc.Armies[1].ID = c.armies[0], c.armies[1]
			rs := preset(t, c.rules)
			if c.set != nil {
				c.set(rs)
			}
			f, err := warhammer.NewFight(rs, cc)
			if err != nil {
				t.Fatal(err)
			}
			ref, err := meleeReference(f.Inputs())
			if err != nil {
				t.Fatal(err)
			}
			eng, err := engine.Run(context.Background(), f, engine.Config{Trials: int64(trials), Seed: 9, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			enginetest.AgreeSamples(t, eng, aligned(t, eng, ref.Run(trials, 11)), [2]string{"engine", "reference"})
		})
	}
}
