package scenario

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
)

// loneHero is plan §1.3's lone hero: a lone Chaos Lord (character: true,
// from the character library) charges the flank of Halberdiers already
// fighting Chaos Warriors, and challenges their champion.
const loneHero = `name: lone
units:
  - {id: warriors, from: chaos_warriors, models: 12, frontage: 4}
  - {id: lord, from: chaos_lord, character: true, challenge: {issue: always}}
  - {id: halberdiers, from: empire_halberdiers, command: {standard: true, musician: true, champion: true}}
fight:
  type: close_combat
  sides:
    - id: chaos
      units:
        - {unit: warriors, fights: [{unit: halberdiers, models: 4}]}
        - {unit: lord, charged: true, fights: [{unit: halberdiers, at: flank}]}
    - id: halberdiers
      units:
        - {unit: halberdiers, fights: [{unit: warriors, models: 5}, {unit: lord, models: 1}]}
`

// A lone character builds into the engine's unit of no rank and file and
// one character, the library's Chaos Lord (WS 8, 3 Wounds), with its
// challenge policy; the file loads and runs under every preset, a
// challenge is issued (the lord always challenges, the Halberdiers'
// champion touches his unit), and the lord's casualties count him.
func TestLoneCharacterLoadsAndRuns(t *testing.T) {
	t.Parallel()
	var s Scenario
	pos, errs := scenarios.Decode("v.yaml", []byte(loneHero), &s)
	if errs == nil {
		errs = useLibrary("v.yaml", &s, pos)
	}
	if errs == nil {
		errs = validate("v.yaml", &s, pos)
	}
	if errs != nil {
		t.Fatal(errs)
	}
	for _, preset := range []string{"6th", "7th", "8th", "tow"} {
		p, err := scenarios.Load("v.yaml", []byte("ruleset: "+preset+"\n"+loneHero))
		if err != nil {
			t.Fatalf("%s: %v", preset, err)
		}
		r, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: 2000, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", preset, err)
		}
		issued := slices.Index(r.Events, "challenge.issued")
		cas := slices.IndexFunc(r.Metrics, func(m engine.Metric) bool { return m.Name == "lord.casualties" })
		if issued < 0 || cas < 0 {
			t.Fatalf("%s: no challenge.issued or lord.casualties in %v, %v", preset, r.Events, r.Metrics)
		}
		if r.Count[issued] == 0 {
			t.Errorf("%s: no challenge issued in %d trials; the lord always challenges", preset, r.Trials)
		}
		if m := r.Metrics[cas]; m.Max != 1 {
			t.Errorf("%s: lord.casualties up to %d, want 1: a lone character is one model", preset, m.Max)
		}
	}
	f := fighter(&s.Units[1])
	if f.Models != 0 || len(f.Characters) != 1 || f.Characters[0].Profile.WS != 8 || f.Characters[0].Profile.W != 3 || f.Challenge.Issue == 0 {
		t.Errorf("the lone lord built as %+v; want no rank and file and the Chaos Lord (WS 8, W 3), issuing challenges", f)
	}
}

// The lone character example of docs/scenarios.md passes every check of
// the format, its library units included.
func TestDocumentedLoneExample(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "scenarios.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i := strings.Index(text, "#### Lone characters")
	j := strings.Index(text[max(i, 0):], "```yaml\n")
	if i < 0 || j < 0 {
		t.Fatal("docs/scenarios.md has no lone character example")
	}
	example, _, _ := strings.Cut(text[i+j+len("```yaml\n"):], "```")
	if errs := formatErrors(example); len(errs) > 0 {
		t.Errorf("the documented example has errors:\n%s", strings.Join(errs, "\n"))
	}
}

// A lone character fights a single enemy unit in the two-unit form too,
// under every preset: the file loads and runs, and the lord is one model.
func TestLoneCharacterTwoUnitForm(t *testing.T) {
	t.Parallel()
	const src = `name: lone
units:
  - {id: lord, from: chaos_lord, character: true}
  - {id: halberdiers, from: empire_halberdiers}
fight: {type: close_combat, sides: [lord, halberdiers], charger: lord, facing: flank}
`
	for _, preset := range []string{"6th", "7th", "8th", "tow"} {
		p, err := scenarios.Load("v.yaml", []byte("ruleset: "+preset+"\n"+src))
		if err != nil {
			t.Fatalf("%s: %v", preset, err)
		}
		r, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: 1000, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", preset, err)
		}
		cas := slices.IndexFunc(r.Metrics, func(m engine.Metric) bool { return m.Name == "lord.casualties" })
		if cas < 0 || r.Metrics[cas].Max != 1 {
			t.Errorf("%s: lord.casualties %v; want a metric of 0 or 1", preset, r.Metrics)
		}
	}
}
