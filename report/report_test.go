package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
)

func TestNumberFormats(t *testing.T) {
	for _, c := range []struct {
		got, want, why string
	}{
		{prob(0), "0.0000", "zero is shown as zero"},
		{prob(0.00001), "<0.0001", "a small chance is not shown as zero"},
		{prob(0.12345), "0.1235", "four decimals, rounded"},
		{thousands(1000000), "1,000,000", "thousands separators"},
		{thousands(999), "999", "no separator below a thousand"},
		{RulesetText("6th", nil), "ruleset 6th", "a preset alone"},
		{RulesetText("6th", map[string]string{"stomp": "yes", "fear": "none"}), "ruleset 6th with fear=none, stomp=yes", "options sorted"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q (%s)", c.got, c.want, c.why)
		}
	}
}

// newReport builds a report of a small run by hand: two metrics, one
// event, over ten trials.
func newTestReport(t *testing.T, trials, requested int64) *Report {
	res := &engine.Result{
		Metrics:   []engine.Metric{{Name: "t.casualties", Max: 2}, {Name: "diff", Min: -1, Max: 1}},
		Events:    []string{"t.destroyed"},
		Hist:      [][]int64{{5, 3, 2}, {2, 6, 2}},
		Count:     []int64{2},
		Trials:    trials,
		Requested: requested,
		Seed:      7,
		Complete:  trials == requested,
	}
	r, err := New(Info{Scenario: "s", Ruleset: "6th", SeedSource: "random", Version: "test"}, res)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestWriteText(t *testing.T) {
	r := newTestReport(t, 10, 20)
	var b bytes.Buffer
	if err := WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"seed 7 (drawn at random)",
		"PARTIAL RESULT: interrupted after 10 of 20 trials",
		"rerun with --seed 7",
		"t.casualties  P(X = k)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q:\n%s", want, out)
		}
	}
	if d := r.Metrics["diff"]; d.Offset != -1 || d.Min != -1 || d.Mean != 0 {
		t.Errorf("a signed metric: offset %d, min %d, mean %v; want -1, -1, 0", d.Offset, d.Min, d.Mean)
	}
}

func TestTables(t *testing.T) {
	tab := Table{Title: "a | b", Header: []string{"name", "p"}, Rows: [][]string{{"x|y", "0.5"}, {"z", "—"}}, Notes: []string{"note"}}
	for _, c := range []struct {
		format, want, why string
	}{
		{"csv", "# a | b\nname,p\nx|y,0.5\nz,—\n", "CSV: the title as a comment, no notes"},
		{"markdown", "**a \\| b**\n\n| name | p |\n|---|---:|\n| x\\|y | 0.5 |\n| z | — |\n\nnote\n", "Markdown: pipes escaped, numbers right-aligned"},
		{"text", "a | b\n  name    p\n  x|y   0.5\n  z       —\nnote\n", "text: names left, numbers right"},
	} {
		var b bytes.Buffer
		if err := WriteTables(&b, c.format, tab); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%s (%s):\n%q\nwant\n%q", c.format, c.why, b.String(), c.want)
		}
	}
	if err := WriteTables(&bytes.Buffer{}, "xml", tab); err == nil {
		t.Error("an unknown format: no error")
	}
}

func TestHeadline(t *testing.T) {
	ms, es := Headline([]string{"rounds", "a.casualties", "b.casualties", "a.wounds"}, []string{"a.wins", "b.wins", "draw", "a.breaks"})
	if strings.Join(ms, ",") != "a.casualties,b.casualties" || strings.Join(es, ",") != "a.wins,b.wins,draw" {
		t.Errorf("a fight's headline: %v %v", ms, es)
	}
	ms, es = Headline([]string{"t.unsaved", "t.wounds", "t.casualties"}, []string{"t.destroyed"})
	if strings.Join(ms, ",") != "t.wounds,t.casualties" || strings.Join(es, ",") != "t.destroyed" {
		t.Errorf("a volley's headline: %v %v", ms, es)
	}
}
