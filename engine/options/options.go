// Package options holds what the rule systems share about their named
// options: an [Option] over a ruleset type R reads and writes one field of
// an R by name, and a [List] of them sets options by name, records where
// each value came from ([Origins]) and reports what differs from a preset.
//
// Each rule system keeps its own table of options and its presets; this
// package only spares it the machinery. An option is built by one of the
// constructors ([Enum], [Bool], [Int], [WholeNumber], [Custom]); the zero
// Option has no getter or setter and panics when used.
package options

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Option describes one named option of a ruleset R: its values, what it
// means and where it comes from, and how to read and write it.
type Option[R any] struct {
	Name    string   // lowercase with underscores, as scenarios write it: "regeneration"
	Values  []string // the values it takes; for a list-valued option, the names in the list
	Summary string   // one line for people
	// Tag is the confidence of the rule behind it, as RULES.md §0.1
	// defines: V verified, S secondary, I interpretation, U uncertain.
	Tag    string
	Source string // where the rule comes from: seed, rulebook section

	get func(*R) string
	set func(*R, string) error
	// valuesText describes the values when listing them would not help.
	valuesText string
}

// ValuesText describes the values the option takes, for people: the
// constructor's description where it gave one ("0 to 5"), else the values
// joined with ", ".
func (o Option[R]) ValuesText() string {
	if o.valuesText != "" {
		return o.valuesText
	}
	return strings.Join(o.Values, ", ")
}

// Get returns the option's value in r, as Set accepts it.
func (o Option[R]) Get(r *R) string { return o.get(r) }

// Set sets the option in r to v, or returns an error that says which
// values it takes and leaves r unchanged.
func (o Option[R]) Set(r *R, v string) error { return o.set(r, v) }

// Enum builds an option over a small enum type T whose value i is named
// values[i]. A name not in values is an error that lists them.
func Enum[R any, T ~uint8](name, tag, source, summary string, values []string, field func(*R) *T) Option[R] {
	return Option[R]{
		Name: name, Values: values, Summary: summary, Tag: tag, Source: source,
		get: func(r *R) string { return values[*field(r)] },
		set: func(r *R, v string) error {
			i := slices.Index(values, v)
			if i < 0 {
				return fmt.Errorf("unknown value %q; use one of %s", v, strings.Join(values, ", "))
			}
			*field(r) = T(i)
			return nil
		},
	}
}

// Bool builds a yes/no option.
func Bool[R any](name, tag, source, summary string, field func(*R) *bool) Option[R] {
	return Option[R]{
		Name: name, Values: []string{"yes", "no"}, Summary: summary, Tag: tag, Source: source,
		get: func(r *R) string {
			if *field(r) {
				return "yes"
			}
			return "no"
		},
		set: func(r *R, v string) error {
			switch v {
			case "yes":
				*field(r) = true
			case "no":
				*field(r) = false
			default:
				return fmt.Errorf("unknown value %q; use yes or no", v)
			}
			return nil
		},
	}
}

// Int builds an option over the whole numbers lo..hi. When none is not
// "", it is one more value, the name of 0 (which then reads as none), and
// comes first in Values. Its values text is "lo to hi", or "none, or lo to
// hi"; a value outside them is an error that gives that text ("use 0 to
// 6"). [WholeNumber] words the error otherwise.
func Int[R any](name, tag, source, summary string, lo, hi int, none string, field func(*R) *int) Option[R] {
	return intOption(name, tag, source, summary, lo, hi, none, false, field)
}

// WholeNumber builds an option over the whole numbers lo..hi, as [Int]
// with no name for 0, except that a value outside them is an error worded
// "use a whole number from lo to hi".
func WholeNumber[R any](name, tag, source, summary string, lo, hi int, field func(*R) *int) Option[R] {
	return intOption(name, tag, source, summary, lo, hi, "", true, field)
}

// intOption is Int, or WholeNumber when wordy.
func intOption[R any](name, tag, source, summary string, lo, hi int, none string, wordy bool, field func(*R) *int) Option[R] {
	var values []string
	text := fmt.Sprintf("%d to %d", lo, hi)
	if none != "" {
		values = append(values, none)
		text = fmt.Sprintf("%s, or %d to %d", none, lo, hi)
	}
	for v := lo; v <= hi; v++ {
		values = append(values, strconv.Itoa(v))
	}
	use := text
	if wordy {
		use = fmt.Sprintf("a whole number from %d to %d", lo, hi)
	}
	return Option[R]{
		Name: name, Values: values, Summary: summary, Tag: tag, Source: source, valuesText: text,
		get: func(r *R) string {
			if none != "" && *field(r) == 0 {
				return none
			}
			return strconv.Itoa(*field(r))
		},
		set: func(r *R, v string) error {
			if none != "" && v == none {
				*field(r) = 0
				return nil
			}
			x, err := strconv.Atoi(v)
			if err != nil || x < lo || x > hi {
				return fmt.Errorf("unknown value %q; use %s", v, use)
			}
			*field(r) = x
			return nil
		},
	}
}

// Custom builds an option that reads and writes itself: get returns the
// value, set parses one (leaving r unchanged on error). valuesText
// describes the values for people, where values alone would mislead (a
// list of them, say).
func Custom[R any](name, tag, source, summary, valuesText string, values []string, get func(*R) string, set func(*R, string) error) Option[R] {
	return Option[R]{
		Name: name, Values: values, Summary: summary, Tag: tag, Source: source,
		valuesText: valuesText, get: get, set: set,
	}
}
