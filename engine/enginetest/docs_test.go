package enginetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine/options"
)

type ruleset struct {
	Brave bool
	Dice  int
}

var list = options.List[ruleset]{
	options.Bool("brave", "V", "rulebook p. 1", "whether it stands", func(r *ruleset) *bool { return &r.Brave }),
	options.Int("dice", "I", "rulebook p. 2", "dice rolled", 1, 6, "", func(r *ruleset) *int { return &r.Dice }),
}

// goodDoc documents list for two presets; a table elsewhere in the file
// has a row that would not match.
const goodDoc = "# Rules\n\n" +
	"## Options\n\n" +
	"| option | values | a | b | tag | source |\n| --- | --- | --- | --- | --- | --- |\n" +
	"| `brave` | yes, no | `yes` | `no` | V | rulebook p. 1 |\n" +
	"| `dice` | 1 to 6 | `2` | `3` | I | rulebook p. 2 |\n\n" +
	"**`dice`** is read as the number of dice.\n\n" +
	"## Scenario format\n\n" +
	"| `dice` | dice in a scenario |\n"

func TestOptionsTable(t *testing.T) {
	t.Parallel()
	a, b := &ruleset{Brave: true, Dice: 2}, &ruleset{Dice: 3}
	for _, c := range []struct {
		name, reason string
		doc          string
		want         []string // the start of each error, after the path
	}{
		{"good", "every row as the code has it; other sections ignored", goodDoc, nil},
		{"missing row", "an option with no row", strings.Replace(goodDoc, "| `brave`", "| `bold`", 1),
			[]string{"has no row for option brave"}},
		{"wrong preset value", "the second preset's column", strings.Replace(goodDoc, "`3` | I", "`4` | I", 1),
			[]string{`row for dice is ["dice" "1 to 6" "2" "4" "I" "rulebook p. 2"]; the code says ["dice" "1 to 6" "2" "3" "I" "rulebook p. 2"]`}},
		{"wrong values", "the values text", strings.Replace(goodDoc, "yes, no |", "yes or no |", 1),
			[]string{"row for brave is"}},
		{"unexplained", "an interpretation needs a paragraph", strings.Replace(goodDoc, "**`dice`**", "dice", 1),
			[]string{"option dice is [I] but"}},
		{"outside the section", "a row under another heading does not count", strings.Replace(goodDoc, "## Options", "## Notes", 1),
			[]string{"has no row for option brave", "has no row for option dice"}},
	} {
		path := filepath.Join(t.TempDir(), "rules.md")
		if err := os.WriteFile(path, []byte(c.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		if got := OptionsTable(rec, path, list, a, b); got != c.doc {
			t.Errorf("%s: OptionsTable returned another text", c.name)
		}
		ok := len(rec.errs) == len(c.want)
		for i := 0; ok && i < len(c.want); i++ {
			msg := strings.TrimPrefix(strings.TrimPrefix(rec.errs[i], path+" "), path+": ")
			ok = strings.HasPrefix(msg, c.want[i])
		}
		if !ok {
			t.Errorf("%s (%s): errors\n%s\nwant ones starting\n%s", c.name, c.reason, strings.Join(rec.errs, "\n"), strings.Join(c.want, "\n"))
		}
	}
}
