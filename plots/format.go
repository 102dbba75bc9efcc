package plots

import (
	"math"
	"strconv"
	"strings"
)

// minus is the typographic minus sign, U+2212, which lines up with "+"
// and digits where the hyphen-minus does not.
const minus = "\u2212"

// percent formats a probability p in 0..1 as a percentage with one decimal,
// "61.2%". It never rounds a possible event to 0% or a possible failure to
// 100%: p = 0 and p = 1 give "0%" and "100%", while a p that would round to
// them gives "<0.1%" and ">99.9%".
func percent(p float64) string { return percentTo(p, 1) }

// wholePercent is percent without the decimal: "61%", "<1%", ">99%".
func wholePercent(p float64) string { return percentTo(p, 0) }

// percentTo formats p in 0..1 as a percentage with the given decimals
// (0 or more), as percent describes.
func percentTo(p float64, places int) string {
	switch {
	case math.IsNaN(p):
		return "–"
	case p <= 0:
		return "0%"
	case p >= 1:
		return "100%"
	}
	step := math.Pow(10, -float64(places)) // the least step shown, in percent
	switch v := roundHalfUp(100*p, places); {
	case v == 0:
		return "<" + strconv.FormatFloat(step, 'f', places, 64) + "%"
	case v >= 100:
		return ">" + strconv.FormatFloat(100-step, 'f', places, 64) + "%"
	default:
		return strconv.FormatFloat(v, 'f', places, 64) + "%"
	}
}

// roundHalfUp rounds x to the given decimals, halves away from zero as
// the decimal it stands for: 100 × 0.0515 is 5.1499999999999995 in binary,
// and a count of 515 in 10,000 trials should read 5.2%, not 5.1%.
func roundHalfUp(x float64, places int) float64 {
	scale := math.Pow(10, float64(places))
	return math.Round(x*scale*(1+1e-12)) / scale
}

// percentTick formats tick value v (a probability) as a percentage with as
// many decimals as the tick step (also a probability) needs: steps of 10%
// give "30%", steps of 0.5% give "1.5%".
func percentTick(v, step float64) string {
	places := 0
	for s := step * 100; s < 0.999 && places < 6; s *= 10 {
		places++
	}
	// A step of 2.5% or 0.25% needs one more decimal than its magnitude.
	if scaled := step * 100 * math.Pow(10, float64(places)); math.Abs(scaled-math.Round(scaled)) > 1e-6 {
		places++
	}
	return number(100*v, places) + "%"
}

// number formats x with the given number of decimals, writing negative
// numbers with a minus sign and never writing "-0".
func number(x float64, places int) string {
	s := strconv.FormatFloat(x, 'f', places, 64)
	if strings.Trim(s, "-0.") == "" {
		return strings.TrimPrefix(s, "-")
	}
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		return minus + rest
	}
	return s
}

// integer formats k with a minus sign when negative.
func integer(k int) string { return number(float64(k), 0) }

// thousands formats n with commas between groups of three digits:
// 1000000 gives "1,000,000".
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return minus + b.String()
	}
	return b.String()
}

// plural returns "1 trial", "2 trials": n (with thousands separators) and
// the noun, with an s unless n is 1.
func plural(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return thousands(n) + " " + noun + "s"
}

// meanPlaces is how many decimals to give a mean whose 95% interval has
// half-width half: the first decimal place the interval spans, so that its
// ends differ without reporting noise, 2 to 4: 10,000 trials typically give
// 2 ("0.91 to 0.93"), 1,000,000 give 3 or 4. An exact mean (half = 0)
// gets 3.
func meanPlaces(half float64) int {
	if !(half > 0) || math.IsInf(half, 0) {
		return 3
	}
	return min(max(int(math.Ceil(-math.Log10(half))), 2), 4)
}

// exactNumber formats an exact value with three significant digits, and
// at least two decimals: 0.926, 0.0581, 12.30.
func exactNumber(x float64) string {
	places := 2
	if a := math.Abs(x); a > 0 && a < 1 {
		places = max(2, int(math.Ceil(-math.Log10(a)))+2)
	}
	return number(x, min(places, 6))
}
