package wotr

import (
	"fmt"
	"strings"
)

// toHitChart is the To Hit chart, Strength (rows) against Defence
// (columns), 1..10 each, as RULES.md §6.5 tabulates it: the LotR SBG
// Strength-against-Defence chart that every known War of the Ring data
// point matches (rules/wotr.md §3, [S]). "6/4" is a 6 and then a 4+; "-"
// cannot hit.
var toHitChart = [10]string{
	"4 5 5 6 6 6/4 6/5 6/6 - -",
	"4 4 5 5 6 6 6/4 6/5 6/6 -",
	"3 4 4 5 5 6 6 6/4 6/5 6/6",
	"3 3 4 4 5 5 6 6 6/4 6/5",
	"3 3 3 4 4 5 5 6 6 6/4",
	"3 3 3 3 4 4 5 5 6 6",
	"3 3 3 3 3 4 4 5 5 6",
	"3 3 3 3 3 3 4 4 5 5",
	"3 3 3 3 3 3 3 4 4 5",
	"3 3 3 3 3 3 3 3 4 4",
}

// ladder is the order modifiers move a to-hit result along (rules/wotr.md
// §3: "6+/4+ with +1 → 6+"): index 0 is 2+, 8 cannot hit.
var ladder = [9]string{"2", "3", "4", "5", "6", "6/4", "6/5", "6/6", "-"}

// ladderHit36 is the chance of a hit at each ladder step, in 36ths: a 6/x
// result is (1/6)·P(x+).
var ladderHit36 = [9]int{30, 24, 18, 12, 6, 3, 2, 1, 0}

// chart holds toHitChart as ladder indices.
var chart [10][10]int

func init() {
	for s, row := range toHitChart {
		cells := strings.Fields(row)
		if len(cells) != 10 {
			panic(fmt.Sprintf("wotr: To Hit chart row S%d has %d cells", s+1, len(cells)))
		}
		for d, c := range cells {
			i := ladderIndex(c)
			if i < 0 {
				panic(fmt.Sprintf("wotr: To Hit chart S%d D%d: %q is not on the ladder", s+1, d+1, c))
			}
			chart[s][d] = i
		}
	}
}

func ladderIndex(c string) int {
	for i, l := range ladder {
		if l == c {
			return i
		}
	}
	return -1
}

// diagonal is the chart's pattern: the result depends on Defence minus
// Strength alone (checked cell by cell in tests). It extends the chart to a
// Defence above 10, which a shield can give.
func diagonal(k int) int {
	switch {
	case k <= -2:
		return 1 // 3+
	case k <= 0:
		return 2 // 4+
	case k <= 2:
		return 3 // 5+
	case k <= 4:
		return 4 // 6+
	}
	return min(8, k) // 5 → 6/4, 6 → 6/5, 7 → 6/6, 8 and more cannot hit
}

// ToHit returns the ladder step a die needs: Strength s against Defence d
// with modifier mod (positive helps), no better than floor. s is 1..10; d
// is 1 or more.
func ToHit(s, d, mod int, floor Floor) int {
	var i int
	if s >= 1 && s <= 10 && d >= 1 && d <= 10 {
		i = chart[s-1][d-1]
	} else {
		i = diagonal(d - s)
	}
	i = max(0, min(8, i-mod)) // "-" is the ladder's last step: +1 makes it 6/6
	if floor == Floor3 && i < 1 {
		i = 1
	}
	return i
}

// LadderText writes a ladder step as the chart does: "5+", "6/4", "-".
func LadderText(i int) string {
	if i < 0 || i > 8 {
		panic(fmt.Sprintf("wotr: ladder step %d", i))
	}
	if i <= 4 {
		return ladder[i] + "+"
	}
	return ladder[i]
}

// Hit36 is the chance a die hits at ladder step i, in 36ths.
func Hit36(i int) int { return ladderHit36[i] }

// duelFace is what one die on the Duel table does to the loser: hits on
// him and hits on his formation.
type duelFace struct{ hero, formation int }

// duelTables are the three layouts of rules/wotr.md §1 that fit the pinned
// marginals (hero 0/1/2 hits with p 1/2, 1/3, 1/6; formation 0 or 2 hits
// with p 1/2 each), faces 1..6.
var duelTables = [3][7]duelFace{
	DuelM2: {{}, {0, 0}, {0, 2}, {0, 2}, {1, 0}, {1, 0}, {2, 2}},
	DuelM1: {{}, {0, 0}, {0, 0}, {0, 0}, {1, 2}, {1, 2}, {2, 2}},
	DuelM3: {{}, {0, 2}, {0, 2}, {0, 2}, {1, 0}, {1, 0}, {2, 0}},
}

// htkStep is one roll on the Hard to Kill table (rules/wotr.md §5): face
// plus the wound counters already there, less one when Very Hard to Kill;
// 1 nothing, 2-3 one counter, 4-5 two, 6 or more removes the model.
func htkStep(counters, face int, very bool) (int, bool) {
	r := face + counters
	if very {
		r--
	}
	switch {
	case r >= 6:
		return counters, true
	case r >= 4:
		return counters + 2, false
	case r >= 2:
		return counters + 1, false
	}
	return counters, false
}

// Courage test and Panic table (rules/wotr.md §6, Quick Start [V]).
const (
	courageTarget = 10 // 2D6 + highest Courage of 10 or more passes
	dismayFace    = 1  // Onset of Dismay
	steadfastOn   = 6  // the warriors hold
)
