package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// matrixCell0 runs sim matrix with args in JSON and returns its first
// cell: P(the row wins), and the column's and the row's mean casualties.
func matrixCell0(t *testing.T, args ...string) (win, colCas, rowCas float64, title string) {
	t.Helper()
	code, stdout, stderr := sim(t, context.Background(), append([]string{"matrix", "--format", "json", "--quiet"}, args...)...)
	if code != 0 {
		t.Fatalf("sim matrix %v: exit %d: %s", args, code, stderr)
	}
	var m struct {
		With  string `json:"with"`
		Cells [][]struct {
			Win           struct{ P float64 }    `json:"win"`
			Casualties    struct{ Mean float64 } `json:"casualties"`
			RowCasualties struct{ Mean float64 } `json:"row_casualties"`
		} `json:"cells"`
	}
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatalf("sim matrix %v: %v\n%s", args, err, stdout)
	}
	c := m.Cells[0][0]
	return c.Win.P, c.Casualties.Mean, c.RowCasualties.Mean, m.With
}

// runMeans runs a scenario file in JSON and returns row.wins and the
// casualties' means, as a matrix cell reads them.
func runMeans(t *testing.T, path string, args ...string) (win, colCas, rowCas float64) {
	t.Helper()
	code, stdout, stderr := sim(t, context.Background(), append([]string{"run", path, "--format", "json", "--quiet"}, args...)...)
	if code != 0 {
		t.Fatalf("sim run %s: exit %d: %s", path, code, stderr)
	}
	var r struct {
		Events  map[string]struct{ P float64 }    `json:"events"`
		Metrics map[string]struct{ Mean float64 } `json:"metrics"`
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("sim run %s: %v", path, err)
	}
	return r.Events["row.wins"].P, r.Metrics["col.casualties"].Mean, r.Metrics["row.casualties"].Mean
}

// A cell of sim matrix --with is the army file a person writes for it by
// hand (docs/commands.md, "sim matrix"), run with the same seed: the row
// charges the column's front with its contact, at most the column's
// frontage (Halberdiers 5 wide, the library's Chaos Warriors 4: 4); a
// third unit at the flank charged too and touches one model a rank of the
// column's (12 Chaos Warriors 4 wide: 3 ranks, of the 10 Night Goblins'
// front of 5), at the rear a rank (4 of the 5); at the front it was fighting already,
// at the corner model the row leaves (4 + 1 - 4 = 1); the column touches
// each with as many. Equal to the last bit: same dice, same fight.
func TestMatrixWithIsTheArmyFile(t *testing.T) {
	t.Parallel()
	file := func(with, at, charged string, rowN, withN int) string {
		return "name: by-hand\nruleset: 6th\nunits:\n  - {id: row, from: empire_halberdiers}\n" +
			"  - {id: with, from: " + with + "}\n  - {id: col, from: chaos_warriors, models: 12}\n" +
			"fight:\n  type: close_combat\n  sides:\n    - id: row\n      units:\n" +
			"        - {unit: row, charged: true, fights: [{unit: col, models: " + strconv.Itoa(rowN) + "}]}\n" +
			"        - {unit: with, " + charged + "fights: [{unit: col, at: " + at + ", models: " + strconv.Itoa(withN) + "}]}\n" +
			"    - id: col\n      units:\n        - {unit: col, fights: [{unit: row, models: " + strconv.Itoa(rowN) + "}, {unit: with, models: " + strconv.Itoa(withN) + "}]}\n"
	}
	for _, c := range []struct {
		with, text, title string
		hand              string
	}{
		{"night_goblins:10", "", "with night_goblins:10 at the column's flank", file("night_goblins, models: 10", "flank", "charged: true, ", 4, 3)},
		{"night_goblins:10@rear", "", "with night_goblins:10 at the column's rear", file("night_goblins, models: 10", "rear", "charged: true, ", 4, 4)},
		{"empire_halberdiers:10@front", "", "with empire_halberdiers:10 at the column's front", file("empire_halberdiers, models: 10", "front", "", 4, 1)},
	} {
		path := filepath.Join(t.TempDir(), "hand.yaml")
		if err := os.WriteFile(path, []byte(c.hand), 0o644); err != nil {
			t.Fatal(err)
		}
		win, colCas, rowCas, title := matrixCell0(t, "--units", "empire_halberdiers", "--vs", "chaos_warriors:12", "--with", c.with, "--trials", "4000", "--seed", "3")
		hw, hc, hr := runMeans(t, path, "--trials", "4000", "--seed", "3")
		if win != hw || colCas != hc || rowCas != hr {
			t.Errorf("--with %s: cell P(win) %v, casualties %v and %v; the file by hand %v, %v and %v", c.with, win, colCas, rowCas, hw, hc, hr)
		}
		if win <= 0.01 || win >= 0.99 {
			t.Errorf("--with %s: P(win) %v; the test wants a cell that can go either way", c.with, win)
		}
		if title != c.title {
			t.Errorf("--with %s: with %q, want %q", c.with, title, c.title)
		}
	}
}

// The title of sim matrix --with says what the rows were given; a game
// whose library writes no cell of three units, a volley, a face that is
// not one, and a template without a unit with are each one usage error,
// exit status 2.
func TestMatrixWithTitleAndMistakes(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := sim(t, context.Background(), "matrix", "--units", "empire_knights", "--vs", "orc_boyz", "--with", "empire_halberdiers@front", "--trials", "200", "--seed", "1", "--quiet")
	if first := strings.SplitN(stdout, "\n", 2)[0]; code != 0 || !strings.HasPrefix(first, "matrix (charge): rows charge the columns and fight to the break, with empire_halberdiers at the column's front; ruleset 6th") {
		t.Errorf("exit %d, title %q (%s)", code, first, stderr)
	}
	tmpl := filepath.Join(t.TempDir(), "tmpl.yaml")
	if err := os.WriteFile(tmpl, []byte("name: t\nunits:\n  - {id: row, from: empire_knights}\n  - {id: col, from: trolls}\nfight: {type: close_combat, sides: [row, col], charger: row}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--game", "wotr", "--units", "black_guard", "--with", "citadel_guard"}, `^sim: matrix: --with: wotr's matrix cells hold two units only; use --template`},
		{[]string{"--units", "empire_knights", "--fight", "volley", "--with", "empire_halberdiers"}, `^sim: matrix: --with adds a unit to the row's army in a charge; a volley`},
		{[]string{"--units", "empire_knights", "--with", "empire_halberdiers@side"}, `^sim: matrix: --with empire_halberdiers@side: the face after @ is flank, front, rear`},
		{[]string{"--units", "empire_knights", "--with", "no_such_unit"}, `^sim: matrix: --with: "no_such_unit" is not in the unit library`},
		{[]string{"--units", "empire_knights", "--template", tmpl, "--with", "empire_halberdiers"}, `^sim: matrix: --template .*tmpl.yaml: .*with --with, a template gives a third unit the id with`},
	} {
		code, _, stderr := sim(t, context.Background(), append([]string{"matrix", "--trials", "100", "--quiet"}, c.args...)...)
		if code != 2 || !regexp.MustCompile(c.want).MatchString(stderr) || strings.Count(stderr, "\n") > 2 {
			t.Errorf("sim matrix %v: exit %d, stderr %q; want 2 and %s", c.args, code, stderr, c.want)
		}
	}
}
