package toygame

import "github.com/wargamesim/sim/report"

// Words are what the toy's results mean, worded as the real games word the
// same names (the words are one vocabulary).
func (Game) Words() report.Words {
	return report.Words{
		Quantities: map[string]string{
			"casualties": "models lost",
			"rounds":     "rounds fought",
		},
		Outcomes: map[string]string{"wins": "%s win"},
	}
}
