//go:build !(js && wasm)

package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/wargamesim/sim/internal/atomicfile"
)

func main() {
	ctx, stop := interruptible() // a second Ctrl-C stops at once
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// interruptible returns a context that the first Ctrl-C (SIGINT) or
// SIGTERM cancels: a run then stops after the batch each worker is on, and
// the command writes what it has, marked partial. A second signal ends sim
// at once, through forceQuit, whatever it is doing (a batch that takes
// long, a large chart being drawn). stop undoes it.
func interruptible() (ctx context.Context, stop func()) {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	first := func() {
		// A spare processor for the second signal: while the winding
		// down (a large chart drawn, the collector working through it)
		// holds every one, the goroutines that take a signal may wait
		// seconds for one (seen here: 1 to 3.5 s with GOMAXPROCS 2, none
		// with 3).
		runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + 1)
		cancel()
	}
	go watchSignals(sig, done, first, func() { forceQuit(os.Stderr) })
	return ctx, func() {
		signal.Stop(sig)
		close(done)
		cancel()
	}
}

// forceQuit ends sim after a second interrupt: it removes the temporary
// files of the outputs being written, so that none is left half-written,
// says so on stderr and exits with status 1, that of an interrupted run.
func forceQuit(stderr *os.File) {
	atomicfile.Abandon()
	if isTerminal(stderr) {
		fmt.Fprint(stderr, "\r\033[K") // the progress bar's line
	}
	fmt.Fprintln(stderr, "sim: interrupted again: stopped at once; an output not yet written was not written")
	os.Exit(1)
}
