package wotrref

import (
	"context"
	"math"
	"testing"

	"github.com/wargamesim/sim/bench/refrun"
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	_ "github.com/wargamesim/sim/game/wotr/scenario"
	"github.com/wargamesim/sim/scenarios"
	"go.yaml.in/yaml/v3"
)

// builtins lists the built-in War of the Ring scenarios of one turn: the
// reference plays one turn (several are checked trial by trial in
// game/wotr's turns_test.go).
func builtins(tb testing.TB) []string {
	var names []string
	for _, n := range scenarios.BuiltinNames() {
		p, err := scenarios.Builtin(n)
		if err != nil || p.Game != "wotr" {
			continue
		}
		var s struct {
			Fight struct {
				Turns int `yaml:"turns"`
			} `yaml:"fight"`
		}
		if src, _ := scenarios.BuiltinSource(n); yaml.Unmarshal(src, &s) != nil || s.Fight.Turns > 1 {
			continue
		}
		names = append(names, n)
	}
	if len(names) < 4 {
		tb.Fatalf("built-in wotr scenarios: %v, want the four", names)
	}
	return names
}

// load loads a built-in scenario and its reference.
func load(tb testing.TB, name string) (*scenarios.Plan, *Resolver) {
	p, err := scenarios.Builtin(name)
	if err != nil {
		tb.Fatal(err)
	}
	src, _ := scenarios.BuiltinSource(name)
	r, err := New(p, src)
	if err != nil {
		tb.Fatal(err)
	}
	return p, r
}

func trials() int {
	if testing.Short() {
		return 20_000
	}
	return 200_000
}

// TestAgreement runs every built-in War of the Ring scenario through the
// engine and the reference with independent dice: every metric's mean and
// tails P(X ≥ k), and every event, agree within 4.5 standard errors.
func TestAgreement(t *testing.T) {
	for _, name := range builtins(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p, ref := load(t, name)
			n := trials()
			eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(n), Seed: 7, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			compare(t, eng, ref.Run(n, 11))
		})
	}
}

// TestReferenceAgainstExact holds the reference to the engine's exact
// solver where the turn has one: every built-in it solves (the duels
// alone, and wotr-captain-duel's duel and fight), and small fights of its
// own, with and without duels.
func TestReferenceAgainstExact(t *testing.T) {
	solved := 0
	for _, name := range builtins(t) {
		p, ref := load(t, name)
		s, ok := p.Model.(engine.Solver)
		if !ok {
			continue
		}
		ex, err := s.Exact()
		if err != nil {
			t.Fatal(err)
		}
		solved++
		enginetest.Agree(t, name, ex, ref.Run(trials(), 5))
	}
	if solved < 3 {
		t.Errorf("%d built-ins solved exactly, want wotr-epic-duel, wotr-worked-duel and wotr-captain-duel", solved)
	}
	for i, c := range exactFights {
		p, err := scenarios.Load(c.name+".yaml", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		s, ok := p.Model.(engine.Solver)
		if !ok {
			t.Fatalf("%s: no exact solver", c.name)
		}
		ex, err := s.Exact()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ref, err := New(p, []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		enginetest.Agree(t, c.name, ex, ref.Run(trials(), uint64(20+i)))
	}
}

// exactFights are small fights between formations that the exact solver
// takes and the reference covers.
var exactFights = []struct{ name, src string }{
	{"banner-orcs-charge", `game: wotr
name: banner-orcs-charge
formations:
  - id: men
    profile: {F: 4, S: 3, D: 5, A: 8, R: 1, C: 2}
    shield: true
    companies: 2
  - id: orcs
    profile: {F: 3, S: 3, D: 3, A: 8, R: 1, C: 2}
    support_dice: 2
    banner: true
    companies: 3
fight:
  type: fight
  charger: orcs
`},
	{"two-duels-then-fight", `game: wotr
name: two-duels-then-fight
might_policy: duel
rules: {duel_table: m3, last_company_half: "no", battle_skill: flat}
formations:
  - id: men
    profile: {F: 4, S: 3, D: 5, A: 8, R: 1, C: 2}
    companies: 2
    heroes:
      - id: captain
        profile: {F: 6, R: 2, C: 4, Might: 2}
        actions:
          - {action: epic_duel, target: chief}
  - id: orcs
    profile: {F: 3, S: 4, D: 4, A: 8, R: 1, C: 2}
    companies: 2
    frontage: 1
    heroes:
      - id: chief
        profile: {F: 5, R: 2, C: 3, Might: 2}
        actions:
          - {action: heroic_duel, target: captain}
fight:
  type: fight
`},
}

// TestWorkedDuel checks the reference's duel roll against rules/wotr.md
// §1's worked case A by hand: F6 declaring on F5 (R2), no Might, slays
// him 5735/13824 of the time.
func TestWorkedDuel(t *testing.T) {
	_, ref := load(t, "wotr-worked-duel")
	n := trials()
	res := ref.Run(n, 3)
	for e, name := range res.Events {
		if name != "hero_b.slain" {
			continue
		}
		want := 5735.0 / 13824
		got := float64(res.Count[e]) / float64(n)
		if z := math.Abs(got-want) / math.Sqrt(want*(1-want)/float64(n)); z > 4.5 {
			t.Errorf("P(hero B slain) = %.5f, want %.5f (z = %.2f)", got, want, z)
		}
		return
	}
	t.Fatal("no hero_b.slain event")
}

// TestTrialsDoNotAllocate holds the reference to the engine's rule.
func TestTrialsDoNotAllocate(t *testing.T) {
	for _, name := range builtins(t) {
		_, ref := load(t, name)
		if a := refrun.Allocs(len(ref.Metrics()), len(ref.Events()), Stream, ref.Trial); a != 0 {
			t.Errorf("%s: %v allocations per trial", name, a)
		}
	}
}

// compare checks the reference's result got against the engine's eng
// (enginetest.AgreeSamples: within 4.5 standard errors).
func compare(t *testing.T, eng, got *engine.Result) {
	t.Helper()
	enginetest.AgreeSamples(t, eng, got, [2]string{"engine", "reference"})
}
