package plots

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/wargamesim/sim/report"
)

// TestFromJSON writes reports as sim run --format json does and reads them
// back, as `sim plot RESULT.json` will: the charts must come out byte for
// byte the same as from the reports themselves, since the JSON keeps every
// number (encoding/json writes floats that read back exactly).
func TestFromJSON(t *testing.T) {
	reports := map[string]*report.Report{
		"sampled with exact": ogresReport(),
		"exact only":         ogresExactReport(),
		"partial fight":      fightReport(12288, 1000000, "6th"),
	}
	for _, name := range slices.Sorted(maps.Keys(reports)) {
		r := reports[name]
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := report.WriteJSON(&buf, r); err != nil {
				t.Fatal(err)
			}
			var back report.Report
			if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
				t.Fatal(err)
			}
			metric := slices.Sorted(maps.Keys(r.Metrics))[0]
			charts := []struct {
				what string
				from func(*report.Report) (*Chart, error)
			}{
				{"distribution", func(r *report.Report) (*Chart, error) { return Distribution(r, metric, Options{}) }},
				{"outcomes", func(r *report.Report) (*Chart, error) { return Outcomes(r, nil, Options{}) }},
			}
			for _, c := range charts {
				a, err := c.from(r)
				if err != nil {
					t.Fatal(err)
				}
				b, err := c.from(&back)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(render(t, a, "svg"), render(t, b, "svg")) {
					t.Errorf("%s of %s differs when read back from JSON", c.what, metric)
				}
			}
		})
	}
}
