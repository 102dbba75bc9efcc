package warhammer

import (
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// docs/rules.md has one row per option, with the values, the 6th and 8th
// presets' values, tag and source the code has, and explains every
// interpretation: the documentation cannot drift from the rules it
// documents.
func TestRulesDocListsEveryOption(t *testing.T) {
	enginetest.OptionsTable(t, "../../docs/rules.md", optionList, sixth(t), eighth(t))
}
