package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wargamesim/sim/web"
)

// sim serve builds the page, prints its address, serves the page's files
// with their Content-Security-Policy, and stops at Ctrl-C (its context
// ending); sim site writes the same files into a new folder, and refuses
// one that is not empty. Each builds the page's WebAssembly (a few
// seconds once Go's build cache holds the engine).
func TestServeAndSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the page's WebAssembly twice")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- serveCmd(ctx, []string{"--addr", "127.0.0.1:0"}, w, io.Discard); w.Close() }()
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("sim serve printed no address: %v (%v)", err, <-done)
	}
	go io.Copy(io.Discard, r)
	addr := strings.Fields(strings.TrimPrefix(line, "sim: serving the page at "))[0]
	res, err := http.Get(addr)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Security-Policy") != web.Policy {
		t.Errorf("GET %s: %d, CSP %q", addr, res.StatusCode, res.Header.Get("Content-Security-Policy"))
	}
	if res, err := http.Get(addr + "sim.wasm"); err != nil || res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("GET sim.wasm: %v %v", err, res)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("sim serve stopped with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("sim serve did not stop when its context ended")
	}

	out := filepath.Join(t.TempDir(), "site")
	if code, _, errs := sim(t, context.Background(), "site", "-o", out); code != 0 {
		t.Fatalf("sim site: exit %d: %s", code, errs)
	}
	for _, n := range web.Files() {
		if fi, err := os.Stat(filepath.Join(out, n)); err != nil || fi.Size() == 0 {
			t.Errorf("sim site wrote no %s: %v", n, err)
		}
	}
	if code, _, errs := sim(t, context.Background(), "site", "-o", out); code != 2 || !strings.Contains(errs, "not empty") {
		t.Errorf("sim site into a full folder: exit %d, %q", code, errs)
	}
}
