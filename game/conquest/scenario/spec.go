package scenario

// This file and values.go are the scenario format of game: conquest
// (docs/conquest.md is its manual): the types below, field for field as
// written; validate.go checks them into located errors and
// build.go turns them into an game/conquest model.

// Scenario is a scenario file with game: conquest.
type Scenario struct {
	Game        string            `yaml:"game"` // conquest
	Name        string            `yaml:"name"`
	Title       string            `yaml:"title"`
	Description string            `yaml:"description"`
	Ruleset     string            `yaml:"ruleset"` // preset: 1.5 (default) or 2.0
	Rules       map[string]string `yaml:"rules"`   // options set one by one on the preset
	Trials      int64             `yaml:"trials"`
	Seed        *uint64           `yaml:"seed"`
	Regiments   []Regiment        `yaml:"regiments"`
	Fight       Fight             `yaml:"fight"`
}

// Regiment is a regiment: stands of models of one profile, with
// perhaps a Character, heal sources and damage taken before the fight.
type Regiment struct {
	ID            string     `yaml:"id"`
	From          string     `yaml:"from"` // a library regiment (regiments/NAME.yaml) to start from; the fields given here override its own
	Name          string     `yaml:"name"`
	Faction       string     `yaml:"faction"`
	Source        string     `yaml:"source"` // where the profile comes from
	Type          string     `yaml:"type"`   // infantry, cavalry, brute or monster
	Class         string     `yaml:"class"`  // light, medium or heavy
	Profile       Profile    `yaml:"profile"`
	Stands        int        `yaml:"stands"`        // its starting number of stands
	Models        int        `yaml:"models"`        // models on a full stand (1 under stand_profile per_stand)
	StandProfile  string     `yaml:"stand_profile"` // per_model or per_stand: the form its profile is written in, which the ruleset must share
	Frontage      int        `yaml:"frontage"`      // stands in the front rank; default min(stands, 3)
	Engaged       *int       `yaml:"engaged"`       // stands in contact in a Clash; default the frontage
	Rules         Rules      `yaml:"special_rules"`
	Character     *Character `yaml:"character"`
	Healing       []Heal     `yaml:"healing"`
	Start         Start      `yaml:"start"`
	RearInContact bool       `yaml:"rear_in_contact"` // Healing cannot restore stands
	NoRoom        bool       `yaml:"no_room"`         // no room behind it: the same
}

// Profile is the eight characteristics, all required.
type Profile struct {
	M int `yaml:"M"`
	V int `yaml:"V"`
	C int `yaml:"C"`
	A int `yaml:"A"`
	W int `yaml:"W"`
	R int `yaml:"R"`
	D int `yaml:"D"`
	E int `yaml:"E"`
}

// Rules is a regiment's or a Character's special rules: a number
// for the rules with an X, true for the others.
type Rules struct {
	Barrage           int    `yaml:"barrage"`
	ArmourPiercing    int    `yaml:"armour_piercing"`
	Cleave            int    `yaml:"cleave"`
	BrutalImpact      int    `yaml:"brutal_impact"`
	Impact            int    `yaml:"impact"`
	Fury              int    `yaml:"fury"`
	Support           int    `yaml:"support"`
	Terrifying        int    `yaml:"terrifying"`
	Smite             bool   `yaml:"smite"`
	Flurry            bool   `yaml:"flurry"`
	RelentlessBlows   bool   `yaml:"relentless_blows"`
	FlawlessStrikes   bool   `yaml:"flawless_strikes"`
	DeadlyBlades      bool   `yaml:"deadly_blades"`
	RapidVolley       bool   `yaml:"rapid_volley"`
	PreciseShot       bool   `yaml:"precise_shot"`
	DeadlyShot        bool   `yaml:"deadly_shot"`
	UnstoppableCharge bool   `yaml:"unstoppable_charge"`
	ThrowingWeapons   bool   `yaml:"throwing_weapons"`
	Linebreaker       bool   `yaml:"linebreaker"`
	Shield            bool   `yaml:"shield"`
	Bastion           int    `yaml:"bastion"`
	Hardened          int    `yaml:"hardened"`
	Parry             bool   `yaml:"parry"`
	Untouchable       bool   `yaml:"untouchable"`
	Fearless          bool   `yaml:"fearless"`
	Fearsome          bool   `yaml:"fearsome"`
	Phalanx           bool   `yaml:"phalanx"`
	IronDiscipline    bool   `yaml:"iron_discipline"`
	Opportunists      bool   `yaml:"opportunists"`
	FiendHunter       bool   `yaml:"fiend_hunter"`
	Leader            bool   `yaml:"leader"`
	Blessed           string `yaml:"blessed"` // hits or defence: what its Blessed re-rolls, once a turn
	TorrentialFire    bool   `yaml:"torrential_fire"`
	Decay             int    `yaml:"decay"`
	ResistDecay       int    `yaml:"resist_decay"`
	Indomitable       int    `yaml:"indomitable"`
	Tenacious         int    `yaml:"tenacious"`
	AuraOfDeath       int    `yaml:"aura_of_death"`
	Oblivious         bool   `yaml:"oblivious"`
	CounterAttack     bool   `yaml:"counter_attack"`
	LethalDemise      bool   `yaml:"lethal_demise"`
}

// Character is a Character stand joined to the regiment.
type Character struct {
	From    string  `yaml:"from"` // a library character (characters/NAME.yaml) to start from; the fields given here override its own
	Name    string  `yaml:"name"`
	Faction string  `yaml:"faction"`
	Source  string  `yaml:"source"`
	Class   string  `yaml:"class"` // light, medium or heavy: his own weight class; by default his regiment's
	Profile Profile `yaml:"profile"`
	Engaged bool    `yaml:"engaged"` // in contact in a Clash
	Rules   Rules   `yaml:"special_rules"`
	Spell   *Spell  `yaml:"spell"`
	// DrawEventRally: when the regiment is Broken as it activates, he
	// foregoes his actions to Rally it (a Draw Event).
	DrawEventRally bool `yaml:"draw_event_rally"`
}

// Spell is a healing or a damage spell, cast with the cast action.
type Spell struct {
	Name           string `yaml:"name"`
	Dice           int    `yaml:"dice"`             // the caster's Magic Level
	Difficulty     int    `yaml:"difficulty"`       // Casting Difficulty: each die equal or under is a success
	HealPerSuccess int    `yaml:"heal_per_success"` // Heal Points per success: a healing spell
	HitsPerSuccess int    `yaml:"hits_per_success"` // hits on the enemy per success: a damage spell
	ArmourPiercing int    `yaml:"armour_piercing"`  // a damage spell's hits: −X Defence
	Scaling        bool   `yaml:"scaling"`          // marked (Scaling): harder to cast at a large regiment
	Interference   bool   `yaml:"interference"`     // an enemy caster within 8" of the caster or the target: one die fewer
}

// Heal is a heal source at the start of each activation.
type Heal struct {
	Name   string `yaml:"name"`
	Kind   string `yaml:"kind"`   // regeneration or heal
	Amount Amount `yaml:"amount"` // 6, D3, D6 or 2D6
}

// Start is the damage a regiment has before the fight.
type Start struct {
	StandsLost       int `yaml:"stands_lost"`
	ModelsLost       int `yaml:"models_lost"`       // from its incomplete stand
	Wounded          int `yaml:"wounded"`           // Wounded markers beside it
	CharacterWounded int `yaml:"character_wounded"` // Wounded markers on its Character
}

// Fight is what happens: one action (clash, charge or volley) or a
// fight of several turns.
type Fight struct {
	Type string `yaml:"type"` // clash, charge, volley or turns

	// One action.
	Attacker  string `yaml:"attacker"`
	Target    string `yaml:"target"`
	Facing    string `yaml:"facing"` // the arc of the target it strikes: front (default), flank or rear
	Inspired  bool   `yaml:"inspired"`
	Aimed     bool   `yaml:"aimed"`
	Obscured  bool   `yaml:"obscured"`
	LongRange bool   `yaml:"long_range"`

	// Several turns.
	Turns      int    `yaml:"turns"`
	Sides      []Side `yaml:"sides"`      // in activation order, under in_order
	Activation string `yaml:"activation"` // in_order (default) or roll_off: who activates first each turn
}

// Side is one regiment of a fight of several turns.
type Side struct {
	Regiment  string   `yaml:"regiment"`
	Army      int      `yaml:"army"`       // 1 or 2: whose it is (with two sides, by default the first's and the second's)
	Target    string   `yaml:"target"`     // the enemy regiment its attacks strike (with two sides, by default the other)
	FirstTurn []string `yaml:"first_turn"` // its actions in turn 1; default its actions
	Actions   []string `yaml:"actions"`    // in every later turn
	Facing    string   `yaml:"facing"`
	Inspired  bool     `yaml:"inspired"`
	Aimed     bool     `yaml:"aimed"`
	Obscured  bool     `yaml:"obscured"`
	LongRange bool     `yaml:"long_range"`
}
