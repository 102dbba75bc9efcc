package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// progress draws a progress bar on stderr for a run that lasts longer than
// about a second, and only when stderr is a terminal: a pipe, a file or a
// test sees nothing, and stdout never does.
type progress struct {
	w     io.Writer
	total int64
	start time.Time
	mu    sync.Mutex
	last  time.Time
	shown bool
	hook  func(done, total int64) // progressHook, instead of a bar
}

// progressHook, where set (the web page's engine, wasm.go), is told of
// every run's progress instead of a bar being drawn: trials done of total.
var progressHook func(done, total int64)

// newProgress returns a progress bar, or nil when it should not be drawn
// (quiet, or stderr is not a terminal). It is a study.Progress: it starts
// when the study Begins, with the total it gives.
func newProgress(stderr io.Writer, quiet bool) *progress {
	if progressHook != nil {
		return &progress{hook: progressHook}
	}
	if quiet || !isTerminal(stderr) {
		return nil
	}
	return &progress{w: stderr}
}

// Begin starts the bar for total trials.
func (p *progress) Begin(total int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total, p.start = total, time.Now()
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Update is told of the trials done: it redraws the bar at most ten times
// a second, once the run has lasted a second.
func (p *progress) Update(done int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.hook != nil {
		if now.Sub(p.last) >= 50*time.Millisecond || done == p.total {
			p.last = now
			p.hook(done, p.total)
		}
		return
	}
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.shown = now, true
	frac := min(float64(done)/float64(max(p.total, 1)), 1) // an estimated total may be passed
	const width = 30
	n := int(frac * width)
	eta := time.Duration(float64(now.Sub(p.start)) * (1 - frac) / max(frac, 1e-9)).Round(time.Second)
	fmt.Fprintf(p.w, "\r[%s%s] %3.0f%%  %s of %s trials, about %s left ",
		strings.Repeat("=", n), strings.Repeat(" ", width-n), 100*frac, comma(done), comma(p.total), eta)
}

// done clears the bar, if it was drawn.
func (p *progress) done() {
	if p == nil || !p.shown {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\033[K")
}
