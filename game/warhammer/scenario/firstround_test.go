package scenario

import (
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/scenarios"
)

// The built-in hammer-and-anvil, two against one too large for whole
// round tables (its ExactWork is 3 to 5 × 10⁶, above maxTableWork's
// 3 × 10⁵), is fought under every preset from the tables of its charge
// and first round, its later rounds by stages (issue 30, step 10), and
// its results agree with those fought by stages throughout within 4.5
// standard errors (enginetest.AgreeSamples).
func TestHammerAndAnvilFirstRoundTablesMatchStages(t *testing.T) {
	trials := int64(100_000)
	if testing.Short() {
		trials = 20_000
	}
	src, ok := scenarios.BuiltinSource("hammer-and-anvil")
	if !ok {
		t.Fatal("no built-in hammer-and-anvil")
	}
	for i, preset := range pinPresets {
		t.Run(preset, func(t *testing.T) {
			t.Parallel()
			f := pinLoad(t, "builtin:hammer-and-anvil", src, preset)
			if w := f.ExactWork(); w <= 3e5 || !f.UsesTables() {
				t.Fatalf("ExactWork %.2g, tables %v; want above 3e5, first-round tables", w, f.UsesTables())
			}
			run := func(f engine.Model, seed uint64) *engine.Result {
				res, err := engine.Run(t.Context(), f, engine.Config{Trials: trials, Seed: seed, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			enginetest.AgreeSamples(t, run(f, uint64(41+2*i)), run(f.WithoutTables(), uint64(42+2*i)), [2]string{"tables", "stages"})
		})
	}
}
