package warhammerref

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// fleeYAML is a close combat decided before a die is rolled, so that all
// that is left to chance is the flee and the pursuit. Neither side has an
// attack; the winner's standard (+1) and, in 6th, its greater Unit
// Strength (+1) win the first round; the loser, on Leadership 1, fails its
// break test whatever it rolls (insane_courage and stomp are off, so 8th
// adds nothing). The loser's P(caught) is then P(pursuit ≥ flee).
//
// The guard (five infantry) and the riders (monstrous cavalry) win and
// lose one way round or the other, as fleeYAMLOf fills in the capitalised
// words; two riders win, so that in 6th they outnumber the guard.
const fleeYAML = `name: flee
ruleset: RULESET
rules: {insane_courage: no, stomp: no RULES}
units:
  - id: guard
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 0, Ld: GUARD_LD}
    models: 5
    command: {standard: GUARD_STANDARD}
  - id: riders
    type: monstrous_cavalry
    profile: {M: 8, WS: 3, BS: 3, S: 4, T: 4, W: 3, I: 3, A: 0, Ld: RIDERS_LD}
    models: RIDERS
    command: {standard: RIDERS_STANDARD}
fight:
  type: close_combat
  sides: [guard, riders]
`

// fleeYAMLOf fills in fleeYAML: the preset, options to add to its rules
// block ("" for none), and which side loses.
func fleeYAMLOf(ruleset, rules string, ridersLose bool) string {
	if rules != "" {
		rules = ", " + rules
	}
	// A longer word comes before its prefix (RULESET, RULES), so that
	// the replacer matches it whole.
	r := strings.NewReplacer("RULESET", ruleset, "RULES", rules,
		"GUARD_LD", pick(ridersLose, "7", "1"), "RIDERS_LD", pick(ridersLose, "1", "7"),
		"GUARD_STANDARD", pick(ridersLose, "true", "false"), "RIDERS_STANDARD", pick(ridersLose, "false", "true"),
		"RIDERS", pick(ridersLose, "1", "2"))
	return r.Replace(fleeYAML)
}

func pick(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// fleeRoll is the distribution of a flee or pursuit roll of n dice,
// dropping the lowest die or not, by counting every face of every die:
// an expectation that shares no code with the engine or the reference.
func fleeRoll(n int, dropLowest bool) []float64 {
	p := make([]float64, 6*n+1)
	faces := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			sum := 0
			for _, f := range faces {
				sum += f
			}
			if dropLowest {
				sum -= slices.Min(faces)
			}
			p[sum] += math.Pow(6, -float64(n))
			return
		}
		for f := 1; f <= 6; f++ {
			faces[i] = f
			rec(i + 1)
		}
	}
	rec(0)
	return p
}

// pCaught is P(pursuit ≥ flee) for independent rolls.
func pCaught(pursuit, flee []float64) float64 {
	var p float64
	for x, px := range pursuit {
		for y, py := range flee {
			if x >= y {
				p += px * py
			}
		}
	}
	return p
}

// TestMonstrousCavalryFlee pins cavalry_flee_types in the engine and in the
// reference alike: monstrous cavalry flee and pursue as cavalry_flee_roll
// says (3D6 in 6th, 3D6 dropping the lowest in 8th) while the option names
// them, and roll 2D6 as infantry do once it does not. Each resolver's
// P(caught) must be within 4.5 standard errors of the exact value, so
// either one ignoring the option (or the troop type) fails: 2D6 against 3D6
// is caught 22% of the time, 2D6 against 2D6 56%.
func TestMonstrousCavalryFlee(t *testing.T) {
	trials := 40_000
	if testing.Short() || raceDetector {
		trials = 10_000
	}
	d2, d3, d3l := fleeRoll(2, false), fleeRoll(3, false), fleeRoll(3, true)
	cases := []struct {
		name       string
		ruleset    string
		rules      string
		ridersLose bool
		want       float64
	}{
		{"6th/riders-flee", "6th", "", true, pCaught(d2, d3)},
		{"6th/riders-pursue", "6th", "", false, pCaught(d3, d2)},
		{"6th/riders-flee/cavalry-only", "6th", "cavalry_flee_types: cavalry", true, pCaught(d2, d2)},
		{"6th/riders-pursue/cavalry-only", "6th", "cavalry_flee_types: cavalry", false, pCaught(d2, d2)},
		{"8th/riders-flee", "8th", "", true, pCaught(d2, d3l)},
		{"8th/riders-pursue", "8th", "", false, pCaught(d3l, d2)},
		{"8th/riders-flee/cavalry-only", "8th", "cavalry_flee_types: cavalry", true, pCaught(d2, d2)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := load(t, "flee", fleeYAMLOf(c.ruleset, c.rules, c.ridersLose))
			eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(trials), Seed: 7, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			loser := pick(c.ridersLose, "riders", "guard")
			for _, r := range []struct {
				who string
				res *engine.Result
			}{{"engine", eng}, {"reference", reference(t, p).Run(trials, 11)}} {
				checkCaught(t, r.who, r.res, loser, c.want)
			}
		})
	}
}

// checkCaught checks that the loser always broke and was caught with
// probability want, within 4.5 standard errors.
func checkCaught(t *testing.T, who string, r *engine.Result, loser string, want float64) {
	t.Helper()
	n := float64(r.Trials)
	breaks, caught := slices.Index(r.Events, loser+".breaks"), slices.Index(r.Events, loser+".caught")
	if breaks < 0 || caught < 0 {
		t.Fatalf("%s: no %s.breaks or %s.caught among %v", who, loser, loser, r.Events)
	}
	if got := float64(r.Count[breaks]); got != n {
		t.Fatalf("%s: %s broke in %v of %v trials; the case needs it to break in every one", who, loser, got, n)
	}
	got := float64(r.Count[caught]) / n
	se := math.Sqrt(want * (1 - want) / n)
	if z, ok := enginetest.WithinLimit(got, want, se); !ok {
		t.Errorf("%s: P(%s.caught) = %.4f, want %.4f (z = %.1f, limit 4.5)", who, loser, got, want, z)
	}
}
