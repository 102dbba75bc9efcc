package conquest

import (
	"os"
	"strings"
	"testing"
)

// docs/conquest.md has one row per option, with the values, presets, tag
// and source the code has, and explains every interpretation: the
// documentation cannot drift from the rules it documents.
func TestDocsListEveryOption(t *testing.T) {
	data, err := os.ReadFile("../../docs/conquest.md")
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
	v15, v20 := preset(t, "1.5"), preset(t, "2.0")
	for _, o := range Options() {
		row, ok := rows[o.Name]
		if !ok {
			t.Errorf("docs/conquest.md has no row for option %s", o.Name)
			continue
		}
		a, _, _ := v15.Get(o.Name)
		b, _, _ := v20.Get(o.Name)
		if len(row) != 6 || row[2] != a || row[3] != b || row[4] != o.Tag || row[5] != o.Source {
			t.Errorf("docs/conquest.md row for %s is %q; the code says 1.5 %q, 2.0 %q, tag %s, source %q", o.Name, row, a, b, o.Tag, o.Source)
			continue
		}
		if row[1] != o.ValuesText() {
			t.Errorf("docs/conquest.md lists values %q for %s; the code has %q", row[1], o.Name, o.ValuesText())
		}
		if (o.Tag == "I" || o.Tag == "U") && !strings.Contains(string(data), "**`"+o.Name+"`**") {
			t.Errorf("option %s is an interpretation or uncertain but docs/conquest.md does not explain it", o.Name)
		}
	}
}
