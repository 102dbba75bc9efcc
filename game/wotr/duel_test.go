package wotr

import (
	"math"
	"testing"
)

// RULES.md §6.7 and rules/wotr.md §1: hero A (F6) declares a Heroic Duel
// against hero B (F5). A's score is D6 + 6 + 1, B's D6 + 5: A wins 26/36,
// ties 4/36, loses 6/36; with an Epic Duel (best of two dice) A wins
// 31/36 and ties 2/27. rules/wotr.md §1 also gives F5 against F5:
// 7/12 – 5/36 – 5/18, and Epic Strike (F10) against F4 always winning.
func TestDuelRollOdds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name              string
		fa, fb            int
		epic              bool
		win, tie, lose, n int
	}{
		{"F6 against F5", 6, 5, false, 26, 4, 6, 36},
		{"F6 Epic Duel against F5", 6, 5, true, 31 * 6, 16, 216 - 31*6 - 16, 216},
		{"F5 against F5", 5, 5, false, 21, 5, 10, 36},
		{"Epic Strike F10 against F4", 10, 4, false, 36, 0, 0, 36},
	} {
		w, ti, l, n := DuelRollOdds(c.fa, c.fb, 1, c.epic)
		if w != c.win || ti != c.tie || l != c.lose || n != c.n {
			t.Errorf("%s: wins %d, ties %d, loses %d of %d; want %d, %d, %d of %d", c.name, w, ti, l, n, c.win, c.tie, c.lose, c.n)
		}
	}
}

// duelOnly is a duels-only turn: a hero of Fight fa declares a duel (epic
// or not) on a hero of Fight fb and Resilience rb, neither spending Might,
// each leading a formation large enough that no duel can destroy it.
func duelOnly(t testing.TB, rs *Ruleset, fa, fb, rb int, epic bool, pol MightPolicy) *Turn {
	kind := HeroicDuel
	if epic {
		kind = EpicDuel
	}
	big := func(id string) Formation {
		return Formation{ID: id, Type: Infantry, Companies: 10, Frontage: 2, F: 3, S: 3, D: 5, A: 8, R: 1, C: 3}
	}
	return newTurn(t, rs, Engagement{
		Formations: [2]Formation{big("a_men"), big("b_men")},
		Heroes: []Hero{
			{ID: "a", Formation: 0, F: fa, R: 3, C: 4, Might: 3, Policy: pol, Actions: []Action{{Kind: kind, Target: 1}}},
			{ID: "b", Formation: 1, F: fb, R: rb, C: 4, Might: 3, Policy: pol},
		},
		Charger: -1, DuelsOnly: true,
	})
}

// The exact solver reproduces rules/wotr.md §1's worked case A: F6
// declares against F5, R2, with the default (m2) table and no Might: A
// wins 13/18, and B is slain with probability 5735/13824; B's formation
// takes 82/36 hits on average (one per duel die A rolls, 2 with p 1/2).
// The Epic Duel makes it 31/36 and about .546.
func TestExactDuelMatchesWorkedCase(t *testing.T) {
	t.Parallel()
	tu := duelOnly(t, preset(t), 6, 5, 2, false, NoMight)
	ex, err := tu.Solver().Exact()
	if err != nil {
		t.Fatal(err)
	}
	p := func(name string) float64 {
		for i, e := range ex.Events {
			if e == name {
				return ex.P[i]
			}
		}
		t.Fatalf("no event %s", name)
		return 0
	}
	mean := func(name string) float64 {
		for i, m := range ex.Metrics {
			if m.Name == name {
				s := 0.0
				for k, q := range ex.PMF[i] {
					s += float64(k+m.Min) * q
				}
				return s
			}
		}
		t.Fatalf("no metric %s", name)
		return 0
	}
	for _, c := range []struct {
		what      string
		got, want float64
	}{
		{"P(a wins)", p("a.wins_duel"), 26.0 / 36},
		{"P(b wins)", p("b.wins_duel"), 6.0 / 36},
		{"P(b slain)", p("b.slain"), 5735.0 / 13824},
		{"E[b_men casualties]", mean("b_men.casualties"), 82.0 / 36},
		{"P(duel fought)", p("duel_fought"), 1},
	} {
		if math.Abs(c.got-c.want) > 1e-12 {
			t.Errorf("%s = %.15f, want %.15f", c.what, c.got, c.want)
		}
	}
	epic := duelOnly(t, preset(t), 6, 5, 2, true, NoMight)
	ex, err = epic.Solver().Exact()
	if err != nil {
		t.Fatal(err)
	}
	if got := p("a.wins_duel"); math.Abs(got-31.0/36) > 1e-12 {
		t.Errorf("Epic Duel: P(a wins) = %.15f, want 31/36", got)
	}
	if got := p("b.slain"); math.Abs(got-0.546) > 0.0005 {
		t.Errorf("Epic Duel: P(b slain) = %.5f, rules/wotr.md says about .546", got)
	}
}

// The simulation agrees with the exact duel roll: P(a wins) 26/36 and
// P(a wins or ties) 30/36, and with Epic Duel 31/36, within 4.5 standard
// errors, on fixed seeds.
func TestSimulatedDuelRoll(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		epic     bool
		win, los float64
	}{
		{"heroic", false, 26.0 / 36, 6.0 / 36},
		{"epic", true, 31.0 / 36, 14.0 / 216},
	} {
		tu := duelOnly(t, preset(t), 6, 5, 2, c.epic, NoMight)
		for _, m := range []*Turn{tu, tu.PerDie()} {
			res := run(t, m, 200_000, 7)
			for _, x := range []struct {
				event string
				want  float64
			}{{"a.wins_duel", c.win}, {"b.wins_duel", c.los}} {
				got := float64(res.Count[index(t, m.Events(), x.event)]) / float64(res.Trials)
				se := math.Sqrt(x.want * (1 - x.want) / float64(res.Trials))
				if math.Abs(got-x.want) > 4.5*se {
					t.Errorf("%s: P(%s) = %.5f, exact %.5f: beyond 4.5 standard errors (%.5f)", c.name, x.event, got, x.want, se)
				}
			}
		}
	}
}

func index(t testing.TB, names []string, name string) int {
	t.Helper()
	for i, n := range names {
		if n == name {
			return i
		}
	}
	t.Fatalf("no %q in %v", name, names)
	return -1
}
