package warhammer

import (
	"slices"

	"github.com/wargamesim/sim/engine"
)

// Fear on the charge (fear_on_charge; 6th edition, Psychology, Fear:
// 6th.whfb.app psychology/fear and psychology/if-charged-by-a-fear-causing-
// enemy; docs/rules.md):
//
//   - "If a unit wishes to charge an enemy that causes fear then it must
//     take a test to overcome its fear first"; failing, "it may not
//     charge". The fight then starts with no charger, front to front
//     (Fight.noCharge).
//   - "If a unit is charged by an enemy that it fears then it must take a
//     test": failing with a lower Unit Strength than the charger's, "it
//     will flee" (a flee and a pursuit, as after a failed break test);
//     failing with an equal or higher one, it "must roll 6s to score hits
//     in the first turn of close combat".
//
// Fear-causers and Unbreakable units take no such test (Fighter.fears).

// fearOnCharge returns the unit of cc that tests to charge a Fear-causer
// (fear_to_charge, before its Unit Strength condition: Fight.chargeFearUS)
// and the unit that tests when charged by one (fear_on_charge), -1 for
// none. At most one of the two tests in a fight of two units: a unit that
// causes Fear fears no one. A fight of several units lists its tests
// instead (Fight.chargeFears, Fight.chargedFears).
func fearOnCharge(rs *Ruleset, cc *Combat) (charger, charged int) {
	charger, charged = -1, -1
	for c := range cc.Units {
		me := &cc.Units[c]
		if !me.Charged {
			continue
		}
		for _, ct := range me.Contacts {
			foe := &cc.Units[ct.Enemy]
			if rs.FearToCharge != FearToChargeNever && me.fears(&foe.Fighter) {
				charger = c
			}
			if rs.FearOnCharge && foe.fears(&me.Fighter) {
				charged = ct.Enemy
			}
		}
	}
	return charger, charged
}

// fullStrength is unit i's Unit Strength before any blow.
func (f *Fight) fullStrength(i int) int {
	us := 0
	for _, mb := range f.sides[i].members {
		us += mb.f.Models * mb.us
	}
	return us
}

// testsToCharge reports whether charger c tests Fear to charge: it fears
// an enemy it charges, of higher Unit Strength than its own under
// fear_to_charge higher_unit_strength ("an enemy unit that both causes
// Fear and has a higher Unit Strength", tow.whfb.app special-rules/fear).
func (f *Fight) testsToCharge(c int) bool {
	me := f.unit(c)
	if !me.Charged || f.rs.FearToCharge == FearToChargeNever {
		return false
	}
	for _, ct := range me.Contacts {
		foe := f.unit(ct.Enemy)
		if me.fears(&foe.Fighter) && (f.rs.FearToCharge == FearToChargeAlways || f.fullStrength(ct.Enemy) > f.fullStrength(c)) {
			return true
		}
	}
	return false
}

// chargedFearsOf lists the units of a fight of several units charged by
// a Fear-causer they fear, in unit order (fear_on_charge).
func chargedFearsOf(rs *Ruleset, cc *Combat) []int {
	var us []int
	for i := range cc.Units {
		if rs.FearOnCharge && cc.fearedCharger(i, -1) {
			us = append(us, i)
		}
	}
	return us
}

// fearedCharger reports whether unit i touches a charging enemy it fears
// (other than skip).
func (cc *Combat) fearedCharger(i, skip int) bool {
	me := &cc.Units[i]
	for _, ct := range me.Contacts {
		foe := &cc.Units[ct.Enemy]
		if ct.Enemy != skip && foe.Charged && me.fears(&foe.Fighter) {
			return true
		}
	}
	return false
}

// testsWhenCharged reports whether unit i may take the Fear test of a unit
// charged by a Fear-causer, and so may hit only on 6s.
func (f *Fight) testsWhenCharged(i int) bool {
	return i == f.chargedTest || slices.Contains(f.chargedFears, i)
}

// sixesVariant is the variant of attack a at tg for a unit that hits only
// on 6s: the to-hit roll needs a 6 whatever the Weapon Skills; its
// re-rolls stay as fear_sixes_rerolled says.
func (f *Fight) sixesVariant(a Attack, tg Target, maxN int) *variant {
	a.Rules.Flaming = a.Rules.Flaming && f.rs.burns(tg.Defence)
	st := newStages(f.rs, a, tg)
	st.hit.Need = 6
	if !f.rs.FearSixesRerolled {
		st.hit.Reroll, st.hit.RerollFail = 0, false
	}
	return f.variantOf(st, a.Rules, maxN)
}

// charge takes the Fear tests of the charge, before the first round: the
// charger's test to charge (a failure leaves t fighting f.noCharge), then
// the charged unit's. It reports whether the charged unit fled, and if so
// whether the charger caught it (pursuit at least the flee roll, as after
// a break test).
func (t *fightTrial) charge(d *engine.Dice, r *engine.TrialResult) (fled, caught bool) {
	f := t.f
	if c := f.chargeTest; c >= 0 {
		made := t.fearTest(d, c)
		r.Events[f.chargeEvent] = made
		if !made {
			t.f = f.noCharge
			return false, false
		}
	}
	c := f.chargedTest
	if c < 0 || t.fearTest(d, c) {
		return false, false
	}
	if ch := f.sides[c].enemy; t.unitStrength(c) < t.unitStrength(ch) { // the charger: in a fight of two, the other unit
		return true, t.caught(d, ch, c)
	}
	t.st[c][0].sixes = true
	return false, false
}

// noChargeOf is a fight of several units cc after every unit of the
// charging army failed its test to charge: no charger, each one's
// contacts front to front, and no reaction (Fight.noCharge).
func noChargeOf(cc Combat) Combat {
	cc.Units = slices.Clone(cc.Units)
	for i := range cc.Units {
		u := &cc.Units[i]
		u.Reaction = Hold
		if !u.Charged {
			continue
		}
		u.Charged, u.ChargeDistance = false, 0
		u.Contacts = slices.Clone(u.Contacts)
		for k := range u.Contacts {
			u.Contacts[k].At = Front
		}
	}
	return cc
}

// severalFears takes a fight of several units' Fear tests of the charge,
// before the reactions: each charger that tests (testsToCharge), in unit
// order, and failing does not charge (noCharge); then each unit charged
// by a Fear-causer it fears that still made its charge, in unit order,
// failing with a lower Unit Strength than the Fear-causing chargers
// touching it together ("the charging enemy") flees and is pursued, else
// hits only on 6s in the first round. It reports whether the fight is
// over: no two enemy units still touch.
func (t *fightTrial) severalFears(d *engine.Dice, r *engine.TrialResult, o *fightOutcome) bool {
	f := t.f
	var failed [MaxUnits]bool
	for k, c := range f.chargeFears {
		made := t.fearTest(d, c)
		r.Events[f.chargeFearEvents[k]] = made
		failed[c] = !made
	}
	if t.noCharge(&failed) {
		return false // front to front, no charger: nothing more to test
	}
	var flees [MaxUnits]bool
	charger := -1
	for _, u := range f.chargedFears {
		if !t.chargedByFeared(u) || t.fearTest(d, u) {
			continue
		}
		mine, theirs := t.fearStrengths(u)
		if mine < theirs {
			flees[u], o.broke[u] = true, true
			charger = 1 - f.sides[u].army
			continue
		}
		t.st[u][0].sixes = true
	}
	if charger >= 0 {
		t.pursue(d, charger, o, &flees)
		for u := range f.sides {
			if flees[u] && t.status[u] == inFight {
				t.status[u] = fled
			}
		}
	}
	t.leaveWithoutFoes()
	return t.overAtCharge(o)
}

// noCharge settles the chargers that failed their test to charge: where
// no other unit of their army stays in contact, the fight starts with no
// charger, front to front (t fights f.noCharge, and it reports true);
// otherwise each failed charger stays out of the fight
// (docs/plans/issue-30-several-units.md §2.4).
func (t *fightTrial) noCharge(failed *[MaxUnits]bool) bool {
	f := t.f
	for a := range f.armies {
		all, some := true, false
		for _, u := range f.armies[a] {
			all, some = all && failed[u], some || failed[u]
		}
		if some && all {
			t.f = f.noCharge
			return true
		}
	}
	for u := range f.sides {
		if failed[u] {
			t.status[u], t.stayedOut[u] = leftFight, true
		}
	}
	return false
}

// chargedByFeared reports whether unit u touches a charger it fears still
// in the fight (one that failed its test to charge is not).
func (t *fightTrial) chargedByFeared(u int) bool {
	me := t.f.unit(u)
	for _, ct := range me.Contacts {
		foe := t.f.unit(ct.Enemy)
		if foe.Charged && t.inCombat(ct.Enemy) && me.fears(&foe.Fighter) {
			return true
		}
	}
	return false
}

// fearStrengths are the Unit Strengths a unit u that failed its Fear test
// when charged sets against "the charging enemy": its own against the
// Fear-causing chargers touching it, together, as fear_break_compare's
// unit_vs_fear_causers reads the Fear break ([I], docs/rules.md "Charge
// reactions").
func (t *fightTrial) fearStrengths(u int) (mine, theirs int) {
	f := t.f
	for _, ct := range f.unit(u).Contacts {
		foe := f.unit(ct.Enemy)
		if foe.Charged && t.inCombat(ct.Enemy) && foe.causesFear() {
			theirs += t.unitStrength(ct.Enemy)
		}
	}
	return t.unitStrength(u), theirs
}
