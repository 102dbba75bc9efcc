// Package failure names the kinds of failure a command reports, so that
// the packages doing the work (study, runs) and the command line that
// maps each kind to its exit status (cmd/sim) agree on them: a command
// line sim cannot act on, bad input, a scenario with no exact answer, and
// an interrupted run. Any other error is a runtime failure.
package failure

import (
	"errors"
	"fmt"
)

// Usage is a command line sim cannot act on: sim exits with status 2 and
// points to sim help.
type Usage struct{ Msg string }

func (e *Usage) Error() string { return e.Msg }

// Usagef is a Usage error with a formatted message.
func Usagef(format string, args ...any) error {
	return &Usage{fmt.Sprintf(format, args...)}
}

// Input is bad input that is not a scenario file's own problem (a sweep's
// value, a damaged shard file): exit status 2, without the hint about
// usage.
type Input struct{ Msg string }

func (e *Input) Error() string { return e.Msg }

// Unsolvable is a scenario sim exact has no exact answer for: exit
// status 3.
type Unsolvable struct{ Msg string }

func (e *Unsolvable) Error() string { return e.Msg }

// ErrInterrupted is returned when a run was cut short, after its partial
// result and a note saying so were written: exit status 1, with nothing
// more said.
var ErrInterrupted = errors.New("interrupted")
