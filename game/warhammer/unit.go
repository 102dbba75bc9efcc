package warhammer

import "fmt"

// Profile is a model's characteristics. Every value is 0..10 (Movement and
// the rest as the army books give them).
type Profile struct {
	M, WS, BS, S, T, W, I, A, Ld int
}

// Save is an armour or ward save as the D6 score it needs: 4 is "4+".
// Armour saves better than 2+ (1+, 0+, ...) are kept as they are: they
// still fail on a natural 1 but absorb Strength modifiers (seed 002,
// "Maximum saving throw"). NoSave (7) is no save at all.
type Save int

// NoSave is the value of a save a model does not have: "7+".
const NoSave Save = 7

// Equipment is the armour a model wears and rides with, from which its
// armour save is worked out (seed 002, armour table; RULES.md §2.7.1).
type Equipment struct {
	Body    BodyArmour // light, heavy or plate armour
	Shield  bool       // +1
	Mount   MountKind  // a cavalry mount gives +1, a Cold One +2
	Barding bool       // +1 (needs a mount)
	Natural Save       // natural armour such as scaly skin (6+ or 5+), which stacks; NoSave if none
}

// BodyArmour is the armour worn.
type BodyArmour uint8

const (
	NoArmour    BodyArmour = iota
	LightArmour            // 6+
	HeavyArmour            // 5+
	PlateArmour            // 4+ (gromril, Chaos armour)
)

// MountKind is what a model rides, for its armour save.
type MountKind uint8

const (
	OnFoot       MountKind = iota
	CavalryMount           // horse, steed, wolf, boar...: +1
	ColdOne                // Cold One and similar mounts: +2 (seed 002)
)

// ArmourSave works out the armour save of e: "first look at the armour worn
// and then subtract if the model has a shield or is mounted" (seed 002). Each
// item improves the save by its bonus; natural armour X+ counts as 7-X. A
// Knight Errant's heavy armour, warhorse and barding make 3+; a Goblin on a
// wolf with nothing else has 6+ (seed 002's examples, tested).
func (e Equipment) ArmourSave() Save {
	bonus := 0
	switch e.Body {
	case LightArmour:
		bonus = 1
	case HeavyArmour:
		bonus = 2
	case PlateArmour:
		bonus = 3
	}
	if e.Shield {
		bonus++
	}
	switch e.Mount {
	case CavalryMount:
		bonus++
	case ColdOne:
		bonus += 2
	}
	if e.Barding {
		bonus++
	}
	if e.Natural != 0 && e.Natural < NoSave {
		bonus += int(NoSave - e.Natural)
	}
	if bonus == 0 {
		return NoSave
	}
	return NoSave - Save(bonus)
}

// Amount is a number of wounds that is fixed or rolled: Multiple Wounds (2),
// (D3) or (D6).
type Amount struct {
	N   int // the fixed number, when Die is 0; at least 1
	Die int // 3 for D3, 6 for D6, 0 for a fixed number
}

func (a Amount) String() string {
	if a.Die != 0 {
		return fmt.Sprintf("D%d", a.Die)
	}
	return fmt.Sprint(a.N)
}

// Max returns the largest value of a.
func (a Amount) Max() int {
	if a.Die != 0 {
		return a.Die
	}
	return max(a.N, 1)
}

// Reroll is which results of a roll are re-rolled (once).
type Reroll struct {
	Failed bool  // every failed roll
	Faces  []int // these natural results, whether they passed or failed
}

// AttackRules are the special rules of a group of attacks.
type AttackRules struct {
	Poisoned          bool   // a natural 6 to hit wounds automatically (not on 7+)
	KillingBlow       bool   // a natural 6 to wound in close combat slays outright
	HeroicKillingBlow bool   // Killing Blow against any troop type but swarms
	Flaming           bool   // Flaming Attacks: no Regeneration against them
	IgnoresArmour     bool   // no armour save
	ArmourPiercing    int    // extra armour save modifier, usually 1
	ArmourBane        int    // a natural 6 to wound worsens the armour save by this much more (The Old World)
	MultipleWounds    Amount // wounds per unsaved wound; zero value means 1
	Hatred            bool   // re-roll misses in the first round of close combat
	RerollHits        Reroll
	RerollWounds      Reroll
}

// Defence is what protects a unit's models from wounds.
type Defence struct {
	Armour       Save // armour save before Strength modifiers; NoSave if none
	Ward         Save // best ward save; NoSave if none
	Regeneration Save // Regeneration (X+); NoSave if the unit does not regenerate
	RerollArmour Reroll
	RerollWard   Reroll
	// Shield says the models carry a shield (for Parry), and MountBonus
	// how much of Armour their mount gives (for mount_armour_bonus: no),
	// where the armour comes from equipment.
	Shield     bool
	MountBonus int
	// Flammable: Flaming Attacks take its Regeneration where the ruleset
	// says only Flammable models lose it (The Old World).
	Flammable bool
}

// Target is a unit on the receiving end of attacks.
type Target struct {
	Type    TroopType
	T, W    int // Toughness and Wounds (a cavalry model uses its rider's: seed 002)
	WS      int // weapon skill, for close-combat to-hit rolls
	Models  int
	Defence Defence
	// Parries says the models may Parry where the ruleset has it: infantry
	// (not monstrous) with a hand weapon and a shield.
	Parries bool
}
