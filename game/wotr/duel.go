package wotr

import "github.com/wargamesim/sim/engine"

// duelRoll fights a duel declared by hero a against hero b, with two dice
// keeping the best for an Epic Duel (rules/wotr.md §1, RULES.md §6.3-6.4):
// each rolls a D6 and adds his Fight, the declarer adds the ruleset's
// bonus; Might may then change each die (never above 6); a tie does
// nothing; otherwise the winner rolls the difference in dice on the Duel
// table, whose hits land on the loser (slain at his Resilience) and on his
// formation (resolved against its Resilience; they count towards the next
// fight's victor).
func (tr *trial) duelRoll(d *engine.Dice, a, b int, epic bool) {
	t := tr.t
	rs := t.rs
	tr.strike(a)
	tr.strike(b)
	da := d.D6()
	if epic {
		da = max(da, d.D6())
	}
	db := d.D6()
	sa := da + tr.fightOf(a) + rs.DuelDeclarerBonus
	sb := db + tr.fightOf(b)
	xa, xb := rollSpend(t.e.Heroes[a].Policy, t.e.Heroes[b].Policy, tr.avail(a), tr.avail(b), da, db, sa, sb)
	tr.spend(a, xa)
	tr.spend(b, xb)
	sa, sb = sa+xa, sb+xb
	if sa == sb {
		return
	}
	w, l, k := a, b, sa-sb
	if sb > sa {
		w, l, k = b, a, sb-sa
	}
	tr.h[w].wonDuel = true
	greedy := t.e.Heroes[w].Policy == GreedyMight
	heroHits, formHits := 0, 0
	for range k {
		f := d.D6()
		if greedy && f == 5 && tr.avail(w) > 0 {
			tr.spend(w, 1)
			f = 6
		}
		x := duelTables[rs.DuelTable][f]
		heroHits += x.hero
		formHits += x.formation
	}
	slain := tr.woundHero(d, l, heroHits)
	side := t.e.Heroes[l].Formation
	cas, counters := tr.hits(d, side, formHits)
	if slain && rs.HeroDeathIsCasualty {
		cas++
	}
	if rs.MonsterCountersAreCasualties {
		cas += counters
	}
	tr.f[side].pre += cas
}

// woundHero puts n duel hits on hero h and reports whether they slay him:
// at his Resilience, or, Hard to Kill, by a roll on the table for each
// Resilience-worth of hits (rules/wotr.md §1, one-ring t=31764 [S]). Hits
// add up over the phase's duels when the ruleset says so.
func (tr *trial) woundHero(d *engine.Dice, h, n int) bool {
	s, hero := &tr.h[h], &tr.t.e.Heroes[h]
	if tr.t.rs.DuelHitsPersist {
		n += s.hits
	}
	s.hits = n
	if hero.Toughness == NotHardToKill {
		if n < hero.R {
			return false
		}
	} else {
		s.hits = n % hero.R
		removed := false
		for range n / hero.R {
			if s.counters, removed = htkStep(s.counters, d.D6(), hero.Toughness == VeryHardToKill); removed {
				break
			}
		}
		if !removed {
			return false
		}
	}
	s.out, s.slain = true, true
	return true
}
