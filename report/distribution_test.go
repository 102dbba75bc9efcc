package report

import (
	"bytes"
	"strings"
	"testing"
)

// --format csv|markdown of a run carries the blogger's table, P(X = k) and
// P(X >= k) of the casualties, as the text summary does (issue 13). Here
// t.casualties is 0, 1, 2 in 5, 3, 2 of 10 trials: P(X >= 1) = 5/10,
// P(X >= 2) = 2/10, by hand.
func TestRunTablesHaveTheDistribution(t *testing.T) {
	t.Parallel()
	r := newTestReport(t, 10, 10)
	r.Names = map[string]string{"t": "Trolls"}
	for _, c := range []struct {
		format string
		want   []string
	}{
		{"markdown", []string{
			"| Trolls: models lost | P(X = k) | P(X >= k) |\n|---:|---:|---:|\n" +
				"| 0 | 0.5000 | 1.0000 |\n| 1 | 0.3000 | 0.5000 |\n| 2 | 0.2000 | 0.2000 |\n",
			"| Trolls destroyed | 0.2000 |",
			"| Trolls: models lost | 0.7000 |",
		}},
		{"csv", []string{
			"metric,k,p,p_at_least\nt.casualties,0,0.5000,1.0000\nt.casualties,1,0.3000,0.5000\nt.casualties,2,0.2000,0.2000\n",
			"\nt.destroyed,0.2000,",
			"\nt.casualties,0.7000,",
		}},
	} {
		var b bytes.Buffer
		if err := WriteTables(&b, c.format, RunTables(r, c.format == "csv")...); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s lacks %q:\n%s", c.format, w, b.String())
			}
		}
	}
}

// Tables give every probability and mean to four decimal places, CSV too
// (docs/commands.md, "Output formats"): CSV as plain numbers a reader
// takes, never "<0.0001" nor a negative zero; the JSON has every digit.
func TestNumFourDecimals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		x    float64
		csv  bool
		want string
	}{
		{0.9362268681937899, true, "0.9362"},
		{0.00019203605610462545, true, "0.0002"},
		{4.585615532038378e-9, true, "0.0000"},
		{-0.00001, true, "0.0000"},
		{-0.15163, true, "-0.1516"},
		{1, true, "1.0000"},
		{4.585615532038378e-9, false, "<0.0001"},
		{0.12345, false, "0.1235"},
	} {
		if got := num(c.x, c.csv); got != c.want {
			t.Errorf("num(%v, csv %t) = %q, want %q", c.x, c.csv, got, c.want)
		}
	}
}
