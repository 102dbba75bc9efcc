package plots

import (
	"errors"
	"fmt"
	"slices"

	"github.com/wargamesim/sim/report"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ComparedOutcomes draws events of several reports (the columns of sim
// compare) side by side: one group of horizontal bars per event, top to
// bottom in the order given, and in each group one bar per report, in the
// order of the reports and in the colours of [Comparison]'s lines, on a
// fixed 0–100% scale, each with its 95% Wilson interval as a whisker and
// its value written beside it, as [Outcomes] draws one report's. The key
// names each report by its label; events are labelled in words, with the
// units' names ([report.EventLabel]). The title is the reports' shared
// title, or else "Outcomes compared"; the subtitle says where the numbers
// came from, as [Comparison]'s does.
//
// events lists the events to draw; nil or empty means those every report
// has, sorted by name. It returns an error if rs is empty, has more than
// [MaxCompared] reports or a nil one, if labels are not one per report
// (nil labels them as [Comparison] does), empty or repeated, if a report
// lacks an event (naming the report and listing the events it has) or an
// event is listed twice, if a probability is outside 0..1, if the bars do
// not fit the chart's height, or if o is out of range.
func ComparedOutcomes(rs []*report.Report, labels []string, events []string, o Options) (*Chart, error) {
	if err := checkCompared(rs, labels); err != nil {
		return nil, err
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
	for i := range labels {
		if err := checkLabel(labels, i); err != nil {
			return nil, err
		}
	}
	if len(events) == 0 {
		events = sharedEvents(rs)
		if len(events) == 0 {
			return nil, errors.New("plots: the reports share no event to draw")
		}
	}
	bars, err := comparedBars(rs, labels, events)
	if err != nil {
		return nil, err
	}

	t := newTheme(o.Width, o.Height)
	title := o.Title
	if title == "" {
		var shared bool
		if title, shared = sharedTitle(rs); !shared {
			title = "Outcomes compared"
		}
	}
	f := frame{title: title, subtitle: segments(o.Subtitle)}
	if o.Subtitle == "" {
		f.subtitle = provenanceOf(rs, labels)
	}
	c := &comparedRows{t: t, bars: bars, whisker: t.line(2, textColor)}
	for j, l := range labels {
		f.key = append(f.key, keyItem{barSwatch(seriesColors[j]), l})
	}
	f.key = append(f.key, keyItem{whiskerSwatch(c.whisker), "95% interval (Wilson)"})
	names := namesOf(rs)
	n := len(events)
	c.ticks = make(categoryTicks, n)
	for i, name := range events {
		c.ticks[n-1-i] = report.EventLabel(name, names)
	}
	return newChart(o, t, f, c.paint)
}

// comparedBars returns each report's bars of events, in order; it returns
// an error, naming the report by its label, if an event is listed twice,
// if a report lacks one, or if a probability is outside 0..1.
func comparedBars(rs []*report.Report, labels, events []string) ([]eventBars, error) {
	bars := make([]eventBars, len(rs))
	for i, name := range events {
		if slices.Contains(events[:i], name) {
			return nil, fmt.Errorf("plots: event %q is listed twice", name)
		}
		for j, r := range rs {
			p, ok := r.Events[name]
			if !ok {
				return nil, fmt.Errorf("%w (report %q)", notFound("event", name, r.Events), labels[j])
			}
			if err := checkProportion(name, p); err != nil {
				return nil, fmt.Errorf("%w (report %q)", err, labels[j])
			}
			bars[j].add(p)
		}
	}
	return bars, nil
}

// comparedRows is what [ComparedOutcomes] draws: one row per event,
// labelled by ticks (bottom up), holding a group of bars, one per report.
type comparedRows struct {
	t       theme
	ticks   categoryTicks
	bars    []eventBars // each report's
	whisker draw.LineStyle
}

// paint draws the rows on body, or returns an error if a bar cannot hold
// a line of its value.
func (c *comparedRows) paint(body draw.Canvas) error {
	t := c.t
	n, m := len(c.ticks), len(c.bars)
	p, _ := t.probabilityRows(body, c.ticks)
	value := t.text(valueSize, true, textColor)
	// A group takes at most 80% of its row, and a bar no more than
	// 36 px: every bar must hold a line of its value.
	dc := p.DataCanvas(body)
	row := (dc.Max.Y - dc.Min.Y) / vg.Length(n)
	group := min(0.8, float64(t.px(36)*vg.Length(m)/row))
	bar := group / float64(m)
	if row*vg.Length(bar) < value.FontExtents().Height {
		return fmt.Errorf("%d events of %d reports leave each bar %.0f px, less than a line of text", n, m, float64(row*vg.Length(bar)/pixel))
	}
	p.Add(verticalGrid(t))
	for j, b := range c.bars {
		// The first event's group on top, and in each group the first
		// report's bar on top.
		pos := make([]float64, n)
		for i := range pos {
			pos[i] = float64(n-1-i) + group/2 - bar*(float64(j)+0.5)
		}
		p.Add(&bars{pos: pos, val: b.val, width: bar * 0.9, color: seriesColors[j], horizontal: true})
		p.Add(&intervals{pos: pos, lo: b.lo, hi: b.hi, cap: bar / 4, style: c.whisker})
		p.Add(&barLabels{pos: pos, reach: b.reach, inside: b.inside, labels: b.values, short: b.short,
			style: value, gap: t.px(8)})
	}
	p.Draw(body)
	return nil
}

// sharedEvents lists, sorted, the events that every report has.
func sharedEvents(rs []*report.Report) []string {
	var out []string
	for name := range rs[0].Events {
		shared := true
		for _, r := range rs[1:] {
			_, ok := r.Events[name]
			shared = shared && ok
		}
		if shared {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}
