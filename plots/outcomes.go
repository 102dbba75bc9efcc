package plots

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/wargamesim/sim/report"
	"github.com/wargamesim/sim/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Outcomes draws events of a report as horizontal bars of their
// probability on a fixed 0–100% scale, one row each, top to bottom in the
// order given, with whiskers for the 95% Wilson interval and the value
// written beside each bar ("61.2%", with "(exact 60.9%)" after it when an
// exact value rounds otherwise; "<0.1%" and ">99.9%" for values that would
// round to 0% or 100% without being impossible or certain). Events are
// labelled in words, with the units' names ([report.EventLabel]: "Empire
// Knights win"). When the report holds exact probabilities (sim
// run --exact) diamonds mark them; for a report of exact results alone
// there are no whiskers.
//
// events lists the events to draw; nil or empty means all of the report's,
// sorted by name. It returns an error if r is nil, if the report has no
// events, if an event is missing (the error lists those there are) or
// listed twice, if a probability is outside 0..1, or if o is out of range.
func Outcomes(r *report.Report, events []string, o Options) (*Chart, error) {
	if r == nil {
		return nil, errors.New("plots: no report")
	}
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	if len(r.Events) == 0 {
		return nil, errors.New("plots: the report has no events to draw")
	}
	if len(events) == 0 {
		events = slices.Sorted(maps.Keys(r.Events))
	}
	exactOnly := r.Trials == 0
	ps, exact, anyExact, err := outcomeProportions(r, events)
	if err != nil {
		return nil, err
	}

	t := newTheme(o.Width, o.Height)
	f := frame{title: titleOf(r, o), subtitle: subtitleOf(r, o)}
	c := &outcomeRows{t: t, whisker: t.line(2, textColor)}
	if exactOnly {
		f.key = append(f.key, keyItem{barSwatch(simulatedColor), "exact probability"})
	} else {
		f.key = append(f.key,
			keyItem{barSwatch(simulatedColor), "simulated probability"},
			keyItem{whiskerSwatch(c.whisker), "95% interval (Wilson)"})
	}
	if anyExact {
		f.key = append(f.key, keyItem{lineSwatch(draw.LineStyle{}, exactGlyph(t)), "exact"})
	}
	c.rows(r, events, ps, exact)
	return newChart(o, t, f, c.paint)
}

// outcomeProportions returns the probability of each of r's events, in
// order, and its exact probability where r holds one beside simulated
// results (else NaN), and whether any does. It returns an error if an
// event is listed twice or missing, or if a probability is outside 0..1.
func outcomeProportions(r *report.Report, events []string) (ps, exact []stats.Proportion, anyExact bool, err error) {
	exactOnly := r.Trials == 0
	for i, name := range events {
		if slices.Contains(events[:i], name) {
			return nil, nil, false, fmt.Errorf("plots: event %q is listed twice", name)
		}
		p, ok := r.Events[name]
		if !ok {
			return nil, nil, false, notFound("event", name, r.Events)
		}
		if err := checkProportion(name, p); err != nil {
			return nil, nil, false, err
		}
		ps = append(ps, p)
		e := stats.Proportion{P: math.NaN()}
		if r.Exact != nil && !exactOnly {
			if ep, ok := r.Exact.Events[name]; ok {
				if err := checkProportion("exact "+name, ep); err != nil {
					return nil, nil, false, err
				}
				e, anyExact = ep, true
			}
		}
		exact = append(exact, e)
	}
	return ps, exact, anyExact, nil
}

// eventBars are the bars of events, one per event in order: the
// probability, its 95% interval, how far the value written beside it must
// clear (the farthest and nearest of the bar, whisker and any exact mark),
// and that value, in full and short.
type eventBars struct {
	val, lo, hi, reach, inside []float64
	values, short              []string
}

// add appends the bar of probability p.
func (b *eventBars) add(p stats.Proportion) {
	b.val = append(b.val, p.P)
	b.lo, b.hi = append(b.lo, p.CI95[0]), append(b.hi, p.CI95[1])
	b.reach, b.inside = append(b.reach, max(p.P, p.CI95[1])), append(b.inside, min(p.P, p.CI95[0]))
	v := percent(p.P)
	b.values, b.short = append(b.values, v), append(b.short, v)
}

// outcomeRows is what [Outcomes] draws: one row per event, labelled by
// labels (bottom up), at pos, with its bar and any exact mark.
type outcomeRows struct {
	t       theme
	labels  categoryTicks
	pos     []float64
	bars    eventBars
	exact   plotter.XYs
	whisker draw.LineStyle
}

// rows sets the rows of r's events: ps their probabilities and exact
// their exact ones (NaN where there is none), the first event on top.
func (c *outcomeRows) rows(r *report.Report, events []string, ps, exact []stats.Proportion) {
	n := len(events)
	c.labels = make(categoryTicks, n)
	c.pos = make([]float64, n)
	for i, name := range events {
		y := float64(n - 1 - i) // the first event on top
		c.labels[n-1-i] = report.EventLabel(name, r.Names)
		c.pos[i] = y
		c.bars.add(ps[i])
		if e := exact[i].P; !math.IsNaN(e) {
			c.exact = append(c.exact, plotter.XY{X: e, Y: y})
			c.bars.reach[i], c.bars.inside[i] = max(c.bars.reach[i], e), min(c.bars.inside[i], e)
			if percent(e) != c.bars.values[i] {
				c.bars.values[i] += " (exact " + percent(e) + ")"
			}
		}
	}
}

// paint draws the rows on body, or returns an error if a row cannot hold
// a line of text.
func (c *outcomeRows) paint(body draw.Canvas) error {
	t, b, n := c.t, &c.bars, len(c.labels)
	p, tick := t.probabilityRows(body, c.labels)
	// Bars take 62% of a row, but no more than 44 px: a few events
	// should not make slabs.
	dc := p.DataCanvas(body)
	row := (dc.Max.Y - dc.Min.Y) / vg.Length(n)
	if row < tick.FontExtents().Height {
		return fmt.Errorf("%d events leave each row %.0f px, less than a line of text", n, float64(row/pixel))
	}
	thick := min(0.62, float64(t.px(44)/row))
	p.Add(verticalGrid(t))
	p.Add(&bars{pos: c.pos, val: b.val, width: thick, color: simulatedColor, horizontal: true})
	p.Add(&intervals{pos: c.pos, lo: b.lo, hi: b.hi, cap: thick / 4, style: c.whisker})
	if len(c.exact) > 0 {
		sc, err := plotter.NewScatter(c.exact)
		if err != nil {
			panic("plots: exact points: " + err.Error()) // checked by checkProportion
		}
		sc.GlyphStyle = exactGlyph(t)
		p.Add(sc)
	}
	p.Add(&barLabels{pos: c.pos, reach: b.reach, inside: b.inside, labels: b.values, short: b.short,
		style: t.text(valueSize, true, textColor), gap: t.px(8)})
	p.Draw(body)
	return nil
}

// checkProportion returns an error if p is not a probability with an
// interval around it.
func checkProportion(name string, p stats.Proportion) error {
	in := func(x float64) bool { return x >= 0 && x <= 1 }
	if !in(p.P) || !in(p.CI95[0]) || !in(p.CI95[1]) || p.CI95[0] > p.CI95[1] {
		return fmt.Errorf("plots: event %s: p = %g with interval [%g, %g], want probabilities in 0..1", name, p.P, p.CI95[0], p.CI95[1])
	}
	return nil
}

// probabilityRows is the plot of a chart of chances, one category a row:
// the x axis 0 to 100%, the rows labelled (bottom up) by labels, each cut
// to 40% of the body's width; it returns the style of the labels too.
func (t theme) probabilityRows(body draw.Canvas, labels categoryTicks) (*plot.Plot, text.Style) {
	width := float64((body.Max.X - body.Min.X) / pixel)
	p := t.newPlot("probability", "")
	tick := t.text(tickSize, false, textColor)
	maxLabel := (body.Max.X - body.Min.X) * 0.4
	shown := make(categoryTicks, len(labels))
	for i, l := range labels {
		shown[i] = truncate(tick, l, maxLabel)
	}
	p.X.Min, p.X.Max = 0, 1
	p.X.Tick.Marker = percentTicks{min(max(int(width/110/t.scale), 2), 10)}
	p.Y.Min, p.Y.Max = -0.5, float64(len(labels))-0.5
	p.Y.Tick.Marker = shown
	p.Y.Tick.Length = 0
	return p, tick
}
