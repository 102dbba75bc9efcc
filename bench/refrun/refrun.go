// Package refrun runs the die-by-die references of bench/ as the engine's
// runner runs a model: trials on one goroutine, gathered into an
// [engine.Result] of integer histograms, so that the same agreement checks
// read both.
package refrun

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Trial is one trial of a reference: it writes each metric's value and
// each event into values and events (cleared before each trial), rolling
// its dice from rnd.
type Trial func(rnd *rand.Rand, values []int, events []bool)

// Run runs trials trials of trial, with dice from the PCG seeded (seed,
// stream), and gathers them under metrics and events. A value outside its
// metric's range is a bug of the reference: it panics, naming it.
func Run(trials int, seed, stream uint64, metrics []engine.Metric, events []string, trial Trial) *engine.Result {
	res := &engine.Result{Metrics: metrics, Events: events, Hist: make([][]int64, len(metrics)),
		Count: make([]int64, len(events)), Trials: int64(trials), Requested: int64(trials), Seed: seed, Complete: true}
	for m, mt := range metrics {
		res.Hist[m] = make([]int64, mt.Max-mt.Min+1)
	}
	rnd := rand.New(rand.NewPCG(seed, stream))
	values := make([]int, len(metrics))
	happened := make([]bool, len(events))
	for range trials {
		clear(values)
		clear(happened)
		trial(rnd, values, happened)
		for m, v := range values {
			mt := metrics[m]
			if v < mt.Min || v > mt.Max {
				panic(fmt.Sprintf("reference: metric %q reported %d, outside %d..%d", mt.Name, v, mt.Min, mt.Max))
			}
			res.Hist[m][v-mt.Min]++
		}
		for e, on := range happened {
			if on {
				res.Count[e]++
			}
		}
	}
	return res
}

// Bench measures trial's trials, one b.Loop iteration each, with dice
// from the PCG seeded (1, stream), reporting time and allocations per
// trial as enginetest.BenchTrials does for a model.
func Bench(b *testing.B, metrics, events int, stream uint64, trial Trial) {
	rnd := rand.New(rand.NewPCG(1, stream))
	values, happened := make([]int, metrics), make([]bool, events)
	b.ReportAllocs()
	for b.Loop() {
		clear(values)
		clear(happened)
		trial(rnd, values, happened)
	}
	enginetest.ReportPerTrial(b, b.N)
}

// Allocs is the allocations one of trial's trials makes, on average over a
// hundred: 0 for a reference held to the engine's rule.
func Allocs(metrics, events int, stream uint64, trial Trial) float64 {
	rnd := rand.New(rand.NewPCG(1, stream))
	values, happened := make([]int, metrics), make([]bool, events)
	return testing.AllocsPerRun(100, func() {
		clear(values)
		clear(happened)
		trial(rnd, values, happened)
	})
}
