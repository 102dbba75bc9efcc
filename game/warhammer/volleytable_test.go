package warhammer

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// tableMarginals sums a volley table's records into the distribution of
// each metric and the chance of each event.
func tableMarginals(v *Volley, tb *volleyTable) *engine.Exact {
	out := engine.NewExact(v.Metrics(), v.Events())
	w := tb.nm + tb.ne
	for j, p := range tb.p {
		rec := tb.recs[j*w : (j+1)*w]
		for m := range tb.nm {
			out.PMF[m][int(rec[m])-out.Metrics[m].Min] += p
		}
		for e := range tb.ne {
			if rec[tb.nm+e] != 0 {
				out.P[e] += p
			}
		}
	}
	return out
}

// sameExact reports where two exact answers differ by more than tol.
func sameExact(t *testing.T, name string, got, want *engine.Exact, tol float64) {
	t.Helper()
	for m := range want.PMF {
		for k := range max(len(got.PMF[m]), len(want.PMF[m])) {
			var g, w float64
			if k < len(got.PMF[m]) {
				g = got.PMF[m][k]
			}
			if k < len(want.PMF[m]) {
				w = want.PMF[m][k]
			}
			if math.Abs(g-w) > tol {
				t.Errorf("%s: P(%s = %d) = %.15g from the table, %.15g exact", name, want.Metrics[m].Name, want.Metrics[m].Min+k, g, w)
			}
		}
	}
	for e := range want.P {
		if math.Abs(got.P[e]-want.P[e]) > tol {
			t.Errorf("%s: P(%s) = %.15g from the table, %.15g exact", name, want.Events[e], got.P[e], want.P[e])
		}
	}
}

// The table's records are the trial's own code walked path by path; the
// exact volley solver (exact.go) works the distributions out another way,
// from each stage's chances. On the property test's random volleys (every
// rule in the mix) and the seed examples, the two agree to within 1e-12 on
// every value of every metric and every event, wherever a table is built;
// most of these volleys are small enough for one.
func TestVolleyTableMatchesExact(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(2026, 11))
	built := 0
	for i := range 200 {
		rs, a, tg := randomVolley(t, r)
		v, err := NewVolley(rs, "target", a, tg)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		tb := v.table()
		if tb == nil {
			continue
		}
		built++
		ex, err := v.Exact()
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		sameExact(t, fmt.Sprintf("case %d (%+v, %+v vs %+v)", i, *rs, a, tg), tableMarginals(v, tb), ex, 1e-12)
	}
	for _, preset := range []string{"6th", "8th"} {
		v := tenWoundsOnTwoTrolls(t, &named(t, preset).Values)
		ex, err := v.Exact()
		if err != nil {
			t.Fatal(err)
		}
		if tb := v.table(); tb == nil {
			t.Errorf("%s: ten wounds on two Trolls have no table", preset)
		} else {
			sameExact(t, preset+" ten wounds on two Trolls", tableMarginals(v, tb), ex, 1e-12)
		}
	}
	t.Logf("%d of 200 random volleys built a table", built)
	if built < 100 {
		t.Errorf("only %d of 200 random volleys built a table; the test wants at least 100", built)
	}
}

// Which volleys get a table: the bench's 10-attack volley does (200
// records); its 100 attacks have about 5e5 ways to fall before their
// damage, and the per-die oracle and WithoutTables never use one.
func TestVolleyTableChoice(t *testing.T) {
	v := benchVolley(t, 10)
	if v.table() == nil || v.NewTrialer().(*volleyTrialer).tab == nil {
		t.Error("10 attacks: no table")
	}
	for name, v := range map[string]*Volley{
		"100 attacks": benchVolley(t, 100), "10 attacks per die": benchVolley(t, 10).PerDie(),
		"10 attacks without tables": benchVolley(t, 10).WithoutTables(),
	} {
		if v.table() != nil || v.NewTrialer().(*volleyTrialer).tab != nil {
			t.Errorf("%s: a table", name)
		}
	}
	// PerDie's copy must not keep the original from its table.
	w := benchVolley(t, 10)
	_ = w.PerDie().NewTrialer()
	if w.table() == nil {
		t.Error("10 attacks after a per-die copy: no table")
	}
}

// Drawn from its table, the bench's 10-attack volley agrees with the exact
// solver within 4.5 standard errors (enginetest.Agree), as it does stage
// by stage.
func TestVolleyTableSimulationMatchesExact(t *testing.T) {
	t.Parallel()
	v := benchVolley(t, 10)
	ex, err := v.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "table", ex, run(t, v, 200_000, 31))
	enginetest.Agree(t, "stages", ex, run(t, v.WithoutTables(), 200_000, 32))
}
