package scenario

import "github.com/wargamesim/sim/report"

// Words are what the Conquest results mean, for tables and charts
// (docs/conquest.md, "Outputs").
func (Game) Words() report.Words {
	return report.Words{
		Quantities: map[string]string{
			"wounds":     "wounds",
			"casualties": "models lost",
		},
		Outcomes: map[string]string{
			"destroyed": "%s destroyed",
			"slain":     "%s slain",
		},
	}
}
