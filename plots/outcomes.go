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
	var (
		ps, exact []stats.Proportion
		anyExact  bool
	)
	for i, name := range events {
		if slices.Contains(events[:i], name) {
			return nil, fmt.Errorf("plots: event %q is listed twice", name)
		}
		p, ok := r.Events[name]
		if !ok {
			return nil, notFound("event", name, r.Events)
		}
		if err := checkProportion(name, p); err != nil {
			return nil, err
		}
		ps = append(ps, p)
		e := stats.Proportion{P: math.NaN()}
		if r.Exact != nil && !exactOnly {
			if ep, ok := r.Exact.Events[name]; ok {
				if err := checkProportion("exact "+name, ep); err != nil {
					return nil, err
				}
				e, anyExact = ep, true
			}
		}
		exact = append(exact, e)
	}

	t := newTheme(o.Width, o.Height)
	f := frame{title: titleOf(r, o), subtitle: subtitleOf(r, o)}
	whisker := t.line(2, textColor)
	if exactOnly {
		f.key = append(f.key, keyItem{barSwatch(simulatedColor), "exact probability"})
	} else {
		f.key = append(f.key,
			keyItem{barSwatch(simulatedColor), "simulated probability"},
			keyItem{whiskerSwatch(whisker), "95% interval (Wilson)"})
	}
	if anyExact {
		f.key = append(f.key, keyItem{lineSwatch(draw.LineStyle{}, exactGlyph(t)), "exact"})
	}

	n := len(events)
	labels := make(categoryTicks, n)
	pos := make([]float64, n)
	val := make([]float64, n)
	lo, hi := make([]float64, n), make([]float64, n)
	reach, inside := make([]float64, n), make([]float64, n)
	values, short := make([]string, n), make([]string, n)
	var exactXYs plotter.XYs
	for i, name := range events {
		y := float64(n - 1 - i) // the first event on top
		labels[n-1-i] = report.EventLabel(name, r.Names)
		pos[i], val[i] = y, ps[i].P
		lo[i], hi[i] = ps[i].CI95[0], ps[i].CI95[1]
		reach[i], inside[i] = max(val[i], hi[i]), min(val[i], lo[i])
		if e := exact[i].P; !math.IsNaN(e) {
			exactXYs = append(exactXYs, plotter.XY{X: e, Y: y})
			reach[i], inside[i] = max(reach[i], e), min(inside[i], e)
		}
		values[i] = percent(val[i])
		short[i] = values[i]
		if e := exact[i].P; !math.IsNaN(e) && percent(e) != values[i] {
			values[i] += " (exact " + percent(e) + ")"
		}
	}

	paint := func(body draw.Canvas) error {
		p, tick := t.probabilityRows(body, labels)
		// Bars take 62% of a row, but no more than 44 px: a few events
		// should not make slabs.
		dc := p.DataCanvas(body)
		row := (dc.Max.Y - dc.Min.Y) / vg.Length(n)
		if row < tick.FontExtents().Height {
			return fmt.Errorf("%d events leave each row %.0f px, less than a line of text", n, float64(row/pixel))
		}
		thick := min(0.62, float64(t.px(44)/row))
		p.Add(verticalGrid(t))
		p.Add(&bars{pos: pos, val: val, width: thick, color: simulatedColor, horizontal: true})
		p.Add(&intervals{pos: pos, lo: lo, hi: hi, cap: thick / 4, style: whisker})
		if len(exactXYs) > 0 {
			sc, err := plotter.NewScatter(exactXYs)
			if err != nil {
				panic("plots: exact points: " + err.Error()) // checked by checkProportion
			}
			sc.GlyphStyle = exactGlyph(t)
			p.Add(sc)
		}
		p.Add(&barLabels{pos: pos, reach: reach, inside: inside, labels: values, short: short,
			style: t.text(valueSize, true, textColor), gap: t.px(8)})
		p.Draw(body)
		return nil
	}
	return newChart(o, t, f, paint)
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
