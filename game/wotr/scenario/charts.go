package scenario

import "github.com/wargamesim/sim/scenarios"

// Charts are War of the Ring's own charts: a fight of several turns
// (fight.turns), each formation's companies left after each turn
// (FORMATION.companies.turnK; docs/wotr.md, "Outputs").
func (Game) Charts() []scenarios.TrendChart {
	return []scenarios.TrendChart{{
		Name:    "turns",
		Infix:   ".companies.turn",
		Series:  ": companies",
		Step:    "after turn %d",
		XLabel:  "turn",
		YLabel:  "companies left (mean)",
		Title:   "Companies left, turn by turn",
		Missing: "a War of the Ring scenario with fight.turns does",
	}}
}
