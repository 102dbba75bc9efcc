package plots

import (
	"errors"

	"github.com/wargamesim/sim/report"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
)

// Distribution draws the distribution of one metric of a report in two
// panels that share the x axis, the metric's values k: above, bars of
// P(X = k); below, a line with points of P(X ≥ k), on a fixed 0–100%
// scale. A dashed line marks the mean on both, and the key gives the mean
// with its 95% interval. When the report also holds exact results for the
// metric (sim run --exact), diamonds mark the exact P(X = k) and P(X ≥ k)
// over the simulated ones, and the key adds the exact mean. A report of
// exact results alone (sim exact, Trials = 0) is drawn as exact.
//
// When the values span more than 16 whole numbers, tails holding less than
// 0.1% are left off and the key says how much was left off. A metric with
// a single value (every trial 0, say) gives one bar at 100%.
//
// It returns an error if r is nil, if the report has no metric of that
// name (the error lists those it has), if the metric's probabilities are
// not a distribution (empty, outside 0..1, not summing to 1), or if o is
// out of range.
func Distribution(r *report.Report, metric string, o Options) (*Chart, error) {
	if r == nil {
		return nil, errors.New("plots: no report")
	}
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	s, ok := r.Metrics[metric]
	if !ok {
		return nil, notFound("metric", metric, r.Metrics)
	}
	exactOnly := r.Trials == 0
	main, err := newSeries(metric, s, exactOnly)
	if err != nil {
		return nil, err
	}
	all := []*series{main}
	var exact *series
	if r.Exact != nil && !exactOnly {
		if es, ok := r.Exact.Metrics[metric]; ok {
			if exact, err = newSeries(metric, es, true); err != nil {
				return nil, err
			}
			all = append(all, exact)
		}
	}
	t := newTheme(o.Width, o.Height)
	d := &distribution{t: t, main: main, exact: exact, sp: shown(all...), meanLine: t.dashed(2.5, 9, 6, textColor),
		xLabel: report.MetricLabel(metric, r.Names)}

	f := frame{title: titleOf(r, o), subtitle: subtitleOf(r, o)}
	if exactOnly {
		f.key = append(f.key, keyItem{barSwatch(simulatedColor), "exact probability"})
	} else {
		f.key = append(f.key, keyItem{barSwatch(simulatedColor), "simulated"})
	}
	if exact != nil {
		f.key = append(f.key, keyItem{lineSwatch(draw.LineStyle{}, exactGlyph(t)), "exact"})
	}
	f.key = append(f.key, keyItem{ruleSwatch(d.meanLine), meanNote(main, exact)})
	if note := d.sp.cutNote(); note != "" {
		f.key = append(f.key, keyItem{label: note})
	}
	return newChart(o, t, f, d.paint)
}

// distribution is what a [Distribution] draws: the main series over the
// span, its mean as a rule, and the exact series' points when there is
// one.
type distribution struct {
	t           theme
	main, exact *series // exact is nil without exact results beside simulated ones
	sp          span
	meanLine    draw.LineStyle
	xLabel      string
}

// paint draws the two panels on body, above P(X = k), below P(X ≥ k),
// sharing the x axis; both get their long y titles or both the short
// ones.
func (d *distribution) paint(body draw.Canvas) error {
	xmin, xmax := float64(d.sp.lo)-0.6, float64(max(d.sp.hi, d.sp.lo+2))+0.6
	width := float64((body.Max.X - body.Min.X) / pixel)
	height := float64((body.Max.Y - body.Min.Y) / pixel)
	top := d.top(xmin, xmax, height)
	bottom := d.bottom(xmin, xmax, width, height)
	cv := stack(body, d.t.px(14), []*plot.Plot{top, bottom}, []float64{0.58, 0.42})
	// Both panels get the long titles or both the short ones.
	if !fitYLabel(top, cv[0], "P(exactly k)") || !fitYLabel(bottom, cv[1], "P(at least k)") {
		fitYLabel(top, cv[0], "P(= k)")
		fitYLabel(bottom, cv[1], "P(≥ k)")
	}
	for i, p := range []*plot.Plot{top, bottom} {
		if err := checkRoom(d.t, p, cv[i]); err != nil {
			return err
		}
	}
	top.Draw(cv[0])
	bottom.Draw(cv[1])
	return nil
}

// top is the upper panel, from xmin to xmax on a body height px high:
// bars of P(X = k) up to the largest, simulated or exact.
func (d *distribution) top(xmin, xmax, height float64) *plot.Plot {
	t, main, exact, sp := d.t, d.main, d.exact, d.sp
	top := t.newPlot("", "P(exactly k)")
	top.X.Min, top.X.Max = xmin, xmax
	top.X.Tick.Marker = plot.ConstantTicks(nil)
	top.Y.Min = 0
	largest := main.largestP
	if exact != nil {
		largest = max(largest, exact.largestP)
	}
	nTop := yTickCount(t, height*0.58)
	top.Y.Max = probabilityTop(largest, nTop)
	top.Y.Tick.Marker = percentTicks{nTop}
	top.Add(horizontalGrid(t))
	var ks, ps []float64
	for k := sp.lo; k <= sp.hi; k++ {
		ks = append(ks, float64(k))
		ps = append(ps, main.p(k))
	}
	top.Add(&bars{pos: ks, val: ps, width: barWidth(len(ks)), color: simulatedColor})
	top.Add(rule{x: main.mean, style: d.meanLine})
	if exact != nil {
		top.Add(exactPoints(t, exact, sp, exact.p))
	}
	return top
}

// bottom is the lower panel, from xmin to xmax on a body width by height
// px: a line with points of P(X ≥ k) from 0 to 100%.
func (d *distribution) bottom(xmin, xmax, width, height float64) *plot.Plot {
	t, main, exact, sp := d.t, d.main, d.exact, d.sp
	bottom := t.newPlot(d.xLabel, "P(at least k)")
	bottom.X.Min, bottom.X.Max = xmin, xmax
	bottom.X.Tick.Marker = integerTicks{xTickCount(t, width-130, sp)}
	bottom.Y.Min, bottom.Y.Max = 0, 1
	bottom.Y.Tick.Marker = percentTicks{yTickCount(t, height*0.42-60)}
	bottom.Add(horizontalGrid(t))
	bottom.Add(rule{x: main.mean, style: d.meanLine})
	line, points := atLeastLine(t, main, sp)
	bottom.Add(line, points)
	if exact != nil {
		bottom.Add(exactPoints(t, exact, sp, exact.pAtLeast))
	}
	return bottom
}

// exactGlyph is the mark of an exact value: a vermillion diamond.
func exactGlyph(t theme) draw.GlyphStyle {
	return draw.GlyphStyle{Color: exactColor, Radius: t.px(6), Shape: diamond}
}

// exactPoints marks the exact value of p(k) at each k of the span within
// the exact distribution's support.
func exactPoints(t theme, s *series, sp span, p func(int) float64) *plotter.Scatter {
	var xys plotter.XYs
	for k := max(sp.lo, s.offset); k <= min(sp.hi, s.offset+len(s.pmf)-1); k++ {
		xys = append(xys, plotter.XY{X: float64(k), Y: p(k)})
	}
	sc, err := plotter.NewScatter(xys)
	if err != nil {
		panic("plots: exact points: " + err.Error()) // values were checked by newSeries
	}
	sc.GlyphStyle = exactGlyph(t)
	return sc
}

// atLeastLine is the line with points of P(X ≥ k) over the span.
func atLeastLine(t theme, s *series, sp span) (*plotter.Line, *plotter.Scatter) {
	var xys plotter.XYs
	for k := sp.lo; k <= sp.hi; k++ {
		xys = append(xys, plotter.XY{X: float64(k), Y: s.pAtLeast(k)})
	}
	line, points, err := plotter.NewLinePoints(xys)
	if err != nil {
		panic("plots: at-least line: " + err.Error()) // values were checked by newSeries
	}
	line.LineStyle = t.line(3, simulatedColor)
	points.GlyphStyle = draw.GlyphStyle{Color: simulatedColor, Radius: t.px(5), Shape: circle}
	if len(xys) > manyValues {
		points.GlyphStyle.Radius = 0 // points that would merge into a thick line
	}
	return line, points
}

// manyValues is the most values drawn as separate bars and points; more
// are drawn as touching bars and a bare line.
const manyValues = 40

// barWidth is the width of n bars in units of k: gaps between them up to
// manyValues, touching beyond.
func barWidth(n int) float64 {
	if n > manyValues {
		return 1
	}
	return 0.72
}

// meanNote is the key's entry for the mean: "mean 0.91 (95% interval 0.89
// to 0.93)", with "exact 0.926" after it when there is an exact mean; for
// an exact distribution, "mean 0.0581 (exact)"; for a single value, "every
// trial gave 0".
func meanNote(s, exact *series) string {
	if s.first == s.last && exact == nil {
		if s.exact {
			return "always " + integer(s.first) + " (exact)"
		}
		return "every trial gave " + integer(s.first)
	}
	if s.exact {
		return "mean " + exactNumber(s.mean) + " (exact)"
	}
	places := meanPlaces((s.ci[1] - s.ci[0]) / 2)
	note := "mean " + number(s.mean, places) + " (95% interval " + number(s.ci[0], places) + " to " + number(s.ci[1], places) + ")"
	if exact != nil {
		note += ", exact " + exactNumber(exact.mean)
	}
	return note
}
