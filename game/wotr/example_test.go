package wotr_test

import (
	"fmt"

	"github.com/wargamesim/sim/game/wotr"
)

// RULES.md §6.7: hero A (F6) declares a Heroic Duel on hero B (F5); A adds
// 1 for declaring. With an Epic Duel A keeps the best of two dice.
func ExampleDuelRollOdds() {
	w, t, l, n := wotr.DuelRollOdds(6, 5, 1, false)
	fmt.Printf("Heroic Duel: wins %d/%d, ties %d/%d, loses %d/%d\n", w, n, t, n, l, n)
	w, t, l, n = wotr.DuelRollOdds(6, 5, 1, true)
	fmt.Printf("Epic Duel: wins %d/%d, ties %d/%d, loses %d/%d\n", w, n, t, n, l, n)
	// Output:
	// Heroic Duel: wins 26/36, ties 4/36, loses 6/36
	// Epic Duel: wins 186/216, ties 16/216, loses 14/216
}

// The same duel solved whole: B (R2) is slain 5735/13824 of the time
// (rules/wotr.md §1, worked case A), with no Might spent.
func ExampleTurn_Solver() {
	rs, _ := wotr.Preset(wotr.DefaultPreset)
	side := func(id string) wotr.Formation {
		return wotr.Formation{ID: id, Type: wotr.Infantry, Companies: 10, Frontage: 2, F: 3, S: 3, D: 5, A: 8, R: 1, C: 3}
	}
	tu, err := wotr.NewTurn(&rs.Values, wotr.Engagement{
		Formations: [2]wotr.Formation{side("a_men"), side("b_men")},
		Heroes: []wotr.Hero{
			{ID: "a", Formation: 0, F: 6, R: 3, C: 4, Might: 1, Actions: []wotr.Action{{Kind: wotr.HeroicDuel, Target: 1}}},
			{ID: "b", Formation: 1, F: 5, R: 2, C: 4},
		},
		Charger: -1, DuelsOnly: true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	ex, err := tu.Solver().Exact()
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, e := range ex.Events {
		if e == "b.slain" {
			fmt.Printf("P(b slain) = %.6f (5735/13824 = %.6f)\n", ex.P[i], 5735.0/13824)
		}
	}
	// Output:
	// P(b slain) = 0.414858 (5735/13824 = 0.414858)
}
