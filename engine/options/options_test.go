package options

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// rules is a ruleset of every kind of option, for the tests.
type rules struct {
	Mood  mood
	Brave bool
	Dice  int // 1..6
	Cap   int // 0 (none) or 1..10
	Bonus int // 0..5, worded errors
	Tags  []string
}

type mood uint8

var list = List[rules]{
	Enum("mood", "V", "test", "how it feels", []string{"calm", "angry", "sad"}, func(r *rules) *mood { return &r.Mood }),
	Bool("brave", "S", "test", "whether it stands", func(r *rules) *bool { return &r.Brave }),
	Int("dice", "I", "test", "dice rolled", 1, 6, "", func(r *rules) *int { return &r.Dice }),
	Int("cap", "U", "test", "most dice", 1, 10, "none", func(r *rules) *int { return &r.Cap }),
	WholeNumber("bonus", "V", "test", "added", 0, 5, func(r *rules) *int { return &r.Bonus }),
	Custom("tags", "I", "test", "labels", "letters, comma-separated", []string{"a", "b"},
		func(r *rules) string { return strings.Join(r.Tags, ",") },
		func(r *rules, v string) error {
			tags := strings.Split(v, ",")
			for _, t := range tags {
				if t != "a" && t != "b" {
					return errors.New("unknown tag " + t)
				}
			}
			r.Tags = tags
			return nil
		}),
}

func option(t *testing.T, name string) Option[rules] {
	t.Helper()
	o, ok := list.Find(name)
	if !ok {
		t.Fatalf("no option %s", name)
	}
	return o
}

func TestOptionSetGet(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, reason  string
		option, value string
		want          string // what Get reads back, or the error
		fails         bool
	}{
		{"enum", "a value is its index", "mood", "sad", "sad", false},
		{"enum first", "index 0 round-trips", "mood", "calm", "calm", false},
		{"enum unknown", "the error lists the values", "mood", "happy", `unknown value "happy"; use one of calm, angry, sad`, true},
		{"bool yes", "yes is true", "brave", "yes", "yes", false},
		{"bool no", "no is false", "brave", "no", "no", false},
		{"bool true", "only yes and no", "brave", "true", `unknown value "true"; use yes or no`, true},
		{"int", "inside the range", "dice", "6", "6", false},
		{"int low", "below the range", "dice", "0", `unknown value "0"; use 1 to 6`, true},
		{"int text", "not a number", "dice", "two", `unknown value "two"; use 1 to 6`, true},
		{"int none", "none is 0", "cap", "none", "none", false},
		{"int none number", "a number beside none", "cap", "10", "10", false},
		{"int none high", "the error gives none too", "cap", "11", `unknown value "11"; use none, or 1 to 10`, true},
		{"int zero named none", "0 parses and reads back as none", "cap", "0", `unknown value "0"; use none, or 1 to 10`, true},
		{"whole number", "0 is a number here", "bonus", "0", "0", false},
		{"whole number high", "the wordier error", "bonus", "6", `unknown value "6"; use a whole number from 0 to 5`, true},
		{"custom", "the option's own parser", "tags", "b,a", "b,a", false},
		{"custom error", "the option's own error", "tags", "a,c", "unknown tag c", true},
	} {
		o := option(t, c.option)
		r := rules{Dice: 3, Cap: 4, Bonus: 2, Tags: []string{"a"}}
		before := o.Get(&r)
		err := o.Set(&r, c.value)
		switch {
		case c.fails && (err == nil || err.Error() != c.want):
			t.Errorf("%s (%s): Set(%q) = %v, want %q", c.name, c.reason, c.value, err, c.want)
		case c.fails && o.Get(&r) != before:
			t.Errorf("%s (%s): a failed Set changed the value from %q to %q", c.name, c.reason, before, o.Get(&r))
		case !c.fails && err != nil:
			t.Errorf("%s (%s): Set(%q): %v", c.name, c.reason, c.value, err)
		case !c.fails && o.Get(&r) != c.want:
			t.Errorf("%s (%s): Set(%q) reads back %q, want %q", c.name, c.reason, c.value, o.Get(&r), c.want)
		}
	}
}

func TestValues(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		option, reason string
		values         []string
		text           string
	}{
		{"mood", "an enum lists its names", []string{"calm", "angry", "sad"}, "calm, angry, sad"},
		{"brave", "yes first", []string{"yes", "no"}, "yes, no"},
		{"dice", "a range is described, not listed", []string{"1", "2", "3", "4", "5", "6"}, "1 to 6"},
		{"cap", "none comes first", []string{"none", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}, "none, or 1 to 10"},
		{"bonus", "as Int without none", []string{"0", "1", "2", "3", "4", "5"}, "0 to 5"},
		{"tags", "the custom description", []string{"a", "b"}, "letters, comma-separated"},
	} {
		o := option(t, c.option)
		if !slices.Equal(o.Values, c.values) || o.ValuesText() != c.text {
			t.Errorf("%s (%s): values %q, text %q; want %q, %q", c.option, c.reason, o.Values, o.ValuesText(), c.values, c.text)
		}
	}
}

// Every value an option lists is one Set takes and Get reads back.
func TestEveryValueRoundTrips(t *testing.T) {
	t.Parallel()
	for _, o := range list {
		for _, v := range o.Values {
			var r rules
			if err := o.Set(&r, v); err != nil || o.Get(&r) != v {
				t.Errorf("%s = %s: error %v, reads back %q", o.Name, v, err, o.Get(&r))
			}
		}
	}
}
