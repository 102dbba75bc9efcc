package warhammer

import "github.com/wargamesim/sim/engine"

// Characters, lone characters and challenges in a fight of several units
// (issue 30, step 6; docs/rules.md "Characters in a combat of several
// units"). A fight of two units takes none of this: its characters strike
// through aim and challenge as they always did.

// lone reports whether f is a lone character: a unit of no rank and file
// and one character, the unit's one model (docs/rules.md "Lone characters
// as units").
func (f *Fighter) lone() bool { return f.Models == 0 && len(f.Characters) == 1 }

// dueller is unit i's member fighting a challenge, 0 if none.
func (t *fightTrial) dueller(i int) int {
	a := t.f.sides[i].army
	if t.duel[a] != 0 && t.duelU[a] == i {
		return t.duel[a]
	}
	return 0
}

// faces is the index in unit i's contacts of the enemy unit its
// characters fight, or -1 when none still fights: one touching its front
// (character_faces: the first listed, or the one touched with the most
// models), or, with its rank and file gone (a lone character among them),
// any, its characters fighting on as a unit.
func (t *fightTrial) faces(i int) int {
	sd := t.f.sides[i]
	best := -1
	for k := range sd.contacts {
		c := &sd.contacts[k]
		if !c.front || !t.inCombat(c.enemy) {
			continue
		}
		if best < 0 || t.f.rs.CharacterFaces == FacesMostModels && c.models > sd.contacts[best].models {
			best = k
		}
	}
	if best >= 0 || t.st[i][0].alive > 0 {
		return best
	}
	for k, c := range sd.contacts {
		if t.inCombat(c.enemy) {
			return k
		}
	}
	return -1
}

// facing reports whether unit e's characters stand in base contact with
// unit i: they face it, or e's rank and file are gone and they fight on as
// a unit.
func (t *fightTrial) facing(e, i int) bool {
	if t.st[e][0].alive == 0 {
		return true
	}
	k := t.faces(e)
	return k >= 0 && t.f.sides[e].contacts[k].enemy == i
}

// contactWith is the index of enemy unit e in unit i's contacts, or -1.
func (t *fightTrial) contactWith(i, e int) int {
	for k, c := range t.f.sides[i].contacts {
		if c.enemy == e {
			return k
		}
	}
	return -1
}

// severalStep is strikeStep for a fight of several units with characters
// or blows at them: each strike's blows are aimed contact by contact
// (aimSeveral), all are rolled, then all their wounds are marked.
func (t *fightTrial) severalStep(d *engine.Dice, strikes []strike, round int) {
	w := 2 * t.f.stride
	aims, pend := t.saims[:len(strikes)*w], t.spend[:len(strikes)*w]
	for j, s := range strikes {
		t.aimSeveral(s, round, aims[j*w:(j+1)*w])
	}
	for j := range aims {
		pend[j] = pending{}
		if a := &aims[j]; a.v != nil && a.n > 0 {
			t.hit(d, a.v, a.n, a.side, a.member, &pend[j])
		}
	}
	t.beginStep()
	for j := range pend {
		t.killingBlowsFirst(d, &pend[j])
	}
	for j := range pend {
		t.wound(d, &pend[j])
	}
}

// aimSeveral works out where strike s's blows go now, into a: a[2k] those
// at the enemy of its unit's contact k (its rank and file, or its last
// models), a[2k+1] those of the models in contact with an enemy character
// its unit strikes at (strike_at) that stands facing it. A character's
// blows go to a[0]: at its opponent in a challenge, else at the enemy unit
// it faces (faces), its character strike_at names if he faces it back,
// else its unit.
func (t *fightTrial) aimSeveral(s strike, round int, a []aim) {
	clear(a)
	i := s.side
	sd := t.f.sides[i]
	g := &sd.groups[s.group]
	if t.status[i] != inFight {
		return
	}
	if g.member > 0 {
		me := &t.st[i][g.member]
		if me.alive == 0 || me.retired || t.outOfContact(i, g.member) {
			return
		}
		if k, tgt := t.characterTargetSeveral(i, g.member); tgt >= 0 {
			c := &sd.contacts[k]
			a[0] = aim{t.variant(i, g, c, tgt, round), g.perModel, c.enemy, tgt}
		}
		return
	}
	var n [MaxPerArmy]int
	t.split(i, g, round, n[:len(sd.contacts)])
	for k := range sd.contacts {
		c := &sd.contacts[k]
		if n[k] == 0 {
			continue
		}
		if tgt := sd.members[0].strikeAts[k]; tgt > 0 && g.kind != supporters && t.attackable(c.enemy, tgt) && t.facing(c.enemy, i) {
			// The models in base contact with the enemy character strike it.
			at := min(t.f.unit(c.enemy).Characters[tgt-1].inContact()*g.perModel, n[k])
			a[2*k+1] = aim{t.variant(i, g, c, tgt, round), at, c.enemy, tgt}
			n[k] -= at
		}
		if tgt := t.unitTarget(c.enemy); tgt >= 0 && n[k] > 0 {
			a[2*k] = aim{t.variant(i, g, c, tgt, round), n[k], c.enemy, tgt}
		}
	}
}

// characterTargetSeveral is the contact, by its index in unit i's
// contacts, and the member of its enemy that unit i's character m
// strikes; tgt -1 when it may strike none.
func (t *fightTrial) characterTargetSeveral(i, m int) (k, tgt int) {
	sd := t.f.sides[i]
	if t.dueller(i) == m {
		foe := 1 - sd.army
		o, ou := t.duel[foe], t.duelU[foe]
		if k := t.contactWith(i, ou); k >= 0 && t.st[ou][o].alive > 0 {
			return k, o
		}
		return -1, -1 // its opponent has fallen: its remaining blows are lost
	}
	k = t.faces(i)
	if k < 0 {
		return -1, -1
	}
	c := &sd.contacts[k]
	if tgt := sd.members[m].strikeAts[k]; tgt > 0 && t.attackable(c.enemy, tgt) && t.facing(c.enemy, i) {
		return k, tgt
	}
	return k, t.unitTarget(c.enemy)
}

// challengeSeveral is challenge in a fight of several units: a challenge
// goes on while both its fighters' units fight; else the army whose turn
// it is may issue one, unit by unit, then the other. A unit in contact
// with an enemy unit issues as its policy says, with its challenger
// (challenger); the enemy units in contact with it answer, in its
// contacts' order: the first with a model to accept that does not refuse
// accepts (6th.whfb.app characters/issuing-a-challenge: "any character
// ... in base contact with the enemy unit" may accept). When all refuse,
// the challenger nominates, of their characters, the one with the most
// Attacks to retire.
func (t *fightTrial) challengeSeveral(round int) {
	f := t.f
	if t.duel != [2]int{} {
		if t.inCombat(t.duelU[0]) && t.inCombat(t.duelU[1]) {
			return
		}
		t.duel = [2]int{} // a fighter's unit fled or left: the challenge is over
	}
	first := f.turn // the charger's turn in round 1, and every other round after
	if round%2 == 0 {
		first = 1 - first
	}
	for _, a := range [2]int{first, 1 - first} {
		for _, u := range f.armies[a] {
			by := t.challengerOf(u)
			if by == 0 || !t.mayIssueAt(u) {
				continue
			}
			t.issued = true
			t.answer(a, u, by)
			return
		}
	}
}

// challengerOf is the member of unit u that would issue or accept a
// challenge (challenger), if u still fights an enemy unit; else 0.
func (t *fightTrial) challengerOf(u int) int {
	if !t.inCombat(u) || !t.engaged(u) {
		return 0
	}
	return t.challenger(u)
}

// mayIssueAt reports whether unit u's policy issues a challenge now: an
// enemy unit it touches, still fighting, has a model to take it up (a
// character, for if_character).
func (t *fightTrial) mayIssueAt(u int) bool {
	pol := t.f.unit(u).Challenge.Issue
	for _, c := range t.f.sides[u].contacts {
		e := c.enemy
		if !t.inCombat(e) {
			continue
		}
		switch pol {
		case IssueAlways:
			if t.challengerOf(e) > 0 {
				return true
			}
		case IssueIfCharacter:
			foe := t.f.unit(e)
			for k := range foe.Characters {
				if !foe.Characters[k].Champion && t.st[e][k+1].alive > 0 {
					return true
				}
			}
		}
	}
	return false
}

// answer answers the challenge unit u of army a issued with its member
// by: an enemy unit touching u accepts, or all refuse and one of their
// characters retires.
func (t *fightTrial) answer(a, u, by int) {
	nom, nomU, most := 0, 0, -1
	for _, c := range t.f.sides[u].contacts {
		e := c.enemy
		acc := t.challengerOf(e)
		if acc == 0 {
			continue
		}
		if !t.f.unit(e).Challenge.Refuse || !t.mayRefuse(e) {
			t.duel[a], t.duelU[a] = by, u
			t.duel[1-a], t.duelU[1-a] = acc, e
			t.accepted = true
			return
		}
		if r := t.nominee(e); r > 0 {
			if n := t.attacksOf(e, r); n > most {
				nom, nomU, most = r, e, n
			}
		}
	}
	if nom > 0 {
		t.st[nomU][nom].retired = true
	}
}

// attacksOf is the Attacks of unit i's member m, its weapon's included.
func (t *fightTrial) attacksOf(i, m int) int {
	mb := &t.f.sides[i].members[m]
	return mb.f.Profile.A + mb.f.Weapon.Attacks(mb.f.mounted())
}

// challengesSeveral is challenges in a fight of several units.
func (f *Fight) challengesSeveral() bool {
	for i := range f.cc.Units {
		u := f.unit(i)
		if u.Challenge.Issue == IssueNever || len(u.Characters) == 0 {
			continue
		}
		for _, c := range u.Contacts {
			if len(f.unit(c.Enemy).Characters) > 0 {
				return true
			}
		}
	}
	return false
}

// checkUnitCharacters checks unit i's characters in a fight of several
// units: as in a fight of two (checkCharacters), a strike_at naming a
// character of an enemy unit it touches.
func (cc *Combat) checkUnitCharacters(i int) error {
	u := &cc.Units[i]
	foes := Fighter{ID: "the enemy units it touches"}
	for _, c := range u.Contacts {
		if c.Enemy >= 0 && c.Enemy < len(cc.Units) {
			foes.Characters = append(foes.Characters, cc.Units[c.Enemy].Characters...)
		}
	}
	return u.checkCharacters(&foes)
}

// face is the face at of unit e as the engine reads it: a lone character
// has no flank or rear under lone_character_facings none, so an enemy
// there stands at its front ("no flanks or rear unless they are already
// engaged in combat", 6th.whfb.app skirmishers/lone-skirmisher; sim does
// not know what came first, and reads none as never).
func (f *Fight) face(e int, at Facing) Facing {
	if f.unit(e).lone() && f.rs.LoneFacings == LoneNoFacings {
		return Front
	}
	return at
}
