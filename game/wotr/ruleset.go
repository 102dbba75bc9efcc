package wotr

import "github.com/wargamesim/sim/engine/options"

// Ruleset is War of the Ring's rules as named options ([Options] lists
// them). The preset [DefaultPreset] fills every option with the defaults of
// rules/wotr.md; a scenario may then set options one by one ([Ruleset.Set]).
type Ruleset struct {
	OrderPicks           PickUnit // what one pick of the alternation takes
	HeroicCombatRecharge bool     // a winning Heroic Combat may charge again
	DuelAfterFight       bool     // a duel after its formations fought is still fought in contact

	DuelTable            DuelTable // the Duel table's layout
	DuelDeclarerBonus    int       // added to the declaring hero's roll
	DuelCountsForVictory bool      // duel casualties count for the next fight's victor
	HeroDeathIsCasualty  bool      // a hero slain in a duel counts one casualty
	DuelHitsPersist      bool      // duel hits add up over the duels of a phase

	BattleSkill        BattleSkill  // extra dice for the higher Fight
	BattleSkillCap     int          // most battle-skill dice a company gets; 0 for no cap
	HeroFightScope     FightScope   // companies that use their hero's Fight
	ChargeBonus        int          // bonus dice for charging
	ChargeBonusPer     Per          // per company in contact, or per formation
	EarthshakingCharge bool         // a charge roll of 6 gives one more die per company
	SupportDice        int          // dice per supporting company
	SupportRanks       SupportRanks // which companies behind support
	CavalrySupport     bool         // cavalry companies support too
	DepletedDice       Depleted     // dice of a depleted company
	EnemyFront         FrontRule    // the enemy front that companies in contact are counted against

	ToHitFloor Floor // the best to-hit roll a modifier can reach

	LastCompanyHalf              bool // the last company at half strength is removed
	DestroyedLoses               bool // a destroyed formation loses whatever the casualties
	MonsterCountersAreCasualties bool // wound counters count for the victor
	MonstersTestPanic            bool // a beaten monster tests for panic
	LoserFallsBack               bool // a loser that is not steadfast leaves contact

	// Several turns (docs/wotr.md, "Several turns"):
	VictorChargesNextTurn  bool // after a fall back, the other formation charges it next turn
	DisorderedCannotCharge bool // a formation that fell back may not charge until it recovers

	// The rules heroes and formations lean on (docs/wotr.md, "Epic
	// actions in the fight"):
	MightyBlowHits       BlowScope // whose hits a Mighty Blow makes casualties
	MightyBlowHardToKill BlowTough // what a Mighty Blow hit does to a Hard to Kill monster
	BerserkMadness       Madness   // how Berserk's D6 hits on itself are resolved
	BerserkMadnessCounts bool      // Madness casualties count for the fight's victor
}

// BlowScope is whose hits a Mighty Blow turns into casualties.
type BlowScope uint8

const (
	BlowCompany   BlowScope = iota // the hero's command company's
	BlowFormation                  // every hit of his formation
)

// BlowTough is what a Mighty Blow hit does to a Hard to Kill monster.
type BlowTough uint8

const (
	BlowRolls   BlowTough = iota // one roll on its Hard to Kill table, as a Resilience-worth of hits
	BlowRemoves                  // removes it
)

// Madness is how Berserk's "D6 hits resolved at its own Strength +2" land.
type Madness uint8

const (
	MadnessRolled Madness = iota // D6 dice rolled to hit at S+2 against its own Defence
	MadnessHits                  // D6 hits, as they are
)

// PickUnit is what a side picks in its turn of the alternation.
type PickUnit uint8

const (
	PickAction PickUnit = iota // one declared action
	PickHero                   // one hero, with all his actions of the phase
)

// DuelTable is a layout of the Duel table (rules/wotr.md §1).
type DuelTable uint8

const (
	DuelM2 DuelTable = iota // 1 -, 2-3 formation 2, 4-5 hero 1, 6 hero 2 + formation 2
	DuelM1                  // 1-3 -, 4-5 hero 1 + formation 2, 6 hero 2 + formation 2
	DuelM3                  // 1-3 formation 2, 4-5 hero 1, 6 hero 2
)

// BattleSkill is how many extra dice the higher Fight gives.
type BattleSkill uint8

const (
	SkillDifference BattleSkill = iota // the difference in Fight
	SkillFlat                          // 1
	SkillRatio                         // 1, 2 at double, 3 at triple
	SkillNone                          // none
)

// FightScope is which companies use their hero's Fight.
type FightScope uint8

const (
	HeroCompany   FightScope = iota // the hero's own company
	HeroFormation                   // every company of his formation
)

// Per is what a bonus is counted for.
type Per uint8

const (
	PerCompany   Per = iota // each company in contact
	PerFormation            // the formation, once
)

// SupportRanks is which companies behind those in contact support.
type SupportRanks uint8

const (
	SupportOne SupportRanks = iota // the one directly behind
	SupportAll                     // every one behind
)

// Depleted is how many dice a depleted company rolls.
type Depleted uint8

const (
	DepletedProportional Depleted = iota // ceil(A × models left / full company)
	DepletedFull                         // its full A
)

// FrontRule is the enemy front that a formation's companies in contact
// are counted against.
type FrontRule uint8

const (
	FrontRemaining FrontRule = iota // what is left of the enemy's front rank
	FrontDeployed                   // the enemy's frontage as deployed
)

// Floor is the best to-hit roll a modifier can reach.
type Floor uint8

const (
	Floor2 Floor = iota // 2+
	Floor3              // 3+, the chart's best
)

// DefaultPreset is the only preset: rules/wotr.md's proposed defaults.
const DefaultPreset = "wotr"

var presets = options.Presets[Ruleset]{
	"wotr": func() Ruleset {
		return Ruleset{
			OrderPicks:           PickAction,
			HeroicCombatRecharge: true,
			DuelAfterFight:       true,

			DuelTable:            DuelM2,
			DuelDeclarerBonus:    1,
			DuelCountsForVictory: true,
			HeroDeathIsCasualty:  true,
			DuelHitsPersist:      true,

			BattleSkill:        SkillDifference,
			BattleSkillCap:     0,
			HeroFightScope:     HeroCompany,
			ChargeBonus:        1,
			ChargeBonusPer:     PerCompany,
			EarthshakingCharge: false,
			SupportDice:        1,
			SupportRanks:       SupportOne,
			CavalrySupport:     false,
			DepletedDice:       DepletedProportional,
			EnemyFront:         FrontRemaining,

			ToHitFloor: Floor2,

			LastCompanyHalf:              true,
			DestroyedLoses:               true,
			MonsterCountersAreCasualties: false,
			MonstersTestPanic:            false,
			LoserFallsBack:               true,

			VictorChargesNextTurn:  true,
			DisorderedCannotCharge: true,

			MightyBlowHits:       BlowCompany,
			MightyBlowHardToKill: BlowRolls,
			BerserkMadness:       MadnessRolled,
			BerserkMadnessCounts: false,
		}
	},
}

// System is War of the Ring's rule system: its options and presets.
var System = &options.System[Ruleset]{Game: "wotr", Default: DefaultPreset, Options: optionList, Presets: presets}

// Preset returns a fresh ruleset of a named preset; its Values are what
// the rules code reads.
func Preset(name string) (*options.Rules[Ruleset], error) { return System.Preset(name) }
