package warhammerref

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/wargamesim/sim/bench/refrun"
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// The paired benchmarks: BenchmarkEngineX and BenchmarkReferenceX resolve
// the same fight X, one trial per iteration on one goroutine, and report
// ns/trial, trials/s and allocs/trial (allocs/op: one op is one trial).
// Compare them as ratios from the same run:
//
//	go test -run XXX -bench . -count 10 ./bench/warhammer/ | tee new.txt
//	benchstat new.txt

func volley10(tb testing.TB) *scenarios.Plan  { return load(tb, "volley-10", volleyYAML(10)) }
func volley100(tb testing.TB) *scenarios.Plan { return load(tb, "volley-100", volleyYAML(100)) }
func trollsVsKnights(tb testing.TB) *scenarios.Plan {
	return builtin(tb, "trolls-vs-knights", "")
}
func infantry40(tb testing.TB) *scenarios.Plan { return load(tb, "halberds-vs-spears", infantryYAML) }

func BenchmarkEngineVolley10(b *testing.B)           { benchEngine(b, volley10(b)) }
func BenchmarkReferenceVolley10(b *testing.B)        { benchReference(b, volley10(b)) }
func BenchmarkEngineVolley100(b *testing.B)          { benchEngine(b, volley100(b)) }
func BenchmarkReferenceVolley100(b *testing.B)       { benchReference(b, volley100(b)) }
func BenchmarkEngineTrollsVsKnights(b *testing.B)    { benchEngine(b, trollsVsKnights(b)) }
func BenchmarkReferenceTrollsVsKnights(b *testing.B) { benchReference(b, trollsVsKnights(b)) }
func BenchmarkEngineInfantry40v40(b *testing.B)      { benchEngine(b, infantry40(b)) }
func BenchmarkReferenceInfantry40v40(b *testing.B)   { benchReference(b, infantry40(b)) }

// BenchmarkEngineStages measures the engine on fights of two units fought
// stage by stage, never from round tables (warhammer.Fight.WithoutTables):
// the path a fight too large for the tables takes, and the one issue 30's
// per-unit engine must keep as fast (docs/plans/issue-30-several-units.md).
// The Big Boss's challenge takes the general way through each step (aim,
// hitAims), the others the short way (plainStep).
func BenchmarkEngineStages(b *testing.B) {
	for _, c := range []struct {
		name string
		plan func(testing.TB) *scenarios.Plan
	}{
		{"trolls-vs-knights", trollsVsKnights},
		{"infantry-40v40", infantry40},
		{"big-boss-challenge", bigBossChallenge},
	} {
		f, ok := c.plan(b).Model.(*warhammer.Fight)
		if !ok {
			b.Fatalf("%s is not a close combat", c.name)
		}
		b.Run(c.name, func(b *testing.B) { enginetest.BenchTrials(b, f.WithoutTables()) })
	}
}

// BenchmarkEngineBigBossChallenge measures a fight of characters and a
// challenge as a run fights it: its first round from tables, the rest
// stage by stage.
func BenchmarkEngineBigBossChallenge(b *testing.B) { benchEngine(b, bigBossChallenge(b)) }

func bigBossChallenge(tb testing.TB) *scenarios.Plan {
	return builtin(tb, "black-orcs-big-boss-challenge", "")
}

// benchEngine measures one worker's trials of p's engine model, on the
// dice of batch 0, as the rule systems' own benchmarks do.
func benchEngine(b *testing.B, p *scenarios.Plan) { enginetest.BenchTrials(b, p.Model) }

// benchReference measures the reference's trials of p.
func benchReference(b *testing.B, p *scenarios.Plan) {
	ref := reference(b, p)
	refrun.Bench(b, len(ref.Metrics()), len(ref.Events()), Stream, ref.Trial)
}

// BenchmarkExactVolley100Regeneration measures the exact solver on 100
// attacks at regenerating W3 models (issue 7's target: under 1 ms):
// Strength 5 blows at Trolls with Regeneration only, and the benchmarks'
// 100-attack volley with Killing Blow, Multiple Wounds (D3), Hatred and
// re-rolls too.
func BenchmarkExactVolley100Regeneration(b *testing.B) {
	for _, c := range []struct {
		name string
		plan *scenarios.Plan
	}{
		{"rules=regeneration", load(b, "regen-volley-100", regenVolleyYAML)},
		{"rules=killing_blow_d3", volley100(b)},
	} {
		solver, ok := c.plan.Model.(engine.Solver)
		if !ok {
			b.Fatalf("%s: the volley has no exact solver", c.name)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := solver.Exact(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// scalingTrials is the trials of one engine.Run in BenchmarkEngineScaling:
// 64 batches, enough for every worker to stay busy.
const scalingTrials = 64 * engine.BatchSize

// BenchmarkEngineScaling runs trolls-vs-knights through engine.Run on 1
// and 2 workers (and runtime.NumCPU() if more), reporting trials/s. Issue
// 7's target is 2 workers at 1.8 times the throughput of 1 or better.
func BenchmarkEngineScaling(b *testing.B) {
	p := trollsVsKnights(b)
	workers := []int{1, 2}
	if n := runtime.NumCPU(); n > 2 {
		workers = append(workers, n)
	}
	for _, w := range workers {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				res, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: scalingTrials, Seed: 1, Workers: w})
				if err != nil || !res.Complete {
					b.Fatal(err)
				}
			}
			enginetest.ReportPerTrial(b, b.N*scalingTrials)
		})
	}
}

// TestTrialsDoNotAllocate checks issue 7's zero allocations per trial for
// the engine on every benchmark case, and holds the reference to the same.
func TestTrialsDoNotAllocate(t *testing.T) {
	for name, plan := range map[string]func(testing.TB) *scenarios.Plan{
		"volley-10": volley10, "volley-100": volley100, "trolls-vs-knights": trollsVsKnights, "infantry-40v40": infantry40,
		"big-boss-challenge": bigBossChallenge,
	} {
		p := plan(t)
		enginetest.TrialsDoNotAllocate(t, "engine, "+name, p.Model)
		ref := reference(t, p)
		if a := refrun.Allocs(len(ref.Metrics()), len(ref.Events()), Stream, ref.Trial); a != 0 {
			t.Errorf("reference, %s: %v allocations per trial, want 0", name, a)
		}
	}
}
