package warhammer

import (
	"testing"

	"github.com/wargamesim/sim/engine"
)

// Issue 14: when 8th-edition Always Strikes First re-rolls misses. The text
// (8th.whfb.app special-rules/always-strikes-first; RULES.md §2.3 [V]): "if
// the model's Initiative is equal to or higher than his enemy's, he can
// re-roll misses ... If the model with this rule is fighting an enemy with
// the same ability, the Attacks are made simultaneously, and neither model
// benefits from the re-rolls". A model with both Always Strikes First and
// Always Strikes Last (a great weapon) has neither: "the two cancel out"
// (RULES.md §2.3), for the re-roll as for the order.
//
// Every row: ten WS 3, S 3, T 3, A 1 infantry a side in one rank, no
// armour, one round of 8th, neither charging. Side b is hit on 4+ (1/2,
// WS 3 against WS 3) and wounded on 4+ (1/2, S 3 against T 3), so it loses
// 10 × 1/2 × 1/2 = 2.5 models; 10 × 3/4 × 1/2 = 3.75 when a's misses are
// re-rolled (a hit on the first die or the second: 1 - 1/2 × 1/2); with a
// great weapon (S 5, wounding on 2+) 10 × 1/2 × 5/6 = 4.17. Side a strikes
// first or at once in every row, so all ten of its models strike.
func TestASFRerolls(t *testing.T) {
	t.Parallel()
	const plain, rerolled, greatWeapon = 10 * 0.5 * 0.5, 10 * 0.75 * 0.5, 10 * 0.5 * 5.0 / 6
	asf := func(f *Fighter) { f.AlwaysStrikesFirst = true }
	gw := func(f *Fighter) { f.Weapon = GreatWeapon }
	unit := func(id string, i int, traits ...func(*Fighter)) Fighter {
		f := Fighter{ID: id, Type: Infantry, Profile: Profile{M: 4, WS: 3, S: 3, T: 3, W: 1, I: i, A: 1, Ld: 8},
			Models: 10, Frontage: 10, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}}
		for _, tr := range traits {
			tr(&f)
		}
		return f
	}
	for _, c := range []struct {
		name string
		set  []string
		a, b Fighter
		want float64
		why  string
	}{
		{"ASF I5 against I4 re-rolls", nil, unit("a", 5, asf), unit("b", 4), rerolled,
			"Initiative equal or higher: re-roll misses"},
		{"ASF I4 against I5 does not", nil, unit("a", 4, asf), unit("b", 5), plain,
			"a lower Initiative: no re-roll, though it strikes first"},
		{"ASF against ASF: neither re-rolls", nil, unit("a", 5, asf), unit("b", 4, asf), plain,
			"fighting an enemy with the same ability, neither model benefits from the re-rolls"},
		{"ASF against ASF by Initiative: neither re-rolls", []string{"asf_against_asf", "initiative"},
			unit("a", 5, asf), unit("b", 4, asf), plain,
			"the order option does not bring the re-roll back: b still has Always Strikes First"},
		{"ASF cancelled by a great weapon", nil, unit("a", 5, asf, gw), unit("b", 4), greatWeapon,
			"ASF and the great weapon's Always Strikes Last cancel: I5 strikes first by Initiative, without re-rolls"},
		{"against ASF cancelled by a great weapon", nil, unit("a", 5, asf), unit("b", 4, asf, gw), rerolled,
			"b's Always Strikes First is cancelled, so b does not have the same ability: a re-rolls"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rs := combatRules(t, "8th", c.set...)
			f := newFight(t, rs, Combat{Sides: [2]Fighter{c.a, c.b}, Charger: -1, HighGround: -1, MaxRounds: 1})
			wantMean(t, run(t, f, 100_000, 3), "b.casualties", c.want, c.why)
		})
	}
}

// A unit's Always Strikes Last, like its Always Strikes First, is its
// mounts' too (docs/scenarios.md: the unit's own rule): "always strikes
// last in close combat, regardless of Initiative" (RULES.md §2.3), so
// I1 infantry strike before the riders and the mounts of I4 cavalry that
// have it. Found by the reference resolver, which gave the rule to the
// mounts while the engine let them strike by Initiative.
func TestUnitASLIsItsMountsToo(t *testing.T) {
	t.Parallel()
	cav := empireKnights()
	cav.AlwaysStrikesLast, cav.Weapon = true, HandWeapon
	cav.Profile.I, cav.Mount.I = 4, 4
	slow := foot(10, 10)
	slow.ID, slow.Profile.I = "goblins", 1
	for _, preset := range []string{"6th", "8th"} {
		f := newFight(t, combatRules(t, preset), Combat{Sides: [2]Fighter{cav, slow}, Charger: -1, HighGround: -1, MaxRounds: 1})
		order := f.orders[1][f.NewTrialer().(*fightTrial).strikesFirst(engine.NewDice(1, 1), 1, -1)+1]
		lastGoblins, firstKnights := -1, len(order)
		for _, s := range order {
			if s.side == 1 {
				lastGoblins = max(lastGoblins, s.step)
			} else {
				firstKnights = min(firstKnights, s.step)
			}
		}
		if lastGoblins < 0 || firstKnights <= lastGoblins {
			t.Errorf("%s: strikes %+v; want every blow of the goblins (side 1) before the knights' riders and mounts", preset, order)
		}
	}
}
