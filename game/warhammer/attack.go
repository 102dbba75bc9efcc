package warhammer

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// Phase is the phase attacks are made in.
type Phase uint8

const (
	CloseCombat Phase = iota
	Shooting
)

func (p Phase) String() string {
	if p == Shooting {
		return "shooting"
	}
	return "close_combat"
}

// Attack is a group of identical attacks made at once: the archers' ten
// arrows, or the five Knights' blows.
type Attack struct {
	Phase     Phase
	Count     int  // number of attacks or shots, 0 or more
	Skill     int  // WS in close combat, BS when shooting, 1..10
	ToHitMod  int  // sum of to-hit modifiers, negative for penalties
	S         int  // Strength of each hit, 1..10
	AP        int  // the weapon's Armour Piercing, where armour_modifier is weapon: worsens the armour save by this much
	AutoHit   bool // hits without a roll (Impact Hits, Stomp)
	AutoWound bool // wounds without a roll (never a Killing Blow: RULES.md §2.9.3)
	Round     int  // round of close combat, from 1 (Hatred works in round 1)
	Rules     AttackRules
}

// stages holds the tests an attack goes through against one target, with
// what each outcome leads to. It is the rules as data: building it is the
// only place that reads the ruleset and the special rules.
type stages struct {
	hit        engine.Test
	autoHit    bool
	poison     bool // a natural 6 to hit wounds automatically, or rolls poisonWound
	poisonPlus bool // ... rolls poisonWound (poisoned_attacks: plus_2_to_wound)
	wound      engine.Test
	poisonWnd  engine.Test // the wound roll of a Poisoned natural 6 at +2
	killing    bool        // a natural 6 to wound slays outright
	bane       bool        // a natural 6 to wound meets baneArmour (Armour Bane)
	armour     engine.Test
	baneArmour engine.Test // the armour save against a wound of a natural 6 with Armour Bane
	regen      engine.Test // Regeneration rolled as the wound is lost, after the ward (regeneration: after_wound)
	ward       engine.Test // ward save against ordinary wounds (or the Regeneration save when it is the better)
	wardIsRegn bool        // the save against ordinary wounds is Regeneration (8th)
	kbWard     engine.Test // ward save against Killing Blows
	strength   int         // Strength of the hits
	ap         int         // the weapon's Armour Piercing, or -1 where Strength worsens armour
}

// noTest is a test nothing passes: a missing save.
var noTest = engine.Test{Need: 7}

// reroll turns the rules' re-roll into the test's fields.
func (r Reroll) apply(t *engine.Test) {
	t.RerollFail = t.RerollFail || r.Failed
	t.Reroll |= engine.Face(r.Faces...)
}

// burns reports whether Flaming Attacks take Regeneration from a model
// with defence d: always (6th to 8th), or only from a Flammable one
// (regenerate_flaming_wounds: unless_flammable, The Old World).
func (rs *Ruleset) burns(d Defence) bool {
	return rs.RegenFlaming == FlamingNeverRegenerated || d.Flammable
}

// newStages works out every test of a against target under rs.
func newStages(rs *Ruleset, a Attack, tg Target) stages {
	a.Rules.Flaming = a.Rules.Flaming && rs.burns(tg.Defence)
	st := stages{strength: a.S, ap: -1}
	if rs.ArmourMod == ArmourByWeapon {
		st.ap = a.AP
	}
	st.setHit(rs, &a, &tg)
	st.setWound(rs, &a, &tg)
	d := rs.defenceAgainst(&a, &tg)
	st.setArmour(rs, &a, &d)
	st.setWard(rs, &a, &d)
	return st
}

// setHit sets the to-hit test of a against tg: automatic, by Ballistic
// Skill when shooting, else by Weapon Skill against tg's (re-rolled by
// Hatred in the first round), and whether a natural 6 poisons.
func (st *stages) setHit(rs *Ruleset, a *Attack, tg *Target) {
	switch {
	case a.AutoHit:
		st.autoHit = true
	case a.Phase == Shooting && rs.HighBSRerolls && a.Skill >= 6:
		// The one re-roll a die gets: a shooter's own re-rolls of hits
		// add none.
		st.hit = highBSHit(a.Skill, a.ToHitMod)
		a.Rules.RerollHits = Reroll{}
	case a.Phase == Shooting:
		st.hit = engine.Test{Need: ShootingToHit(a.Skill, a.ToHitMod), Nat1Fails: true, Beyond6: true}
	default:
		st.hit = engine.Test{
			Need:       rs.ToHit(a.Skill, tg.WS) - a.ToHitMod,
			Nat1Fails:  true,
			Nat6Passes: rs.SixAlwaysHits,
		}
		st.hit.RerollFail = a.Rules.Hatred && a.Round == 1
	}
	a.Rules.RerollHits.apply(&st.hit)
	// Poisoned Attacks: a natural 6 to hit (never a 7+ roll, never an
	// automatic hit) wounds automatically (RULES.md §2.9.3).
	st.poison = a.Rules.Poisoned && !a.AutoHit
}

// highBSHit is the to-hit test of a shooter of Ballistic Skill bs, 6 or
// more, under high_bs_rerolls: "it gains a re-roll should it fail to hit",
// the first roll 2+ and the re-roll 6+ (BS 6) to 2+ (BS 10), to-hit
// modifiers "only applied to the first dice roll" (tow.whfb.app
// the-shooting-phase/bs-of-6-or-higher, to-hit-modifiers). A first roll
// above 6 takes the 7+ procedure; a natural 1 always misses.
func highBSHit(bs, mod int) engine.Test {
	return engine.Test{Need: ShootingToHit(5, mod), Nat1Fails: true, Beyond6: true,
		RerollFail: true, RerollNeed: 12 - min(bs, 10)}
}

// setWound sets the to-wound tests of a against tg, Strength against
// Toughness (the poisoned 6's at +2 where the edition says so), and
// whether it strikes Killing Blows.
func (st *stages) setWound(rs *Ruleset, a *Attack, tg *Target) {
	st.poisonWnd = noTest
	if need, ok := rs.ToWound(a.S, tg.T); a.AutoWound {
		st.wound = engine.Test{Need: 1} // every face wounds
	} else if ok {
		st.wound = engine.Test{Need: need, Nat1Fails: true}
		st.poisonWnd = engine.Test{Need: max(need-2, 2), Nat1Fails: true}
	} else {
		st.wound = noTest // "N": no effect (seed 002)
	}
	a.Rules.RerollWounds.apply(&st.wound)
	a.Rules.RerollWounds.apply(&st.poisonWnd)
	// The Old World's Poisoned Attacks: the natural 6 rolls to wound at +2
	// (RULES.md §4); a hit that cannot wound still cannot.
	st.poisonPlus = st.poison && rs.Poison == PoisonPlusTwo && !a.AutoWound
	// Killing Blow: close combat only, against the troop types the edition
	// names; Heroic Killing Blow against all but swarms (RULES.md §2.9.1-2).
	st.killing = a.Phase == CloseCombat && !a.AutoWound &&
		(a.Rules.KillingBlow && rs.KillingBlowTargets.Has(tg.Type) ||
			a.Rules.HeroicKillingBlow && tg.Type != Swarm)
}

// defenceAgainst returns tg's defence against a: its armour without a
// mount's bonus where mounts add none, capped by troop type, and +1 for
// Parry in close combat.
func (rs *Ruleset) defenceAgainst(a *Attack, tg *Target) Defence {
	d := tg.Defence
	if !rs.MountArmour && d.MountBonus > 0 {
		d.Armour = min(NoSave, d.Armour+Save(d.MountBonus)) // The Old World: a mount adds nothing (RULES.md §4)
	}
	if rs.ArmourCap {
		// "Infantry or cavalry can never have an armour value better than
		// 2+. Chariot, monster or war machine ... 3+" (tow.whfb.app
		// weapons-of-war/maximum-armour-value).
		best := Save(2)
		if tg.Type == Chariot || tg.Type == Monster || tg.Type == WarMachine {
			best = 3
		}
		d.Armour = max(d.Armour, best)
	}
	if rs.Parry && a.Phase == CloseCombat && tg.Parries && d.Armour > 3 {
		d.Armour-- // Parry: +1 armour in close combat, to 3+ at best (RULES.md §4)
	}
	return d
}

// setArmour sets the armour save against a of defence d, modified by
// Strength or the weapon's Armour Piercing, and Armour Bane's save against
// a natural 6 to wound; no save where a ignores armour or d has none.
// It comes after setWound: a Killing Blow has no Armour Bane.
func (st *stages) setArmour(rs *Ruleset, a *Attack, d *Defence) {
	st.armour, st.baneArmour = noTest, noTest
	if a.Rules.IgnoresArmour || d.Armour >= NoSave {
		return
	}
	mod := ArmourModifier(a.S)
	if rs.ArmourMod == ArmourByWeapon {
		mod = a.AP // The Old World: the weapon's Armour Piercing, not Strength (RULES.md §4)
	}
	need := int(d.Armour) + mod + a.Rules.ArmourPiercing
	st.armour = engine.Test{Need: need, Nat1Fails: true}
	d.RerollArmour.apply(&st.armour)
	// Armour Bane (X): a natural 6 to wound improves the Armour
	// Piercing by X (RULES.md §4); a Killing Blow allows no armour.
	if a.Rules.ArmourBane > 0 && !st.killing {
		st.bane = true
		st.baneArmour = engine.Test{Need: need + a.Rules.ArmourBane, Nat1Fails: true}
		d.RerollArmour.apply(&st.baneArmour)
	}
}

// setWard sets the ward save of defence d against a (the one a Killing
// Blow allows), Regeneration as a save in its place (8th), and
// Regeneration as the wound is lost (The Old World).
func (st *stages) setWard(rs *Ruleset, a *Attack, d *Defence) {
	st.kbWard = noTest
	if d.Ward < NoSave {
		st.kbWard = engine.Test{Need: int(d.Ward), Nat1Fails: true}
		d.RerollWard.apply(&st.kbWard)
	}
	st.ward = st.kbWard
	// Regeneration as a save (8th) stands instead of the ward save; never
	// against Flaming Attacks or Killing Blows (RULES.md §2.7.4-5).
	if rs.Regeneration == RegenSave && d.Regeneration < NoSave && !a.Rules.Flaming {
		regen := engine.Test{Need: int(d.Regeneration), Nat1Fails: true}
		useRegen := false
		switch rs.RegenOrWard {
		case RegenOverWard:
			useRegen = true
		case RegenOrWardBetter:
			useRegen = passChance(regen) > passChance(st.ward)
		}
		if useRegen {
			st.ward, st.wardIsRegn = regen, true
		}
	}
	// Regeneration as the wound is lost (The Old World): after armour and
	// ward, never against Killing Blows or Flaming Attacks (RULES.md §4).
	st.regen = noTest
	if rs.Regeneration == RegenAfterWound && d.Regeneration < NoSave && !a.Rules.Flaming {
		st.regen = engine.Test{Need: int(d.Regeneration), Nat1Fails: true}
	}
}

func passChance(t engine.Test) float64 {
	o := t.Odds()
	return o.P(engine.Pass) + o.P(engine.PassSix)
}

// The states attacks move through. Terminal states are those never split.
const (
	stAttack = iota
	stMiss
	stHit
	stPoison // hit on a natural 6 with Poisoned Attacks
	stNoWound
	stWound
	stKB // wounded on a natural 6 with Killing Blow
	stArmourFailed
	stSaved
	stUnsaved
	stKBUnsaved
	stRegenSaved // saved by Regeneration taken as a save, or rolled as the wound is lost
	stBane       // wounded on a natural 6 with Armour Bane
	stWardFailed // failed the ward save, before Regeneration rolled as the wound is lost
	numStates
)

// flow builds the stage-by-stage flow of st for up to maxN attacks.
func (st stages) flow(maxN int) *engine.Flow {
	f := engine.NewFlow(numStates)
	if st.autoHit {
		f.Step(stAttack, []int{stHit}, []float64{1}, maxN)
	} else {
		six := stHit
		if st.poison {
			six = stPoison
		}
		f.Step(stAttack, []int{stMiss, stHit, six}, st.hit.Odds().Probs(), maxN)
	}
	six := stWound
	if st.killing {
		six = stKB
	}
	if st.bane {
		six = stBane
	}
	f.Step(stHit, []int{stNoWound, stWound, six}, st.wound.Odds().Probs(), maxN)
	if st.poisonPlus {
		f.Step(stPoison, []int{stNoWound, stWound, six}, st.poisonWnd.Odds().Probs(), maxN)
	} else {
		f.Step(stPoison, []int{stWound}, []float64{1}, maxN)
	}
	f.Step(stWound, []int{stArmourFailed, stSaved, stSaved}, st.armour.Odds().Probs(), maxN)
	f.Step(stBane, []int{stArmourFailed, stSaved, stSaved}, st.baneArmour.Odds().Probs(), maxN)
	saved, failed := stSaved, stUnsaved
	if st.wardIsRegn {
		saved = stRegenSaved
	}
	if st.regen != noTest {
		failed = stWardFailed
	}
	f.Step(stArmourFailed, []int{failed, saved, saved}, st.ward.Odds().Probs(), maxN)
	f.Step(stWardFailed, []int{stUnsaved, stRegenSaved, stRegenSaved}, st.regen.Odds().Probs(), maxN)
	f.Step(stKB, []int{stKBUnsaved, stSaved, stSaved}, st.kbWard.Odds().Probs(), maxN)
	return f
}

// rollOne resolves one attack die by die and returns its terminal state: the
// oracle path, which reads the same tests as the flow but rolls them.
func (st stages) rollOne(d *engine.Dice) int {
	if !st.autoHit {
		switch st.hit.Roll(d) {
		case engine.Fail:
			return stMiss
		case engine.PassSix:
			if st.poisonPlus {
				return st.woundRoll(d, st.poisonWnd)
			}
			if st.poison {
				return st.save(d, st.armour)
			}
		}
	}
	return st.woundRoll(d, st.wound)
}

// woundRoll rolls wound, the wound roll of one hit, and what follows it.
func (st stages) woundRoll(d *engine.Dice, wound engine.Test) int {
	switch wound.Roll(d) {
	case engine.Fail:
		return stNoWound
	case engine.PassSix:
		if st.killing {
			if st.kbWard.Roll(d) != engine.Fail {
				return stSaved
			}
			return stKBUnsaved
		}
		if st.bane {
			return st.save(d, st.baneArmour)
		}
	}
	return st.save(d, st.armour)
}

// save rolls the armour save, then the ward (or Regeneration) save, then
// Regeneration as the wound is lost, for an ordinary wound.
func (st stages) save(d *engine.Dice, armour engine.Test) int {
	if armour.Roll(d) != engine.Fail {
		return stSaved
	}
	if st.ward.Roll(d) != engine.Fail {
		if st.wardIsRegn {
			return stRegenSaved
		}
		return stSaved
	}
	if st.regen.Roll(d) != engine.Fail {
		return stRegenSaved
	}
	return stUnsaved
}

func (st stages) String() string {
	return fmt.Sprintf("hit %+v poison %v wound %+v kb %v armour %+v ward %+v (regen %v) kbWard %+v",
		st.hit, st.poison, st.wound, st.killing, st.armour, st.ward, st.wardIsRegn, st.kbWard)
}
