package scenarios

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// YAML's short tags for the kinds of single values.
const (
	nullTag  = "!!null"
	boolTag  = "!!bool"
	intTag   = "!!int"
	floatTag = "!!float"
	strTag   = "!!str"
	mergeTag = "!!merge"
)

// scalar decodes the single value n into v, a bool, number or string.
func (d *decoder) scalar(n *yaml.Node, v reflect.Value, path string) {
	want, wantTag := "text", strTag
	switch v.Kind() {
	case reflect.Bool:
		want, wantTag = "true or false", boolTag
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		want, wantTag = "a whole number", intTag
	case reflect.Float32, reflect.Float64:
		want, wantTag = "a number", floatTag
	}
	if n.Kind != yaml.ScalarNode {
		d.fail(path, "expected %s, got %s", want, describe(n))
		return
	}
	tag := n.ShortTag()
	switch {
	case wantTag == boolTag && tag != boolTag:
		// yaml.v3 would take yes/no/on/off here; YAML 1.2 reads them as text.
		d.badScalar(n, path, want, wantTag)
		return
	case wantTag == intTag && tag == floatTag:
		d.wholeFloat(n, v, path)
		return
	case v.Kind() == reflect.Float32:
		var f float64
		if n.Decode(&f) == nil && !math.IsInf(f, 0) && math.Abs(f) > math.MaxFloat32 {
			d.fail(path, "%s is too large; expected a number between -3.4e38 and 3.4e38", n.Value)
			return
		}
	}
	if n.Decode(v.Addr().Interface()) == nil {
		return
	}
	if wantTag == intTag {
		var i int64
		var u uint64
		switch {
		case n.Decode(&i) == nil:
			d.outOfRange(n, v, path, i < 0)
			return
		case n.Decode(&u) == nil:
			d.outOfRange(n, v, path, false)
			return
		}
	}
	d.badScalar(n, path, want, wantTag)
}

// wholeFloat decodes a number written with a point or exponent ("3.0",
// "1e3", "99999999999999999999") into the integer v, if it is whole and fits.
func (d *decoder) wholeFloat(n *yaml.Node, v reflect.Value, path string) {
	var f float64
	if n.Decode(&f) != nil || math.IsInf(f, 0) || math.IsNaN(f) || f != math.Trunc(f) {
		d.badScalar(n, path, "a whole number", intTag)
		return
	}
	const two63, two64 = 1 << 63, 1 << 64
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if f < -two63 || f >= two63 || v.OverflowInt(int64(f)) {
			d.outOfRange(n, v, path, f < 0)
			return
		}
		v.SetInt(int64(f))
	default:
		if f < 0 || f >= two64 || v.OverflowUint(uint64(f)) {
			d.outOfRange(n, v, path, f < 0)
			return
		}
		v.SetUint(uint64(f))
	}
}

// outOfRange reports that the whole number n does not fit the integer v.
func (d *decoder) outOfRange(n *yaml.Node, v reflect.Value, path string, negative bool) {
	bits := v.Type().Bits()
	lo, hi := "0", strconv.FormatUint(math.MaxUint64>>(64-bits), 10)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lo = strconv.FormatInt(math.MinInt64>>(64-bits), 10)
		hi = strconv.FormatInt(math.MaxInt64>>(64-bits), 10)
	}
	size := "large"
	if negative {
		size = "small"
	}
	d.fail(path, "%s is too %s; expected a whole number from %s to %s", n.Value, size, lo, hi)
}

// badScalar reports that n is not the value wanted, saying why when a tag or
// quotes made it so.
func (d *decoder) badScalar(n *yaml.Node, path, want, wantTag string) {
	got := n.Value
	if utf8.RuneCountInString(got) > 40 {
		got = string([]rune(got)[:37]) + "..."
	}
	msg := fmt.Sprintf("expected %s, got %q", want, got)
	bare := yaml.Node{Kind: yaml.ScalarNode, Value: n.Value}
	switch {
	case n.Style&yaml.TaggedStyle != 0:
		msg += " tagged " + n.Tag
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 && wantTag != strTag &&
		(bare.ShortTag() == wantTag || wantTag == floatTag && bare.ShortTag() == intTag):
		msg += "; quotes make it text, so remove them"
	}
	d.fail(path, "%s", msg)
}
