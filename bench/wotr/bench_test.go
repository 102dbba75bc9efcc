package wotrref

import (
	"testing"

	"github.com/wargamesim/sim/bench/refrun"
	"github.com/wargamesim/sim/engine/enginetest"
)

// The paired benchmarks: BenchmarkEngineX and BenchmarkReferenceX resolve
// the same built-in turn X, one trial per iteration on one goroutine.
// Compare them as ratios from the same run:
//
//	go test -run XXX -bench . -count 6 ./bench/wotr/ | tee new.txt
//	benchstat new.txt

func BenchmarkEngineEpicDuel(b *testing.B)       { benchEngine(b, "wotr-epic-duel") }
func BenchmarkReferenceEpicDuel(b *testing.B)    { benchReference(b, "wotr-epic-duel") }
func BenchmarkEngineCaptainDuel(b *testing.B)    { benchEngine(b, "wotr-captain-duel") }
func BenchmarkReferenceCaptainDuel(b *testing.B) { benchReference(b, "wotr-captain-duel") }
func BenchmarkEngineCombatVsDuel(b *testing.B)   { benchEngine(b, "wotr-combat-vs-duel") }
func BenchmarkReferenceCombatVsDuel(b *testing.B) {
	benchReference(b, "wotr-combat-vs-duel")
}

func benchEngine(b *testing.B, name string) {
	p, _ := load(b, name)
	enginetest.BenchTrials(b, p.Model)
}

func benchReference(b *testing.B, name string) {
	_, ref := load(b, name)
	refrun.Bench(b, len(ref.Metrics()), len(ref.Events()), Stream, ref.Trial)
}
