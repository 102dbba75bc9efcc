package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

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
	go watchSignals(sig, done, cancel, func() { forceQuit(os.Stderr) })
	return ctx, func() {
		signal.Stop(sig)
		close(done)
		cancel()
	}
}

// watchSignals cancels on the first signal from sig and calls quit on the
// second, until done is closed.
func watchSignals(sig <-chan os.Signal, done <-chan struct{}, cancel context.CancelFunc, quit func()) {
	for n := 0; ; n++ {
		select {
		case <-done:
			return
		case <-sig:
		}
		if n > 0 {
			quit()
			return
		}
		cancel()
	}
}

// forceQuit ends sim after a second interrupt: it removes the temporary
// files of the outputs being written, so that none is left half-written,
// says so on stderr and exits with status 1, that of an interrupted run.
func forceQuit(stderr *os.File) {
	pending.removeAll()
	if isTerminal(stderr) {
		fmt.Fprint(stderr, "\r\033[K") // the progress bar's line
	}
	fmt.Fprintln(stderr, "sim: interrupted again: stopped at once; an output not yet written was not written")
	os.Exit(1)
}

// pending is the temporary files of the outputs being written
// ([writeFileAtomic]); a forced quit removes them.
var pending = &tempFiles{names: map[string]bool{}}

// tempFiles is a set of temporary files, safe for concurrent use.
type tempFiles struct {
	mu      sync.Mutex
	names   map[string]bool
	removed bool // removeAll ran: no more may be created
}

// errStopping is returned by create once sim is stopping.
var errStopping = errors.New("sim is stopping after a second interrupt")

// create is os.CreateTemp(dir, pattern), recording the file until done is
// called, which the caller does once the file is renamed or removed.
func (p *tempFiles) create(dir, pattern string) (f *os.File, done func(), err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.removed {
		return nil, nil, errStopping
	}
	if f, err = os.CreateTemp(dir, pattern); err != nil {
		return nil, nil, err
	}
	name := f.Name()
	p.names[name] = true
	return f, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		delete(p.names, name)
	}, nil
}

// removeAll removes every file recorded and lets no more be created. A
// file renamed into place already is complete, and stays.
func (p *tempFiles) removeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.removed = true
	for name := range p.names {
		os.Remove(name)
		delete(p.names, name)
	}
}
