package warhammer

import (
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// docs/rules.md has one row per option, with the values, every
// preset's value (6th, 7th, 8th, tow), tag and source the code has, and explains every
// interpretation: the documentation cannot drift from the rules it
// documents.
func TestRulesDocListsEveryOption(t *testing.T) {
	enginetest.OptionsTable(t, "../../docs/rules.md", optionList, sixth(t), seventh(t), eighth(t), tow(t))
}
