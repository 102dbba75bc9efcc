package warhammer

import "github.com/wargamesim/sim/engine"

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
// and the unit that tests when charged by one, under rs's fear_on_charge
// (-1: none). At most one of the two tests in a fight of two units: a unit
// that causes Fear fears no one. A fight of several units with either test
// is refused (checkSeveral).
func fearOnCharge(rs *Ruleset, cc *Combat) (charger, charged int) {
	charger, charged = -1, -1
	if !rs.FearOnCharge {
		return charger, charged
	}
	for c := range cc.Units {
		me := &cc.Units[c]
		if !me.Charged {
			continue
		}
		for _, ct := range me.Contacts {
			foe := &cc.Units[ct.Enemy]
			if me.fears(&foe.Fighter) {
				charger = c
			}
			if foe.fears(&me.Fighter) {
				charged = ct.Enemy
			}
		}
	}
	return charger, charged
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
