package scenario

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/wargamesim/sim/game/wotr"
	"github.com/wargamesim/sim/scenarios"
)

// The War of the Ring scenario format (game: wotr): the types below are a
// file as written, field for field; docs/wotr.md ("Scenario format") is
// their manual. Decoding is strict, as for Warhammer; validate.go
// checks ranges and references into located errors, and build.go
// makes the engine's turn.

// Scenario is a War of the Ring scenario file.
type Scenario struct {
	Game        string            `yaml:"game"` // wotr
	Name        string            `yaml:"name"`
	Title       string            `yaml:"title"`
	Description string            `yaml:"description"`
	Ruleset     string            `yaml:"ruleset"`      // the preset: wotr (the default, and only one)
	Rules       map[string]string `yaml:"rules"`        // options set one by one on the preset
	MightPolicy string            `yaml:"might_policy"` // none, duel (default), greedy, defend or save: each hero's unless he gives his own
	Trials      int64             `yaml:"trials"`
	Seed        *uint64           `yaml:"seed"`
	Formations  []Formation       `yaml:"formations"` // exactly two
	Fight       Fight             `yaml:"fight"`
}

// Formation is a formation of identical companies, with its heroes.
type Formation struct {
	ID          string  `yaml:"id"`
	From        string  `yaml:"from"` // a library formation (formations/NAME.yaml) to start from; the fields given here override its own
	Name        string  `yaml:"name"`
	Source      string  `yaml:"source"`
	Faction     string  `yaml:"faction"` // for the reader and sim units: Gondor, Rohan, Isengard, Mordor, Elves, Dwarves...; the fight never reads it
	Type        string  `yaml:"type"`    // infantry (default), cavalry or monster
	Profile     Profile `yaml:"profile"`
	Companies   int     `yaml:"companies"`
	CompanySize int     `yaml:"company_size"` // models in a full company: 8 infantry, 2 cavalry, 1 monster by default
	Frontage    int     `yaml:"frontage"`     // companies in the front rank: 2 by default, or fewer if there are fewer
	Contact     int     `yaml:"contact"`      // companies in contact: by default worked out from the widths
	Shield      bool    `yaml:"shield"`       // +2 Defence against the front
	Banner      bool    `yaml:"banner"`       // re-roll the Panic test
	SteadfastOn int     `yaml:"steadfast_on"` // the Panic roll that holds: 6 by default
	HardToKill  string  `yaml:"hard_to_kill"` // hard or very_hard
	ToHitMod    int     `yaml:"to_hit_modifier"`
	SupportDice int     `yaml:"support_dice"` // dice per supporting company, when not the ruleset's (Mob Rule: 2)
	Lances      bool    `yaml:"lances"`       // +1 to hit in the turn it charges
	Pikes       bool    `yaml:"pikes"`        // Fight +1; no charge bonus for it or for who charges it
	Terror      bool    `yaml:"terror"`       // a formation it charges tests Courage (Fight 0 on a failure); one charging it tests first
	Berserk     bool    `yaml:"berserk"`      // having charged, a D6 at the start of the fight phase: 1 D6 hits on itself, 2-5 S+2, 6 S+4
	Heroes      []Hero  `yaml:"heroes"`
}

// Profile is a company's profile, all required.
type Profile struct {
	F int `yaml:"F"`
	S int `yaml:"S"`
	D int `yaml:"D"` // without the shield
	A int `yaml:"A"` // dice per company
	R int `yaml:"R"`
	C int `yaml:"C"`
}

// Hero is a hero leading his formation's command company.
type Hero struct {
	ID          string      `yaml:"id"`
	From        string      `yaml:"from"` // a library hero (heroes/NAME.yaml) to start from; the fields given here override his own
	Name        string      `yaml:"name"`
	Source      string      `yaml:"source"`
	Faction     string      `yaml:"faction"` // as a formation's: the fight never reads it
	Profile     HeroProfile `yaml:"profile"`
	HardToKill  string      `yaml:"hard_to_kill"`
	MightPolicy string      `yaml:"might_policy"`
	BodyguardOf string      `yaml:"bodyguard_of"` // the id of a hero of his formation whose duels he fights while he lives
	Actions     []Action    `yaml:"actions"`      // declared this turn
}

// HeroProfile is what a hero brings: Fight, Resilience and Courage,
// all required, and Might (0 by default).
type HeroProfile struct {
	F     int `yaml:"F"`
	R     int `yaml:"R"`
	C     int `yaml:"C"`
	Might int `yaml:"Might"`
}

// Action is one declared heroic or epic action.
type Action struct {
	Action       string `yaml:"action"`        // heroic_move, heroic_shoot, heroic_charge, heroic_combat, heroic_duel, epic_duel, epic_strike
	Target       string `yaml:"target"`        // a duel's: an enemy hero's id, or the enemy formation's (its first hero)
	SecondCharge string `yaml:"second_charge"` // a heroic_combat's: charge (default), decline or decline_if_duel
	Turns        []int  `yaml:"turns"`         // the turns it is declared in (1 is the first); every turn by default
}

// Fight is what the turn is.
type Fight struct {
	Type    string    `yaml:"type"`    // fight (default): the formations fight; duels: only the duels are fought
	Charger string    `yaml:"charger"` // the formation that charges this turn, if any (a heroic_charge decides otherwise)
	Turns   TurnCount `yaml:"turns"`   // turns played, 1 (default) to 12, or until_destroyed (docs/wotr.md, "Several turns")
}

// UntilDestroyed is how fight.turns writes "play until a formation is
// destroyed": the most turns a fight plays, since a fight ends early
// when a formation is destroyed.
const UntilDestroyed = "until_destroyed"

// TurnCount is fight.turns: a number of turns, or UntilDestroyed, which
// reads as wotr.MaxTurns.
type TurnCount int

// UnmarshalYAML reads 3 or until_destroyed.
func (t *TurnCount) UnmarshalYAML(n *yaml.Node) error {
	n = scenarios.Resolve(n)
	if n.Kind == yaml.ScalarNode && strings.TrimSpace(n.Value) == UntilDestroyed {
		*t = wotr.MaxTurns
		return nil
	}
	var k int
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("expected a number of turns (1 to %d) or %s, got a %s", wotr.MaxTurns, UntilDestroyed, scenarios.KindName(n))
	}
	if err := n.Decode(&k); err != nil {
		return fmt.Errorf("expected a number of turns (1 to %d) or %s, got %q", wotr.MaxTurns, UntilDestroyed, n.Value)
	}
	*t = TurnCount(k)
	return nil
}
