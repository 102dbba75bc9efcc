package report

import (
	"fmt"

	"github.com/wargamesim/sim/stats"
)

// distributionTables are the distributions of the headline metrics (those
// the text summary shows: the casualties, and a volley's wounds) as
// tables, P(X = k) and P(X >= k) for each k, with the exact values beside
// them when the report has them: the table a blogger pastes. CSV gives one
// long table, a row per metric and k (metric, k, p, p_at_least), for
// scripts; Markdown one table per metric, headed by the metric in words.
func (r *Report) distributionTables(csv bool) []Table {
	names := r.headline()
	if len(names) == 0 {
		return nil
	}
	exactHead := func(h []string, eq, ge string) []string {
		if r.Exact != nil {
			h = append(h, eq, ge)
		}
		return h
	}
	if csv {
		t := Table{Header: exactHead([]string{"metric", "k", "p", "p_at_least"}, "exact_p", "exact_p_at_least")}
		for _, name := range names {
			r.eachK(name, true, func(k int, row []string) { t.Rows = append(t.Rows, append([]string{name, fmt.Sprint(k)}, row...)) })
		}
		return []Table{t}
	}
	var ts []Table
	for _, name := range names {
		t := Table{Header: exactHead([]string{MetricLabel(name, r.Names), "P(X = k)", "P(X >= k)"}, "exact P(X = k)", "exact P(X >= k)")}
		r.eachK(name, false, func(k int, row []string) { t.Rows = append(t.Rows, append([]string{fmt.Sprint(k)}, row...)) })
		ts = append(ts, t)
	}
	return ts
}

// eachK calls row for each value k of the metric, from its lowest to the
// highest that happened (or, with exact values, that can happen), with
// P(X = k) and P(X >= k) formatted for the table (as [num] does, for CSV
// or not), and the exact values after them when the report has them.
func (r *Report) eachK(name string, csv bool, row func(k int, cells []string)) {
	s := r.Metrics[name]
	var ex *stats.Summary
	if r.Exact != nil {
		e := r.Exact.Metrics[name]
		ex = &e
	}
	n := len(s.PMF)
	if ex != nil {
		n = max(n, len(ex.PMF))
	}
	for i := range n {
		cells := []string{num(at(s.PMF, i), csv), num(at(s.AtLeast, i), csv)}
		if ex != nil {
			cells = append(cells, num(at(ex.PMF, i), csv), num(at(ex.AtLeast, i), csv))
		}
		row(i+s.Offset, cells)
	}
}
