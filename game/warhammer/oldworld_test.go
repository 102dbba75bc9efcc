package warhammer

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// The Old World's rules (RULES.md §4, docs/rules.md "7th edition and The
// Old World"), each checked against chances worked out by hand from the
// text: one hit or one wound through the stages, in 36ths and 216ths.

// nothing is a defence with no saves.
var nothing = Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}

// unsavedChance is the chance that one attack a, against tg under rs, ends
// unsaved (Killing Blows included), and the chance that Regeneration
// saves it.
func unsavedChance(rs *Ruleset, a Attack, tg Target) (unsaved, regenerated float64) {
	a.Count = 1
	term := newStages(rs, a, tg).flow(1).Terminal(stAttack)
	return term[stUnsaved] + term[stKBUnsaved], term[stRegenSaved]
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestOldWorldToHitChart(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		ws, target, six, tow int
		why                  string
	}{
		{5, 2, 3, 2, "WS5 against WS2: more than double, 2+ in the new column"},
		{4, 2, 3, 3, "WS4 against WS2 is exactly double: 3+"},
		{3, 2, 3, 3, "higher WS: 3+"},
		{3, 3, 4, 4, "equal: 4+"},
		{2, 5, 5, 5, "the target more than double: 5+"},
		{10, 4, 3, 2, "WS10 against WS4"},
	} {
		if got := sixth(t).ToHit(c.ws, c.target); got != c.six {
			t.Errorf("6th WS%d against WS%d: %d+, want %d+ (RULES.md §2.4)", c.ws, c.target, got, c.six)
		}
		if got := tow(t).ToHit(c.ws, c.target); got != c.tow {
			t.Errorf("tow WS%d against WS%d: %d+, want %d+ (%s; RULES.md §4)", c.ws, c.target, got, c.tow, c.why)
		}
	}
	// A natural 6 always hits (RULES.md §4): WS2 against WS5 at -2 needs
	// 7 on the chart, and hits 1 time in 6 all the same; S5 against T3
	// wounds on 2+ (5/6): 5/36.
	u, _ := unsavedChance(tow(t), Attack{Phase: CloseCombat, Skill: 2, ToHitMod: -2, S: 5, Round: 1}, Target{T: 3, W: 1, WS: 5, Models: 1, Defence: nothing})
	if !near(u, 5.0/36) {
		t.Errorf("a natural 6 at -2: %v, want 5/36", u)
	}
}

func TestOldWorldTooToughToWound(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s, tough int
		six, tow int // need, 0 for none
		why      string
	}{
		{3, 6, 6, 6, "T - S = 3: 6+ in both"},
		{3, 7, 0, 6, "T - S = 4: none in 6th, 6+ in tow"},
		{3, 8, 0, 6, "T - S = 5: 6+ in tow"},
		{3, 9, 0, 0, "S <= T - 6: too tough to wound"},
		{5, 3, 2, 2, "S5 against T3: 2+"},
	} {
		for _, p := range []struct {
			rs   *Ruleset
			want int
		}{{sixth(t), c.six}, {tow(t), c.tow}} {
			need, ok := p.rs.ToWound(c.s, c.tough)
			if !ok {
				need = 0
			}
			if need != p.want {
				t.Errorf("S%d against T%d: %d+ (ok %v), want %d+ (%s)", c.s, c.tough, need, ok, p.want, c.why)
			}
		}
	}
}

// Poisoned Attacks, WS4 against WS4 (4+ to hit) and S3 against T4 (5+ to
// wound), no saves: plus_2_to_wound wounds a natural 6 to hit on 3+, so
// 2/6·2/6 + 1/6·4/6 = 8/36; wound_automatically gives 2/6·2/6 + 1/6 =
// 10/36. Against T9 (too tough) the +2 does not help: none.
func TestOldWorldPoisoned(t *testing.T) {
	t.Parallel()
	a := Attack{Phase: CloseCombat, Skill: 4, S: 3, Round: 1, Rules: AttackRules{Poisoned: true}}
	tg := Target{T: 4, W: 1, WS: 4, Models: 1, Defence: nothing}
	if u, _ := unsavedChance(tow(t), a, tg); !near(u, 8.0/36) {
		t.Errorf("tow Poisoned: %v, want 8/36", u)
	}
	rs := tow(t)
	setOption(t, rs, "poisoned_attacks", "wound_automatically")
	if u, _ := unsavedChance(rs, a, tg); !near(u, 10.0/36) {
		t.Errorf("tow Poisoned, as first printed: %v, want 10/36", u)
	}
	tg.T = 9
	if u, _ := unsavedChance(tow(t), a, tg); u != 0 {
		t.Errorf("tow Poisoned against T9: %v, want 0 (too tough to wound)", u)
	}
}

// Armour by weapon (RULES.md §4): S6 against a 4+ armour. 6th takes 3 off
// the save (none left): every wound of the 5/6 (2+) goes through. tow
// takes nothing off a hand weapon: 5/6 · 1/2 = 5/12. A great weapon (AP 2)
// leaves 6+: 5/6 · 5/6 = 25/36. Automatic hits.
func TestOldWorldArmourPiercing(t *testing.T) {
	t.Parallel()
	tg := Target{T: 4, W: 1, WS: 4, Models: 1, Defence: Defence{Armour: 4, Ward: NoSave, Regeneration: NoSave}}
	a := Attack{Phase: CloseCombat, Skill: 4, S: 6, Round: 1, AutoHit: true}
	for _, c := range []struct {
		rs   *Ruleset
		ap   int
		want float64
		why  string
	}{
		{sixth(t), 0, 5.0 / 6, "6th: S6 takes -3"},
		{tow(t), 0, 5.0 / 12, "tow: no Strength modifier"},
		{tow(t), GreatWeapon.AP(tow(t), 2, false, false), 25.0 / 36, "tow: a great weapon's AP 2"},
		{sixth(t), GreatWeapon.AP(sixth(t), 2, false, false), 5.0 / 6, "6th: weapons have no AP"},
	} {
		a.AP = c.ap
		if u, _ := unsavedChance(c.rs, a, tg); !near(u, c.want) {
			t.Errorf("%s: %v, want %v", c.why, u, c.want)
		}
	}
	for _, c := range []struct {
		w              Weapon
		r              int
		charging, rode bool
		want           int
	}{
		{Halberd, 2, false, false, 1}, {Halberd, 1, true, false, 2}, {Flail, 1, false, false, 2}, {Flail, 2, false, false, 2},
		{MorningStar, 2, false, false, 1}, {GreatWeapon, 3, false, false, 2},
		{Lance, 1, true, true, 2}, {Lance, 1, false, true, 0}, {Lance, 2, true, true, 0},
		{Spear, 1, true, true, 1}, {Spear, 1, true, false, 0}, {HandWeapon, 1, true, false, 0},
	} {
		if got := c.w.AP(tow(t), c.r, c.charging, c.rode); got != c.want {
			t.Errorf("%v AP in round %d (charging %v, mounted %v): %d, want %d (tow.whfb.app weapons-of-war)", c.w, c.r, c.charging, c.rode, got, c.want)
		}
	}
	// Armour Bane (1): great weapons and halberds always; flails, morning
	// stars and lances against models they charged (tow.whfb.app
	// weapons-of-war). Strength +2 of a flail only when it charged.
	for _, c := range []struct {
		w              Weapon
		r              int
		charging, rode bool
		want           int
	}{
		{GreatWeapon, 2, false, false, 1}, {Halberd, 2, false, false, 1}, {Flail, 1, true, false, 1}, {Flail, 1, false, false, 0},
		{MorningStar, 1, true, false, 1}, {MorningStar, 2, true, false, 0}, {Lance, 1, true, true, 1}, {HandWeapon, 1, true, false, 0},
	} {
		if got := c.w.ArmourBane(tow(t), c.r, c.charging, c.rode); got != c.want {
			t.Errorf("%v Armour Bane in round %d (charging %v): %d, want %d", c.w, c.r, c.charging, got, c.want)
		}
		if got := c.w.ArmourBane(sixth(t), c.r, c.charging, c.rode); got != 0 {
			t.Errorf("6th %v Armour Bane: %d, want none", c.w, got)
		}
	}
	if got := Flail.Strength(tow(t), 1, false, false); got != 0 {
		t.Errorf("tow flail not charging: S+%d, want +0", got)
	}
	if got := Flail.Strength(sixth(t), 1, false, false); got != 2 {
		t.Errorf("6th flail in the first round: S+%d, want +2", got)
	}
}

// Armour Bane (1), S4 against T4 (4+) and a 4+ armour, automatic hits:
// wounds of 4 or 5 face 4+ (2/6 · 1/2), a natural 6 faces 5+ (1/6 · 4/6):
// 10/36 in all, against 9/36 without it.
func TestOldWorldArmourBane(t *testing.T) {
	t.Parallel()
	tg := Target{T: 4, W: 1, WS: 4, Models: 1, Defence: Defence{Armour: 4, Ward: NoSave, Regeneration: NoSave}}
	a := Attack{Phase: CloseCombat, Skill: 4, S: 4, Round: 1, AutoHit: true, Rules: AttackRules{ArmourBane: 1}}
	if u, _ := unsavedChance(tow(t), a, tg); !near(u, 10.0/36) {
		t.Errorf("Armour Bane (1): %v, want 10/36", u)
	}
	a.Rules.ArmourBane = 0
	if u, _ := unsavedChance(tow(t), a, tg); !near(u, 9.0/36) {
		t.Errorf("without Armour Bane: %v, want 9/36", u)
	}
}

// Regeneration as each wound is lost (tow): S4 against T4 (1/2) with no
// armour, Regeneration 4+ after the wound: 1/4 lost, 1/4 regenerated. A
// Killing Blow (the natural 6, 1/6) cannot be regenerated: of the 1/2 that
// wound, 1/6 are Killing Blows and the other 2/6 regenerate half the time:
// lost 1/6 + 1/6 = 1/3, regenerated 1/6. With a 5+ ward first: 1/2 · 2/3
// · 1/2 = 1/6 each. Flaming Attacks stop it only on a Flammable model
// (tow.whfb.app special-rules/flammable): then all 1/2 are lost.
func TestOldWorldRegenerationAfterWound(t *testing.T) {
	t.Parallel()
	tg := Target{Type: Infantry, T: 4, W: 1, WS: 4, Models: 1, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: 4}}
	a := Attack{Phase: CloseCombat, Skill: 4, S: 4, Round: 1, AutoHit: true}
	check := func(why string, a Attack, tg Target, wantU, wantR float64) {
		t.Helper()
		if u, r := unsavedChance(tow(t), a, tg); !near(u, wantU) || !near(r, wantR) {
			t.Errorf("%s: lost %v, regenerated %v; want %v and %v", why, u, r, wantU, wantR)
		}
	}
	check("plain", a, tg, 1.0/4, 1.0/4)
	kb := a
	kb.Rules.KillingBlow = true
	check("Killing Blow", kb, tg, 1.0/3, 1.0/6)
	fl := a
	fl.Rules.Flaming = true
	check("Flaming Attacks on a model that is not Flammable", fl, tg, 1.0/4, 1.0/4)
	burning := tg
	burning.Defence.Flammable = true
	check("Flaming Attacks on a Flammable model", fl, burning, 1.0/2, 0)
	ward := tg
	ward.Defence.Ward = 5
	check("a 5+ ward first", a, ward, 1.0/6, 1.0/6)
}

// Armour from equipment under tow: no mount bonus, and Parry.
func TestOldWorldArmour(t *testing.T) {
	t.Parallel()
	armourNeed := func(rs *Ruleset, phase Phase, tg Target) int {
		return newStages(rs, Attack{Phase: phase, Skill: 3, S: 3, Count: 1, Round: 1}, tg).armour.Need
	}
	// Empire Knights: plate 4+, shield, barding and a warhorse: 1+ in 6th
	// (seed 002's build-up), 2+ in tow, the warhorse adding nothing.
	knights := Target{Type: Cavalry, T: 3, W: 1, WS: 4, Models: 5, Defence: Defence{Armour: 1, Ward: NoSave, Regeneration: NoSave, Shield: true, MountBonus: 1}}
	if got := armourNeed(sixth(t), CloseCombat, knights); got != 1 {
		t.Errorf("6th knights: %d+, want 1+", got)
	}
	if got := armourNeed(tow(t), CloseCombat, knights); got != 2 {
		t.Errorf("tow knights: %d+, want 2+ (no mount bonus)", got)
	}
	// Parry: infantry with hand weapon and shield, +1 in close combat to
	// 3+ at best; not when shot at, not for a 3+ save, not for monstrous
	// infantry.
	for _, c := range []struct {
		typ     TroopType
		armour  Save
		parries bool
		phase   Phase
		want    int
	}{
		{Infantry, 5, true, CloseCombat, 4},
		{Infantry, 4, true, CloseCombat, 3},
		{Infantry, 3, true, CloseCombat, 3},
		{Infantry, 5, true, Shooting, 5},
		{Infantry, 5, false, CloseCombat, 5},
	} {
		tg := Target{Type: c.typ, T: 3, W: 1, WS: 3, Models: 10, Parries: c.parries, Defence: Defence{Armour: c.armour, Ward: NoSave, Regeneration: NoSave, Shield: true}}
		if got := armourNeed(tow(t), c.phase, tg); got != c.want {
			t.Errorf("Parry of %v with %d+ (%v, parries %v): %d+, want %d+", c.typ, c.armour, c.phase, c.parries, got, c.want)
		}
	}
	mi := foot(5, 5)
	mi.Type, mi.Defence.Shield = MonstrousInfantry, true
	if mi.target().Parries {
		t.Error("monstrous infantry parries; The Old World's Parry is for regular and heavy infantry")
	}
	inf := foot(5, 5)
	inf.Defence.Shield = true
	if !inf.target().Parries {
		t.Error("infantry with hand weapon and shield does not parry")
	}
	inf.Weapon = Spear
	if inf.target().Parries {
		t.Error("a spearman parries; Parry needs a hand weapon")
	}
}

// Strike First and Last as Initiative 10 and 1, and the charge's inches
// (RULES.md §4): an I3 unit charging 5" from the front strikes at I6 (+3
// at most), 5" from the flank at I7 (+4); a Strike First enemy strikes at
// I10 whatever its Initiative; a Strike Last charger at 1 + 3.
func TestOldWorldInitiative(t *testing.T) {
	t.Parallel()
	rs := tow(t)
	for _, c := range []struct {
		facing   Facing
		dist     int
		asf, asl bool
		charging bool
		i, want  int
	}{
		{Front, 5, false, false, true, 3, 6},
		{Flank, 5, false, false, true, 3, 7},
		{Front, 2, false, false, true, 3, 5},
		{Front, 5, true, false, false, 1, 10},
		{Front, 5, false, true, true, 5, 4},
		{Front, 5, true, true, false, 4, 4},
		{Rear, 9, false, false, true, 8, 10},
	} {
		a, b := foot(5, 5), foot(5, 5)
		a.ID, b.ID = "a", "b"
		f := newFight(t, rs, Combat{Sides: [2]Fighter{a, b}, Charger: 0, Facing: c.facing, ChargeDistance: c.dist, HighGround: -1, MaxRounds: 1})
		g := group{i: c.i, asf: c.asf, asl: c.asl}
		if got := f.initiative(&g, 0, 1, c.charging); got != c.want {
			t.Errorf("%+v: Initiative %d, want %d", c, got, c.want)
		}
		if got := f.initiative(&g, 0, 2, c.charging); c.charging && !c.asf && !c.asl && got != c.i {
			t.Errorf("%+v: Initiative %d in round 2, want %d (the charge counts in the first round)", c, got, c.i)
		}
	}
}

// The Old World's break test, die by die (RULES.md §4): Ld 8 beaten by 3.
func TestOldWorldBreakTestDice(t *testing.T) {
	t.Parallel()
	terrifying := trollsUnit()
	terrifying.CausesTerror = true
	for _, c := range []struct {
		name   string
		loser  Fighter
		winner *Fighter
		margin int
		dice   []int
		want   breakResult
	}{
		{"a natural 9 breaks", foot(5, 5), nil, 3, []int{5, 4}, breaksAndFlees},
		{"a natural 6 + 3 falls back", foot(5, 5), nil, 3, []int{3, 3}, fallsBack},
		{"a natural 8 + 3 falls back", foot(5, 5), nil, 3, []int{4, 4}, fallsBack},
		{"a natural 5 + 3 gives ground", foot(5, 5), nil, 3, []int{2, 3}, givesGround},
		{"a double 1 gives ground whatever the margin", foot(5, 5, ld(5)), nil, 10, []int{1, 1}, givesGround},
		{"a natural 12 breaks even at Ld 10", foot(5, 5, ld(10)), nil, 0, []int{6, 6}, breaksAndFlees},
		{"outnumbered more than 2:1, a fall back breaks", foot(4, 4), nil, 3, []int{3, 3}, breaksAndFlees},
		{"outnumbered 9 to 5 falls back", foot(5, 5), nil, 3, []int{3, 3}, fallsBack},
		{"Stubborn falls back in good order without a test", foot(5, 5, stubborn), nil, 3, nil, fallsBack},
		{"Stubborn falls back even outnumbered 2:1", foot(4, 4, stubborn), nil, 3, nil, fallsBack},
		{"Unbreakable gives ground", foot(5, 5, unbreakable), nil, 10, nil, givesGround},
		{"a battle standard re-rolls a break", foot(5, 5, bsb), nil, 3, []int{6, 6, 2, 2}, givesGround},
		{"it keeps a fall back", foot(5, 5, bsb), nil, 3, []int{3, 3}, fallsBack},
		{"Terror: a natural 8 breaks at Ld 7", foot(5, 5), &terrifying, 3, []int{4, 4}, breaksAndFlees},
		{"Terror: a natural 5 + 3 falls back at Ld 7", foot(5, 5), &terrifying, 3, []int{2, 3}, fallsBack},
		{"Terror: a natural 4 + 3 gives ground at Ld 7", foot(5, 5), &terrifying, 3, []int{2, 2}, givesGround},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.loser.ID = "loser"
			rs := tow(t)
			tr := breakTrial(t, rs, c.loser)
			if c.winner != nil {
				w := *c.winner
				w.ID = "winner"
				f := newFight(t, rs, Combat{Sides: [2]Fighter{c.loser, w}, Charger: -1, HighGround: -1, MaxRounds: 1})
				tr = f.NewTrialer().(*fightTrial)
				for i := range tr.st {
					tr.st[i][0].unitState = newUnitState(f.cc.Sides[i].Models, f.cc.Sides[i].Profile.W)
				}
			}
			d := engine.Scripted(c.dice...)
			if got := tr.breakOutcome(d, 0, 1, c.margin); got != c.want {
				t.Errorf("outcome %d, want %d", got, c.want)
			}
			if d.Left() != 0 {
				t.Errorf("%d scripted dice left unrolled", d.Left())
			}
		})
	}
	// The chances, counted on 2D6 by hand: at Ld 8 beaten by 3, 10/36
	// break (9 to 12), 16/36 fall back (6 to 8), 10/36 give ground; a
	// battle standard re-rolls the 10/36.
	p := threeWays(8, 3, true, false, false)
	if !near(p[breaksAndFlees], 10.0/36) || !near(p[fallsBack], 16.0/36) || !near(p[givesGround], 10.0/36) {
		t.Errorf("Ld 8 by 3: %v, want 10/36 break, 16/36 fall back, 10/36 give ground", p)
	}
	p = threeWays(8, 3, true, false, true)
	if b := 10.0 / 36; !near(p[breaksAndFlees], b*b) || !near(p[fallsBack], 16.0/36*(1+b)) {
		t.Errorf("with the re-roll: %v", p)
	}
}

// Combat result under tow (RULES.md §4), through combatCases' machinery.
var oldWorldCases = []combatCase{
	{name: "tow regular infantry: ranks of 5, at most +2", preset: "tow", a: foot(30, 5), b: foot(30, 30),
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "§4: regular infantry 5 a rank, +2 at most (5 ranks behind the first); equal Unit Strength, no Massed Infantry; Ld 8 - 2"},
	{name: "tow heavy infantry: ranks of 4", preset: "tow", a: heavy(foot(12, 4)), b: foot(12, 12),
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "§4: heavy infantry 4 a rank: two ranks behind the first, +2"},
	{name: "tow plain infantry counts as regular", preset: "tow", a: foot(12, 4), b: foot(12, 12),
		cr: [2]int{0, 0}, winner: nobody,
		source: "docs/rules.md infantry_counts_as [I]: regular, ranks of 5, so ranks of 4 count nothing"},
	{name: "tow Massed Infantry", preset: "tow", a: foot(10, 10), b: foot(5, 5),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§4: +1 to infantry of the greater Unit Strength; no outnumber bonus"},
	{name: "tow cavalry is not Massed Infantry", preset: "tow", a: cavalry(5, 5), b: foot(8, 8),
		cr: [2]int{0, 0}, winner: nobody,
		source: "§4: Massed Infantry is for infantry; knights US 10 against 8 score nothing"},
	{name: "tow heavy cavalry ranks of 4, at most +1", preset: "tow", a: cavalry(12, 4), b: foot(12, 12),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§4: cavalry counts as heavy (cavalry_counts_as [I]): ranks of 4, two behind the first but +1 at most; the foot's US 12 is the lesser, no Massed Infantry; Ld 8 - 1"},
	{name: "tow monstrous infantry ranks of 3", preset: "tow", a: trolls(6, 3), b: trolls(6, 6),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 3,
		source: "§4: monstrous infantry 3 a rank: +1; Trolls' Ld 4 - 1"},
	{name: "tow standard and battle standard +2", preset: "tow", a: foot(5, 5, standard, bsb), b: foot(5, 5),
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "§4: Standard +1; Battle Standard +1"},
	{name: "tow high ground +1", preset: "tow", a: foot(5, 5), b: foot(5, 5), high: sideB,
		cr: [2]int{0, 1}, winner: sideB, test: rollsTest, target: 7,
		source: "§4: High ground +1"},
	{name: "tow disrupted: a flank charge of US 5 takes the ranks", preset: "tow", a: foot(5, 5), b: foot(15, 5), charger: sideA, facing: Flank,
		cr: [2]int{1, 1}, winner: nobody,
		source: "§4 Disrupted: engaged in the flank by US 5, no rank bonus; A flank +1; B Massed Infantry +1 (15 against 5)"},
	{name: "tow no charge bonus", preset: "tow", a: foot(5, 5), b: foot(5, 5), charger: sideA, facing: Front,
		cr: [2]int{0, 0}, winner: nobody,
		source: "§4's combat result has no charge bonus"},
}

// heavy makes f heavy infantry.
func heavy(f Fighter) Fighter { f.Weight = Heavy; return f }

func TestOldWorldCombatResult(t *testing.T) {
	t.Parallel()
	runCombatCases(t, oldWorldCases)
}

// Unit Strength under tow: light chariots 3, heavy 5 (RULES.md §4); 6th's
// chariot 4.
func TestOldWorldUnitStrength(t *testing.T) {
	t.Parallel()
	ch := Fighter{Type: Chariot, Profile: Profile{W: 4}}
	if got := ch.unitStrength(sixth(t)); got != 4 {
		t.Errorf("6th chariot: %d, want 4", got)
	}
	if got := ch.unitStrength(tow(t)); got != 5 {
		t.Errorf("tow plain chariot: %d, want 5 (heavy)", got)
	}
	ch.Weight = Light
	if got := ch.unitStrength(tow(t)); got != 3 {
		t.Errorf("tow light chariot: %d, want 3", got)
	}
}

// The Old World's to-hit chart, cell by cell as tow.whfb.app
// the-combat-phase/roll-to-hit-combat prints it (rows the attacker's WS,
// columns the target's).
func TestOldWorldToHitChartCells(t *testing.T) {
	t.Parallel()
	chart := [10]string{
		"4455555555", "3444555555", "2344445555", "2334444455", "2233444444",
		"2233344444", "2223334444", "2223333444", "2222333344", "2222333334",
	}
	rs := tow(t)
	for a, row := range chart {
		for b, c := range row {
			if got, want := rs.ToHit(a+1, b+1), int(c-'0'); got != want {
				t.Errorf("WS%d against WS%d: %d+, the chart says %d+", a+1, b+1, got, want)
			}
		}
	}
}

// The armour cap (tow.whfb.app weapons-of-war/maximum-armour-value):
// infantry and cavalry no better than 2+, monsters and chariots 3+; 6th
// keeps a 1+ against Strength modifiers (seed 002).
func TestOldWorldArmourCap(t *testing.T) {
	t.Parallel()
	need := func(rs *Ruleset, typ TroopType, armour Save) int {
		tg := Target{Type: typ, T: 4, W: 1, WS: 3, Models: 1, Defence: Defence{Armour: armour, Ward: NoSave, Regeneration: NoSave}}
		return newStages(rs, Attack{Phase: CloseCombat, Skill: 3, S: 3, Count: 1, Round: 1}, tg).armour.Need
	}
	for _, c := range []struct {
		rs     *Ruleset
		typ    TroopType
		armour Save
		want   int
	}{
		{tow(t), Cavalry, 1, 2}, {tow(t), Infantry, 0, 2}, {tow(t), Monster, 2, 3}, {tow(t), Chariot, 1, 3},
		{tow(t), Infantry, 4, 4}, {sixth(t), Cavalry, 1, 1},
	} {
		if got := need(c.rs, c.typ, c.armour); got != c.want {
			t.Errorf("%v with %d+: %d+, want %d+", c.typ, c.armour, got, c.want)
		}
	}
}

// Press of Battle (tow.whfb.app troop-types-in-detail/press-of-battle):
// ten infantry five wide, A2, strike with the front five (10 attacks) and
// one attack from each of the second rank (5), but in the round they
// charged only the front. Under 6th, 10 in every round.
func TestOldWorldPressOfBattle(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		preset         string
		charger, round int
		want           int
	}{
		{"tow", -1, 1, 15}, {"tow", 0, 1, 10}, {"tow", 0, 2, 15}, {"6th", -1, 1, 10},
	} {
		a, b := foot(10, 5), foot(10, 5)
		a.ID, b.ID, a.Profile.A = "a", "b", 2
		f := newFight(t, &named(t, c.preset).Values, Combat{Sides: [2]Fighter{a, b}, Charger: c.charger, HighGround: -1, MaxRounds: 2})
		tr := f.NewTrialer().(*fightTrial)
		tr.begin()
		for i := range tr.st {
			tr.st[i][0].startRound()
		}
		n := 0
		for j := range f.sides[0].groups {
			k, _ := tr.attacks(0, &f.sides[0].groups[j], c.round)
			n += k
		}
		if n != c.want {
			t.Errorf("%s, charger %d, round %d: %d attacks, want %d", c.preset, c.charger, c.round, n, c.want)
		}
	}
}

// Steady in the Ranks (tow.whfb.app troop-types-in-detail/heavy-infantry):
// heavy infantry lose their ranks to a flank charge only from Unit
// Strength 10; Fear (special-rules/fear) only from a Fear-causer of higher
// Unit Strength.
func TestOldWorldSteadyAndFear(t *testing.T) {
	t.Parallel()
	rs := tow(t)
	for _, c := range []struct {
		charger int
		def     Fighter
		want    bool
	}{
		{5, foot(15, 5), true}, {5, heavy(foot(15, 5)), false}, {10, heavy(foot(15, 5)), true},
	} {
		a := foot(c.charger, c.charger)
		a.ID, c.def.ID = "a", "b"
		f := newFight(t, rs, Combat{Sides: [2]Fighter{a, c.def}, Charger: 0, Facing: Flank, HighGround: -1, MaxRounds: 1})
		tr := f.NewTrialer().(*fightTrial)
		tr.begin()
		if got := tr.disrupted(1); got != c.want {
			t.Errorf("US %d on the flank of %v infantry: disrupted %v, want %v", c.charger, weightName(rs.weightOf(c.def.Type, c.def.Weight)), got, c.want)
		}
	}
	// Ten men against three Trolls (US 9) test no Fear; eight do (the
	// scripted 6, 6 fails the test, which the round start rolls).
	for _, c := range []struct {
		models int
		dice   []int
		feared bool
	}{{10, nil, false}, {8, []int{6, 6}, true}} {
		a := foot(c.models, c.models)
		a.ID = "men"
		f := newFight(t, rs, Combat{Sides: [2]Fighter{a, trolls(3, 3)}, Charger: -1, HighGround: -1, MaxRounds: 1})
		tr := f.NewTrialer().(*fightTrial)
		tr.begin()
		d := engine.Scripted(c.dice...)
		for i := range tr.st {
			tr.st[i][0].startRound()
		}
		tr.fearTests(d)
		if got := tr.st[0][0].feared; got != c.feared || d.Left() != 0 {
			t.Errorf("%d men against 3 Trolls: feared %v (%d dice left), want %v", c.models, got, d.Left(), c.feared)
		}
	}
}

// Regeneration as each wound is lost keeps Trolls standing in a whole
// fight (found by the bench reference: the fight once never rolled it).
// One round of five Knights' lances, S5 AP 2, against three Trolls: each
// blow hits on 3+ and wounds on 3+, 4/9 wound; with Regeneration 4+ half
// of those are recovered, so the Trolls lose 5 · 4/9 · 1/2 = 10/9 wounds
// on average, against 20/9 without Regeneration (the Trolls strike at I1,
// after the Knights, and nothing regenerates their wounds later).
func TestOldWorldRegenerationInAFight(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		regen Save
		want  float64
	}{{4, 10.0 / 9}, {NoSave, 20.0 / 9}} {
		tr := trollsUnit()
		tr.Defence.Regeneration = c.regen
		kn := empireKnights()
		kn.Mount = nil
		f := newFight(t, tow(t), Combat{Sides: [2]Fighter{kn, tr}, Charger: 0, HighGround: -1, MaxRounds: 1})
		ex, err := f.Exact()
		if err != nil {
			t.Fatal(err)
		}
		mean := 0.0
		for k, p := range ex.PMF[fmWounds1] {
			mean += float64(k) * p
		}
		if !near(mean, c.want) {
			t.Errorf("Regeneration %d+: the Trolls lose %v wounds on average, want %v", c.regen, mean, c.want)
		}
	}
}

// A charge distance or weight out of range is refused, not fought.
func TestOldWorldBadValues(t *testing.T) {
	t.Parallel()
	a, b := foot(5, 5), foot(5, 5)
	a.ID, b.ID = "a", "b"
	for _, d := range []int{-1, 31} {
		if _, err := NewFight(tow(t), Combat{Sides: [2]Fighter{a, b}, Charger: 0, ChargeDistance: d, HighGround: -1, MaxRounds: 1}); err == nil {
			t.Errorf("charge distance %d accepted", d)
		}
	}
	a.Weight = Heavy + 1
	if _, err := NewFight(tow(t), Combat{Sides: [2]Fighter{a, b}, Charger: -1, HighGround: -1, MaxRounds: 1}); err == nil {
		t.Error("a weight beyond heavy accepted")
	}
}

// Swiftstride: "before making a ... Flee or Pursuit roll, may choose to
// apply a +D6 modifier to the result" (tow.whfb.app special-rules/
// swiftstride). Cavalry that flee or pursue take it: 2D6 + D6, all three
// dice counted, where 8th's Swiftstride drops the lowest of three. Dice 1,
// 2, 6: 9 under The Old World, 8 under 8th; infantry roll 2D6 either way.
func TestOldWorldSwiftstrideAddsAD6(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		rs   *Ruleset
		unit Fighter
		want int
	}{
		{"tow cavalry", tow(t), cavalry(5, 5), 9},
		{"8th cavalry", eighth(t), cavalry(5, 5), 8},
		{"tow infantry", tow(t), foot(5, 5), 3},
	} {
		a, b := c.unit, foot(5, 5)
		a.ID, b.ID = "a", "b"
		f := newFight(t, c.rs, Combat{Sides: [2]Fighter{a, b}, Charger: -1, HighGround: -1, MaxRounds: 1})
		tr := f.NewTrialer().(*fightTrial)
		if got := tr.fleeRoll(engine.Scripted(1, 2, 6), 0); got != c.want {
			t.Errorf("%s: flee roll %d from dice 1, 2, 6; want %d", c.name, got, c.want)
		}
	}
}
