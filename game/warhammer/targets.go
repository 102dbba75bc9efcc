package warhammer

import "github.com/wargamesim/sim/engine"

// Where a group's blows go: at the rank and file, a character struck at,
// a challenge's opponent, or the unit's last models.

// aim is where some of a group's blows go: n attacks through the stages
// v at member member of unit side, by its index in Fight.sides (v nil:
// none).
type aim struct {
	v            *variant
	n            int
	side, member int
}

// aim works out where strike s's blows go now: a[0] those at the rank
// and file or the first target, a[1] those of the models in contact with
// a character who strike it. A step's blows are all aimed before any of
// its wounds is marked: they are simultaneous.
func (t *fightTrial) aim(s strike, round int, a *[2]aim) {
	a[0], a[1] = aim{}, aim{}
	i := s.side
	sd := t.f.sides[i]
	g, c, foe := &sd.groups[s.group], &sd.contacts[0], sd.enemy // a fight of two: its one contact
	if g.member > 0 {
		me := &t.st[i][g.member]
		if me.alive == 0 || me.retired || t.outOfContact(i, g.member) {
			return // slain earlier this round, retired from a challenge, or out of contact
		}
		if tgt := t.characterTarget(i, g.member); tgt >= 0 {
			a[0] = aim{t.variant(i, g, c, tgt, round), g.perModel, foe, tgt}
		}
		return
	}
	n, models := t.attacks(i, g, round)
	if sd.foldChampion && g.kind != supporters {
		if c := sd.champion; t.st[i][c].alive > 0 && !t.outOfContact(i, c) {
			n, models = n+sd.champA[g.kind], models+1 // he strikes with them
		}
	}
	if n == 0 {
		return
	}
	if tgt := sd.members[0].strikeAt; tgt > 0 && g.kind != supporters && t.attackable(foe, tgt) {
		// The models in base contact with the enemy character strike it.
		ch := &t.f.unit(foe).Characters[tgt-1]
		at := min(ch.inContact(), models) * g.perModel
		a[1] = aim{t.variant(i, g, c, tgt, round), at, foe, tgt}
		n -= at
	}
	if tgt := t.unitTarget(foe); tgt >= 0 && n > 0 {
		a[0] = aim{t.variant(i, g, c, tgt, round), n, foe, tgt}
	}
}

// hitAims rolls the blows a aims, into p[0] and p[1].
func (t *fightTrial) hitAims(d *engine.Dice, a *[2]aim, p []pending) {
	p[0], p[1] = pending{}, pending{}
	for k := 1; k >= 0; k-- { // the blows at a character first
		if a := &a[k]; a.v != nil {
			t.hit(d, a.v, a.n, a.side, a.member, &p[k])
		}
	}
}

// attackable reports whether unit i's member m may be struck by any enemy
// model: it stands, is not in a challenge, and has not retired from one.
func (t *fightTrial) attackable(i, m int) bool {
	s := &t.st[i][m]
	return s.alive > 0 && !s.retired && t.dueller(i) != m && !t.outOfContact(i, m)
}

// outOfContact reports whether unit i's character m is out of base contact
// with the enemy: in the front rank of a unit charged in the flank or rear
// (flanked) whose rank and file still stand ("a character who is not already
// fighting ... cannot take part in a challenge", 6th.whfb.app
// characters/issuing-a-challenge). Such a character neither strikes nor is
// struck, and cannot challenge.
func (t *fightTrial) outOfContact(i, m int) bool {
	if m == 0 || t.st[i][0].alive == 0 {
		return false
	}
	if t.f.several {
		return !t.frontEngaged(i) // no enemy still fighting touches its front
	}
	return t.f.sides[i].flanked
}

// unitTarget is the member of unit i that blows at the unit strike: its
// rank and file while they stand, else the first of its characters that
// may be struck (the champion first), or -1 when none may.
func (t *fightTrial) unitTarget(i int) int {
	if t.st[i][0].alive > 0 {
		return 0
	}
	if c := t.f.sides[i].champion; c > 0 && t.attackable(i, c) {
		return c
	}
	for m := 1; m < len(t.st[i]); m++ {
		if t.attackable(i, m) {
			return m
		}
	}
	return -1
}

// characterTarget is the enemy member that unit i's character m strikes:
// its opponent in a challenge, else the model it strikes at, else the
// enemy's unit; -1 when it may strike none.
func (t *fightTrial) characterTarget(i, m int) int {
	foe := t.f.sides[i].enemy // a fight of two: the enemy, and army i is unit i
	if t.duel[i] == m {
		if o := t.duel[foe]; t.st[foe][o].alive > 0 {
			return o
		}
		return -1 // its opponent has fallen: its remaining blows are lost
	}
	if tgt := t.f.sides[i].members[m].strikeAt; tgt > 0 && t.attackable(foe, tgt) {
		return tgt
	}
	return t.unitTarget(foe)
}

// frontCharacters is how many of unit i's characters stand in its front
// rank this round: those standing at its start that did not retire.
func (t *fightTrial) frontCharacters(i int) int {
	n := 0
	for m := 1; m < len(t.st[i]); m++ {
		if s := &t.st[i][m]; s.startAlive > 0 && !s.retired && !t.outOfContact(i, m) {
			n++
		}
	}
	return n
}
