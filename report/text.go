package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/wargamesim/sim/stats"
)

// WriteJSON writes v, a [Report], [Comparison], [Sweep] or [Matrix], as
// indented JSON, the format docs/output.md describes.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// WriteText writes r as a summary for people: what was simulated, each
// metric with its interval, each event, and the distribution of the
// headline metrics (casualties and wounds).
func WriteText(w io.Writer, r *Report) error {
	ew := &errWriter{w: w}
	r.writeHeader(ew)
	width := r.nameWidth()
	ew.printf("\n")
	if err := r.writeMetrics(ew, width); err != nil {
		return err
	}
	if len(r.Events) > 0 {
		ew.printf("\n")
		if err := r.writeEvents(ew, width); err != nil {
			return err
		}
	}
	for _, name := range r.headline() {
		ew.printf("\n")
		if err := r.writeDistribution(ew, name); err != nil {
			return err
		}
	}
	if ew.err == nil && r.Trials != 0 && r.SeedSource == "random" {
		ew.printf("\nThe seed was drawn at random; rerun with --seed %d to get these numbers again.\n", r.Seed)
	}
	return ew.err
}

// writeHeader writes the report's headline, its scenario and title, where
// its numbers came from, whether it was interrupted, and the scenario's
// lines.
func (r *Report) writeHeader(ew *errWriter) {
	if h := r.Headline(); h != "" {
		ew.printf("%s\n", h)
	}
	title := r.Scenario
	if r.Title != "" {
		title += ": " + r.Title
	}
	ew.printf("%s\n", title)
	ew.printf("%s\n", r.provenance())
	if !r.Complete {
		ew.printf("PARTIAL RESULT: interrupted after %s of %s trials; the numbers below are those trials only\n",
			thousands(r.Trials), thousands(r.Requested))
	}
	if len(r.Lines) > 0 {
		ew.printf("\n")
		for _, l := range r.Lines {
			ew.printf("  %s\n", l)
		}
	}
}

// nameWidth is the width of the tables' first column: the longest metric
// or event name, and at least "metric".
func (r *Report) nameWidth() int {
	width := len("metric")
	for _, name := range r.metrics() {
		width = max(width, len(name))
	}
	for _, name := range r.events() {
		width = max(width, len(name))
	}
	return width
}

// pad pads s with spaces to width.
func pad(s string, width int) string { return fmt.Sprintf("%-*s", width, s) }

// writeMetrics writes the table of metrics, names padded to width: each
// one's mean, its 95% interval, sd, min, quantiles and max, and its exact
// mean beside simulated results; for exact results alone, no interval.
func (r *Report) writeMetrics(ew *errWriter, width int) error {
	exactOnly := r.Trials == 0
	tw := tabwriter.NewWriter(ew, 2, 0, 2, ' ', tabwriter.AlignRight)
	if exactOnly {
		fmt.Fprint(tw, pad("metric", width)+"\texact mean\tsd\tmin\tp5\tp50\tp95\tmax\t\n")
	} else {
		head := pad("metric", width) + "\tmean\t95% interval\tsd\tmin\tp5\tp50\tp95\tmax\t"
		if r.Exact != nil {
			head += "exact mean\t"
		}
		fmt.Fprintf(tw, "%s\n", head)
	}
	for _, name := range r.metrics() {
		s := r.Metrics[name]
		q := s.Quantiles
		if exactOnly {
			fmt.Fprintf(tw, "%s\t%.4f\t%.3f\t%d\t%d\t%d\t%d\t%d\t\n", pad(name, width), s.Mean, s.SD, s.Min, q.P05, q.P50, q.P95, s.Max)
			continue
		}
		line := fmt.Sprintf("%s\t%.4f\t[%.4f, %.4f]\t%.3f\t%d\t%d\t%d\t%d\t%d\t", pad(name, width), s.Mean, s.CI95[0], s.CI95[1], s.SD, s.Min, q.P05, q.P50, q.P95, s.Max)
		if r.Exact != nil {
			line += fmt.Sprintf("%.4f\t", r.Exact.Metrics[name].Mean)
		}
		fmt.Fprintf(tw, "%s\n", line)
	}
	return tw.Flush()
}

// writeEvents writes the table of events, names padded to width: each
// one's probability with its 95% interval, and its exact probability
// beside simulated results; for exact results alone, no interval.
func (r *Report) writeEvents(ew *errWriter, width int) error {
	exactOnly := r.Trials == 0
	tw := tabwriter.NewWriter(ew, 2, 0, 2, ' ', tabwriter.AlignRight)
	head := pad("event", width) + "\tP\t95% interval\t"
	if exactOnly {
		head = pad("event", width) + "\texact P\t"
	} else if r.Exact != nil {
		head += "exact P\t"
	}
	fmt.Fprintf(tw, "%s\n", head)
	for _, name := range r.events() {
		e := r.Events[name]
		line := fmt.Sprintf("%s\t%s\t", pad(name, width), prob(e.P))
		if !exactOnly {
			line += fmt.Sprintf("[%s, %s]\t", prob(e.CI95[0]), prob(e.CI95[1]))
			if r.Exact != nil {
				line += prob(r.Exact.Events[name].P) + "\t"
			}
		}
		fmt.Fprintf(tw, "%s\n", line)
	}
	return tw.Flush()
}

// headline names the metrics whose distributions the text shows: every
// unit's casualties and, when only one unit takes them (a volley), its
// wounds too.
func (r *Report) headline() []string {
	var cas, wounds []string
	for _, name := range r.metrics() {
		switch {
		case strings.HasSuffix(name, ".casualties"):
			cas = append(cas, name)
		case strings.HasSuffix(name, ".wounds"):
			wounds = append(wounds, name)
		}
	}
	if len(cas) == 1 {
		return append(wounds, cas...)
	}
	return cas
}

// writeDistribution writes P(X = k) and P(X >= k) of one metric, with the
// exact values beside them when the report has them.
func (r *Report) writeDistribution(w io.Writer, name string) error {
	s := r.Metrics[name]
	var ex *stats.Summary
	if r.Exact != nil {
		e := r.Exact.Metrics[name]
		ex = &e
	}
	tw := tabwriter.NewWriter(w, 2, 0, 2, ' ', tabwriter.AlignRight)
	head := name + "\tP(X = k)\tP(X >= k)\t"
	if ex != nil {
		head += "exact P(X = k)\texact P(X >= k)\t"
	}
	fmt.Fprintf(tw, "%s\n", head)
	n := len(s.PMF)
	if ex != nil {
		n = max(n, len(ex.PMF))
	}
	for k := range n {
		line := fmt.Sprintf("%d\t%s\t%s\t", k+s.Offset, prob(at(s.PMF, k)), prob(at(s.AtLeast, k)))
		if ex != nil {
			line += fmt.Sprintf("%s\t%s\t", prob(at(ex.PMF, k)), prob(at(ex.AtLeast, k)))
		}
		fmt.Fprintf(tw, "%s\n", line)
	}
	return tw.Flush()
}

func at(xs []float64, k int) float64 {
	if k < len(xs) {
		return xs[k]
	}
	return 0
}

// provenance is the line that lets anyone rerun the numbers.
func (r *Report) provenance() string {
	rules := RulesetText(r.Ruleset, r.Rules)
	if r.Trials == 0 {
		return rules + ", exact solution (no sampling)"
	}
	seed := fmt.Sprintf("seed %d", r.Seed)
	switch r.SeedSource {
	case "random":
		seed += " (drawn at random)"
	case "scenario":
		seed += " (from the scenario)"
	}
	return fmt.Sprintf("%s, %s trials, %s, sim %s (%s)", rules, thousands(r.Trials), seed, r.Version, r.Dice)
}

func (r *Report) metrics() []string {
	if len(r.MetricOrder) == len(r.Metrics) {
		return r.MetricOrder
	}
	return slices.Sorted(maps.Keys(r.Metrics))
}

func (r *Report) events() []string {
	if len(r.EventOrder) == len(r.Events) {
		return r.EventOrder
	}
	return slices.Sorted(maps.Keys(r.Events))
}

// prob formats a probability with four decimals, showing a small positive
// value as "<0.0001" rather than as zero.
func prob(p float64) string {
	if p > 0 && p < 0.00005 {
		return "<0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}

// thousands writes n with comma separators: 1,000,000.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 && s[0] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) {
	fmt.Fprintf(e, format, args...)
}
