package conquest

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Inspire and Take Aim as actions (conquestwiki Action List, v1.5: "a
// bonus to its next Clash (Volley) Action this Turn"): an Inspire then a
// Clash is the Inspired Clash the engagement flag gives, and a Take Aim
// then a Volley the aimed one, worked out by the exact solver along its
// two paths (the action's state flag, the engagement's fixed packet); the
// bonus is spent by the Clash (Volley) it helps, so a second Clash in the
// turn is not Inspired, and does not carry into the next turn.
func TestInspireAndTakeAimActions(t *testing.T) {
	t.Parallel()
	rs := v15(t)
	for _, c := range []struct {
		name       string
		reg        Regiment
		act, after Action
		eng        Engagement
	}{
		{"inspire, clash", householdGuard(), ActInspire, ActClash, Engagement{Inspired: true}},
		{"take aim, volley", crossbowmen(), ActTakeAim, ActVolley, Engagement{Aimed: true}},
	} {
		target := menAtArms()
		target.Stands = 6
		byAction := newFight(t, rs, Combat{Turns: 1, Sides: []Side{
			{Regiment: c.reg, FirstTurn: []Action{c.act, c.after}}, {Regiment: target}}})
		byFlag := newFight(t, rs, Combat{Turns: 1, Sides: []Side{
			{Regiment: c.reg, FirstTurn: []Action{c.after}, Engagement: c.eng}, {Regiment: target}}})
		a, err := byAction.Exact()
		if err != nil {
			t.Fatal(err)
		}
		b, err := byFlag.Exact()
		if err != nil {
			t.Fatal(err)
		}
		for m := range a.PMF {
			for k := range a.PMF[m] {
				if math.Abs(a.PMF[m][k]-b.PMF[m][k]) > 1e-12 {
					t.Errorf("%s: %s P(%d) %v, the flag's %v", c.name, a.Metrics[m].Name, k, a.PMF[m][k], b.PMF[m][k])
				}
			}
		}
		enginetest.Agree(t, c.name, a, run(t, byAction, 100_000, 21))
		// Spent by the first: two of them after one Inspire (Take Aim) are
		// one helped and one not, which differs from both helped.
		twice := newFight(t, rs, Combat{Turns: 1, Sides: []Side{
			{Regiment: c.reg, FirstTurn: []Action{c.act, c.after, c.after}}, {Regiment: target}}})
		bothHelped := newFight(t, rs, Combat{Turns: 1, Sides: []Side{
			{Regiment: c.reg, FirstTurn: []Action{c.after, c.after}, Engagement: c.eng}, {Regiment: target}}})
		x, _ := twice.Exact()
		y, _ := bothHelped.Exact()
		if mean(x.PMF[index(t, x, "men_at_arms.wounds")]) >= mean(y.PMF[index(t, y, "men_at_arms.wounds")])-1e-9 {
			t.Errorf("%s: the bonus helped the second action too", c.name)
		}
	}
}

func index(t *testing.T, ex *engine.Exact, name string) int {
	t.Helper()
	for i, m := range ex.Metrics {
		if m.Name == name {
			return i
		}
	}
	t.Fatalf("no metric %s", name)
	return -1
}

// A Rally (conquestwiki Broken, Companion Rules p.176 [V]): a regiment
// that is not Broken gains nothing (0); a Broken one ceases to be Broken
// (1), and against a Fearsome or Terrifying enemy only on a die that
// passes its Resolve: 2 or less, 2/6.
func TestRallyOdds(t *testing.T) {
	t.Parallel()
	u := newUnit(v15(t), ptr(menAtArms()))
	die := newTest(v15(t), 2)
	for _, c := range []struct {
		broken, test bool
		want         float64
	}{{false, false, 0}, {false, true, 0}, {true, false, 1}, {true, true, 2.0 / 6}} {
		st := u.start
		st.broken, st.brokenStands = c.broken, 1
		if got := u.rallyOdds(&st, c.test, die); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("broken %v, a roll %v: %v, want %v", c.broken, c.test, got, c.want)
		}
		st.rally()
		if st.broken || st.brokenStands != 0 || !st.rallied {
			t.Errorf("after a Rally: broken %v, stands when broken %d, rallied %v", st.broken, st.brokenStands, st.rallied)
		}
	}
}

func ptr[T any](v T) *T { return &v }
