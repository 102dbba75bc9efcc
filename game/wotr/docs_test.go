package wotr

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine/enginetest"
)

// docs/wotr.md has one row per option with the values, default, tag and
// source the code has, explains every [I] and [U] option, and describes
// every Might policy: the documentation cannot drift from the rules it
// documents.
func TestDocsListEveryOption(t *testing.T) {
	doc := enginetest.OptionsTable(t, "../../docs/wotr.md", optionList, preset(t))
	for _, p := range PolicyNames() {
		if !strings.Contains(doc, "`"+p+"`") {
			t.Errorf("docs/wotr.md does not describe the Might policy %s", p)
		}
	}
}
