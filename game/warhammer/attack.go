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
	poison     bool // a natural 6 to hit wounds automatically
	wound      engine.Test
	killing    bool // a natural 6 to wound slays outright
	armour     engine.Test
	ward       engine.Test // ward save against ordinary wounds (or the Regeneration save when it is the better)
	wardIsRegn bool        // the save against ordinary wounds is Regeneration (8th)
	kbWard     engine.Test // ward save against Killing Blows
	strength   int         // Strength of the hits
}

// noTest is a test nothing passes: a missing save.
var noTest = engine.Test{Need: 7}

// reroll turns the rules' re-roll into the test's fields.
func (r Reroll) apply(t *engine.Test) {
	t.RerollFail = t.RerollFail || r.Failed
	t.Reroll |= engine.Face(r.Faces...)
}

// newStages works out every test of a against target under rs.
func newStages(rs *Ruleset, a Attack, tg Target) stages {
	st := stages{strength: a.S}
	switch {
	case a.AutoHit:
		st.autoHit = true
	case a.Phase == Shooting:
		st.hit = engine.Test{Need: ShootingToHit(a.Skill, a.ToHitMod), Nat1Fails: true, Beyond6: true}
	default:
		st.hit = engine.Test{
			Need:       CloseCombatToHit(a.Skill, tg.WS) - a.ToHitMod,
			Nat1Fails:  true,
			Nat6Passes: rs.SixAlwaysHits,
		}
		st.hit.RerollFail = a.Rules.Hatred && a.Round == 1
	}
	a.Rules.RerollHits.apply(&st.hit)
	// Poisoned Attacks: a natural 6 to hit (never a 7+ roll, never an
	// automatic hit) wounds automatically (RULES.md §2.9.3).
	st.poison = a.Rules.Poisoned && !a.AutoHit

	if need, ok := ToWound(a.S, tg.T); a.AutoWound {
		st.wound = engine.Test{Need: 1} // every face wounds
	} else if ok {
		st.wound = engine.Test{Need: need, Nat1Fails: true}
	} else {
		st.wound = noTest // "N": no effect (seed 002)
	}
	a.Rules.RerollWounds.apply(&st.wound)
	// Killing Blow: close combat only, against the troop types the edition
	// names; Heroic Killing Blow against all but swarms (RULES.md §2.9.1-2).
	st.killing = a.Phase == CloseCombat && !a.AutoWound &&
		(a.Rules.KillingBlow && rs.KillingBlowTargets.Has(tg.Type) ||
			a.Rules.HeroicKillingBlow && tg.Type != Swarm)

	d := tg.Defence
	if a.Rules.IgnoresArmour || d.Armour >= NoSave {
		st.armour = noTest
	} else {
		st.armour = engine.Test{Need: int(d.Armour) + ArmourModifier(a.S) + a.Rules.ArmourPiercing, Nat1Fails: true}
		d.RerollArmour.apply(&st.armour)
	}

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
	return st
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
	stRegenSaved // saved by Regeneration taken as a save
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
	f.Step(stHit, []int{stNoWound, stWound, six}, st.wound.Odds().Probs(), maxN)
	f.Step(stPoison, []int{stWound}, []float64{1}, maxN)
	f.Step(stWound, []int{stArmourFailed, stSaved, stSaved}, st.armour.Odds().Probs(), maxN)
	saved := stSaved
	if st.wardIsRegn {
		saved = stRegenSaved
	}
	f.Step(stArmourFailed, []int{stUnsaved, saved, saved}, st.ward.Odds().Probs(), maxN)
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
			if st.poison {
				return st.save(d, st.ward, stUnsaved)
			}
		}
	}
	switch st.wound.Roll(d) {
	case engine.Fail:
		return stNoWound
	case engine.PassSix:
		if st.killing {
			if st.kbWard.Roll(d) != engine.Fail {
				return stSaved
			}
			return stKBUnsaved
		}
	}
	return st.save(d, st.ward, stUnsaved)
}

// save rolls the armour save, then the ward (or Regeneration) save, for an
// ordinary wound.
func (st stages) save(d *engine.Dice, ward engine.Test, unsaved int) int {
	if st.armour.Roll(d) != engine.Fail {
		return stSaved
	}
	if ward.Roll(d) != engine.Fail {
		if st.wardIsRegn {
			return stRegenSaved
		}
		return stSaved
	}
	return unsaved
}

func (st stages) String() string {
	return fmt.Sprintf("hit %+v poison %v wound %+v kb %v armour %+v ward %+v (regen %v) kbWard %+v",
		st.hit, st.poison, st.wound, st.killing, st.armour, st.ward, st.wardIsRegn, st.kbWard)
}
