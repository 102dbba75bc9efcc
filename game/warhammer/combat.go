package warhammer

import "github.com/wargamesim/sim/engine"

// combatResult is side i's combat result this round (RULES.md §2.10, §3.1):
// the wounds it caused (after Regeneration, Killing Blows as the ruleset
// scores them), its rank bonus, standards, outnumbering, high ground, the
// charge, and attacking a flank or the rear.
func (t *fightTrial) combatResult(i, round int) int {
	f, rs := t.f, t.f.rs
	me := &f.cc.Sides[i]
	cr := t.overkill[i]
	for m := range t.st[1-i] {
		cr += t.st[1-i][m].scored
	}
	if !t.standing(i) {
		return cr
	}
	n := t.models(i, rs.RankCounted == RanksAtStart)
	if rb := min(3, max(0, ranksOf(n, me.Frontage, t.rankWidth(me))-1)); rb > 0 && !t.disrupted(i) {
		cr += rb
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
	if rs.OutnumberBonus && t.unitStrength(i) > t.unitStrength(1-i) {
		cr++
	}
	if rs.HighGroundBonus && f.cc.HighGround == i {
		cr++
	}
	if f.cc.Charger == i {
		if rs.ChargeBonus && round == 1 {
			cr++
		}
		switch f.cc.Facing {
		case Flank:
			cr++
		case Rear:
			cr += 2
		}
	}
	return cr
}

// unitStrength is side i's Unit Strength now: its models', characters
// included (6th.whfb.app units/unit-strength).
func (t *fightTrial) unitStrength(i int) int {
	us := 0
	for m := range t.st[i] {
		us += t.st[i][m].alive * t.f.sides[i].members[m].us
	}
	return us
}

// models is how many models side i has standing, characters included,
// for its ranks ("whether that space is filled with a rank and file model
// or a character", 6th.whfb.app characters/characters-in-units); at the
// start of the round when atStart.
func (t *fightTrial) models(i int, atStart bool) int {
	n := 0
	for m := range t.st[i] {
		if atStart {
			n += t.st[i][m].startAlive
		} else {
			n += t.st[i][m].alive
		}
	}
	return n
}

// battleStandard reports whether side i has the army's battle standard:
// with the unit, or carried by one of its characters who stands and has
// not retired from a challenge.
func (t *fightTrial) battleStandard(i int) bool {
	if t.f.cc.Sides[i].BattleStandard {
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

// ld is side i's Leadership now: the best of its rank and file's, its
// characters' that stand and have not retired from a challenge
// (6th.whfb.app characters/independent-characters-joining-units;
// 7th.whfb.app psychology/using-superior-leadership), and a General's
// within 12" (GeneralLd). A champion lends his only when he is all that
// is left.
func (t *fightTrial) ld(i int) int {
	me := &t.f.cc.Sides[i]
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
	return ld
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

// disrupted reports whether side i, charged in the flank or rear, has lost
// its rank bonus: the charger has Unit Strength 5 (6th) or two ranks of at
// least five models (8th).
func (t *fightTrial) disrupted(i int) bool {
	f := t.f
	c := f.cc.Charger
	if c != 1-i || f.cc.Facing == Front {
		return false
	}
	if f.rs.FlankCancelsRanks == FlankTwoRanksOf5 {
		return ranksOf(t.models(c, false), f.cc.Sides[c].Frontage, 5) >= 2
	}
	return t.unitStrength(c) >= 5
}

// winner returns the side that won the round and by how much, or -1 for a
// draw. A drawn round is won by 1 by the side with a musician, if only one
// has one and the ruleset says so.
func (t *fightTrial) winner(cr [2]int) (side, margin int) {
	switch {
	case cr[0] > cr[1]:
		return 0, cr[0] - cr[1]
	case cr[1] > cr[0]:
		return 1, cr[1] - cr[0]
	}
	// A musician falls with the last of the rank and file.
	a := t.f.cc.Sides[0].Musician && t.st[0][0].alive > 0
	b := t.f.cc.Sides[1].Musician && t.st[1][0].alive > 0
	if t.f.rs.MusicianWinsDraws && a != b {
		if a {
			return 0, 1
		}
		return 1, 1
	}
	return -1, 0
}

// breaks takes the break test of loser l, beaten by w by margin, and
// reports whether it breaks (RULES.md §2.11, §3.1).
func (t *fightTrial) breaks(d *engine.Dice, l, w, margin int) bool {
	switch test, target := t.breakTest(l, w, margin); test {
	case holds:
		return false
	case breaksOutright:
		return true
	default:
		return !t.leadership(d, l, target, t.f.rs.InsaneCourage)
	}
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
	me, foe := &f.cc.Sides[l], &f.cc.Sides[w]
	if me.Unbreakable {
		return holds, 0
	}
	if rs.Fear == FearAutoBreak && foe.CausesFear && !me.CausesFear && t.unitStrength(w) > t.unitStrength(l) {
		return breaksOutright, 0 // beaten by Fear-causers that outnumber it (6th)
	}
	ld := t.ld(l)
	target := ld - margin
	if me.Stubborn || rs.Steadfast && t.steadfast(l, w) {
		target = ld
	}
	return rollsTest, target
}

// steadfast reports whether loser l has more ranks than winner w, ranks of
// five models (three monstrous) counting, the front one included (8th).
func (t *fightTrial) steadfast(l, w int) bool {
	ranks := func(i int) int {
		f := &t.f.cc.Sides[i]
		width := 5
		if f.monstrous() {
			width = 3
		}
		return ranksOf(t.models(i, false), f.Frontage, width)
	}
	return ranks(l) > ranks(w)
}

// leadership rolls side i's Leadership test against target: 2D6 of target
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

// fearTest rolls side i's Fear test, a psychology test: 2D6 of its
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

// fleeRoll rolls side i's flee or pursuit distance: as cavalry_flee_roll
// says for the troop types of cavalry_flee_types, else 2D6.
func (t *fightTrial) fleeRoll(d *engine.Dice, i int) int {
	f := &t.f.cc.Sides[i]
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
