package scenarios

import (
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"

	"github.com/wargamesim/sim/engine"
)

// idPattern is what unit ids and scenario names look like: they become
// metric names ("ogres.wounds") and command-line arguments.
var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// ValidID reports whether s may name a unit or a scenario: lowercase
// letters, digits, - and _, starting with a letter or digit.
func ValidID(s string) bool { return idPattern.MatchString(s) }

// Checker collects the validation errors of one decoded file, located by
// field path through the positions [Decode] returned. A game's validator
// embeds it and adds the checks of its own format.
type Checker struct {
	File string
	Pos  Positions
	Errs ErrorList
}

// Add records a problem with the field at path.
func (c *Checker) Add(path, format string, args ...any) {
	c.Errs = append(c.Errs, c.Pos.At(c.File, path, format, args...))
}

// Present reports whether the file gives the field at path.
func (c *Checker) Present(path string) bool {
	_, ok := c.Pos[path]
	return ok
}

// Between checks lo ≤ v ≤ hi for a field that must be given.
func (c *Checker) Between(path string, v, lo, hi int) {
	if !c.Present(path) {
		c.Add(path, "missing; give a whole number from %d to %d", lo, hi)
		return
	}
	c.Optional(path, v, lo, hi)
}

// Optional checks lo ≤ v ≤ hi for a field that may be left out.
func (c *Checker) Optional(path string, v, lo, hi int) {
	if got, ok := c.Unread(path); ok {
		c.addRange(path, "must be a whole number from %d to %d, got %s", lo, hi, got)
		return
	}
	if c.Present(path) && (v < lo || v > hi) {
		c.Add(path, "must be %d to %d, got %d", lo, hi, v)
	}
}

// CheckRoll checks an optional D6 roll against lo+..hi+.
// MaxPoints is the most points a model or unit may cost: far above any
// army's (a few thousand), so that a typo is caught.
const MaxPoints = 100_000

// Points checks a cost in points, when given: 0 to MaxPoints.
func (c *Checker) Points(path string, v float64) {
	if c.Present(path) && (math.IsNaN(v) || v < 0 || v > MaxPoints) {
		c.Add(path, "must be 0..%d points, got %v", MaxPoints, v)
	}
}

func (c *Checker) CheckRoll(path string, r Roll, lo, hi int, what string) {
	if got, ok := c.Unread(path); ok {
		c.addRange(path, "%s must be %d+ to %d+, got %s", what, lo, hi, got)
		return
	}
	if r != 0 && (int(r) < lo || int(r) > hi) {
		c.Add(path, "%s must be %d+ to %d+, got %v", what, lo, hi, r)
	}
}

// Sorted returns the errors in file order.
func (c *Checker) Sorted() ErrorList {
	slices.SortStableFunc(c.Errs, InFileOrder)
	return c.Errs
}

// MaxTrials is the most trials a scenario's trials field may ask for: the
// most one run takes ([engine.MaxTrials]), which is also the bound of the
// --trials flag.
const MaxTrials = engine.MaxTrials

// Header checks what every game's scenario starts with: its name, and its
// trial count when given.
func (c *Checker) Header(name string, trials int64) {
	if name != "" && !ValidID(name) {
		c.Add("name", "%q is not a valid name; use lowercase letters, digits, - and _%s", name, SuchAs(name))
	}
	if !c.UnreadRange("trials", "a whole number from 1 to "+strconv.FormatInt(MaxTrials, 10)) && c.Present("trials") && (trials < 1 || trials > MaxTrials) {
		c.Add("trials", "must be 1 to %d, got %d", MaxTrials, trials)
	}
}

// RuleSetter is what a file needs of a game's ruleset: to set its options
// by name.
type RuleSetter interface {
	Set(name, value, origin string) error
}

// Rules sets the options of a file's rules mapping on rs, in name order,
// reporting each that fails at rules.NAME; it reports whether all were
// set.
func (c *Checker) Rules(rs RuleSetter, rules map[string]string, origin string) bool {
	ok := true
	for _, name := range slices.Sorted(maps.Keys(rules)) {
		if err := rs.Set(name, rules[name], origin); err != nil {
			c.Add(JoinPath("rules", name), "%v", err)
			ok = false
		}
	}
	return ok
}

// SetRules sets a validated file's rules on rs, in name order.
func SetRules(rs RuleSetter, rules map[string]string) error {
	for _, name := range slices.Sorted(maps.Keys(rules)) {
		if err := rs.Set(name, rules[name], "scenario rules"); err != nil {
			return err
		}
	}
	return nil
}

// OrDefault is s, or def when s is empty.
func OrDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
