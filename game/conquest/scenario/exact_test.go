package scenario

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

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
			for m, pmf := range ex.PMF {
				var sum float64
				for _, q := range pmf {
					sum += q
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Errorf("%s: the distribution sums to %.12f", ex.Metrics[m].Name, sum)
				}
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

// TestFightExactUnderOtherReadings repeats the agreement on the built-in
// fights under the options that change a step the solver follows: the
// 1.03 full restore, a Broken regiment not healed, Shattered stand by
// stand, free restored models, the Character's stand counted (50,000
// trials each, a tenth under -short).
func TestFightExactUnderOtherReadings(t *testing.T) {
	t.Parallel()
	trials := int64(50_000)
	if testing.Short() {
		trials /= 10
	}
	for i, c := range []struct{ name, rules string }{
		{"conquest-trolls-ground-down", "{regeneration: full_restore}"},
		{"conquest-trolls-ground-down", "{regeneration: full_restore, full_restore_stand: one_model, broken_blocks_healing: yes}"},
		{"conquest-trolls-ground-down", "{shattered_checked: each_stand, regeneration_skips_character: no}"},
		{"conquest-chapter-mage-heals", "{restore_cost: free, character_stand_counts: yes}"},
		{"conquest-chapter-mage-heals", "{broken_blocks_healing: yes, size_bonus_counted: before_action}"},
	} {
		t.Run(c.name+" "+c.rules, func(t *testing.T) {
			t.Parallel()
			src, _ := scenarios.BuiltinSource(c.name)
			src = append(append([]byte(nil), src...), "rules: "+c.rules+"\n"...)
			p, err := scenarios.Load("builtin:"+c.name, src)
			if err != nil {
				t.Fatal(err)
			}
			f := p.Model.(*conquest.Fight)
			ex, err := f.Exact()
			if err != nil {
				t.Fatal(err)
			}
			res, err := engine.Run(context.Background(), f, engine.Config{Trials: trials, Seed: uint64(31 + i)})
			if err != nil {
				t.Fatal(err)
			}
			enginetest.Agree(t, c.name+" "+c.rules, ex, res)
		})
	}
}

func BenchmarkFightExact(b *testing.B) {
	for _, name := range []string{"conquest-trolls-ground-down", "conquest-chapter-mage-heals"} {
		b.Run(name, func(b *testing.B) {
			p, err := scenarios.Builtin(name)
			if err != nil {
				b.Fatal(err)
			}
			f := p.Model.(*conquest.Fight)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f.Exact(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Many turns multiply the solver's work though no one moment is large:
// conquest-trolls-ground-down with 60 stands of Men-at-Arms over 50 turns
// (each turn's states fit the limits) is refused with a clear error within
// seconds, not solved for minutes (it ran past a minute before the limits
// on the whole fight).
func TestFightExactManyTurnsRefused(t *testing.T) {
	src, ok := scenarios.BuiltinSource("conquest-trolls-ground-down")
	if !ok {
		t.Fatal("no conquest-trolls-ground-down")
	}
	s := strings.Replace(string(src), "stands: 9", "stands: 60", 1)
	s = strings.Replace(s, "turns: 6", "turns: 50", 1)
	if s == string(src) {
		t.Fatal("the built-in changed: no stands: 9 or turns: 6 to edit")
	}
	p, err := scenarios.Load("long.yaml", []byte(s))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = p.Model.(engine.Solver).Exact()
	if err == nil || !strings.Contains(err.Error(), "exact solution too large") {
		t.Fatalf("60 stands over 50 turns: err = %v, want exact solution too large", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the refusal took %v", d)
	}
}
