package stats

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// closeTo reports whether got is within tol of want, relative to the larger of
// 1 and |want|.
func closeTo(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

// diffSummary reports every field of got that differs from want: integer
// fields exactly, float fields within tol.
func diffSummary(t *testing.T, got, want Summary, tol float64) {
	t.Helper()
	floats := []struct {
		name      string
		got, want float64
	}{
		{"Mean", got.Mean, want.Mean},
		{"SD", got.SD, want.SD},
		{"SE", got.SE, want.SE},
		{"CI95[0]", got.CI95[0], want.CI95[0]},
		{"CI95[1]", got.CI95[1], want.CI95[1]},
	}
	for _, f := range floats {
		if !closeTo(f.got, f.want, tol) {
			t.Errorf("%s = %.17g, want %.17g", f.name, f.got, f.want)
		}
	}
	if got.Min != want.Min || got.Max != want.Max {
		t.Errorf("Min, Max = %d, %d, want %d, %d", got.Min, got.Max, want.Min, want.Max)
	}
	if got.Quantiles != want.Quantiles {
		t.Errorf("Quantiles = %+v, want %+v", got.Quantiles, want.Quantiles)
	}
	diffSlice(t, "PMF", got.PMF, want.PMF, tol)
	diffSlice(t, "AtLeast", got.AtLeast, want.AtLeast, tol)
}

func diffSlice(t *testing.T, name string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s = %v (length %d), want %v (length %d)", name, got, len(got), want, len(want))
		return
	}
	for k := range got {
		if !closeTo(got[k], want[k], tol) {
			t.Errorf("%s[%d] = %.17g, want %.17g", name, k, got[k], want[k])
		}
	}
}

// withCI fills SE and CI95 from SD and n as Summarize defines them.
func withCI(s Summary, n float64) Summary {
	s.SE = s.SD / math.Sqrt(n)
	s.CI95 = [2]float64{s.Mean - 1.959963984540054*s.SE, s.Mean + 1.959963984540054*s.SE}
	return s
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	const half = int64(1) << 61
	tests := []struct {
		name   string
		reason string
		hist   []int64
		want   Summary
	}{
		{
			name:   "symmetric three bins",
			reason: "values 0,1,1,2: mean 1, sample variance (1+0+0+1)/3 = 2/3; cumulative counts 1,3,4 of 4 put p25 at 0 (1 ≥ 1), p50 and p75 at 1 (3 ≥ 2, 3 ≥ 3), p95 at 2",
			hist:   []int64{1, 2, 1},
			want: withCI(Summary{
				Mean: 1, SD: math.Sqrt(2.0 / 3),
				Min: 0, Max: 2,
				Quantiles: Quantiles{P01: 0, P05: 0, P25: 0, P50: 1, P75: 1, P95: 2, P99: 2},
				PMF:       []float64{0.25, 0.5, 0.25},
				AtLeast:   []float64{1, 0.75, 0.25},
			}, 4),
		},
		{
			name:   "single value",
			reason: "seven trials all equal to 3: SD and SE are 0, every quantile is 3, and the leading empty bins set Min = 3",
			hist:   []int64{0, 0, 0, 7},
			want: Summary{
				Mean: 3, CI95: [2]float64{3, 3},
				Min: 3, Max: 3,
				Quantiles: Quantiles{3, 3, 3, 3, 3, 3, 3},
				PMF:       []float64{0, 0, 0, 1},
				AtLeast:   []float64{1, 1, 1, 1},
			},
		},
		{
			name:   "single trial",
			reason: "n = 1 leaves the sample variance undefined (gonum returns 0/0 = NaN); Summary documents SD = 0 when n < 2",
			hist:   []int64{0, 1},
			want: Summary{
				Mean: 1, CI95: [2]float64{1, 1},
				Min: 1, Max: 1,
				Quantiles: Quantiles{1, 1, 1, 1, 1, 1, 1},
				PMF:       []float64{0, 1},
				AtLeast:   []float64{1, 1},
			},
		},
		{
			name:   "trailing zeros trimmed",
			reason: "values 0,0,2,2: the two empty bins past 2 are dropped so PMF and AtLeast end at Max = 2; sample variance (1+1+1+1)/3 = 4/3; the median is 0 because cum(0) = 2 reaches exactly half of 4",
			hist:   []int64{2, 0, 2, 0, 0},
			want: withCI(Summary{
				Mean: 1, SD: math.Sqrt(4.0 / 3),
				Min: 0, Max: 2,
				Quantiles: Quantiles{P01: 0, P05: 0, P25: 0, P50: 0, P75: 2, P95: 2, P99: 2},
				PMF:       []float64{0.5, 0, 0.5},
				AtLeast:   []float64{1, 0.5, 0.5},
			}, 4),
		},
		{
			name:   "leading zeros",
			reason: "values 2,2,2,3: Min is the first nonzero bin; mean 9/4, sample variance (3·(1/4)² + (3/4)²)/3 = 1/4",
			hist:   []int64{0, 0, 3, 1},
			want: withCI(Summary{
				Mean: 2.25, SD: 0.5,
				Min: 2, Max: 3,
				Quantiles: Quantiles{P01: 2, P05: 2, P25: 2, P50: 2, P75: 2, P95: 3, P99: 3},
				PMF:       []float64{0, 0, 0.75, 0.25},
				AtLeast:   []float64{1, 1, 1, 0.25},
			}, 4),
		},
		{
			name:   "every quantile on a boundary",
			reason: "cumulative counts 1,5,25,50,70,95,99,100 of 100 hit each level exactly, so each quantile is the bin where the count first equals q·n (a float q·n that rounded up would move it one bin right); Σk·h = 355, Σk²·h = 1447, variance (1447 − 100·3.55²)/99",
			hist:   []int64{1, 4, 20, 25, 20, 25, 4, 1},
			want: withCI(Summary{
				Mean: 3.55, SD: math.Sqrt(186.75 / 99),
				Min: 0, Max: 7,
				Quantiles: Quantiles{P01: 0, P05: 1, P25: 2, P50: 3, P75: 5, P95: 5, P99: 6},
				PMF:       []float64{0.01, 0.04, 0.20, 0.25, 0.20, 0.25, 0.04, 0.01},
				AtLeast:   []float64{1, 0.99, 0.95, 0.75, 0.50, 0.30, 0.05, 0.01},
			}, 100),
		},
		{
			name:   "counts near the int64 limit",
			reason: "n = 2^62: 100·cum overflows int64, so the quantile comparison must be done in 128 bits; cum(0) = 2^61 is exactly half, so the median is 0; sample variance n/(4(n−1)) rounds to 1/4",
			hist:   []int64{half, half},
			want: withCI(Summary{
				Mean: 0.5, SD: 0.5,
				Min: 0, Max: 1,
				Quantiles: Quantiles{P01: 0, P05: 0, P25: 0, P50: 0, P75: 1, P95: 1, P99: 1},
				PMF:       []float64{0.5, 0.5},
				AtLeast:   []float64{1, 0.5},
			}, 2*float64(half)),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Summarize(tt.hist)
			if err != nil {
				t.Fatalf("Summarize(%v): %v (%s)", tt.hist, err, tt.reason)
			}
			if got.AtLeast[0] != 1 {
				t.Errorf("AtLeast[0] = %.17g, want exactly 1", got.AtLeast[0])
			}
			diffSummary(t, got, tt.want, 1e-14)
			if t.Failed() {
				t.Logf("reason: %s", tt.reason)
			}
		})
	}
}

func TestSummarizeErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		reason string
		hist   []int64
		want   string // substring of the error
	}{
		{"nil", "a nil histogram has no bins and so no trials", nil, "empty histogram"},
		{"empty", "an empty histogram has no bins and so no trials", []int64{}, "empty histogram"},
		{"all zero", "bins with no counts describe zero trials, and a mean of 0/0 is undefined", []int64{0, 0, 0}, "zero trials"},
		{"negative", "a count cannot be negative; the index locates the bad bin", []int64{3, -1, 2}, "hist[1] = -1"},
		{"overflow", "n would wrap past MaxInt64 and turn negative", []int64{math.MaxInt64, 1}, "sum past"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Summarize(tt.hist)
			if err == nil {
				t.Fatalf("Summarize(%v) returned no error, want one containing %q (%s)", tt.hist, tt.want, tt.reason)
			}
			if !strings.HasPrefix(err.Error(), "stats: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Summarize(%v) error = %q, want a \"stats: \" error containing %q (%s)", tt.hist, err, tt.want, tt.reason)
			}
		})
	}
}

// TestSummarizeMatchesDirectComputation checks the gonum path against the
// textbook formulas on pseudo-random histograms. In particular it confirms
// that stat.MeanVariance with the counts as weights divides by
// Σ weights − 1 = n − 1, the unbiased sample variance for frequency weights,
// and it checks each quantile against the ⌈q·n⌉-th order statistic of the
// sorted sample, which is the same inverse-CDF quantile reached another way.
func TestSummarizeMatchesDirectComputation(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		bins := 1 + rng.IntN(40)
		hist := make([]int64, bins)
		maxCount := int64(1 + rng.IntN(30))
		if trial%4 == 0 {
			maxCount = 1_000_000 // large counts for the moment check
		}
		for k := range hist {
			if rng.IntN(3) > 0 { // leave about a third of the bins empty
				hist[k] = rng.Int64N(maxCount + 1)
			}
		}
		var n int64
		for _, c := range hist {
			n += c
		}
		if n == 0 {
			hist[rng.IntN(bins)] = 1
			n = 1
		}

		got, err := Summarize(hist)
		if err != nil {
			t.Fatalf("trial %d: Summarize(%v): %v", trial, hist, err)
		}
		again, _ := Summarize(hist)
		if !reflect.DeepEqual(got, again) {
			t.Fatalf("trial %d: Summarize is not deterministic: %+v then %+v", trial, got, again)
		}

		// Direct two-pass mean and sample variance.
		var sum float64
		for k, c := range hist {
			sum += float64(k) * float64(c)
		}
		mean := sum / float64(n)
		var ss float64
		for k, c := range hist {
			d := float64(k) - mean
			ss += float64(c) * d * d
		}
		var sd float64
		if n > 1 {
			sd = math.Sqrt(ss / float64(n-1))
		}
		if !closeTo(got.Mean, mean, 1e-12) {
			t.Errorf("trial %d: Mean = %.17g, direct %.17g", trial, got.Mean, mean)
		}
		if !closeTo(got.SD, sd, 1e-10) {
			t.Errorf("trial %d: SD = %.17g, direct sample SD %.17g (n = %d)", trial, got.SD, sd, n)
		}
		if want := sd / math.Sqrt(float64(n)); !closeTo(got.SE, want, 1e-10) {
			t.Errorf("trial %d: SE = %.17g, want SD/√n = %.17g", trial, got.SE, want)
		}

		// Min, Max, PMF and AtLeast.
		lo, hi := -1, -1
		for k, c := range hist {
			if c > 0 {
				if lo < 0 {
					lo = k
				}
				hi = k
			}
		}
		if got.Min != lo || got.Max != hi || len(got.PMF) != hi+1 || len(got.AtLeast) != hi+1 {
			t.Fatalf("trial %d: Min, Max, len(PMF), len(AtLeast) = %d, %d, %d, %d, want %d, %d, %d, %d",
				trial, got.Min, got.Max, len(got.PMF), len(got.AtLeast), lo, hi, hi+1, hi+1)
		}
		if got.AtLeast[0] != 1 {
			t.Errorf("trial %d: AtLeast[0] = %.17g, want exactly 1", trial, got.AtLeast[0])
		}
		for k := 0; k <= hi; k++ {
			next := 0.0
			if k < hi {
				next = got.AtLeast[k+1]
			}
			if !closeTo(got.AtLeast[k]-next, got.PMF[k], 1e-12) {
				t.Errorf("trial %d: AtLeast[%d] − AtLeast[%d] = %.17g, want PMF[%d] = %.17g", trial, k, k+1, got.AtLeast[k]-next, k, got.PMF[k])
			}
		}

		// Quantiles from the sorted sample, for samples small enough to list.
		if n > 2000 {
			continue
		}
		sample := make([]int, 0, n)
		for k, c := range hist {
			for range c {
				sample = append(sample, k)
			}
		}
		orderStat := func(percent int64) int {
			rank := (percent*n + 99) / 100 // ⌈percent·n/100⌉, at least 1
			return sample[rank-1]
		}
		want := Quantiles{orderStat(1), orderStat(5), orderStat(25), orderStat(50), orderStat(75), orderStat(95), orderStat(99)}
		if got.Quantiles != want {
			t.Errorf("trial %d: Quantiles = %+v, order statistics give %+v (hist %v)", trial, got.Quantiles, want, hist)
		}
	}
}

func TestExact(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		reason string
		pmf    []float64
		want   Summary
	}{
		{
			name:   "binomial(4, 1/2)",
			reason: "pmf (1,4,6,4,1)/16: mean np = 2, SD √(np(1−p)) = 1; CDF 1/16, 5/16, 11/16, 15/16, 1 gives p25 = 1, p50 = 2, p75 = 3, p95 = 4",
			pmf:    []float64{1.0 / 16, 4.0 / 16, 6.0 / 16, 4.0 / 16, 1.0 / 16},
			want: Summary{
				Mean: 2, SD: 1, CI95: [2]float64{2, 2},
				Min: 0, Max: 4,
				Quantiles: Quantiles{P01: 0, P05: 0, P25: 1, P50: 2, P75: 3, P95: 4, P99: 4},
				PMF:       []float64{1.0 / 16, 4.0 / 16, 6.0 / 16, 4.0 / 16, 1.0 / 16},
				AtLeast:   []float64{1, 15.0 / 16, 11.0 / 16, 5.0 / 16, 1.0 / 16},
			},
		},
		{
			name:   "trailing zeros trimmed",
			reason: "a fair coin padded with zeros: PMF and AtLeast end at Max = 1; population SD 1/2; CDF(0) = 1/2 exactly, so the median is 0",
			pmf:    []float64{0.5, 0.5, 0, 0},
			want: Summary{
				Mean: 0.5, SD: 0.5, CI95: [2]float64{0.5, 0.5},
				Min: 0, Max: 1,
				Quantiles: Quantiles{P01: 0, P05: 0, P25: 0, P50: 0, P75: 1, P95: 1, P99: 1},
				PMF:       []float64{0.5, 0.5},
				AtLeast:   []float64{1, 0.5},
			},
		},
		{
			name:   "point mass",
			reason: "P(X = 2) = 1: SD 0, Min = Max = 2, every quantile 2",
			pmf:    []float64{0, 0, 1},
			want: Summary{
				Mean: 2, CI95: [2]float64{2, 2},
				Min: 2, Max: 2,
				Quantiles: Quantiles{2, 2, 2, 2, 2, 2, 2},
				PMF:       []float64{0, 0, 1},
				AtLeast:   []float64{1, 1, 1},
			},
		},
		{
			name:   "CDF short of a level by rounding",
			reason: "0.03 + 0.29 + 0.18 is 0.5 exactly but 0.49999999999999994 in float64; the 1e-12 slack keeps the median at 2, not 3; mean 0.29 + 0.36 + 1.5 = 2.15, variance Σp·k² − mean² = 0.29 + 0.72 + 4.5 − 4.6225",
			pmf:    []float64{0.03, 0.29, 0.18, 0.5},
			want: Summary{
				Mean: 2.15, SD: math.Sqrt(5.51 - 4.6225), CI95: [2]float64{2.15, 2.15},
				Min: 0, Max: 3,
				Quantiles: Quantiles{P01: 0, P05: 1, P25: 1, P50: 2, P75: 3, P95: 3, P99: 3},
				PMF:       []float64{0.03, 0.29, 0.18, 0.5},
				AtLeast:   []float64{1, 0.97, 0.68, 0.5},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Exact(tt.pmf)
			if err != nil {
				t.Fatalf("Exact(%v): %v (%s)", tt.pmf, err, tt.reason)
			}
			if got.SE != 0 || got.CI95 != [2]float64{got.Mean, got.Mean} {
				t.Errorf("SE, CI95 = %g, %v, want 0, [Mean, Mean] exactly", got.SE, got.CI95)
			}
			if got.AtLeast[0] != 1 {
				t.Errorf("AtLeast[0] = %.17g, want exactly 1", got.AtLeast[0])
			}
			diffSummary(t, got, tt.want, 1e-14)
			if t.Failed() {
				t.Logf("reason: %s", tt.reason)
			}
		})
	}
}

func TestExactErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		reason string
		pmf    []float64
		want   string // substring of the error
	}{
		{"nil", "no entries, no distribution", nil, "empty pmf"},
		{"empty", "no entries, no distribution", []float64{}, "empty pmf"},
		{"negative", "a probability cannot be negative, even if the total is 1", []float64{0.5, -0.25, 0.75}, "pmf[1] = -0.25"},
		{"NaN", "NaN compares false with everything and would slip through a range check", []float64{0.5, math.NaN(), 0.5}, "pmf[1] is NaN"},
		{"infinite", "an infinite entry cannot be a probability", []float64{math.Inf(1), 0}, "pmf[0] = +Inf"},
		{"sums short", "0.9 total leaves 10% of the mass unaccounted for", []float64{0.4, 0.5}, "sums to"},
		{"sums over", "1.1 total is not a distribution", []float64{0.6, 0.5}, "sums to"},
		{"off by 1e-8", "the tolerance is 1e-9, so a total of 1 + 1e-8 is rejected", []float64{0.5, 0.5 + 1e-8}, "sums to"},
		{"all zero", "zero mass sums to 0, not 1", []float64{0, 0}, "sums to"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Exact(tt.pmf)
			if err == nil {
				t.Fatalf("Exact(%v) returned no error, want one containing %q (%s)", tt.pmf, tt.want, tt.reason)
			}
			if !strings.HasPrefix(err.Error(), "stats: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Exact(%v) error = %q, want a \"stats: \" error containing %q (%s)", tt.pmf, err, tt.want, tt.reason)
			}
		})
	}
}

// TestExactAcceptsRounding checks that a pmf whose entries sum to 1 only up
// to rounding is accepted and still gives AtLeast[0] = 1 and AtLeast ≤ 1.
func TestExactAcceptsRounding(t *testing.T) {
	t.Parallel()
	pmf := make([]float64, 10)
	for k := range pmf {
		pmf[k] = 0.1 // sums to 0.9999999999999999 in float64
	}
	got, err := Exact(pmf)
	if err != nil {
		t.Fatalf("Exact(ten × 0.1): %v", err)
	}
	if got.AtLeast[0] != 1 {
		t.Errorf("AtLeast[0] = %.17g, want exactly 1", got.AtLeast[0])
	}
	for k, v := range got.AtLeast {
		if v < 0 || v > 1 {
			t.Errorf("AtLeast[%d] = %.17g, outside [0, 1]", k, v)
		}
	}
	if want := (Quantiles{P01: 0, P05: 0, P25: 2, P50: 4, P75: 7, P95: 9, P99: 9}); got.Quantiles != want {
		t.Errorf("Quantiles = %+v, want %+v (CDF(k) = (k+1)/10 up to rounding)", got.Quantiles, want)
	}
}

// A metric that can be negative is stored from index 0 and shifted back:
// the difference -1, 0, 2 with counts 1, 2, 1.
func TestShift(t *testing.T) {
	s, err := Summarize([]int64{1, 2, 0, 1}) // values -1, 0, 1, 2 stored at 0..3
	if err != nil {
		t.Fatal(err)
	}
	got := s.Shift(-1)
	if got.Mean != 0.25 || got.Min != -1 || got.Max != 2 || got.Offset != -1 || got.Quantiles.P50 != 0 {
		t.Errorf("shifted summary %+v: want mean 0.25, min -1, max 2, offset -1, median 0", got)
	}
	if got.SD != s.SD || got.PMF[0] != 0.25 {
		t.Errorf("shifting changed the spread or the pmf: %+v", got)
	}
	if w := got.CI95[1] - got.CI95[0]; w != s.CI95[1]-s.CI95[0] {
		t.Errorf("shifting changed the interval's width")
	}
}
