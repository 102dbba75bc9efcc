package conquest

import (
	"testing"

	"github.com/wargamesim/sim/engine"
)

// BenchmarkStrike and BenchmarkFight measure one trial, by counts (the
// engine) and die by die (the oracle), in ns/trial.
//
//	go test -run XXX -bench . ./engine/conquest/
func BenchmarkStrike(b *testing.B) {
	for name, s := range strikeCases(b) {
		bench(b, name, s)
		bench(b, name+"/perdie", s.PerDie())
	}
}

func BenchmarkFight(b *testing.B) {
	for name, f := range fightCases(b) {
		bench(b, name, f)
		bench(b, name+"/perdie", f.PerDie())
	}
}

func bench(b *testing.B, name string, m engine.Model) {
	b.Run(name, func(b *testing.B) {
		tr := m.NewTrialer()
		r := engine.TrialResult{Values: make([]int, len(m.Metrics())), Events: make([]bool, len(m.Events()))}
		d := engine.NewDice(1, 1)
		b.ReportAllocs()
		for b.Loop() {
			clear(r.Values)
			clear(r.Events)
			tr.Trial(d, &r)
		}
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(ns, "ns/trial")
	})
}
