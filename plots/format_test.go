package plots

import (
	"math"
	"strings"
	"testing"

	"github.com/wargamesim/sim/stats"
	"gonum.org/v1/plot"
)

func TestPercent(t *testing.T) {
	tests := []struct {
		p    float64
		want string
		why  string
	}{
		{0.612, "61.2%", "one decimal"},
		{0.61249, "61.2%", "rounds down"},
		{0.0515, "5.2%", "515 of 10,000 trials: rounds half up as a decimal, though 100 × 0.0515 < 5.15 in binary"},
		{0.05149, "5.1%", "just under a half"},
		{0, "0%", "never: no decimal"},
		{1, "100%", "always: no decimal"},
		{0.0004, "<0.1%", "rare but possible: not 0.0%"},
		{4.585615532038378e-9, "<0.1%", "three Ogres slain (docs/output.md)"},
		{0.0005, "0.1%", "the least that rounds to 0.1%"},
		{0.9996, ">99.9%", "almost certain: not 100.0%"},
		{0.9994, "99.9%", "rounds to 99.9%"},
		{math.NaN(), "–", "no value"},
	}
	for _, tt := range tests {
		if got := percent(tt.p); got != tt.want {
			t.Errorf("percent(%g) = %q, want %q (%s)", tt.p, got, tt.want, tt.why)
		}
	}
}

func TestWholePercent(t *testing.T) {
	tests := []struct {
		p    float64
		want string
		why  string
	}{
		{0.612, "61%", "no decimal"},
		{0.615, "62%", "rounds half up"},
		{0, "0%", "never"},
		{1, "100%", "always"},
		{0.004, "<1%", "rare but possible: not 0%"},
		{0.005, "1%", "the least that rounds to 1%"},
		{0.996, ">99%", "almost certain: not 100%"},
		{0.994, "99%", "rounds to 99%"},
		{math.NaN(), "–", "no value"},
	}
	for _, tt := range tests {
		if got := wholePercent(tt.p); got != tt.want {
			t.Errorf("wholePercent(%g) = %q, want %q (%s)", tt.p, got, tt.want, tt.why)
		}
	}
}

func TestPercentTick(t *testing.T) {
	tests := []struct {
		v, step float64
		want    string
		why     string
	}{
		{0.3, 0.1, "30%", "steps of 10%: no decimal"},
		{0, 0.1, "0%", "zero"},
		{0.015, 0.005, "1.5%", "steps of 0.5%: one decimal"},
		{0.004, 0.002, "0.4%", "steps of 0.2%"},
		{0.0005, 0.0005, "0.05%", "steps of 0.05%: two decimals"},
		{0.05, 0.025, "5.0%", "steps of 2.5%: one decimal throughout"},
		{1, 0.5, "100%", "the top"},
	}
	for _, tt := range tests {
		if got := percentTick(tt.v, tt.step); got != tt.want {
			t.Errorf("percentTick(%g, %g) = %q, want %q (%s)", tt.v, tt.step, got, tt.want, tt.why)
		}
	}
}

func TestNumbers(t *testing.T) {
	tests := []struct {
		got, want, why string
	}{
		{number(-2.2012, 3), "−2.201", "a minus sign, not a hyphen"},
		{number(-0.0001, 2), "0.00", "no negative zero"},
		{integer(-13), "−13", "negative whole number"},
		{thousands(1000000), "1,000,000", "the subtitle's trials"},
		{thousands(12288), "12,288", "a partial run"},
		{thousands(999), "999", "no separator"},
		{plural(1, "trial"), "1 trial", "singular"},
		{plural(10000, "trial"), "10,000 trials", "plural"},
		{exactNumber(0.05811527118791953), "0.0581", "three significant digits"},
		{exactNumber(0.9259259), "0.926", "three significant digits"},
		{exactNumber(12.3), "12.30", "two decimals at least"},
		{exactNumber(0), "0.00", "zero"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q (%s)", tt.got, tt.want, tt.why)
		}
	}
}

func TestMeanPlaces(t *testing.T) {
	tests := []struct {
		half float64
		want int
		why  string
	}{
		{0.0176, 2, "10,000 trials of ogres.wounds: 0.91 (0.89 to 0.93)"},
		{0.00176, 3, "1,000,000 trials"},
		{0.00001, 4, "at most 4"},
		{0.3, 2, "at least 2"},
		{0, 3, "exact"},
	}
	for _, tt := range tests {
		if got := meanPlaces(tt.half); got != tt.want {
			t.Errorf("meanPlaces(%g) = %d, want %d (%s)", tt.half, got, tt.want, tt.why)
		}
	}
}

func TestNiceStep(t *testing.T) {
	tests := []struct {
		span     float64
		n        int
		quarters bool
		want     float64
		why      string
	}{
		{1, 5, true, 0.2, "0–100% in 5: 20%"},
		{1, 4, true, 0.25, "in 4: quarters"},
		{1, 4, false, 0.5, "whole numbers have no quarters"},
		{1, 10, true, 0.1, "in 10: 10%"},
		{0.42, 4, false, 0.2, "0.105 rounds up to 0.2"},
		{0.06, 3, true, 0.02, "small probabilities"},
		{200, 10, false, 20, "whole numbers"},
		{0, 5, false, 1, "an empty span does not divide by zero"},
	}
	for _, tt := range tests {
		if got := niceStep(tt.span, tt.n, tt.quarters); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("niceStep(%g, %d, %t) = %g, want %g (%s)", tt.span, tt.n, tt.quarters, got, tt.want, tt.why)
		}
	}
}

func TestTicks(t *testing.T) {
	tests := []struct {
		name, got, want, why string
	}{
		{"percent", tickLabels(percentTicks{5}.Ticks(0, 1)), "0% 20% 40% 60% 80% 100%", "a probability axis"},
		{"percent small", tickLabels(percentTicks{4}.Ticks(0, 0.06)), "0% 2% 4% 6%", "bars of a few percent"},
		{"integers", tickLabels(integerTicks{12}.Ticks(-0.6, 9.6)), "0 1 2 3 4 5 6 7 8 9", "one label per value"},
		{"integers thinned", tickLabels(integerTicks{6}.Ticks(-0.6, 20.6)), "0 . . . . 5 . . . . 10 . . . . 15 . . . . 20", "every 5th labelled, minor ticks between"},
		{"negative", tickLabels(integerTicks{8}.Ticks(-13.6, 23.6)), "−10 0 10 20", "minus signs; no minor ticks over 10"},
		{"categories", tickLabels(categoryTicks{"a", "b"}.Ticks(-0.5, 1.5)), "a b", "names at 0, 1"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: ticks %q, want %q (%s)", tt.name, tt.got, tt.want, tt.why)
		}
	}
}

// tickLabels lists tick labels, "." for a minor tick.
func tickLabels(ticks []plot.Tick) string {
	var ls []string
	for _, tk := range ticks {
		if tk.IsMinor() {
			ls = append(ls, ".")
			continue
		}
		ls = append(ls, tk.Label)
	}
	return strings.Join(ls, " ")
}

func TestShown(t *testing.T) {
	exact := func(pmf []float64, offset int) *series {
		s, err := stats.Exact(pmf)
		if err != nil {
			t.Fatal(err)
		}
		sr, err := newSeries("x", s.Shift(offset), true)
		if err != nil {
			t.Fatal(err)
		}
		return sr
	}
	// Binomial(10, 0.3) with 0.02% moved to 59: P(X ≥ 9) = 0.014% + 0.02%.
	long := make([]float64, 60)
	copy(long, binomial(10, 0.3))
	long[0] -= 2e-4
	long[59] = 2e-4
	tests := []struct {
		name   string
		ss     []*series
		lo, hi int
		note   string
		why    string
	}{
		{"short", []*series{exact(binomial(10, 5.0/54), 0)}, 0, 10, "", "16 values or fewer are all drawn, however unlikely"},
		{"long tail", []*series{exact(long, 0)}, 0, 8, "not drawn: ≥ 9 (<0.1%)", "a tail under 0.1% over 60 values is left off, and said"},
		{"offset", []*series{exact(binomial(36, 0.3), -13)}, -10, 7, "not drawn: ≤ −11 (<0.1%) and ≥ 8 (<0.1%)", "both tails of a negative metric: P(X ≤ −11) = 0.03%, P(X ≤ −10) = 0.13%"},
		{"union", []*series{exact([]float64{1}, 0), exact([]float64{0, 0, 1}, 0)}, 0, 2, "", "the range of every series"},
	}
	for _, tt := range tests {
		sp := shown(tt.ss...)
		if sp.lo != tt.lo || sp.hi != tt.hi || sp.cutNote() != tt.note {
			t.Errorf("%s: shown %d..%d, note %q; want %d..%d, %q (%s)", tt.name, sp.lo, sp.hi, sp.cutNote(), tt.lo, tt.hi, tt.note, tt.why)
		}
	}
}
