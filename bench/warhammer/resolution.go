package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// ranks counts side i's ranks of at least rank_bonus_width models
// (monstrous_rank_width for monstrous troops), the front rank included; an
// incomplete rear rank counts if it is wide enough (RULES.md §2.10, §3.1).
func (rd *round) ranks(i int) int {
	s := &rd.sides[i]
	width := rd.rs.RankWidth
	if s.monstrous {
		width = rd.rs.MonstrousRankWidth
	}
	return ranksOf(s.figures(), s.f.Frontage, width)
}

func ranksOf(alive, frontage, width int) int {
	n := 0
	if frontage >= width {
		n = alive / frontage
	}
	if alive%frontage >= width {
		n++
	}
	return n
}

// disrupted reports whether a charger in side i's flank or rear cancels
// its rank bonus now: one of Unit Strength 5 or more (6th, 7th; tow heavy
// infantry 10), or with two ranks of five (8th disruption). The combat
// result reads it at the end of the round, when the flanker's Unit
// Strength is read, as the 6th FAQ reads the flank bonus ("at the end of
// the phase"): docs/rules.md, Options, flank_cancels_ranks [I].
func (rd *round) disrupted(i int) bool {
	c := rd.charger
	if c != 1-i || rd.facing == warhammer.Front {
		return false
	}
	switch rd.rs.FlankCancelsRanks {
	case warhammer.FlankUnitStrength5:
		// Steady in the Ranks (The Old World, under rank_bonus:
		// by_troop_type): heavy infantry is disrupted only by Unit
		// Strength 10 or more (docs/rules.md, "7th edition and The
		// Old World", Rank bonus; tow.whfb.app
		// troop-types-in-detail/heavy-infantry).
		least := 5
		sd := rd.sides[i].f
		if rd.rs.RankBonus == warhammer.RanksByTroopType && sd.Type == warhammer.Infantry &&
			weightOf(rd.rs, sd.Type, sd.Weight) == warhammer.Heavy {
			least = 10
		}
		return rd.unitStrength(c) >= least
	case warhammer.FlankTwoRanksOf5:
		return ranksOf(rd.sides[c].figures(), rd.sides[c].f.Frontage, 5) >= 2
	}
	return false
}

// depthBonus is side i's rank bonus from its depth alone, +1 a rank
// behind the first, at most +3 (RULES.md §2.10, §3.1); the combat result
// takes it off while the side is disrupted.
func (rd *round) depthBonus(i int) int {
	if rd.rs.RankBonus == warhammer.RanksByTroopType {
		// The Old World: each troop type's rank width and most bonus
		// (RULES.md §4); the types the table leaves out score none.
		sd := &rd.sides[i]
		width, most := troopRanks(rd.rs, sd.f.Type, sd.f.Weight)
		if width == 0 {
			return 0
		}
		return min(max(ranksOf(sd.figures(), sd.f.Frontage, width)-1, 0), most)
	}
	return min(max(rd.ranks(i)-1, 0), 3)
}

// weightOf is the weight a model of type t and weight w counts as: its
// own (heavy_infantry, light_cavalry, ...), else plain infantry as
// infantry_counts_as and plain cavalry as cavalry_counts_as say
// (docs/rules.md, "What the interpretations mean"), and a plain chariot
// as heavy (the docs do not say: bench/warhammer/README.md, "Questions").
func weightOf(rs *warhammer.Ruleset, t warhammer.TroopType, w warhammer.Weight) warhammer.Weight {
	if w != warhammer.Unweighted {
		return w
	}
	switch t {
	case warhammer.Infantry:
		return rs.InfantryWeight
	case warhammer.Cavalry:
		return rs.CavalryWeight
	case warhammer.Chariot:
		return warhammer.Heavy
	}
	return w
}

// troopRanks is the models a rank of type t (weight w) needs and the
// most rank bonus it scores, by RULES.md §4's table: regular infantry 5
// and +2, heavy infantry 4 and +2, monstrous infantry 3 and +2; light
// cavalry 5 and +1, heavy cavalry 4 and +1, monstrous cavalry 3 and +1; war
// beasts 5 and +1; light chariots 3 and +1; none for the other types.
func troopRanks(rs *warhammer.Ruleset, t warhammer.TroopType, w warhammer.Weight) (width, most int) {
	heavy := weightOf(rs, t, w) == warhammer.Heavy
	switch t {
	case warhammer.Infantry:
		if heavy {
			return 4, 2
		}
		return 5, 2
	case warhammer.MonstrousInfantry:
		return 3, 2
	case warhammer.Cavalry:
		if heavy {
			return 4, 1
		}
		return 5, 1
	case warhammer.MonstrousCavalry:
		return 3, 1
	case warhammer.WarBeast:
		return 5, 1
	case warhammer.Chariot:
		if weightOf(rs, t, w) == warhammer.Light {
			return 3, 1
		}
	}
	return 0, 0
}

// unitStrength is side i's Unit Strength: per model 1 for infantry and war
// beasts, 2 for cavalry, 3 for monstrous troops, 4 for chariots, the
// Wounds of monsters and swarms, or the scenario's unit_strength (RULES.md
// §4, docs/rules.md); each character and the champion add their own.
func (rd *round) unitStrength(i int) int {
	s := &rd.sides[i]
	f := s.f
	us := rd.modelStrength(f.UnitStrength, f.Type, f.Weight, f.Profile.W) * s.u.alive
	for k := range s.nc {
		c := s.ch[k].c
		us += rd.modelStrength(c.UnitStrength, c.Type, warhammer.Unweighted, c.Profile.W) * s.ch[k].u.alive
	}
	return us
}

// modelStrength is one model's Unit Strength; under unit_strength: tow
// light chariots have 3 and heavy ones 5 (RULES.md §4).
func (rd *round) modelStrength(per int, t warhammer.TroopType, wt warhammer.Weight, w int) int {
	return modelStrengthOf(rd.rs, per, t, wt, w)
}

// combatResult adds up each side's combat result for the round (RULES.md
// §2.10, §3.1): wounds caused after Regeneration, on the rank and file and
// on the characters, and Overkill; ranks, standards, outnumbering and high
// ground (6th), the charge (8th), flank and rear. The standard is the last
// of the rank and file to fall, and its bonus ends with them; a character's
// battle standard counts while he stands and has not retired.
func (rd *round) combatResult() [2]int {
	rs, cc := rd.rs, &rd.cc
	var cr [2]int
	for i := range rd.sides {
		s, e := &rd.sides[i], &rd.sides[1-i]
		cr[i] = e.u.scored + s.overkill
		for k := range e.nc {
			cr[i] += e.ch[k].u.scored
		}
		if s.figures() == 0 {
			// A unit wiped out loses outright; it keeps the wounds it
			// caused, and has no ranks, standard or position to add.
			continue
		}
		if rs.RankCounted == warhammer.RanksAtEnd {
			s.ranks = rd.depthBonus(i)
		}
		if !rd.disrupted(i) {
			cr[i] += s.ranks
		}
		// A standard +1; the battle standard counts as one (6th) or adds
		// +1 more (8th).
		standard, bsb := s.f.Standard && s.u.alive > 0, rd.hasBattleStandard(i)
		switch {
		case rs.BattleStandard == warhammer.BSBExtra:
			cr[i] += b2i(standard) + b2i(bsb)
		case standard || bsb:
			cr[i]++
		}
		if rs.OutnumberBonus && rd.unitStrength(i) > rd.unitStrength(1-i) {
			cr[i]++
		}
		// Massed Infantry (The Old World): +1 for an infantry side of
		// greater Unit Strength (RULES.md §4; docs/rules.md). Infantry is
		// the troop type, regular or heavy, not monstrous infantry.
		if rs.MassedInfantry && s.f.Type == warhammer.Infantry && rd.unitStrength(i) > rd.unitStrength(1-i) {
			cr[i]++
		}
		if rs.HighGroundBonus && cc.HighGround == i {
			cr[i]++
		}
		if rs.ChargeBonus && s.charging {
			cr[i]++
		}
		// A charger below flank_bonus_unit_strength at the end of the
		// round "can't claim" the flank or rear bonus (6th.whfb.app
		// faq/close-combat, Warhammer Chronicles 2004 p.112; docs/rules.md,
		// "Combat result").
		if rd.charger == i && rd.unitStrength(i) >= rs.FlankBonusUnitStrength {
			switch rd.facing {
			case warhammer.Flank:
				cr[i]++
			case warhammer.Rear:
				cr[i] += 2
			}
		}
	}
	return cr
}

// onwards is the round's combat results cr with "Onwards to Victory!":
// "If, once the combat result has been calculated, both sides have the
// exact same number of points each, the side that has a musician ... may
// claim a bonus of +1 combat result point", unless "the opposing side has
// a musician also" (tow.whfb.app command-groups/onwards-to-victory; 6th
// "wins the combat by 1 point", 8th "wins any drawn close combat by 1").
// The musician is the last of the rank and file to fall.
func (rd *round) onwards(cr [2]int) [2]int {
	m0 := rd.sides[0].f.Musician && rd.sides[0].u.alive > 0
	m1 := rd.sides[1].f.Musician && rd.sides[1].u.alive > 0
	if rd.rs.MusicianWinsDraws && cr[0] == cr[1] && m0 != m1 {
		cr[b2i(m1)]++
	}
	return cr
}

// decide settles the round: the side that won the fight, drawn (both
// wiped out), or undecided when the fight goes on (RULES.md §2.10-2.11).
func (rd *round) decide(cr [2]int, events []bool) int {
	a, b := rd.figures(0), rd.figures(1)
	switch {
	case a == 0 && b == 0:
		return drawn
	case b == 0:
		return 0
	case a == 0:
		return 1
	}
	// The higher total wins; a draw has no break test (the musician's +1
	// is already in cr: onwards).
	winner, diff := 0, cr[0]-cr[1]
	if diff < 0 {
		winner, diff = 1, -diff
	}
	if diff == 0 {
		rd.lastWinner = -1
		return undecided
	}
	rd.lastWinner = winner
	loser := 1 - winner
	switch rd.breakTest(loser, diff) {
	case holds:
		return undecided
	case fallsBack:
		// Fall Back in Good Order: the fight ends, with no pursuit
		// (docs/rules.md, "7th edition and The Old World").
		events[rd.fellEvent+loser] = true
		return winner
	}
	// The loser flees and the winner pursues: caught (pursuit at least the
	// flee roll) means destroyed (RULES.md §2.11).
	events[fBreaks0+loser] = true
	flee := rd.fleeRoll(loser)
	if rd.fleeRoll(winner) >= flee {
		events[fCaught0+loser] = true
		events[fDestroyed0+loser] = true
	}
	return winner
}

// breaks takes side i's break test after losing by diff (RULES.md §2.11,
// §3.1): 2D6 against Leadership minus the difference, passed on the target
// or less; Stubborn, and Steadfast (8th: more ranks than the enemy), test
// on unmodified Leadership; Unbreakable never breaks; a double 1 passes
// (insane_courage); the battle standard re-rolls a failure. 6th Fear: a
// unit beaten by Fear-causers that outnumber it breaks without a test.
//
// Terror (The Old World, terror): a loser beaten by a Terror-causer tests
// at Leadership -1, unless it causes Terror itself (RULES.md §4).
//
// Under break_test: three_outcomes (The Old World, RULES.md §4;
// docs/rules.md) the 2D6 are rolled once: a natural roll above the
// Leadership breaks; a natural roll within it that the margin takes above
// falls back in good order, or breaks when the winner has more than twice
// the loser's Unit Strength; otherwise, or on a double 1 (insane_courage),
// it gives ground (holds). The battle standard re-rolls a break, and the
// second roll stands; a fall back is kept. Stubborn falls back in good
// order without a test; Steadfast tests on unmodified Leadership, so it
// breaks or gives ground; Unbreakable gives ground. Terror's Leadership -1
// counts for the whole test: the natural roll's comparison and the
// margin's (docs/rules.md: "takes its break test at Leadership −1").
func (rd *round) breakTest(i, diff int) breakResult {
	rs := rd.rs
	s, e := &rd.sides[i], &rd.sides[1-i]
	if s.f.Unbreakable {
		return holds
	}
	if rs.BreakTest == warhammer.BreakThreeWays && s.f.Stubborn {
		// The Old World: "Stubborn falls back in good order without a
		// test, whatever the Unit Strengths" (docs/rules.md, "7th edition
		// and The Old World", Break test; sim's policy: it always takes
		// the automatic fall back).
		return fallsBack
	}
	if rs.Fear == warhammer.FearAutoBreak && subjectToFear(s.f, e.f) &&
		rd.unitStrength(1-i) > rd.unitStrength(i) {
		// 7th: "an act of Insane Courage will keep such units in the
		// fight" (7th.whfb.app psychology/defeated-by-fear-causing-enemy;
		// fear_break_insane_courage): a double 1, not a break test, so no
		// battle standard re-roll.
		if rs.FearBreakInsaneCourage {
			if x, y := rd.d.d6(), rd.d.d6(); x == 1 && y == 1 {
				return holds
			}
		}
		return breaksAndFlees
	}
	ld := rd.leadership(i)
	if rs.Terror && e.f.CausesTerror && !s.f.CausesTerror {
		ld--
	}
	unmodified := s.f.Stubborn || rs.Steadfast && rd.ranks(i) > rd.ranks(1-i)
	target := ld - diff
	if unmodified {
		target = ld
	}
	test := func() breakResult {
		x, y := rd.d.d6(), rd.d.d6()
		if rs.InsaneCourage && x == 1 && y == 1 {
			return holds
		}
		if rs.BreakTest == warhammer.BreakOrHold {
			if x+y <= target {
				return holds
			}
			return breaksAndFlees
		}
		switch {
		case x+y > ld:
			return breaksAndFlees
		case x+y <= target:
			return holds // Give Ground
		case rd.unitStrength(1-i) > 2*rd.unitStrength(i):
			return breaksAndFlees
		}
		return fallsBack
	}
	r := test()
	if r == breaksAndFlees && rd.hasBattleStandard(i) && rs.BSBReroll {
		r = test()
	}
	return r
}

// breakResult is what a break test comes to.
type breakResult uint8

const (
	holds          breakResult = iota // passed (Give Ground): the fight goes on
	fallsBack                         // Fall Back in Good Order: the fight ends, no pursuit
	breaksAndFlees                    // it breaks, flees and is pursued
)

// fleeRoll is side i's flee or pursuit roll: as cavalry_flee_roll says for
// the troop types of cavalry_flee_types (monstrous cavalry too, in both
// presets), else 2D6 (RULES.md §2.11).
func (rd *round) fleeRoll(i int) int {
	d := rd.d
	if !rd.rs.CavalryFleeTypes.Has(rd.sides[i].f.Type) {
		return d.twoD6()
	}
	switch rd.rs.CavalryFlee {
	case warhammer.Flee3D6:
		return d.d6() + d.d6() + d.d6()
	case warhammer.Flee3D6DropLowest:
		x, y, z := d.d6(), d.d6(), d.d6()
		return x + y + z - min(x, y, z)
	}
	return d.twoD6()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
