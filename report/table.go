package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Table is tabular output, written as aligned text, CSV or Markdown
// (--format text|csv|markdown).
type Table struct {
	Title  string     // a line above the table; in CSV a comment line starting "# "
	Header []string   // column names
	Rows   [][]string // cells, one slice per row, as long as Header
	Notes  []string   // lines under the table (text, Markdown); not in CSV
}

// TableFormats are the formats WriteTables writes.
var TableFormats = []string{"text", "csv", "markdown"}

// WriteTables writes tables in format: "text" (columns aligned, numbers to
// the right), "csv" (RFC 4180 rows; the tables one after another, a blank
// line between them, each title as a "# " comment line so that the seed
// travels with the numbers: most CSV readers skip such lines when told to,
// e.g. pandas' comment="#") or "markdown" (pipe tables, for blog posts).
func WriteTables(w io.Writer, format string, tables ...Table) error {
	for i, t := range tables {
		var err error
		switch format {
		case "text":
			if i > 0 {
				fmt.Fprintln(w)
			}
			err = t.writeText(w)
		case "csv":
			if i > 0 {
				fmt.Fprintln(w)
			}
			err = t.writeCSV(w)
		case "markdown":
			if i > 0 {
				fmt.Fprintln(w)
			}
			err = t.writeMarkdown(w)
		default:
			return fmt.Errorf("report: unknown table format %q", format)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (t Table) writeText(w io.Writer) error {
	ew := &errWriter{w: w}
	if t.Title != "" {
		ew.printf("%s\n", t.Title)
	}
	widths := make([]int, len(t.Header))
	for _, r := range append([][]string{t.Header}, t.Rows...) {
		for i, c := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], utf8.RuneCountInString(c))
			}
		}
	}
	numeric := t.numeric()
	for _, r := range append([][]string{t.Header}, t.Rows...) {
		var b strings.Builder
		b.WriteString(" ")
		for i, c := range r {
			if i >= len(widths) {
				break
			}
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c))
			b.WriteString(" ")
			if numeric[i] {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
			if i < len(r)-1 {
				b.WriteString(" ")
			}
		}
		ew.printf("%s\n", strings.TrimRight(b.String(), " "))
	}
	for _, n := range t.Notes {
		ew.printf("%s\n", n)
	}
	return ew.err
}

// numeric reports, per column, whether every cell of it reads as a number
// (or an interval of numbers): such columns are aligned to the right.
func (t Table) numeric() []bool {
	num := make([]bool, len(t.Header))
	for i := range num {
		num[i] = len(t.Rows) > 0
		for _, r := range t.Rows {
			if i < len(r) && r[i] != "—" && r[i] != "" && !looksNumeric(r[i]) {
				num[i] = false
				break
			}
		}
	}
	return num
}

func looksNumeric(s string) bool {
	s = strings.Trim(s, "[]+−-<>% ")
	if s == "" {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789.,[]+−- e±", r) {
			return false
		}
	}
	return true
}

func (t Table) writeCSV(w io.Writer) error {
	if t.Title != "" {
		if _, err := fmt.Fprintf(w, "# %s\n", strings.ReplaceAll(t.Title, "\n", " ")); err != nil {
			return err
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(t.Header); err != nil {
		return err
	}
	if err := cw.WriteAll(t.Rows); err != nil {
		return err
	}
	return cw.Error()
}

func (t Table) writeMarkdown(w io.Writer) error {
	ew := &errWriter{w: w}
	if t.Title != "" {
		ew.printf("**%s**\n\n", mdEscape(t.Title))
	}
	row := func(cells []string) {
		esc := make([]string, len(cells))
		for i, c := range cells {
			esc[i] = mdEscape(c)
		}
		ew.printf("| %s |\n", strings.Join(esc, " | "))
	}
	row(t.Header)
	align := make([]string, len(t.Header))
	for i, n := range t.numeric() {
		align[i] = "---"
		if n {
			align[i] = "---:"
		}
	}
	ew.printf("|%s|\n", strings.Join(align, "|"))
	for _, r := range t.Rows {
		row(r)
	}
	if len(t.Notes) > 0 {
		ew.printf("\n")
		for _, n := range t.Notes {
			ew.printf("%s\n", mdEscape(n))
		}
	}
	return ew.err
}

// mdEscape keeps a cell's pipes from splitting it.
func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// RunTables is the tabular form of a run's report: one row per metric (its
// mean, interval and quantiles) and one per event (its probability and
// interval), with the exact values beside them when the report has them,
// then the distributions the text summary shows, P(X = k) and P(X >= k)
// of the casualties (and of a volley's wounds): for --format csv and
// markdown. Markdown names the rows in words, with the units' names
// ("Empire Knights win"); CSV keeps the JSON's names, for scripts. Numbers
// are as [num] writes them.
func RunTables(r *Report, csv bool) []Table {
	head := r.Scenario + ": " + r.provenance()
	if !r.Complete {
		head += fmt.Sprintf(" (PARTIAL: %s of %s trials)", thousands(r.Trials), thousands(r.Requested))
	}
	m := Table{Title: head, Header: []string{"metric", "mean", "ci95_low", "ci95_high", "sd", "min", "p05", "p50", "p95", "max"}}
	e := Table{Header: []string{"event", "p", "ci95_low", "ci95_high"}}
	if r.Exact != nil {
		m.Header = append(m.Header, "exact_mean")
		e.Header = append(e.Header, "exact_p")
	}
	label := func(name string, words func(string, map[string]string) string) string {
		if csv {
			return name
		}
		return words(name, r.Names)
	}
	for _, name := range r.metrics() {
		s := r.Metrics[name]
		q := s.Quantiles
		row := []string{label(name, MetricLabel), num(s.Mean, csv), num(s.CI95[0], csv), num(s.CI95[1], csv), num(s.SD, csv),
			fmt.Sprint(s.Min), fmt.Sprint(q.P05), fmt.Sprint(q.P50), fmt.Sprint(q.P95), fmt.Sprint(s.Max)}
		if r.Exact != nil {
			row = append(row, num(r.Exact.Metrics[name].Mean, csv))
		}
		m.Rows = append(m.Rows, row)
	}
	for _, name := range r.events() {
		p := r.Events[name]
		row := []string{label(name, EventLabel), num(p.P, csv), num(p.CI95[0], csv), num(p.CI95[1], csv)}
		if r.Exact != nil {
			row = append(row, num(r.Exact.Events[name].P, csv))
		}
		e.Rows = append(e.Rows, row)
	}
	tables := append([]Table{m, e}, r.distributionTables(csv)...)
	if r.SeedSource == "random" {
		last := &tables[len(tables)-1]
		last.Notes = append(last.Notes, fmt.Sprintf("The seed was drawn at random; rerun with --seed %d to get these numbers again.", r.Seed))
	}
	return tables
}

// num formats a result (a probability, a mean, an interval's end, a
// standard deviation) for a table, always to four decimal places: for
// people, a small positive value as "<0.0001" rather than as zero; for
// CSV, a plain number that every reader takes ("0.0000"; never "-0.0000").
// Every digit is in the JSON.
func num(x float64, csv bool) string {
	if csv {
		s := strconv.FormatFloat(x, 'f', 4, 64)
		if s == "-0.0000" {
			s = "0.0000"
		}
		return s
	}
	return prob(x)
}
