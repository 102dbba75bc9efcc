package scenario

import (
	"context"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/conquest"
	"github.com/wargamesim/sim/scenarios"
)

// TestFightExactAgreesWithSimulation holds the exact solution of every
// built-in Conquest fight of turns the solver takes to a fixed-seed
// simulation of 200,000 trials (a tenth under -short): every metric's
// mean, every P(X ≥ k) and every event within 4.5 standard errors
// (enginetest.Agree). The simulation rolls dice through the trial's own
// path (count samplers, Regeneration's amounts, the spell's dice); the
// solver follows every outcome, so a step one of them skipped or misread
// shows here.
func TestFightExactAgreesWithSimulation(t *testing.T) {
	t.Parallel()
	trials := int64(200_000)
	if testing.Short() {
		trials /= 10
	}
	n := 0
	for _, name := range scenarios.BuiltinNames() {
		p, err := scenarios.Builtin(name)
		if err != nil || p.Game != "conquest" {
			continue
		}
		f, ok := p.Model.(*conquest.Fight)
		if !ok {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ex, err := f.Exact()
			if err != nil {
				t.Fatalf("the built-in fights are small enough to solve: %v", err)
			}
			res, err := engine.Run(context.Background(), f, engine.Config{Trials: trials, Seed: 29})
			if err != nil {
				t.Fatal(err)
			}
			enginetest.Agree(t, name, ex, res)
		})
	}
	if n < 2 {
		t.Errorf("%d built-in Conquest fights of turns; want the trolls and the Chapter Mage", n)
	}
}
