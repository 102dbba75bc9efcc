package scenario

import (
	"math"
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
)

// One side rolling thousands of dice: 100 companies a hundred wide with A20
// against a side with no attacks. The binomial of its hits must not
// underflow (a recurrence from no hits starts at (1-q)^n, 0 in float64 for
// a few hundred dice); every distribution sums to 1, and a hundred
// companies struck by over a thousand expected hits are destroyed for
// certain, the attackers, who take no hits, never.
func TestExactFightOfThousandsOfDice(t *testing.T) {
	p, err := scenarios.Load("big.yaml", []byte(`game: wotr
name: big
ruleset: wotr
formations:
  - {id: big, profile: {F: 10, S: 10, D: 5, A: 20, R: 1, C: 2}, companies: 100, frontage: 100}
  - {id: small, profile: {F: 1, S: 1, D: 1, A: 0, R: 1, C: 2}, companies: 100, frontage: 100}
fight: {type: fight, charger: big}
`))
	if err != nil {
		t.Fatal(err)
	}
	sv, ok := p.Model.(engine.Solver)
	if !ok {
		t.Fatal("no exact solver")
	}
	ex, err := sv.Exact()
	if err != nil {
		t.Fatal(err)
	}
	for m, pmf := range ex.PMF {
		var sum float64
		for _, q := range pmf {
			sum += q
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: probabilities sum to %v", ex.Metrics[m].Name, sum)
		}
	}
	for e, want := range map[string]float64{"small.destroyed": 1, "big.destroyed": 0, "big.wins": 1} {
		i := slices.Index(ex.Events, e)
		if i < 0 {
			t.Fatalf("no event %s in %v", e, ex.Events)
		}
		if math.Abs(ex.P[i]-want) > 1e-9 {
			t.Errorf("P(%s) = %v, want %v", e, ex.P[i], want)
		}
	}
}
