package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// Who strikes when (docs/rules.md, "Striking order"; RULES.md §2.1, §2.3,
// §3.1): Impact Hits first; then Always Strikes First; chargers in the
// first round (6th, great weapons included); everyone else; Always Strikes
// Last and great weapons; Stomp after everything (8th). Within a tier the
// higher Initiative strikes first.
const (
	tierImpact = iota
	tierFirst
	tierChargers
	tierNormal
	tierLast
	tierStomp
)

// attackers is who makes a group of attacks.
type attackers uint8

const (
	impactHits attackers = iota
	models               // the unit's models (the riders, for cavalry)
	mounts               // cavalry mounts, with their own profile
	supporters           // the rank(s) behind: one attack a model, monstrous up to 3
	stomps
)

// group is one side's group of identical attacks in a round.
type group struct {
	side       int
	who        attackers
	char       int // the character (an index in ch) whose attacks they are, or -1 for the unit's
	tier       int
	initiative int // the attackers' Initiative
	order      int // Initiative where it orders the group within its tier, else 0
}

// maxGroups is the most groups a round has: per side Impact Hits, models,
// mounts, supporters and Stomp, and each character with its mount.
const maxGroups = 2 * (5 + 2*maxCharacters)

// groups lists the groups that strike this round, in striking order.
func (rd *round) groups(list *[maxGroups]group) []group {
	rs := rd.rs
	gs := list[:0]
	for i := range rd.sides {
		s := &rd.sides[i]
		f := s.f
		if s.charging && (f.ImpactHits.N > 0 || f.ImpactHits.Die > 0) {
			gs = append(gs, group{side: i, who: impactHits, char: -1, tier: tierImpact})
		}
		gs = append(gs, rd.newGroup(i, models, -1, f.Profile.I, f.AlwaysStrikesFirst, f.AlwaysStrikesLast || f.Weapon == warhammer.GreatWeapon))
		if f.Mount != nil {
			gs = append(gs, rd.newGroup(i, mounts, -1, f.Mount.I, f.AlwaysStrikesFirst, f.AlwaysStrikesLast))
		}
		if s.support > 0 {
			gs = append(gs, rd.newGroup(i, supporters, -1, f.Profile.I, f.AlwaysStrikesFirst, f.AlwaysStrikesLast || f.Weapon == warhammer.GreatWeapon))
		}
		// Stomp (8th): monstrous models stomp on infantry, war beasts and
		// swarms in base contact, after all other blows (RULES.md §2.9.9).
		switch rd.sides[1-i].f.Type {
		case warhammer.Infantry, warhammer.WarBeast, warhammer.Swarm:
			if rs.Stomp && s.monstrous {
				gs = append(gs, group{side: i, who: stomps, char: -1, tier: tierStomp})
			}
		}
		// Each character and champion strikes with his own profile, his
		// mount with its own (docs/rules.md, "Who fights").
		for k := range s.nc {
			c := s.ch[k].c
			gs = append(gs, rd.newGroup(i, models, k, c.Profile.I, c.AlwaysStrikesFirst, c.AlwaysStrikesLast || c.Weapon == warhammer.GreatWeapon))
			if c.Mount != nil {
				gs = append(gs, rd.newGroup(i, mounts, k, c.Mount.I, c.AlwaysStrikesFirst, c.AlwaysStrikesLast))
			}
		}
	}
	for k := range gs {
		g := &gs[k]
		switch {
		case g.tier == tierImpact || g.tier == tierStomp:
		case g.tier == tierFirst && rs.ASFAgainstASF == warhammer.ASFSimultaneously:
			// ASF against ASF at once, whatever the Initiative (8th text).
		default:
			g.order = g.initiative
		}
	}
	// Insertion sort: lower tier first, then higher Initiative.
	for k := 1; k < len(gs); k++ {
		for j := k; j > 0 && before(gs[j], gs[j-1]); j-- {
			gs[j], gs[j-1] = gs[j-1], gs[j]
		}
	}
	return gs
}

// newGroup is a group of side i's attacks by who (char: a character's,
// or -1), of Initiative init, with Always Strikes First (first) and Always
// Strikes Last or a great weapon (last). Under strike_first: initiative_10
// (The Old World) the two are no tiers of their own: Strike First sets the
// Initiative to 10 and Strike Last to 1 before modifiers, the two
// cancelling, and a great weapon strikes last (RULES.md §4). Under
// charge_initiative a charger in the first round adds the whole inches it
// charged (fight.charge_distance), at most +3 from the front or +4 from a
// flank or the rear, and at most 10 (RULES.md §4: "+1 Initiative per full
// inch moved, max +3 (front) or +4 (flank/rear), capped at I10").
func (rd *round) newGroup(i int, who attackers, char, init int, first, last bool) group {
	rs := rd.rs
	if rs.StrikeFirst == warhammer.StrikeFirstI10 {
		switch {
		case first && last:
		case first:
			init = 10
		case last:
			init = 1
		}
		first, last = false, false
	}
	if rs.ChargeInitiative && rd.sides[i].charging {
		most := 3
		if rd.facing != warhammer.Front {
			most = 4
		}
		init = min(init+min(max(rd.cc.ChargeDistance, 0), most), 10)
	}
	return group{side: i, who: who, char: char, initiative: init, tier: rd.tier(i, first, last)}
}

func before(a, b group) bool {
	if a.tier != b.tier {
		return a.tier < b.tier
	}
	return a.order > b.order
}

// tier is the striking tier of blows of side i by attackers with Always
// Strikes First (first) and Always Strikes Last or a great weapon (last).
func (rd *round) tier(i int, first, last bool) int {
	switch {
	case first && last: // they cancel out: Initiative (RULES.md §2.3)
	case first:
		return tierFirst
	}
	if rd.rs.StrikeOrder == warhammer.ChargersFirst && rd.sides[i].charging {
		return tierChargers // 6th: great weapons still strike first on the charge
	}
	if last && !first {
		return tierLast
	}
	return tierNormal
}

// strikeBlows strikes every blow of the round in order. Groups of equal
// order strike at once within a side; across sides initiative_ties
// decides: the previous round's winner first, else a roll-off (6th), or
// at once (8th) (RULES.md §3.1).
func (rd *round) strikeBlows() {
	var list [maxGroups]group
	gs := rd.groups(&list)
	for len(gs) > 0 {
		n := 1
		for n < len(gs) && gs[n].tier == gs[0].tier && gs[n].order == gs[0].order {
			n++
		}
		step := gs[:n]
		gs = gs[n:]
		bothSides := false
		for _, g := range step {
			bothSides = bothSides || g.side != step[0].side
		}
		if !bothSides || rd.rs.InitiativeTies == warhammer.TieSimultaneous || step[0].tier == tierStomp ||
			step[0].tier == tierFirst && rd.rs.ASFAgainstASF == warhammer.ASFSimultaneously {
			rd.strike(step, -1)
			continue
		}
		first := rd.lastWinner
		if first < 0 {
			first = rd.rollOff()
		}
		rd.strike(step, first)
		rd.strike(step, 1-first)
	}
}

// rollOff is a roll-off: each side rolls a D6, again on a tie; it returns
// the side that rolled higher.
func (rd *round) rollOff() int {
	for {
		a, b := rd.d.d6(), rd.d.d6()
		if a != b {
			if a > b {
				return 0
			}
			return 1
		}
	}
}

// aimed is the unsaved wounds of one group's blows at one model or the
// rank and file of a side.
type aimed struct {
	side, target int
	p            pending
}

// strike strikes the groups of step that belong to side only (or all of
// them, for side -1) at once: every attack is rolled before any wound is
// put on a model, so models slain in this step still strike in it. Each
// group's blows go where they are aimed (docs/rules.md, "Striking a
// character"): a character's at the enemy character it strikes, or its
// challenge's opponent; the unit's models in base contact with the
// character the unit strikes at (in_contact of them) at him; every other
// blow at the enemy unit.
func (rd *round) strike(step []group, side int) {
	var hits [2 * maxGroups]aimed
	n := 0
	for _, g := range step {
		if side >= 0 && g.side != side {
			continue
		}
		a := rd.attack(g)
		if a.Count == 0 {
			continue
		}
		e := 1 - g.side
		s := &rd.sides[g.side]
		if g.char >= 0 {
			t := rd.targetOf(e, s.ch[g.char].c.StrikeAt)
			if d := rd.duel[g.side]; d == g.char {
				// In a challenge he strikes his opponent only; a blow
				// at an opponent already fallen is lost.
				t = noTarget
				if rd.sides[e].ch[rd.duel[e]].u.alive > 0 {
					t = rd.duel[e]
				}
			}
			n = rd.roll(hits[:], n, g, a, e, t, a.Count)
			continue
		}
		toChar := 0
		t := rd.unitTarget(e)
		if g.who == models || g.who == mounts {
			if id := s.f.StrikeAt; id != "" {
				if k := rd.targetOf(e, id); k >= 0 && rd.sides[e].ch[k].c.ID == id {
					front, _ := s.fighting()
					per := a.Count / front
					toChar = min(max(rd.sides[e].ch[k].c.InContact, 1), front) * per
					n = rd.roll(hits[:], n, g, a, e, k, toChar)
				}
			}
		}
		n = rd.roll(hits[:], n, g, a, e, t, a.Count-toChar)
	}
	// The wounds land once every blow is rolled.
	var ps [2 * maxGroups]pending
	for i := range rd.sides {
		s := &rd.sides[i]
		for t := rankAndFileT; t < s.nc; t++ {
			m := 0
			for _, h := range hits[:n] {
				if h.side == i && h.target == t {
					ps[m] = h.p
					m++
				}
			}
			if m == 0 {
				continue
			}
			switch {
			case t == rankAndFileT:
				var over *unit
				// The champion takes them wherever he stands, out of
				// contact too: he is one of the unit's models, removed
				// last (docs/rules.md, Champion).
				if k := s.champion; k >= 0 && rd.rs.ChampionOverflow && s.ch[k].u.alive > 0 && !s.ch[k].retired && rd.duel[i] != k {
					over = &s.ch[k].u
				}
				s.u.takeAll(rd.d, rd.rs, ps[:m], over)
			case rd.duel[i] == t:
				ok := s.ch[t].u.takeOnCharacter(rd.d, rd.rs, ps[:m])
				o := &rd.sides[1-i]
				o.overkill += ok
				o.ch[rd.duel[1-i]].overkill += ok
			default:
				s.ch[t].u.takeOnCharacter(rd.d, rd.rs, ps[:m]) // no Overkill outside a challenge
			}
		}
	}
}

// roll rolls count of group g's attacks a at side e's target t and adds
// their unsaved wounds to hits[n]; it returns the new length.
func (rd *round) roll(hits []aimed, n int, g group, a warhammer.Attack, e, t, count int) int {
	if t == noTarget || count <= 0 {
		return n
	}
	tu := &rd.sides[e].u
	if t >= 0 {
		tu = &rd.sides[e].ch[t].u
	}
	a = rd.rerollASF(g, a, e, t)
	tg := rd.asTarget(e, t)
	if rd.rs.Regeneration != warhammer.RegenEndOfPhase && (tu.flamed || tu.burnt) {
		// (Under flaming_removes_regeneration: never neither is ever set:
		// p.flaming below.)
		// 8th: a Flaming wound suffered earlier in the phase takes the
		// Regeneration save away for the rest of it (RULES.md §2.7.5), or
		// for the battle (flaming_removes_regeneration: battle); The Old
		// World's Regeneration as the wound is lost the same.
		tg.Defence.Regeneration = warhammer.NoSave
	}
	b := newBlow(rd.rs, a, tg)
	if rd.sides[g.side].sixes && rd.n == 1 && !b.autoHit {
		// A failed Fear test when charged: only 6s hit in the first
		// round, re-rolled or not as fear_sixes_rerolled says.
		b.hit.need = 6
		if !rd.rs.FearSixesRerolled {
			b.hit.rerollFailed, b.hit.rerollFaces = false, nil
		}
	}
	// A Flaming wound takes Regeneration away for later unless
	// flaming_removes_regeneration is never (The Old World: "Flaming
	// Attacks take nothing away for later", docs/rules.md); the wound
	// itself regenerates at the end of the phase unless burns says not.
	burnt := burns(rd.rs, b.flaming, tg.Defence)
	p := pending{multiple: b.multiple, flaming: b.flaming && rd.rs.FlamingRegen != warhammer.LoseRegenNever,
		burns: burnt, regenerable: tu.regenerates && !burnt}
	for range count {
		switch rd.d.strike(&b) {
		case unsaved:
			p.ordinary++
		case slainOutright:
			p.slainOutright++
		case regenerated:
			p.regenerated++
		}
	}
	hits[n] = aimed{side: e, target: t, p: p}
	return n + 1
}

// asTarget describes side i's target t (the rank and file, or a
// character) as the target of blows: the rider's profile for cavalry (seed
// 002), at WS 1 after a failed Fear test. 8th edition: "all models in the
// unit have their Weapon Skill reduced to 1 for the remainder of that
// round of close combat" (8th.whfb.app/special-rules/fear; RULES.md §2.4
// [V]), so the enemy hits them against WS 1 as well. A character's own
// troop type decides Killing Blow (docs/rules.md).
func (rd *round) asTarget(i, t int) warhammer.Target {
	s := &rd.sides[i]
	f := s.f
	// Parry (The Old World): infantry, not monstrous, with a hand weapon
	// and a shield (RULES.md §4), a character by his own (blows.go).
	tg := warhammer.Target{Type: f.Type, T: f.Profile.T, W: f.Profile.W, WS: f.Profile.WS, Models: f.Models, Defence: f.Defence,
		Parries: f.Type == warhammer.Infantry && f.Weapon == warhammer.HandWeapon && f.Defence.Shield}
	if t >= 0 {
		c := s.ch[t].c
		tg = warhammer.Target{Type: c.Type, T: c.Profile.T, W: c.Profile.W, WS: c.Profile.WS, Models: 1, Defence: c.Defence,
			Parries: c.Type == warhammer.Infantry && c.Weapon == warhammer.HandWeapon && c.Defence.Shield}
	}
	if s.feared {
		tg.WS = 1
	}
	return tg
}

// attack works out group g's attacks at this step, from the models still
// fighting (RULES.md §2.2; weapons, §2.9.13). A character strikes while he
// is active and his unit's models fight.
func (rd *round) attack(g group) warhammer.Attack {
	rs := rd.rs
	s := &rd.sides[g.side]
	f := s.f
	front, support := s.fighting()
	// Who strikes: the unit's models, or one character.
	p, weapon, rules, mount, mounted, bonus := f.Profile, f.Weapon, f.Rules, f.Mount, s.mounted, f.StrengthBonus
	if g.char >= 0 {
		ch := &s.ch[g.char]
		c := ch.c
		p, weapon, rules, mount, mounted, bonus = c.Profile, c.Weapon, c.Rules, c.Mount, ch.mounted, c.StrengthBonus
		front, support = 0, 0
		if rd.active(g.side, g.char) {
			front = 1
		}
	}
	a := warhammer.Attack{Phase: warhammer.CloseCombat, Round: rd.n, Skill: p.WS, S: p.S, Rules: rules}
	if s.feared {
		a.Skill = 1
	}
	if s.fearMinus {
		// The Old World: a failed Fear test, -1 to hit the Fear-causers
		// (its only enemy here) this round (RULES.md §4).
		a.ToHitMod = -1
	}
	switch g.who {
	case impactHits:
		// Impact Hits: automatic hits at the model's own Strength, rolled
		// for each model in contact (RULES.md §2.9.10).
		a.AutoHit, a.Rules = true, warhammer.AttackRules{}
		for range front {
			a.Count += rd.d.amount(f.ImpactHits)
		}
		return a
	case stomps:
		// Stomp: one automatic hit a model in contact, at the mount's
		// Strength for a rider and mount; no special rules (RULES.md §2.9.9).
		a.AutoHit, a.Rules, a.Count = true, warhammer.AttackRules{}, front
		if f.Mount != nil {
			a.S = f.Mount.S
		}
		return a
	case mounts:
		a.Count, a.S, a.Rules = front*mount.A, mount.S, mount.Rules
		if !s.feared {
			a.Skill = mount.WS
		}
	case models, supporters:
		a.S += bonus + weaponStrength(rs, weapon, rd.n, s.charging, mounted)
		a.AP = weaponAP(weapon, rd.n, s.charging, mounted)
		if rs.ArmourMod == warhammer.ArmourByWeapon {
			// "A weapon's Armour Bane adds to the unit's armour_bane"
			// (docs/rules.md, "7th edition and The Old World", Weapons).
			a.Rules.ArmourBane += weaponBane(weapon, rd.n, s.charging, mounted)
		}
		if g.who == models {
			a.Count = front * (p.A + weaponAttacks(weapon, mounted))
		} else {
			perModel := 1
			if s.monstrous {
				perModel = min(p.A, 3)
			}
			a.Count = support * perModel
		}
	}
	return a
}

// rerollASF gives group g's attacks a at side e's target t the re-roll of
// misses of Always Strikes First against equal or lower Initiative, unless
// both strike first (RULES.md §2.3). Always Strikes Last (a great
// weapon's) cancels it, on either side: a group whose ASF is cancelled is
// not in the first tier, and a target whose ASF is cancelled has not "the
// same ability".
func (rd *round) rerollASF(g group, a warhammer.Attack, e, t int) warhammer.Attack {
	f := rd.sides[e].f
	first, last, init := f.AlwaysStrikesFirst, f.AlwaysStrikesLast || f.Weapon == warhammer.GreatWeapon, f.Profile.I
	if t >= 0 {
		c := rd.sides[e].ch[t].c
		first, last, init = c.AlwaysStrikesFirst, c.AlwaysStrikesLast || c.Weapon == warhammer.GreatWeapon, c.Profile.I
	}
	enemyFirst := rd.tier(e, first, last) == tierFirst
	if rd.rs.ASFRerolls && g.tier == tierFirst && !enemyFirst && g.initiative >= init {
		a.Rules.RerollHits.Failed = true
	}
	return a
}

// weaponStrength is a close-combat weapon's Strength bonus in round n for a
// bearer that charged this turn or not, mounted or not (docs/rules.md,
// "Weapons"; RULES.md §2.9.13): great weapon +great_weapon_strength;
// halberd +1; flail and morning star their bonus in the first round; lance
// +lance_strength and a mounted spear +1 on the charge.
//
// Under armour_modifier: weapon (The Old World) a flail's and a morning
// star's Strength bonus comes "only against models it charged", read as
// the first round of a fight its unit charged into (docs/rules.md, "7th
// edition and The Old World", Weapons).
func weaponStrength(rs *warhammer.Ruleset, w warhammer.Weapon, n int, charging, mounted bool) int {
	first := n == 1
	if rs.ArmourMod == warhammer.ArmourByWeapon && (w == warhammer.Flail || w == warhammer.MorningStar) {
		first = first && charging
	}
	switch w {
	case warhammer.GreatWeapon:
		return rs.GreatWeaponStrength
	case warhammer.Halberd:
		return 1
	case warhammer.Flail:
		if first {
			return rs.FlailStrength
		}
	case warhammer.MorningStar:
		if first {
			return rs.MorningStarStrength
		}
	case warhammer.Lance:
		if first && charging && mounted {
			return rs.LanceStrength
		}
	case warhammer.Spear:
		if first && charging && mounted {
			return 1
		}
	}
	return 0
}

// weaponAP is a close-combat weapon's Armour Piercing where
// armour_modifier is weapon (docs/rules.md, "7th edition and The Old
// World", Weapons): great weapon 2; halberd 1, 2 in the first round of a
// fight its unit charged into ("2 against models it charged"); flail 2;
// morning star 1; lance 2 and a cavalry (mounted) spear 1 on the charge;
// none for the others. The unit's own armour_piercing is added in
// blows.go.
func weaponAP(w warhammer.Weapon, n int, charging, mounted bool) int {
	first := n == 1
	switch w {
	case warhammer.GreatWeapon:
		return 2
	case warhammer.Halberd:
		if first && charging {
			return 2
		}
		return 1
	case warhammer.Flail:
		return 2
	case warhammer.MorningStar:
		return 1
	case warhammer.Lance:
		if first && charging && mounted {
			return 2
		}
	case warhammer.Spear:
		if first && charging && mounted {
			return 1
		}
	}
	return 0
}

// weaponBane is a close-combat weapon's Armour Bane where armour_modifier
// is weapon (docs/rules.md, "7th edition and The Old World", Weapons):
// great weapon and halberd 1; flail and morning star 1 "only against
// models it charged" (the first round of a fight its unit charged into);
// lance 1 on the charge, mounted; none for the others.
func weaponBane(w warhammer.Weapon, n int, charging, mounted bool) int {
	first := n == 1
	switch w {
	case warhammer.GreatWeapon, warhammer.Halberd:
		return 1
	case warhammer.Flail, warhammer.MorningStar:
		if first && charging {
			return 1
		}
	case warhammer.Lance:
		if first && charging && mounted {
			return 1
		}
	}
	return 0
}

// weaponAttacks is a weapon's bonus Attacks: an additional hand weapon
// gives +1 on foot (RULES.md §2.9.13 [S]).
func weaponAttacks(w warhammer.Weapon, mounted bool) int {
	if w == warhammer.AdditionalHandWeapon && !mounted {
		return 1
	}
	return 0
}
