package warhammerref

import (
	"errors"
	"fmt"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// Characters, lone characters and challenges in a combat of several units
// (issue 30, step 6), written from docs/rules.md, "Several units in one
// combat": the rows Characters, Challenges and Lone characters, and the
// options character_faces and lone_character_facings. A character is one
// model with a profile of its own in its unit's front rank; a lone
// character is a unit of no rank and file and one character.

// maxChars is the most characters a unit has (Fighter.checkCharacters).
const maxChars = 8

// leader is a character during a trial.
type leader struct {
	c        *warhammer.Character
	u        unit // one model
	retired  bool // refused a challenge this round: does not fight, is not struck, lends no Leadership
	overkill int  // the Overkill it scored over the fight
}

// slot is a character of a unit: its index in band.ch; k -1 for none.
type slot struct{ unit, k int }

// supportedCharacters refuses the characters the several-unit reference
// leaves out: mounts that attack, Regeneration, a character's General or battle
// standard, Killing Blow and Multiple Wounds at a character.
func supportedCharacters(cc *warhammer.Combat) error {
	var errs []error
	for i := range cc.Units {
		u := &cc.Units[i]
		for k := range u.Characters {
			c := &u.Characters[k]
			if c.Mount != nil || c.Defence.Regeneration < warhammer.NoSave || c.General || c.BattleStandard {
				errs = append(errs, fmt.Errorf("warhammerref: %s.%s: an attacking mount, Regeneration, a General or battle standard on a character is not implemented in a fight of several units", u.ID, c.ID))
			}
		}
		if len(u.Characters) > 0 {
			for _, ct := range u.Contacts {
				r := cc.Units[ct.Enemy].Rules
				if r.KillingBlow || r.MultipleWounds.Max() > 1 {
					errs = append(errs, errors.New("warhammerref: Killing Blow or Multiple Wounds at a character in a fight of several units is not implemented"))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// isLone reports whether f is a lone character: no rank and file, one
// character (docs/rules.md, Lone characters).
func isLone(f *warhammer.Fighter) bool { return f.Models == 0 && len(f.Characters) == 1 }

// initHeroes readies unit i's characters for a trial, and under
// lone_character_facings none takes away a lone character's flank and
// rear: an enemy there fights it as at its front.
func (b *brawl) initHeroes(i int) {
	s := &b.us[i]
	s.nc, s.champion = len(s.f.Characters), -1
	for k := range s.nc {
		c := &s.f.Characters[k]
		s.ch[k] = leader{c: c, u: newUnit(1, c.Profile.W, warhammer.NoSave)}
		if c.Champion {
			s.champion = k // one of the unit's models, with a profile of his own (docs/rules.md, Champion)
		}
	}
	if isLone(s.f) && b.rs.LoneFacings == warhammer.LoneNoFacings {
		for j := range b.units {
			if b.links.touch[j][i] {
				b.face[j][i] = warhammer.Front
			}
		}
	}
	b.duel = [2]slot{{-1, -1}, {-1, -1}}
}

// figures is how many of unit i's models stand: its rank and file and its
// characters (they count for ranks: docs/rules.md, "Place in the unit").
func (b *brawl) figures(i int) int {
	s := &b.us[i]
	n := s.u.alive
	for k := range s.nc {
		n += s.ch[k].u.alive
	}
	return n
}

// fights reports whether unit i is still in the fight with a model
// standing.
func (b *brawl) fights(i int) bool { return b.us[i].state == fighting && b.figures(i) > 0 }

// facedEnemy is the enemy unit unit i's characters fight: one still
// fighting at its front, the first listed or, under character_faces
// most_models, the one touched with the most models (the first of equal);
// with its rank and file gone, any it touches. -1 when none.
func (b *brawl) facedEnemy(i int) int {
	best := -1
	for _, j := range b.links.of(i) {
		if !b.links.touch[i][j] || !b.fights(j) || !b.atFront(i, j) {
			continue
		}
		if best < 0 || b.rs.CharacterFaces == warhammer.FacesMostModels && b.links.models[i][j] > b.links.models[i][best] {
			best = j
		}
	}
	if best >= 0 || b.us[i].u.alive > 0 {
		return best
	}
	for _, j := range b.links.of(i) {
		if b.fights(j) {
			return j
		}
	}
	return -1
}

// heroesInContact reports whether unit i's characters are in base contact
// with an enemy: its rank and file are gone, or an enemy still fighting
// touches its front (docs/rules.md, Out of contact).
func (b *brawl) heroesInContact(i int) bool {
	return b.us[i].u.alive == 0 || b.facedEnemy(i) >= 0
}

// active reports whether unit i's character k fights: it stands, has not
// retired, and is in contact.
func (b *brawl) active(i, k int) bool {
	h := &b.us[i].ch[k]
	return h.u.alive > 0 && !h.retired && b.heroesInContact(i)
}

// inDuel reports whether unit i's character k fights the challenge.
func (b *brawl) inDuel(i, k int) bool {
	d := b.duel[b.us[i].army]
	return d.unit == i && d.k == k
}

// heroTarget is the character of unit j that blows at the unit strike
// once its rank and file are gone: its champion, else the first that
// fights and is not in the challenge (docs/rules.md, Striking a
// character); -1 when none.
func (b *brawl) heroTarget(j int) int {
	if k := b.us[j].champion; k >= 0 && b.active(j, k) && !b.inDuel(j, k) {
		return k // the champion first
	}
	for k := range b.us[j].nc {
		if b.active(j, k) && !b.inDuel(j, k) {
			return k
		}
	}
	return -1
}

// challenger is unit i's model that issues or accepts a challenge: its
// challenge's by model while it fights, else its first character that
// fights; -1 if none, or if i touches no enemy still fighting.
func (b *brawl) challenger(i int) int {
	if !b.fights(i) || !b.touchesFoe(i) {
		return -1
	}
	s := &b.us[i]
	if by := s.f.Challenge.By; by != "" {
		for k := range s.nc {
			if s.ch[k].c.ID == by && b.active(i, k) {
				return k
			}
		}
	}
	for k := range s.nc {
		if b.active(i, k) {
			return k
		}
	}
	return -1
}

func (b *brawl) touchesFoe(i int) bool {
	for _, j := range b.links.of(i) {
		if b.fights(j) {
			return true
		}
	}
	return false
}

// challenge issues the round's challenge (docs/rules.md, Challenges): one
// a combat, none while one goes on (it ends when a fighter's unit is out
// of the fight); the army whose turn it is first (the chargers' in the
// first round, and every other round after), its units in order, each as
// its policy says; the enemy units touching the challenger's unit answer
// in the order its contacts list them, the first with a model to accept
// that does not refuse accepting; if all refuse, the one of their
// characters with the most Attacks retires.
func (b *brawl) challenge(events []bool) {
	if b.out.chal < 0 {
		return
	}
	if d := b.duel; d[0].unit >= 0 {
		if b.fights(d[0].unit) && b.fights(d[1].unit) && b.us[d[0].unit].ch[d[0].k].u.alive > 0 && b.us[d[1].unit].ch[d[1].k].u.alive > 0 {
			return
		}
		b.duel = [2]slot{{-1, -1}, {-1, -1}} // one fell last round, or his unit is out of the fight
	}
	first := 0
	for i := range b.units {
		if b.cc.Units[i].Charged {
			first = b.us[i].army
		}
	}
	if b.n%2 == 0 {
		first = 1 - first
	}
	for _, a := range [2]int{first, 1 - first} {
		for i := range b.units {
			if b.us[i].army != a {
				continue
			}
			if by := b.challenger(i); by >= 0 && b.issues(i) {
				events[b.out.chal] = true
				b.answer(i, by, events)
				return
			}
		}
	}
}

// issues reports whether unit i's policy issues a challenge now.
func (b *brawl) issues(i int) bool {
	pol := b.us[i].f.Challenge.Issue
	for _, j := range b.links.of(i) {
		if !b.fights(j) {
			continue
		}
		switch pol {
		case warhammer.IssueAlways:
			if b.challenger(j) >= 0 {
				return true
			}
		case warhammer.IssueIfCharacter:
			for k := range b.us[j].nc {
				if h := &b.us[j].ch[k]; !h.c.Champion && h.u.alive > 0 {
					return true
				}
			}
		}
	}
	return false
}

// answer answers unit i's challenge, issued by its character by.
func (b *brawl) answer(i, by int, events []bool) {
	nom, most := slot{-1, -1}, -1
	for _, j := range b.links.of(i) {
		acc := b.challenger(j)
		if acc < 0 {
			continue
		}
		if !b.us[j].f.Challenge.Refuse || !b.mayHide(j) {
			b.duel[b.us[i].army], b.duel[b.us[j].army] = slot{i, by}, slot{j, acc}
			events[b.out.chal+1] = true
			return
		}
		for k := range b.us[j].nc {
			if h := &b.us[j].ch[k]; h.u.alive > 0 && (!h.c.Champion || b.rs.RetireChampion) && h.c.Profile.A > most {
				nom, most = slot{j, k}, h.c.Profile.A
			}
		}
	}
	if nom.unit >= 0 {
		b.us[nom.unit].ch[nom.k].retired = true
	}
}

// mayHide reports whether unit j may hide a character who refuses:
// rank and file left (else lone_character_may_refuse), and under
// refuse_needs place_out_of_contact more models standing than places in
// base contact.
func (b *brawl) mayHide(j int) bool {
	s := &b.us[j]
	if s.u.alive == 0 {
		return b.rs.LoneCharacterRefuses
	}
	return b.rs.RefuseNeeds == warhammer.RefuseNeedsRankAndFile || b.figures(j) > contactOf(s.f)
}

// frontHeroes is how many of unit i's characters take places in its
// front rank this round: standing at its start, not retired, in contact.
func (b *brawl) frontHeroes(i int) int {
	n := 0
	for k := range b.us[i].nc {
		if b.active(i, k) {
			n++
		}
	}
	return n
}

// heroAttack is unit i's character k's blows this round, at enemy j:
// its own profile and weapon, its unit's charge and Fear.
func (b *brawl) heroAttack(i, k, j int) warhammer.Attack {
	s, c := &b.us[i], b.us[i].ch[k].c
	a := warhammer.Attack{Phase: warhammer.CloseCombat, Round: b.n, Skill: c.Profile.WS, Rules: c.Rules,
		Count: c.Profile.A + weaponAttacks(c.Weapon, c.Mounted)}
	a.S = c.Profile.S + c.StrengthBonus + weaponStrength(b.rs, c.Weapon, b.n, s.charging, c.Mounted)
	a.AP = weaponAP(c.Weapon, b.n, s.charging, c.Mounted)
	if b.rs.ArmourMod == warhammer.ArmourByWeapon {
		a.Rules.ArmourBane += weaponBane(c.Weapon, b.n, s.charging, c.Mounted)
	}
	if s.fearsOf[j] {
		a.ToHitMod = -1
	}
	if s.feared {
		a.Skill = 1
	}
	return a
}

// heroTargetOf is where unit i's character k strikes: its opponent in the
// challenge (none once he has fallen), else the enemy it faces, its rank
// and file or, with them gone, its characters.
func (b *brawl) heroTargetOf(i, k int) (j, tk int, ok bool) {
	if b.inDuel(i, k) {
		o := b.duel[1-b.us[i].army]
		return o.unit, o.k, b.us[o.unit].ch[o.k].u.alive > 0
	}
	j = b.facedEnemy(i)
	if j < 0 {
		return 0, 0, false
	}
	if at := b.struckHero(j, b.us[i].ch[k].c.StrikeAt, i); at >= 0 {
		return j, at, true
	}
	if b.us[j].u.alive > 0 {
		return j, -1, true
	}
	tk = b.heroTarget(j)
	return j, tk, tk >= 0
}

// asHeroTarget is unit j's character k as the target of blows.
func (b *brawl) asHeroTarget(j, k int) warhammer.Target {
	c := b.us[j].ch[k].c
	tg := warhammer.Target{Type: c.Type, T: c.Profile.T, W: c.Profile.W, WS: c.Profile.WS, Models: 1, Defence: c.Defence,
		Parries: c.Type == warhammer.Infantry && c.Weapon == warhammer.HandWeapon && c.Defence.Shield}
	if b.us[j].feared {
		tg.WS = 1
	}
	return tg
}

// heroLd is unit i's Leadership: the best of its rank and file's (while
// one stands), its characters' that stand and have not retired, and a
// General's within 12"; its champion's when he is all that is left; with
// no one to lend one, its own (docs/rules.md, Leadership).
func (b *brawl) heroLd(i int) int {
	s := &b.us[i]
	ld, champ := s.f.GeneralLd, 0
	if s.u.alive > 0 {
		ld = max(ld, s.f.Profile.Ld)
	}
	for k := range s.nc {
		h := &s.ch[k]
		switch {
		case h.u.alive == 0 || h.retired:
		case h.c.Champion:
			champ = h.c.Profile.Ld // only when no one else is left
		default:
			ld = max(ld, h.c.Profile.Ld)
		}
	}
	if ld == 0 {
		ld = champ
	}
	if ld == 0 {
		ld = s.f.Profile.Ld
	}
	return ld
}

// heroStrength is the Unit Strength of unit i's characters standing.
func (b *brawl) heroStrength(i int) int {
	us := 0
	for k := range b.us[i].nc {
		if h := &b.us[i].ch[k]; h.u.alive > 0 {
			us += modelStrengthOf(b.rs, h.c.UnitStrength, h.c.Type, 0, h.c.Profile.W)
		}
	}
	return us
}

// heroBlows are the unsaved wounds of a step's blows at characters, each
// with the character it is at, marked once the step's blows are all
// rolled.
type heroBlows struct {
	at [4 * maxMGroups]slot
	p  [4 * maxMGroups]pending
	n  int
}

func (hs *heroBlows) add(j, k int, p pending) {
	hs.at[hs.n], hs.p[hs.n] = slot{j, k}, p
	hs.n++
}

// heroStrikes rolls the blows of group g, a character's.
func (b *brawl) heroStrikes(g mgroup, hs *heroBlows) {
	i, k := g.unit, g.hero-1
	if !b.active(i, k) {
		return // slain in an earlier step, or out of the fight
	}
	j, tk, ok := b.heroTargetOf(i, k)
	if !ok {
		return
	}
	a := b.heroAttack(i, k, j)
	if tk < 0 {
		if a.Count > 0 {
			b.rankAndFileHit(g, a, j, hs)
		}
		return
	}
	hs.add(j, tk, b.rollAtHero(g, a, j, tk))
}

// rankAndFileHit rolls a character's blows a at unit j's rank and file,
// kept with the characters' blows so that they land with the step.
func (b *brawl) rankAndFileHit(g mgroup, a warhammer.Attack, j int, hs *heroBlows) {
	hs.add(j, -1, b.roll(g, a, j))
}

// atHeroes rolls a unit's blows a at enemy j, whose rank and file are
// gone: at its first character that fights and is not in the challenge.
func (b *brawl) atHeroes(g mgroup, a warhammer.Attack, j int, hs *heroBlows) {
	if k := b.heroTarget(j); k >= 0 {
		hs.add(j, k, b.rollAtHero(g, a, j, k))
	}
}

// rollAtHero rolls a's blows of group g at unit j's character k.
func (b *brawl) rollAtHero(g mgroup, a warhammer.Attack, j, k int) pending {
	c := b.us[j].ch[k].c
	enemyFirst := c.AlwaysStrikesFirst && !c.AlwaysStrikesLast && c.Weapon != warhammer.GreatWeapon
	if b.rs.ASFRerolls && g.tier == tierFirst && !enemyFirst && g.initiative >= c.Profile.I {
		a.Rules.RerollHits.Failed = true
	}
	bl := newBlow(b.rs, a, b.asHeroTarget(j, k))
	if b.us[g.unit].sixes && b.n == 1 && !bl.autoHit {
		bl.hit.need = 6
		if !b.rs.FearSixesRerolled {
			bl.hit.rerollFailed, bl.hit.rerollFaces = false, nil
		}
	}
	p := pending{multiple: bl.multiple}
	for range a.Count {
		switch b.d.strike(&bl) {
		case unsaved:
			p.ordinary++
		case slainOutright:
			p.slainOutright++
		}
	}
	return p
}

// woundHeroes marks the step's wounds at characters, and at rank and file
// that characters struck; a character slain in the challenge gives his
// opponent's army its Overkill (takeOnCharacter), and ends the challenge.
func (b *brawl) woundHeroes(hs *heroBlows) {
	var rf [maxMGroups]pending
	for j := range b.units {
		n := 0
		for x := range hs.n {
			if hs.at[x] == (slot{j, -1}) {
				rf[n] = hs.p[x]
				n++
			}
		}
		if n > 0 {
			b.us[j].u.takeAll(b.d, b.rs, rf[:n], b.overflowTo(j))
		}
		for k := range b.us[j].nc {
			n := 0
			for x := range hs.n {
				if hs.at[x] == (slot{j, k}) {
					rf[n] = hs.p[x]
					n++
				}
			}
			if n == 0 {
				continue
			}
			ok := b.us[j].ch[k].u.takeOnCharacter(b.d, b.rs, rf[:n])
			if b.inDuel(j, k) && b.us[j].ch[k].u.alive == 0 {
				foe := 1 - b.us[j].army
				o := b.duel[foe]
				b.overkill[foe] += ok
				b.us[o.unit].ch[o.k].overkill += ok
				// The challenge goes on to the end of the round: no other
				// model may strike the victor this round (docs/rules.md,
				// Challenges); challenge ends it at the next round's start.
			}
		}
	}
}

// heroOutputs adds each character's metrics and events, and the
// challenge's where one may be issued: a unit with a character and a
// policy to issue touches an enemy unit with a character. The names are
// the engine's (docs/output.md).
func (m *melee) heroOutputs(metrics []engine.Metric, events []string) ([]engine.Metric, []string) {
	o := &m.out
	o.chal = -1
	chal := false
	for i, f := range m.units {
		if f.Challenge.Issue == warhammer.IssueNever || len(f.Characters) == 0 {
			continue
		}
		for _, j := range m.links.of(i) {
			chal = chal || len(m.units[j].Characters) > 0
		}
	}
	for i, f := range m.units {
		o.hero[i] = len(metrics)
		for _, c := range f.Characters {
			metrics = append(metrics, engine.Metric{Name: f.ID + "." + c.ID + ".wounds", Max: c.Profile.W})
		}
		if chal {
			for _, c := range f.Characters {
				metrics = append(metrics, engine.Metric{Name: f.ID + "." + c.ID + ".overkill", Max: 5 * 8 * warhammer.MaxUnits})
			}
		}
		o.heroSlain[i] = len(events)
		for _, c := range f.Characters {
			events = append(events, f.ID+"."+c.ID+".slain")
		}
	}
	if chal {
		o.chal = len(events)
		events = append(events, "challenge.issued", "challenge.accepted")
	}
	return metrics, events
}

// finishHeroes writes unit i's characters' outcomes; a champion's and a
// lone character's count in its unit's casualties and wounds too.
func (b *brawl) finishHeroes(i int, values []int, events []bool) {
	s, o := &b.us[i], &b.out
	for k := range s.nc {
		h := &s.ch[k]
		values[o.hero[i]+k] = h.u.woundsLost()
		if o.chal >= 0 {
			values[o.hero[i]+s.nc+k] = h.overkill
		}
		events[o.heroSlain[i]+k] = h.u.alive == 0
	}
	k := s.champion
	if isLone(s.f) {
		k = 0 // the lone character is his unit's one model
	}
	if k >= 0 {
		values[o.cas+i] += 1 - s.ch[k].u.alive
		values[o.wounds+i] += s.ch[k].u.woundsLost()
	}
}

// struckHero is unit j's character id if blows of unit i may be aimed at
// him: he fights, is not in the challenge, and faces i (or fights on with
// his rank and file gone); else -1 (docs/rules.md, Characters).
func (b *brawl) struckHero(j int, id string, i int) int {
	if id == "" {
		return -1
	}
	for k := range b.us[j].nc {
		if b.us[j].ch[k].c.ID == id && b.active(j, k) && !b.inDuel(j, k) && (b.us[j].u.alive == 0 || b.facedEnemy(j) == i) {
			return k
		}
	}
	return -1
}

// strikeAtHero takes from a, the blows of unit i's group g at enemy j,
// those of its models in base contact with the character its strike_at
// names, if he may be struck: in_contact of its models fighting j (1 by
// default); they are rolled at him, and the rest returned. The ranks
// behind never strike him.
func (b *brawl) strikeAtHero(g mgroup, a warhammer.Attack, j int, hs *heroBlows) warhammer.Attack {
	i := g.unit
	k := b.struckHero(j, b.us[i].f.StrikeAt, i)
	if k < 0 || g.who != models && g.who != mounts {
		return a
	}
	front, _ := b.fighting(i, j)
	if front == 0 {
		return a
	}
	per := a.Count / front
	at := min(max(b.us[j].ch[k].c.InContact, 1), front) * per
	h := a
	h.Count = at
	hs.add(j, k, b.rollAtHero(g, h, j, k))
	a.Count -= at
	return a
}

// overflowTo is where the wounds left over when unit j's last rank and
// file fall go: its champion, where champion_takes_overflow says so and
// he stands, has not retired and is not in the challenge, in base contact
// or not (he is one of the unit's models, removed last: docs/rules.md,
// Champion); else nowhere (nil).
func (b *brawl) overflowTo(j int) *unit {
	k := b.us[j].champion
	if k < 0 || !b.rs.ChampionOverflow || b.us[j].ch[k].u.alive == 0 || b.us[j].ch[k].retired || b.inDuel(j, k) {
		return nil
	}
	return &b.us[j].ch[k].u
}
