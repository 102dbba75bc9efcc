package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/stats"
)

const balanceUsage = `Usage: sim balance SCENARIO --vary PATH=LO..HI | --points UNIT --target EVENT=P|METRIC.mean=X [flags]

Finds where, as a whole-number field goes from LO to HI, an event's
probability (or a metric's mean) crosses a target: the two adjacent values
either side of it, each with its result and intervals. It bisects, so it
tries about log2(HI-LO) values, not all of them:

  sim balance trolls-vs-knights --vary units.knights.models=3..9 --target knights.wins=0.5

Each value the exact solver can take is solved exactly (the answer is then
exact); the others are simulated, every value on the same seed (common
random numbers). The stopping rule of a simulated search is stated with
its answer: it doubles the trials and bisects again until both values of
the bracket have --confidence intervals (99% by default) that exclude the
target, or --max-trials is reached, and then says whether it is
significant. --simulate simulates every value. The result assumes the
quantity moves one way along the field; a range where it does not is
reported as it is found.

--points UNIT replaces --vary: it varies that unit's models while the
other units cost what they cost (their points), and gives the points a
model at which the unit breaks even against them at equal points.

With --shard I/N (or in sim merge) it cannot decide as it goes, so it
simulates every value of the range at --trials and reads the crossing off
them (docs/scale.md).

Flags:
`

func balanceCmd(ctx context.Context, sc *runs.Scale, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("balance", balanceUsage, stdout)
	vary := fs.String("vary", "", "PATH=LO..HI, the whole-number field to vary")
	pointsUnit := fs.String("points", "", "UNIT: vary that unit's models at the points the other units cost, and give the points a model at which it breaks even (instead of --vary)")
	target := fs.String("target", "", "EVENT=P (a probability) or METRIC.mean=X")
	trials := trialsFlag(fs, 100_000, "trials at each simulated value, to start")
	maxTrials := fs.Int64("max-trials", 0, "the most trials a value may take as the search narrows (default 16 times --trials)")
	confidence := fs.Float64("confidence", 0.99, "the confidence of the intervals the stopping rule reads, in (0, 1)")
	simulate := fs.Bool("simulate", false, "simulate every value, even those the exact solver can take")
	seed := seedFlag(fs, "random seed (default: drawn at random and printed)")
	workers := workersFlag(fs)
	rules := fs.String("rules", "", "ruleset to use instead of the scenario's (see sim run --help)")
	format := fs.String("format", "text", "output format: text, json, csv or markdown")
	out := fs.String("out", "", "write the output to this file (atomically) instead of standard output")
	quiet := fs.Bool("quiet", false, "no progress bar (it is drawn only on a terminal, for runs longer than a second)")
	pf := addPlotFlags(fs, "the curve, with the target and the crossing marked")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return failure.Usagef("balance: give one scenario")
	}
	jobs, popts, err := checkOutputs("balance", *format, *out, pf, append(rulesFiles(*rules), pos[0])...)
	if err != nil {
		return err
	}
	var v balanceVary
	switch {
	case *vary != "" && *pointsUnit != "":
		return failure.Usagef("balance: give --vary or --points, not both: --points varies the unit's models")
	case *pointsUnit == "":
		if v, err = parseBalanceVary(*vary); err != nil {
			return err
		}
	}
	tgt, err := parseTarget(*target)
	if err != nil {
		return err
	}
	if !(*confidence > 0 && *confidence < 1) {
		return failure.Usagef("balance: --confidence must be between 0 and 1, such as 0.99, got %v", *confidence)
	}
	if *maxTrials == 0 {
		*maxTrials = min(*trials*16, engine.MaxTrials)
	}
	if *maxTrials < *trials || *maxTrials > engine.MaxTrials {
		return failure.Usagef("balance: --max-trials must be at least --trials (%d) and at most %d, got %d", *trials, engine.MaxTrials, *maxTrials)
	}
	file, src, err := scenarioSource(pos[0])
	if err != nil {
		return err
	}
	var rs options.Ruleset
	if *rules != "" {
		if rs, err = scenarios.ParseRules(*rules); err != nil {
			return err
		}
	}
	base, err := scenarios.LoadWith(file, src, rs)
	if err != nil {
		return err
	}
	warn(stderr, base)
	if err := tgt.check(base.Model); err != nil {
		return err
	}
	var price *report.BalancePrice
	if *pointsUnit != "" {
		if v, price, err = pointsVary(base, *pointsUnit); err != nil {
			return err
		}
	}
	s := &searcher{ctx: ctx, scale: sc, file: file, src: src, rules: rs, vary: v, target: tgt, simulate: *simulate,
		z: stats.Z(*confidence), workers: *workers}
	s.seed, s.source = chooseSeed(fs, *seed, base.Seed)
	b := &report.Balance{Kind: "balance", Scenario: base.Name, Title: base.Title, Ruleset: base.RulesetName, Rules: base.Rules,
		Field: v.Path, Range: [2]int{v.lo, v.hi}, Target: report.BalanceTarget{Kind: tgt.kind, Name: tgt.name, Value: tgt.value},
		Confidence: *confidence, Seed: s.seed, SeedSource: s.source, Version: version, Dice: engine.StreamVersion, Names: base.Names,
		Price: price}
	// The bar's total is the most a search can take: every bisection
	// (about log2 of the range, plus its two ends) at each doubling.
	bar := startedProgress(stderr, 2**maxTrials*int64(bits(v.hi-v.lo)+2), *quiet)
	defer bar.done()
	s.bar = bar
	start := time.Now()
	var crossing report.BalanceCrossing
	if sc.Cut() {
		crossing, err = s.grid(*trials)
		b.Rule = fmt.Sprintf("sharded: every value of %d..%d simulated at %s trials, and the crossing read off them", v.lo, v.hi, comma(*trials))
	} else {
		crossing, err = s.search(*trials, *maxTrials)
		b.Rule = fmt.Sprintf("bisect, starting at %s trials a value; while a bracket's %v%% intervals hold the target, double the trials (at most %s) and bisect again",
			comma(*trials), *confidence*100, comma(*maxTrials))
	}
	if err != nil {
		if errors.Is(err, failure.ErrInterrupted) {
			fmt.Fprintln(stderr, "sim: interrupted before the search finished; nothing to report")
		}
		return err
	}
	b.Tried, b.Crossing = s.tried, crossing
	if price != nil && crossing.Found {
		price.BreakEven = (price.Budget - price.Fixed) / float64(crossing.Above.Value)
	}
	b.Method = "simulated"
	if s.allExact() {
		b.Method = "exact"
		b.Rule = "every value solved exactly; bisect"
	}
	b.Crossing.Says = report.CrossingText(b)
	elapsed := time.Since(start)
	b.Timing = &report.Timing{Seconds: elapsed.Seconds(), TrialsPerSecond: float64(s.simulated) / elapsed.Seconds(), Workers: *workers}
	bar.done()
	if *format == "text" && *out == "" {
		fmt.Fprintln(stdout, b.Headline())
	}
	if err := emitReport(*out, stdout, *format, b, b.Tables); err != nil {
		return err
	}
	return drawCharts(jobs, popts, func(_ string, o plots.Options) (*plots.Chart, error) { return balanceChart(b, o) }, stderr)
}

// pointsVary is the field --points varies, the unit's models, over 1 to
// twice what its points buy at the others' cost (at least 4, at most
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
	hi := min(max(2*c.ModelsFor(budget), 4), 10_000)
	lib := g.Library()
	path := lib.UnitList() + "." + unit + "." + lib.SizeField()
	vv, _, _, _, err := scenarios.ParseRange(fmt.Sprintf("%s=1..%d", path, hi))
	if err != nil {
		return balanceVary{}, nil, failure.Usagef("balance: --points: %v", err)
	}
	return balanceVary{Vary: vv, lo: 1, hi: hi}, &report.BalancePrice{Unit: unit, Budget: budget, Fixed: c.Fixed, PerModel: c.PerModel}, nil
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

// balanceChart draws the values tried, the target and the crossing.
func balanceChart(b *report.Balance, o plots.Options) (*plots.Chart, error) {
	last := map[int]report.BalancePoint{}
	for _, p := range b.Tried {
		last[p.Value] = p
	}
	var xs []int
	for v := range last {
		xs = append(xs, v)
	}
	slices.Sort(xs)
	c := plots.Curve{XLabel: b.Field, Target: b.Target.Value, Probability: b.Target.Kind == "event"}
	c.Name = "P(" + report.EventLabel(b.Target.Name, b.Names) + ")"
	if b.Target.Kind == "mean" {
		c.Name = "mean " + report.MetricLabel(b.Target.Name, b.Names)
	}
	for _, v := range xs {
		p := last[v]
		c.Values = append(c.Values, v)
		c.Y = append(c.Y, p.Estimate)
		c.CI95 = append(c.CI95, p.CI95)
		if b.Crossing.Found && (v == b.Crossing.Below.Value || v == b.Crossing.Above.Value) {
			c.Marked = append(c.Marked, len(c.Values)-1)
		}
	}
	if o.Title == "" {
		o.Title = fmt.Sprintf("Where %s crosses %v", c.Name, b.Target.Value)
		if cr := b.Crossing; cr.Found {
			o.Title = fmt.Sprintf("%s crosses %v between %s %d and %d", c.Name, b.Target.Value, b.Field, cr.Below.Value, cr.Above.Value)
		}
	}
	o.Subtitle = fmt.Sprintf("%s · ruleset %s · %s · seed %d", b.Scenario, b.Ruleset, b.Method, b.Seed)
	return plots.Crossing(c, o)
}
