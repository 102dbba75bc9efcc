package options

// Ruleset is a ruleset of any game as the layers above the rules see it:
// a name, the preset it started from, and named options to read and set.
// [Rules] implements it for every game; commands, scenarios and reports
// use only this, so that they name no game.
type Ruleset interface {
	Game() string   // the game whose rules these are: "warhammer", "wotr", "conquest"
	Name() string   // for people: the preset's name, a house-rules file's, or what the caller set
	Preset() string // the preset it started from
	Rename(name string)
	// Set sets option to value, recording origin (such as "scenario
	// rules") as where the value came from; on error nothing changes.
	Set(option, value, origin string) error
	// Get returns option's value and where it came from.
	Get(option string) (value, origin string, ok bool)
	// Changed returns the options whose values did not come from the
	// preset, with their values, or nil if there are none.
	Changed() map[string]string
	// Options describes every option, in the order the game's docs give them.
	Options() []Info
	// Copy returns a copy that can be changed without changing this one.
	Copy() Ruleset
}

// Info is what people read about one option, whatever its ruleset type.
type Info struct {
	Name    string
	Values  string // the values it takes, for people ([Option.ValuesText])
	Tag     string // V, S, I or U (RULES.md §0.1)
	Source  string
	Summary string
}

// System is one game's rule system: its options and its presets. A game
// declares one as a package variable; [System.Preset] makes its rulesets.
type System[R any] struct {
	Game    string // the game's name, as scenarios' game field gives it
	Default string // the preset used when a scenario names none
	Options List[R]
	Presets Presets[R]
}

// PresetNames lists the presets, sorted.
func (s *System[R]) PresetNames() []string { return s.Presets.Names() }

// DefaultPreset is the preset used when a scenario names none.
func (s *System[R]) DefaultPreset() string { return s.Default }

// NewRuleset is [System.Preset] as a [Ruleset], for callers that name no
// game.
func (s *System[R]) NewRuleset(preset string) (Ruleset, error) {
	r, err := s.Preset(preset)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Preset returns a fresh ruleset of the named preset, every option's
// origin "preset NAME". An unknown name is an error that lists the presets.
func (s *System[R]) Preset(name string) (*Rules[R], error) {
	v, err := s.Presets.Build(name)
	if err != nil {
		return nil, err
	}
	return &Rules[R]{Values: v, name: name, preset: name, from: s.Options.PresetOrigins(name), sys: s}, nil
}

// Rules is a ruleset of the system R: the option values the rules code
// reads (Values), with the ruleset's name, its preset and where each value
// came from. Make one with [System.Preset].
type Rules[R any] struct {
	Values R

	name, preset string
	from         Origins
	sys          *System[R]
}

// Game returns the name of the game whose rules these are.
func (r *Rules[R]) Game() string { return r.sys.Game }

// Name names the ruleset for people.
func (r *Rules[R]) Name() string { return r.name }

// Preset returns the preset the ruleset started from.
func (r *Rules[R]) Preset() string { return r.preset }

// Rename sets the ruleset's name for people.
func (r *Rules[R]) Rename(name string) { r.name = name }

// Set sets the option to value, recording origin as where the value came
// from. An unknown option is an error that lists the options, and suggests
// the nearest name when one is at most two edits away; on any error r is
// unchanged.
func (r *Rules[R]) Set(option, value, origin string) error {
	return r.sys.Options.Set(&r.Values, &r.from, option, value, origin)
}

// Get returns the value of option and where it came from.
func (r *Rules[R]) Get(option string) (value, origin string, ok bool) {
	return r.sys.Options.Get(&r.Values, r.from, option)
}

// Changed returns the options whose values did not come from the preset,
// with their values, or nil if there are none.
func (r *Rules[R]) Changed() map[string]string {
	return r.sys.Options.Changed(&r.Values, r.from, r.preset)
}

// Options describes every option of the system, in order.
func (r *Rules[R]) Options() []Info {
	infos := make([]Info, len(r.sys.Options))
	for i, o := range r.sys.Options {
		infos[i] = Info{Name: o.Name, Values: o.ValuesText(), Tag: o.Tag, Source: o.Source, Summary: o.Summary}
	}
	return infos
}

// Clone returns a copy of r that can be changed without changing r, or nil
// for nil. Values is copied as a struct: a system whose values hold maps or
// slices must not change them in place.
func (r *Rules[R]) Clone() *Rules[R] {
	if r == nil {
		return nil
	}
	c := *r
	c.from = r.from.Clone()
	return &c
}

// Copy is Clone, as a [Ruleset].
func (r *Rules[R]) Copy() Ruleset { return r.Clone() }
