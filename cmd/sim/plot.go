package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/internal/atomicfile"
	"github.com/wargamesim/sim/internal/failure"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/scenarios"
)

// plotFlags are the chart flags shared by the commands that draw.
type plotFlags struct {
	plots multiFlag // [WHAT=]FILE
	size  *string
	embed *bool
}

func addPlotFlags(fs *flagSet, what string) *plotFlags {
	p := addChartFlags(fs)
	fs.Var(&p.plots, "plot", "draw a chart to FILE (.svg or .png); "+what+"; may be given more than once")
	return p
}

// addChartFlags adds the flags of how a chart is drawn, --size and
// --embed-fonts, without --plot (sim plot names its one chart with -o).
func addChartFlags(fs *flagSet) *plotFlags {
	p := &plotFlags{}
	p.size = fs.String("size", "1200x675", "chart size in pixels, WIDTHxHEIGHT, or WIDTH for 16:9")
	p.embed = fs.Bool("embed-fonts", false, "embed the fonts in SVG charts (larger files that render the same everywhere)")
	return p
}

// chartJob is one chart to draw: what (a metric, "outcomes", or "" for
// the default) into file.
type chartJob struct{ what, file string }

// check reads the chart flags before any trial runs, so that a bad file
// extension or size fails at once.
func (p *plotFlags) check(cmd string) ([]chartJob, plots.Options, error) {
	var o plots.Options
	w, h, both := strings.Cut(*p.size, "x")
	wf, err1 := strconv.ParseFloat(w, 64)
	hf, err2 := 0.0, error(nil)
	if both {
		hf, err2 = strconv.ParseFloat(h, 64)
	}
	if err1 != nil || err2 != nil {
		return nil, o, failure.Usagef("%s: --size must be WIDTHxHEIGHT (or WIDTH, 16:9) in pixels, e.g. 1200x675, got %q", cmd, *p.size)
	}
	if !(wf >= plots.MinWidth && wf <= plots.MaxSide) || both && !(hf >= plots.MinHeight && hf <= plots.MaxSide) {
		return nil, o, failure.Usagef("%s: --size %s: give the size in pixels from %dx%d to %dx%d, e.g. 1200x675", cmd, *p.size,
			plots.MinWidth, plots.MinHeight, plots.MaxSide, plots.MaxSide)
	}
	o.Width, o.Height, o.EmbedFonts = plots.Pixels(wf), plots.Pixels(hf), *p.embed
	if err := o.Check(); err != nil {
		return nil, o, failure.Usagef("%s: --size %s: %v", cmd, *p.size, strings.TrimPrefix(err.Error(), "plots: "))
	}
	var jobs []chartJob
	for _, spec := range p.plots {
		what, file, ok := strings.Cut(spec, "=")
		if !ok {
			what, file = "", spec
		}
		if ok && (what == "" || file == "") {
			return nil, o, failure.Usagef("%s: --plot %q: give FILE, or WHAT=FILE with both sides, as in outcomes=chart.png", cmd, spec)
		}
		if _, err := plots.FormatOf(file); err != nil {
			return nil, o, failure.Usagef("%s: --plot %s: %v", cmd, spec, strings.TrimPrefix(err.Error(), "plots: "))
		}
		jobs = append(jobs, chartJob{what, file})
	}
	return jobs, o, nil
}

// runChart draws a run's (or exact solution's) chart: outcomes, or one
// metric's distribution; by default who wins a fight (whoWins), or the
// casualties of a volley.
func runChart(r *report.Report, what string, o plots.Options) (*plots.Chart, error) {
	if what == "" && hasSuffix(r.EventNames(), ".wins") {
		return plots.Outcomes(r, whoWins(happened(r)), o)
	}
	if what == "" {
		what = "outcomes"
		for _, m := range r.MetricNames() {
			if strings.HasSuffix(m, ".casualties") {
				what = m
				break
			}
		}
	}
	if what == "outcomes" {
		return plots.Outcomes(r, happened(r), o)
	}
	if c, ok := scenarios.Chart(what); ok {
		return trendChart(r, c, o)
	}
	return plots.Distribution(r, what, o)
}

// trendChart is a game's chart of a quantity step by step (tc): each
// unit's mean of its metrics UNIT+tc.Infix+K after each step K, with their
// intervals.
func trendChart(r *report.Report, tc scenarios.TrendChart, o plots.Options) (*plots.Chart, error) {
	byUnit := map[string]map[int]string{}
	var units []string
	steps := 0
	for _, m := range r.MetricNames() {
		unit, rest, ok := strings.Cut(m, tc.Infix)
		k, err := strconv.Atoi(rest)
		if !ok || err != nil {
			continue
		}
		if byUnit[unit] == nil {
			byUnit[unit] = map[int]string{}
			units = append(units, unit)
		}
		byUnit[unit][k] = m
		steps = max(steps, k)
	}
	if steps == 0 {
		return nil, fmt.Errorf("--plot %s: %s reports no %s (%s)", tc.Name, r.Scenario, tc.Name, tc.Missing)
	}
	var values []string
	for k := 1; k <= steps; k++ {
		values = append(values, fmt.Sprintf(tc.Step, k))
	}
	var lines []plots.Line
	for _, u := range units {
		l := plots.Line{Name: report.UnitName(u, r.Names) + tc.Series}
		for k := 1; k <= steps; k++ {
			s := r.Metrics[byUnit[u][k]]
			l.P = append(l.P, s.Mean)
			l.CI95 = append(l.CI95, s.CI95)
		}
		lines = append(lines, l)
	}
	if o.Title == "" {
		o.Title = tc.Title
	}
	if o.Subtitle == "" {
		o.Subtitle = fmt.Sprintf("%s · ruleset %s · %s trials · seed %d", r.Scenario, r.Ruleset, comma(r.Trials), r.Seed)
	}
	return plots.TrendMeans(tc.XLabel, tc.YLabel, values, lines, o)
}

// happened is the report's events that came about at least once (or, for
// an exact report, have a chance above none): an outcomes chart shows
// those, so that outcomes that never happen take no row.
func happened(r *report.Report) []string {
	var names []string
	for _, e := range r.EventNames() {
		if r.Events[e].P > 0 {
			names = append(names, e)
		}
	}
	if len(names) == 0 {
		return r.EventNames() // nothing happened: show that, rather than no chart
	}
	return names
}

// whoWins is the outcomes of a fight's default chart, in their order: who
// wins, the draw, who is ahead when it ends undecided, who is destroyed.
func whoWins(events []string) []string {
	var out []string
	for _, e := range events {
		if e == "draw" || strings.HasSuffix(e, ".wins") || strings.HasSuffix(e, ".wins_on_result") || strings.HasSuffix(e, ".destroyed") {
			out = append(out, e)
		}
	}
	return out
}

func hasSuffix(names []string, suffix string) bool {
	for _, n := range names {
		if strings.HasSuffix(n, suffix) {
			return true
		}
	}
	return false
}

// comparisonChart overlays one metric of every column: by default the
// first casualties the columns share.
func comparisonChart(c *report.Comparison, what string, o plots.Options) (*plots.Chart, error) {
	var rs []*report.Report
	var labels []string
	for _, col := range c.Columns {
		sec := c.Results[col.Label]
		rs = append(rs, &report.Report{Scenario: col.Scenario, Title: col.Title, Ruleset: col.Ruleset, Rules: col.Rules,
			Seed: c.Seed, SeedSource: c.SeedSource, Trials: c.Trials, Requested: c.Requested, Complete: c.Complete,
			Metrics: sec.Metrics, Events: sec.Events, Names: c.Names})
		labels = append(labels, col.Label)
	}
	if what == "outcomes" {
		return plots.ComparedOutcomes(rs, labels, comparedOutcomes(c), o)
	}
	if what == "" {
		for name := range c.Differences {
			for m := range c.Differences[name].Metrics {
				if strings.HasSuffix(m, ".casualties") && (what == "" || m < what) {
					what = m
				}
			}
		}
	}
	return plots.Comparison(rs, labels, what, plots.AtLeast, o)
}

// sweepChart draws a sweep: the chance of each headline event along one
// parameter, or a heatmap of the first one over two.
func sweepChart(s *report.Sweep, what string, o plots.Options) (*plots.Chart, error) {
	if len(s.Points) == 0 {
		return nil, errors.New("the sweep has no points to draw")
	}
	events := s.EventOrder
	if len(events) == 0 { // JSON from before event_order existed
		for e := range s.Points[0].Events {
			events = append(events, e)
		}
		slices.Sort(events)
	}
	_, head := report.Headline(nil, events)
	if what != "" {
		head = []string{what}
	}
	if len(head) == 0 {
		return nil, fmt.Errorf("the sweep has no event to draw; give one with --metric (%s)", strings.Join(events, ", "))
	}
	if _, ok := s.Points[0].Events[head[0]]; !ok {
		return nil, fmt.Errorf("the sweep has no event %q; it has %s", head[0], strings.Join(events, ", "))
	}
	o.Subtitle = fmt.Sprintf("%s · ruleset %s · %s trials a point · seed %d", s.Scenario, s.Ruleset, comma(s.Trials), s.Seed)
	o.Partial = sweepPartial(s)
	if len(s.Parameters) == 1 {
		if o.Title == "" {
			o.Title = sweepTitle(s, head[0])
		}
		var lines []plots.Line
		for _, e := range head {
			l := plots.Line{Name: "P(" + report.EventLabel(e, s.Names) + ")"}
			seen := false
			for _, p := range s.Points {
				l.P = append(l.P, p.Events[e].P)
				l.CI95 = append(l.CI95, p.Events[e].CI95)
				seen = seen || p.Events[e].P > 0
			}
			if seen || what != "" {
				lines = append(lines, l) // an outcome that never happens would only clutter the chart
			}
		}
		if len(lines) == 0 {
			return nil, fmt.Errorf("%s never happens at any value: nothing to draw", strings.Join(head, ", "))
		}
		// An interrupted sweep has points for its first values only.
		return plots.Trend(s.Parameters[0].Label(s.Names), s.Parameters[0].Values[:len(s.Points)], lines, o)
	}
	rows, cols := s.Parameters[0], s.Parameters[1]
	g := plots.Grid{Rows: rows.Values, Cols: cols.Values, RowTitle: rows.Label(s.Names), ColTitle: cols.Label(s.Names)}
	for range rows.Values {
		g.Values = append(g.Values, nanRow(len(cols.Values)))
	}
	for i, p := range s.Points {
		g.Values[i/len(cols.Values)][i%len(cols.Values)] = p.Events[head[0]].P
	}
	if o.Title == "" {
		o.Title = sweepTitle(s, head[0])
	}
	return plots.Heatmap(g, o)
}

// matrixChart draws a matrix's P(win) as a heatmap.
func matrixChart(m *report.Matrix, o plots.Options) (*plots.Chart, error) {
	g := plots.Grid{Rows: m.Rows, Cols: m.Cols, RowTitle: "charging unit", ColTitle: "charged unit"}
	title := "P(the charging unit wins)"
	if m.With != "" {
		title = "P(the charging unit wins, " + m.With + ")"
	}
	if !m.IsRowWins() {
		g.RowTitle, g.ColTitle, title = "striking unit", "target", "P(the target is destroyed by one round of blows)"
	}
	for i := range m.Rows {
		row := nanRow(len(m.Cols))
		if i < len(m.Cells) {
			for j, c := range m.Cells[i] {
				row[j] = c.Win.P
			}
		}
		g.Values = append(g.Values, row)
	}
	if o.Title == "" {
		o.Title = title
	}
	o.Subtitle = fmt.Sprintf("ruleset %s · %s trials a cell · seed %d", m.Ruleset, comma(m.Trials), m.Seed)
	if m.Sizes != "" {
		o.Subtitle += " · " + m.Sizes
	}
	o.Partial = matrixPartial(m)
	return plots.Heatmap(g, o)
}

// balanceChart draws the values tried, the target and the crossing.
func balanceChart(b *report.Balance, o plots.Options) (*plots.Chart, error) {
	last := map[int]report.BalancePoint{}
	for _, p := range b.Tried {
		last[p.Value] = p
	}
	var xs []int
	for v := range last {
		xs = append(xs, v)
	}
	slices.Sort(xs)
	c := plots.Curve{XLabel: b.Field, Target: b.Target.Value, Probability: b.Target.Kind == "event"}
	c.Name = "P(" + report.EventLabel(b.Target.Name, b.Names) + ")"
	if b.Target.Kind == "mean" {
		c.Name = "mean " + report.MetricLabel(b.Target.Name, b.Names)
	}
	for _, v := range xs {
		p := last[v]
		c.Values = append(c.Values, v)
		c.Y = append(c.Y, p.Estimate)
		c.CI95 = append(c.CI95, p.CI95)
		if b.Crossing.Found && (v == b.Crossing.Below.Value || v == b.Crossing.Above.Value) {
			c.Marked = append(c.Marked, len(c.Values)-1)
		}
	}
	if o.Title == "" {
		o.Title = fmt.Sprintf("Where %s crosses %v", c.Name, b.Target.Value)
		if cr := b.Crossing; cr.Found {
			o.Title = fmt.Sprintf("%s crosses %v between %s %d and %d", c.Name, b.Target.Value, b.Field, cr.Below.Value, cr.Above.Value)
		}
	}
	o.Subtitle = fmt.Sprintf("%s · ruleset %s · %s · seed %d", b.Scenario, b.Ruleset, b.Method, b.Seed)
	return plots.Crossing(c, o)
}

func nanRow(n int) []float64 {
	row := make([]float64, n)
	for i := range row {
		row[i] = math.NaN()
	}
	return row
}

// drawCharts draws each job with chart and saves it, warning once a file
// of the characters its font cannot draw.
func drawCharts(jobs []chartJob, o plots.Options, chart func(what string, o plots.Options) (*plots.Chart, error), stderr io.Writer) error {
	for _, j := range jobs {
		c, err := chart(j.what, o)
		if err != nil {
			return &failure.Input{Msg: fmt.Sprintf("chart %s: %v", j.file, strings.TrimPrefix(err.Error(), "plots: "))}
		}
		format, err := plots.FormatOf(j.file)
		if err != nil {
			return err
		}
		// Through atomicfile.Write, so that a second Ctrl-C removes a
		// chart half-written, as it does other outputs.
		if err := atomicfile.Write(j.file, func(w io.Writer) error {
			_, err := c.Render(w, format)
			return err
		}); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "sim: drew %s\n", j.file)
		if m := c.MissingGlyphs(); m != nil {
			q := make([]string, len(m))
			for i, r := range m {
				q[i] = strconv.Quote(string(r))
			}
			left := "they are left out"
			if f, _ := plots.FormatOf(j.file); f == "svg" {
				left = "only a viewer with a font for them shows them"
			}
			fmt.Fprintf(stderr, "sim: warning: %s: the chart's font cannot draw %s; %s\n", j.file, strings.Join(q, ", "), left)
		}
	}
	return nil
}

const plotUsage = `Usage: sim plot RESULT.json [--metric NAME | --outcomes] -o FILE [flags]

Draws a chart from the JSON that sim run, exact, compare, sweep or matrix
wrote (--format json), without running anything again: the same chart the
command's --plot would have drawn. For a run, the outcomes of a fight or
one metric's distribution; for a comparison, one metric of every column,
or (--outcomes) who wins in each; for a sweep, the chance of each outcome
along the parameter (a heatmap for two); for a matrix, a heatmap of
P(win). The file's extension (.svg, .png) picks the format.

Flags:
`

func plotCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("plot", plotUsage, stdout)
	metric := fs.String("metric", "", "the metric (a sweep: the event) to draw")
	outcomes := fs.Bool("outcomes", false, "draw the outcomes: a run's events, or who wins in each column of a comparison")
	out := fs.String("o", "", "the chart file, .svg or .png")
	pf := addChartFlags(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return failure.Usagef("plot: give one JSON file written by sim (--format json)")
	}
	if *out == "" {
		return failure.Usagef("plot: give the chart file with -o FILE.svg or -o FILE.png")
	}
	if *outcomes && *metric != "" {
		return failure.Usagef("plot: give --metric or --outcomes, not both")
	}
	what := *metric
	if *outcomes {
		what = "outcomes"
	}
	pf.plots = multiFlag{*out}
	jobs, o, err := pf.check("plot")
	if err != nil {
		return err
	}
	if err := checkDestinations("plot", "", jobs, pos[0]); err != nil {
		return err
	}
	jobs[0].what = what
	chart, err := savedChart(pos[0], what)
	if err != nil {
		return err
	}
	return drawCharts(jobs, o, chart, stderr)
}

// savedChart reads the JSON sim wrote to path (--format json) and returns
// the chart of it that the command's --plot draws; what picks a metric
// or the outcomes, as --plot's WHAT= does.
func savedChart(path, what string) (func(string, plots.Options) (*plots.Chart, error), error) {
	data, err := readResult(path)
	if err != nil {
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: cannot read it: %v", path, errors.Unwrap(err))}
	}
	var kind struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(data, &kind); err != nil {
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: not the JSON sim writes: %v", path, err)}
	}
	var chart func(string, plots.Options) (*plots.Chart, error)
	switch kind.Kind {
	case "":
		var r report.Report
		err = json.Unmarshal(data, &r)
		chart = func(w string, o plots.Options) (*plots.Chart, error) { return runChart(&r, w, o) }
	case "comparison":
		var c report.Comparison
		err = json.Unmarshal(data, &c)
		chart = func(w string, o plots.Options) (*plots.Chart, error) { return comparisonChart(&c, w, o) }
	case "sweep":
		var s report.Sweep
		err = json.Unmarshal(data, &s)
		chart = func(w string, o plots.Options) (*plots.Chart, error) { return sweepChart(&s, w, o) }
	case "matrix":
		if what != "" {
			return nil, failure.Usagef("plot: a matrix has one chart, its P(win) heatmap; leave out --metric and --outcomes")
		}
		var m report.Matrix
		err = json.Unmarshal(data, &m)
		chart = func(_ string, o plots.Options) (*plots.Chart, error) { return matrixChart(&m, o) }
	case "balance":
		var b report.Balance
		err = json.Unmarshal(data, &b)
		chart = func(_ string, o plots.Options) (*plots.Chart, error) { return balanceChart(&b, o) }
	default:
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: unknown kind %q of sim output", path, kind.Kind)}
	}
	if err != nil {
		return nil, &failure.Input{Msg: fmt.Sprintf("%s: not the JSON sim writes: %v", path, err)}
	}
	return chart, nil
}

// comma writes n with thousands separators.
func comma(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// checkCharts reports, before any trial, a chart that names a metric or
// event the model does not have. A comparison's or sweep's names are the
// model's own.
func checkCharts(jobs []chartJob, metrics []string, events []string, allowOutcomes bool) error {
	for _, j := range jobs {
		switch {
		case j.what == "":
		case j.what == "outcomes" && allowOutcomes:
		case allowOutcomes && slices.Contains(trendCharts(metrics), j.what):
		case slices.Contains(metrics, j.what), slices.Contains(events, j.what):
		default:
			names := append(append([]string(nil), metrics...), events...)
			if allowOutcomes {
				names = append([]string{"outcomes"}, names...)
				names = append(trendCharts(metrics), names...)
			}
			return failure.Usagef("--plot %s=%s: no such result; the charts are %s", j.what, j.file, strings.Join(names, ", "))
		}
	}
	return nil
}

// trendCharts are the games' charts (scenarios.Chart) a model with these
// metrics can draw: those whose metrics it has.
func trendCharts(metrics []string) []string {
	var out []string
	for _, g := range scenarios.Games() {
		if c, ok := g.(scenarios.Charter); ok {
			for _, t := range c.Charts() {
				if slices.ContainsFunc(metrics, func(m string) bool { return strings.Contains(m, t.Infix) }) {
					out = append(out, t.Name)
				}
			}
		}
	}
	return out
}

// names lists a model's metric and event names.
func names(m engine.Model) (metrics, events []string) {
	for _, mt := range m.Metrics() {
		metrics = append(metrics, mt.Name)
	}
	return metrics, m.Events()
}
