package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Balance is the result of sim balance: where, along a whole-number field,
// an event's probability (or a metric's mean) crosses a target, found by
// bisection, with every value it tried.
type Balance struct {
	Kind     string            `json:"kind"` // "balance"
	Scenario string            `json:"scenario"`
	Title    string            `json:"title,omitempty"`
	Ruleset  string            `json:"ruleset"`
	Rules    map[string]string `json:"rules,omitempty"`
	Field    string            `json:"field"`  // the field varied: "units.knights.models"
	Range    [2]int            `json:"range"`  // the values it may take, both included
	Target   BalanceTarget     `json:"target"` // what is to cross what
	// Method is "exact" when every value tried was solved exactly, else
	// "simulated" (values the exact solver cannot take are simulated).
	Method string `json:"method"`
	// Rule is the stopping rule in words, as the text output states it.
	Rule       string  `json:"stopping_rule"`
	Confidence float64 `json:"confidence"` // of the intervals the rule reads, 0.99 by default
	Seed       uint64  `json:"seed"`
	SeedSource string  `json:"seed_source"`
	Version    string  `json:"version"`
	Dice       string  `json:"dice"`
	// Tried lists every value evaluated, in the order tried (a value may
	// appear again at more trials).
	Tried []BalancePoint `json:"tried"`
	// Crossing is the answer.
	Crossing BalanceCrossing   `json:"crossing"`
	Names    map[string]string `json:"names,omitempty"`
	// Price is set by sim balance --points: the field is the unit's
	// models, bought at the other units' cost.
	Price  *BalancePrice `json:"price,omitempty"`
	Timing *Timing       `json:"timing,omitempty"`
}

// BalancePrice is the points a model at which a unit breaks even against
// the others at equal points (sim balance --points).
type BalancePrice struct {
	Unit     string  `json:"unit"`
	Budget   float64 `json:"budget"`           // what the other units cost, which the unit may spend
	Fixed    float64 `json:"fixed"`            // what it pays beside its models
	PerModel float64 `json:"points_per_model"` // its price now
	// BreakEven is the price at which its models go from the crossing's
	// lower count to the higher: (Budget - Fixed) / Above. Above it the
	// unit buys Below models, at or below it Above models. 0 when there is
	// no crossing.
	BreakEven float64 `json:"break_even"`
}

// BalanceTarget is an event's probability, or a metric's mean, to reach.
type BalanceTarget struct {
	Kind  string  `json:"kind"` // "event" or "mean"
	Name  string  `json:"name"` // "knights.wins", "trolls.casualties"
	Value float64 `json:"value"`
}

// BalancePoint is one value of the field, evaluated.
type BalancePoint struct {
	Value    int        `json:"value"`
	Estimate float64    `json:"estimate"` // the probability or mean
	CI95     [2]float64 `json:"ci95"`
	CI       [2]float64 `json:"ci"`     // at the balance's confidence
	Trials   int64      `json:"trials"` // 0 when solved exactly
	Exact    bool       `json:"exact,omitempty"`
}

// BalanceCrossing says where the target is crossed: between Below and
// Above, adjacent values whose estimates lie on either side of it (or at
// it). Found is false when the whole range lies on one side. Significant
// says whether both values' intervals (or, with no crossing, both ends')
// exclude the target: always true when exact.
type BalanceCrossing struct {
	Found       bool          `json:"found"`
	Below       *BalancePoint `json:"below,omitempty"` // the value whose estimate is on the start's side
	Above       *BalancePoint `json:"above,omitempty"` // the next value, on the other side
	Significant bool          `json:"significant"`
	Says        string        `json:"says"` // the answer in one line
}

// Headline is the answer in one line.
func (b *Balance) Headline() string { return b.Crossing.Says }

// Tables are the values tried, sorted by value (the last evaluation of
// each), with their estimates and intervals.
func (b *Balance) Tables(csv bool) []Table {
	what := b.targetText()
	title := fmt.Sprintf("balance %s: %s against %s, %s varied over %d..%d; %s, seed %d", b.Scenario, what, strconv.FormatFloat(b.Target.Value, 'f', -1, 64),
		b.Field, b.Range[0], b.Range[1], RulesetText(b.Ruleset, b.Rules), b.Seed)
	if b.SeedSource == "random" {
		title += " (drawn at random)"
	}
	level := strconv.FormatFloat(b.Confidence*100, 'f', -1, 64) + "% interval"
	t := Table{Title: title, Header: []string{b.Field, what, "95% interval", level, "trials"}}
	if csv {
		t.Header = []string{"value", "estimate", "ci95_low", "ci95_high", "ci_low", "ci_high", "trials", "exact"}
	}
	last := map[int]BalancePoint{}
	var order []int
	for _, p := range b.Tried {
		if _, seen := last[p.Value]; !seen {
			order = append(order, p.Value)
		}
		last[p.Value] = p
	}
	slices.Sort(order)
	for _, v := range order {
		p := last[v]
		trials := thousands(p.Trials)
		if p.Exact {
			trials = "exact"
		}
		if csv {
			t.Rows = append(t.Rows, []string{strconv.Itoa(v), num(p.Estimate, true), num(p.CI95[0], true), num(p.CI95[1], true),
				num(p.CI[0], true), num(p.CI[1], true), strconv.FormatInt(p.Trials, 10), strconv.FormatBool(p.Exact)})
			continue
		}
		mark := ""
		if c := b.Crossing; c.Found && (v == c.Below.Value || v == c.Above.Value) {
			mark = " <"
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(v) + mark, b.value(p.Estimate), b.interval(p.CI95), b.interval(p.CI), trials})
	}
	if !csv {
		t.Notes = []string{"Stopping rule: " + b.Rule + "."}
		if b.Crossing.Found {
			t.Notes[0] = "Marked <: the two values either side of the crossing. " + t.Notes[0]
		}
		if b.SeedSource == "random" {
			t.Notes = append(t.Notes, fmt.Sprintf("The seed was drawn at random; rerun with --seed %d to get these numbers again.", b.Seed))
		}
	}
	return []Table{t}
}

// targetText names the target's quantity: "P(knights.wins)".
func (b *Balance) targetText() string {
	if b.Target.Kind == "mean" {
		return "mean " + b.Target.Name
	}
	return "P(" + b.Target.Name + ")"
}

func (b *Balance) value(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }

func (b *Balance) interval(ci [2]float64) string {
	return "[" + b.value(ci[0]) + ", " + b.value(ci[1]) + "]"
}

// CrossingText is the answer in words, for Says.
func CrossingText(b *Balance) string {
	c := b.Crossing
	what := b.targetText()
	target := strconv.FormatFloat(b.Target.Value, 'f', -1, 64)
	if !c.Found {
		lo, hi := b.ends()
		s := fmt.Sprintf("%s does not reach %s anywhere in %s = %d..%d: it is %s at %d and %s at %d",
			what, target, b.Field, b.Range[0], b.Range[1], b.value(lo.Estimate), lo.Value, b.value(hi.Estimate), hi.Value)
		if b.Method != "exact" && !c.Significant {
			s += fmt.Sprintf("; NOT significant at %s%%: an end's interval still holds %s at the most trials allowed", strconv.FormatFloat(b.Confidence*100, 'f', -1, 64), target)
		}
		return s
	}
	s := fmt.Sprintf("%s crosses %s between %s = %d (%s) and %d (%s)", what, target, b.Field,
		c.Below.Value, b.value(c.Below.Estimate), c.Above.Value, b.value(c.Above.Estimate))
	if p := b.Price; p != nil {
		s += fmt.Sprintf(". At equal points (%s to spend), %s breaks even at %s points a model: above it %s buys %d models, at or below it %d (it costs %s now)",
			pts(p.Budget), p.Unit, pts(p.BreakEven), p.Unit, c.Below.Value, c.Above.Value, pts(p.PerModel))
	}
	switch {
	case b.Method == "exact":
		s += "; solved exactly"
	case c.Significant:
		s += fmt.Sprintf("; both %s%% intervals exclude %s", strconv.FormatFloat(b.Confidence*100, 'f', -1, 64), target)
	default:
		s += fmt.Sprintf("; NOT significant at %s%%: an interval still holds %s at the most trials allowed", strconv.FormatFloat(b.Confidence*100, 'f', -1, 64), target)
	}
	return s
}

// pts writes points to two decimals at most: "27.33", "240".
func pts(x float64) string { return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64) }

// ends are the evaluations at the range's two ends (their last).
func (b *Balance) ends() (lo, hi BalancePoint) {
	for _, p := range b.Tried {
		switch p.Value {
		case b.Range[0]:
			lo = p
		case b.Range[1]:
			hi = p
		}
	}
	return lo, hi
}
