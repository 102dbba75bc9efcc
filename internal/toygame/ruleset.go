package toygame

import "github.com/wargamesim/sim/engine/options"

// Ruleset is the toy game's rules as named options (optionList lists
// them).
type Ruleset struct {
	Strikes      Strikes // whether the bands strike together or in turn
	RerollMisses bool    // every missed attack is rolled once more
}

// Strikes is the order the bands strike in, within a round.
type Strikes uint8

const (
	StrikeTogether Strikes = iota // both at once; casualties removed at the round's end
	StrikeInTurn                  // the first band, then the second with the models it has left
)

// optionList is every option of the toy game, as the package doc gives
// them.
var optionList = options.List[Ruleset]{
	options.Enum("strikes", "V", "package toygame, The rules",
		"whether the bands strike together, casualties removed at the round's end, or in turn, the first band listed first",
		[]string{"together", "in_turn"}, func(r *Ruleset) *Strikes { return &r.Strikes }),
	options.Bool("reroll_misses", "V", "package toygame, The rules",
		"every missed attack is rolled once more",
		func(r *Ruleset) *bool { return &r.RerollMisses }),
}

// DefaultPreset is the preset of a scenario that names none.
const DefaultPreset = "toy1"

// presets are named so as to clash with no real game's (preset names are
// unique across games).
var presets = options.Presets[Ruleset]{
	"toy1": func() Ruleset { return Ruleset{Strikes: StrikeTogether} },
	"toy2": func() Ruleset { return Ruleset{Strikes: StrikeInTurn, RerollMisses: true} },
}

// System is the toy game's rule system: its options and presets.
var System = &options.System[Ruleset]{Game: "toy", Default: DefaultPreset, Options: optionList, Presets: presets}
