package warhammerref

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// The cost of a fight of several units (issue 30's target: a fight of two
// against one costs no more than 2.5 times a fight of one against one of
// the same units, per trial; docs/plans/issue-30-several-units.md §7 step
// 10). The three fights are the built-in hammer-and-anvil and its two
// halves, cut from its text so that they stay its units: the anvil,
// Halberdiers holding the Boyz alone, and the hammer, the Knights
// charging the Boyz' flank alone. Compare within one run:
//
//	go test -run '^$' -bench TwoOnOne -benchtime 300ms -count 5 ./bench/warhammer/

// hammerAndAnvilCut is the built-in hammer-and-anvil with each pair of
// edits made, the first text replaced by the second: each must be in it,
// so that a change to the built-in fails here rather than benchmarking
// another fight.
func hammerAndAnvilCut(tb testing.TB, name string, edits ...string) *scenarios.Plan {
	tb.Helper()
	src, ok := scenarios.BuiltinSource("hammer-and-anvil")
	if !ok {
		tb.Fatal("no built-in hammer-and-anvil")
	}
	text := string(src)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			tb.Fatalf("hammer-and-anvil has no %q", edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	return load(tb, name, text)
}

// costAnvil is the Halberdiers against the Boyz alone, costHammer the
// Knights against the Boyz' flank alone, costBoth the two against one.
func costAnvil(tb testing.TB) *scenarios.Plan {
	return hammerAndAnvilCut(tb, "anvil",
		"  - {id: knights, from: empire_knights, models: 5}\n", "",
		"        - {unit: knights, charged: true, fights: [{unit: boyz, at: flank, models: 3}]}\n", "",
		", {unit: knights, models: 4}", "")
}

// costHammer's units touch with the models they touch with in the
// whole fight (3 Knights, 4 Boyz), as their contact: a fight of two
// units takes its contacts from the units.
func costHammer(tb testing.TB) *scenarios.Plan {
	return hammerAndAnvilCut(tb, "hammer",
		"  - {id: halberdiers, from: empire_halberdiers}\n", "",
		"  - {id: knights, from: empire_knights, models: 5}", "  - {id: knights, from: empire_knights, models: 5, contact: 3}",
		"  - {id: boyz, from: orc_boyz, models: 25}", "  - {id: boyz, from: orc_boyz, models: 25, contact: 4}",
		"        - {unit: halberdiers, fights: [{unit: boyz}]}\n", "",
		"at: flank, models: 3}", "at: flank}",
		"{unit: halberdiers, models: 5}, {unit: knights, models: 4}", "{unit: knights}")
}

func costBoth(tb testing.TB) *scenarios.Plan { return builtin(tb, "hammer-and-anvil", "") }

// twoOnOne lists the three fights, the one against one first.
var twoOnOne = []struct {
	name string
	plan func(testing.TB) *scenarios.Plan
}{{"anvil", costAnvil}, {"hammer", costHammer}, {"both", costBoth}}

// BenchmarkEngineTwoOnOne measures each fight as a run fights it
// (tables: from round tables where the fight has them) and stage by stage
// (warhammer.Fight.WithoutTables), one trial an iteration.
func BenchmarkEngineTwoOnOne(b *testing.B) {
	for _, c := range twoOnOne {
		f, ok := c.plan(b).Model.(*warhammer.Fight)
		if !ok {
			b.Fatalf("%s is not a close combat", c.name)
		}
		b.Run(c.name+"/tables", func(b *testing.B) { enginetest.BenchTrials(b, f) })
		b.Run(c.name+"/stages", func(b *testing.B) { enginetest.BenchTrials(b, f.WithoutTables()) })
	}
}

// The three fights allocate nothing per trial, either way.
func TestTwoOnOneDoesNotAllocate(t *testing.T) {
	for _, c := range twoOnOne {
		f := c.plan(t).Model.(*warhammer.Fight)
		enginetest.TrialsDoNotAllocate(t, c.name, f)
		enginetest.TrialsDoNotAllocate(t, c.name+" by stages", f.WithoutTables())
	}
}

// The three fights are fought from round tables as a run fights them:
// the anvil and the hammer whole or their first round, the two against
// one (too large for whole tables) its charge and first round, later
// rounds by stages (issue 30, step 10).
func TestTwoOnOneUsesTables(t *testing.T) {
	for _, c := range twoOnOne {
		if f := c.plan(t).Model.(*warhammer.Fight); !f.UsesTables() {
			t.Errorf("%s (ExactWork %.2g): fought by stages throughout; want round tables", c.name, f.ExactWork())
		}
	}
}
