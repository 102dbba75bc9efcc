package main

import (
	"context"
	"errors"
	"os"
	"sync"
)

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
