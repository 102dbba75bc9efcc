package study

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	_ "github.com/wargamesim/sim/game/all" // the built-in scenarios
	"github.com/wargamesim/sim/internal/failure"
)

// progressLog records what a study tells its Progress.
type progressLog struct {
	begun []int64
	last  int64
}

func (p *progressLog) Begin(total int64) { p.begun = append(p.begun, total) }
func (p *progressLog) Update(done int64) { p.last = done }

func seed(n uint64) *uint64 { return &n }

// The trial count and the seed come from what is asked, else the
// scenario, else the default (a drawn seed for the seed).
func TestChooseTrialsAndSeed(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		asked, scenario int64
		want            int64
		why             string
	}{
		{0, 0, defaultTrials, "nothing given: the default"},
		{0, 5000, 5000, "the scenario's when nothing is asked"},
		{300, 5000, 300, "what is asked wins over the scenario"},
	} {
		if got := chooseTrials(tt.asked, tt.scenario); got != tt.want {
			t.Errorf("chooseTrials(%d, %d) = %d, want %d (%s)", tt.asked, tt.scenario, got, tt.want, tt.why)
		}
	}
	for _, tt := range []struct {
		asked, scenario *uint64
		want            uint64 // when source is not "random"
		source          string
		why             string
	}{
		{nil, nil, 0, "random", "nothing given: a drawn seed"},
		{nil, seed(7), 7, "scenario", "the scenario's when nothing is asked"},
		{seed(9), seed(7), 9, "flag", "what is asked wins over the scenario"},
		{seed(0), seed(7), 0, "flag", "a seed of 0 asked for is still asked for"},
	} {
		got, source := Setup{Seed: tt.asked}.seed(tt.scenario)
		if source != tt.source || source != "random" && got != tt.want {
			t.Errorf("seed %d from %s, want %d from %s (%s)", got, source, tt.want, tt.source, tt.why)
		}
		if source == "random" && got >= 1<<32 {
			t.Errorf("a drawn seed of %d is too long to retype", got)
		}
	}
}

// Run simulates the scenario at the trials and seed asked for, tells its
// progress, and adds the exact answer when asked; the same seed gives the
// same numbers.
func TestRun(t *testing.T) {
	t.Parallel()
	p := &progressLog{}
	s := Setup{Seed: seed(3), Workers: 2, Version: "test", Progress: p}
	rep, err := Run(context.Background(), s, RunOptions{Scenario: "trolls-vs-knights", Trials: 5000, Exact: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Trials != 5000 || !rep.Complete || rep.Seed != 3 || rep.SeedSource != "flag" || rep.Version != "test" || rep.Exact == nil {
		t.Errorf("report: %d trials, complete %v, seed %d from %s, version %q, exact %v", rep.Trials, rep.Complete, rep.Seed, rep.SeedSource, rep.Version, rep.Exact != nil)
	}
	if len(p.begun) != 1 || p.begun[0] != 5000 || p.last != 5000 {
		t.Errorf("progress: begun %v, last %d; want begun once at 5000 and ended there", p.begun, p.last)
	}
	again, err := Run(context.Background(), Setup{Seed: seed(3), Workers: 1}, RunOptions{Scenario: "trolls-vs-knights", Trials: 5000})
	if err != nil {
		t.Fatal(err)
	}
	for e, pr := range rep.Events {
		if again.Events[e] != pr {
			t.Errorf("%s: %v on 2 workers, %v on 1", e, pr, again.Events[e])
		}
	}
}

// What Check refuses stops the run before any trial; a run cancelled
// before any trial finishes is ErrNoTrials, an interruption.
func TestRunStops(t *testing.T) {
	t.Parallel()
	refused := errors.New("no such chart")
	p := &progressLog{}
	_, err := Run(context.Background(), Setup{Progress: p}, RunOptions{Scenario: "trolls-vs-knights",
		Check: func(m engine.Model) error { return refused }})
	if !errors.Is(err, refused) || len(p.begun) > 0 {
		t.Errorf("a refused check: %v, progress begun %v; want the check's error before anything runs", err, p.begun)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Run(ctx, Setup{Seed: seed(1)}, RunOptions{Scenario: "trolls-vs-knights", Trials: 100_000})
	if !errors.Is(err, ErrNoTrials) || !errors.Is(err, failure.ErrInterrupted) {
		t.Errorf("a cancelled run: %v, want ErrNoTrials", err)
	}
	if err.Error() != "interrupted before any trial finished; nothing to report" {
		t.Errorf("ErrNoTrials says %q", err)
	}
}

// Exact solves what it can, and says of the rest what to run instead
// (failure.Unsolvable); run --exact of a scenario too large for its
// solver is simulated alone, with a note.
func TestExact(t *testing.T) {
	t.Parallel()
	rep, err := Exact(Setup{Version: "test"}, "ogres-vs-arrows", "")
	if err != nil || rep.Trials != 0 || rep.SeedSource != "none" || len(rep.Events) == 0 {
		t.Fatalf("exact: %+v, %v", rep, err)
	}
	var u *failure.Unsolvable
	if _, err := Exact(Setup{}, "wotr-combat-vs-duel", ""); !errors.As(err, &u) || !strings.Contains(err.Error(), "run 'sim run wotr-combat-vs-duel'") {
		t.Errorf("a scenario with no solver: %v", err)
	}
	var notes []string
	s := Setup{Seed: seed(1), Note: func(m string) { notes = append(notes, m) }}
	rep, err = Run(context.Background(), s, RunOptions{Scenario: "black-orcs-big-boss-challenge", Trials: 2000, Exact: true})
	if err != nil || rep.Exact != nil || len(notes) != 1 || !strings.HasSuffix(notes[0], "; showing the simulated answer only") {
		t.Errorf("run --exact too large: %v, exact %v, notes %q", err, rep != nil && rep.Exact != nil, notes)
	}
}
