package conquest

import "github.com/wargamesim/sim/engine/options"

// Ruleset is an edition's rules as named options ([Options] lists them). A
// preset ([Preset]) fills every option; a scenario may then set options one
// by one ([Ruleset.Set]).
type Ruleset struct {
	Zero               ZeroRule
	Evasion            EvasionRule
	Shield             ShieldRule
	ClashRulesOnImpact bool
	Deadly             DeadlyRule
	Parry              ParryRule

	Stand                StandRule
	SupportLostFlankRear bool
	Inspired             InspiredRule
	ClashSixRelentless   bool // a Clash of 6 or more has Relentless Blows (2.x)
	AuraMorale           bool // Aura of Death's wounds cause Morale tests
	StrikeBackMorale     bool // the wounds of Counter-Attack's and Lethal Demise's hits back cause Morale tests
	LethalDemise         LethalRule
	SpellSuccesses       int // the successes a spell needs, before Scaling: 1 (1.5), 2 (2.x)
	Scaling              ScalingRule
	SpellMorale          bool // a damage spell's wounds cause a Morale test
	Duels                DuelRule
	DuelMorale           bool // a Character's wounds in a Duel cause his regiment a Morale test
	Leader               LeaderRule
	PhalanxResolve       bool // Phalanx also gives +1 Resolve against the front (2.x)
	Impact               ImpactRule
	ImpactRounding       Rounding
	ImpactUnengaged      int
	ImpactXStands        ImpactStands

	VolleyMorale      bool
	Obscured          ObscuredRule
	LongRangeObscured bool
	RearStandShots    int

	SizeCounted          SizeTime
	BrokenResolve        BrokenResolve
	ShatteredChecked     ShatterTime
	MoraleFlankRear      MoraleFlank
	Terrifying           TerrifyingRule
	CharacterStandCounts bool
	CharacterWounds      CharWounds

	RestoreCost         RestoreCost
	BrokenBlocksHealing bool
	Regeneration        RegenRule
	RegenSkipsCharacter bool
	FullRestoreStand    RestoreStand
}

// LethalRule is which wounds Lethal Demise strikes back for.
type LethalRule uint8

const (
	LethalEveryWound    LethalRule = iota // every wound it suffers in contact, whatever the cause (1.03)
	LethalFailedDefence                   // the wounds of its failed defence rolls (2.x)
)

// DuelRule is whether and how Characters duel.
type DuelRule uint8

const (
	DuelsOff          DuelRule = iota // the duel action is refused (conquest.md §8: DUEL_ENABLED = False)
	DuelsSimultaneous                 // the two Characters strike at once, each at the other's Defence
)

// ScalingRule is what Scaling does to a spell.
type ScalingRule uint8

const (
	ScalingPerThreeStands ScalingRule = iota // one more success for each three stands of the target beyond the first three
	ScalingIgnored                           // Scaling spells cast as any other
)

// LeaderRule is what a regiment's Leader does to its attacks.
type LeaderRule uint8

const (
	LeaderRerollOne LeaderRule = iota // re-roll a single failed hit roll of a Clash or Volley (1.03)
	LeaderPlusOne                     // +1 Attack (and +1 Barrage) on the command stand (2.x)
)

// CharWounds is whether a regiment's Character takes the wounds of the
// attacks on it.
type CharWounds uint8

const (
	CharWithRegiment CharWounds = iota // none: he is removed with the last stand
	CharLast                           // once the other stands are gone, the rest of the pool; he fights on alone
)

// ZeroRule is what a test against 0 or less does with a natural 1.
type ZeroRule uint8

const (
	ZeroFails       ZeroRule = iota // no die passes: the test is not rolled
	ZeroOneSucceeds                 // a natural 1 still passes
)

// EvasionRule is how a defence die meets Defence and Evasion.
type EvasionRule uint8

const (
	EvasionMaxOfModified EvasionRule = iota // roll ≤ max(max(D + bonuses − penalties, 0), E)
	EvasionModsAfterMax                     // roll ≤ max(D + bonuses, E) − penalties
	EvasionIgnored                          // roll ≤ D + bonuses − penalties
)

// ShieldRule is what Shield works against.
type ShieldRule uint8

const (
	ShieldAllFront        ShieldRule = iota // every hit from the front arc
	ShieldVolleysAndClash                   // Volleys and Clash Strikes from the front (1.03)
)

// DeadlyRule is when Deadly Blades and Deadly Shot cost 2 wounds.
type DeadlyRule uint8

const (
	DeadlyMultiWound DeadlyRule = iota // every failed roll against models of 2 Wounds or more
	DeadlyNatural6                     // a failed roll of a natural 6
)

// ParryRule is what Parry does to the enemy's hit rolls.
type ParryRule uint8

const (
	ParryRerollOnes ParryRule = iota // hit rolls of 1 are re-rolled
	ParryNoRerolls                   // failed hits may not be re-rolled
)

// StandRule is whether characteristics are per model or per stand.
type StandRule uint8

const (
	PerModel StandRule = iota // 1.5: Attacks and Wounds per model; models removed one by one
	PerStand                  // 2.0: per stand; a stand is one block of Wounds
)

// InspiredRule is what Inspired does to Clash.
type InspiredRule uint8

const (
	InspiredPlusOne      InspiredRule = iota // +1 Clash
	InspiredPlusOneOrSix                     // +1, unless that makes 5 or more: re-roll natural 6s instead
)

// ImpactRule is how many Impact attacks a charge makes.
type ImpactRule uint8

const (
	ImpactHalfAttacks ImpactRule = iota // 1.5: half of models × Attacks per stand in contact
	ImpactX                             // 2.x: Impact (X) per stand
)

// Rounding is how a half is rounded.
type Rounding uint8

const (
	RoundUp Rounding = iota
	RoundDown
)

// ImpactStands is which stands make Impact (X) attacks.
type ImpactStands uint8

const (
	ImpactInContact ImpactStands = iota
	ImpactAllStands
)

// ObscuredRule is how obscured shots are halved.
type ObscuredRule uint8

const (
	HalveStandShots ObscuredRule = iota // ceil(shots of the stand / 2), at least 1
	HalveBarrage                        // ceil(Barrage X / 2), at least 1, times the models
)

// SizeTime is when the Resolve size bonus counts the stands.
type SizeTime uint8

const (
	SizeAtTest       SizeTime = iota // after the action's casualties
	SizeBeforeAction                 // before the action
)

// BrokenResolve is the Resolve of a Broken regiment.
type BrokenResolve uint8

const (
	BrokenHighestNoBonus BrokenResolve = iota
	BrokenLowest
)

// MoraleFlank is what a flank or rear engagement does to Morale.
type MoraleFlank uint8

const (
	MoraleFlankNone MoraleFlank = iota
	MoraleFlankRerollSuccesses
)

// ShatterTime is when, within an action, Shattered is checked.
type ShatterTime uint8

const (
	ShatterAfterWounds ShatterTime = iota // after the Wound Pool's casualties, and again after the Morale wounds
	ShatterEachStand                      // as each stand is removed; the wounds left are lost
)

// TerrifyingRule is what Terrifying (X) takes off Resolve.
type TerrifyingRule uint8

const (
	TerrifyingMinusX TerrifyingRule = iota
	TerrifyingMinusOne
)

// RestoreCost is what returning a model or stand costs in Heal Points.
type RestoreCost uint8

const (
	RestoreFree      RestoreCost = iota // nothing
	RestoreOne                          // 1 (the default: one Heal Point is one Wound)
	RestoreHalfWound                    // ceil(W / 2)
	RestoreWounds                       // W
)

// RegenRule is what Regeneration does.
type RegenRule uint8

const (
	RegenHealX       RegenRule = iota // heal X through the Healing sequence
	RegenFullRestore                  // 1.03: every marker and model back, else a stand
)

// RestoreStand is the stand the 1.03 full Regeneration restores.
type RestoreStand uint8

const (
	RestoreCompleteStand RestoreStand = iota
	RestoreOneModel
)

// DefaultPreset is the ruleset used when a scenario names none: core rules
// v1.5, the edition of seed 003.
const DefaultPreset = "1.5"

var presets = options.Presets[Ruleset]{
	"1.5": func() Ruleset {
		return Ruleset{
			Zero:                 ZeroFails,
			Evasion:              EvasionMaxOfModified,
			Shield:               ShieldAllFront,
			ClashRulesOnImpact:   false,
			Deadly:               DeadlyMultiWound,
			Parry:                ParryRerollOnes,
			Stand:                PerModel,
			SupportLostFlankRear: false,
			Inspired:             InspiredPlusOne,
			ClashSixRelentless:   false,
			AuraMorale:           true,
			StrikeBackMorale:     true,
			LethalDemise:         LethalEveryWound,
			SpellSuccesses:       1,
			Scaling:              ScalingPerThreeStands,
			SpellMorale:          true,
			Duels:                DuelsOff,
			DuelMorale:           false,
			Leader:               LeaderRerollOne,
			PhalanxResolve:       false,
			Impact:               ImpactHalfAttacks,
			ImpactRounding:       RoundUp,
			ImpactUnengaged:      1,
			ImpactXStands:        ImpactInContact,
			VolleyMorale:         true,
			Obscured:             HalveStandShots,
			LongRangeObscured:    true,
			RearStandShots:       1,
			SizeCounted:          SizeAtTest,
			BrokenResolve:        BrokenHighestNoBonus,
			ShatteredChecked:     ShatterAfterWounds,
			MoraleFlankRear:      MoraleFlankNone,
			Terrifying:           TerrifyingMinusX,
			CharacterStandCounts: false,
			CharacterWounds:      CharWithRegiment,
			RestoreCost:          RestoreOne,
			BrokenBlocksHealing:  false,
			Regeneration:         RegenHealX,
			RegenSkipsCharacter:  true,
			FullRestoreStand:     RestoreCompleteStand,
		}
	},
	"2.0": func() Ruleset {
		return Ruleset{
			Zero:                 ZeroFails,
			Evasion:              EvasionMaxOfModified,
			Shield:               ShieldAllFront,
			ClashRulesOnImpact:   false,
			Deadly:               DeadlyNatural6,
			Parry:                ParryNoRerolls,
			Stand:                PerStand,
			SupportLostFlankRear: true,
			Inspired:             InspiredPlusOneOrSix,
			ClashSixRelentless:   true,
			AuraMorale:           false,
			StrikeBackMorale:     false,
			LethalDemise:         LethalFailedDefence,
			SpellSuccesses:       2,
			Scaling:              ScalingPerThreeStands,
			SpellMorale:          true,
			Duels:                DuelsOff,
			DuelMorale:           false,
			Leader:               LeaderPlusOne,
			PhalanxResolve:       true,
			Impact:               ImpactX,
			ImpactRounding:       RoundUp,
			ImpactUnengaged:      0,
			ImpactXStands:        ImpactInContact,
			VolleyMorale:         false,
			Obscured:             HalveBarrage,
			LongRangeObscured:    false,
			RearStandShots:       0,
			SizeCounted:          SizeAtTest,
			BrokenResolve:        BrokenLowest,
			ShatteredChecked:     ShatterAfterWounds,
			MoraleFlankRear:      MoraleFlankRerollSuccesses,
			Terrifying:           TerrifyingMinusX,
			CharacterStandCounts: false,
			CharacterWounds:      CharWithRegiment,
			RestoreCost:          RestoreOne,
			BrokenBlocksHealing:  true,
			Regeneration:         RegenHealX,
			RegenSkipsCharacter:  true,
			FullRestoreStand:     RestoreCompleteStand,
		}
	},
}

// System is Conquest's rule system: its options and presets.
var System = &options.System[Ruleset]{Game: "conquest", Default: DefaultPreset, Options: optionList, Presets: presets}

// Preset returns a fresh ruleset of a named preset; its Values are what
// the rules code reads.
func Preset(name string) (*options.Rules[Ruleset], error) { return System.Preset(name) }
