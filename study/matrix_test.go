package study

import (
	"context"
	"strings"
	"testing"
)

// A matrix fights every row against every column on one seed, and tells
// its progress over every cell; --exact solves the cells it can.
func TestMatrix(t *testing.T) {
	t.Parallel()
	p := &progressLog{}
	o := MatrixOptions{Units: "trolls,empire_knights:6", Vs: "trolls", Trials: 4096}
	m, err := Matrix(context.Background(), Setup{Seed: seed(5), Version: "test", Progress: p}, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Cells) != 2 || len(m.Cells[0]) != 1 || m.Cells[1][0].Trials != 4096 || m.Cells[1][0].RowCasualties == nil {
		t.Fatalf("cells %+v, want 2 rows of one charge cell", m.Cells)
	}
	if !m.Complete || m.Seed != 5 || m.Game != "warhammer" || m.Fight != "charge" || m.Rows[1] != "empire_knights:6" || m.Sizes != "empire_knights 6 models" {
		t.Errorf("matrix: complete %v, seed %d, game %q, fight %q, rows %v, sizes %q", m.Complete, m.Seed, m.Game, m.Fight, m.Rows, m.Sizes)
	}
	if len(p.begun) != 1 || p.begun[0] != 2*4096 || p.last != 2*4096 {
		t.Errorf("progress: begun %v, last %d; want 2 cells of 4096", p.begun, p.last)
	}
	o = MatrixOptions{Units: "empire_archers", Vs: "trolls,ogre_bulls", Fight: "volley", Exact: true, Trials: 4096}
	if m, err = Matrix(context.Background(), Setup{}, o); err != nil || !m.Cells[0][1].Exact || m.Cells[0][1].RowCasualties != nil {
		t.Errorf("an exact volley matrix: %v, %+v", err, m)
	}
}

// The template's cells are its fight with the library's units, under its
// own ruleset.
func TestMatrixTemplate(t *testing.T) {
	t.Parallel()
	o := MatrixOptions{Template: "../cmd/sim/testdata/uphill.yaml", Units: "empire_knights", Vs: "trolls", Trials: 4096}
	m, err := Matrix(context.Background(), Setup{Seed: seed(6)}, o)
	if err != nil {
		t.Fatal(err)
	}
	if m.Fight != "charge" || !strings.HasPrefix(m.FightSays, "fight as ") || len(m.Cells) != 1 {
		t.Errorf("a template's matrix: fight %q (%q), %d rows", m.Fight, m.FightSays, len(m.Cells))
	}
}

// What a matrix cannot do is refused before any cell runs.
func TestMatrixRefuses(t *testing.T) {
	t.Parallel()
	hundredAndOne := strings.TrimSuffix(strings.Repeat("trolls,", 101), ",")
	for _, c := range []struct {
		name string
		o    MatrixOptions
		want string
	}{
		{"a unit not in the library", MatrixOptions{Units: "trolls,no_such"}, `"no_such" is not in the unit library`},
		{"a size of none", MatrixOptions{Units: "trolls:0"}, "a whole number of 1 or more"},
		{"no such fight", MatrixOptions{Units: "trolls", Fight: "siege"}, "--fight must be charge or volley"},
		{"a template and a fight", MatrixOptions{Units: "trolls", Template: "ogres-vs-arrows", Fight: "charge"}, "give --fight or --template, not both"},
		{"a size and points", MatrixOptions{Units: "trolls:3", Points: ptr(200.0)}, "--points sets every size"},
		{"rules of another game", MatrixOptions{Units: "trolls", Game: "wotr", Rules: "6th"}, "not of --game wotr"},
		{"too many units", MatrixOptions{Units: hundredAndOne}, "at most 100 units each, got 101"},
	} {
		if _, err := Matrix(context.Background(), Setup{}, c.o); !isUsage(err, c.want) {
			t.Errorf("%s: %v, want a usage error saying %q", c.name, err, c.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// An interrupted matrix is no error: it holds the cells that finished and
// says it is partial.
func TestMatrixInterrupted(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, err := Matrix(ctx, Setup{Seed: seed(1)}, MatrixOptions{Units: "trolls,ogre_bulls", Trials: 100_000})
	if err != nil || m.Complete || len(m.Cells) != 0 {
		t.Errorf("a cancelled matrix: %v, complete %v, %d rows", err, m.Complete, len(m.Cells))
	}
}
