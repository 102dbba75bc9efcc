package scenario

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
)

// lancers is five WS4 S3 knights with lances charging twenty WS2 T3
// goblins without armour, for one round; the goblins cannot break.
const lancers = `name: lancers
ruleset: 6th
units:
  - id: knights
    profile: {M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}
    models: 5
    weapon: lance
    mount: {kind: cavalry}
  - id: goblins
    profile: {M: 4, WS: 2, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6}
    models: 20
    special_rules: {unbreakable: true}
fight: {type: close_combat, sides: [knights, goblins], charger: knights, max_rounds: 1}
`

// A rider is mounted whether or not its mount has a profile of its own to
// fight with: a lance gives +2 Strength on the charge (seed 002; RULES.md
// §3.1), here S5 against T3, wounding on 2+. The chargers strike first, so
// the goblins' mean casualties are 5 attacks x 2/3 (WS4 against WS2 hits on
// 3+) x 5/6 = 25/9; without the lance they would be 5 x 2/3 x 1/2 = 5/3.
// The same holds for a unit typed cavalry with no mount given.
func TestRidersWithoutAMountProfileAreMounted(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"mount without a profile": lancers,
		"type cavalry, no mount":  strings.Replace(lancers, "    mount: {kind: cavalry}\n", "    type: cavalry\n", 1),
	} {
		p, err := scenarios.Load("lancers.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		const trials = 100_000
		res, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: trials, Seed: 12})
		if err != nil {
			t.Fatal(err)
		}
		var m int
		for i, mt := range p.Model.Metrics() {
			if mt.Name == "goblins.casualties" {
				m = i
			}
		}
		sum := 0.0
		for k, n := range res.Hist[m] {
			sum += float64((k + p.Model.Metrics()[m].Min) * int(n))
		}
		mean, want := sum/trials, 25.0/9
		se := math.Sqrt(5*(10.0/18)*(8.0/18)) / math.Sqrt(trials) // binomial(5, 5/9)
		if math.Abs(mean-want) > 4.5*se {
			t.Errorf("%s: goblins lose %.4f models on average, want 25/9 = %.4f within 4.5 standard errors (%.4f)", name, mean, want, se)
		}
	}
}
