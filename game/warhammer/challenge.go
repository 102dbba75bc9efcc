package warhammer

import "github.com/wargamesim/sim/engine"

// Challenges, and the wounds of characters: who issues and accepts, the
// retired character, Overkill (docs/rules.md, "Characters, champions and
// challenges").

// woundCharacter marks p's unsaved wounds on a character s: every wound
// is rolled and counted (inflicted), those beyond its Wounds included, for
// Overkill; none carries onto its unit (6th.whfb.app
// characters/close-combat-characters, "any excess wounds ... are not
// carried over").
func (t *fightTrial) woundCharacter(d *engine.Dice, s *fighterState, p *pending, regenerable bool) {
	rs := t.f.rs
	if rs.KillingBlowOrder == KBBeforeOtherWounds {
		s.killingBlowsAt(rs, p.killing)
	}
	for range p.ordinary {
		s.woundAt(rollAmount(d, t.x, p.rules.MultipleWounds), regenerable)
	}
	if rs.KillingBlowOrder == KBAfterOtherWounds {
		s.killingBlowsAt(rs, p.killing)
	}
}

// woundAt marks one unsaved wound of n wounds on a character, counting it
// for Overkill.
func (s *fighterState) woundAt(n int, regenerable bool) {
	s.unsaved++
	s.stepHits++
	s.inflicted += n
	s.wound(n, regenerable)
}

// killingBlowsAt strikes n Killing Blows at a character, counting each for
// Overkill. The first to strike a character who stood when the step began
// slays him (fallToKillingBlow), even if the step's other wounds, marked
// first, have taken his last; the others count as wounding hits, 1 each.
func (s *fighterState) killingBlowsAt(rs *Ruleset, n int) {
	for range n {
		s.unsaved++
		s.stepHits++
		if s.stepHP == 0 || s.kbSlew {
			s.inflicted++
			continue
		}
		s.fallToKillingBlow(rs)
	}
}

// fallToKillingBlow slays a character by a Killing Blow. The blows of a
// step land at once, so the step scores what the Killing Blow scores, the
// wounds he had when it began or his profile Wounds
// (killing_blow_combat_result), whatever other wounds of the step were
// marked before it: "If a character falls to a Killing Blow, this scores
// the number of wounds they had remaining ... In addition, the attacker
// scores an Overkill bonus equal to the number of other wounding hits"
// (6th.whfb.app close-combat/challenges-combat-resolution, Warhammer Annual
// 2002). Wounds of earlier steps stand as scored. No wound of his is
// regenerated: he is one model, and a Killing Blow slew it.
func (s *fighterState) fallToKillingBlow(rs *Ruleset) {
	left := s.alive*s.w - s.carried // 0 if the step's other wounds took his last
	score := s.stepHP
	if rs.KillingBlowWounds == KBProfileWounds {
		score = s.w
	}
	s.scored += score - (s.stepHP - left) // those other wounds were scored as they were marked
	s.lost += left
	s.inflicted += left
	s.unsavedRegen -= s.unsavedOnDamaged
	s.regenLost, s.onDamaged, s.unsavedOnDamaged = 0, 0, 0
	s.alive, s.carried = 0, 0
	s.kbSlew = true
}

// overflow puts the wounds left over when p slew the last of the rank and
// file onto the unit's champion, where champion_takes_overflow says so and
// the champion is not in a challenge: he is a model of the unit.
func (t *fightTrial) overflow(d *engine.Dice, p *pending, ordinary, killing int) {
	c := t.f.sides[p.target].champion
	if c == 0 || ordinary+killing == 0 || !t.f.rs.ChampionOverflow || !t.attackable(p.target, c) {
		return
	}
	q := *p
	q.member, q.ordinary, q.killing, q.regenSaved = c, ordinary, killing, 0
	t.wound(d, &q)
}

// scoreOverkill adds, for each character slain in a challenge this round,
// the Overkill its opponent scores (6th.whfb.app characters/overkill and
// close-combat/challenges-combat-resolution): the wounds inflicted beyond
// those it had, or, slain by a Killing Blow, one for each other wounding
// hit of the step the blow was struck in (the wounds of earlier steps were
// scored as wounds); at most overkill_cap. The challenge is then over.
func (t *fightTrial) scoreOverkill() {
	var slain [2]bool
	for i := range t.duel {
		m, u := t.duel[i], t.duelU[i]
		if m == 0 || t.st[u][m].alive > 0 {
			continue
		}
		slain[i] = true
		s := &t.st[u][m]
		ok := s.inflicted - s.hpStart
		if s.kbSlew {
			ok = s.stepHits - 1
		}
		ok = min(max(ok, 0), t.f.rs.OverkillCap)
		t.overkill[1-i] += ok
		if o := t.duel[1-i]; o > 0 {
			t.st[t.duelU[1-i]][o].overkill += ok
		}
	}
	if slain[0] || slain[1] {
		t.duel = [2]int{}
	}
}

// challenge issues and answers the round's challenge (6th.whfb.app
// characters/issuing-a-challenge, refusing-a-challenge-boo-hiss): the side
// whose turn it is may issue one first, then the other; one a combat, and
// none while a challenge goes on. The challenged side accepts with its
// model, or refuses, and the challenger nominates one of its characters,
// who retires for the round.
func (t *fightTrial) challenge(round int) {
	f := t.f
	if f.out.challenge < 0 {
		return
	}
	if f.several {
		t.challengeSeveral(round)
		return
	}
	if t.duel != [2]int{} {
		return
	}
	first := f.turn // the charger's turn in round 1, and every other round after
	if round%2 == 0 {
		first = 1 - first
	}
	for _, s := range [2]int{first, 1 - first} {
		by := t.challenger(s)
		if by == 0 || !t.mayIssue(s) {
			continue
		}
		t.issued = true
		if acc := t.accepter(1 - s); acc > 0 {
			t.duel[s], t.duel[1-s] = by, acc
			t.accepted = true
		} else if r := t.nominee(1 - s); r > 0 {
			t.st[1-s][r].retired = true
		}
		return
	}
}

// challenger is the member of unit i that would issue or accept a
// challenge: its challenge's By while it stands, else its first standing
// character or champion; 0 if none.
func (t *fightTrial) challenger(i int) int {
	if by := t.f.unit(i).Challenge.By; by != "" {
		if m := t.f.unit(i).character(by) + 1; t.st[i][m].alive > 0 && !t.outOfContact(i, m) {
			return m
		}
	}
	for m := 1; m < len(t.st[i]); m++ {
		if t.st[i][m].alive > 0 && !t.outOfContact(i, m) {
			return m
		}
	}
	return 0
}

// mayIssue reports whether unit i's policy issues a challenge now: the
// enemy has a model to take it up (a character, for if_character).
func (t *fightTrial) mayIssue(i int) bool {
	switch t.f.unit(i).Challenge.Issue {
	case IssueAlways:
		return t.challenger(1-i) > 0
	case IssueIfCharacter:
		foe := t.f.unit(1 - i)
		for k := range foe.Characters {
			if !foe.Characters[k].Champion && t.st[1-i][k+1].alive > 0 {
				return true
			}
		}
	}
	return false
}

// accepter is the member of unit i that accepts a challenge, or 0 when it
// refuses. A unit with nowhere to hide its character accepts whatever its
// policy says (mayRefuse).
func (t *fightTrial) accepter(i int) int {
	if t.f.unit(i).Challenge.Refuse && t.mayRefuse(i) {
		return 0
	}
	return t.challenger(i)
}

// mayRefuse reports whether unit i has somewhere to hide a character who
// refuses: rank and file left to hide behind (refuse_needs: rank_and_file;
// with none, only under lone_character_may_refuse), and under
// place_out_of_contact a place out of base contact too, which a unit has
// when more of its models stand than it has places in base contact ("a
// character cannot refuse a challenge if his model cannot be placed so
// that he is not in base contact with an enemy model": a unit of one rank
// has nowhere to put him).
func (t *fightTrial) mayRefuse(i int) bool {
	if t.st[i][0].alive == 0 {
		return t.f.rs.LoneCharacterRefuses
	}
	return t.f.rs.RefuseNeeds == RefuseNeedsRankAndFile || t.models(i, false) > t.f.unit(i).contact()
}

// nominee is the character of unit i the challenger nominates to retire
// when i refuses: the standing one with the most attacks (the first of
// equals), never the champion unless refuse_retires_champion; 0 if none.
func (t *fightTrial) nominee(i int) int {
	best, most := 0, -1
	for m := 1; m < len(t.st[i]); m++ {
		mb := &t.f.sides[i].members[m]
		if t.st[i][m].alive == 0 || mb.char.Champion && !t.f.rs.RetireChampion {
			continue
		}
		if a := mb.f.Profile.A + mb.f.Weapon.Attacks(mb.f.mounted()); a > most {
			best, most = m, a
		}
	}
	return best
}
