package warhammer

import "github.com/wargamesim/sim/engine"

// combatResult is army i's combat result this round (RULES.md §2.10,
// §3.1), in a fight of two units unit i's: the wounds it caused (after
// Regeneration, Killing Blows as the ruleset scores them), its rank bonus,
// standards, outnumbering, high ground, the charge, and attacking a flank
// or the rear with Unit Strength flank_bonus_unit_strength or more.
func (t *fightTrial) combatResult(i, round int) int {
	f, rs := t.f, t.f.rs
	sd, me := f.sides[i], f.unit(i)
	cr := t.overkill[i]
	foe := t.st[sd.enemy]
	for m := range foe {
		cr += foe[m].scored
	}
	if !t.standing(i) {
		return cr
	}
	if !t.disrupted(i) {
		cr += t.rankBonus(i)
	}
	std := 0
	if me.Standard && t.st[i][0].alive > 0 {
		std = 1 // the standard bearer falls with the last of the rank and file
	}
	if t.battleStandard(i) {
		if rs.BattleStandard == BSBExtra {
			std++
		} else {
			std = 1 // +1 in all, however many standards (6th)
		}
	}
	cr += std
	if rs.OutnumberBonus && t.unitStrength(i) > t.unitStrength(sd.enemy) {
		cr++
	}
	if rs.MassedInfantry && me.Type == Infantry && t.unitStrength(i) > t.unitStrength(sd.enemy) {
		cr++ // Massed Infantry (The Old World, RULES.md §4)
	}
	if rs.HighGroundBonus && f.cc.HighGround == sd.army {
		cr++
	}
	if sd.charging {
		if rs.ChargeBonus && round == 1 {
			cr++
		}
		if t.unitStrength(i) >= rs.FlankBonusUnitStrength {
			// A flanker reduced below flank_bonus_unit_strength "can't
			// claim" the bonus (6th.whfb.app faq/close-combat, Warhammer
			// Chronicles 2004 p.112).
			switch sd.at {
			case Flank:
				cr++
			case Rear:
				cr += 2
			}
		}
	}
	return cr
}

// unitStrength is unit i's Unit Strength now: its models', characters
// included (6th.whfb.app units/unit-strength).
func (t *fightTrial) unitStrength(i int) int {
	us := 0
	st, mbs := t.st[i], t.f.sides[i].members
	for m := range st {
		us += st[m].alive * mbs[m].us
	}
	return us
}

// models is how many models unit i has standing, characters included,
// for its ranks ("whether that space is filled with a rank and file model
// or a character", 6th.whfb.app characters/characters-in-units); at the
// start of the round when atStart.
func (t *fightTrial) models(i int, atStart bool) int {
	n := 0
	st := t.st[i]
	for m := range st {
		if atStart {
			n += st[m].startAlive
		} else {
			n += st[m].alive
		}
	}
	return n
}

// battleStandard reports whether unit i has the army's battle standard:
// with the unit, or carried by one of its characters who stands and has
// not retired from a challenge.
func (t *fightTrial) battleStandard(i int) bool {
	if t.f.unit(i).BattleStandard {
		return true
	}
	if !t.f.sides[i].bsbChar {
		return false
	}
	for m := 1; m < len(t.st[i]); m++ {
		if t.f.sides[i].members[m].char.BattleStandard && t.st[i][m].alive > 0 && !t.st[i][m].retired {
			return true
		}
	}
	return false
}

// ld is unit i's Leadership now: the best of its rank and file's, its
// characters' that stand and have not retired from a challenge
// (6th.whfb.app characters/independent-characters-joining-units;
// 7th.whfb.app psychology/using-superior-leadership), and a General's
// within 12" (GeneralLd). A champion lends his only when he is all that
// is left; with no one to lend one (its rank and file slain, its only
// character retired), the unit tests on its own.
func (t *fightTrial) ld(i int) int {
	me := t.f.unit(i)
	ld := me.GeneralLd
	if t.st[i][0].alive > 0 {
		ld = max(ld, me.Profile.Ld)
	}
	champion := 0
	for m := 1; m < len(t.st[i]); m++ {
		s, mb := &t.st[i][m], &t.f.sides[i].members[m]
		switch {
		case s.alive == 0 || s.retired:
		case mb.char.Champion:
			champion = mb.f.Profile.Ld
		default:
			ld = max(ld, mb.f.Profile.Ld)
		}
	}
	if ld == 0 {
		ld = champion
	}
	if ld == 0 {
		ld = me.Profile.Ld
	}
	return ld
}

// rankBonus is unit i's rank bonus: its ranks behind the first, counted
// at the start or the end of the round as the ruleset says, of
// rank_bonus_width models (monstrous_rank_width) up to +3, or of its troop
// type's width up to its maximum (rank_bonus: by_troop_type, The Old
// World's table, rankRule).
func (t *fightTrial) rankBonus(i int) int {
	rs, me := t.f.rs, t.f.unit(i)
	n := t.models(i, rs.RankCounted == RanksAtStart)
	width, most := t.rankWidth(&me.Fighter), 3
	if rs.RankBonus == RanksByTroopType {
		width, most = rankRule(me.Type, rs.weightOf(me.Type, me.Weight))
		if width == 0 {
			return 0
		}
	}
	return min(most, max(0, ranksOf(n, me.Frontage, width)-1))
}

// rankWidth is how many models a rank of f needs to count.
func (t *fightTrial) rankWidth(f *Fighter) int {
	if f.monstrous() {
		return t.f.rs.MonstrousRankWidth
	}
	return t.f.rs.RankWidth
}

// ranksOf counts the ranks of at least width models in a unit of n models
// in ranks of frontage, the front rank included; an incomplete rear rank
// counts if it is wide enough.
func ranksOf(n, frontage, width int) int {
	if frontage < width {
		return 0
	}
	r := n / frontage
	if n%frontage >= width {
		r++
	}
	return r
}

// disrupted reports whether unit i, charged in the flank or rear, has lost
// its rank bonus: the charger has Unit Strength 5 (6th) or two ranks of at
// least five models (8th). A unit of a fight of several units is
// disrupted by the enemies in its flanks and rear (disruptedBy). The
// charger is counted now, when the combat result is worked out at the end
// of the round, as the 6th FAQ counts the flank bonus (docs/rules.md
// flank_cancels_ranks [I]): one cut below Unit Strength 5 in the round
// leaves the ranks, even where they were counted at its start.
func (t *fightTrial) disrupted(i int) bool {
	f := t.f
	if !f.sides[i].flanked {
		return false
	}
	if f.several {
		return t.disruptedBy(i)
	}
	c := f.sides[i].enemy // the unit in its flank or rear: in a fight of two, the other
	if f.rs.FlankCancelsRanks == FlankTwoRanksOf5 {
		return ranksOf(t.models(c, false), f.unit(c).Frontage, 5) >= 2
	}
	return t.unitStrength(c) >= t.disruptionStrength(i)
}

// disruptionStrength is the Unit Strength an enemy in unit i's flank or
// rear needs to take away its rank bonus: 5, or 10 against heavy infantry
// (Steady in the Ranks, tow.whfb.app troop-types-in-detail).
func (t *fightTrial) disruptionStrength(i int) int {
	f, me := t.f, t.f.unit(i)
	if f.rs.RankBonus == RanksByTroopType && me.Type == Infantry && f.rs.weightOf(me.Type, me.Weight) == Heavy {
		return 10
	}
	return 5
}

// winner returns the army that won the round and by how much, or -1 for a
// draw (in a fight of two units, army i is unit i). A musician's +1 is
// already in cr (musicianBonus).
func (t *fightTrial) winner(cr [2]int) (side, margin int) {
	switch {
	case cr[0] > cr[1]:
		return 0, cr[0] - cr[1]
	case cr[1] > cr[0]:
		return 1, cr[1] - cr[0]
	}
	return -1, 0
}

// musicianBonus is the round's combat results cr with the musician's +1:
// "If, once the combat result has been calculated, both sides have the
// exact same number of points each, the side that has a musician in the
// front rank of one or more of its units may claim a bonus of +1 combat
// result point", and neither side when both have one (tow.whfb.app
// command-groups/onwards-to-victory; docs/rules.md, musician_wins_draws).
// A musician falls with the last of the rank and file.
func (t *fightTrial) musicianBonus(cr [2]int) [2]int {
	if !t.f.rs.MusicianWinsDraws || cr[0] != cr[1] {
		return cr
	}
	var music [2]bool
	if t.f.several {
		for a := range music {
			for _, u := range t.f.armies[a] {
				music[a] = music[a] || t.inCombat(u) && t.f.unit(u).Musician && t.st[u][0].alive > 0
			}
		}
	} else {
		for a := range music {
			music[a] = t.f.unit(a).Musician && t.st[a][0].alive > 0
		}
	}
	if music[0] != music[1] {
		cr[b2i(music[1])]++
	}
	return cr
}

// breaks takes the break test of loser l, beaten by w by margin, and
// reports whether it breaks (RULES.md §2.11, §3.1).
func (t *fightTrial) breaks(d *engine.Dice, l, w, margin int) bool {
	switch test, target := t.breakTest(l, w, margin); test {
	case holds:
		return false
	case breaksOutright:
		// fear_break_insane_courage: "an act of Insane Courage will keep
		// such units in the fight" (7th.whfb.app
		// psychology/defeated-by-fear-causing-enemy): a double 1 on 2D6.
		return !(t.f.rs.FearBreakInsaneCourage && t.insaneCourage(d))
	default:
		return !t.leadership(d, l, target, t.f.rs.InsaneCourage)
	}
}

// insaneCourage rolls 2D6 for Insane Courage alone: a double 1.
func (t *fightTrial) insaneCourage(d *engine.Dice) bool {
	if t.x != nil {
		return t.x.pass(1.0 / 36)
	}
	a, b := d.D6(), d.D6()
	return a == 1 && b == 1
}

// breakResult is how a loser's break test ends.
type breakResult uint8

const (
	givesGround    breakResult = iota // it holds (6th-8th) or gives ground (The Old World): the fight goes on
	fallsBack                         // it falls back in good order (The Old World): the fight is over, no pursuit
	breaksAndFlees                    // it breaks and flees, and the winner pursues
)

// breakOutcome takes the break test of loser l, beaten by w by margin
// (RULES.md §2.11, §3.1, §4). Under break_or_hold it breaks or holds
// (breaks). Under three_outcomes (The Old World) 2D6 are rolled once: a
// natural roll above the Leadership breaks it; one within it that the
// margin takes above makes it fall back in good order, or break where
// the winner has more than twice its Unit Strength; the rest, and a
// double 1 under insane_courage, give ground. A battle standard re-rolls
// a break where battle_standard_reroll says so (a fall back is kept).
// Stubborn tests on unmodified Leadership, so it breaks or gives ground;
// an Unbreakable unit gives ground; a Terror-causing winner takes 1 from
// the loser's Leadership (terror).
func (t *fightTrial) breakOutcome(d *engine.Dice, l, w, margin int) breakResult {
	rs := t.f.rs
	if rs.BreakTest == BreakOrHold {
		if t.breaks(d, l, w, margin) {
			return breaksAndFlees
		}
		return givesGround
	}
	switch test, target := t.breakTest(l, w, margin); test {
	case holds:
		return givesGround
	case breaksOutright:
		return breaksAndFlees
	default:
		if t.f.unit(l).Stubborn {
			// The Old World's Stubborn: the first Break test may be
			// skipped for an automatic Fall Back in Good Order, whatever
			// the Unit Strengths (tow.whfb.app special-rules/stubborn);
			// the unit takes it, and the fight ends there.
			return fallsBack
		}
		mod := t.ld(l) - target // the margin
		ld := t.ld(l) - t.terror(l, w)
		outnumbered := t.outnumberedTwice(l, w)
		reroll := rs.BSBReroll && t.battleStandard(l)
		if t.x != nil {
			p := threeWays(ld, mod, rs.InsaneCourage, outnumbered, reroll)
			return breakResult(t.x.pick(p[:]))
		}
		r := rollThreeWays(d, ld, mod, rs.InsaneCourage, outnumbered)
		if r == breaksAndFlees && reroll {
			r = rollThreeWays(d, ld, mod, rs.InsaneCourage, outnumbered)
		}
		return r
	}
}

// outnumberedTwice reports whether winner w has more than twice loser
// l's Unit Strength, so that a fall back in good order breaks instead; in
// a fight of several units w is an army, and "the winning side's Unit
// Strength, all units added" is set against the losing side's
// (tow.whfb.app the-combat-phase/loser-falls-back-in-good-order), every
// unit still fighting when the break tests begin.
func (t *fightTrial) outnumberedTwice(l, w int) bool {
	if t.f.several {
		return t.armyStrength(w) > 2*t.armyStrength(t.f.sides[l].army)
	}
	return t.unitStrength(w) > 2*t.unitStrength(l)
}

// rollThreeWays rolls The Old World's break test at Leadership ld and
// margin mod (breakOutcome).
func rollThreeWays(d *engine.Dice, ld, mod int, insane, outnumbered bool) breakResult {
	a, b := d.D6(), d.D6()
	return threeWay(a, b, ld, mod, insane, outnumbered)
}

// threeWay is the outcome of dice a and b in The Old World's break test.
func threeWay(a, b, ld, mod int, insane, outnumbered bool) breakResult {
	n := a + b
	switch {
	case insane && a == 1 && b == 1:
		return givesGround
	case n > ld:
		return breaksAndFlees
	case n+mod > ld && outnumbered:
		return breaksAndFlees
	case n+mod > ld:
		return fallsBack
	}
	return givesGround
}

// threeWays is the chance of each breakResult of The Old World's break
// test (rollThreeWays), a break re-rolled once when reroll says so.
func threeWays(ld, mod int, insane, outnumbered, reroll bool) [3]float64 {
	var once [3]float64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			once[threeWay(a, b, ld, mod, insane, outnumbered)] += 1.0 / 36
		}
	}
	if !reroll {
		return once
	}
	broke := once[breaksAndFlees]
	return [3]float64{once[0] + broke*once[0], once[1] + broke*once[1], broke * once[2]}
}

// terror is what a Terror-causing winner w takes from loser l's
// Leadership for its break test: 1 under terror, unless l causes Terror
// too or is Unbreakable (RULES.md §4).
func (t *fightTrial) terror(l, w int) int {
	if t.f.several {
		return t.terrorArmy(l, w)
	}
	me, foe := t.f.unit(l), t.f.unit(w)
	if t.f.rs.Terror && foe.CausesTerror && !me.CausesTerror {
		return 1
	}
	return 0
}

// terrorArmy is terror in a fight of several units, w the winning army:
// 1 if a unit of it still fighting causes Terror ("each unit that belongs
// to the losing side"), for a loser l that does not cause Terror itself:
// "Models that cause Terror are immune to Terror", while Fear-causers
// "Fear models that cause Terror" and are not (tow.whfb.app
// special-rules/terror).
func (t *fightTrial) terrorArmy(l, w int) int {
	if !t.f.rs.Terror || t.f.unit(l).CausesTerror {
		return 0
	}
	for _, u := range t.f.armies[w] {
		if t.inCombat(u) && t.f.unit(u).CausesTerror {
			return 1
		}
	}
	return 0
}

// breakKind is what a loser's break test comes to before any die is rolled.
type breakKind uint8

const (
	rollsTest      breakKind = iota // rolls 2D6 against a target
	holds                           // takes no test and holds (Unbreakable)
	breaksOutright                  // breaks without a test (6th Fear)
)

// breakTest returns what the break test of loser l, beaten by w by
// margin, comes to, and for rollsTest the target that 2D6 must not exceed
// (RULES.md §2.11, §3.1): Leadership less the margin, or unmodified for a
// Stubborn or Steadfast unit. The target may be below 2 (only Insane
// Courage passes) or above 12.
func (t *fightTrial) breakTest(l, w, margin int) (breakKind, int) {
	f, rs := t.f, t.f.rs
	me := f.unit(l)
	if me.Unbreakable {
		return holds, 0
	}
	if rs.Fear == FearAutoBreak && t.fearBreaks(l, w) {
		return breaksOutright, 0 // beaten by Fear-causers that outnumber it (6th)
	}
	ld := t.ld(l)
	target := ld - margin
	if me.Stubborn || rs.Steadfast && t.steadfast(l, w) {
		target = ld
	}
	return rollsTest, target
}

// fearBreaks reports whether loser l, beaten by w, breaks without a test
// for Fear (fear auto_break_when_outnumbered): it does not cause Fear, and
// the Fear-causing winner has the higher Unit Strength (6th.whfb.app
// psychology/defeated-by-fear-causing-enemy). In a fight of several units
// w is the winning army, and what is compared is fear_break_compare's:
// the Fear-causing units of w touching l together against l's own Unit
// Strength (unit_vs_fear_causers, 6th), or all of w's Fear-causers in the
// fight against l's army's (side_vs_fear_causers: "the combined unit
// strength of the units on the losing side is lower than the combined
// unit strength of all Fear-causing enemy units on the winning side",
// 7th.whfb.app psychology/defeated-by-fear-causing-enemy).
func (t *fightTrial) fearBreaks(l, w int) bool {
	me := t.f.unit(l)
	if me.causesFear() {
		return false
	}
	if !t.f.several {
		return t.f.unit(w).causesFear() && t.unitStrength(w) > t.unitStrength(l)
	}
	if t.f.rs.FearBreakCompare == FearSideVsCausers {
		causers := 0
		for _, u := range t.f.armies[w] {
			if t.inCombat(u) && t.f.unit(u).causesFear() {
				causers += t.unitStrength(u)
			}
		}
		return causers > t.armyStrength(t.f.sides[l].army)
	}
	causers := 0
	for _, c := range t.f.sides[l].contacts {
		if t.inCombat(c.enemy) && t.f.unit(c.enemy).causesFear() {
			causers += t.unitStrength(c.enemy)
		}
	}
	return causers > t.unitStrength(l)
}

// steadfast reports whether loser l has more ranks than winner w, ranks of
// five models (three monstrous) counting, the front one included (8th).
//
// In a fight of several units w is the winning army, and Steadfast is
// "on a unit by unit basis": l is Steadfast if it has more ranks than
// "the enemy unit with the most ranks in the combat" (8th.whfb.app
// close-combat/steadfast-multiple-close-combats), every enemy unit still
// fighting counting, disrupted or not.
func (t *fightTrial) steadfast(l, w int) bool {
	if !t.f.several {
		return t.ranks(l) > t.ranks(w)
	}
	most := 0
	for _, e := range t.f.armies[w] {
		if t.inCombat(e) {
			most = max(most, t.ranks(e))
		}
	}
	return t.ranks(l) > most
}

// ranks is unit i's ranks for Steadfast: of five models, three monstrous,
// the front one included (8th).
func (t *fightTrial) ranks(i int) int {
	f := t.f.unit(i)
	width := 5
	if f.monstrous() {
		width = 3
	}
	return ranksOf(t.models(i, false), f.Frontage, width)
}

// leadership rolls unit i's Leadership test against target: 2D6 of target
// or less passes, a double 1 too when insane (Insane Courage), and a unit
// with the battle standard re-rolls a failure where the ruleset allows it.
func (t *fightTrial) leadership(d *engine.Dice, i, target int, insane bool) bool {
	reroll := t.f.rs.BSBReroll && t.battleStandard(i)
	if t.x != nil {
		p := twoDice(target, insane)
		if reroll {
			p = rerolled(p)
		}
		return t.x.pass(p)
	}
	pass := func() bool {
		a, b := d.D6(), d.D6()
		return a+b <= target || insane && a == 1 && b == 1
	}
	if pass() {
		return true
	}
	return reroll && pass()
}

// fearTest rolls unit i's Fear test, a psychology test: 2D6 of its
// Leadership or less passes, and a unit with the battle standard re-rolls a
// failure where battle_standard_reroll and battle_standard_reroll_fear say
// so (RULES.md §2.11; 6th.whfb.app psychology/taking-psychology-tests).
func (t *fightTrial) fearTest(d *engine.Dice, i int) bool {
	rs, ld := t.f.rs, t.ld(i)
	if t.x != nil {
		p := twoDice(ld, false)
		if rs.BSBReroll && rs.BSBRerollFear && t.battleStandard(i) {
			p = rerolled(p)
		}
		return t.x.pass(p)
	}
	pass := func() bool { return d.D6()+d.D6() <= ld }
	if pass() {
		return true
	}
	return rs.BSBReroll && rs.BSBRerollFear && t.battleStandard(i) && pass()
}

// fleeRoll rolls unit i's flee or pursuit distance: as cavalry_flee_roll
// says for the troop types of cavalry_flee_types, else 2D6.
func (t *fightTrial) fleeRoll(d *engine.Dice, i int) int {
	f := t.f.unit(i)
	if !t.f.rs.CavalryFleeTypes.Has(f.Type) {
		return d.Roll2D6()
	}
	a, b := d.D6(), d.D6()
	switch t.f.rs.CavalryFlee {
	case Flee3D6:
		return a + b + d.D6()
	case Flee3D6DropLowest:
		c := d.D6()
		return a + b + c - min(a, b, c)
	}
	return a + b
}
