package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// Characters, champions and challenges (docs/rules.md, "Characters,
// champions and challenges"; 6th.whfb.app characters/challenges,
// issuing-a-challenge, refusing-a-challenge-boo-hiss, fighting-a-challenge,
// overkill).

// Targets of blows: the rank and file, or a character's index in ch.
const (
	noTarget     = -2 // no model may be struck: the blows are lost
	rankAndFileT = -1
)

// inContact reports whether side i's characters are in base contact: not
// while a charger in its flank or rear faces its rank and file (docs/rules.md,
// "Out of contact").
func (rd *round) inContact(i int) bool {
	return !(rd.charger == 1-i && rd.facing != warhammer.Front && rd.sides[i].u.alive > 0)
}

// active reports whether side i's character k stands and is in the fight:
// in contact and not retired from a refused challenge.
func (rd *round) active(i, k int) bool {
	ch := &rd.sides[i].ch[k]
	return ch.u.alive > 0 && !ch.retired && rd.inContact(i)
}

// struckAt reports whether enemy blows may be aimed at side i's character
// k: it is active and not fighting a challenge, in which no other model
// may strike it.
func (rd *round) struckAt(i, k int) bool {
	return rd.active(i, k) && rd.duel[i] != k
}

// unitTarget is where blows aimed at side i's unit fall: the rank and
// file while one stands, then its champion, then its characters in their
// order (docs/rules.md, "Striking a character").
func (rd *round) unitTarget(i int) int {
	s := &rd.sides[i]
	if s.u.alive > 0 {
		return rankAndFileT
	}
	if k := s.champion; k >= 0 && rd.struckAt(i, k) {
		return k
	}
	for k := range s.nc {
		if k != s.champion && rd.struckAt(i, k) {
			return k
		}
	}
	return noTarget
}

// targetOf is where blows aimed at side i's model id fall: the character
// (or champion) id while it may be struck, else the unit.
func (rd *round) targetOf(i int, id string) int {
	if id != "" {
		s := &rd.sides[i]
		for k := range s.nc {
			if s.ch[k].c.ID == id && rd.struckAt(i, k) {
				return k
			}
		}
	}
	return rd.unitTarget(i)
}

// canHide reports whether side i may hide a character who refuses a
// challenge (docs/rules.md, "Refusing"): it needs rank and file left
// (unless lone_character_may_refuse), and under refuse_needs:
// place_out_of_contact a place out of base contact for him, that is more
// figures standing than the front rank has places in contact.
func (rd *round) canHide(i int) bool {
	s := &rd.sides[i]
	if s.u.alive == 0 {
		return rd.rs.LoneCharacterRefuses
	}
	if rd.rs.RefuseNeeds == warhammer.RefuseNeedsRankAndFile {
		return true
	}
	places := s.f.Frontage
	if s.f.Contact > 0 {
		places = min(s.f.Contact, s.f.Frontage)
	}
	return s.figures() > places
}

// challenge issues a challenge at the start of the round, while none goes
// on: the side whose turn it is first (the charger's in the first round,
// and every other round after; side one's when there is no charger), then
// the other; one challenge at a time. The challenged side accepts, or
// refuses as its policy says unless it has nowhere to hide him (canHide);
// the challenger then nominates the refusing
// side's character with the most Attacks to retire for the round (never
// its champion unless refuse_retires_champion).
func (rd *round) challenge(events []bool) {
	if !rd.challenges || rd.duel[0] >= 0 {
		return
	}
	first := rd.charger
	if first < 0 {
		first = 0
	}
	if rd.n%2 == 0 {
		first = 1 - first
	}
	for _, i := range [2]int{first, 1 - first} {
		e := 1 - i
		me, foe := &rd.sides[i], &rd.sides[e]
		issuer := rd.challenger(i)
		if issuer < 0 {
			continue
		}
		switch me.f.Challenge.Issue {
		case warhammer.IssueNever:
			continue
		case warhammer.IssueAlways:
			if rd.challenger(e) < 0 {
				continue
			}
		case warhammer.IssueIfCharacter:
			has := false
			for k := range foe.nc {
				has = has || !foe.ch[k].c.Champion && rd.active(e, k)
			}
			if !has {
				continue
			}
		}
		events[rd.challengeEvent] = true
		if foe.f.Challenge.Refuse && rd.canHide(e) {
			retire, most := -1, -1
			for k := range foe.nc {
				ch := &foe.ch[k]
				if ch.u.alive == 0 || ch.c.Champion && !rd.rs.RetireChampion {
					continue
				}
				if ch.c.Profile.A > most {
					retire, most = k, ch.c.Profile.A
				}
			}
			if retire >= 0 {
				foe.ch[retire].retired = true
			}
			return
		}
		events[rd.challengeEvent+1] = true
		rd.duel[i], rd.duel[e] = issuer, rd.challenger(e)
		return
	}
}

// challenger is the model of side i that issues or accepts a challenge:
// its challenge's by model if it is active, else its first active
// character or champion; -1 if none.
func (rd *round) challenger(i int) int {
	s := &rd.sides[i]
	if by := s.f.Challenge.By; by != "" {
		for k := range s.nc {
			if s.ch[k].c.ID == by && rd.active(i, k) {
				return k
			}
		}
	}
	for k := range s.nc {
		if rd.active(i, k) {
			return k
		}
	}
	return -1
}

// leadership is the Leadership side i tests on: the best of its rank and
// file's and of its characters that stand and have not retired, never its
// champion's unless he is all that is left, and its General's within 12"
// (docs/rules.md, "Leadership").
func (rd *round) leadership(i int) int {
	s := &rd.sides[i]
	ld, others := 0, s.u.alive > 0
	if s.u.alive > 0 {
		ld = s.f.Profile.Ld
	}
	for k := range s.nc {
		ch := &s.ch[k]
		if ch.u.alive == 0 || ch.c.Champion {
			continue
		}
		others = true
		if !ch.retired {
			ld = max(ld, ch.c.Profile.Ld)
		}
	}
	if k := s.champion; k >= 0 && !others && s.ch[k].u.alive > 0 {
		ld = max(ld, s.ch[k].c.Profile.Ld)
	}
	if ld == 0 {
		ld = s.f.Profile.Ld // no one to lend his: the unit's own
	}
	return max(ld, s.f.GeneralLd)
}

// hasBattleStandard reports whether side i has the battle standard: with
// its rank and file (the last of them to fall), or carried by a character
// who stands and has not retired (docs/rules.md, "Battle standard").
func (rd *round) hasBattleStandard(i int) bool {
	s := &rd.sides[i]
	if s.f.BattleStandard && s.u.alive > 0 {
		return true
	}
	for k := range s.nc {
		ch := &s.ch[k]
		if ch.c.BattleStandard && ch.u.alive > 0 && !ch.retired {
			return true
		}
	}
	return false
}
