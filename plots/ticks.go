package plots

import (
	"math"

	"gonum.org/v1/plot"
)

// niceStep returns the smallest step of the form 1, 2 or 5 × 10ⁿ (and
// 2.5 × 10ⁿ when quarters is set) that divides span into at most n
// intervals (n ≥ 1).
func niceStep(span float64, n int, quarters bool) float64 {
	raw := span / float64(max(n, 1))
	if !(raw > 0) {
		return 1
	}
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	ms := []float64{1, 2, 5, 10}
	if quarters {
		ms = []float64{1, 2, 2.5, 5, 10}
	}
	for _, m := range ms {
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// percentTicks marks a probability axis at round percentages: at most n
// intervals of 1, 2, 2.5 or 5 × 10ⁿ percent, labelled "0%", "25%", ...
type percentTicks struct{ n int }

// Ticks implements plot.Ticker.
func (t percentTicks) Ticks(lo, hi float64) []plot.Tick {
	step := niceStep(hi-lo, t.n, true)
	var ticks []plot.Tick
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi+step*1e-9; i++ {
		v := i * step
		ticks = append(ticks, plot.Tick{Value: v, Label: percentTick(v, step)})
	}
	return ticks
}

// probabilityTop returns the top of a probability axis whose largest value
// is p: a little above p, rounded up to the next tick of percentTicks{n},
// and at most 100%.
func probabilityTop(p float64, n int) float64 {
	head := p * 1.06
	step := niceStep(head, n, true)
	return min(math.Ceil(head/step-1e-9)*step, 1)
}

// integerTicks marks an axis of whole numbers: labels every step of 1, 2
// or 5 × 10ⁿ, at most n of them, and when the step is 2 or 5 a minor tick
// at every whole number between.
type integerTicks struct{ n int }

// Ticks implements plot.Ticker.
func (t integerTicks) Ticks(lo, hi float64) []plot.Tick {
	first, last := int(math.Ceil(lo)), int(math.Floor(hi))
	if first > last {
		return nil
	}
	step := max(int(niceStep(float64(last-first), max(t.n-1, 1), false)), 1)
	var ticks []plot.Tick
	minor := step <= 5 && last-first <= 100
	for k := first; k <= last; k++ {
		switch {
		case k%step == 0:
			ticks = append(ticks, plot.Tick{Value: float64(k), Label: integer(k)})
		case minor:
			ticks = append(ticks, plot.Tick{Value: float64(k)})
		}
	}
	return ticks
}

// categoryTicks labels whole positions 0, 1, ... with names, without tick
// marks' minor subdivisions.
type categoryTicks []string

// Ticks implements plot.Ticker.
func (c categoryTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for i, name := range c {
		if v := float64(i); v >= lo && v <= hi {
			ticks = append(ticks, plot.Tick{Value: v, Label: name})
		}
	}
	return ticks
}

// yTickCount is how many intervals a probability axis of the given height
// (in pixels) has room for, labels three lines apart: 2 to 10.
func yTickCount(t theme, height float64) int {
	return min(max(int(height/(3*tickSize*t.scale)), 2), 10)
}

// xTickCount is how many labels an axis of whole numbers over sp has room
// for in width pixels, each label a little over twice its own width apart.
func xTickCount(t theme, width float64, sp span) int {
	sty := t.text(tickSize, false, textColor)
	w := max(sty.Width(integer(sp.lo)), sty.Width(integer(sp.hi)), sty.Width("00"))
	return min(max(int(width*float64(pixel)/float64(w*2.2)), 2), 25)
}
