package scenario

import "github.com/wargamesim/sim/report"

// Words are what the War of the Ring results mean, for tables, charts and
// the headline of a scenario of duels alone (docs/wotr.md, "Outputs").
func (Game) Words() report.Words {
	return report.Words{
		Quantities: map[string]string{
			"casualties":  "models lost",
			"might_spent": "Might spent",
		},
		Outcomes: map[string]string{
			"wins":       "%s win",
			"destroyed":  "%s destroyed",
			"falls_back": "%s fall back",
			"acts_first": "%s act first",
			"wins_duel":  "%s wins a duel",
			"slain":      "%s slain",
		},
		Headlines: []report.ListedEvent{{Event: "wins_duel", Verb: "wins the duel"}},
	}
}
