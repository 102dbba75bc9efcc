package plots

import (
	"bytes"
	"strings"
	"testing"

	"github.com/wargamesim/sim/report"
)

// ComparedOutcomes draws each event once per report, named in words, with
// each report's value beside its bar, and refuses what it cannot draw.
func TestComparedOutcomes(t *testing.T) {
	t.Parallel()
	six, eight := fightReport(100000, 100000, "6th"), fightReport(12288, 100000, "8th")
	ch, err := ComparedOutcomes([]*report.Report{six, eight}, []string{"6th", "8th"}, []string{"knights.wins", "trolls.wins"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if _, err := ch.Render(&svg, "svg"); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{">Empire Knights win<", ">Trolls win<", ">6th<", ">8th<",
		">" + percent(six.Events["knights.wins"].P) + "<", ">" + percent(eight.Events["trolls.wins"].P) + "<",
		`fill:#A63D00">partial: 8th, 12,288 of 100,000 trials<`} {
		if !strings.Contains(svg.String(), w) {
			t.Errorf("the chart lacks %q", w)
		}
	}

	other := fightReport(100000, 100000, "8th")
	delete(other.Events, "draw")
	for _, c := range []struct {
		name   string
		rs     []*report.Report
		labels []string
		events []string
		want   string
	}{
		{"no reports", nil, nil, nil, "no reports"},
		{"labels", []*report.Report{six, other}, []string{"a"}, nil, "1 labels for 2 reports"},
		{"twice", []*report.Report{six, other}, []string{"a", "a"}, nil, `label "a" is given to two reports`},
		{"missing", []*report.Report{six, other}, []string{"a", "b"}, []string{"draw"}, `no event "draw" in the report; it has`},
		{"repeated", []*report.Report{six, other}, nil, []string{"knights.wins", "knights.wins"}, "listed twice"},
	} {
		_, err := ComparedOutcomes(c.rs, c.labels, c.events, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	// nil events: those both reports have, so not the draw that one lacks.
	if got := sharedEvents([]*report.Report{six, other}); strings.Contains(strings.Join(got, " "), "draw") || len(got) != len(six.Events)-1 {
		t.Errorf("shared events %v: want all of the first report's but the draw", got)
	}
}
