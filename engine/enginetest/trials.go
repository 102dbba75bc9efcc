package enginetest

import (
	"testing"

	"github.com/wargamesim/sim/engine"
)

// BenchTrials measures m's trials as one of the runner's workers runs
// them: one trial per iteration, on one stream of dice (seed 1, batch 0),
// the result reset before each. It reports ns/trial, trials/s and
// allocs/op (one op is one trial).
func BenchTrials(b *testing.B, m engine.Model) {
	tr := m.NewTrialer()
	r := engine.NewTrialResult(m)
	d := engine.NewDice(1, 0)
	b.ReportAllocs()
	for b.Loop() {
		r.Reset()
		tr.Trial(d, &r)
	}
	ReportPerTrial(b, b.N)
}

// ReportPerTrial reports b's elapsed time over the trials it ran as
// ns/trial and trials/s.
func ReportPerTrial(b *testing.B, trials int) {
	ns := float64(b.Elapsed().Nanoseconds()) / float64(trials)
	b.ReportMetric(ns, "ns/trial")
	b.ReportMetric(1e9/ns, "trials/s")
}

// TrialsDoNotAllocate fails t, naming the model name, when m's trials
// allocate: a thousand trials in a row, as a worker runs them, must
// allocate nothing (the engine's no-allocation-per-trial rule).
func TrialsDoNotAllocate(t testing.TB, name string, m engine.Model) {
	t.Helper()
	tr := m.NewTrialer()
	r := engine.NewTrialResult(m)
	d := engine.NewDice(1, 1)
	if a := testing.AllocsPerRun(5, func() {
		for range 1000 {
			r.Reset()
			tr.Trial(d, &r)
		}
	}); a != 0 {
		t.Errorf("%s: %v allocations per 1000 trials, want 0", name, a)
	}
}
