package conquest

import (
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// docs/conquest.md has one row per option, with the values, the 1.5 and
// 2.0 presets' values, tag and source the code has, and explains every
// interpretation: the documentation cannot drift from the rules it
// documents.
func TestDocsListEveryOption(t *testing.T) {
	enginetest.OptionsTable(t, "../../docs/conquest.md", optionList, preset(t, "1.5"), preset(t, "2.0"))
}
