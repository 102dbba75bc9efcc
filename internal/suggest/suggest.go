// Package suggest finds the name a user most likely meant, for "did you
// mean" in error messages: a misspelt option, field or value.
package suggest

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Nearest returns the name in names closest to s by case-insensitive
// edit distance, or "" when none is close: within 2 edits (and fewer
// edits than the name has letters, so that "ab" does not suggest "xy"),
// or differing only in case. Of equally close names the first wins.
func Nearest(s string, names []string) string {
	best, bestDist := "", math.MaxInt
	ls := strings.ToLower(s)
	for _, name := range names {
		dist := Distance(ls, strings.ToLower(name))
		near := dist == 0 || dist <= 2 && dist < utf8.RuneCountInString(name)
		if near && dist < bestDist {
			best, bestDist = name, dist
		}
	}
	return best
}

// Distance is the Levenshtein distance between a and b, counted in runes:
// the fewest insertions, deletions and substitutions that turn a into b.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
