package wotrref

import "github.com/wargamesim/sim/game/wotr"

// companies is how many companies of side i have a model left: casualties
// come off the rear companies first, the command company last
// (rules/wotr.md §5), so every company but the rearmost is full.
func (s *state) companies(i int) int {
	size := s.r.forms[i].size
	return (s.models[i] + size - 1) / size
}

// companyModels is the models of side i's company at position p (0 is the
// command company, at the front; the rearmost alive is the partial one).
func (s *state) companyModels(i, p int) int {
	size := s.r.forms[i].size
	if p < s.companies(i)-1 {
		return size
	}
	return s.models[i] - p*size
}

// hits resolves one batch of hits on side i (rules/wotr.md §5): each model
// takes hits up to its Resilience and leftover hits are lost; a formation
// down to one company at half strength or less is removed. It returns the
// models lost.
func (s *state) hits(i, n int) int {
	f := &s.r.forms[i]
	if s.destroyed[i] {
		return 0
	}
	kills := min(n/f.r, s.models[i])
	s.models[i] -= kills
	if s.models[i] > 0 && s.r.rs.LastCompanyHalf && s.companies(i) == 1 && 2*s.models[i] <= f.size {
		kills += s.models[i]
		s.models[i] = 0
	}
	if s.models[i] == 0 {
		s.destroy(i)
	}
	return kills
}

// destroy removes side i with its heroes.
func (s *state) destroy(i int) {
	s.models[i] = 0
	s.destroyed[i] = true
	s.contact = false
	for _, h := range s.r.forms[i].heroes {
		s.alive[h] = false
	}
}

// fightValue is side i's Fight for its company at position p: the
// company's, or its living hero's when higher, for the command company
// (hero_fight_scope: company) or every company (formation).
func (s *state) fightValue(i, p int) int {
	f := &s.r.forms[i]
	v := f.f
	if p == 0 || s.r.rs.HeroFightScope == wotr.HeroFormation {
		for _, h := range f.heroes {
			if s.alive[h] {
				v = max(v, s.r.heroes[h].f)
			}
		}
	}
	return v
}

// battleSkill is the extra dice of a company of Fight fo against an enemy
// formation of Fight fe (rules/wotr.md §2): the lower side none.
func (s *state) battleSkill(fo, fe int) int {
	if fo <= fe {
		return 0
	}
	var b int
	switch s.r.rs.BattleSkill {
	case wotr.SkillDifference:
		b = fo - fe
	case wotr.SkillFlat:
		b = 1
	case wotr.SkillRatio:
		b = 1
		if fo >= 2*fe {
			b++
		}
		if fo >= 3*fe {
			b++
		}
	case wotr.SkillNone:
		b = 0
	}
	if c := s.r.rs.BattleSkillCap; c > 0 {
		b = min(b, c)
	}
	return b
}

// dice counts side i's dice (rules/wotr.md §4): for each company in
// contact its Attacks (depleted: proportional or full), battle skill and
// the charge bonus; and the supporting companies' dice.
func (s *state) dice(i int, charged bool) int {
	r := s.r
	f := &r.forms[i]
	k := s.companies(i)
	// Companies in contact: the scenario's, else as many of the front
	// rank as the enemy's front covers (docs/wotr.md), the enemy's front
	// being what is left of it, or as deployed (enemy_front): infantry
	// against infantry, company for company.
	contact := min(f.contact, k)
	if !f.contactGiven {
		foeFront := min(r.forms[1-i].front, s.companies(1-i))
		if r.rs.EnemyFront == wotr.FrontDeployed {
			foeFront = r.forms[1-i].front
		}
		contact = min(f.front, k, foeFront)
	}
	n := 0
	for p := range contact {
		m := s.companyModels(i, p)
		a := f.a
		if m < f.size && r.rs.DepletedDice == wotr.DepletedProportional {
			a = (f.a*m + f.size - 1) / f.size
		}
		n += a + s.battleSkill(s.fightValue(i, p), r.forms[1-i].f)
		if charged && r.rs.ChargeBonusPer == wotr.PerCompany {
			n += r.rs.ChargeBonus
		}
	}
	if charged && r.rs.ChargeBonusPer == wotr.PerFormation && contact > 0 {
		n += r.rs.ChargeBonus
	}
	// Support: infantry companies behind those in contact, in their
	// columns; the one directly behind, or every one.
	support := 0
	for p := f.front; p < k; p++ {
		col, rank := p%f.front, p/f.front
		if col < contact && (rank == 1 || r.rs.SupportRanks == wotr.SupportAll) {
			support++
		}
	}
	return n + support*f.support
}

// rollHits rolls n dice needing ladder step st: 2+ .. 6+, then 6/4, 6/5,
// 6/6 (a 6, then the second figure), then none (rules/wotr.md §3).
func (s *state) rollHits(n, st int) int {
	hits := 0
	for range n {
		d := s.d6()
		switch {
		case st <= 4:
			if d >= st+2 {
				hits++
			}
		case st <= 7:
			if d == 6 && s.d6() >= st-1 {
				hits++
			}
		}
	}
	return hits
}

// fight fights the formations once; charger (or -1) gets the charge bonus;
// first marks the turn's first fight, whose victor the events report. It
// returns the victor, 2 for a draw.
func (s *state) fight(charger int, first bool) int {
	r := s.r
	s.fights++
	wasFirst := !s.fought
	s.fought = true
	// Infantry against infantry: one striking step, both at once; the
	// dice are counted before either side's casualties land.
	var n [2]int
	for i := range 2 {
		n[i] = s.dice(i, i == charger)
	}
	var cas [2]int
	var h [2]int
	for i := range 2 {
		h[i] = s.rollHits(n[i], r.toHit[i])
	}
	for i := range 2 {
		cas[1-i] += s.hits(1-i, h[i])
	}
	if r.rs.DuelCountsForVictory {
		cas[0] += s.pre[0]
		cas[1] += s.pre[1]
	}
	s.pre = [2]int{}
	// The victor (rules/wotr.md §6): a destroyed formation loses (both: a
	// draw); else fewer casualties wins, equal is a draw.
	w := 2
	switch {
	case r.rs.DestroyedLoses && (s.destroyed[0] || s.destroyed[1]):
		if !s.destroyed[0] {
			w = 0
		} else if !s.destroyed[1] {
			w = 1
		}
	case cas[0] < cas[1]:
		w = 0
	case cas[1] < cas[0]:
		w = 1
	}
	if first && wasFirst {
		if w == 2 {
			s.set(s.o.draw)
		} else {
			s.set(s.o.wins[w])
		}
	}
	if w != 2 && !s.destroyed[1-w] {
		s.panic(1 - w)
	}
	return w
}

// panic is the loser's Panic test (rules/wotr.md §6, Quick Start).
func (s *state) panic(l int) {
	r := s.r
	f := &r.forms[l]
	d := s.d6()
	if f.banner && d < f.steadfast {
		d = s.d6() // a banner re-rolls the Panic test
	}
	if d >= f.steadfast {
		return // steadfast: it holds, in contact
	}
	// Courage test: 2D6 + the highest Courage, heroes' included, 10 or more.
	c := f.c
	for _, h := range f.heroes {
		if s.alive[h] {
			c = max(c, r.heroes[h].c)
		}
	}
	t := s.d6() + s.d6() + c
	if t < 10 {
		if d == 1 && 2*s.models[l] < f.models {
			s.destroy(l) // Onset of Dismay
			return
		}
		s.hits(l, 10-t) // a hit per point of failure
	}
	if r.rs.LoserFallsBack && !s.destroyed[l] {
		s.contact = false
		s.set(s.o.fallsBack[l])
	}
}
