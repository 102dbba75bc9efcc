package warhammer

import (
	"os"
	"strings"
	"testing"
)

// docs/rules.md has one row per option, with the values and presets the
// code has: the documentation cannot drift from the rules it documents.
func TestRulesDocListsEveryOption(t *testing.T) {
	data, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "`")
		}
		rows[cells[0]] = cells
	}
	six, eight := sixth(t), eighth(t)
	for _, o := range Options() {
		row, ok := rows[o.Name]
		if !ok {
			t.Errorf("docs/rules.md has no row for option %s", o.Name)
			continue
		}
		v6, _, _ := six.Get(o.Name)
		v8, _, _ := eight.Get(o.Name)
		if len(row) != 6 || row[2] != v6 || row[3] != v8 || row[4] != o.Tag || row[5] != o.Source {
			t.Errorf("docs/rules.md row for %s is %q; the code says 6th %q, 8th %q, tag %s, source %q", o.Name, row, v6, v8, o.Tag, o.Source)
		}
		if row[1] != o.ValuesText() {
			t.Errorf("docs/rules.md lists values %q for %s; the code has %q", row[1], o.Name, o.ValuesText())
		}
		if (o.Tag == "I" || o.Tag == "U") && !strings.Contains(string(data), "**`"+o.Name+"`**") {
			t.Errorf("option %s is an interpretation but docs/rules.md does not explain it", o.Name)
		}
	}
}
