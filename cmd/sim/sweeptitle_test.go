package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A sweep's chart says what varies, in its title and along its axes, with
// the units' names rather than the path (issue 13): "Empire Knights:
// models", not units.knights.models.
func TestSweepChartSaysWhatVaries(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"one field", []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=4..6"}, []string{
			">Five Empire Knights charge three Trolls, fought to the break — by Empire Knights: models<",
			">Empire Knights: models<", ">P(Empire Knights win)<", ">P(Trolls win)<"}},
		{"two fields", []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=4..5", "--vary", "units.trolls.models=2..3"}, []string{
			">P(Empire Knights win), by Empire Knights: models and Trolls: models<",
			">Empire Knights: models<", ">Trolls: models<"}},
	} {
		svg := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".svg")
		if code, _, errs := sim(t, context.Background(), append(c.args, "--trials", "500", "--seed", "1", "--plot", svg)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errs)
		}
		got, err := os.ReadFile(svg)
		must(t, err)
		for _, w := range c.want {
			if !strings.Contains(string(got), w) {
				t.Errorf("%s: the chart lacks %q", c.name, w)
			}
		}
		if strings.Contains(string(got), "units.knights.models") {
			t.Errorf("%s: the chart still names the path units.knights.models", c.name)
		}
	}
}
