package bench

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

// rankBonus is +1 a rank behind the first, at most +3, unless a charger in
// the side's flank or rear cancels it: one of Unit Strength 5 or more (6th,
// 7th), or with two ranks of five (8th disruption) (RULES.md §2.10, §3.1).
func (rd *round) rankBonus(i int) int {
	if c := rd.charger; c == 1-i && rd.facing != warhammer.Front {
		switch rd.rs.FlankCancelsRanks {
		case warhammer.FlankUnitStrength5:
			if rd.unitStrength(c) >= 5 {
				return 0
			}
		case warhammer.FlankTwoRanksOf5:
			if ranksOf(rd.sides[c].figures(), rd.sides[c].f.Frontage, 5) >= 2 {
				return 0
			}
		}
	}
	return min(max(rd.ranks(i)-1, 0), 3)
}

// unitStrength is side i's Unit Strength: per model 1 for infantry and war
// beasts, 2 for cavalry, 3 for monstrous troops, 4 for chariots, the
// Wounds of monsters and swarms, or the scenario's unit_strength (RULES.md
// §4, docs/rules.md); each character and the champion add their own.
func (rd *round) unitStrength(i int) int {
	s := &rd.sides[i]
	f := s.f
	us := modelStrength(f.UnitStrength, f.Type, f.Profile.W) * s.u.alive
	for k := range s.nc {
		c := s.ch[k].c
		us += modelStrength(c.UnitStrength, c.Type, c.Profile.W) * s.ch[k].u.alive
	}
	return us
}

func modelStrength(per int, t warhammer.TroopType, w int) int {
	if per > 0 {
		return per
	}
	switch t {
	case warhammer.Cavalry:
		return 2
	case warhammer.MonstrousInfantry, warhammer.MonstrousCavalry, warhammer.MonstrousBeast:
		return 3
	case warhammer.Chariot:
		return 4
	case warhammer.Monster, warhammer.Swarm:
		return w
	}
	return 1
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
			s.ranks = rd.rankBonus(i)
		}
		cr[i] += s.ranks
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
		if rs.HighGroundBonus && cc.HighGround == i {
			cr[i]++
		}
		if rs.ChargeBonus && s.charging {
			cr[i]++
		}
		if rd.charger == i {
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
	// The higher total wins; a draw has no break test unless
	// musician_wins_draws gives it to the one side with a musician.
	winner, diff := 0, cr[0]-cr[1]
	if diff < 0 {
		winner, diff = 1, -diff
	}
	if diff == 0 {
		// The musician is the last of the rank and file to fall.
		m0 := rd.sides[0].f.Musician && rd.sides[0].u.alive > 0
		m1 := rd.sides[1].f.Musician && rd.sides[1].u.alive > 0
		if !rd.rs.MusicianWinsDraws || m0 == m1 {
			rd.lastWinner = -1
			return undecided
		}
		winner, diff = 1, 1
		if m0 {
			winner = 0
		}
	}
	rd.lastWinner = winner
	loser := 1 - winner
	if !rd.breaks(loser, diff) {
		return undecided
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
func (rd *round) breaks(i, diff int) bool {
	rs := rd.rs
	s, e := &rd.sides[i], &rd.sides[1-i]
	if s.f.Unbreakable {
		return false
	}
	if rs.Fear == warhammer.FearAutoBreak && e.f.CausesFear && !s.f.CausesFear &&
		rd.unitStrength(1-i) > rd.unitStrength(i) {
		return true
	}
	ld := rd.leadership(i)
	target := ld - diff
	if s.f.Stubborn || rs.Steadfast && rd.ranks(i) > rd.ranks(1-i) {
		target = ld
	}
	passes := func() bool {
		x, y := rd.d.d6(), rd.d.d6()
		return x+y <= target || rs.InsaneCourage && x == 1 && y == 1
	}
	if passes() {
		return false
	}
	if rd.hasBattleStandard(i) && rs.BSBReroll {
		return !passes()
	}
	return true
}

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
