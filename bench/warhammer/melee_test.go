package warhammerref

import (
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/bench/refrun"
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
	"github.com/wargamesim/sim/game/warhammer"
)

// TestMeleeTwoUnits holds the several-unit path (melee.go) to the
// two-unit reference (fight.go) on every two-unit fight of the agreement
// cases that the new path takes (6th and 7th rules, no characters): the
// same Combat, in its Units form, run both ways with independent dice,
// must agree within 4.5 standard errors on every metric's mean and tail
// and every event (enginetest.AgreeSamples).
//
// Both paths are held to the engine at 100,000 trials (TestAgreement);
// this cross-check of the two references runs 30,000 a case, so that the
// package stays within CI's three minutes as cases are added.
func TestMeleeTwoUnits(t *testing.T) {
	trials := 30_000
	if testing.Short() || raceDetector {
		trials = 10_000
	}
	ran := 0
	for _, c := range agreementCases() {
		p := c.plan(t)
		f, ok := p.Model.(*warhammer.Fight)
		if !ok || c.skip != "" {
			continue
		}
		m, err := meleeReference(f.Inputs())
		if err != nil {
			continue // 8th, tow or characters: not this path's yet
		}
		ran++
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			n := trials / max(c.divide, 1)
			old := reference(t, p).Run(n, 11)
			compare2(t, old, m.Run(n, 13), "fight.go", "melee.go")
		})
	}
	if ran < 10 {
		t.Fatalf("%d two-unit cases went through the several-unit path; want at least 10", ran)
	}
}

// compare2 checks got against want (AgreeSamples) after putting got's
// metrics and events in want's order. An event of got that want lacks
// must never happen (panics, where no friend can break).
func compare2(t *testing.T, want, got *engine.Result, wantName, gotName string) {
	t.Helper()
	enginetest.AgreeSamples(t, want, aligned(t, want, got), [2]string{wantName, gotName})
}

// aligned returns got with its metrics and events in ref's order, failing
// the test when one of ref's is missing, or when an event ref lacks
// happened.
func aligned(t testing.TB, ref, got *engine.Result) *engine.Result {
	t.Helper()
	out := *got
	out.Metrics, out.Hist = nil, nil
	for _, mt := range ref.Metrics {
		k := slices.IndexFunc(got.Metrics, func(g engine.Metric) bool { return g.Name == mt.Name })
		if k < 0 {
			t.Fatalf("metric %q missing; have %v", mt.Name, got.Metrics)
		}
		out.Metrics, out.Hist = append(out.Metrics, got.Metrics[k]), append(out.Hist, got.Hist[k])
	}
	out.Events, out.Count = nil, nil
	for _, e := range ref.Events {
		k := slices.Index(got.Events, e)
		if k < 0 {
			t.Fatalf("event %q missing; have %v", e, got.Events)
		}
		out.Events, out.Count = append(out.Events, e), append(out.Count, got.Count[k])
	}
	for k, e := range got.Events {
		if !slices.Contains(ref.Events, e) && got.Count[k] > 0 {
			t.Errorf("event %q happened %d times; %s", e, got.Count[k], strings.Join(ref.Events, ", "))
		}
	}
	return &out
}

// TestMeleeDoesNotAllocate holds the several-unit reference to the
// reference's rule: no allocation per trial (README.md, "The machine").
func TestMeleeDoesNotAllocate(t *testing.T) {
	for _, c := range slices.Concat(meleeCases(), meleeCasesChars()) {
		rs := preset(t, c.rules)
		if c.set != nil {
			c.set(rs)
		}
		cc := warhammer.Combat{Units: c.units(), HighGround: -1, MaxRounds: 6}
		cc.Armies[0].ID, cc.Armies[1].ID = c.armies[0], c.armies[1]
		ref, err := meleeReference(rs, cc)
		if err != nil {
			t.Fatal(err)
		}
		if a := refrun.Allocs(len(ref.Metrics()), len(ref.Events()), Stream, ref.Trial); a != 0 {
			t.Errorf("%s: %v allocations per trial, want 0", c.name, a)
		}
	}
}
