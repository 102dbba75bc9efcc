package enginetest

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine/options"
)

// OptionsTable checks that the markdown file at path documents every
// option of list, so that the documentation cannot drift from the rules it
// documents, and returns the file's text for further checks.
//
// The table is the rows starting "| `" under the heading "## Options" (up
// to the next "## " heading), one per option, whose cells, backquotes
// trimmed, are the name, the values text ([options.Option.ValuesText]),
// the option's value in each of presets in turn, the tag and the source.
// An option tagged I (interpretation) or U (uncertain) must also be
// explained somewhere in the file, in a paragraph starting **`name`**.
func OptionsTable[R any](t testing.TB, path string, list options.List[R], presets ...*R) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	rows := map[string][]string{}
	section := ""
	for line := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(line, "## ") {
			section = line
		}
		if section != "## Options" || !strings.HasPrefix(line, "| `") {
			continue // the options table only: other tables have rows of their own
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "`")
		}
		rows[cells[0]] = cells
	}
	for _, o := range list {
		row, ok := rows[o.Name]
		if !ok {
			t.Errorf("%s has no row for option %s", path, o.Name)
			continue
		}
		want := []string{o.Name, o.ValuesText()}
		for _, r := range presets {
			want = append(want, o.Get(r))
		}
		want = append(want, o.Tag, o.Source)
		if !slices.Equal(row, want) {
			t.Errorf("%s row for %s is %q; the code says %q", path, o.Name, row, want)
		}
		if (o.Tag == "I" || o.Tag == "U") && !strings.Contains(text, "**`"+o.Name+"`**") {
			t.Errorf("option %s is [%s] but %s does not explain it (a paragraph starting **`%s`**)", o.Name, o.Tag, path, o.Name)
		}
	}
	return text
}
