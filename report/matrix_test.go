package report

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/stats"
)

// A priced matrix adds a table of the column's points killed per 100
// points of the row: here 3 casualties of 30 points each by a unit of 240
// points is 90 points, 37.5 per 100; 0.5 casualties of 65 points by 195
// points is 32.5, 16.7 per 100.
func TestMatrixPointsTable(t *testing.T) {
	m := &Matrix{Kind: "matrix", Fight: "charge", Rows: []string{"knights", "trolls"}, Cols: []string{"knights", "trolls"},
		Trials: 10, Complete: true, Cells: [][]Cell{
			{{Casualties: stats.Summary{Mean: 3}}, {Casualties: stats.Summary{Mean: 0.5}}},
			{{Casualties: stats.Summary{Mean: 2}}, {Casualties: stats.Summary{Mean: 0.5}}},
		}}
	if n := len(m.Tables(false)); n != 2 {
		t.Fatalf("an unpriced matrix has %d tables, want 2", n)
	}
	m.RowCost, m.ColModelPoints = []float64{240, 195}, []float64{30, 65}
	tables := m.Tables(false)
	if len(tables) != 3 {
		t.Fatalf("%d tables, want 3", len(tables))
	}
	p := tables[2]
	want := [][]string{{"knights (240 pts)", "37.5", "13.5"}, {"trolls (195 pts)", "30.8", "16.7"}}
	for i, row := range want {
		if strings.Join(p.Rows[i], "|") != strings.Join(row, "|") {
			t.Errorf("row %d: %q, want %q (0.5×65×100/240 = 13.5; 2×30×100/195 = 30.8)", i, p.Rows[i], row)
		}
	}
	csv := m.Tables(true)[0]
	if h := csv.Header[len(csv.Header)-1]; h != "col_points_killed_per_100" || csv.Rows[0][len(csv.Rows[0])-1] != "37.5000" {
		t.Errorf("CSV header %q, first cell %q", h, csv.Rows[0][len(csv.Rows[0])-1])
	}
}

// A comparison whose units have points adds their costs and the points
// each kills per 100 of the other: 0.5 trolls of 65 points killed by
// knights of 300 points is 32.5 points, 10.8 per 100; 3 knights of 30 by
// trolls of 260 is 90, 34.6 per 100.
func TestComparisonPointsTable(t *testing.T) {
	c := &Comparison{Columns: []Column{{Label: "a", Costs: map[string]Cost{
		"knights": {Models: 10, PerModel: 30, Total: 300}, "trolls": {Models: 4, PerModel: 65, Total: 260}}}},
		Results: map[string]*Section{"a": {Metrics: map[string]stats.Summary{
			"knights.casualties": {Mean: 3}, "trolls.casualties": {Mean: 0.5}}}},
		MetricOrder: []string{"knights.casualties", "trolls.casualties"},
		Names:       map[string]string{"knights": "Knights", "trolls": "Trolls"}}
	tables := c.Tables(false)
	p := tables[len(tables)-1]
	want := [][]string{{"Knights", "300 (10 models)"}, {"Trolls", "260 (4 models)"},
		{"Trolls' points killed per 100 of Knights", "10.8"}, {"Knights' points killed per 100 of Trolls", "34.6"}}
	if len(p.Rows) != len(want) {
		t.Fatalf("points table %q, want %q", p.Rows, want)
	}
	for i, row := range want {
		if strings.Join(p.Rows[i], "|") != strings.Join(row, "|") {
			t.Errorf("row %d: %q, want %q", i, p.Rows[i], row)
		}
	}
}

// In a fight of armies, units of one side are not each other's foes: no
// row pairs them. A lord (one model, 200 points) beside 10 warriors of 20
// against 20 halberdiers of 5: the halberdiers' 6 lost are 30 points, 15
// per 100 of the lord and 15 per 100 of the warriors; the lord's and the
// warriors' losses per 100 of the halberdiers' 100 are 0 and 2×20 = 40.
func TestComparisonPointsTableSides(t *testing.T) {
	c := &Comparison{Columns: []Column{{Label: "a", Costs: map[string]Cost{
		"lord":        {Models: 1, PerModel: 200, Total: 200, Side: "chaos"},
		"warriors":    {Models: 10, PerModel: 20, Total: 200, Side: "chaos"},
		"halberdiers": {Models: 20, PerModel: 5, Total: 100}}}},
		Results: map[string]*Section{"a": {Metrics: map[string]stats.Summary{
			"lord.casualties": {Mean: 0}, "warriors.casualties": {Mean: 2}, "halberdiers.casualties": {Mean: 6}}}},
		Names: map[string]string{}}
	tables := c.Tables(false)
	p := tables[len(tables)-1]
	want := [][]string{{"halberdiers", "100 (20 models)"}, {"lord", "200 (1 model)"}, {"warriors", "200 (10 models)"},
		{"lord's points killed per 100 of halberdiers", "0.0"}, {"warriors' points killed per 100 of halberdiers", "40.0"},
		{"halberdiers' points killed per 100 of lord", "15.0"}, {"halberdiers' points killed per 100 of warriors", "15.0"}}
	if len(p.Rows) != len(want) {
		t.Fatalf("points table %q, want %q", p.Rows, want)
	}
	for i, row := range want {
		if strings.Join(p.Rows[i], "|") != strings.Join(row, "|") {
			t.Errorf("row %d: %q, want %q", i, p.Rows[i], row)
		}
	}
}
