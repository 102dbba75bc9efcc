package study

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/stats"
)

// A searcher evaluates the scenario at values of the varied field and
// bisects for the target's crossing (Balance).
type searcher struct {
	ctx      context.Context
	setup    Setup
	file     string
	src      []byte
	rules    options.Ruleset
	vary     balanceVary
	target   balanceTarget
	simulate bool    // simulate even where the exact solver could solve
	z        float64 // the normal quantile of the stopping rule's confidence
	seed     uint64
	source   string

	tried     []report.BalancePoint
	simulated int64 // trials run, for the timing
	cache     map[[2]int64]report.BalancePoint
}

// eval is the scenario at value, solved exactly where it can be (unless
// simulate), else simulated at trials on the searcher's seed. A value
// already evaluated at these trials is not run again.
func (s *searcher) eval(value int, trials int64) (report.BalancePoint, error) {
	if s.cache == nil {
		s.cache = map[[2]int64]report.BalancePoint{}
	}
	if p, ok := s.cache[[2]int64{int64(value), trials}]; ok {
		return p, nil
	}
	text := s.vary.Text(value)
	data, err := scenarios.SetField(s.src, s.vary.Path, text)
	if err != nil {
		return report.BalancePoint{}, failure.Usagef("balance: %v", err)
	}
	plan, err := scenarios.LoadWith(s.file, data, s.rules)
	if err != nil {
		var list scenarios.ErrorList
		if errors.As(err, &list) {
			return report.BalancePoint{}, &failure.Input{Msg: fmt.Sprintf("balance at %s=%s: %s: %s; narrow the range", s.vary.Path, text, list[0].Path, list[0].Msg)}
		}
		return report.BalancePoint{}, err
	}
	p := report.BalancePoint{Value: value}
	if ex := solveIf(!s.simulate, plan); ex != nil {
		err = s.fromExact(&p, ex)
	} else {
		err = s.fromRun(&p, plan, trials)
	}
	if err != nil {
		return p, err
	}
	s.cache[[2]int64{int64(value), trials}] = p
	s.tried = append(s.tried, p)
	return p, nil
}

// fromExact fills p from the exact solution ex: its estimate, and intervals
// of no width.
func (s *searcher) fromExact(p *report.BalancePoint, ex *engine.Exact) error {
	rep, err := report.NewExact(report.Info{}, ex)
	if err != nil {
		return err
	}
	p.Exact = true
	p.Estimate = s.estimate(rep)
	p.CI95, p.CI = [2]float64{p.Estimate, p.Estimate}, [2]float64{p.Estimate, p.Estimate}
	return nil
}

// fromRun fills p from a run of plan at trials: its estimate, its 95%
// interval and the interval at the stopping rule's confidence.
func (s *searcher) fromRun(p *report.BalancePoint, plan *scenarios.Plan, trials int64) error {
	done := s.simulated
	cfg := s.setup.config(trials)
	cfg.Seed, cfg.Progress = s.seed, func(n int64) { s.setup.update(done + n) }
	res, err := s.setup.Scale.Run(s.ctx, plan.Model, cfg)
	if err != nil {
		return err
	}
	if !res.Complete {
		return ErrSearchInterrupted
	}
	s.simulated += res.Trials
	rep, err := report.New(report.Info{}, res)
	if err != nil {
		return err
	}
	p.Trials = res.Trials
	p.Estimate = s.estimate(rep)
	if s.target.kind == "event" {
		k := slices.Index(res.Events, s.target.name)
		p.CI95, p.CI = rep.Events[s.target.name].CI95, stats.WilsonAt(res.Count[k], res.Trials, s.z)
	} else {
		m := rep.Metrics[s.target.name]
		p.CI95, p.CI = m.CI95, [2]float64{m.Mean - s.z*m.SE, m.Mean + s.z*m.SE}
	}
	return nil
}

// estimate is the target's quantity in a report.
func (s *searcher) estimate(rep *report.Report) float64 {
	if s.target.kind == "event" {
		return rep.Events[s.target.name].P
	}
	return rep.Metrics[s.target.name].Mean
}

// above reports which side of the target a value is on.
func (s *searcher) above(p report.BalancePoint) bool { return p.Estimate >= s.target.value }

// excludes reports whether a value's interval leaves the target out (an
// exact value always does: it has no sampling error).
func (s *searcher) excludes(p report.BalancePoint) bool {
	return p.Exact || p.CI[1] < s.target.value || p.CI[0] > s.target.value
}

// search bisects at trials a value and, while what it finds is not
// significant (a bracket whose intervals hold the target, or ends on one
// side whose intervals do), doubles the trials (up to maxTrials) and
// bisects again.
func (s *searcher) search(trials, maxTrials int64) (report.BalanceCrossing, error) {
	for n := trials; ; n = min(2*n, maxTrials) {
		c, err := s.bisect(n)
		if err != nil || c.Significant || n >= maxTrials || s.allExact() {
			return c, err
		}
	}
}

// bisect finds adjacent values either side of the target, at trials a
// simulated value.
func (s *searcher) bisect(trials int64) (report.BalanceCrossing, error) {
	lo, hi := s.vary.lo, s.vary.hi
	fl, err := s.eval(lo, trials)
	if err != nil {
		return report.BalanceCrossing{}, err
	}
	fh, err := s.eval(hi, trials)
	if err != nil {
		return report.BalanceCrossing{}, err
	}
	if s.above(fl) == s.above(fh) { // no crossing, and sure of it if both ends exclude the target
		return report.BalanceCrossing{Significant: s.excludes(fl) && s.excludes(fh)}, nil
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		fm, err := s.eval(mid, trials)
		if err != nil {
			return report.BalanceCrossing{}, err
		}
		if s.above(fm) == s.above(fl) {
			lo, fl = mid, fm
		} else {
			hi, fh = mid, fm
		}
	}
	return report.BalanceCrossing{Found: true, Below: &fl, Above: &fh, Significant: s.excludes(fl) && s.excludes(fh)}, nil
}

// grid evaluates every value at trials and reads the first crossing off
// them: what a sharded search does, as its shards cannot decide as they go.
func (s *searcher) grid(trials int64) (report.BalanceCrossing, error) {
	var prev *report.BalancePoint
	var c report.BalanceCrossing
	for v := s.vary.lo; v <= s.vary.hi; v++ {
		p, err := s.eval(v, trials)
		if err != nil {
			return c, err
		}
		if prev != nil && !c.Found && s.above(*prev) != s.above(p) {
			lo, hi := *prev, p
			c = report.BalanceCrossing{Found: true, Below: &lo, Above: &hi, Significant: s.excludes(lo) && s.excludes(hi)}
		}
		prev = &p
	}
	if !c.Found {
		lo, _ := s.eval(s.vary.lo, trials)
		c.Significant = s.excludes(lo) && s.excludes(*prev)
	}
	return c, nil
}

// allExact reports whether every value tried was solved exactly.
func (s *searcher) allExact() bool {
	for _, p := range s.tried {
		if !p.Exact {
			return false
		}
	}
	return len(s.tried) > 0
}
