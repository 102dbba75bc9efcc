package enginetest

import (
	"testing"

	"github.com/wargamesim/sim/engine"
)

// dieModel reports one die a trial; with leak set it also allocates.
type dieModel struct{ leak bool }

var sink []int

func (m dieModel) Metrics() []engine.Metric   { return []engine.Metric{{Name: "die", Min: 1, Max: 6}} }
func (m dieModel) Events() []string           { return []string{"six"} }
func (m dieModel) NewTrialer() engine.Trialer { return m }
func (m dieModel) Trial(d *engine.Dice, r *engine.TrialResult) {
	r.Values[0] = d.D6()
	r.Events[0] = r.Values[0] == 6
	if m.leak {
		sink = make([]int, r.Values[0]+8)
	}
}

func TestTrialsDoNotAllocate(t *testing.T) {
	for _, tt := range []struct {
		leak bool
		errs int
		why  string
	}{
		{false, 0, "a trial that writes only its result passes"},
		{true, 1, "a trial that allocates is reported"},
	} {
		rec := &recorder{}
		TrialsDoNotAllocate(rec, "die", dieModel{leak: tt.leak})
		if len(rec.errs) != tt.errs {
			t.Errorf("leak %v: errors %q, want %d (%s)", tt.leak, rec.errs, tt.errs, tt.why)
		}
	}
}

func BenchmarkTrials(b *testing.B) { BenchTrials(b, dieModel{}) }
