package bench

import (
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// TestReferenceSeedFractions checks the reference against seed 000's
// exact answers for two Trolls taking ten unsaved wounds (RULES.md §5.2,
// computed there with fractions): the unit stays destroyed with
// probability 1/64 under 6th-edition Regeneration (6 dice at 4+ after the
// phase, all failing) and 193/512 under 8th (a 4+ save per wound; the unit
// dies at 6 failures out of up to 10).
func TestReferenceSeedFractions(t *testing.T) {
	trials := 400_000
	if testing.Short() {
		trials = 40_000
	}
	for _, c := range []struct {
		preset string
		want   float64
	}{
		{"", 1.0 / 64},       // seed 000, "Regenerating excess wounds"; RULES.md §5.2
		{"8th", 193.0 / 512}, // RULES.md §5.2, 8th row
	} {
		p := builtin(t, "trolls-take-ten", c.preset)
		res := reference(t, p).Run(trials, 3)
		got := float64(res.Count[0]) / float64(trials)
		se := math.Sqrt(c.want * (1 - c.want) / float64(trials))
		// Within zLimit standard errors of the exact fraction.
		if z := math.Abs(got-c.want) / se; z > zLimit {
			t.Errorf("%s under %q: P(destroyed) = %.5f, want %.5f (z = %.2f, limit %.1f)", res.Events[0], c.preset, got, c.want, z, zLimit)
		}
	}
}

// TestReferenceAgainstExact checks the reference's volleys and fights
// against the engine's exact solvers (docs/rules.md, "Exact solutions"),
// which work from the distributions rather than the dice: every metric's
// mean and tails, and every event, within zLimit standard errors of the
// reference's estimate. The fight solver shares the engine's round code,
// so for fights this is the reference against the engine's reading of the
// rules, without sampling error on the engine's side. Fights whose exact
// solution takes long are left out.
func TestReferenceAgainstExact(t *testing.T) {
	trials := 200_000
	if testing.Short() {
		trials = 20_000
	}
	for _, c := range agreementCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := c.plan(t)
			solver, ok := p.Model.(engine.Solver)
			if !ok {
				t.Skip("no exact solver")
			}
			f, fight := p.Model.(*warhammer.Fight)
			if fight && f.ExactWork() > 2e6 {
				t.Skip("a fight whose exact solution takes long")
			}
			exact, err := solver.Exact()
			if err != nil && strings.Contains(err.Error(), "too large") {
				t.Skip(err)
			}
			if err != nil {
				t.Fatal(err)
			}
			if fight {
				// The reference's fights are slow; enginetest.Agree tests rare
				// outcomes exactly.
				enginetest.Agree(t, p.Name, exact, reference(t, p).Run(trials/(4*max(c.divide, 1)), 5))
				return
			}
			checkExact(t, p, exact, reference(t, p).Run(trials, 5))
		})
	}
}

func checkExact(t *testing.T, p *scenarios.Plan, exact *engine.Exact, got *engine.Result) {
	n := float64(got.Trials)
	for m, mt := range got.Metrics {
		if exact.Metrics[m].Name != mt.Name {
			t.Fatalf("metric %d: exact %q, reference %q", m, exact.Metrics[m].Name, mt.Name)
		}
		h := byValue(got, m)
		mean, se := meanSE(h, n)
		var want float64
		for i, pr := range exact.PMF[m] {
			want += float64(exact.Metrics[m].Min+i) * pr
		}
		// The mean within zLimit standard errors of the exact mean.
		if z, ok := zScore(mean-want, se, 0); !ok || z > zLimit {
			t.Errorf("%s: mean reference %.5f ± %.5f, exact %.5f (z = %.2f, limit %.1f)", mt.Name, mean, se, want, z, zLimit)
		}
		// Every tail P(X ≥ k) within zLimit binomial standard errors,
		// skipping k where fewer than minCount trials are expected on
		// either side: there the normal approximation fails.
		tail := 1.0
		for i, pr := range exact.PMF[m] {
			k := exact.Metrics[m].Min + i
			if i > 0 && n*min(tail, 1-tail) >= minCount {
				c := atLeast(h, k)
				if z := math.Abs(c/n-tail) / math.Sqrt(tail*(1-tail)/n); z > zLimit {
					t.Errorf("%s: P(X ≥ %d) reference %.5f, exact %.5f (z = %.2f, limit %.1f)", mt.Name, k, c/n, tail, z, zLimit)
				}
			}
			tail -= pr
		}
	}
	for e, name := range got.Events {
		want, c := exact.P[e], float64(got.Count[e])
		if n*min(want, 1-want) < minCount {
			// Rare: the count must not exceed what a Poisson count of
			// mean n·want reaches with probability pLimit; a bound of
			// mean + 4.5·sqrt(mean) + 10 is looser than that and enough.
			mean := n * min(want, 1-want)
			if rare := min(c, n-c); rare > mean+zLimit*math.Sqrt(mean)+10 {
				t.Errorf("%s: %v trials, exact P %.6f (expected %.1f)", name, rare, want, mean)
			}
			continue
		}
		// Within zLimit binomial standard errors of the exact probability.
		if z := math.Abs(c/n-want) / math.Sqrt(want*(1-want)/n); z > zLimit {
			t.Errorf("%s: P reference %.6f, exact %.6f (z = %.2f, limit %.1f)", name, c/n, want, z, zLimit)
		}
	}
	t.Logf("%s: %d metrics and %d events within %.1f standard errors of the exact solution", p.Name, len(got.Metrics), len(got.Events), zLimit)
}
