package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// The first signal cancels, the second quits, and nothing happens after
// stop.
func TestWatchSignals(t *testing.T) {
	t.Parallel()
	sig := make(chan os.Signal)
	done := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	quit := make(chan struct{})
	go watchSignals(sig, done, cancel, func() { close(quit) })
	sig <- syscall.SIGINT
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the first signal did not cancel the context")
	}
	select {
	case <-quit:
		t.Fatal("one signal quit")
	default:
	}
	sig <- syscall.SIGTERM
	select {
	case <-quit:
	case <-time.After(5 * time.Second):
		t.Fatal("the second signal did not quit")
	}

	stopped := make(chan struct{})
	go func() {
		watchSignals(sig, done, func() {}, func() { t.Error("quit after stop") })
		close(stopped)
	}()
	close(done)
	select {
	case <-stopped:
	case <-time.After(5 * time.Second):
		t.Fatal("watchSignals runs on after done is closed")
	}
}

// removeAll removes the temporary files still being written, keeps the
// ones already renamed into place, and refuses to create more.
func TestTempFilesRemoveAll(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := &tempFiles{names: map[string]bool{}}
	writing, _, err := p.create(dir, ".a.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	renamed, done, err := p.create(dir, ".b.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	final := filepath.Join(dir, "b.json")
	renamed.Close()
	if err := os.Rename(renamed.Name(), final); err != nil {
		t.Fatal(err)
	}
	done()
	p.removeAll()
	writing.Close()
	if _, err := os.Stat(writing.Name()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file being written is still there: %v", err)
	}
	if _, err := os.Stat(final); err != nil {
		t.Errorf("the finished file was removed: %v", err)
	}
	if _, _, err := p.create(dir, ".c.*.tmp"); !errors.Is(err, errStopping) {
		t.Errorf("create after removeAll: %v, want errStopping", err)
	}
}
