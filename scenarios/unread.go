package scenarios

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A number the decoder cannot read into its field (99999999999999999999999
// for an int, 1e300, .nan, 2.5) gets an error that can only give the Go
// type's range. Where the field's own range is known, validation's
// range check says it instead, "must be a whole number from 1 to 10000,
// got 1e300": the decoder records the text in the field's Position
// (Unread), the range checks of a [Checker] report any field with one,
// and [Format.Load] puts their errors in place of the decoder's.

// unreadable records that n, the single value at path, could not be read
// into its number field, when it is a number written plain, and marks the
// decoder's errors from index from as ones a range check may word better.
// Other values keep the decoder's error, which says more: text ("ten"),
// quotes or a tag, a die no rule uses ("D8").
func (d *decoder) unreadable(n *yaml.Node, path string, from int) {
	if n.Kind != yaml.ScalarNode || n.Style&(yaml.TaggedStyle|yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 ||
		len(d.errs) == from || !numberLike(n.Value) {
		return
	}
	p := d.pos[path]
	p.Unread = n.Value
	d.pos[path] = p
	for _, e := range d.errs[from:] {
		e.unread = true
	}
}

// Unread returns, for a field holding a number the decoder could not
// read, the number as written, for a message's "got".
func (c *Checker) Unread(path string) (got string, ok bool) {
	text := c.Pos[path].Unread
	return text, text != ""
}

// numberLike reports whether s is a number as YAML or a roll writes it:
// 99999999999999999999999, -1e300, 2.5, .nan, -.inf, 99999999999999999999999+.
func numberLike(s string) bool {
	s = strings.TrimSuffix(s, "+")
	switch strings.TrimLeft(s, "+-") {
	case ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF":
		return true
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil && !strings.ContainsAny(s, "xXoObB_") // ParseFloat's hex and underscores are not YAML's
}

// UnreadRange is for a game's own range checks: when the field at path
// holds a value the decoder could not read, it records "must be RNG, got
// VALUE" (RNG such as "a whole number from 1 to 10"), which takes the
// decoder's error's place, and reports true.
func (c *Checker) UnreadRange(path, rng string) bool {
	got, ok := c.Unread(path)
	if ok {
		c.addRange(path, "must be %s, got %s", rng, got)
	}
	return ok
}

// addRange records a range check's error for the field at path, whose
// value could not be read: it takes the decoder's place.
func (c *Checker) addRange(path, format string, args ...any) {
	c.Add(path, format, args...)
	c.Errs[len(c.Errs)-1].ranged = true
}

// reword puts, in place of each of the decoder's errors about a number
// it could not read, the range check's error at the same field, which
// gives the field's own range. It does so only when those are all the
// file's errors: a file with other problems is not validated, so that
// the errors are those the decoder found, with only their words changed.
func reword(errs ErrorList, validate func() ErrorList) ErrorList {
	for _, e := range errs {
		if !e.unread {
			return errs
		}
	}
	ranged := map[string]*Error{}
	for _, e := range validate() {
		if e.ranged && ranged[e.Path] == nil {
			ranged[e.Path] = e
		}
	}
	out := make(ErrorList, len(errs))
	for i, e := range errs {
		out[i] = e
		if r := ranged[e.Path]; r != nil {
			out[i] = r
		}
	}
	return out
}
