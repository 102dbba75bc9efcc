package toygame

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// The bounds of a scenario: they keep the exact solver's states and the
// dice of a round small.
const (
	MaxModels        = 20
	MaxAttacks       = 10
	MaxRounds        = 20
	DefaultMaxRounds = 10 // max_rounds when a scenario gives none
)

// Side is one band as the fight takes it.
type Side struct {
	ID      string
	Models  int // 1..MaxModels
	Attacks int // per model, 1..MaxAttacks
	HitOn   int // the D6 roll that hits, 2..6
}

// Skirmish is a fight of two bands, round by round (the package doc's
// rules): an [engine.Model] and, exactly, an [engine.Solver]. Its trials
// allocate nothing: a Skirmish is its own Trialer, with no scratch.
type Skirmish struct {
	rules     Ruleset
	sides     [2]Side
	maxRounds int
}

// NewSkirmish is the fight of sides under rules, for at most maxRounds
// rounds; sides and maxRounds must lie in the bounds above.
func NewSkirmish(rules *Ruleset, sides [2]Side, maxRounds int) (*Skirmish, error) {
	for _, s := range sides {
		if s.Models < 1 || s.Models > MaxModels || s.Attacks < 1 || s.Attacks > MaxAttacks || s.HitOn < 2 || s.HitOn > 6 {
			return nil, fmt.Errorf("toygame: band %s out of bounds: %+v", s.ID, s)
		}
	}
	if maxRounds < 1 || maxRounds > MaxRounds {
		return nil, fmt.Errorf("toygame: max_rounds %d out of 1..%d", maxRounds, MaxRounds)
	}
	return &Skirmish{rules: *rules, sides: sides, maxRounds: maxRounds}, nil
}

// The metrics and events, in the order of Metrics and Events.
const (
	casualties0, casualties1, rounds = 0, 1, 2
	wins0, wins1, draw               = 0, 1, 2
)

// Metrics are each band's casualties and the rounds fought.
func (k *Skirmish) Metrics() []engine.Metric {
	return []engine.Metric{
		{Name: k.sides[0].ID + ".casualties", Max: k.sides[0].Models},
		{Name: k.sides[1].ID + ".casualties", Max: k.sides[1].Models},
		{Name: "rounds", Max: k.maxRounds}, // never 0, but a count's range starts at 0,
	}
}

// Events are each band's win and the draw.
func (k *Skirmish) Events() []string {
	return []string{k.sides[0].ID + ".wins", k.sides[1].ID + ".wins", "draw"}
}

// NewTrialer is the Skirmish itself: a trial needs no scratch.
func (k *Skirmish) NewTrialer() engine.Trialer { return k }

// Trial fights the bands round by round until one has no model left or
// maxRounds are fought.
func (k *Skirmish) Trial(d *engine.Dice, r *engine.TrialResult) {
	left := [2]int{k.sides[0].Models, k.sides[1].Models}
	round := 0
	for left[0] > 0 && left[1] > 0 && round < k.maxRounds {
		round++
		if k.rules.Strikes == StrikeTogether {
			h0, h1 := k.hits(d, 0, left[0]), k.hits(d, 1, left[1])
			left[0], left[1] = max(0, left[0]-h1), max(0, left[1]-h0)
			continue
		}
		left[1] = max(0, left[1]-k.hits(d, 0, left[0]))
		if left[1] > 0 {
			left[0] = max(0, left[0]-k.hits(d, 1, left[1]))
		}
	}
	k.record(r.Values, r.Events, left, round)
}

// hits rolls the attacks of models of side s: each die that rolls its
// hit_on hits, and each miss is rolled again under reroll_misses.
func (k *Skirmish) hits(d *engine.Dice, s, models int) int {
	n := models * k.sides[s].Attacks
	h := d.Count(n, k.sides[s].HitOn)
	if k.rules.RerollMisses {
		h += d.Count(n-h, k.sides[s].HitOn)
	}
	return h
}

// record writes the results of a fight that ended with left models
// standing after round rounds.
func (k *Skirmish) record(values []int, events []bool, left [2]int, round int) {
	values[casualties0] = k.sides[0].Models - left[0]
	values[casualties1] = k.sides[1].Models - left[1]
	values[rounds] = round
	switch {
	case left[0] > 0 && left[1] == 0:
		events[wins0] = true
	case left[1] > 0 && left[0] == 0:
		events[wins1] = true
	default:
		events[draw] = true
	}
}

// Describe is the fight in words, for reports.
func (k *Skirmish) Describe() []string {
	order := "the bands strike together"
	if k.rules.Strikes == StrikeInTurn {
		order = k.sides[0].ID + " strikes first"
	}
	if k.rules.RerollMisses {
		order += ", misses rolled again"
	}
	lines := []string{fmt.Sprintf("%s; at most %d rounds", order, k.maxRounds)}
	for _, s := range k.sides {
		lines = append(lines, fmt.Sprintf("%s: %s, %s each, hit on %d+", s.ID, count(s.Models, "model"), count(s.Attacks, "attack"), s.HitOn))
	}
	return lines
}

// count is "1 model", "3 models".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
