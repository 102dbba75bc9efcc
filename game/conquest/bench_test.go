package conquest

import (
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// BenchmarkStrike and BenchmarkFight measure one trial, by counts (the
// engine) and die by die (the oracle), in ns/trial.
//
//	go test -run XXX -bench . ./game/conquest/
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
	b.Run(name, func(b *testing.B) { enginetest.BenchTrials(b, m) })
}
