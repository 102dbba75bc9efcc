package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// Issue 30, step 6: hand-made combats of several units with characters,
// lone characters and challenges across units, fought by the engine and
// by the reference (TestMeleeAgreement runs them with the other cases).

// footHero is a character on foot, armoured a+, with a hand weapon.
func footHero(id string, p warhammer.Profile, a warhammer.Save) warhammer.Character {
	return warhammer.Character{ID: id, Type: warhammer.Infantry, Profile: p,
		Defence: warhammer.Defence{Armour: a, Ward: warhammer.NoSave, Regeneration: warhammer.NoSave}}
}

// lone is a lone character: a unit of no rank and file and the one
// character c.
func lone(id string, c warhammer.Character) warhammer.Fighter {
	return warhammer.Fighter{ID: id, Type: c.Type, Frontage: 1, Profile: c.Profile, Defence: c.Defence, Characters: []warhammer.Character{c}}
}

// meleeCasesChars are the characters' cases, across editions.
func meleeCasesChars() []meleeCase {
	return []meleeCase{
		{name: "6th/challenge-across-units", rules: "6th", armies: [2]string{"empire", "orcs"}, units: challengeAcross(false),
			why: "the Captain's challenge is taken up by the Big Boss of the Black Orcs, not by the Boyz his unit touches first; Overkill counts for the army"},
		{name: "7th/challenge-refused-across-units", rules: "7th", armies: [2]string{"empire", "orcs"}, units: challengeAcross(true),
			why: "the Black Orcs refuse (room to hide him under place_out_of_contact): the Big Boss retires, his Leadership lost; the Captain fights the Boyz"},
		{name: "6th/character-faces-most-models", rules: "6th", set: func(rs *warhammer.Ruleset) { rs.CharacterFaces = warhammer.FacesMostModels },
			armies: [2]string{"empire", "orcs"}, units: challengeAcross(true),
			why: "character_faces most_models: the Captain faces the Black Orcs (3 models) rather than the Boyz (2)"},
		{name: "8th/lone-lord-challenges-in-the-flank", rules: "8th", armies: [2]string{"chaos", "empire"}, units: loneLordFlank,
			why: "a lone Lord in the Halberdiers' flank (lone_character_facings as_unit: +1, and no supporting ranks that way) challenges their Captain"},
		{name: "tow/lone-hero-has-no-flank", rules: "tow", armies: [2]string{"empire", "orcs"}, units: loneHeroFlanked,
			why: "Boyz in a lone hero's flank fight him as at his front (lone_character_facings none): no flank bonus, +3 Initiative at most; he tests to break on his own"},
		{name: "8th/strike-at-across-units", rules: "8th", armies: [2]string{"empire", "orcs"}, units: strikeAtAcross,
			why: "the Swordsmen's models touching the Black Orcs strike their Big Boss (in_contact 2), the Captain, facing the Boyz (listed first), strikes them though his strike_at names the Big Boss"},
		{name: "6th/champions-challenge-across-units", rules: "6th", armies: [2]string{"empire", "boyz"}, units: championsHammer(true),
			why: "the Halberdiers' champion challenges, the Boyz' accepts; the Knights in the flank; champions as characters, the overflow on them"},
		{name: "8th/champions-fold", rules: "8th", armies: [2]string{"empire", "boyz"}, units: championsHammer(false),
			why: "no challenge: the engine folds each champion into his unit's blows, the reference strikes with him as a character; the wounds left over fall on him"},
		{name: "6th/characters-fight-on", rules: "6th", armies: [2]string{"warriors", "alliance"}, units: charactersFightOn,
			why: "the rank and file of a small unit fall, and the blows at it fall on its character, who fights on as a unit"},
	}
}

// challengeAcross: Empire Swordsmen (15, 5 wide, 5+) led by a Captain
// (WS5 S4 T4 W2 I5 A3, 4+) who always challenges touch Orc Boyz (20, 5
// wide) with 2 models and Black Orcs (15, 5 wide, 4+) with their Big Boss
// (WS5 S5 T5 W2 I3 A3, 4+) with 3; refuse: the Black Orcs refuse.
func challengeAcross(refuse bool) func() []warhammer.Engaged {
	return func() []warhammer.Engaged {
		sw := armoured(infantry("swordsmen", 15, 5), 5)
		sw.Profile.WS, sw.Profile.I = 4, 4
		sw.Characters = []warhammer.Character{footHero("captain", warhammer.Profile{M: 4, WS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}, 4)}
		sw.Challenge.Issue = warhammer.IssueAlways
		boyz := armoured(infantry("boyz", 20, 5), 6)
		boyz.Profile.T, boyz.Profile.I = 4, 2
		bo := armoured(infantry("blackorcs", 15, 5), 4)
		bo.Profile.WS, bo.Profile.S, bo.Profile.T, bo.Profile.I, bo.Profile.Ld = 4, 4, 4, 2, 8
		bo.Characters = []warhammer.Character{footHero("bigboss", warhammer.Profile{M: 4, WS: 5, S: 5, T: 5, W: 2, I: 3, A: 3, Ld: 9}, 4)}
		bo.Challenge.Refuse = refuse
		return []warhammer.Engaged{
			engaged(sw, 0, false, touch(1, warhammer.Front, 2), touch(2, warhammer.Front, 3)),
			engaged(boyz, 1, false, touch(0, warhammer.Front, 5)),
			engaged(bo, 1, false, touch(0, warhammer.Front, 5)),
		}
	}
}

// loneLordFlank: 12 Chaos Warriors (4 wide, WS5 S4 T4 I5, 4+) hold 20
// Halberdiers (5 wide, a Captain among them) in front; a lone Chaos Lord
// (WS8 S5 T5 W3 I8 A5, 3+), who always challenges, charged their flank.
func loneLordFlank() []warhammer.Engaged {
	w := armoured(infantry("warriors", 12, 4), 4)
	w.Profile = warhammer.Profile{M: 4, WS: 5, S: 4, T: 4, W: 1, I: 5, A: 1, Ld: 8}
	lord := lone("lord", footHero("lord", warhammer.Profile{M: 4, WS: 8, S: 5, T: 5, W: 3, I: 8, A: 5, Ld: 9}, 3))
	lord.Challenge.Issue = warhammer.IssueAlways
	halb := armoured(infantry("halberdiers", 20, 5), 6)
	halb.Weapon = warhammer.Halberd
	halb.Characters = []warhammer.Character{footHero("captain", warhammer.Profile{M: 4, WS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}, 4)}
	return []warhammer.Engaged{
		engaged(w, 0, false, touch(2, warhammer.Front, 4)),
		engaged(lord, 0, true, touch(2, warhammer.Flank, 1)),
		engaged(halb, 1, false, touch(0, warhammer.Front, 5), touch(1, warhammer.Front, 1)),
	}
}

// loneHeroFlanked: a lone Empire Captain (WS5 S4 T4 W2 I5 A3, 4+) and 15
// Swordsmen (5 wide) hold 20 Orc Boyz, which charged with 3 models on the
// Swordsmen's front and 2 on the Captain's flank.
func loneHeroFlanked() []warhammer.Engaged {
	capt := lone("captain", footHero("captain", warhammer.Profile{M: 4, WS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}, 4))
	sw := armoured(infantry("swordsmen", 15, 5), 5)
	sw.Profile.WS, sw.Profile.I = 4, 4
	boyz := armoured(infantry("boyz", 20, 5), 6)
	boyz.Profile.T, boyz.Profile.I = 4, 2
	return []warhammer.Engaged{
		engaged(capt, 0, false, touch(2, warhammer.Front, 1)),
		engaged(sw, 0, false, touch(2, warhammer.Front, 5)),
		engaged(boyz, 1, true, touch(0, warhammer.Flank, 2), touch(1, warhammer.Front, 3)),
	}
}

// charactersFightOn: 16 Chaos Warriors (4 wide, WS5 S4 T4 I5, 4+) fight
// 4 Militia (4 wide) led by a Sergeant (WS4 S4 T4 W2 I4 A2) and 15
// Spearmen (5 wide), 4 Warriors on each.
func charactersFightOn() []warhammer.Engaged {
	w := armoured(infantry("warriors", 16, 4), 4)
	w.Profile = warhammer.Profile{M: 4, WS: 5, S: 4, T: 4, W: 1, I: 5, A: 1, Ld: 8}
	mil := infantry("militia", 4, 5)
	mil.Characters = []warhammer.Character{footHero("sergeant", warhammer.Profile{M: 4, WS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 8}, warhammer.NoSave)}
	sp := armoured(infantry("spearmen", 15, 5), 5)
	sp.Weapon = warhammer.Spear
	return []warhammer.Engaged{
		engaged(w, 0, true, touch(1, warhammer.Front, 4), touch(2, warhammer.Front, 4)),
		engaged(mil, 1, false, touch(0, warhammer.Front, 4)),
		engaged(sp, 1, false, touch(0, warhammer.Front, 5)),
	}
}

// strikeAtAcross is challengeAcross with no challenge, the Swordsmen and
// their Captain striking at the Big Boss, two of them in contact with him.
func strikeAtAcross() []warhammer.Engaged {
	us := challengeAcross(false)()
	us[0].Challenge.Issue, us[0].StrikeAt, us[0].Characters[0].StrikeAt = warhammer.IssueNever, "bigboss", "bigboss"
	us[2].Characters[0].InContact = 2
	return us
}

// withChampion is f with a champion: one of its models, with one more
// Attack, equipped as they are (docs/rules.md, Champion).
func withChampion(f warhammer.Fighter) warhammer.Fighter {
	p := f.Profile
	p.A++
	f.Characters = append(f.Characters, warhammer.Character{ID: "champion", Champion: true, Type: f.Type, Profile: p,
		Defence: f.Defence, Weapon: f.Weapon, Mounted: f.Mounted, Rules: f.Rules})
	return f
}

// championsHammer is hammerAndAnvil's flank charge with a champion in
// the Halberdiers and one in the Boyz; challenge: the Halberdiers always
// challenge.
func championsHammer(challenge bool) func() []warhammer.Engaged {
	return func() []warhammer.Engaged {
		us := hammerAndAnvil(warhammer.Flank)()
		us[0].Fighter, us[2].Fighter = withChampion(us[0].Fighter), withChampion(us[2].Fighter)
		if challenge {
			us[0].Challenge.Issue = warhammer.IssueAlways
		}
		return us
	}
}
