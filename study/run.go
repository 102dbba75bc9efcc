package study

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// RunOptions is a run of one scenario (sim run).
type RunOptions struct {
	Scenario string // a scenario file, or a built-in's name
	Rules    string // a ruleset spec (--rules) in place of the scenario's; "" keeps it
	Trials   int64  // 0: the scenario's, else 1,000,000
	// Exact also solves the scenario exactly, to show beside the simulated
	// answer; one too large for its solver is simulated alone, with a note.
	Exact bool
	// Check, if not nil, is handed the model once the scenario is loaded,
	// before anything runs, to refuse at once what the caller could not
	// do with the results (a chart of a result the model lacks).
	Check func(engine.Model) error
}

// Run simulates a scenario. An interrupted run's report holds the trials
// that finished and is not Complete; one interrupted before any trial
// finished is ErrNoTrials.
func Run(ctx context.Context, s Setup, o RunOptions) (*report.Report, error) {
	plan, err := Open(o.Scenario, o.Rules)
	if err != nil {
		return nil, err
	}
	s.warn(plan)
	if o.Check != nil {
		if err := o.Check(plan.Model); err != nil {
			return nil, err
		}
	}
	cfg := s.config(chooseTrials(o.Trials, plan.Trials))
	var source string
	cfg.Seed, source = s.seed(plan.Seed)
	var ex *engine.Exact
	if o.Exact {
		if ex, err = solve("run: --exact", plan, o.Scenario); err != nil {
			var tooLarge *exactTooLarge
			if !errors.As(err, &tooLarge) {
				return nil, err
			}
			// The scenario has a solver, but this one is beyond it: say so,
			// and give the simulated answer.
			s.note(fmt.Sprintf("%v; showing the simulated answer only", err))
		}
	}
	s.begin(cfg.Trials)
	start := time.Now()
	res, err := s.Scale.Run(ctx, plan.Model, cfg)
	if err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	if res.Trials == 0 {
		return nil, ErrNoTrials
	}
	rep, err := report.New(s.info(plan, source), res)
	if err != nil {
		return nil, err
	}
	if ex != nil {
		if err := rep.AddExact(ex); err != nil {
			return nil, err
		}
	}
	rep.Timing = timing(elapsed.Seconds(), res.Trials, cfg.Workers)
	return rep, nil
}

// Exact solves a scenario exactly (sim exact), under the ruleset spec
// rules when it is not "". A scenario with no solver, or too large for
// its solver, is a failure.Unsolvable that says what to run instead.
func Exact(s Setup, scenario, rules string) (*report.Report, error) {
	plan, err := Open(scenario, rules)
	if err != nil {
		return nil, err
	}
	s.warn(plan)
	ex, err := solve("exact", plan, scenario)
	if err != nil {
		return nil, err
	}
	return report.NewExact(s.info(plan, "none"), ex)
}

// solve computes the plan's exact answer, or says why there is none
// (exit status 3) and what to run instead; arg is the scenario as the
// user named it.
func solve(cmd string, plan *scenarios.Plan, arg string) (*engine.Exact, error) {
	solver, ok := plan.Model.(engine.Solver)
	if !ok {
		instead := fmt.Sprintf("run 'sim run %s'", arg)
		if cmd != "exact" {
			instead = "drop --exact"
		}
		return nil, &failure.Unsolvable{Msg: fmt.Sprintf("%s: %s has no exact solution: sim solves exactly Warhammer volleys and close combats, War of the Ring turns (one or several) of at most two duels and the fight after them, and Conquest actions and fights of turns, not War of the Ring turns with a Heroic Combat, more duels, Hard to Kill formations in a fight, Terror, Epic Charge, Berserk or the fight's epic actions; %s for the simulated answer, whose intervals say how close it is", cmd, plan.Name, instead)}
	}
	ex, err := solver.Exact()
	if err != nil {
		return nil, &exactTooLarge{failure.Unsolvable{Msg: fmt.Sprintf("%s: %s: %v", cmd, plan.Name, err)}}
	}
	return ex, nil
}

// exactTooLarge is a scenario whose game solves such scenarios exactly,
// but not this one (too large): sim exact exits with status 3, and sim
// run --exact gives the simulated answer alone.
type exactTooLarge struct{ failure.Unsolvable }

func (e *exactTooLarge) Unwrap() error { return &e.Unsolvable }

// Open opens a scenario (a file, or a built-in's name), under the
// ruleset spec rules if it is not "".
func Open(arg, rules string) (*scenarios.Plan, error) {
	if rules == "" {
		return scenarios.Open(arg)
	}
	rs, err := scenarios.ParseRules(rules)
	if err != nil {
		return nil, err
	}
	return scenarios.OpenWith(arg, rs)
}

// cellExactRuns bounds the exact solution of one point of a sweep or cell
// of a matrix (about a fifth of a second): those beyond it are simulated.
const cellExactRuns = 200_000

// solveCell is plan's exact answer for a sweep point or matrix cell, or nil
// when it has no solver or is too large for one: it is then simulated.
func solveCell(plan *scenarios.Plan) *engine.Exact {
	var ex *engine.Exact
	var err error
	switch m := plan.Model.(type) {
	case engine.BoundedSolver:
		ex, err = m.ExactWithin(cellExactRuns)
	case engine.Solver:
		ex, err = m.Exact()
	default:
		return nil
	}
	if err != nil {
		return nil
	}
	return ex
}

// solveIf is solveCell when on, else nil.
func solveIf(on bool, plan *scenarios.Plan) *engine.Exact {
	if !on {
		return nil
	}
	return solveCell(plan)
}

// Source reads a scenario's YAML, as the studies that edit it (Sweep,
// Balance) read it: a built-in's, else a file's; with the name it goes by
// in errors ("builtin:NAME" for a built-in).
func Source(arg string) (string, []byte, error) {
	if data, ok := scenarios.BuiltinSource(arg); ok {
		return "builtin:" + arg, data, nil
	}
	data, err := scenarios.ReadFile(arg)
	return arg, data, err
}
