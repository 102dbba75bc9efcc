package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/runs"
	"github.com/wargamesim/sim/study"
)

// runFlags are the flags of every command that runs trials: --seed,
// --workers and --quiet.
type runFlags struct {
	seed    *uint64
	workers *int
	quiet   *bool
}

// addRunFlags defines --seed (its help saying seedUsage), --workers and
// --quiet on fs.
func addRunFlags(fs *flagSet, seedUsage string) *runFlags {
	return &runFlags{
		seed:    seedFlag(fs, seedUsage),
		workers: workersFlag(fs),
		quiet:   fs.Bool("quiet", false, "no progress bar (it is drawn only on a terminal, for runs longer than a second)"),
	}
}

// setup is the study.Setup the flags ask for, its runs made as sc says,
// with the progress bar it draws on stderr, which the caller clears (done)
// when the study's trials are over.
func (r *runFlags) setup(fs *flagSet, sc *runs.Scale, stderr io.Writer) (study.Setup, *progress) {
	bar := newProgress(stderr, *r.quiet)
	s := study.Setup{Workers: *r.workers, Scale: sc, Version: version, Progress: bar, Note: noter(stderr)}
	if set(fs, "seed") {
		s.Seed = r.seed
	}
	return s, bar
}

// noResult says on stderr why a study that was interrupted has nothing to
// report (study.ErrNoTrials), and passes its error on.
func noResult(stderr io.Writer, err error) error {
	if errors.Is(err, failure.ErrInterrupted) {
		fmt.Fprintf(stderr, "sim: %v\n", err)
	}
	return err
}
