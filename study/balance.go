package study

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/stats"
)

// BalanceOptions is a search for where an outcome crosses a target (sim
// balance), as a whole-number field goes from LO to HI.
type BalanceOptions struct {
	Scenario string // a scenario file, or a built-in's name
	Vary     string // PATH=LO..HI, the field to vary
	// Points is a unit whose models to vary (in place of Vary) while the
	// other units cost what they cost: the balance gives the points a
	// model at which it breaks even.
	Points string
	Target string // EVENT=P (a probability) or METRIC.mean=X
	Rules  string // a ruleset spec in place of the scenario's; "" keeps it
	Trials int64  // trials at each simulated value, to start
	// MaxTrials is the most trials a value may take as the search
	// narrows; 0: 16 times Trials (at most engine.MaxTrials).
	MaxTrials  int64
	Confidence float64 // of the intervals the stopping rule reads, in (0, 1)
	Simulate   bool    // simulate every value, even those the exact solver can take
}

// ErrSearchInterrupted is a balance search interrupted before it
// finished: there is nothing to report. It is a failure.ErrInterrupted.
var ErrSearchInterrupted = fmt.Errorf("%w before the search finished; nothing to report", failure.ErrInterrupted)

// Balance finds the two adjacent values either side of the target, each
// with its result and intervals. It bisects, solving each value exactly
// where it can and simulating the others on one seed, doubling the trials
// until the bracket is significant or MaxTrials is reached. Runs cut into
// shards (Setup.Scale) cannot decide as they go: every value of the range
// is then simulated at Trials, and the crossing read off them.
func Balance(ctx context.Context, s Setup, o BalanceOptions) (*report.Balance, error) {
	v, tgt, err := o.check()
	if err != nil {
		return nil, err
	}
	se, b, err := newSearch(ctx, s, o, v, tgt)
	if err != nil {
		return nil, err
	}
	// The progress's total is the most a search can take: every bisection
	// (about log2 of the range, plus its two ends) at each doubling.
	s.begin(2 * o.MaxTrials * int64(bits(se.vary.hi-se.vary.lo)+2))
	start := time.Now()
	var crossing report.BalanceCrossing
	if s.Scale.Cut() {
		crossing, err = se.grid(o.Trials)
		b.Rule = fmt.Sprintf("sharded: every value of %d..%d simulated at %s trials, and the crossing read off them", se.vary.lo, se.vary.hi, comma(o.Trials))
	} else {
		crossing, err = se.search(o.Trials, o.MaxTrials)
		b.Rule = fmt.Sprintf("bisect, starting at %s trials a value; while a bracket's %v%% intervals hold the target, double the trials (at most %s) and bisect again",
			comma(o.Trials), o.Confidence*100, comma(o.MaxTrials))
	}
	if err != nil {
		return nil, err
	}
	se.finish(b, crossing)
	elapsed := time.Since(start)
	b.Timing = timing(elapsed.Seconds(), se.simulated, s.Workers)
	return b, nil
}

// check reads the field to vary (unless Points varies one), the target,
// the confidence and the most trials a value may take.
func (o *BalanceOptions) check() (balanceVary, balanceTarget, error) {
	var v balanceVary
	var err error
	switch {
	case o.Vary != "" && o.Points != "":
		return v, balanceTarget{}, failure.Usagef("balance: give --vary or --points, not both: --points varies the unit's models")
	case o.Points == "":
		if v, err = parseBalanceVary(o.Vary); err != nil {
			return v, balanceTarget{}, err
		}
	}
	tgt, err := parseTarget(o.Target)
	if err != nil {
		return v, tgt, err
	}
	if !(o.Confidence > 0 && o.Confidence < 1) {
		return v, tgt, failure.Usagef("balance: --confidence must be between 0 and 1, such as 0.99, got %v", o.Confidence)
	}
	if o.MaxTrials == 0 {
		o.MaxTrials = min(o.Trials*16, engine.MaxTrials)
	}
	if o.MaxTrials < o.Trials || o.MaxTrials > engine.MaxTrials {
		return v, tgt, failure.Usagef("balance: --max-trials must be at least --trials (%d) and at most %d, got %d", o.Trials, engine.MaxTrials, o.MaxTrials)
	}
	return v, tgt, nil
}

// newSearch reads the scenario as it is, checks that it reports the
// target, works out the field --points varies, and returns the searcher
// and the balance's report, with no value tried yet.
func newSearch(ctx context.Context, s Setup, o BalanceOptions, v balanceVary, tgt balanceTarget) (*searcher, *report.Balance, error) {
	file, src, err := Source(o.Scenario)
	if err != nil {
		return nil, nil, err
	}
	var rs options.Ruleset
	if o.Rules != "" {
		if rs, err = scenarios.ParseRules(o.Rules); err != nil {
			return nil, nil, err
		}
	}
	base, err := scenarios.LoadWith(file, src, rs)
	if err != nil {
		return nil, nil, err
	}
	s.warn(base)
	if err := tgt.check(base.Model); err != nil {
		return nil, nil, err
	}
	var price *report.BalancePrice
	if o.Points != "" {
		if v, price, err = pointsVary(base, o.Points); err != nil {
			return nil, nil, err
		}
	}
	se := &searcher{ctx: ctx, setup: s, file: file, src: src, rules: rs, vary: v, target: tgt, simulate: o.Simulate,
		z: stats.Z(o.Confidence)}
	se.seed, se.source = s.seed(base.Seed)
	b := &report.Balance{Kind: "balance", Scenario: base.Name, Title: base.Title, Ruleset: base.RulesetName, Rules: base.Rules,
		Field: v.Path, Range: [2]int{v.lo, v.hi}, Target: report.BalanceTarget{Kind: tgt.kind, Name: tgt.name, Value: tgt.value},
		Confidence: o.Confidence, Seed: se.seed, SeedSource: se.source, Version: s.Version, Dice: engine.StreamVersion, Names: base.Names,
		Price: price}
	return se, b, nil
}

// finish writes what the search found into b: the values tried, the
// crossing, the break-even price, and how it was found.
func (s *searcher) finish(b *report.Balance, crossing report.BalanceCrossing) {
	b.Tried, b.Crossing = s.tried, crossing
	if b.Price != nil && crossing.Found {
		b.Price.BreakEven = (b.Price.Budget - b.Price.Fixed) / float64(crossing.Above.Value)
	}
	b.Method = "simulated"
	if s.allExact() {
		b.Method = "exact"
		b.Rule = "every value solved exactly; bisect"
	}
	b.Crossing.Says = report.CrossingText(b)
}

// pointsVary is the field --points varies, the unit's models, over 1 (or
// its min_models) to twice what its points buy at the others' cost (at least 4, at most
// 10,000), and the price it reports.
func pointsVary(base *scenarios.Plan, unit string) (balanceVary, *report.BalancePrice, error) {
	c, ok := base.Costs[unit]
	if !ok {
		return balanceVary{}, nil, failure.Usagef("balance: --points %s: the scenario has no unit %s with points; give its units points: (docs/import.md)", unit, unit)
	}
	budget := 0.0
	for id, o := range base.Costs {
		if id != unit {
			budget += o.Total()
		}
	}
	g, err := scenarios.Lookup(base.Game)
	if err != nil || g.Library() == nil || budget <= c.Fixed {
		return balanceVary{}, nil, failure.Usagef("balance: --points %s: no other unit has points to set what %s may spend; give them points:", unit, unit)
	}
	// A size below the unit's minimum would not load, so the search
	// starts there.
	lo := max(c.MinModels, 1)
	hi := min(max(2*c.ModelsFor(budget), lo+3, 4), 10_000)
	lib := g.Library()
	path := lib.UnitList() + "." + unit + "." + lib.SizeField()
	vv, _, _, _, err := scenarios.ParseRange(fmt.Sprintf("%s=%d..%d", path, lo, hi))
	if err != nil {
		return balanceVary{}, nil, failure.Usagef("balance: --points: %v", err)
	}
	return balanceVary{Vary: vv, lo: lo, hi: hi}, &report.BalancePrice{Unit: unit, Budget: budget, Fixed: c.Fixed, PerModel: c.PerModel}, nil
}

// bits is the number of bisection steps over a range of n+1 values.
func bits(n int) int { return int(math.Ceil(math.Log2(float64(max(n, 1))))) }

// balanceVary is --vary PATH=LO..HI.
type balanceVary struct {
	scenarios.Vary
	lo, hi int
}

func parseBalanceVary(s string) (balanceVary, error) {
	if s == "" {
		return balanceVary{}, failure.Usagef("balance: give the field to vary, as --vary units.knights.models=3..9")
	}
	v, lo, hi, _, err := scenarios.ParseRange(s)
	if err != nil {
		return balanceVary{}, failure.Usagef("balance: %v", err)
	}
	if lo == hi || strings.Contains(s, ":") {
		return balanceVary{}, failure.Usagef("balance: --vary %s: give a range of two or more whole numbers, LO..HI, with no step: the search picks the values", s)
	}
	if uint64(hi)-uint64(lo) > maxBalanceRange {
		return balanceVary{}, failure.Usagef("balance: --vary %s: a range of at most %d; the scenario's own limits on the field are narrower still", s, maxBalanceRange)
	}
	return balanceVary{Vary: v, lo: lo, hi: hi}, nil
}

// maxBalanceRange is the widest range balance bisects (31 steps or so), so
// that lo + (hi-lo)/2 never overflows.
const maxBalanceRange = 1 << 30

// balanceTarget is --target.
type balanceTarget struct {
	kind, name string // "event" or "mean"
	value      float64
}

func parseTarget(s string) (balanceTarget, error) {
	name, val, ok := strings.Cut(s, "=")
	x, err := strconv.ParseFloat(val, 64)
	if !ok || name == "" || err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return balanceTarget{}, failure.Usagef("balance: --target %q: give EVENT=P, as knights.wins=0.5, or METRIC.mean=X, as trolls.casualties.mean=1.5", s)
	}
	if m, isMean := strings.CutSuffix(name, ".mean"); isMean {
		return balanceTarget{kind: "mean", name: m, value: x}, nil
	}
	if x <= 0 || x >= 1 {
		return balanceTarget{}, failure.Usagef("balance: --target %s: a probability to cross is between 0 and 1, exclusive, got %v", name, x)
	}
	return balanceTarget{kind: "event", name: name, value: x}, nil
}

// check makes sure the model reports the target's event or metric.
func (t balanceTarget) check(m engine.Model) error {
	var names []string
	if t.kind == "event" {
		names = m.Events()
	} else {
		for _, mt := range m.Metrics() {
			names = append(names, mt.Name)
		}
	}
	for _, n := range names {
		if n == t.name {
			return nil
		}
	}
	what := "event"
	if t.kind == "mean" {
		what = "metric"
	}
	return failure.Usagef("balance: --target: the scenario reports no %s %q; it reports %s", what, t.name, strings.Join(names, ", "))
}
