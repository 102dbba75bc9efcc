package scenario

import "strings"

// ReadsSystem reports whether a BattleScribe game system is War of the
// Ring's: the community data's is "Lord of the Rings - War of the Ring".
func (Game) ReadsSystem(system string) bool {
	return strings.Contains(strings.ToLower(system), "war of the ring")
}

// ImportLacks says what sim lacks to import War of the Ring's BattleScribe
// data: sim import has no table from its Company profiles to formations.
func (Game) ImportLacks() string {
	return "there is no import table for War of the Ring's data yet: its Company profiles (M F S D A R C Mt) and heroes are not mapped " +
		"to sim's formations and heroes; write them in a library file by hand (docs/wotr.md)"
}
