package report

import (
	"fmt"
	"strconv"

	"github.com/wargamesim/sim/stats"
)

// Matrix is the result of sim matrix: every pairing of a row unit against a
// column unit, fought the same way on the same seed.
type Matrix struct {
	Kind       string            `json:"kind"`            // "matrix"
	Game       string            `json:"game"`            // whose unit library
	Fight      string            `json:"fight"`           // the kind of cell, as the game names it: "charge", "volley"
	FightSays  string            `json:"fight_says"`      // what the row units do: "charge the columns and fight to the break"
	Sizes      string            `json:"sizes,omitempty"` // the sizes given, "empire_knights 8 models"; others are the library's
	With       string            `json:"with,omitempty"`  // the unit sim matrix --with adds to each row's army: "with empire_halberdiers at the column's front"
	Ruleset    string            `json:"ruleset"`
	Rules      map[string]string `json:"rules,omitempty"`
	Rows       []string          `json:"rows"` // unit library names
	Cols       []string          `json:"cols"`
	Seed       uint64            `json:"seed"`
	SeedSource string            `json:"seed_source"`
	Trials     int64             `json:"trials"` // per cell
	Complete   bool              `json:"complete"`
	Version    string            `json:"version"`
	Dice       string            `json:"dice"`
	Cells      [][]Cell          `json:"cells"` // [row][col]
	// RowCost is each row unit's cost in points at its size, and
	// ColModelPoints each column unit's points a model, where every unit
	// of the matrix has points (docs/import.md); else both are empty.
	RowCost        []float64 `json:"row_cost,omitempty"`
	ColModelPoints []float64 `json:"col_model_points,omitempty"`
	Timing         *Timing   `json:"timing,omitempty"`
	// RowWins says each cell gives the row's chance to win, and both
	// sides' casualties (scenarios.RowWins), not the column's chance to be
	// destroyed; read back from JSON, its cells say so (IsRowWins).
	RowWins bool `json:"-"`
}

// IsRowWins reports whether the cells give the row's chance to win, not
// the column's to be destroyed: as RowWins says, or, in a matrix read back
// from JSON, as its cells do (a row's win gives the row's casualties too).
func (m *Matrix) IsRowWins() bool {
	if len(m.Cells) > 0 && len(m.Cells[0]) > 0 {
		return m.RowWins || m.Cells[0][0].RowCasualties != nil
	}
	return m.RowWins
}

// Cell is one pairing's result: for a charge, P(the row unit wins) and the
// casualties on each side; for a volley, P(the column unit is destroyed)
// and its casualties.
type Cell struct {
	Trials        int64            `json:"trials"`          // fewer than the matrix's when it was interrupted here; 0 when solved exactly
	Exact         bool             `json:"exact,omitempty"` // solved exactly (sim matrix --exact), not simulated
	Win           stats.Proportion `json:"win"`
	Casualties    stats.Summary    `json:"casualties"`               // the column unit's
	RowCasualties *stats.Summary   `json:"row_casualties,omitempty"` // a charge's charger's
}

// Tables is the matrix as grids: P(win) and the column unit's expected
// casualties, row units down, column units across; in CSV one row per
// cell, with intervals.
func (m *Matrix) Tables(csv bool) []Table {
	exact := m.anyExact()
	title := m.title()
	if csv {
		return []Table{m.csvTable(title, exact)}
	}
	win := "P(column destroyed)"
	if m.IsRowWins() {
		win = "P(row wins)"
	}
	a := m.grid(win, func(c Cell) string { return fmt.Sprintf("%.3f", c.Win.P) + exactMark(c) })
	a.Title = title
	b := m.grid("column casualties (mean)", func(c Cell) string { return fmt.Sprintf("%.2f", c.Casualties.Mean) + exactMark(c) })
	notes := []string{"Every cell runs on the same seed; 95% intervals are in the JSON and CSV outputs."}
	if exact {
		notes = append(notes, "Cells marked * are solved exactly, with no sampling error; the others are simulated.")
	}
	tables := []Table{a, b}
	if m.priced() {
		tables = append(tables, m.pointsTable())
		notes = append([]string{"Points killed: the column's mean casualties times its points a model, per 100 points the row unit costs."}, notes...)
	}
	if m.SeedSource == "random" {
		notes = append(notes, fmt.Sprintf("The seed was drawn at random; rerun with --seed %d to get these numbers again.", m.Seed))
	}
	tables[len(tables)-1].Notes = notes
	return tables
}

// anyExact reports whether a cell is solved exactly.
func (m *Matrix) anyExact() bool {
	exact := false
	for _, r := range m.Cells {
		for _, c := range r {
			exact = exact || c.Exact
		}
	}
	return exact
}

// title is the matrix's title: the fight, what the rows say (and the unit
// --with adds to them), the ruleset,
// the trials and the seed, with where the seed and sizes came from and
// whether it was interrupted.
func (m *Matrix) title() string {
	var cells []Cell
	for _, r := range m.Cells {
		cells = append(cells, r...)
	}
	says := m.FightSays
	if m.With != "" {
		says += ", " + m.With
	}
	title := fmt.Sprintf("matrix (%s): rows %s; %s, %s, seed %d", m.Fight, says,
		RulesetText(m.Ruleset, m.Rules), trialsText(m.Trials, "cell", cells), m.Seed)
	if m.SeedSource == "random" {
		title += " (drawn at random)"
	}
	if m.Sizes != "" {
		title += "; sizes: " + m.Sizes + ", the rest as in the library"
	}
	if !m.Complete {
		title += "; PARTIAL: interrupted"
	}
	return title
}

// csvTable is the matrix as one CSV table, titled title: a line per cell
// with its chance to win and casualties with their 95% intervals, the
// row's casualties, its costs when priced and whether it was solved when
// exact says a cell was.
func (m *Matrix) csvTable(title string, exact bool) Table {
	t := Table{Title: title, Header: []string{"row", "col", "p_win", "p_win_ci95_low", "p_win_ci95_high",
		"col_casualties", "col_casualties_ci95_low", "col_casualties_ci95_high", "row_casualties"}}
	if m.priced() {
		t.Header = append(t.Header, "row_cost", "col_points_killed_per_100")
	}
	if exact {
		t.Header = append(t.Header, "solved")
	}
	for i, r := range m.Cells {
		for j, c := range r {
			rowCas := ""
			if c.RowCasualties != nil {
				rowCas = num(c.RowCasualties.Mean, true)
			}
			row := []string{m.Rows[i], m.Cols[j], num(c.Win.P, true), num(c.Win.CI95[0], true), num(c.Win.CI95[1], true),
				num(c.Casualties.Mean, true), num(c.Casualties.CI95[0], true), num(c.Casualties.CI95[1], true), rowCas}
			if m.priced() {
				row = append(row, num(m.RowCost[i], true), num(m.killedPer100(i, j), true))
			}
			if exact {
				row = append(row, solvedText(c.Exact))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// grid is a table of the cells, headed head, one row per row unit and a
// column per column unit, each cell written by cell.
func (m *Matrix) grid(head string, cell func(Cell) string) Table {
	t := Table{Header: append([]string{head}, m.Cols...)}
	for i, r := range m.Cells {
		row := []string{m.Rows[i]}
		for _, c := range r {
			row = append(row, cell(c))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// exactMark marks a cell solved exactly: "*", else "".
func exactMark(c Cell) string {
	if c.Exact {
		return "*"
	}
	return ""
}

// pointsTable is the table of the column's points killed per 100 points
// of the row unit, each row unit named with its cost.
func (m *Matrix) pointsTable() Table {
	p := Table{Header: append([]string{"column points killed per 100 row points"}, m.Cols...)}
	for i, r := range m.Cells {
		row := []string{fmt.Sprintf("%s (%s pts)", m.Rows[i], strconv.FormatFloat(m.RowCost[i], 'f', -1, 64))}
		for j, c := range r {
			row = append(row, fmt.Sprintf("%.1f", m.killedPer100(i, j))+exactMark(c))
		}
		p.Rows = append(p.Rows, row)
	}
	return p
}

// priced reports whether the matrix has every unit's points.
func (m *Matrix) priced() bool {
	return len(m.RowCost) == len(m.Rows) && len(m.ColModelPoints) == len(m.Cols) && len(m.Rows) > 0
}

// killedPer100 is cell (i, j)'s column casualties in points, per 100
// points of the row unit.
func (m *Matrix) killedPer100(i, j int) float64 {
	return m.Cells[i][j].Casualties.Mean * m.ColModelPoints[j] * 100 / m.RowCost[i]
}
