package main

import (
	"fmt"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// The helpers of the commands whose work has not moved to package study
// yet; this file goes when the last of them has.

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
		return nil, &exactTooLargeCmd{failure.Unsolvable{Msg: fmt.Sprintf("%s: %s: %v", cmd, plan.Name, err)}}
	}
	return ex, nil
}

// exactTooLargeCmd is a scenario whose game solves such scenarios exactly,
// but not this one (too large): sim exact exits with status 3, and sim
// run --exact gives the simulated answer alone.
type exactTooLargeCmd struct{ failure.Unsolvable }

func (e *exactTooLargeCmd) Unwrap() error { return &e.Unsolvable }

// openPlan opens a scenario, under the ruleset spec if one is given.
func openPlan(arg, rules string) (*scenarios.Plan, error) {
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
	case interface {
		ExactWithin(runs int) (*engine.Exact, error)
	}:
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

// info is the provenance a report carries.
func info(p *scenarios.Plan, seedSource string) report.Info {
	return report.Info{
		Scenario: p.Name, Title: p.Title, Ruleset: p.RulesetName, Rules: p.Rules,
		SeedSource: seedSource, Version: version, Lines: p.Lines, Names: p.Names,
	}
}

// scenarioSource reads a scenario's YAML, from a file or a built-in, with
// the name it goes by in errors.
func scenarioSource(arg string) (string, []byte, error) {
	if data, ok := scenarios.BuiltinSource(arg); ok {
		return "builtin:" + arg, data, nil
	}
	data, err := scenarios.ReadFile(arg)
	return arg, data, err
}
