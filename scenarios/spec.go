package scenarios

// The types in this file are a scenario file as written, field for field;
// docs/scenarios.md is their manual. Decoding is strict (decode.go): an
// unknown field is an error. Validation (validate.go) then checks ranges and
// references, and build.go turns a valid scenario into a runnable model.

// Scenario is one scenario file.
type Scenario struct {
	Name        string            `yaml:"name"`        // short name; defaults to the file name without .yaml
	Title       string            `yaml:"title"`       // one line for reports and charts
	Description string            `yaml:"description"` // what it shows, and where the profiles come from
	Ruleset     string            `yaml:"ruleset"`     // preset: 6th (default) or 8th
	Rules       map[string]string `yaml:"rules"`       // options set one by one on the preset
	Trials      int64             `yaml:"trials"`      // default trial count (the command line overrides it)
	Seed        *uint64           `yaml:"seed"`        // default seed (the command line overrides it)
	Units       []Unit            `yaml:"units"`
	Fight       Fight             `yaml:"fight"`
}

// Unit is a unit of identical models.
type Unit struct {
	ID           string   `yaml:"id"`     // names the unit in the fight and in metric names: lowercase letters, digits, - and _
	Name         string   `yaml:"name"`   // for people
	Source       string   `yaml:"source"` // where the profile comes from
	Type         string   `yaml:"type"`   // troop type; infantry by default, cavalry when mounted
	Profile      Profile  `yaml:"profile"`
	Models       int      `yaml:"models"`
	Frontage     int      `yaml:"frontage"`  // models per rank; default min(models, 5)
	Equipment    []string `yaml:"equipment"` // light_armour, heavy_armour, plate_armour, shield, barding
	Mount        *Mount   `yaml:"mount"`
	Armour       Roll     `yaml:"armour"`         // the armour save given directly, instead of equipment
	Natural      Roll     `yaml:"natural_armour"` // natural armour such as scaly skin, which stacks with equipment
	Ward         Rolls    `yaml:"ward"`           // ward save, or a list of them (only the best counts)
	Regeneration Roll     `yaml:"regeneration"`   // Regeneration (X+)
	Rules        Special  `yaml:"special_rules"`  // rules of its close-combat attacks
	Rerolls      Rerolls  `yaml:"rerolls"`
	Missile      *Missile `yaml:"missile"` // its missile weapon, for shooting
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

// Mount is what the models ride, for their armour save (seed 002).
type Mount struct {
	Name string `yaml:"name"`
	Kind string `yaml:"kind"` // cavalry (+1), cold_one (+2) or monster (+0)
}

// Special is the special rules of a group of attacks.
type Special struct {
	KillingBlow       bool   `yaml:"killing_blow"`
	HeroicKillingBlow bool   `yaml:"heroic_killing_blow"`
	PoisonedAttacks   bool   `yaml:"poisoned_attacks"`
	FlamingAttacks    bool   `yaml:"flaming_attacks"`
	IgnoresArmour     bool   `yaml:"ignores_armour"`
	ArmourPiercing    int    `yaml:"armour_piercing"` // extra armour save modifier, usually 1
	MultipleWounds    Amount `yaml:"multiple_wounds"` // 2, 3, D3 or D6
	Hatred            bool   `yaml:"hatred"`          // close combat only
}

// Rerolls says which rolls are re-rolled: hits and wounds of the unit's
// attacks, armour and ward saves of its models.
type Rerolls struct {
	Hits   Reroll `yaml:"hits"`
	Wounds Reroll `yaml:"wounds"`
	Armour Reroll `yaml:"armour"`
	Ward   Reroll `yaml:"ward"`
}

// Missile is a unit's missile weapon.
type Missile struct {
	Name     string  `yaml:"name"`
	Strength int     `yaml:"strength"` // required
	Shots    int     `yaml:"shots"`    // per model; 1 by default
	Rules    Special `yaml:"special_rules"`
	Rerolls  Rerolls `yaml:"rerolls"` // hits and wounds only
}

// Fight is what happens. The only type so far is a volley: one group of
// attacks at one unit, resolved as a phase.
type Fight struct {
	Type          string `yaml:"type"`     // volley
	Attacker      string `yaml:"attacker"` // a unit id
	Target        string `yaml:"target"`   // a unit id
	Phase         string `yaml:"phase"`    // shooting or close_combat
	Attacks       *int   `yaml:"attacks"`  // default: the fighting rank's attacks, or every model's shots
	ToHitModifier int    `yaml:"to_hit_modifier"`
	Strength      int    `yaml:"strength"`   // Strength of each hit, for a weapon's bonus; default the attacker's S, or its missile's
	Round         int    `yaml:"round"`      // round of close combat; 1 (the first) by default
	AutoHit       bool   `yaml:"auto_hit"`   // every attack hits
	AutoWound     bool   `yaml:"auto_wound"` // every hit wounds
}
