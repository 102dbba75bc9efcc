// Package atomicfile writes sim's output files whole or not at all: each
// is written to a temporary file beside it and renamed over it, and a
// forced quit (a second Ctrl-C) removes the temporary files of the
// outputs still being written.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// Write writes a file through render: first to a temporary file beside
// it, then renamed over it, so that a failed or interrupted write never
// leaves a half-written file.
func Write(path string, render func(io.Writer) error) (err error) {
	f, done, err := pending.create(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	defer done() // a second Ctrl-C removes the file until then
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = render(f); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Abandon removes the temporary files of every write under way and lets
// no more start: what a forced quit does before it exits. A file renamed
// into place already is complete, and stays.
func Abandon() { pending.removeAll() }

// pending is the temporary files of the outputs being written.
var pending = &tempFiles{names: map[string]bool{}}

// tempFiles is a set of temporary files, safe for concurrent use.
type tempFiles struct {
	mu      sync.Mutex
	names   map[string]bool
	removed bool // removeAll ran: no more may be created
}

// ErrStopping is returned by Write once sim is stopping (Abandon ran).
var ErrStopping = errors.New("sim is stopping after a second interrupt")

// create is os.CreateTemp(dir, pattern), recording the file until done is
// called, which the caller does once the file is renamed or removed.
func (p *tempFiles) create(dir, pattern string) (f *os.File, done func(), err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.removed {
		return nil, nil, ErrStopping
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

// removeAll removes every file recorded and lets no more be created.
func (p *tempFiles) removeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.removed = true
	for name := range p.names {
		os.Remove(name)
		delete(p.names, name)
	}
}
