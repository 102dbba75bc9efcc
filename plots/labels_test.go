package plots

import (
	"bytes"
	"testing"

	"github.com/wargamesim/sim/report"
)

// Charts name units as people do, from the report's names ("Empire Knights
// win", "Trolls: models lost"), not by id ("knights.wins", issue 13); a
// unit without a name keeps its id.
func TestChartsUseUnitNames(t *testing.T) {
	t.Parallel()
	noNames := fightReport(100000, 100000, "6th")
	noNames.Names = nil
	for _, c := range []struct {
		name  string
		chart func() (*Chart, error)
		want  []string
	}{
		{"outcomes", func() (*Chart, error) { return Outcomes(fightReport(100000, 100000, "6th"), nil, Options{}) },
			[]string{">Empire Knights win<", ">Trolls break<", ">draw<"}},
		{"outcomes without names", func() (*Chart, error) { return Outcomes(noNames, nil, Options{}) },
			[]string{">knights win<", ">trolls break<"}},
		{"distribution", func() (*Chart, error) { return Distribution(ogresReport(), "ogres.casualties", Options{}) },
			[]string{">Ogre Bulls: models lost<"}},
		{"comparison", func() (*Chart, error) {
			return Comparison([]*report.Report{fightReport(100000, 100000, "6th"), fightReport(100000, 100000, "8th")}, nil, "trolls.casualties", AtLeast, Options{})
		}, []string{">Trolls: models lost<"}},
	} {
		ch, err := c.chart()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var svg bytes.Buffer
		if _, err := ch.Render(&svg, "svg"); err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !bytes.Contains(svg.Bytes(), []byte(w)) {
				t.Errorf("%s: the chart lacks %q", c.name, w)
			}
		}
	}
}
