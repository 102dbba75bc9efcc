package bench

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
	tier       int
	initiative int // the attackers' Initiative
	order      int // Initiative where it orders the group within its tier, else 0
}

// groups lists the groups that strike this round, in striking order.
func (rd *round) groups(list *[12]group) []group {
	rs := rd.rs
	gs := list[:0]
	for i := range rd.sides {
		s := &rd.sides[i]
		f := s.f
		if s.charging && (f.ImpactHits.N > 0 || f.ImpactHits.Die > 0) {
			gs = append(gs, group{side: i, who: impactHits, tier: tierImpact})
		}
		gs = append(gs, group{side: i, who: models, tier: rd.tier(i, f.Weapon == warhammer.GreatWeapon), initiative: f.Profile.I})
		if f.Mount != nil {
			gs = append(gs, group{side: i, who: mounts, tier: rd.tier(i, false), initiative: f.Mount.I})
		}
		if s.support > 0 {
			gs = append(gs, group{side: i, who: supporters, tier: rd.tier(i, f.Weapon == warhammer.GreatWeapon), initiative: f.Profile.I})
		}
		// Stomp (8th): monstrous models stomp on infantry, war beasts and
		// swarms in base contact, after all other blows (RULES.md §2.9.9).
		switch rd.sides[1-i].f.Type {
		case warhammer.Infantry, warhammer.WarBeast, warhammer.Swarm:
			if rs.Stomp && s.monstrous {
				gs = append(gs, group{side: i, who: stomps, tier: tierStomp})
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

func before(a, b group) bool {
	if a.tier != b.tier {
		return a.tier < b.tier
	}
	return a.order > b.order
}

// tier is the striking tier of side i's blows (greatWeapon: struck with a
// great weapon, which strikes last).
func (rd *round) tier(i int, greatWeapon bool) int {
	f := rd.sides[i].f
	first, last := f.AlwaysStrikesFirst, f.AlwaysStrikesLast || greatWeapon
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
	var list [12]group
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

// strike strikes the groups of step that belong to side only (or all of
// them, for side -1) at once: every attack is rolled before any wound is
// put on a unit, so models slain in this step still strike in it.
func (rd *round) strike(step []group, side int) {
	var wounds [2][6]pending
	var count [2]int
	for _, g := range step {
		if side >= 0 && g.side != side {
			continue
		}
		a := rd.attack(g)
		if a.Count == 0 {
			continue
		}
		enemy := &rd.sides[1-g.side]
		b := newBlow(rd.rs, a, rd.asTarget(1-g.side))
		if rd.sides[g.side].sixes && rd.n == 1 && !b.autoHit {
			// A failed Fear test when charged: only 6s hit in the first
			// round, re-rolled or not as fear_sixes_rerolled says.
			b.hit.need = 6
			if !rd.rs.FearSixesRerolled {
				b.hit.rerollFailed, b.hit.rerollFaces = false, nil
			}
		}
		p := pending{multiple: b.multiple, flaming: b.flaming, regenerable: enemy.u.regenerates && !b.flaming}
		for range a.Count {
			switch rd.d.strike(&b) {
			case unsaved:
				p.ordinary++
			case slainOutright:
				p.slainOutright++
			}
		}
		wounds[1-g.side][count[1-g.side]] = p
		count[1-g.side]++
	}
	for i := range rd.sides {
		rd.sides[i].u.takeAll(rd.d, rd.rs, wounds[i][:count[i]])
	}
}

// asTarget describes side i as the target of blows: the rider's profile for
// cavalry (seed 002), at WS 1 after a failed Fear test. 8th edition: "all
// models in the unit have their Weapon Skill reduced to 1 for the remainder
// of that round of close combat" (8th.whfb.app/special-rules/fear; RULES.md
// §2.4 [V]), so the enemy hits them against WS 1 as well.
func (rd *round) asTarget(i int) warhammer.Target {
	s := &rd.sides[i]
	f := s.f
	ws := f.Profile.WS
	if s.feared {
		ws = 1
	}
	return warhammer.Target{Type: f.Type, T: f.Profile.T, W: f.Profile.W, WS: ws, Models: f.Models, Defence: f.Defence}
}

// attack works out group g's attacks at this step, from the models still
// fighting (RULES.md §2.2; weapons, §2.9.13).
func (rd *round) attack(g group) warhammer.Attack {
	rs := rd.rs
	s, e := &rd.sides[g.side], &rd.sides[1-g.side]
	f := s.f
	front, support := s.fighting()
	a := warhammer.Attack{Phase: warhammer.CloseCombat, Round: rd.n, Skill: f.Profile.WS, S: f.Profile.S, Rules: f.Rules}
	if s.feared {
		a.Skill = 1
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
		m := f.Mount
		a.Count, a.S, a.Rules = front*m.A, m.S, m.Rules
		if !s.feared {
			a.Skill = m.WS
		}
	case models, supporters:
		a.S += weaponStrength(rs, f.Weapon, rd.n, s.charging, s.mounted)
		if g.who == models {
			a.Count = front * (f.Profile.A + weaponAttacks(f.Weapon, s.mounted))
			if f.Champion && front > 0 {
				a.Count++ // a champion: one more attack in the front rank
			}
		} else {
			perModel := 1
			if s.monstrous {
				perModel = min(f.Profile.A, 3)
			}
			a.Count = support * perModel
		}
	}
	// Always Strikes First re-rolls misses against equal or lower
	// Initiative, unless both strike first (RULES.md §2.3). Always Strikes
	// Last (a great weapon's) cancels it, on either side: a group whose ASF
	// is cancelled is not in the first tier, and an enemy whose ASF is
	// cancelled has not "the same ability".
	enemyFirst := rd.tier(1-g.side, e.f.Weapon == warhammer.GreatWeapon) == tierFirst
	if rs.ASFRerolls && g.tier == tierFirst && !enemyFirst && g.initiative >= e.f.Profile.I {
		a.Rules.RerollHits.Failed = true
	}
	return a
}

// weaponStrength is a close-combat weapon's Strength bonus in round n for a
// bearer that charged this turn or not, mounted or not (docs/rules.md,
// "Weapons"; RULES.md §2.9.13): great weapon +great_weapon_strength;
// halberd +1; flail and morning star their bonus in the first round; lance
// +lance_strength and a mounted spear +1 on the charge.
func weaponStrength(rs *warhammer.Ruleset, w warhammer.Weapon, n int, charging, mounted bool) int {
	first := n == 1
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

// weaponAttacks is a weapon's bonus Attacks: an additional hand weapon
// gives +1 on foot (RULES.md §2.9.13 [S]).
func weaponAttacks(w warhammer.Weapon, mounted bool) int {
	if w == warhammer.AdditionalHandWeapon && !mounted {
		return 1
	}
	return 0
}
