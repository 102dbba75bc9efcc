package main

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/wargamesim/sim/scenarios"
)

// The smallest chart size the docs promise, 480x270, draws the default
// chart of every built-in scenario (issue 13, item 9).
func TestSmallestSizeDrawsEveryDefaultChart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range scenarios.BuiltinNames() {
		file := filepath.Join(dir, name+".png")
		code, _, stderr := sim(t, context.Background(), "run", name, "--trials", "500", "--seed", "1", "--size", "480x270", "--plot", file)
		if code != 0 {
			t.Errorf("%s at 480x270: exit %d: %s", name, code, stderr)
		}
	}
}
