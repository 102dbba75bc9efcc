package wotr

import "fmt"

// MightPolicy is how a simulated hero spends Might on dice once his
// actions are paid for. Might changes a die by 1 a point, never above 6
// except on table rolls (RULES.md §6.2 item 1, p.65 [S]). A policy is a
// player's choice, not a rule: the scenario names it and reports say it.
type MightPolicy uint8

const (
	// NoMight spends Might on actions only.
	NoMight MightPolicy = iota
	// DuelMight spends on the duel roll: a hero behind spends the least
	// that wins, else the least that ties, if he can; on a tie each hero
	// who can spends one (the commitment is secret and simultaneous,
	// RULES.md §6.3 item 4).
	DuelMight
	// GreedyMight is DuelMight, and also: the duel's winner turns every 5
	// he rolls on the Duel table into a 6 ("fives into sixes", warseer
	// t-195309), and the heroes of a formation that fails a Courage test
	// spend what they can to lessen or cancel the failure.
	GreedyMight
	// DefendMight spends on the duel roll only not to lose it: a hero
	// behind spends the least that ties, if he can (a tie does nothing),
	// and on a tie one point, as DuelMight, lest the other's point win.
	DefendMight
	// SaveMight is DuelMight with the Might his declared actions need in
	// the turns to come kept back: he spends on dice only what is over.
	SaveMight
	numPolicies
)

var policyNames = []string{"none", "duel", "greedy", "defend", "save"}

// PolicyNames lists the Might policies by name.
func PolicyNames() []string { return append([]string(nil), policyNames...) }

func (p MightPolicy) String() string { return policyNames[p] }

// ParsePolicy reads a Might policy's name.
func ParsePolicy(s string) (MightPolicy, error) {
	for i, n := range policyNames {
		if n == s {
			return MightPolicy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown Might policy %q", s)
}

// rollSpend is the Might each hero of a duel spends on his die, given the
// policies, the Might each may spend, the dice kept and the scores before
// spending. It is the whole of the duel-roll decision, shared by the
// simulation and the exact solver.
func rollSpend(pa, pb MightPolicy, ma, mb, da, db, sa, sb int) (xa, xb int) {
	can := func(p MightPolicy, m int) bool { return p != NoMight && m > 0 }
	behind := func(p MightPolicy, m, die, gap int) int {
		if !can(p, m) {
			return 0
		}
		room := min(m, 6-die)
		switch {
		case gap+1 <= room && p != DefendMight:
			return gap + 1 // wins
		case gap <= room:
			return gap // ties
		}
		return 0
	}
	switch {
	case sa == sb:
		if can(pa, ma) && da < 6 {
			xa = 1
		}
		if can(pb, mb) && db < 6 {
			xb = 1
		}
	case sa > sb:
		xb = behind(pb, mb, db, sa-sb)
	default:
		xa = behind(pa, ma, da, sb-sa)
	}
	return xa, xb
}

// courageSpend is what a formation's heroes spend on a failed Courage test
// of dice a and b short by gap, when they may spend m in all: the most
// that helps, each die raised to 6 at most.
func courageSpend(m, a, b, gap int) int {
	return min(m, gap, (6-a)+(6-b))
}
