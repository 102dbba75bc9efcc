package scenario

import "github.com/wargamesim/sim/report"

// Words are what the Warhammer results mean, for tables and charts
// (docs/output.md, "Metrics and events").
func (Game) Words() report.Words {
	return report.Words{
		Quantities: map[string]string{
			"unsaved":                  "unsaved wounds",
			"wounds":                   "wounds",
			"casualties":               "models lost",
			"wounds_carried":           "wounds carried by the damaged model",
			"regenerated":              "wounds regenerated",
			"combat_result":            "combat result",
			"combat_result_difference": "combat result difference",
			"rounds":                   "rounds fought",
			"reaction casualties":      "models slain standing and shooting",
		},
		Outcomes: map[string]string{
			"wins":              "%s win",
			"breaks":            "%s break",
			"destroyed":         "%s destroyed",
			"caught":            "%s caught",
			"lost_regeneration": "%s lose Regeneration",
			"falls_back":        "%s fall back",
			"slain":             "%s slain",
			"reaction fled":     "%s flee the charge and escape",
			"reaction caught":   "%s flee the charge and are caught",
			"reaction panicked": "%s shoot the charger into a Panic",
		},
	}
}
