package warhammer

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// The Old World's Killing Blow, from the text (docs/rules.md, "7th edition
// and The Old World"): it slays "infantry or cavalry", and monstrous
// infantry and swarms are infantry, monstrous cavalry and war beasts
// cavalry (tow.whfb.app special-rules/killing-blow, troop-types-at-a-glance/
// categories-of-troop-type-at-a-glance); its wounds are applied before the
// others (faq/general-principles).

// One Ogre (monstrous infantry, W3, T4, no saves) struck by n attacks that
// hit automatically at S4: each wounds on 4+, a natural 6 (1/6) a Killing
// Blow, a 4 or 5 (2/6) an ordinary wound. The Ogre falls to any Killing
// Blow, or to three ordinary wounds: n=1 1/6; n=2 1-(5/6)^2 = 11/36; n=3
// 1-(5/6)^3+(2/6)^3 = 99/216. Where Killing Blow cannot reach it (the
// preset's reading before issue 32, kept as killing_blow_targets=
// infantry,cavalry) a 6 is one wound more: 0, 0, (1/2)^3 = 27/216.
func TestOldWorldKillingBlowSlaysAnOgre(t *testing.T) {
	t.Parallel()
	narrow := named(t, "tow")
	if err := narrow.Set("killing_blow_targets", "infantry,cavalry", "test"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n            int
		text, narrow float64
	}{
		{1, 1.0 / 6, 0},
		{2, 11.0 / 36, 0},
		{3, 99.0 / 216, 27.0 / 216},
	} {
		for _, r := range []struct {
			name string
			rs   *Ruleset
			want float64
		}{{"tow", tow(t), c.text}, {"tow+killing_blow_targets=infantry,cavalry", &narrow.Values, c.narrow}} {
			v, err := NewVolley(r.rs, "ogre",
				Attack{Phase: CloseCombat, Count: c.n, AutoHit: true, S: 4, Round: 1, Rules: AttackRules{KillingBlow: true}},
				Target{Type: MonstrousInfantry, T: 4, W: 3, WS: 3, Models: 1, Defence: nothing})
			if err != nil {
				t.Fatal(err)
			}
			ex, err := v.Exact()
			if err != nil {
				t.Fatal(err)
			}
			if got := ex.PMF[mCasualties][1]; math.Abs(got-r.want) > 1e-12 {
				t.Errorf("%s: %d Killing-Blow attacks on one Ogre: P(slain) %.6f, want %.6f", r.name, c.n, got, r.want)
			}
		}
	}
}

// Two Ogres (W3) take one Killing Blow and two ordinary wounds. Under tow
// the Killing Blow comes first (faq/general-principles): it slays a fresh
// Ogre (3 remaining Wounds scored) and the two wounds mark the second, 5
// scored, one Ogre standing with 2 wounds on it. Applied after the others
// (killing_blow_order: after_other_wounds) it slays the Ogre they marked:
// 2 + its 1 remaining = 3 scored, one fresh Ogre standing.
func TestOldWorldKillingBlowsFirst(t *testing.T) {
	t.Parallel()
	after := named(t, "tow")
	if err := after.Set("killing_blow_order", "after_other_wounds", "test"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name                   string
		rs                     *Ruleset
		scored, alive, carried int
	}{
		{"tow", tow(t), 5, 1, 2},
		{"tow+killing_blow_order=after_other_wounds", &after.Values, 3, 1, 0},
	} {
		u := newUnitState(2, 3)
		exO, exK := applyWounds(&u, c.rs, nil, nil, 2, 1, Amount{}, false)
		if u.scored != c.scored || u.alive != c.alive || u.carried != c.carried || exO != 0 || exK != 0 {
			t.Errorf("%s: %+v (excess %d, %d); want %d scored, %d standing carrying %d", c.name, u, exO, exK, c.scored, c.alive, c.carried)
		}
	}
}

// No allocation per trial in a tow fight where a front rank and a second
// rank (Press of Battle) strike Ogres with Killing Blow at one step, so
// the step's Killing Blows land first (killingBlowsFirst), from round
// tables, stage by stage and die by die.
func TestOldWorldKillingBlowFightDoesNotAllocate(t *testing.T) {
	a := Fighter{ID: "warriors", Type: Infantry, Weight: Heavy, Models: 15, Frontage: 5,
		Profile: Profile{M: 4, WS: 5, BS: 3, S: 4, T: 4, W: 1, I: 5, A: 2, Ld: 8},
		Defence: Defence{Armour: 5, Ward: NoSave, Regeneration: NoSave},
		Rules:   AttackRules{KillingBlow: true}}
	b := Fighter{ID: "ogres", Type: MonstrousInfantry, Models: 6, Frontage: 3,
		Profile: Profile{M: 6, WS: 3, BS: 3, S: 4, T: 4, W: 3, I: 2, A: 3, Ld: 7},
		Defence: Defence{Armour: 6, Ward: NoSave, Regeneration: NoSave}}
	f := newFight(t, tow(t), Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 3})
	enginetest.TrialsDoNotAllocate(t, "tow Killing Blow on Ogres", f)
	enginetest.TrialsDoNotAllocate(t, "tow Killing Blow on Ogres, stage by stage", f.WithoutTables())
	enginetest.TrialsDoNotAllocate(t, "tow Killing Blow on Ogres, per die", f.PerDie())
}
