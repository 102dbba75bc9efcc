package plots

import (
	"errors"
	"fmt"
	"slices"

	"github.com/wargamesim/sim/report"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
)

// Measure is what a comparison plots of each distribution.
type Measure int

const (
	// AtLeast is P(X ≥ k), the chance of k or more: curves that fall
	// from 100%, and read as "the chance to do at least this well".
	AtLeast Measure = iota
	// Exactly is P(X = k).
	Exactly
)

// MaxCompared is the most reports a comparison draws: one per colour of
// the Okabe–Ito palette.
const MaxCompared = 8

// Comparison overlays one metric of several reports, one line with points
// each, of P(X ≥ k) (AtLeast) or P(X = k) (Exactly) against k. Each line has
// its own colour, point shape and dash pattern, so that the lines stay
// apart in grey and for colour-blind readers; the key above the plot names
// each by its label, with its mean. labels name the reports in order; nil
// labels them by what differs between them (scenario, ruleset, seed).
//
// It returns an error if rs is empty or has more than MaxCompared reports
// or a nil one, if labels are given but not one per report, or empty, or
// repeated, if a report lacks the metric (naming the report by its label
// and listing the metrics it has) or has one that is not a distribution,
// or if o is out of range.
func Comparison(rs []*report.Report, labels []string, metric string, m Measure, o Options) (*Chart, error) {
	if err := checkCompared(rs, labels); err != nil {
		return nil, err
	}
	if m != AtLeast && m != Exactly {
		return nil, fmt.Errorf("plots: unknown measure %d", m)
	}
	if slices.Contains(rs, nil) {
		return nil, errors.New("plots: a report to compare is nil")
	}
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	if labels == nil {
		labels = defaultLabels(rs)
	}
	ss, err := comparedSeries(rs, labels, metric)
	if err != nil {
		return nil, err
	}
	c := &comparison{ss: ss, sp: shown(ss...), t: newTheme(o.Width, o.Height), m: m}

	title := o.Title
	if title == "" {
		title = commonTitle(rs, metric)
	}
	f := frame{title: title, subtitle: segments(o.Subtitle)}
	if o.Subtitle == "" {
		f.subtitle = provenanceOf(rs, labels)
	}
	f.key = c.key(labels)
	c.xLabel = report.MetricLabel(metric, namesOf(rs))
	return newChart(o, c.t, f, c.paint)
}

// checkCompared returns an error if rs is empty or has more than
// MaxCompared reports, or if labels are given but not one per report.
func checkCompared(rs []*report.Report, labels []string) error {
	switch {
	case len(rs) == 0:
		return errors.New("plots: no reports to compare")
	case len(rs) > MaxCompared:
		return fmt.Errorf("plots: %d reports to compare; at most %d fit on one chart", len(rs), MaxCompared)
	case labels != nil && len(labels) != len(rs):
		return fmt.Errorf("plots: %d labels for %d reports, want one each", len(labels), len(rs))
	}
	return nil
}

// checkLabel returns an error if report i's label is empty or given to a
// report before it.
func checkLabel(labels []string, i int) error {
	if labels[i] == "" {
		return fmt.Errorf("plots: report %d has an empty label", i+1)
	}
	if slices.Contains(labels[:i], labels[i]) {
		return fmt.Errorf("plots: label %q is given to two reports", labels[i])
	}
	return nil
}

// comparedSeries returns the series of metric in each report, checking
// each report's label first; an error names the report by its label.
func comparedSeries(rs []*report.Report, labels []string, metric string) ([]*series, error) {
	var ss []*series
	for i, r := range rs {
		if err := checkLabel(labels, i); err != nil {
			return nil, err
		}
		s, ok := r.Metrics[metric]
		if !ok {
			return nil, fmt.Errorf("%w (report %q)", notFound("metric", metric, r.Metrics), labels[i])
		}
		sr, err := newSeries(metric, s, r.Trials == 0)
		if err != nil {
			return nil, fmt.Errorf("%w (report %q)", err, labels[i])
		}
		ss = append(ss, sr)
	}
	return ss, nil
}

// comparison is what a [Comparison] draws: a line with points of each
// series over the span, in its own style.
type comparison struct {
	t      theme
	ss     []*series
	sp     span
	m      Measure
	lines  []draw.LineStyle
	glyphs []draw.GlyphStyle
	xLabel string
}

// key sets each series' style and returns the key: each series' style and
// label with its mean, and what the span leaves off.
func (c *comparison) key(labels []string) []keyItem {
	var key []keyItem
	c.lines = make([]draw.LineStyle, len(c.ss))
	c.glyphs = make([]draw.GlyphStyle, len(c.ss))
	for i, s := range c.ss {
		c.lines[i], c.glyphs[i] = c.t.series(i)
		note := "mean " + number(s.mean, meanPlaces((s.ci[1]-s.ci[0])/2))
		if s.exact {
			note = "exact mean " + exactNumber(s.mean)
		}
		key = append(key, keyItem{lineSwatch(c.lines[i], c.glyphs[i]), labels[i] + " (" + note + ")"})
	}
	if note := c.sp.cutNote(); note != "" {
		key = append(key, keyItem{label: note})
	}
	return key
}

// paint draws the comparison's plot on body: P(X ≥ k) from 0 to 100%, or
// P(X = k) up to the largest.
func (c *comparison) paint(body draw.Canvas) error {
	t, sp := c.t, c.sp
	yLabel := "P(at least k)"
	if c.m == Exactly {
		yLabel = "P(exactly k)"
	}
	width := float64((body.Max.X - body.Min.X) / pixel)
	height := float64((body.Max.Y - body.Min.Y) / pixel)
	p := t.newPlot(c.xLabel, yLabel)
	p.X.Min, p.X.Max = float64(sp.lo)-0.4, float64(max(sp.hi, sp.lo+2))+0.4
	p.X.Tick.Marker = integerTicks{xTickCount(t, width-130, sp)}
	n := yTickCount(t, height-60)
	p.Y.Min, p.Y.Max = 0, 1
	if c.m == Exactly {
		var largest float64
		for _, s := range c.ss {
			largest = max(largest, s.largestP)
		}
		p.Y.Max = probabilityTop(largest, n)
	}
	p.Y.Tick.Marker = percentTicks{n}
	p.Add(horizontalGrid(t))
	for i := range c.ss {
		p.Add(c.line(i))
	}
	if err := checkRoom(t, p, body); err != nil {
		return err
	}
	p.Draw(body)
	return nil
}

// line is series i's line with points over the span.
func (c *comparison) line(i int) (*plotter.Line, *plotter.Scatter) {
	s := c.ss[i]
	var xys plotter.XYs
	for k := c.sp.lo; k <= c.sp.hi; k++ {
		y := s.pAtLeast(k)
		if c.m == Exactly {
			y = s.p(k)
		}
		xys = append(xys, plotter.XY{X: float64(k), Y: y})
	}
	line, points, err := plotter.NewLinePoints(xys)
	if err != nil {
		panic("plots: comparison line: " + err.Error()) // checked by newSeries
	}
	line.LineStyle, points.GlyphStyle = c.lines[i], c.glyphs[i]
	if len(xys) > manyValues {
		points.GlyphStyle.Radius = 0
	}
	return line, points
}

// defaultLabels labels reports by the first of scenario, ruleset and seed
// that tells them apart, or else by number: "report 1", "report 2".
func defaultLabels(rs []*report.Report) []string {
	fields := []func(*report.Report) string{
		func(r *report.Report) string { return r.Scenario },
		ruleset,
		func(r *report.Report) string {
			if r.Trials == 0 {
				return "exact solution"
			}
			return "seed " + fmt.Sprint(r.Seed)
		},
	}
	for _, f := range fields {
		var labels []string
		for _, r := range rs {
			if l := f(r); l != "" && !slices.Contains(labels, l) {
				labels = append(labels, l)
			}
		}
		if len(labels) == len(rs) {
			return labels
		}
	}
	labels := make([]string, len(rs))
	for i := range rs {
		labels[i] = fmt.Sprintf("report %d", i+1)
	}
	return labels
}

// commonTitle is the title of a comparison: the reports' title when they
// share one, or else what is compared.
func commonTitle(rs []*report.Report, metric string) string {
	if title, shared := sharedTitle(rs); shared {
		return title
	}
	return "Comparison of " + report.MetricLabel(metric, namesOf(rs))
}

// sharedTitle returns the first report's title, and whether every report
// has it.
func sharedTitle(rs []*report.Report) (string, bool) {
	title := titleOf(rs[0], Options{})
	for _, r := range rs[1:] {
		if titleOf(r, Options{}) != title {
			return title, false
		}
	}
	return title, true
}
