package warhammer

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Ruleset is an edition's rules as named options. A preset ([Preset]) fills
// every option; a scenario may then set options one by one ([Ruleset.Set]),
// for house rules or to see what one difference does.
type Ruleset struct {
	// Name is the preset the ruleset started from ("6th", "8th").
	Name string

	// Regeneration is when Regeneration is rolled.
	Regeneration RegenTiming
	// FlamingRegen is how long a unit wounded by Flaming Attacks loses
	// Regeneration.
	FlamingRegen RegenLoss
	// RegenDice is how many dice end-of-phase Regeneration rolls when a hit
	// causes Multiple Wounds.
	RegenDice RegenDice
	// RegenOrWard is which save a model with both a ward save and
	// Regeneration takes, when Regeneration is a save.
	RegenOrWard RegenChoice
	// KillingBlowTargets are the troop types Killing Blow slays outright.
	KillingBlowTargets TroopSet
	// KillingBlowWounds is what a Killing Blow kill adds to combat result.
	KillingBlowWounds KBWounds
	// KillingBlowOrder is whether Killing Blows land before or after the
	// other wounds of the same attacks.
	KillingBlowOrder KBOrder
	// SixAlwaysHits: in close combat a natural 6 hits whatever the modifiers.
	SixAlwaysHits bool

	from map[string]string // option name → where its value came from
}

// RegenTiming is when Regeneration is rolled.
type RegenTiming uint8

const (
	RegenEndOfPhase RegenTiming = iota // once all attacks of the phase are resolved (6th, seed 000)
	RegenSave                          // as a save after armour, instead of a ward (8th)
)

// RegenLoss is how long Flaming Attacks take Regeneration away.
type RegenLoss uint8

const (
	LoseRegenForBattle RegenLoss = iota // for the rest of the battle (6th, seed 000)
	LoseRegenForPhase                   // for the rest of the phase (8th)
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

// Option describes one named option: its values, what it means and where
// it comes from. docs/rules.md holds the same, longer.
type Option struct {
	Name    string
	Values  []string // the values it takes; for troop lists, the troop type names
	Summary string
	// Tag is the confidence of the rule behind it, as RULES.md §0.1 defines:
	// V verified, S secondary, I interpretation, U uncertain.
	Tag    string
	Source string
	get    func(*Ruleset) string
	set    func(*Ruleset, string) error
}

// enumOption builds an option over a small enum type.
func enumOption[T ~uint8](name, summary, tag, source string, values []string, field func(*Ruleset) *T) Option {
	return Option{
		Name: name, Values: values, Summary: summary, Tag: tag, Source: source,
		get: func(r *Ruleset) string { return values[*field(r)] },
		set: func(r *Ruleset, v string) error {
			i := slices.Index(values, v)
			if i < 0 {
				return fmt.Errorf("unknown value %q; use one of %s", v, strings.Join(values, ", "))
			}
			*field(r) = T(i)
			return nil
		},
	}
}

var options = []Option{
	enumOption("regeneration",
		"when Regeneration is rolled: after all attacks of the phase (restoring slain models), or as a save after armour",
		"V", "seed 000; RULES.md §2.7.5, §3.2",
		[]string{"end_of_phase", "save"}, func(r *Ruleset) *RegenTiming { return &r.Regeneration }),
	enumOption("flaming_removes_regeneration",
		"how long a unit that suffers a wound from Flaming Attacks loses Regeneration",
		"V", "seed 000 (battle); RULES.md §2.7.5 (8th: phase)",
		[]string{"battle", "phase"}, func(r *Ruleset) *RegenLoss { return &r.FlamingRegen }),
	enumOption("regeneration_dice",
		"end-of-phase Regeneration: one die per unsaved wound (capped at the wounds lost), or one per wound lost; they differ only with Multiple Wounds",
		"I", "seed 000 says one die per unsaved wound; RULES.md §3.2",
		[]string{"unsaved_wounds", "wounds_lost"}, func(r *Ruleset) *RegenDice { return &r.RegenDice }),
	enumOption("regeneration_or_ward",
		"Regeneration as a save replaces the ward save; the model takes the better of the two, or always one of them",
		"I", "RULES.md §2.7.4 (8th: the player chooses)",
		[]string{"better", "regeneration", "ward"}, func(r *Ruleset) *RegenChoice { return &r.RegenOrWard }),
	{
		Name:    "killing_blow_targets",
		Values:  append(TroopTypeNames(), "all"),
		Summary: "the troop types Killing Blow slays outright (a comma-separated list, or all)",
		Tag:     "I", Source: "RULES.md §3.1 (6th: man-sized, read as infantry and cavalry), §2.9.1 (8th: infantry, cavalry, war beasts [V])",
		get: func(r *Ruleset) string { return r.KillingBlowTargets.String() },
		set: func(r *Ruleset, v string) error {
			s, err := parseTroopSet(v)
			if err == nil {
				r.KillingBlowTargets = s
			}
			return err
		},
	},
	enumOption("killing_blow_combat_result",
		"what a model slain by Killing Blow adds to combat result: the wounds it had left, or its profile Wounds",
		"V", "seed 000 (remaining); RULES.md §2.9.1 (8th: profile)",
		[]string{"remaining_wounds", "profile_wounds"}, func(r *Ruleset) *KBWounds { return &r.KillingBlowWounds }),
	enumOption("killing_blow_order",
		"whether a volley's other wounds are marked before its Killing Blows (which then slay the model carrying them) or after",
		"I", "not covered by the seeds or RULES.md",
		[]string{"after_other_wounds", "before_other_wounds"}, func(r *Ruleset) *KBOrder { return &r.KillingBlowOrder }),
	{
		Name:    "six_always_hits",
		Values:  []string{"yes", "no"},
		Summary: "in close combat a natural 6 hits whatever the modifiers",
		Tag:     "I", Source: "RULES.md §2.4 (8th [V]; 6th does not say: kept, since it matters only with to-hit modifiers)",
		get: func(r *Ruleset) string { return yesNo(r.SixAlwaysHits) },
		set: func(r *Ruleset, v string) error { return setYesNo(&r.SixAlwaysHits, v) },
	},
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func setYesNo(b *bool, v string) error {
	switch v {
	case "yes":
		*b = true
	case "no":
		*b = false
	default:
		return fmt.Errorf("unknown value %q; use yes or no", v)
	}
	return nil
}

// Options lists every option, in the order docs/rules.md gives them.
func Options() []Option { return slices.Clone(options) }

// DefaultPreset is the ruleset used when a scenario names none: the 6th
// edition of the seeds, followed to the letter.
const DefaultPreset = "6th"

var presets = map[string]func() Ruleset{
	"6th": func() Ruleset {
		return Ruleset{
			Name:               "6th",
			Regeneration:       RegenEndOfPhase,
			FlamingRegen:       LoseRegenForBattle,
			RegenDice:          RegenPerUnsavedWound,
			RegenOrWard:        RegenOrWardBetter,
			KillingBlowTargets: Troops(Infantry, Cavalry),
			KillingBlowWounds:  KBRemainingWounds,
			KillingBlowOrder:   KBAfterOtherWounds,
			SixAlwaysHits:      true,
		}
	},
	"8th": func() Ruleset {
		return Ruleset{
			Name:               "8th",
			Regeneration:       RegenSave,
			FlamingRegen:       LoseRegenForPhase,
			RegenDice:          RegenPerUnsavedWound,
			RegenOrWard:        RegenOrWardBetter,
			KillingBlowTargets: Troops(Infantry, Cavalry, WarBeast),
			KillingBlowWounds:  KBProfileWounds,
			KillingBlowOrder:   KBAfterOtherWounds,
			SixAlwaysHits:      true,
		}
	},
}

// PresetNames lists the presets, sorted.
func PresetNames() []string {
	names := make([]string, 0, len(presets))
	for n := range presets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Preset returns the ruleset of a named preset.
func Preset(name string) (*Ruleset, error) {
	p, ok := presets[name]
	if !ok {
		return nil, fmt.Errorf("unknown ruleset %q; use one of %s", name, strings.Join(PresetNames(), ", "))
	}
	r := p()
	r.from = map[string]string{}
	for _, o := range options {
		r.from[o.Name] = "preset " + name
	}
	return &r, nil
}

// Set sets the option name to value, recording origin (such as "scenario
// rules") as where the value came from.
func (r *Ruleset) Set(name, value, origin string) error {
	for _, o := range options {
		if o.Name == name {
			if err := o.set(r, value); err != nil {
				return err
			}
			if r.from == nil {
				r.from = map[string]string{}
			}
			r.from[name] = origin
			return nil
		}
	}
	return fmt.Errorf("unknown rule option %q; options are %s", name, strings.Join(OptionNames(), ", "))
}

// Get returns the value of option name and where it came from.
func (r *Ruleset) Get(name string) (value, origin string, ok bool) {
	for _, o := range options {
		if o.Name == name {
			return o.get(r), r.from[name], true
		}
	}
	return "", "", false
}

// OptionNames lists the option names in order.
func OptionNames() []string {
	names := make([]string, len(options))
	for i, o := range options {
		names[i] = o.Name
	}
	return names
}
