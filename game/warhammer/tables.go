package warhammer

// CloseCombatToHit returns the D6 score a model of weapon skill ws needs to
// hit a model of weapon skill target in close combat: 3+ against a lower WS,
// 5+ against more than double, 4+ otherwise. This formula reproduces every
// cell of the 6th-8th edition chart (RULES.md §2.4 [V]; 6th.whfb.app,
// appendix eight, close combat p.66). Both skills are 1..10.
func CloseCombatToHit(ws, target int) int {
	switch {
	case ws > target:
		return 3
	case target > 2*ws:
		return 5
	}
	return 4
}

// ShootingToHit returns the D6 score needed to hit with ballistic skill bs
// (1..10) and the sum of the to-hit modifiers mod (negative for penalties,
// e.g. -1 at long range): 7 - bs - mod. Results above 6 use the 7+
// procedure (a 6, then 4+, 5+ or 6 for 7, 8 or 9; 10 or more cannot hit) and
// a natural 1 always misses (RULES.md §2.5 [V]).
func ShootingToHit(bs, mod int) int {
	return 7 - bs - mod
}

// ToWound returns the D6 score Strength s (1..10) needs to wound Toughness t
// (1..10), and false when the chart says "N": the target cannot be wounded
// at all. The need is 4+ at S = T, one lower per point of S above T (to 2+),
// one higher per point of T above S (to 6+), and N when T exceeds S by 4 or
// more (seed 002, "Wounding"; RULES.md §2.6, checked cell by cell in tests).
func ToWound(s, t int) (need int, ok bool) {
	d := t - s
	if d >= 4 {
		return 0, false
	}
	return min(max(4+d, 2), 6), true
}

// ArmourModifier returns how much Strength s worsens an armour save: one per
// point above 3 (seed 002, "Armour save modifier"; RULES.md §2.7.2).
func ArmourModifier(s int) int {
	return max(0, s-3)
}

// ToHit returns the close-combat need of weapon skill ws against target
// under rs's to-hit chart: CloseCombatToHit, or with The Old World's 2+
// column, 2+ against a target of less than half the WS (RULES.md §4 [V]).
func (rs *Ruleset) ToHit(ws, target int) int {
	if rs.ToHitChart == HitChart2To5 && ws > 2*target {
		return 2
	}
	return CloseCombatToHit(ws, target)
}

// ToWound returns the need of Strength s against Toughness t under rs:
// the chart of ToWound, whose 6+ reaches as far as too_tough_to_wound
// says (6th-8th: T - S of 4 cannot wound; The Old World: 6, RULES.md §4).
func (rs *Ruleset) ToWound(s, t int) (need int, ok bool) {
	if t-s >= rs.TooTough {
		return 0, false
	}
	return min(max(4+t-s, 2), 6), true
}
