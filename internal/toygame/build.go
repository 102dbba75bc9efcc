package toygame

import (
	"fmt"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/scenarios"
)

// build turns a validated scenario into a plan, under rules (nil: the
// scenario's own).
func build(file string, s *Scenario, rules *options.Rules[Ruleset]) (*scenarios.Plan, error) {
	rs := rules.Clone()
	if rules == nil {
		var err error
		if rs, err = System.Preset(scenarios.OrDefault(s.Ruleset, DefaultPreset)); err != nil {
			return nil, err
		}
		if err := scenarios.SetRules(rs, s.Rules); err != nil {
			return nil, err
		}
	}
	var sides [2]Side
	names := map[string]string{}
	for i, b := range s.Bands {
		sides[i] = Side{ID: b.ID, Models: b.Models, Attacks: b.Attacks, HitOn: int(b.HitOn)}
		if b.Name != "" {
			names[b.ID] = b.Name
		}
	}
	rounds := s.Fight.MaxRounds
	if rounds == 0 {
		rounds = DefaultMaxRounds
	}
	k, err := NewSkirmish(&rs.Values, sides, rounds)
	if err != nil {
		return nil, err
	}
	return &scenarios.Plan{
		Game: "toy", Name: s.Name, Title: s.Title, Description: s.Description, File: file,
		Ruleset: rs, RulesetName: rs.Preset(), Rules: rs.Changed(), Trials: s.Trials, Seed: s.Seed,
		Model: k, Names: names,
		Lines: append([]string{bandName(&s.Bands[0]) + " against " + bandName(&s.Bands[1])}, k.Describe()...),
		Roles: map[string]string{sides[0].ID: "first", sides[1].ID: "second"},
	}, nil
}

// bandName is "Red Band (red)", or the id alone.
func bandName(b *Band) string {
	if b.Name != "" {
		return fmt.Sprintf("%s (%s)", b.Name, b.ID)
	}
	return b.ID
}
