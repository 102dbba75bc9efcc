package main

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/wargamesim/sim/web"
)

// The commands read fights of several units (issue 30, step 9; plan §4):
// each test below runs one of them on the built-in hammer-and-anvil or
// the 2v1 anvil of armies_test.go.

// writeFile writes text to name in a fresh temporary folder.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	must(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

// anvilOtherIDs is anvil with every unit's id changed, and the Orcs'
// army's: the same fight under other names.
func anvilOtherIDs() string {
	return strings.NewReplacer("id: halberdiers", "id: halbs", "unit: halberdiers", "unit: halbs",
		"id: knights", "id: riders", "unit: knights", "unit: riders",
		"id: boyz", "id: ladz", "unit: boyz", "unit: ladz", "id: orcs", "id: waaagh").Replace(anvil)
}

// sim compare --by-role of hammer-and-anvil and the same fight with other
// ids (its Orc army's id is its unit's; here the army has one of its own),
// and again with the Empire's army under its Knights' id, lines up every
// row: no result is missing from a column, and, the fights being one on
// common random numbers, every difference is exactly zero.
func TestArmyCompareByRole(t *testing.T) {
	t.Parallel()
	other := writeFile(t, "other.yaml", anvilOtherIDs())
	// The Empire's army under its Knights' id: its wins are first.wins,
	// the Knights' casualties first_2.casualties.
	shared := writeFile(t, "shared.yaml", strings.Replace(anvilOtherIDs(), "id: empire", "id: riders", 1))
	code, stdout, stderr := sim(t, context.Background(), "compare", "hammer-and-anvil", other, shared, "--by-role", "--trials", "5000", "--seed", "2", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows := 0
	for _, line := range strings.Split(stdout, "\n") {
		if strings.Contains(line, "—") {
			t.Errorf("a row missing from a column: %q", line)
		}
		if strings.Contains(line, "[") && strings.Contains(line, "]") {
			rows++
			if strings.Count(line, "+0.0000  [+0.0000, +0.0000]") != 2 {
				t.Errorf("a difference that is not zero: %q", line)
			}
		}
	}
	// Events: 2 armies' wins and draw, 3 units' breaks, destroyed and
	// caught, 2 wins on result, the Empire's 2 units' panics; metrics:
	// rounds, 3 units' casualties and wounds, 2 combat results and their
	// difference.
	if want := (3 + 3*3 + 2 + 2) + (1 + 3*2 + 2 + 1); rows != want {
		t.Errorf("%d rows with a difference; want %d:\n%s", rows, want, stdout)
	}
	for _, want := range []string{"first_2.casualties", "second.casualties", "first.wins", "second.wins"} {
		_, js, _ := sim(t, context.Background(), "compare", "hammer-and-anvil", other, "--by-role", "--trials", "500", "--seed", "2", "--format", "json")
		if !strings.Contains(js, `"`+want+`"`) {
			t.Errorf("the JSON has no result %s", want)
		}
	}
}

// sim sweep names a field of an army's unit by the unit ("Empire Knights:
// charge distance", not "sides[0]: units[1] charge distance") in its
// table and JSON, and its point at a value is sim run of the file with
// that value written in by hand, with the same seed.
func TestArmySweep(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct{ vary, label string }{
		{"fight.sides[0].units[1].charge_distance=3..4", "Empire Knights: charge distance"},
		{"fight.sides[1].units[0].fights[0].models=4..5", "Orc Boyz: models (fights Empire Halberdiers)"},
	} {
		code, stdout, stderr := sim(t, ctx, "sweep", "hammer-and-anvil", "--vary", c.vary, "--trials", "3000", "--seed", "5", "--quiet")
		if head := strings.SplitN(stdout, "\n", 3); code != 0 || len(head) < 2 || !strings.HasPrefix(strings.TrimSpace(head[1]), c.label+"  ") {
			t.Errorf("sweep --vary %s: exit %d (%s), header %q; want it to start %q", c.vary, code, stderr, head, c.label)
		}
	}
	_, js, _ := sim(t, ctx, "sweep", "hammer-and-anvil", "--vary", "fight.sides[1].units[0].fights[0].models=4..5", "--trials", "3000", "--seed", "5", "--format", "json")
	var sw struct {
		Parameters []struct{ Path, Named string }
		Points     []struct {
			Events  map[string]struct{ P float64 }    `json:"events"`
			Metrics map[string]struct{ Mean float64 } `json:"metrics"`
		}
	}
	must(t, json.Unmarshal([]byte(js), &sw))
	if len(sw.Parameters) != 1 || sw.Parameters[0].Named != "fight.sides[boyz].units[boyz].fights[halberdiers].models" || len(sw.Points) != 2 {
		t.Fatalf("parameters %+v, %d points", sw.Parameters, len(sw.Points))
	}
	_, src, _ := sim(t, ctx, "show", "hammer-and-anvil")
	by := "{unit: boyz, fights: [{unit: halberdiers, models: 5}"
	if !strings.Contains(src, by) {
		t.Fatalf("hammer-and-anvil has no %q", by)
	}
	four := writeFile(t, "four.yaml", strings.Replace(src, by, "{unit: boyz, fights: [{unit: halberdiers, models: 4}", 1))
	code, stdout, stderr := sim(t, ctx, "run", four, "--trials", "3000", "--seed", "5", "--format", "json", "--quiet")
	var r struct {
		Events  map[string]struct{ P float64 }    `json:"events"`
		Metrics map[string]struct{ Mean float64 } `json:"metrics"`
	}
	if code != 0 {
		t.Fatalf("sim run: exit %d: %s", code, stderr)
	}
	must(t, json.Unmarshal([]byte(stdout), &r))
	p := sw.Points[0]
	if p.Events["empire.wins"] != r.Events["empire.wins"] || p.Metrics["halberdiers.casualties"] != r.Metrics["halberdiers.casualties"] {
		t.Errorf("the sweep at 4: %v and %v; sim run of the file with 4: %v and %v",
			p.Events["empire.wins"], p.Metrics["halberdiers.casualties"], r.Events["empire.wins"], r.Metrics["halberdiers.casualties"])
	}
}

// sim balance --target empire.wins=0.5 finds where the Empire's army's
// chance crosses a half as the Boyz' attacks grow, and each value of its
// bracket is sim run of the file with those attacks, at the trials the
// bracket was run at, with the same seed.
func TestArmyBalance(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	code, js, stderr := sim(t, ctx, "balance", "hammer-and-anvil", "--target", "empire.wins=0.5", "--vary", "units.boyz.profile.A=1..8", "--trials", "2000", "--seed", "1", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var b struct {
		Tried []struct {
			Value    int
			Estimate float64
			Trials   int
		}
	}
	must(t, json.Unmarshal([]byte(js), &b))
	_, src, _ := sim(t, ctx, "show", "hammer-and-anvil")
	boyz := "{id: boyz, from: orc_boyz, models: 25}"
	crossed := false
	for _, tr := range b.Tried {
		file := writeFile(t, "a.yaml", strings.Replace(src, boyz, "{id: boyz, from: orc_boyz, models: 25, profile: {A: "+strconv.Itoa(tr.Value)+"}}", 1))
		_, out, _ := sim(t, ctx, "run", file, "--trials", strconv.Itoa(tr.Trials), "--seed", "1", "--format", "json", "--quiet")
		var r struct {
			Events map[string]struct{ P float64 } `json:"events"`
		}
		must(t, json.Unmarshal([]byte(out), &r))
		if r.Events["empire.wins"].P != tr.Estimate {
			t.Errorf("A %d: balance %v, sim run %v", tr.Value, tr.Estimate, r.Events["empire.wins"].P)
		}
		crossed = crossed || tr.Estimate < 0.5
	}
	if !crossed || len(b.Tried) < 3 {
		t.Errorf("tried %+v; want the chance below a half somewhere", b.Tried)
	}
}

// sim run's chart of who wins a fight of several units has a bar for each
// army's win and each unit destroyed, labelled with their names; sim
// report of it holds the headline, every unit's casualties and a link
// that runs back to sim run's numbers; and a link holding a 2v1 file
// (web.Link) survives the round trip and runs as the file does.
func TestArmyChartReportAndLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	svg := filepath.Join(dir, "who.svg")
	// The Knights are destroyed about once in 16,000 fights (a bar is
	// drawn only for what happened): 200,000 trials see it some times.
	if code, _, stderr := sim(t, ctx, "run", "hammer-and-anvil", "--trials", "200000", "--seed", "1", "--quiet", "--plot", svg); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(svg)
	must(t, err)
	for _, bar := range []string{"Empire Halberdiers and Knights win", "Orc Boyz win", "Empire Halberdiers destroyed", "Empire Knights destroyed", "Orc Boyz destroyed"} {
		if !strings.Contains(string(data), ">"+bar+"<") {
			t.Errorf("the chart has no bar %q", bar)
		}
	}

	out := filepath.Join(dir, "r.html")
	if code, _, stderr := sim(t, ctx, "report", "hammer-and-anvil", "-o", out, "--trials", "5000", "--seed", "4", "--quiet"); code != 0 {
		t.Fatalf("sim report: exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(out)
	must(t, err)
	_, text, _ := sim(t, ctx, "run", "hammer-and-anvil", "--trials", "5000", "--seed", "4", "--quiet")
	head, _, _ := strings.Cut(text, "\n")
	for _, want := range []string{html.EscapeString(head), "Empire Halberdiers: models lost", "Empire Knights: models lost", "Orc Boyz: models lost"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the report has no %q", want)
		}
	}
	link := regexp.MustCompile(`href="([^"]+)"`).FindStringSubmatch(string(page))
	if link == nil {
		t.Fatal("the report has no link")
	}
	if _, got, _ := sim(t, ctx, "run", "--from-link", html.UnescapeString(link[1])); got != text {
		t.Errorf("the report's link runs to\n%s\nwant\n%s", got, text)
	}

	file := writeFile(t, "other.yaml", anvilOtherIDs())
	frag, err := (&web.Link{V: 1, Cmd: "run", YAML: anvilOtherIDs(), Trials: 3000, Seed: "6"}).Encode()
	must(t, err)
	back, err := web.DecodeLink("#" + frag)
	if err != nil || back.YAML != anvilOtherIDs() {
		t.Fatalf("the link's round trip: %v, YAML %q", err, back.YAML)
	}
	_, want, _ := sim(t, ctx, "run", file, "--trials", "3000", "--seed", "6", "--quiet")
	if code, got, stderr := sim(t, ctx, "run", "--from-link", "#"+frag); code != 0 || got != want {
		t.Errorf("a link of a 2v1 file: exit %d (%s)\n%s\nwant\n%s", code, stderr, got, want)
	}
}
