package warhammer

import "github.com/wargamesim/sim/engine/options"

// Ruleset is an edition's rules as named options ([Options] lists them). A
// preset ([Preset]) fills every option; a scenario may then set options one
// by one ([Ruleset.Set]), for house rules or to see what one difference does.
type Ruleset struct {
	// Wounds and saves.
	Regeneration       RegenTiming  // when Regeneration is rolled
	FlamingRegen       RegenLoss    // how long Flaming Attacks take Regeneration away
	RegenFlaming       RegenFlaming // whether a Flaming wound may be regenerated
	ArmourCap          bool         // armour no better than 2+ (infantry, cavalry) or 3+ (the others)
	PressOfBattle      bool         // infantry fight two ranks deep but on the turn they charged
	RegenDice          RegenDice    // end-of-phase dice when hits cause Multiple Wounds
	RegenOrWard        RegenChoice  // which save a model takes when Regeneration is a save
	KillingBlowTargets TroopSet     // troop types Killing Blow slays outright
	KillingBlowWounds  KBWounds     // what a Killing Blow kill adds to combat result
	KillingBlowOrder   KBOrder      // Killing Blows before or after the other wounds
	SixAlwaysHits      bool         // in close combat a natural 6 hits whatever the modifiers
	ToHitChart         HitChart     // the close-combat to-hit chart
	TooTough           int          // T - S from which a hit cannot wound
	Poison             PoisonRule   // what a Poisoned natural 6 to hit does
	ArmourMod          ArmourRule   // what worsens armour saves: Strength, or the weapon's Armour Piercing
	MountArmour        bool         // a mount improves its rider's armour save
	Parry              bool         // infantry with hand weapon and shield improve their armour in close combat
	RegenCounts        bool         // wounds regenerated still count for combat result

	// Close combat.
	StrikeOrder         StrikeOrder     // chargers first, or Initiative only
	StrikeFirst         StrikeFirstRule // what Always Strikes First and Last do
	ChargeInitiative    bool            // a charger adds the inches it charged to its Initiative
	InitiativeTies      TieRule         // equal strike order across sides
	ASFAgainstASF       ASFTie          // two Always Strikes First groups
	ASFRerolls          bool            // Always Strikes First re-rolls misses against lower Initiative
	SupportingAttacks   bool            // one supporting attack per model of the rank behind
	RankWidth           int             // models a rank needs to count for the rank bonus
	MonstrousRankWidth  int             // the same for monstrous troop types
	RankCounted         RankTime        // when ranks are counted
	RankBonus           RankBonusRule   // how wide a rank is and how many count, by width or by troop type
	InfantryWeight      Weight          // what plain infantry counts as where weights matter
	CavalryWeight       Weight          // what plain cavalry counts as where weights matter
	FlankCancelsRanks   FlankRule       // what a flank or rear attack needs to cancel the rank bonus
	OutnumberBonus      bool            // +1 for the side with the greater Unit Strength
	MassedInfantry      bool            // +1 for an infantry side with the greater Unit Strength
	UnitStrength        USRule          // Unit Strength of a model by troop type
	HighGroundBonus     bool            // +1 for fighting from higher ground
	ChargeBonus         bool            // +1 for the side that charged, in the first round
	BattleStandard      BSBBonus        // what a battle standard adds to combat result
	BSBReroll           bool            // a battle standard lets its unit re-roll a failed break test
	BSBRerollFear       bool            // ... and a failed Fear test
	MusicianWinsDraws   bool            // a drawn combat is won by 1 by the side with a musician
	InsaneCourage       bool            // a double 1 always passes a break test
	BreakTest           BreakRule       // what a failed or passed break test comes to
	Terror              bool            // a loser beaten by a Terror-causer tests at Leadership -1
	Steadfast           bool            // a loser with more ranks tests on unmodified Leadership
	Fear                FearRule        // what fighting a Fear-causing enemy does
	FearOnCharge        bool            // Fear tests to charge a Fear-causer and when charged by one (6th)
	FearSixesRerolled   bool            // a unit hitting only on 6s for Fear keeps its re-rolls to hit
	Stomp               bool            // monstrous models make a Stomp attack after all others
	CavalryFlee         FleeRoll        // how cavalry roll to flee and pursue
	CavalryFleeTypes    TroopSet        // troop types that roll as CavalryFlee says; the others roll 2D6
	GreatWeaponStrength int             // Strength bonus of a great weapon
	LanceStrength       int             // Strength bonus of a lance on the charge
	FlailStrength       int             // Strength bonus of a flail in the first round
	MorningStarStrength int             // Strength bonus of a morning star in the first round

	// Characters and challenges.
	ChampionOverflow     bool        // wounds left when the rank and file are slain fall on the champion
	LoneCharacterRefuses bool        // a character with no rank and file left may refuse a challenge
	RefuseNeeds          RefuseNeeds // what a unit needs for its character to refuse a challenge
	RetireChampion       bool        // a champion may be the model nominated to retire after a refusal
	OverkillCap          int         // the most Overkill one slain character scores

	// Combats of several units (issue 30; docs/rules.md "Combats of
	// several units"). Read by fights of several units only, but for
	// FlankBonusUnitStrength and FearBreakInsaneCourage, which a fight of
	// two reads too.
	SideRankBonus          SideRankRule    // which unit's rank bonus a side counts
	DisruptionUnitStrength DisruptionRule  // whose Unit Strength cancels a flanked unit's ranks
	FlankBonusCount        FlankBonusCount // flank and rear bonuses once per enemy unit, or per attacking unit
	FlankBonusUnitStrength int             // Unit Strength a flanker needs to claim the flank or rear bonus (0: none)
	StandardsCount         StandardsCount  // standards once per side, or per unit
	ChargeBonusCount       ChargeCount     // the charge bonus per charging unit, or once per side
	FearBreakCompare       FearCompare     // what the Fear break compares a losing unit's Unit Strength with
	FearBreakInsaneCourage bool            // Insane Courage keeps a unit broken by Fear in the fight
	FriendBreaksPanic      PanicRule       // whether a friend breaking in the combat makes the others test Panic
	Pursuit                PursuitRule     // which fleeing units the winners chase
	PursueWhileEngaged     bool            // a winner still touching an enemy may pursue
	LeftWithoutFoes        LeftRule        // what a unit whose enemies are all gone does
	CharacterFaces         FacesRule       // which enemy unit a character in a unit touching several fights
	LoneFacings            LoneFacingsRule // whether a lone character has a flank and rear

	// Charge reactions (issue 30, step 7; docs/rules.md "Charge
	// reactions"; reaction.go).
	ChargeReach         ReachRule         // how far a charger reaches a unit that fled from its charge
	FleeReactionRoll    FleeReactionRule  // a flee reaction's roll
	FleeCaught          CaughtRule        // whether a reach equal to the distance fled catches the unit
	StandShootRange     ShootRangeRule    // how far the charger must be for a unit to stand and shoot
	StandShootLongRange bool              // stand and shoot takes the long-range -1 where the weapon's range says
	StandShootPanic     bool              // a charger losing a quarter of its models to stand and shoot tests Panic
	ShootingRanks       int               // how many ranks of a unit shoot (1 or 2)
	HighBSRerolls       bool              // BS 6 or more: 2+ to hit, modified; a miss re-rolled at 12 - BS, unmodified
	FearToCharge        FearToChargeRule  // who tests Fear before charging a Fear-causer
	TerrorOnCharge      bool              // a unit charged by a Terror-causer tests, and failing flees
	FleeSeveral         FleeSeveralRule   // which chargers may catch a unit that flees from several
	ShootTarget         ShootTargetRule   // which of several chargers a unit stands and shoots at
	TerrorSeveral       TerrorSeveralRule // how many Terror tests a unit charged by several Terror-causers takes
}

// FleeSeveralRule is which chargers may catch a unit that flees from the
// charge of several enemy units (reaction.go).
type FleeSeveralRule uint8

const (
	FleeAnyCharger FleeSeveralRule = iota // each charger rolls its reach from its own distance; any that reaches catches it
	FleeFledFrom                          // only the charger it flees from, of highest Unit Strength (ties at random)
)

// ShootTargetRule is which of several chargers a unit stands and shoots
// at, among those far enough to be shot at (stand_and_shoot_range) that
// still charge.
type ShootTargetRule uint8

const (
	ShootNearest ShootTargetRule = iota // the nearest (least charge_distance), the first listed of equals
	ShootLargest                        // the one of highest Unit Strength, the first listed of equals
)

// TerrorSeveralRule is how many Terror tests a unit charged by several
// Terror-causing units takes (terror_on_charge).
type TerrorSeveralRule uint8

const (
	TerrorOneTest     TerrorSeveralRule = iota // one, however many Terror-causers charge it
	TerrorEachCharger                          // one for each Terror-causer that charges it; failing any, it flees
)

// FacesRule is which enemy unit a character fights when its unit's front
// touches several (a fight of several units): the scenario places no
// models, so this is a reading of where he stands.
type FacesRule uint8

const (
	FacesFirstContact FacesRule = iota // the first enemy its unit lists at its front, still fighting
	FacesMostModels                    // the one its unit touches with the most models (the first of equals)
)

// LoneFacingsRule is whether a lone character, a unit of one model, has a
// flank and rear an enemy may stand in.
type LoneFacingsRule uint8

const (
	LoneNoFacings LoneFacingsRule = iota // none: an enemy at its flank or rear counts as at its front (6th lone skirmisher)
	LoneAsUnit                           // as any unit
)

// FearToChargeRule is which unit tests Fear before it charges a
// Fear-causer.
type FearToChargeRule uint8

const (
	FearToChargeAlways   FearToChargeRule = iota // every unit that fears it (6th)
	FearToChargeHigherUS                         // only against a Fear-causer of higher Unit Strength (The Old World)
	FearToChargeNever                            // none (8th: Fear is tested each round instead)
)

// ReachRule is how far a charger reaches a unit that fled from its charge.
type ReachRule uint8

const (
	ReachDoubleMove        ReachRule = iota // twice its Movement, no dice (6th, 7th)
	ReachMovePlus2D6                        // its Movement + 2D6 (8th)
	ReachMovePlusHighestD6                  // its Movement + the highest of 2D6 (The Old World)
)

// FleeReactionRule is a flee reaction's roll.
type FleeReactionRule uint8

const (
	FleeRollByMovement FleeReactionRule = iota // 2D6, 3D6 for a Movement above 6 (6th, 7th)
	FleeRollAsBreak                            // as a flee after a lost combat: 2D6, cavalry_flee_roll for cavalry_flee_types
)

// CaughtRule is whether a charger whose reach equals the distance plus the
// flee roll catches the fleeing unit.
type CaughtRule uint8

const (
	CaughtReachAtLeast CaughtRule = iota // a reach equal to or above catches it
	CaughtReachMore                      // only a reach above
)

// ShootRangeRule is how far the charger must be for a unit to stand and
// shoot.
type ShootRangeRule uint8

const (
	ShootBeyondHalfCharge  ShootRangeRule = iota // beyond half its charge move (twice its Movement): beyond its Movement
	ShootNotNearerThanMove                       // not nearer than its Movement
)

// SideRankRule is which unit's rank bonus a side counts in a combat of
// several units.
type SideRankRule uint8

const (
	RankBonusBestClaimable SideRankRule = iota // the highest bonus any of its units can claim
	RankBonusDeepestUnit                       // the deepest unit's, nothing if that one is disrupted
)

// DisruptionRule is whose Unit Strength cancels a flanked unit's ranks.
type DisruptionRule uint8

const (
	DisruptPerEnemyUnit DisruptionRule = iota // one enemy unit in its flank or rear strong enough
	DisruptCombined                           // the enemy units in its flanks and rear together
)

// FlankBonusCount is how often a side earns the flank and rear bonuses.
type FlankBonusCount uint8

const (
	FlankBonusPerEnemyUnit     FlankBonusCount = iota // once per enemy unit attacked in the flank, once for its rear
	FlankBonusPerAttackingUnit                        // once per unit of the side in an enemy's flank or rear
)

// StandardsCount is how many standards a side counts.
type StandardsCount uint8

const (
	StandardsOncePerSide StandardsCount = iota // +1 however many units have one
	StandardsPerUnit                           // +1 a unit with one
)

// ChargeCount is how often a side earns the charge bonus.
type ChargeCount uint8

const (
	ChargeBonusPerUnit ChargeCount = iota // +1 a charging unit
	ChargeBonusOnce                       // +1 however many charged
)

// FearCompare is what the Fear break compares a losing unit's Unit
// Strength with.
type FearCompare uint8

const (
	FearUnitVsCausers FearCompare = iota // the unit's own against the Fear-causing winners' together (6th)
	FearSideVsCausers                    // the losing side's total against theirs (7th)
)

// PanicRule is whether units still fighting test Panic when a friend in
// their combat breaks or is wiped out.
type PanicRule uint8

const (
	PanicNone     PanicRule = iota // no Panic test in combat (8th, The Old World)
	PanicInCombat                  // every friend still fighting in the combat tests (6th, read as within 6")
)

// PursuitRule is which fleeing units the winners chase.
type PursuitRule uint8

const (
	PursueEveryFleeingFoe PursuitRule = iota // one roll against each fleeing unit it touched (7th)
	PursueOneLargest                         // one fleeing unit it touched, the highest Unit Strength (8th, The Old World)
	PursueNone                               // no pursuit
)

// LeftRule is what a unit whose every enemy in contact is gone does.
type LeftRule uint8

const (
	LeaveCombat   LeftRule = iota // it leaves the combat
	JoinRemaining                 // it joins the fight against an enemy still in it
)

// RefuseNeeds is what a unit needs for a character of it to refuse a
// challenge: somewhere to hide him.
type RefuseNeeds uint8

const (
	RefuseNeedsRankAndFile RefuseNeeds = iota // rank and file left to hide behind (6th, The Old World)
	RefuseNeedsRoom                           // a place out of base contact: more models standing than places in contact (7th, 8th)
)

// RegenTiming is when Regeneration is rolled.
type RegenTiming uint8

const (
	RegenEndOfPhase RegenTiming = iota // once all attacks of the phase are resolved (6th, seed 000)
	RegenSave                          // as a save after armour, instead of a ward (8th)
	RegenAfterWound                    // as each wound is lost, after armour and ward saves (The Old World)
)

// RegenLoss is how long Flaming Attacks take Regeneration away.
type RegenLoss uint8

const (
	LoseRegenForBattle RegenLoss = iota // for the rest of the battle (6th, seed 000)
	LoseRegenForPhase                   // for the rest of the phase (8th)
	LoseRegenNever                      // never: only the Flaming wound itself is not regenerated (The Old World)
)

// RegenFlaming is whether a Flaming wound may be regenerated.
type RegenFlaming uint8

const (
	FlamingNeverRegenerated RegenFlaming = iota // never (6th to 8th)
	FlamingUnlessFlammable                      // unless the model is Flammable (The Old World)
)

// RegenDice is how many end-of-phase Regeneration dice a unit rolls.
type RegenDice uint8

const (
	RegenPerUnsavedWound RegenDice = iota // one per unsaved wound, at most the wounds lost
	RegenPerWoundLost                     // one per wound lost, Multiple Wounds included
)

// RegenChoice is which save a model takes when it has a ward save and
// Regeneration is a save.
type RegenChoice uint8

const (
	RegenOrWardBetter RegenChoice = iota // whichever is more likely to save this wound
	RegenOverWard                        // always Regeneration when it may be used
	WardOverRegen                        // always the ward save
)

// KBWounds is what a model slain by Killing Blow adds to combat result.
type KBWounds uint8

const (
	KBRemainingWounds KBWounds = iota // the wounds it had left (6th, seed 000)
	KBProfileWounds                   // its profile Wounds (8th)
)

// KBOrder is when Killing Blows land among the other wounds of one volley.
type KBOrder uint8

const (
	KBAfterOtherWounds  KBOrder = iota // other wounds are marked first; a Killing Blow slays the model carrying them
	KBBeforeOtherWounds                // Killing Blows first, then the other wounds on fresh models
)

// StrikeOrder is who strikes first in close combat.
type StrikeOrder uint8

const (
	ChargersFirst  StrikeOrder = iota // chargers in the first round, then Initiative (6th, 7th)
	InitiativeOnly                    // Initiative, highest first (8th)
)

// TieRule settles groups of equal strike order on opposite sides.
type TieRule uint8

const (
	TiePreviousWinner TieRule = iota // the winner of the previous round strikes first, else a roll-off (6th)
	TieSimultaneous                  // they strike at once (8th)
)

// ASFTie settles two Always Strikes First groups on opposite sides.
type ASFTie uint8

const (
	ASFByInitiative   ASFTie = iota // by Initiative, equal Initiative as InitiativeTies says
	ASFSimultaneously               // at once, whatever their Initiative
)

// RankTime is when ranks are counted for the rank bonus.
type RankTime uint8

const (
	RanksAtStart RankTime = iota // at the start of the round (6th)
	RanksAtEnd                   // at the end of the round (8th)
)

// FlankRule is what a unit fighting an enemy's flank or rear needs to
// cancel that enemy's rank bonus.
type FlankRule uint8

const (
	FlankUnitStrength5 FlankRule = iota // Unit Strength 5 or more (6th, 7th)
	FlankTwoRanksOf5                    // two or more ranks of at least five models (8th disruption)
)

// BSBBonus is what a battle standard adds to combat result.
type BSBBonus uint8

const (
	BSBCountsAsStandard BSBBonus = iota // it is a standard: +1 in all, however many (6th)
	BSBExtra                            // +1 more on top of the unit's standard (8th)
)

// FearRule is what fighting a Fear-causing enemy does.
type FearRule uint8

const (
	FearAutoBreak     FearRule = iota // beaten by Fear-causers that outnumber it, a unit breaks without a test (6th)
	FearWS1                           // a unit that fails a Leadership test at the start of a round has WS 1 (8th)
	FearNone                          // no effect
	FearMinusOneToHit                 // a unit that fails a Leadership test at the start of a round has -1 to hit the Fear-causers (The Old World)
)

// FleeRoll is how cavalry (the troop types of Ruleset.CavalryFleeTypes)
// roll their flee and pursuit distances; every other troop type rolls 2D6.
type FleeRoll uint8

const (
	Flee2D6           FleeRoll = iota // 2D6, as infantry
	Flee3D6                           // 3D6
	Flee3D6DropLowest                 // 3D6, dropping the lowest (8th Swiftstride)
)

// HitChart is the close-combat to-hit chart.
type HitChart uint8

const (
	HitChart3To5 HitChart = iota // 3+, 4+ or 5+ (6th to 8th)
	HitChart2To5                 // 2+ against less than half the WS, then as 6th (The Old World)
)

// PoisonRule is what a natural 6 to hit does with Poisoned Attacks.
type PoisonRule uint8

const (
	PoisonWounds  PoisonRule = iota // the hit wounds automatically (6th to 8th; The Old World as first printed)
	PoisonPlusTwo                   // the hit rolls to wound at +2 (The Old World, current wording)
)

// ArmourRule is what worsens armour saves.
type ArmourRule uint8

const (
	ArmourByStrength ArmourRule = iota // -1 for each point of Strength above 3 (6th to 8th)
	ArmourByWeapon                     // the weapon's Armour Piercing only (The Old World)
)

// StrikeFirstRule is what Always Strikes First and Always Strikes Last do.
type StrikeFirstRule uint8

const (
	StrikeFirstStep StrikeFirstRule = iota // a strike step of its own, before (or after) the others
	StrikeFirstI10                         // Initiative 10 (Strike Last: 1) before modifiers (The Old World)
)

// RankBonusRule is how ranks count for the rank bonus.
type RankBonusRule uint8

const (
	RanksByWidth     RankBonusRule = iota // ranks of rank_bonus_width (monstrous_rank_width) models, at most +3
	RanksByTroopType                      // each troop type's rank width and maximum (The Old World)
)

// USRule is which edition's Unit Strength a model has.
type USRule uint8

const (
	US6th USRule = iota // 1 infantry, 2 cavalry, 3 monstrous, 4 chariots, Wounds of monsters and swarms
	USTOW               // as 6th, but 3 light and 5 heavy chariots (The Old World)
)

// BreakRule is what a loser's break test comes to.
type BreakRule uint8

const (
	BreakOrHold    BreakRule = iota // failed: it breaks and flees; passed: it holds, and the fight goes on
	BreakThreeWays                  // Break and flee, Fall Back in Good Order, or Give Ground (The Old World)
)

// DefaultPreset is the ruleset used when a scenario names none: the 6th
// edition of the seeds, followed to the letter.
const DefaultPreset = "6th"

var presets = options.Presets[Ruleset]{
	"6th": sixthEdition,
	"7th": seventhEdition,
	"8th": eighthEdition,
	"tow": oldWorld,
}

// sixthEdition is the 6th edition of the seeds.
func sixthEdition() Ruleset {
	return Ruleset{
		Regeneration:       RegenEndOfPhase,
		FlamingRegen:       LoseRegenForBattle,
		RegenFlaming:       FlamingNeverRegenerated,
		ArmourCap:          false,
		PressOfBattle:      false,
		RegenDice:          RegenPerUnsavedWound,
		RegenOrWard:        RegenOrWardBetter,
		KillingBlowTargets: Troops(Infantry, Cavalry),
		KillingBlowWounds:  KBRemainingWounds,
		KillingBlowOrder:   KBAfterOtherWounds,
		SixAlwaysHits:      true,
		ToHitChart:         HitChart3To5,
		TooTough:           4,
		Poison:             PoisonWounds,
		ArmourMod:          ArmourByStrength,
		MountArmour:        true,
		Parry:              false,
		RegenCounts:        false,

		StrikeOrder:         ChargersFirst,
		StrikeFirst:         StrikeFirstStep,
		ChargeInitiative:    false,
		InitiativeTies:      TiePreviousWinner,
		ASFAgainstASF:       ASFByInitiative,
		ASFRerolls:          false,
		SupportingAttacks:   false,
		RankWidth:           4,
		MonstrousRankWidth:  4,
		RankCounted:         RanksAtStart,
		RankBonus:           RanksByWidth,
		InfantryWeight:      Regular,
		CavalryWeight:       Heavy,
		FlankCancelsRanks:   FlankUnitStrength5,
		OutnumberBonus:      true,
		MassedInfantry:      false,
		UnitStrength:        US6th,
		HighGroundBonus:     true,
		ChargeBonus:         false,
		BattleStandard:      BSBCountsAsStandard,
		BSBReroll:           true,
		BSBRerollFear:       false,
		MusicianWinsDraws:   true,
		InsaneCourage:       false,
		BreakTest:           BreakOrHold,
		Terror:              false,
		Steadfast:           false,
		Fear:                FearAutoBreak,
		FearOnCharge:        true,
		FearSixesRerolled:   true,
		Stomp:               false,
		CavalryFlee:         Flee3D6,
		CavalryFleeTypes:    Troops(Cavalry, MonstrousCavalry),
		GreatWeaponStrength: 2,
		LanceStrength:       2,
		FlailStrength:       2,
		MorningStarStrength: 1,

		ChampionOverflow:     true,
		LoneCharacterRefuses: false,
		RefuseNeeds:          RefuseNeedsRankAndFile,
		RetireChampion:       false,
		OverkillCap:          5,

		SideRankBonus:          RankBonusBestClaimable,
		DisruptionUnitStrength: DisruptPerEnemyUnit,
		FlankBonusCount:        FlankBonusPerEnemyUnit,
		FlankBonusUnitStrength: 5,
		StandardsCount:         StandardsOncePerSide,
		ChargeBonusCount:       ChargeBonusPerUnit,
		FearBreakCompare:       FearUnitVsCausers,
		FearBreakInsaneCourage: false,
		FriendBreaksPanic:      PanicInCombat,
		Pursuit:                PursueEveryFleeingFoe,
		PursueWhileEngaged:     false,
		CharacterFaces:         FacesFirstContact,
		LoneFacings:            LoneNoFacings,
		LeftWithoutFoes:        LeaveCombat,

		ChargeReach:         ReachDoubleMove,
		FleeReactionRoll:    FleeRollByMovement,
		FleeCaught:          CaughtReachAtLeast,
		StandShootRange:     ShootBeyondHalfCharge,
		StandShootLongRange: true,
		StandShootPanic:     true,
		ShootingRanks:       1,
		FearToCharge:        FearToChargeAlways,
		TerrorOnCharge:      false,
	}
}

// eighthEdition is the 8th edition (RULES.md §2).
func eighthEdition() Ruleset {
	return Ruleset{
		Regeneration:       RegenSave,
		FlamingRegen:       LoseRegenForPhase,
		RegenFlaming:       FlamingNeverRegenerated,
		ArmourCap:          false,
		PressOfBattle:      false,
		RegenDice:          RegenPerUnsavedWound,
		RegenOrWard:        RegenOrWardBetter,
		KillingBlowTargets: Troops(Infantry, Cavalry, WarBeast),
		KillingBlowWounds:  KBProfileWounds,
		KillingBlowOrder:   KBAfterOtherWounds,
		SixAlwaysHits:      true,
		ToHitChart:         HitChart3To5,
		TooTough:           4,
		Poison:             PoisonWounds,
		ArmourMod:          ArmourByStrength,
		MountArmour:        true,
		Parry:              false,
		RegenCounts:        false,

		StrikeOrder:         InitiativeOnly,
		StrikeFirst:         StrikeFirstStep,
		ChargeInitiative:    false,
		InitiativeTies:      TieSimultaneous,
		ASFAgainstASF:       ASFSimultaneously,
		ASFRerolls:          true,
		SupportingAttacks:   true,
		RankWidth:           5,
		MonstrousRankWidth:  3,
		RankCounted:         RanksAtEnd,
		RankBonus:           RanksByWidth,
		InfantryWeight:      Regular,
		CavalryWeight:       Heavy,
		FlankCancelsRanks:   FlankTwoRanksOf5,
		OutnumberBonus:      false,
		MassedInfantry:      false,
		UnitStrength:        US6th,
		HighGroundBonus:     false,
		ChargeBonus:         true,
		BattleStandard:      BSBExtra,
		BSBReroll:           true,
		BSBRerollFear:       true,
		MusicianWinsDraws:   true,
		InsaneCourage:       true,
		BreakTest:           BreakOrHold,
		Terror:              false,
		Steadfast:           true,
		Fear:                FearWS1,
		FearOnCharge:        false,
		FearSixesRerolled:   true,
		Stomp:               true,
		CavalryFlee:         Flee3D6DropLowest,
		CavalryFleeTypes:    Troops(Cavalry, MonstrousCavalry),
		GreatWeaponStrength: 2,
		LanceStrength:       2,
		FlailStrength:       2,
		MorningStarStrength: 1,

		ChampionOverflow:     true,
		LoneCharacterRefuses: false,
		RefuseNeeds:          RefuseNeedsRoom,
		RetireChampion:       false,
		OverkillCap:          5,

		SideRankBonus:          RankBonusBestClaimable,
		DisruptionUnitStrength: DisruptPerEnemyUnit,
		FlankBonusCount:        FlankBonusPerEnemyUnit,
		FlankBonusUnitStrength: 0,
		StandardsCount:         StandardsOncePerSide,
		ChargeBonusCount:       ChargeBonusPerUnit,
		FearBreakCompare:       FearUnitVsCausers,
		FearBreakInsaneCourage: true,
		FriendBreaksPanic:      PanicNone,
		LoneFacings:            LoneAsUnit,
		Pursuit:                PursueOneLargest,
		PursueWhileEngaged:     false,
		LeftWithoutFoes:        LeaveCombat,

		ChargeReach:         ReachMovePlus2D6,
		FleeReactionRoll:    FleeRollAsBreak,
		FleeCaught:          CaughtReachAtLeast,
		StandShootRange:     ShootNotNearerThanMove,
		StandShootLongRange: true,
		StandShootPanic:     true,
		ShootingRanks:       2,
		FearToCharge:        FearToChargeNever,
		TerrorOnCharge:      false,
	}
}

// seventhEdition is the 7th edition: 6th with the differences of RULES.md §3.1's
// 7th column, each named (docs/rules.md gives their sources).
func seventhEdition() Ruleset {
	r := sixthEdition()
	r.RankWidth, r.MonstrousRankWidth = 5, 5                   // ranks of 5 (7th.whfb.app close-combat/combat-resolution)
	r.InsaneCourage = true                                     // 7th.whfb.app close-combat/insane-courage
	r.KillingBlowTargets = Troops(Infantry, Cavalry, WarBeast) // Unit Strength 2 or less
	r.RefuseNeeds = RefuseNeedsRoom                            // 7th.whfb.app characters/refusing-a-challenge-boo-hiss
	r.BattleStandard = BSBExtra                                // "an extra +1": 7th.whfb.app generals-and-battle-standards/combat-bonus
	r.FearBreakCompare = FearSideVsCausers                     // "combined unit strength": 7th.whfb.app psychology/defeated-by-fear-causing-enemy
	r.FearBreakInsaneCourage = true                            // "an act of Insane Courage will keep such units in the fight" (same page)
	return r
}

// oldWorld is Warhammer: The Old World (2024), RULES.md §4.
func oldWorld() Ruleset {
	r := eighthEdition()
	r.ToHitChart = HitChart2To5
	r.TooTough = 6
	r.Poison = PoisonPlusTwo
	r.ArmourMod = ArmourByWeapon
	r.MountArmour = false
	r.Parry = true
	r.Regeneration = RegenAfterWound
	r.FlamingRegen = LoseRegenNever
	r.RegenFlaming = FlamingUnlessFlammable
	r.ArmourCap = true
	r.PressOfBattle = true
	r.RegenCounts = true
	// "infantry or cavalry" takes in their sub-categories: monstrous
	// infantry and swarms are infantry, monstrous cavalry and war beasts
	// cavalry (tow.whfb.app special-rules/killing-blow;
	// troop-types-at-a-glance/categories-of-troop-type-at-a-glance).
	r.KillingBlowTargets = Troops(Infantry, MonstrousInfantry, Swarm, Cavalry, MonstrousCavalry, WarBeast)
	r.KillingBlowWounds = KBRemainingWounds
	// Killing Blows first, then Multiple Wounds, then single wounds
	// (tow.whfb.app faq/general-principles, FAQ v1.5.2).
	r.KillingBlowOrder = KBBeforeOtherWounds
	r.StrikeFirst = StrikeFirstI10
	r.ChargeInitiative = true
	r.ASFRerolls = false
	r.SupportingAttacks = false
	r.RankBonus = RanksByTroopType
	r.FlankCancelsRanks = FlankUnitStrength5
	r.RankCounted = RanksAtStart
	r.HighGroundBonus = true
	r.ChargeBonus = false
	r.MassedInfantry = true
	r.UnitStrength = USTOW
	r.Steadfast = false
	r.BreakTest = BreakThreeWays
	r.Terror = true
	r.Fear = FearMinusOneToHit
	r.Stomp = false
	r.BSBRerollFear = false
	r.RefuseNeeds = RefuseNeedsRankAndFile // tow.whfb.app characters/nowhere-to-run: only a lone or surrounded character must accept
	r.ChargeReach = ReachMovePlusHighestD6 // tow.whfb.app the-movement-phase/determine-charge-range
	r.StandShootLongRange = false          // tow.whfb.app the-shooting-phase/standing-and-shooting
	r.StandShootPanic = false              // tow.whfb.app the-movement-phase/stand-and-shoot
	r.ShootingRanks = 1                    // tow.whfb.app the-shooting-phase/check-line-of-sight
	r.HighBSRerolls = true                 // tow.whfb.app the-shooting-phase/bs-of-6-or-higher, to-hit-modifiers
	r.FearToCharge = FearToChargeHigherUS  // tow.whfb.app special-rules/fear
	r.TerrorOnCharge = true                // tow.whfb.app special-rules/terror
	r.CavalryFlee = Flee3D6                // Swiftstride: +D6 to a Flee or Pursuit roll (tow.whfb.app special-rules/swiftstride)
	r.LoneFacings = LoneNoFacings          // lone characters stand in Skirmish formation (tow.whfb.app characters/lone-characters); their facings not read [U]
	return r
}

// System is Warhammer's rule system: its options and presets.
var System = &options.System[Ruleset]{Game: "warhammer", Default: DefaultPreset, Options: optionList, Presets: presets}

// Preset returns a fresh ruleset of a named preset; its Values are what
// the rules code reads.
func Preset(name string) (*options.Rules[Ruleset], error) { return System.Preset(name) }
