package scenario

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// The fights of testdata/two-on-one, two against one written as armies,
// are solved exactly under every preset (issue 30, step 8), as sim exact
// solves them, and each solution agrees with the simulation by stages
// within 4.5 standard errors (enginetest.Agree). The time of sim exact on
// them is in docs/plans/issue-30-several-units.md, "Done".
func TestTwoOnOneFilesSolveExactly(t *testing.T) {
	trials := int64(100_000)
	if testing.Short() {
		trials = 20_000
	}
	paths, err := filepath.Glob(filepath.Join("testdata", "two-on-one", "*.yaml"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fights in testdata/two-on-one: %v", err)
	}
	for _, file := range paths {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, preset := range pinPresets {
			t.Run(filepath.Base(file)+"/"+preset, func(t *testing.T) {
				t.Parallel()
				f := pinLoad(t, file, src, preset)
				ex, err := f.Exact()
				if err != nil {
					t.Fatal(err)
				}
				res, err := engine.Run(t.Context(), f.WithoutTables(), engine.Config{Trials: trials, Seed: 31, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				enginetest.Agree(t, file+" "+preset, ex, res)
			})
		}
	}
}
