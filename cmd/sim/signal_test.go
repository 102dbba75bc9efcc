package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A second Ctrl-C, or a SIGTERM after one, stops sim at once, even while
// it is busy after the first (here drawing a large chart), and leaves no
// chart, temporary file or half-written output behind; the output the
// first interrupt had finished writing stays whole (issue 13: a second
// Ctrl-C and SIGTERM were ignored for 13 minutes). It runs the built
// binary, since it sends real signals.
func TestSecondInterruptStopsAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sim and runs it for a few seconds")
	}
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "sim")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, second := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(second.String(), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			out, chart := filepath.Join(dir, "r.json"), filepath.Join(dir, "c.png")
			cmd := exec.Command(bin, "run", "trolls-vs-knights", "--seed", "1", "--trials", "10000000000", "--workers", "2",
				"--format", "json", "--out", out, "--plot", chart, "--size", "8000x8000")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			time.Sleep(500 * time.Millisecond) // running
			cmd.Process.Signal(syscall.SIGINT)
			time.Sleep(300 * time.Millisecond) // the output written, the chart being drawn
			cmd.Process.Signal(second)
			sent := time.Now()
			select {
			case err := <-exited:
				if code := cmd.ProcessState.ExitCode(); code != 1 {
					t.Errorf("exit status %d (%v), want 1; stderr %q", code, err, stderr.String())
				}
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-exited
				t.Fatalf("still running 5 s after the second signal; stderr %q", stderr.String())
			}
			// Drawing this chart takes about 3.5 s of CPU on an idle
			// machine, so a sim that waited for it would exceed 2 s; the
			// margin over "at once" is for a CI machine busy with other
			// packages' tests (it once took 1.07 s there).
			if d := time.Since(sent); d > 2*time.Second {
				t.Errorf("exited %v after the second signal, want at once", d)
			}
			if !strings.Contains(stderr.String(), "interrupted again: stopped at once") {
				t.Errorf("stderr %q does not say it stopped at once", stderr.String())
			}
			if _, err := os.Stat(chart); err == nil {
				t.Errorf("the chart was drawn after the second signal")
			}
			assertNoFiles(t, dir, "c.png")
			if data, err := os.ReadFile(out); err == nil {
				var rep struct{ Complete *bool }
				if err := json.Unmarshal(data, &rep); err != nil || rep.Complete == nil || *rep.Complete {
					t.Errorf("the output left behind is not a whole partial result: %v\n%.200s", err, data)
				}
			}
		})
	}
}
