package scenario

import "strings"

// ReadsSystem reports whether a BattleScribe game system is Conquest's:
// the community data's is "Conquest: Last Argument of Kings".
func (Game) ReadsSystem(system string) bool {
	s := strings.ToLower(system)
	return strings.Contains(s, "conquest") || strings.Contains(s, "last argument of kings")
}

// ImportLacks says what sim lacks to import Conquest's BattleScribe data:
// sim import has no table from its Regiment profiles to regiments yet.
func (Game) ImportLacks() string {
	return "there is no import table for Conquest's data yet: its Regiment profiles (Type, Class, M V C A W R D E, Stands, Models on Stand) " +
		"and their upgrades are not mapped to sim's regiments; write the regiments in a library file by hand (docs/conquest.md)"
}
