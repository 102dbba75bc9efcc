package wotrref

import "github.com/wargamesim/sim/game/wotr"

// duel fights a Heroic Duel (epic: an Epic Duel) declared by hero d on
// hero t (rules/wotr.md §1; seed 001).
func (s *state) duel(d, t int, epic bool) {
	r := s.r
	hd, ht := &r.heroes[d], &r.heroes[t]
	// Each hero rolls a D6; the Epic Duel's declarer rolls two and keeps
	// the best (BSData, rules/wotr.md §1).
	dieD, dieT := s.d6(), s.d6()
	if epic {
		dieD = max(dieD, s.d6())
	}
	// "Both heroes roll a D6 and add their Fight. The declaring hero adds
	// +1" (p.67, rules/wotr.md §1).
	sd := dieD + hd.f + r.rs.DuelDeclarerBonus
	st := dieT + ht.f
	// Might, after the roll: a point changes a die by 1, never above 6;
	// both decide at once on the dice as rolled (RULES.md §6.3 item 4).
	md := s.duelMight(d, dieD, sd, st)
	mt := s.duelMight(t, dieT, st, sd)
	sd += md
	st += mt
	s.set(s.o.duelFought)
	if !s.fought && !r.duelsOnly {
		s.set(s.o.duelFirst)
	}
	if sd == st {
		return // "On a tie, nothing happens"
	}
	w, l := d, t
	if st > sd {
		w, l = t, d
	}
	s.set(s.o.winsDuel[w])
	// "The winner rolls a number of dice equal to the difference" on the
	// Duel table.
	k := sd - st
	if k < 0 {
		k = -k
	}
	heroHits, formHits := 0, 0
	for range k {
		face := s.d6()
		if face == 5 && r.heroes[w].policy == "greedy" && s.might[w] > 0 {
			// fives into sixes (warseer t-195309): table rolls have no cap
			s.might[w]--
			s.spent[w]++
			face = 6
		}
		h, f := duelFace(r.rs.DuelTable, face)
		heroHits += h
		formHits += f
	}
	slain := false
	if r.rs.DuelHitsPersist {
		s.duelHits[l] += heroHits
		slain = s.duelHits[l] >= r.heroes[l].r
	} else {
		slain = heroHits >= r.heroes[l].r
	}
	side := r.heroes[l].side
	cas := 0
	if slain {
		// "A hero is slain after suffering hits equal to his Resilience."
		s.alive[l], s.wasSlain[l] = false, true
		s.set(s.o.slain[l])
		if r.rs.HeroDeathIsCasualty {
			cas++
		}
	}
	// Hits on the formation, against its Resilience, one batch.
	cas += s.hits(side, formHits)
	if r.rs.DuelCountsForVictory {
		s.pre[side] += cas
	}
}

// duelMight is what hero h spends on his duel die under his policy: when
// behind, the least that wins, else the least that ties; on a tie, one.
func (s *state) duelMight(h, die, own, other int) int {
	if s.r.heroes[h].policy == "none" {
		return 0
	}
	m := s.might[h]
	spend := 0
	switch {
	case own < other:
		need := other - own
		if need+1 <= m && die+need+1 <= 6 {
			spend = need + 1
		} else if need <= m && die+need <= 6 {
			spend = need
		}
	case own == other:
		if m >= 1 && die < 6 {
			spend = 1
		}
	}
	s.might[h] -= spend
	s.spent[h] += spend
	return spend
}

// duelFace is what one Duel table die does to the loser: hits on him and
// on his formation, by the layouts of rules/wotr.md §1.
func duelFace(t wotr.DuelTable, face int) (hero, formation int) {
	switch t {
	case wotr.DuelM1: // 1-3 -, 4-5 hero 1 + formation 2, 6 hero 2 + formation 2
		switch {
		case face == 6:
			return 2, 2
		case face >= 4:
			return 1, 2
		}
		return 0, 0
	case wotr.DuelM3: // 1-3 formation 2, 4-5 hero 1, 6 hero 2
		switch {
		case face == 6:
			return 2, 0
		case face >= 4:
			return 1, 0
		}
		return 0, 2
	}
	// M2: 1 -, 2-3 formation 2, 4-5 hero 1, 6 hero 2 + formation 2
	switch {
	case face == 6:
		return 2, 2
	case face >= 4:
		return 1, 0
	case face >= 2:
		return 0, 2
	}
	return 0, 0
}
