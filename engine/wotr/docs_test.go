package wotr

import (
	"os"
	"strings"
	"testing"
)

// docs/wotr.md has one row per option with the values, default, tag and
// source the code has, and explains every [I] and [U] option: the
// documentation cannot drift from the rules it documents.
func TestDocsListEveryOption(t *testing.T) {
	data, err := os.ReadFile("../../docs/wotr.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	section := ""
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "## ") {
			section = line
		}
		if section != "## Options" || !strings.HasPrefix(line, "| `") {
			continue // the options table only: the scenario format has rows of its own
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "`")
		}
		rows[cells[0]] = cells
	}
	rs := preset(t)
	for _, o := range Options() {
		row, ok := rows[o.Name]
		if !ok {
			t.Errorf("docs/wotr.md has no row for option %s", o.Name)
			continue
		}
		def, _, _ := rs.Get(o.Name)
		if len(row) != 5 || row[1] != o.ValuesText() || row[2] != def || row[3] != o.Tag || row[4] != o.Source {
			t.Errorf("docs/wotr.md row for %s is %q; the code says values %q, default %q, tag %s, source %q", o.Name, row, o.ValuesText(), def, o.Tag, o.Source)
		}
		if (o.Tag == "I" || o.Tag == "U") && !strings.Contains(string(data), "**`"+o.Name+"`**") {
			t.Errorf("option %s is [%s] but docs/wotr.md does not explain it (a paragraph starting **`%s`**)", o.Name, o.Tag, o.Name)
		}
	}
	for _, p := range PolicyNames() {
		if !strings.Contains(string(data), "`"+p+"`") {
			t.Errorf("docs/wotr.md does not describe the Might policy %s", p)
		}
	}
}
