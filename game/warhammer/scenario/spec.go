package scenario

import "github.com/wargamesim/sim/scenarios"

// The types in this file are a scenario file as written, field for field;
// docs/scenarios.md is their manual. Decoding is strict (decode.go): an
// unknown field is an error. Validation (validate.go) then checks ranges and
// references, and build.go turns a valid scenario into a runnable model.

// Scenario is one scenario file.
type Scenario struct {
	Game        string            `yaml:"game"`        // warhammer (the default); other games have scenario types of their own
	Name        string            `yaml:"name"`        // short name; defaults to the file name without .yaml
	Title       string            `yaml:"title"`       // one line for reports and charts
	Description string            `yaml:"description"` // what it shows, and where the profiles come from
	Ruleset     string            `yaml:"ruleset"`     // preset: 6th (default) or 8th
	Rules       map[string]string `yaml:"rules"`       // options set one by one on the preset
	Trials      int64             `yaml:"trials"`      // default trial count (the command line overrides it)
	Seed        *uint64           `yaml:"seed"`        // default seed (the command line overrides it)
	// Library names unit library files (sim import writes them), relative
	// to the scenario's folder, whose units and characters from: takes
	// before the built-in library's.
	Library scenarios.Paths `yaml:"library"`
	Units   []Unit          `yaml:"units"`
	Fight   Fight           `yaml:"fight"`
}

// Unit is a unit of identical models.
type Unit struct {
	ID           string          `yaml:"id"`     // names the unit in the fight and in metric names: lowercase letters, digits, - and _
	From         string          `yaml:"from"`   // a library unit (units/NAME.yaml) to start from; the fields given here override its own (library.go)
	Name         string          `yaml:"name"`   // for people
	Source       string          `yaml:"source"` // where the profile comes from
	Type         string          `yaml:"type"`   // troop type (older or The Old World's: heavy_infantry...); infantry by default, cavalry when mounted
	Profile      Profile         `yaml:"profile"`
	Models       int             `yaml:"models"`
	MinModels    int             `yaml:"min_models"` // the smallest size the army book allows (sim import writes the catalogue's); models and --points never go below it
	Frontage     int             `yaml:"frontage"`   // models per rank, characters counted; default min(models + characters, 5)
	Contact      int             `yaml:"contact"`    // front-rank models in base contact in close combat; default the whole frontage
	Equipment    []string        `yaml:"equipment"`  // light_armour, heavy_armour, plate_armour, shield, barding
	Mount        *Mount          `yaml:"mount"`
	Armour       scenarios.Roll  `yaml:"armour"`         // the armour save given directly, instead of equipment
	Natural      scenarios.Roll  `yaml:"natural_armour"` // natural armour such as scaly skin, which stacks with equipment
	Ward         scenarios.Rolls `yaml:"ward"`           // ward save, or a list of them (only the best counts)
	Regeneration scenarios.Roll  `yaml:"regeneration"`   // Regeneration (X+)
	Weapon       string          `yaml:"weapon"`         // close-combat weapon; hand_weapon by default
	Command      Command         `yaml:"command"`        // standard bearer, musician, champion, battle standard
	UnitStrength int             `yaml:"unit_strength"`  // per model; default by troop type
	Rules        Special         `yaml:"special_rules"`  // its rules, and those of its close-combat attacks
	Rerolls      Rerolls         `yaml:"rerolls"`
	Missile      *Missile        `yaml:"missile"` // its missile weapon, for shooting
	// StrengthBonus is a magic weapon's bonus to Strength in close combat.
	StrengthBonus int `yaml:"strength_bonus"`

	// What it costs (docs/import.md): points a model, and what the unit
	// pays beside its models (command, a champion, a banner); a unit of n
	// models costs n*points + unit_points. For sim matrix --points and
	// the results per 100 points; the fight never reads them.
	Points     float64 `yaml:"points"`
	UnitPoints float64 `yaml:"unit_points"`
	// NotSimulated lists, in words, what its source gives that the engine
	// does not model: sim import writes it; the fight never reads it.
	NotSimulated []string `yaml:"not_simulated"`

	// A unit's, for close combat (docs/rules.md, "Characters, champions
	// and challenges"):
	Characters      []Unit     `yaml:"characters"`         // characters who joined it, written as units of one model
	ChampionProfile *Profile   `yaml:"champion_profile"`   // its champion's, when it is not the rank and file's with one more A
	StrikeAt        string     `yaml:"strike_at"`          // the enemy character (or champion) its models in contact with it strike
	Challenge       *Challenge `yaml:"challenge"`          // whether it issues and accepts challenges
	GeneralLd       int        `yaml:"general_leadership"` // the Leadership of the General within 12", for its tests

	// Character says the unit is a lone character: one model, a unit of
	// its own, with the fields of a character (docs/rules.md "Lone
	// characters"); from: then names the character library.
	Character bool `yaml:"character"`

	// A character's:
	InContact      int  `yaml:"in_contact"`      // enemy models in base contact with it, who may strike it; 1 by default
	General        bool `yaml:"general"`         // the army's General
	BattleStandard bool `yaml:"battle_standard"` // carries the army's battle standard
}

// Challenge is a side's policy for challenges.
type Challenge struct {
	Issue  string `yaml:"issue"`  // never (default), always or if_character
	Accept string `yaml:"accept"` // always (default) or never
	By     string `yaml:"by"`     // the character (or champion) who issues and accepts; the first able by default
}

// Profile is a model's characteristics, all required.
type Profile struct {
	M  int `yaml:"M"`
	WS int `yaml:"WS"`
	BS int `yaml:"BS"`
	S  int `yaml:"S"`
	T  int `yaml:"T"`
	W  int `yaml:"W"`
	I  int `yaml:"I"`
	A  int `yaml:"A"`
	Ld int `yaml:"Ld"`
}

// Mount is what the models ride: its kind gives the armour bonus (seed
// 002), and its profile its own attacks in close combat.
type Mount struct {
	Name    string        `yaml:"name"`
	Kind    string        `yaml:"kind"`    // cavalry (+1), cold_one (+2) or monster (+0)
	Profile *MountProfile `yaml:"profile"` // if given, the mount attacks in close combat
	Rules   Special       `yaml:"special_rules"`
}

// MountProfile is what a mount fights with, and its Movement: a mounted
// model moves at its mount's (6th.whfb.app movement/cavalry-movement).
type MountProfile struct {
	M  int `yaml:"M"` // 0: the unit's own profile.M
	WS int `yaml:"WS"`
	S  int `yaml:"S"`
	I  int `yaml:"I"`
	A  int `yaml:"A"`
}

// Command is a unit's command models and banners.
type Command struct {
	Standard       bool `yaml:"standard"`
	Musician       bool `yaml:"musician"`
	Champion       bool `yaml:"champion"`
	BattleStandard bool `yaml:"battle_standard"`
}

// Special is the special rules of a group of attacks.
type Special struct {
	KillingBlow       bool             `yaml:"killing_blow"`
	HeroicKillingBlow bool             `yaml:"heroic_killing_blow"`
	PoisonedAttacks   bool             `yaml:"poisoned_attacks"`
	FlamingAttacks    bool             `yaml:"flaming_attacks"`
	IgnoresArmour     bool             `yaml:"ignores_armour"`
	ArmourPiercing    int              `yaml:"armour_piercing"` // extra armour save modifier, usually 1
	ArmourBane        int              `yaml:"armour_bane"`     // Armour Bane (X): a natural 6 to wound worsens the save by X more (The Old World)
	MultipleWounds    scenarios.Amount `yaml:"multiple_wounds"` // 2, 3, D3 or D6
	Hatred            bool             `yaml:"hatred"`          // close combat only
	// Rules of the unit itself, not of a weapon:
	CausesFear         bool             `yaml:"causes_fear"`
	CausesTerror       bool             `yaml:"causes_terror"` // and so Fear too
	Flammable          bool             `yaml:"flammable"`     // Flaming Attacks take its Regeneration (regenerate_flaming_wounds: unless_flammable)
	Stubborn           bool             `yaml:"stubborn"`
	Unbreakable        bool             `yaml:"unbreakable"`
	AlwaysStrikesFirst bool             `yaml:"always_strikes_first"`
	AlwaysStrikesLast  bool             `yaml:"always_strikes_last"`
	ImpactHits         scenarios.Amount `yaml:"impact_hits"` // per model in contact, on the charge: a number, D3 or D6
}

// Rerolls says which rolls are re-rolled: hits and wounds of the unit's
// attacks, armour and ward saves of its models.
type Rerolls struct {
	Hits   scenarios.Reroll `yaml:"hits"`
	Wounds scenarios.Reroll `yaml:"wounds"`
	Armour scenarios.Reroll `yaml:"armour"`
	Ward   scenarios.Reroll `yaml:"ward"`
}

// Missile is a unit's missile weapon.
type Missile struct {
	Name     string  `yaml:"name"`
	Strength int     `yaml:"strength"` // required
	Shots    int     `yaml:"shots"`    // per model; 1 by default
	Range    int     `yaml:"range"`    // inches, for long range when it stands and shoots; optional
	Rules    Special `yaml:"special_rules"`
	Rerolls  Rerolls `yaml:"rerolls"` // hits and wounds only
}

// Fight is what happens: a volley (one group of attacks at one unit,
// resolved as a phase) or a close combat fought to the break.
type Fight struct {
	Type string `yaml:"type"` // volley (default) or close_combat

	// A close combat:
	Sides []Side `yaml:"sides"` // the two sides: two units by id, or armies of 1 to 4 units
	// Charger, Facing and ChargeDistance belong to the two-unit form
	// (sides: [a, b]); an army says them on its units.
	Charger    string `yaml:"charger"`     // the unit that charged this turn, if any
	Facing     string `yaml:"facing"`      // where the charger struck: front (default), flank or rear
	HighGround string `yaml:"high_ground"` // the unit (or army) on higher ground, if any
	MaxRounds  int    `yaml:"max_rounds"`  // rounds fought at most; 10 by default
	// ChargeDistance is the whole inches the charger moved, for
	// charge_initiative (The Old World); 0 by default.
	ChargeDistance int `yaml:"charge_distance"`
	// Reaction is the charged unit's answer to the charge, in the
	// two-unit form: hold (default), stand_and_shoot or flee.
	Reaction string `yaml:"reaction"`

	// A volley:
	Attacker      string `yaml:"attacker"` // a unit id
	Target        string `yaml:"target"`   // a unit id
	Phase         string `yaml:"phase"`    // shooting or close_combat
	Attacks       *int   `yaml:"attacks"`  // default: the fighting rank's attacks, or every model's shots
	ToHitModifier int    `yaml:"to_hit_modifier"`
	Strength      int    `yaml:"strength"`   // Strength of each hit, for a weapon's bonus; default the attacker's S, or its missile's
	Round         int    `yaml:"round"`      // round of close combat; 1 (the first) by default
	Charged       bool   `yaml:"charged"`    // the attacker charged this turn (lances, mounted spears)
	AutoHit       bool   `yaml:"auto_hit"`   // every attack hits
	AutoWound     bool   `yaml:"auto_wound"` // every hit wounds
}

// Side is one side of a close combat (issue 30): one unit, written as its
// id ("trolls" is {unit: trolls}), or an army of 1 to 4 units,
// {id, name, units: [...]}.
type Side struct {
	Unit  string     `yaml:"unit"`  // a side of one unit: its id
	ID    string     `yaml:"id"`    // an army's: names its results (empire.wins); needed for 2 or more units
	Name  string     `yaml:"name"`  // an army's, for people; its id by default
	Units []SideUnit `yaml:"units"` // an army's units
}

// ShorthandField makes a side written as one id a side of that unit.
func (Side) ShorthandField() string { return "unit" }

// SideUnit is one unit of an army: its id ("knights" is {unit: knights}),
// whether it charged, and the enemy units it is in base contact with.
type SideUnit struct {
	Unit    string `yaml:"unit"`    // the unit's id
	Charged bool   `yaml:"charged"` // it charged this turn
	// ChargeDistance is the whole inches it charged, for
	// charge_initiative (The Old World); needs charged.
	ChargeDistance int `yaml:"charge_distance"`
	// Reaction is its answer to an enemy's charge: hold (default),
	// stand_and_shoot or flee.
	Reaction string `yaml:"reaction"`
	// Fights are the enemy units it touches. A unit that lists none
	// touches the front of the one enemy that lists it, with its contact.
	Fights []Contact `yaml:"fights"`
}

// ShorthandField makes a unit written as its id a unit of the army that
// lists no contacts of its own.
func (SideUnit) ShorthandField() string { return "unit" }

// Contact is a unit's base contact with one enemy unit.
type Contact struct {
	Unit string `yaml:"unit"` // the enemy unit's id
	At   string `yaml:"at"`   // the face of that enemy it touches: front (default), flank or rear
	// Models is how many of this unit's models touch that enemy; by
	// default its contact, when it has no other contact.
	Models int `yaml:"models"`
}
