package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// decide settles combat c's round (docs/rules.md, "Winner", "Break tests,
// unit by unit", "A friend breaking nearby", "Flee and pursuit with
// several winners and losers").
func (b *brawl) decide(c combatSet, cr [2]int, events []bool) {
	winner := b.winner(c, cr)
	for i := range b.units {
		if c.in[i] {
			b.lastWon[i] = winner
		}
	}
	b.markWiped(c, events)
	if winner >= 0 {
		// An army left standing alone wins whatever the totals: by 1 at
		// least (its beaten foes are wiped out and take no test).
		b.breakTests(c, 1-winner, max(cr[winner]-cr[1-winner], 1), events)
	}
	b.panic(c, events)
	b.pursue(c, winner, events)
}

// winner is the army that won combat c's round, or -1: an army wiped out
// loses outright (both: a draw); else the higher total (a musician's +1 is
// already in cr: onwards).
func (b *brawl) winner(c combatSet, cr [2]int) int {
	s0, s1 := b.armyStands(c, 0), b.armyStands(c, 1)
	switch {
	case !s0 && !s1:
		return -1
	case !s1:
		return 0
	case !s0:
		return 1
	case cr[0] > cr[1]:
		return 0
	case cr[1] > cr[0]:
		return 1
	}
	return -1
}

// onwards is combat c's results cr with the musician's +1 on a tie, for
// the one army with a musician in the front rank of "one or more of its
// units" (tow.whfb.app command-groups/onwards-to-victory; 8th.whfb.app
// command-groups/onwards-men).
func (b *brawl) onwards(c combatSet, cr [2]int) [2]int {
	m0, m1 := b.musician(c, 0), b.musician(c, 1)
	if b.rs.MusicianWinsDraws && cr[0] == cr[1] && m0 != m1 {
		cr[b2i(m1)]++
	}
	return cr
}

// markWiped records the units of c slain to the last model this round.
func (b *brawl) markWiped(c combatSet, events []bool) {
	for i := range b.units {
		if s := &b.us[i]; c.in[i] && s.state == fighting && b.figures(i) == 0 {
			s.state, s.wiped = destroyed, true
			events[b.out.destroyed+i] = true
		}
	}
}

// breakTests: "a separate Break test for every unit involved", each at the
// side's difference, on its own Leadership; "some may break and flee
// whilst others stand their ground" (6th.whfb.app close-combat/losers-
// take-a-break-test). The losing army's units of c test in unit order.
// Under break_test: three_outcomes (The Old World) a unit that falls back
// in good order leaves the fight once all have tested, and is not pursued;
// the Unit Strengths of "more than twice" are counted as the tests begin
// (docs/rules.md, "Several units in one combat", Break tests (tow) [I]).
func (b *brawl) breakTests(c combatSet, loser, diff int, events []bool) {
	us := b.armyStrengths(c)
	twice := us[1-loser] > 2*us[loser]
	for i := range b.units {
		if b.us[i].army != loser || !b.standing(c, i) {
			continue
		}
		switch b.breakTest(c, i, diff, twice) {
		case breaksAndFlees:
			b.us[i].broke = true
			events[b.out.breaks+i] = true
		case fallsBack:
			b.us[i].fallsBack = true
			events[b.out.fallsBack+i] = true
		}
	}
	for i := range b.units {
		if b.us[i].fallsBack {
			b.us[i].state = fellBack
		}
	}
}

// breakTest takes unit i's break test after losing combat c by diff
// (RULES.md §2.11, §3.1, §4): Unbreakable never breaks (The Old World:
// gives ground); Stubborn under three_outcomes falls back without a test;
// the Fear break (fearBreaks); else 2D6 against Leadership minus the
// difference (Terror: Leadership -1 for both comparisons, README
// Question 7), on unmodified Leadership if Stubborn or Steadfast; a
// double 1 passes (insane_courage); the battle standard re-rolls a break.
// twice: the winners' Unit Strength is more than twice the losers'.
func (b *brawl) breakTest(c combatSet, i, diff int, twice bool) breakResult {
	rs, s := b.rs, &b.us[i]
	if s.f.Unbreakable {
		return holds
	}
	if rs.BreakTest == warhammer.BreakThreeWays && s.f.Stubborn {
		return fallsBack // "Stubborn falls back without a test" (docs/rules.md)
	}
	if b.fearBreaks(c, i) {
		// 7th: "an act of Insane Courage will keep such units in the
		// fight" (7th.whfb.app psychology/defeated-by-fear-causing-enemy):
		// a double 1 (fear_break_insane_courage).
		if rs.FearBreakInsaneCourage {
			if x, y := b.d.d6(), b.d.d6(); x == 1 && y == 1 {
				return holds
			}
		}
		return breaksAndFlees
	}
	ld := b.heroLd(i)
	if rs.Terror && b.terrified(c, i) {
		ld--
	}
	target := ld - diff
	if s.f.Stubborn || rs.Steadfast && b.steadfast(c, i) {
		target = ld
	}
	r := b.rollBreak(ld, target, twice)
	if r == breaksAndFlees && s.f.BattleStandard && rs.BSBReroll {
		r = b.rollBreak(ld, target, twice)
	}
	return r
}

// rollBreak rolls one break test: 2D6, a double 1 holding under
// insane_courage; break_or_hold: held on the target or less; three
// outcomes (The Old World): above the Leadership breaks, at most the
// target gives ground (holds), else falls back in good order, or breaks
// if the winners are more than twice as strong (RULES.md §4).
func (b *brawl) rollBreak(ld, target int, twice bool) breakResult {
	x, y := b.d.d6(), b.d.d6()
	switch {
	case b.rs.InsaneCourage && x == 1 && y == 1:
		return holds
	case b.rs.BreakTest != warhammer.BreakThreeWays:
		if x+y <= target {
			return holds
		}
		return breaksAndFlees
	case x+y > ld:
		return breaksAndFlees
	case x+y <= target:
		return holds
	case twice:
		return breaksAndFlees
	}
	return fallsBack
}

// steadfast reports whether unit i is Steadfast (8th): "on a unit by unit
// basis", more ranks (of rank_bonus_width models, monstrous_rank_width
// for monstrous troops, the front one counting) than the enemy unit with
// the most ranks in combat c, every enemy unit still fighting counting,
// disrupted or not (8th.whfb.app close-combat/steadfast-multiple-close-
// combats; docs/rules.md, Steadfast (8th)).
func (b *brawl) steadfast(c combatSet, i int) bool {
	most := 0
	for j := range b.units {
		if b.us[j].army != b.us[i].army && b.standing(c, j) {
			most = max(most, b.ranksOf(j))
		}
	}
	return b.ranksOf(i) > most
}

// fearBreaks is the Fear break (fear: auto_break_when_outnumbered): a unit
// that fears the winners is broken without a test if "its Unit Strength
// is lower than the victorious enemy" (6th.whfb.app psychology/defeated-
// by-fear-causing-enemy). fear_break_compare: unit_vs_fear_causers
// compares the losing unit's own Unit Strength with the Fear-causing
// winners in contact with it together; side_vs_fear_causers "the
// combined unit strength of the units on the losing side" with "the
// combined unit strength of all Fear-causing enemy units on the winning
// side" (7th.whfb.app, same page), those still fighting in combat c
// (docs/rules.md, "Several units in one combat", Fear).
func (b *brawl) fearBreaks(c combatSet, i int) bool {
	if b.rs.Fear != warhammer.FearAutoBreak || !subjectToFear(b.us[i].f, &warhammer.Fighter{CausesFear: true}) {
		return false
	}
	side := b.rs.FearBreakCompare == warhammer.FearSideVsCausers
	causers := 0
	for j := range b.units {
		if b.us[j].army != b.us[i].army && b.standing(c, j) && causesFear(b.us[j].f) && (side || b.live(i, j)) {
			causers += b.unitStrength(j)
		}
	}
	mine := b.unitStrength(i)
	if side {
		mine = b.armyStrengths(c)[b.us[i].army]
	}
	return causers > 0 && mine < causers
}

// terrified reports whether a Terror-causer of the winning army is in
// combat c and unit i does not cause Terror (terror, RULES.md §4).
func (b *brawl) terrified(c combatSet, i int) bool {
	for j := range b.units {
		if b.us[j].army != b.us[i].army && b.standing(c, j) && b.us[j].f.CausesTerror {
			return !b.us[i].f.CausesTerror
		}
	}
	return false
}

// panic takes friend_breaks_panic: in_combat. Once all Break tests are
// taken, "before fleeing troops are moved", each remaining unit within 6"
// of friends that broke or were wiped out tests Panic (6th.whfb.app
// close-combat/panic-tests-for-breaks), every friend still fighting in
// the same combat counting as within 6"; one that fails flees "and is
// pursued as a broken unit"; Unbreakable units pass; the battle standard
// re-rolls as for a Fear test; "a panicked unit causes no further Panic"
// (docs/rules.md, friend_breaks_panic). A Panic test is 2D6 against
// Leadership, unmodified (6th.whfb.app psychology/taking-psychology-tests).
func (b *brawl) panic(c combatSet, events []bool) {
	if b.rs.FriendBreaksPanic != warhammer.PanicInCombat {
		return
	}
	var cause [2]bool
	for i := range b.units {
		if c.in[i] && (b.us[i].broke || b.us[i].wiped) {
			cause[b.us[i].army] = true
		}
	}
	for i := range b.units {
		s := &b.us[i]
		if !cause[s.army] || !b.standing(c, i) || s.broke || s.f.Unbreakable {
			continue
		}
		if !b.ldTest(i, b.rs.BSBReroll && b.rs.BSBRerollFear) {
			s.broke = true
			events[b.out.panics[i]] = true
		}
	}
}

// ldTest is a Leadership test: 2D6, passed on the Leadership or less,
// re-rolled once with the battle standard where reroll says so.
func (b *brawl) ldTest(i int, reroll bool) bool {
	ld := b.heroLd(i)
	if b.d.twoD6() <= ld {
		return true
	}
	return reroll && b.us[i].f.BattleStandard && b.d.twoD6() <= ld
}

// pursue flees every unit of c that broke or panicked, and sends the
// winners after them (pursuit): a winner pursues only "if all the enemies
// it is fighting flee" (6th.whfb.app close-combat/pursuit), or if one of
// them does where pursue_while_engaged says so. catch_every_fleeing_foe:
// one roll against each fleeing unit it touched (7th.whfb.app
// close-combat/multiple-fleeing-and-pursuing); one_each_largest: one of
// them, the highest Unit Strength (the first listed of equal); none: no
// pursuit. A fleeing unit is caught, and destroyed, if any pursuer's roll
// equals or beats its flee roll (docs/rules.md, pursuit). Pursuers leave
// the combat; the dice: each pursuer's roll in unit order, then each
// fleeing unit's (docs/plans/issue-30 §2.3).
func (b *brawl) pursue(c combatSet, winner int, events []bool) {
	var chases [warhammer.MaxUnits][warhammer.MaxUnits]bool // pursuer, fleeing unit
	var roll [warhammer.MaxUnits]int
	if winner >= 0 && b.rs.Pursuit != warhammer.PursueNone {
		for i := range b.units {
			if b.us[i].army == winner && b.standing(c, i) && !b.us[i].broke && b.pursues(i, &chases[i]) {
				roll[i] = b.fleeRoll(i)
			}
		}
	}
	for j := range b.units {
		s := &b.us[j]
		if !c.in[j] || !s.broke {
			continue
		}
		s.state = fled
		flee := b.fleeRoll(j)
		for i := range b.units {
			if chases[i][j] && roll[i] >= flee {
				s.state = destroyed
				events[b.out.caught+j], events[b.out.destroyed+j] = true, true
			}
		}
	}
	for i := range b.units {
		if roll[i] > 0 {
			b.us[i].state = left
		}
	}
}

// pursues reports whether unit i pursues, and marks in chases the fleeing
// units it chases.
func (b *brawl) pursues(i int, chases *[warhammer.MaxUnits]bool) bool {
	some, all := false, true
	best := -1
	for _, j := range b.links.of(i) {
		if !b.live(i, j) {
			continue
		}
		if !b.us[j].broke {
			all = false
			continue
		}
		some = true
		chases[j] = b.rs.Pursuit == warhammer.PursueEveryFleeingFoe
		if best < 0 || b.unitStrength(j) > b.unitStrength(best) {
			best = j
		}
	}
	if !some || !all && !b.rs.PursueWhileEngaged {
		*chases = [warhammer.MaxUnits]bool{}
		return false
	}
	if b.rs.Pursuit == warhammer.PursueOneLargest {
		chases[best] = true
	}
	return true
}

// fleeRoll is unit i's flee or pursuit roll (resolution.go's fleeRoll).
func (b *brawl) fleeRoll(i int) int {
	d := b.d
	if !b.rs.CavalryFleeTypes.Has(b.us[i].f.Type) {
		return d.twoD6()
	}
	switch b.rs.CavalryFlee {
	case warhammer.Flee3D6:
		return d.d6() + d.d6() + d.d6()
	case warhammer.Flee3D6DropLowest:
		x, y, z := d.d6(), d.d6(), d.d6()
		return x + y + z - min(x, y, z)
	}
	return d.twoD6()
}

// leaveWithoutFoes: "a unit left with no enemy in contact leaves the
// combat" (left_without_foes: leave; The Old World: "ceases to be part of
// the combat").
func (b *brawl) leaveWithoutFoes() {
	for i := range b.units {
		if b.us[i].state != fighting {
			continue
		}
		foes := false
		for _, j := range b.links.of(i) {
			foes = foes || b.live(i, j)
		}
		if !foes {
			b.us[i].state = left
		}
	}
}
