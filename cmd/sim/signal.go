package main

import (
	"context"
	"os"
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
