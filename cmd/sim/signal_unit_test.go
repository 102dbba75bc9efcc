package main

import (
	"context"
	"os"
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
