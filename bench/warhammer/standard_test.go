package warhammerref

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// lastStandYAML is a one-round fight of several units under 7th: two
// Warriors in contact strike the front of a unit of one Halberdier and its
// champion, who carry a standard and strike no blow, while a lone
// Lord with no Attacks stands at their flank. With
// champion_takes_overflow no, the Warriors' blows never reach the
// champion, who always stands.
const lastStandYAML = `name: last-stand
ruleset: 7th
rules: {champion_takes_overflow: no}
units:
  - id: warriors
    profile: {M: 4, WS: 4, BS: 3, S: 4, T: 4, W: 1, I: 5, A: 1, Ld: 8}
    models: 12
    frontage: 4
  - id: lord
    character: true
    profile: {M: 4, WS: 6, BS: 3, S: 5, T: 4, W: 3, I: 6, A: 0, Ld: 9}
  - id: halberdiers
    profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 0, Ld: 7}
    champion_profile: {M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 0, Ld: 7}
    models: 2
    frontage: 2
    command: {standard: true, champion: true}
fight:
  type: close_combat
  max_rounds: 1
  sides:
    - id: chaos
      units:
        - {unit: warriors, fights: [{unit: halberdiers, models: 2}]}
        - {unit: lord, charged: true, fights: [{unit: halberdiers, at: flank}]}
    - id: empire
      units:
        - {unit: halberdiers, fights: [{unit: warriors, models: 2}, {unit: lord, models: 1}]}
`

// TestStandardFallsWithRankAndFile holds the engine and the reference to a
// hand-worked round: the standard is the last of the rank and file to fall,
// and its +1 ends with them though the champion fights on (docs/rules.md,
// Standard and musician: 7th.whfb.app command-groups/champions). The two
// Warriors' blows (WS 4 against WS 3: 3+; S 4 against T 3: 3+; no armour)
// leave the one Halberdier standing with probability (5/9)² = 25/81; the
// Empire scores no wound and no other bonus, so its combat result is 1
// with that probability and 0 otherwise. Until 2026-12-04 the reference's
// fight of several units kept the standard while any model stood, and
// scored 1 in every trial.
func TestStandardFallsWithRankAndFile(t *testing.T) {
	trials := 100_000
	if testing.Short() || raceDetector {
		trials = 20_000
	}
	stands := 25.0 / 81
	p := load(t, "last-stand", lastStandYAML)
	eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(trials), Seed: 9, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		who string
		res *engine.Result
	}{{"engine", eng}, {"reference", aligned(t, eng, reference(t, p).Run(trials, 11))}} {
		m := slices.IndexFunc(r.res.Metrics, func(m engine.Metric) bool { return m.Name == "empire.combat_result" })
		if m < 0 {
			t.Fatalf("%s: no empire.combat_result in %v", r.who, r.res.Metrics)
		}
		var n [3]int64 // trials scoring 0, 1, and more
		for k, c := range r.res.Hist[m] {
			n[min(r.res.Metrics[m].Min+k, 2)] += c
		}
		got := float64(n[1]) / float64(r.res.Trials)
		if se := math.Sqrt(stands * (1 - stands) / float64(r.res.Trials)); n[2] > 0 || math.Abs(got-stands) > 4.5*se {
			t.Errorf("%s: the Empire scored 1 in %.5f of trials and more in %d; want %.5f ± %.5f (4.5 standard errors) and never more", r.who, got, n[2], stands, 4.5*se)
		}
	}
}
