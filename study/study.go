// Package study runs scenarios and gathers their results into the
// documents sim writes (package report): one scenario simulated (Run) or
// solved (Exact), several side by side on common dice (Compare), one over
// the values of a field or two (Sweep), library units against each other
// (Matrix), and where an outcome crosses a target as a field grows
// (Balance). cmd/sim parses the flags, calls one of these, and writes what
// it returns; everything between lives here, where tests reach it.
//
// A study says what went wrong with the kinds of package
// internal/failure: a request it cannot act on (failure.Usage), bad input
// (failure.Input), no exact answer (failure.Unsolvable), an interruption
// with nothing to report (ErrNoTrials, ErrSearchInterrupted). An
// interrupted run, comparison, sweep or matrix is no error: its result
// holds what finished and says it is partial.
package study

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/scenarios"
)

// Setup is what every study shares: how its runs are made, and how it
// tells the user of its progress and of what it notices on the way.
type Setup struct {
	// Seed is the seed asked for (--seed), or nil: the scenario's, else
	// one drawn at random, short enough to read out and retype.
	Seed *uint64
	// Workers is the number of goroutines that run trials.
	Workers int
	// Scale is how the runs are made: a shard's share, the rest of a
	// checkpoint's, or a merge's sums; nil runs every batch here.
	Scale *runs.Scale
	// Version is sim's, written into every result.
	Version string
	// Progress, if not nil, is told the most trials the study may run and
	// then how many are done.
	Progress Progress
	// Note, if not nil, is told what the user should hear while the study
	// runs: a scenario's warnings ("warning: ..."), or a change of plan
	// (an exact answer out of reach, so simulated instead).
	Note func(msg string)
}

// Progress is told how a study's trials go: Begin once, with the most it
// may run, when it knows; then Update with the number done so far, from
// the runner's workers one call at a time.
type Progress interface {
	Begin(total int64)
	Update(done int64)
}

// ErrNoTrials is a run interrupted before any trial finished: there is
// nothing to report. It is a failure.ErrInterrupted.
var ErrNoTrials = fmt.Errorf("%w before any trial finished; nothing to report", failure.ErrInterrupted)

// defaultTrials is the trial count when neither the command line nor the
// scenario gives one: enough for three decimals on most probabilities.
const defaultTrials = 1_000_000

// chooseTrials is the trial count of a run: the one asked for, else the
// scenario's (0 when it gives none), else defaultTrials; 0 asks for none.
func chooseTrials(asked, scenario int64) int64 {
	switch {
	case asked > 0:
		return asked
	case scenario > 0:
		return scenario
	}
	return defaultTrials
}

// seed is the seed of a study and where it came from: the one asked for,
// else the scenario's (scenario may be nil), else one drawn at random.
func (s Setup) seed(scenario *uint64) (seed uint64, source string) {
	switch {
	case s.Seed != nil:
		return *s.Seed, "flag"
	case scenario != nil:
		return *scenario, "scenario"
	}
	return rand.Uint64N(1 << 32), "random"
}

// config is the engine's configuration for a run of trials trials, the
// seed still to choose, telling Progress of the trials done.
func (s Setup) config(trials int64) engine.Config {
	return engine.Config{Trials: trials, Workers: s.Workers, Progress: s.update}
}

func (s Setup) begin(total int64) {
	if s.Progress != nil {
		s.Progress.Begin(total)
	}
}

func (s Setup) update(done int64) {
	if s.Progress != nil {
		s.Progress.Update(done)
	}
}

func (s Setup) note(msg string) {
	if s.Note != nil {
		s.Note(msg)
	}
}

// warn passes a plan's warnings on, one note each.
func (s Setup) warn(p *scenarios.Plan) {
	for _, w := range p.Warnings {
		s.note("warning: " + w)
	}
}

// info is the provenance a report of plan carries.
func (s Setup) info(p *scenarios.Plan, seedSource string) report.Info {
	return report.Info{
		Scenario: p.Name, Title: p.Title, Ruleset: p.RulesetName, Rules: p.Rules,
		SeedSource: seedSource, Version: s.Version, Lines: p.Lines, Names: p.Names,
	}
}

// timing is how long a study's simulated trials took.
func timing(seconds float64, trials int64, workers int) *report.Timing {
	return &report.Timing{Seconds: seconds, TrialsPerSecond: float64(trials) / seconds, Workers: workers}
}

// comma writes n with thousands separators.
func comma(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
