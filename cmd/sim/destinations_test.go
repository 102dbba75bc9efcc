package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --out and --plot are checked before any trial runs: never over one of
// the run's own inputs, never into a folder that is missing or a
// directory, never one file for two outputs (issue 13).
func TestDestinationsAreChecked(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim.yaml")
	src, _ := os.ReadFile("../../game/warhammer/scenario/builtin/ogres-vs-arrows.yaml")
	if err := os.WriteFile(victim, src, 0o644); err != nil {
		t.Fatal(err)
	}
	house := filepath.Join(dir, "house.yaml")
	os.WriteFile(house, []byte("preset: 6th\nrules: {fear: none}\n"), 0o644)
	saved := filepath.Join(dir, "run.json")
	if code, _, stderr := sim(t, context.Background(), "run", "ogres-vs-arrows", "--trials", "100", "--seed", "1", "--format", "json", "--out", saved); code != 0 {
		t.Fatalf("saving a run: %s", stderr)
	}
	missing := filepath.Join(dir, "no", "such", "out.json")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"out over the scenario", []string{"run", victim, "--trials", "100", "--out", victim}, "--out " + victim + " is a file this command reads"},
		{"plot over the scenario", []string{"run", victim, "--trials", "100", "--plot", strings.TrimSuffix(victim, ".yaml") + ".yaml.svg", "--out", victim}, "is a file this command reads"},
		{"out over the rules file", []string{"run", "ogres-vs-arrows", "--rules", house + "+stomp=no", "--trials", "100", "--out", house}, "is a file this command reads"},
		{"compare's rules file", []string{"compare", "trolls-vs-knights", "--rules", "6th," + house, "--trials", "100", "--out", house}, "is a file this command reads"},
		{"out is a directory", []string{"run", "ogres-vs-arrows", "--trials", "100", "--out", dir}, "is a directory; give a file name"},
		{"no such folder", []string{"sweep", "trolls-vs-knights", "--vary", "units.knights.models=3..4", "--trials", "100", "--out", missing}, "no folder " + filepath.Dir(missing) + "; create it first"},
		{"plot into no folder", []string{"matrix", "--units", "trolls", "--trials", "100", "--plot", filepath.Join(dir, "no", "m.png")}, "--plot " + filepath.Join(dir, "no", "m.png") + ": no folder"},
		{"one file twice", []string{"run", "ogres-vs-arrows", "--trials", "100", "--plot", filepath.Join(dir, "a.svg"), "--plot", "outcomes=" + filepath.Join(dir, "a.svg")}, "is also the file of --plot"},
		{"plot over its JSON", []string{"plot", saved, "-o", saved + ".svg", "--size", "1200x675"}, ""},
	} {
		before, _ := os.ReadFile(victim)
		code, _, stderr := sim(t, context.Background(), c.args...)
		if c.want == "" {
			if code != 0 {
				t.Errorf("%s: exit %d: %s", c.name, code, stderr)
			}
			continue
		}
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", c.name, code, stderr, c.want)
		}
		if after, _ := os.ReadFile(victim); string(after) != string(before) {
			t.Fatalf("%s: the scenario file was changed", c.name)
		}
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("a file was written into a folder that did not exist")
	}
}
