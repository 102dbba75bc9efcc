package main

import (
	"fmt"
	"math"
	"runtime"
	"strconv"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
)

// The numeric flags the running commands share (run, compare, sweep,
// matrix), each checked in one place: when the flag is parsed. A value
// out of range, or not a whole number, is a usage error (exit status 2)
// that names the flag and its range, before anything runs:
//
//	sim: run: invalid value "0" for flag -trials: must be a whole number from 1 to 10000000000
//
// The bounds are the engine's: --trials that of a scenario's trials field
// (scenarios.MaxTrials, which is engine.MaxTrials), --workers
// engine.MaxWorkers.

// trialsFlag defines --trials on fs, with default value (0 for "the
// scenario's"), and returns where its value goes.
func trialsFlag(fs *flagSet, value int64, usage string) *int64 {
	p := &value
	fs.Var(&bounded[int64]{p: p, lo: 1, hi: scenarios.MaxTrials}, "trials", usage+"; `N` from 1 to "+strconv.FormatInt(scenarios.MaxTrials, 10))
	return p
}

// workersFlag defines --workers on fs: by default as many as Go runs at
// once (GOMAXPROCS), at most engine.MaxWorkers.
func workersFlag(fs *flagSet) *int {
	hi := engine.MaxWorkers()
	p := new(int)
	*p = min(runtime.GOMAXPROCS(0), hi)
	fs.Var(&bounded[int]{p: p, lo: 1, hi: hi, why: fmt.Sprintf(" (4 a CPU, and at least 64; this machine has %d CPUs)", runtime.NumCPU())},
		"workers", fmt.Sprintf("goroutines running trials; `N` from 1 to %d (4 a CPU, at least 64)", hi))
	return p
}

// seedFlag defines --seed on fs: any uint64.
func seedFlag(fs *flagSet, usage string) *uint64 {
	p := new(uint64)
	fs.Var((*seedValue)(p), "seed", usage+"; `N` from 0 to "+strconv.FormatUint(math.MaxUint64, 10))
	return p
}

// bounded is a flag holding a whole number from lo to hi, written in
// decimal (or 0x.., 0o.., 0b.., as Go's flag package takes them).
type bounded[T int | int64] struct {
	p      *T
	lo, hi T
	why    string // said after the range, when there is more to say
}

func (b *bounded[T]) String() string {
	if b == nil || b.p == nil {
		return "0" // the zero value, which flag.PrintDefaults asks for
	}
	return strconv.FormatInt(int64(*b.p), 10)
}

func (b *bounded[T]) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil || n < int64(b.lo) || n > int64(b.hi) {
		return fmt.Errorf("must be a whole number from %d to %d%s", b.lo, b.hi, b.why)
	}
	*b.p = T(n)
	return nil
}

// seedValue is a flag holding any uint64.
type seedValue uint64

func (s *seedValue) String() string {
	if s == nil {
		return "0"
	}
	return strconv.FormatUint(uint64(*s), 10)
}

func (s *seedValue) Set(text string) error {
	n, err := strconv.ParseUint(text, 0, 64)
	if err != nil {
		return fmt.Errorf("must be a whole number from 0 to %d", uint64(math.MaxUint64))
	}
	*s = seedValue(n)
	return nil
}

// maxResultSize is the largest JSON sim plot reads: 512 MiB, well above
// the largest sim writes (a 100 × 100 matrix or sweep, a few hundred MB).
const maxResultSize = 512 << 20

// readResult reads a result's JSON for sim plot, refusing one larger than
// maxResultSize (/dev/zero, say) instead of reading it without end.
func readResult(path string) ([]byte, error) { return scenarios.ReadLimited(path, maxResultSize) }
