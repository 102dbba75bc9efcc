package scenarios

import (
	"strings"
	"testing"
)

// ParseVary counts a range's values without overflow and lists them
// without wrapping (issue 13: 0..9223372036854775807 overflowed
// (hi-lo)/step+1 past the check of 100, and x += step wrapped, so the
// list grew without end).
func TestParseVaryExtremes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rng  string
		want string // in the error; "" for a valid range
		n    int    // values, when valid
		last int
		why  string
	}{
		{"0..9223372036854775807", "too many values (9223372036854775808); at most 100", 0, 0, "hi-lo+1 overflowed to a negative count"},
		{"-5..9223372036854775807", "too many values (9223372036854775813); at most 100", 0, 0, "hi-lo overflowed"},
		{"-9223372036854775808..9223372036854775807", "too many values (18446744073709551616); at most 100", 0, 0, "the widest range: one past uint64"},
		{"-9223372036854775808..9223372036854775807:9223372036854775807", "", 3, 9223372036854775806, "a step as wide as int"},
		{"9223372036854775807..9223372036854775807", "", 1, 9223372036854775807, "x += step wrapped past hi and never stopped"},
		{"9223372036854775707..9223372036854775807", "too many values (101); at most 100", 0, 0, "one too many at the top of int"},
		{"9223372036854775708..9223372036854775807", "", 100, 9223372036854775807, "exactly 100 at the top of int"},
		{"9223372036854775800..9223372036854775807:5", "", 2, 9223372036854775805, "a step past the top of int ends the list"},
		{"-9223372036854775808..-9223372036854775808", "", 1, -9223372036854775808, "the bottom of int"},
		{"1..100", "", 100, 100, "exactly 100"},
		{"1..101", "too many values (101); at most 100", 0, 0, "one too many"},
		{"0..18446744073709551615", "FROM and TO must be whole numbers", 0, 0, "past int"},
		{"0..1e300", "FROM and TO must be whole numbers", 0, 0, "not a whole number"},
		{"NaN..1", "FROM and TO must be whole numbers", 0, 0, "not a number"},
		{"1..9:18446744073709551615", "STEP must be a whole number", 0, 0, "a step past int"},
		{"1..9:-1", "STEP must be a whole number", 0, 0, "a negative step"},
		{"1..9:NaN", "STEP must be a whole number", 0, 0, "a step that is not a number"},
	} {
		spec := "units.knights.models=" + c.rng
		v, err := ParseVary(spec)
		switch {
		case c.want != "":
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s (%s): %d values, error %v; want %q", c.rng, c.why, len(v.Values), err, c.want)
			}
		case err != nil:
			t.Errorf("%s (%s): %v", c.rng, c.why, err)
		case len(v.Values) != c.n || v.Values[len(v.Values)-1] != c.last:
			t.Errorf("%s (%s): %d values ending %d, want %d ending %d", c.rng, c.why, len(v.Values), v.Values[len(v.Values)-1], c.n, c.last)
		}
	}
}
