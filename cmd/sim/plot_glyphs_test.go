package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Issue 13: a chart whose text has characters its font cannot draw is
// still written, with one warning on stderr per chart file that names
// each such character once; Latin, Greek and Cyrillic draw silently.
func TestPlotWarnsOfMissingGlyphs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile("../../game/warhammer/scenario/builtin/ogres-vs-arrows.yaml")
	if err != nil {
		t.Fatal(err)
	}
	title := regexp.MustCompile(`(?m)^title: .*$`)
	if !title.Match(src) {
		t.Fatal("ogres-vs-arrows.yaml has no title line to replace")
	}
	scenario := func(name, t string) string {
		p := filepath.Join(dir, name+".yaml")
		os.WriteFile(p, title.ReplaceAll(src, []byte("title: "+t)), 0o644)
		return p
	}
	odd := scenario("odd", `"Zwërge ⚔ Chäos — 矮人 Ωμέγα Кириллица ⚔"`)
	fine := scenario("fine", `"Zwërge Chäos — Ωμέγα Кириллица"`)
	png, svg, js := filepath.Join(dir, "odd.png"), filepath.Join(dir, "odd.svg"), filepath.Join(dir, "odd.json")
	const cannot = `: the chart's font cannot draw "⚔", "矮", "人"; `
	for _, c := range []struct {
		name string
		args []string
		want []string // the warnings, in order
	}{
		{"run", []string{"run", odd, "--trials", "1000", "--seed", "1", "--quiet", "--format", "json", "--out", js, "--plot", png, "--plot", svg},
			[]string{"sim: warning: " + png + cannot + "they are left out",
				"sim: warning: " + svg + cannot + "only a viewer with a font for them shows them"}},
		{"plot", []string{"plot", js, "-o", png}, []string{"sim: warning: " + png + cannot + "they are left out"}},
		{"fine", []string{"run", fine, "--trials", "1000", "--seed", "1", "--quiet", "--plot", png}, nil},
	} {
		code, _, stderr := sim(t, context.Background(), c.args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, stderr)
		}
		var got []string
		for _, l := range strings.Split(stderr, "\n") {
			if strings.Contains(l, "warning") {
				got = append(got, l)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: warnings\n%s\nwant\n%s", c.name, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
		if fi, err := os.Stat(png); err != nil || fi.Size() == 0 {
			t.Errorf("%s: the chart was not written: %v", c.name, err)
		}
	}
}
