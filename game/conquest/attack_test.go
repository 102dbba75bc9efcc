package conquest

import (
	"testing"

	"github.com/wargamesim/sim/engine"
)

// perStandTarget is a regiment of one-model stands, valid under both
// stand profiles.
func perStandTarget() Regiment {
	r := householdKnights()
	r.ID = "target"
	return r
}

func attackerOf(t *testing.T, rs *Ruleset, a, b Regiment, eng Engagement, flanked bool) *attacker {
	t.Helper()
	for _, r := range []Regiment{a, b} {
		if err := r.check(rs); err != nil {
			t.Fatal(err)
		}
	}
	return newAttacker(rs, newUnit(rs, &a), newUnit(rs, &b), eng, flanked, eng.Melee && eng.Facing != Front)
}

// Strikes (RULES.md §7.3): Attacks × models for each engaged stand, one
// Support Strike (Support X: X) for each other, Fury per engaged stand.
func TestStrikes(t *testing.T) {
	t.Parallel()
	six := menAtArms()
	six.Stands = 6
	guard6 := householdGuard()
	guard6.Stands = 6
	fury := menAtArms()
	fury.Rules.Fury = 1
	maa2 := menAtArms()
	maa2.Profile.A, maa2.Profile.W, maa2.Models, maa2.Rules.Support = 4, 4, 1, 2
	for _, c := range []struct {
		name    string
		rules   []string
		reg     Regiment
		lost    int // models lost first
		flanked bool
		want    int
	}{
		{"3 stands of 4, all engaged", nil, menAtArms(), 0, false, 12},
		{"RULES.md §7.10: 3 engaged, 3 support", nil, six, 0, false, 15},
		{"Support 2", nil, guard6, 0, false, 18},
		{"the incomplete stand strikes when every stand is engaged", nil, menAtArms(), 5, false, 7},
		{"casualties come off the rear: the engaged stands stay full", nil, six, 3, false, 15},
		{"Fury: +1 per engaged stand", nil, fury, 0, false, 15},
		{"2.0: per stand, Support 2", []string{"stand_profile", "per_stand"}, func() Regiment { r := maa2; r.Stands = 5; return r }(), 0, false, 16},
		{"2.0: Support lost in the flank", []string{"stand_profile", "per_stand", "support_lost_flank_rear", "yes"},
			func() Regiment { r := maa2; r.Stands = 5; return r }(), 0, true, 14},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := set(t, v15(t), c.rules...)
			a := attackerOf(t, rs, c.reg, perStandTarget(), Engagement{Melee: true}, c.flanked)
			if got := a.strikesOf(a.u.hMax - c.lost*a.u.w); got != c.want {
				t.Errorf("%d strikes, want %d", got, c.want)
			}
		})
	}
	// A Character: its Attacks (and Fury) in contact, else one Support Strike.
	r := menAtArms()
	r.Rules.Fury = 1
	r.Character = &Character{Name: "lord", Profile: Profile{C: 3, A: 5, W: 4, R: 3, D: 3}, Engaged: true}
	a := attackerOf(t, v15(t), r, militia(), Engagement{}, false)
	st := a.u.start
	if got := a.charStrikes(&st); got != 6 {
		t.Errorf("an engaged character with A5 and Fury 1: %d strikes, want 6", got)
	}
	r.Character.Engaged = false
	a = attackerOf(t, v15(t), r, militia(), Engagement{}, false)
	if got := a.charStrikes(&st); got != 1 {
		t.Errorf("a character out of contact: %d strikes, want 1", got)
	}
}

// Impact attacks (conquest.md §2).
func TestImpactAttacks(t *testing.T) {
	t.Parallel()
	knights := householdKnights()
	oneEngaged := householdKnights()
	oneEngaged.Engaged = 1
	odd := householdKnights()
	odd.Profile.A = 3
	unstoppable := householdKnights()
	unstoppable.Rules.UnstoppableCharge = true
	throwers := menAtArms()
	throwers.Rules.ThrowingWeapons = true
	x := householdKnights()
	x.Rules.ImpactX = 3
	x.Engaged = 2
	for _, c := range []struct {
		name  string
		rules []string
		reg   Regiment
		lost  int // wounds lost first
		want  int
	}{
		{"medium cavalry: half of A4 per stand in contact", nil, knights, 0, 6},
		{"a stand out of contact adds 1", nil, oneEngaged, 0, 4},
		{"impact_unengaged_hits 0", []string{"impact_unengaged_hits", "0"}, oneEngaged, 0, 2},
		{"A3 rounds up (Errata v1.5)", nil, odd, 0, 6},
		{"A3 rounds down (1.03)", []string{"impact_rounding", "down"}, odd, 0, 3},
		{"Unstoppable Charge doubles", nil, unstoppable, 0, 12},
		{"infantry make none", nil, menAtArms(), 0, 0},
		{"Throwing Weapons: half of 4 models × A1 per stand", nil, throwers, 0, 6},
		{"Throwing Weapons, incomplete stand of 3 in contact", nil, throwers, 5, 4},
		{"impact_x: Impact (3) per stand in contact", []string{"impact", "impact_x"}, x, 0, 6},
		{"impact_x with impact_x_stands all", []string{"impact", "impact_x", "impact_x_stands", "all"}, x, 0, 9},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := attackerOf(t, set(t, v15(t), c.rules...), c.reg, militia(), Engagement{Melee: true}, false)
			if got := a.impactOf(a.u.hMax - c.lost); got != c.want {
				t.Errorf("%d impact attacks, want %d", got, c.want)
			}
		})
	}
}

// Shots (RULES.md §7.5; conquest.md §10).
func TestShots(t *testing.T) {
	t.Parallel()
	two := crossbowmen()
	two.Frontage = 2
	hero := crossbowmen()
	hero.Character = &Character{Name: "Chapter Mage", Profile: Profile{V: 3, C: 1, A: 2, W: 4, R: 2, D: 1}, Rules: Rules{Barrage: 3}}
	for _, c := range []struct {
		name      string
		rules     []string
		reg       Regiment
		eng       Engagement
		lost      int
		want      int
		character int
	}{
		{"Barrage 1 × 12 models", nil, crossbowmen(), Engagement{}, 0, 12, 0},
		{"a rear stand shoots once", nil, two, Engagement{}, 0, 9, 0},
		{"rear_stand_shots 0", []string{"rear_stand_shots", "0"}, two, Engagement{}, 0, 8, 0},
		{"obscured: each stand's 4 shots halved", nil, crossbowmen(), Engagement{Obscured: true}, 0, 6, 0},
		{"obscured, halve_barrage: Barrage 1 stays 1", []string{"obscured", "halve_barrage"}, crossbowmen(), Engagement{Obscured: true}, 0, 12, 0},
		{"long range counts as obscured (1.5)", nil, crossbowmen(), Engagement{LongRange: true}, 0, 6, 0},
		{"long_range_obscured no", []string{"long_range_obscured", "no"}, crossbowmen(), Engagement{LongRange: true}, 0, 12, 0},
		{"the incomplete front stand shoots with its models", nil, crossbowmen(), Engagement{}, 5, 7, 0},
		{"a character's Barrage 3", nil, hero, Engagement{}, 0, 12, 3},
		{"a character's Barrage 3 obscured", nil, hero, Engagement{Obscured: true}, 0, 6, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := attackerOf(t, set(t, v15(t), c.rules...), c.reg, militia(), c.eng, false)
			st := a.u.start
			if got, ch := a.shotsOf(a.u.hMax-c.lost), a.charShots(&st); got != c.want || ch != c.character {
				t.Errorf("%d shots and %d from the character, want %d and %d", got, ch, c.want, c.character)
			}
		})
	}
	a := attackerOf(t, preset(t, "2.0"), func() Regiment { r := crossbowmen(); r.Models = 1; return r }(), perStandTarget(), Engagement{}, false)
	if got := a.shotsOf(a.u.hMax); got != 3 {
		t.Errorf("2.0, Barrage 1 per stand: %d shots, want 3", got)
	}
}

// The defence die (conquest.md §1, §7; options evasion, shield).
func TestDefenceTarget(t *testing.T) {
	t.Parallel()
	target := func(d, e int, rules Rules) Regiment {
		r := militia()
		r.Profile.D, r.Profile.E, r.Rules = d, e, rules
		return r
	}
	for _, c := range []struct {
		name   string
		rules  []string
		kind   Kind
		atk    Rules
		tgt    Regiment
		facing Facing
		want   int // target of the defence die against an ordinary hit
	}{
		{"Defence 3", nil, Clash, Rules{}, target(3, 0, Rules{}), Front, 3},
		{"Shield to the front", nil, Clash, Rules{}, target(3, 0, Rules{Shield: true}), Front, 4},
		{"no Shield to the flank", nil, Clash, Rules{}, target(3, 0, Rules{Shield: true}), Flank, 3},
		{"Shield against Impact (1.5)", nil, Impact, Rules{}, target(3, 0, Rules{Shield: true}), Front, 4},
		{"no Shield against Impact (1.03)", []string{"shield", "volleys_and_strikes"}, Impact, Rules{}, target(3, 0, Rules{Shield: true}), Front, 3},
		{"Shield against a Volley", nil, Volley, Rules{}, target(3, 0, Rules{Shield: true}), Front, 4},
		{"Linebreaker: no Shield or Bastion in contact", nil, Clash, Rules{Linebreaker: true}, target(3, 0, Rules{Shield: true, Bastion: 1}), Front, 3},
		{"Linebreaker does nothing to a Volley", nil, Volley, Rules{Linebreaker: true}, target(3, 0, Rules{Shield: true}), Front, 4},
		{"Cleave 1", nil, Clash, Rules{Cleave: 1}, target(3, 0, Rules{}), Front, 2},
		{"Cleave does nothing to Evasion", nil, Clash, Rules{Cleave: 1}, target(3, 3, Rules{}), Front, 3},
		{"Cleave does not work on Impact", nil, Impact, Rules{Cleave: 2}, target(3, 0, Rules{}), Front, 3},
		{"clash_rules_on_impact: Cleave on Impact", []string{"clash_rules_on_impact", "yes"}, Impact, Rules{Cleave: 2}, target(3, 0, Rules{}), Front, 1},
		{"Brutal Impact 2", nil, Impact, Rules{BrutalImpact: 2}, target(3, 0, Rules{}), Front, 1},
		{"Armour Piercing 1 on a Volley", nil, Volley, Rules{ArmourPiercing: 1}, target(3, 0, Rules{}), Front, 2},
		{"Armour Piercing does nothing in a Clash", nil, Clash, Rules{ArmourPiercing: 1}, target(3, 0, Rules{}), Front, 3},
		{"Hardened 1 against Cleave 2", nil, Clash, Rules{Cleave: 2}, target(3, 0, Rules{Hardened: 1}), Front, 2},
		{"Smite: Defence 0, Evasion stands", nil, Clash, Rules{Smite: true}, target(4, 2, Rules{}), Front, 2},
		{"Smite against Evasion 0", nil, Clash, Rules{Smite: true}, target(4, 0, Rules{}), Front, 0},
		{"Cleave floors Defence at 0", nil, Clash, Rules{Cleave: 5}, target(2, 0, Rules{}), Front, 0},
		{"evasion modifiers_after_max", []string{"evasion", "modifiers_after_max"}, Clash, Rules{Cleave: 1}, target(3, 3, Rules{}), Front, 2},
		{"evasion ignored", []string{"evasion", "ignored"}, Clash, Rules{}, target(2, 4, Rules{}), Front, 2},
		{"Phalanx: +1 to the front", nil, Clash, Rules{}, target(3, 0, Rules{Phalanx: true}), Front, 4},
		{"Phalanx and Shield to the front", nil, Volley, Rules{}, target(3, 0, Rules{Phalanx: true, Shield: true}), Front, 5},
		{"no Phalanx to the flank", nil, Clash, Rules{}, target(3, 0, Rules{Phalanx: true}), Flank, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := set(t, v15(t), c.rules...)
			p := newPacket(rs, attackCtx{kind: c.kind, skill: 3, rules: c.atk, target: &c.tgt, facing: c.facing}, 10)
			if p.def.Target != c.want {
				t.Errorf("defence die against %d, want %d", p.def.Target, c.want)
			}
		})
	}
}

// To hit and wounds per failed defence: Inspired, Flurry, Parry,
// Relentless Blows, Precise Shot, Deadly Blades.
func TestHitAndWoundRules(t *testing.T) {
	t.Parallel()
	w1, w4 := militia(), householdKnights()
	parry := militia()
	parry.Rules.Parry = true
	for _, c := range []struct {
		name       string
		rules      []string
		kind       Kind
		skill      int
		atk        Rules
		tgt        Regiment
		eng        Engagement
		hit        Test
		wFail, six int
	}{
		{"Inspired: +1 (1.5)", nil, Clash, 2, Rules{}, w1, Engagement{Inspired: true}, Test{Target: 3, ZeroFails: true}, 1, 1},
		{"Inspired never helps Impact", nil, Impact, 2, Rules{}, w1, Engagement{Inspired: true}, Test{Target: 2, ZeroFails: true}, 1, 1},
		{"Inspired 2.x: Clash 4 re-rolls 6s instead", []string{"inspired", "plus_one_or_reroll_sixes"}, Clash, 4, Rules{}, w1,
			Engagement{Inspired: true}, Test{Target: 4, ZeroFails: true, Reroll: engine.Face(6)}, 1, 1},
		{"Take Aim: +1 Volley", nil, Volley, 2, Rules{}, w1, Engagement{Aimed: true}, Test{Target: 3, ZeroFails: true}, 1, 1},
		{"Flurry", nil, Clash, 2, Rules{Flurry: true}, w1, Engagement{}, Test{Target: 2, ZeroFails: true, RerollFailed: true}, 1, 1},
		{"Flurry does not work on a Volley", nil, Volley, 2, Rules{Flurry: true}, w1, Engagement{}, Test{Target: 2, ZeroFails: true}, 1, 1},
		{"Parry (1.03): hit rolls of 1 re-rolled", nil, Clash, 2, Rules{Flurry: true}, parry, Engagement{},
			Test{Target: 2, ZeroFails: true, RerollFailed: true, Reroll: engine.Face(1)}, 1, 1},
		{"Parry (2.x): no re-rolls of failed hits", []string{"parry", "no_rerolls"}, Clash, 2, Rules{Flurry: true}, parry, Engagement{},
			Test{Target: 2, ZeroFails: true}, 1, 1},
		{"Deadly Blades against W4 (1.5)", nil, Clash, 2, Rules{DeadlyBlades: true}, w4, Engagement{}, Test{Target: 2, ZeroFails: true}, 2, 2},
		{"Deadly Blades against W1 (1.5)", nil, Clash, 2, Rules{DeadlyBlades: true}, w1, Engagement{}, Test{Target: 2, ZeroFails: true}, 1, 1},
		{"Deadly Blades natural 6 (2.x)", []string{"deadly_blades", "natural_six"}, Clash, 2, Rules{DeadlyBlades: true}, w1, Engagement{},
			Test{Target: 2, ZeroFails: true}, 1, 2},
		{"Deadly Shot", nil, Volley, 2, Rules{DeadlyShot: true}, w4, Engagement{}, Test{Target: 2, ZeroFails: true}, 2, 2},
		{"Deadly Blades do nothing to a Volley", nil, Volley, 2, Rules{DeadlyBlades: true}, w4, Engagement{}, Test{Target: 2, ZeroFails: true}, 1, 1},
		{"Opportunists: failed hits re-rolled against the flank", nil, Clash, 2, Rules{Opportunists: true}, w1, Engagement{Facing: Flank},
			Test{Target: 2, ZeroFails: true, RerollFailed: true}, 1, 1},
		{"Opportunists volleying the rear", nil, Volley, 2, Rules{Opportunists: true}, w1, Engagement{Facing: Rear},
			Test{Target: 2, ZeroFails: true, RerollFailed: true}, 1, 1},
		{"Opportunists to the front: nothing", nil, Clash, 2, Rules{Opportunists: true}, w1, Engagement{}, Test{Target: 2, ZeroFails: true}, 1, 1},
		{"Opportunists on Impact: nothing", nil, Impact, 2, Rules{Opportunists: true}, w1, Engagement{Facing: Flank}, Test{Target: 2, ZeroFails: true}, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := set(t, v15(t), c.rules...)
			p := newPacket(rs, attackCtx{kind: c.kind, skill: c.skill, rules: c.atk, target: &c.tgt,
				inspired: c.eng.Inspired, aimed: c.eng.Aimed, facing: c.eng.Facing}, 10)
			if p.hit != c.hit || p.wFail != c.wFail || p.wSix != c.six {
				t.Errorf("hit %+v, wounds %d/%d; want %+v, %d/%d", p.hit, p.wFail, p.wSix, c.hit, c.wFail, c.six)
			}
		})
	}
}

// Relentless Blows and Precise Shot, die by die: a hit on a natural 1 adds
// a hit, or ignores Defence.
func TestNaturalOneHits(t *testing.T) {
	t.Parallel()
	rs := v15(t)
	tgt := militia()
	tgt.Profile.D, tgt.Profile.E, tgt.Rules = 4, 0, Rules{}
	relentless := newPacket(rs, attackCtx{kind: Clash, skill: 3, rules: Rules{RelentlessBlows: true}, target: &tgt}, 4)
	// Hits: 1 (and one more), 3, 5 (miss). Defence: 5, 5, 2 — two wounds.
	if h, w := relentless.perDie(engine.Scripted(1, 3, 5, 5, 5, 2), 3); h != 3 || w != 2 {
		t.Errorf("Relentless Blows: %d hits, %d wounds; want 3 and 2", h, w)
	}
	precise := newPacket(rs, attackCtx{kind: Volley, skill: 3, rules: Rules{PreciseShot: true}, target: &tgt}, 4)
	// Hits: 1, 2. Defence: the ordinary hit 2 (blocked); the 1 against
	// Defence 0: nothing passes, no die rolled.
	d := engine.Scripted(1, 2, 2)
	if h, w := precise.perDie(d, 2); h != 2 || w != 1 || d.Left() != 0 {
		t.Errorf("Precise Shot: %d hits, %d wounds, %d dice left; want 2, 1, 0", h, w, d.Left())
	}
}

// A Clash of 6 or more strikes with Relentless Blows under
// clash_six_relentless (2.x [S]): with Clash 6 a hit on a 1 adds a hit,
// as Relentless Blows does (scripted hit dice 1, 3: three hits; Defence
// 5, 5, 2 against D4: two wounds); Clash 5 does not (two hits, Defence 5,
// 5: two wounds, the 2 not rolled), nor Clash 6 under 1.5.
func TestClashSixRelentless(t *testing.T) {
	t.Parallel()
	tgt := militia()
	tgt.Profile.D, tgt.Profile.E, tgt.Rules = 4, 0, Rules{}
	for _, c := range []struct {
		name        string
		rules       []string
		skill       int
		hits, wound int
	}{
		{"Clash 6 under clash_six_relentless", []string{"clash_six_relentless", "yes"}, 6, 3, 2},
		{"Clash 5", []string{"clash_six_relentless", "yes"}, 5, 2, 2},
		{"Clash 6 under 1.5", nil, 6, 2, 2},
	} {
		p := newPacket(set(t, v15(t), c.rules...), attackCtx{kind: Clash, skill: c.skill, target: &tgt}, 4)
		if h, w := p.perDie(engine.Scripted(1, 3, 5, 5, 2), 2); h != c.hits || w != c.wound {
			t.Errorf("%s: %d hits, %d wounds; want %d and %d", c.name, h, w, c.hits, c.wound)
		}
	}
}

// Iron Discipline (2.x [S]): engaged in its flank, a regiment under
// support_lost_flank_rear keeps its Support 2 (five stands of one, three
// engaged: 3×4 + 2×2 = 16 Strikes, not 14), and the Morale dice it rolls
// there are not re-rolled when they pass (morale_flank_rear). Phalanx under
// phalanx_resolve adds 1 to the Resolve of Morale tests against the front.
func TestIronDisciplineAndPhalanxResolve(t *testing.T) {
	t.Parallel()
	rs := set(t, v15(t), "stand_profile", "per_stand", "support_lost_flank_rear", "yes", "morale_flank_rear", "reroll_successes", "phalanx_resolve", "yes")
	maa := menAtArms()
	maa.Profile.A, maa.Profile.W, maa.Models, maa.Rules.Support, maa.Stands = 4, 4, 1, 2, 5
	iron := maa
	iron.Rules.IronDiscipline = true
	for _, c := range []struct {
		reg    Regiment
		want   int
		reroll bool
	}{{maa, 14, true}, {iron, 16, false}} {
		a := attackerOf(t, rs, c.reg, perStandTarget(), Engagement{Melee: true, Facing: Flank}, true)
		if got := a.strikesOf(a.u.hMax); got != c.want {
			t.Errorf("Iron Discipline %v: %d strikes, want %d", c.reg.Rules.IronDiscipline, got, c.want)
		}
		// The Morale dice of the target, here the same regiment struck in its flank.
		b := attackerOf(t, rs, perStandTarget(), c.reg, Engagement{Melee: true, Facing: Flank}, false)
		if got := b.morale[3].RerollPassed; got != c.reroll {
			t.Errorf("Iron Discipline %v: Morale successes re-rolled %v, want %v", c.reg.Rules.IronDiscipline, got, c.reroll)
		}
	}
	phalanx := maa
	phalanx.Rules.Phalanx = true
	front := attackerOf(t, rs, perStandTarget(), phalanx, Engagement{Melee: true}, false)
	flank := attackerOf(t, rs, perStandTarget(), phalanx, Engagement{Melee: true, Facing: Flank}, false)
	if front.terrorOf(Clash) != -1 || flank.terrorOf(Clash) != 0 || front.terrorOf(Volley) != -1 {
		t.Errorf("Phalanx Resolve: front %d, flank %d, volley %d; want -1, 0, -1 (taken off the Resolve)", front.terrorOf(Clash), flank.terrorOf(Clash), front.terrorOf(Volley))
	}
}
