package plots

import "github.com/wargamesim/sim/report"

// The charts label results with the games' words (report.Words), which a
// game brings; the tests bring the words of the results they draw, as
// Warhammer words them.
func init() {
	err := report.AddWords(report.Words{
		Quantities: map[string]string{"casualties": "models lost", "unsaved": "unsaved wounds", "wounds": "wounds",
			"wounds_carried": "wounds carried by the damaged model", "combat_result_difference": "combat result difference",
			"rounds": "rounds fought"},
		Outcomes: map[string]string{"wins": "%s win", "breaks": "%s break", "destroyed": "%s destroyed", "caught": "%s caught"},
	})
	if err != nil {
		panic(err)
	}
}
