package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// The 8th and The Old World families' hand-made combats of several units
// (issue 30's Checks: at least eight a family), run by TestMeleeAgreement
// with the 6th/7th ones.

// meleeCases8th are 8th-edition combats (docs/rules.md, "Several units in
// one combat", the rows marked 8th).
func meleeCases8th() []meleeCase {
	return []meleeCase{
		{name: "8th/supporting-attacks-split", rules: "8th", armies: [2]string{"orcs", "empire"}, units: twoInOneFront,
			why: "a 10-wide horde of Orcs: two supporting ranks, each split 5 and 5 behind its two front contacts; the spears' rank",
		},
		{name: "8th/steadfast-against-the-deepest", rules: "8th", armies: [2]string{"empire", "boyz"}, units: steadfastBoyz,
			why: "the Boyz (5 ranks) are Steadfast against the Halberdiers (4) and the Knights (1) until they lose ranks; Knights of one rank do not disrupt them"},
		{name: "8th/disrupted-by-two-ranks", rules: "8th", armies: [2]string{"empire", "boyz"}, units: twoRankFlanker,
			why: "10 Swordsmen, two ranks of 5, in the Boyz' flank take their rank bonus; the Boyz stay Steadfast"},
		{name: "8th/fear-ws1-per-unit", rules: "8th", armies: [2]string{"wights", "empire"}, units: fearPerUnit,
			why: "each Empire unit touching the Wights tests Fear every round, failing at WS 1 (and hit against WS 1)"},
		{name: "8th/stomp-per-contact", rules: "8th", armies: [2]string{"ogres", "empire"}, units: stompCase,
			why: "Ogres (monstrous infantry) stomp each infantry unit they touch, with their models in contact with it"},
		{name: "8th/charge-bonus-per-unit", rules: "8th", armies: [2]string{"empire", "orcs"}, units: pursuitCase,
			why: "two chargers: +1 each (charge_bonus_count per_charging_unit); one_each_largest pursuit; no Panic"},
		{name: "8th/charge-bonus-once", rules: "8th", set: func(rs *warhammer.Ruleset) { rs.ChargeBonusCount = warhammer.ChargeBonusOnce },
			armies: [2]string{"empire", "orcs"}, units: pursuitCase, why: "charge_bonus_count once_per_side"},
		{name: "8th/battle-standard-per-unit", rules: "8th", armies: [2]string{"empire", "boyz"}, units: standardsEverywhereFight,
			why: "one standard's +1 and the battle standard +1 more; its re-roll of a break test in its own unit only; Insane Courage"},
		{name: "8th/no-panic-in-combat", rules: "8th", armies: [2]string{"blackorcs", "goblins"}, units: panicCase,
			why: "friend_breaks_panic none: the second Goblin unit fights on when the first breaks"},
	}
}

// meleeCasesTOW are The Old World's combats (docs/rules.md, "Several
// units in one combat", the rows marked tow).
func meleeCasesTOW() []meleeCase {
	return []meleeCase{
		{name: "tow/three-way-per-unit", rules: "tow", armies: [2]string{"warriors", "alliance"}, units: oneWinnerTwoLosers,
			why: "each loser takes the three-way test; the Stubborn Dwarfs fall back without one while the Militia may break"},
		{name: "tow/massed-infantry-by-army", rules: "tow", armies: [2]string{"empire", "boyz"}, units: hammerAndAnvil(warhammer.Flank),
			why: "Massed Infantry +1 by the armies' Unit Strengths added; the Stubborn Boyz fall back; the Knights disrupt (US 10)"},
		{name: "tow/terror", rules: "tow", armies: [2]string{"wights", "empire"}, units: terrorCase,
			why: "the losers test at Ld -1 while the Terror-causing Wights win; Fear -1 to hit only of the smaller unit"},
		{name: "tow/fear-minus-1-per-unit", rules: "tow", armies: [2]string{"wights", "empire"}, units: fearPerUnit,
			why: "only the Levy (US 6 < 10) fear the Wights and hit them at -1; the Guards (US 15) do not test"},
		{name: "tow/press-of-battle", rules: "tow", armies: [2]string{"orcs", "empire"}, units: twoInOneFront,
			why: "Press of Battle behind each front contact, not for the charging Orcs in round 1; the spears a rank more"},
		{name: "tow/flanker-initiative", rules: "tow", armies: [2]string{"empire", "boyz"}, units: flankerInitiative,
			why: "charge_initiative: the Swordsmen in the flank +4 (7\"), the Halberdiers in the front +3"},
		{name: "tow/steady-heavy-infantry", rules: "tow", armies: [2]string{"empire", "boyz"}, units: heavyBoyz,
			why: "heavy infantry Boyz keep their ranks against 4 Knights (US 8) in the flank: Steady in the Ranks needs 10"},
		{name: "tow/stubborn-falls-back-rear", rules: "tow", armies: [2]string{"empire", "boyz"}, units: hammerAndAnvil(warhammer.Rear),
			why: "the Stubborn Boyz fall back in good order without a test, not pursued"},
		{name: "tow/pursuit-one-each-largest", rules: "tow", armies: [2]string{"empire", "orcs"}, units: pursuitCase,
			why: "a winner touching two fleeing units chases the one of highest Unit Strength; twice the Unit Strength breaks"},
	}
}

// steadfastBoyz is hammer-and-anvil's flank charge with Boyz that are not
// Stubborn, so that Steadfast decides their tests.
func steadfastBoyz() []warhammer.Engaged {
	us := hammerAndAnvil(warhammer.Flank)()
	us[2].Stubborn = false
	return us
}

// twoRankFlanker: steadfastBoyz with 10 Swordsmen (5 wide, two ranks) for
// the Knights in the Boyz' flank, 3 of them touching.
func twoRankFlanker() []warhammer.Engaged {
	us := steadfastBoyz()
	sw := armoured(infantry("swordsmen", 10, 5), 5)
	sw.Profile.WS, sw.Profile.I = 4, 4
	us[1] = engaged(sw, 0, true, touch(2, warhammer.Flank, 3))
	return us
}

// stompCase: 6 Ogres (monstrous infantry, 3 wide, W3 S4 T4 A3) fight 20
// Spearmen with 2 models and 10 Swordsmen with 1.
func stompCase() []warhammer.Engaged {
	og := armoured(infantry("ogres", 6, 3), 5)
	og.Type, og.Profile = warhammer.MonstrousInfantry, warhammer.Profile{M: 6, WS: 3, S: 4, T: 4, W: 3, I: 2, A: 3, Ld: 7}
	sp := armoured(infantry("spearmen", 20, 5), 5)
	sp.Weapon = warhammer.Spear
	sw := armoured(infantry("swordsmen", 10, 5), 5)
	sw.Profile.WS, sw.Profile.I = 4, 4
	return []warhammer.Engaged{
		engaged(og, 0, true, touch(1, warhammer.Front, 2), touch(2, warhammer.Front, 1)),
		engaged(sp, 1, false, touch(0, warhammer.Front, 2)),
		engaged(sw, 1, false, touch(0, warhammer.Front, 2)),
	}
}

// terrorCase is fearPerUnit with Wights that cause Terror.
func terrorCase() []warhammer.Engaged {
	us := fearPerUnit()
	us[0].CausesTerror = true
	return us
}

// flankerInitiative: steadfastBoyz with 10 Swordsmen (WS4 I3) charging
// the Boyz' flank 7" and the Halberdiers charging their front 5".
func flankerInitiative() []warhammer.Engaged {
	us := twoRankFlanker()
	us[1].Profile.I = 3
	us[0].Charged, us[0].ChargeDistance, us[1].ChargeDistance = true, 5, 7
	return us
}

// heavyBoyz: hammer-and-anvil's flank charge, the Boyz heavy infantry and
// not Stubborn, 4 Knights (US 8) in their flank.
func heavyBoyz() []warhammer.Engaged {
	us := steadfastBoyz()
	us[2].Weight = warhammer.Heavy
	us[1].Models, us[1].Frontage = 4, 4
	return us
}
