package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// Strike order across every unit of the combat (docs/rules.md, "Striking
// order across all units"): 6th.whfb.app appendix-eight-sequence-of-play/
// 5-close-combat-p66: every unit that charged this turn strikes first, then
// everyone by Initiative, across the whole combat; at equal Initiative the
// side that won the previous round, else a roll-off. 7th: as 6th, with
// Always Strikes First before the chargers. The tiers are striking.go's.

// mgroup is one unit's group of identical attacks in a round.
type mgroup struct {
	unit       int
	who        attackers
	tier       int
	initiative int
	order      int
	hero       int // 1+k for the blows of the unit's character k; 0 the unit's
}

// maxMGroups is the most groups a round has: Impact Hits, models, mounts,
// the ranks behind and Stomp, for every unit.
const maxMGroups = 5 * warhammer.MaxUnits

// groups lists the round's groups in striking order.
func (b *brawl) groups(list *[maxMGroups]mgroup) []mgroup {
	gs := list[:0]
	for i := range b.units {
		s := &b.us[i]
		if s.state != fighting {
			continue
		}
		f := s.f
		if s.charging && (f.ImpactHits.N > 0 || f.ImpactHits.Die > 0) {
			gs = append(gs, mgroup{unit: i, who: impactHits, tier: tierImpact})
		}
		gs = append(gs, b.newGroup(i, models, f.Profile.I, f.AlwaysStrikesFirst, f.AlwaysStrikesLast || f.Weapon == warhammer.GreatWeapon))
		if f.Mount != nil {
			gs = append(gs, b.newGroup(i, mounts, f.Mount.I, f.AlwaysStrikesFirst, f.AlwaysStrikesLast))
		}
		gs = append(gs, b.newGroup(i, supporters, f.Profile.I, f.AlwaysStrikesFirst, f.AlwaysStrikesLast || f.Weapon == warhammer.GreatWeapon))
		for k := range s.nc {
			if c := s.ch[k].c; b.active(i, k) {
				g := b.newGroup(i, models, c.Profile.I, c.AlwaysStrikesFirst, c.AlwaysStrikesLast || c.Weapon == warhammer.GreatWeapon)
				g.hero = k + 1
				gs = append(gs, g)
			}
		}
		if b.rs.Stomp && s.monstrous {
			// Stomp (8th): after every other blow (RULES.md §2.9.9).
			gs = append(gs, mgroup{unit: i, who: stomps, tier: tierStomp})
		}
	}
	for k := range gs {
		g := &gs[k]
		if g.tier != tierImpact && g.tier != tierStomp && !(g.tier == tierFirst && b.rs.ASFAgainstASF == warhammer.ASFSimultaneously) {
			g.order = g.initiative
		}
	}
	for k := 1; k < len(gs); k++ { // insertion sort: lower tier, then higher Initiative
		for j := k; j > 0 && mbefore(gs[j], gs[j-1]); j-- {
			gs[j], gs[j-1] = gs[j-1], gs[j]
		}
	}
	return gs
}

func mbefore(a, b mgroup) bool {
	if a.tier != b.tier {
		return a.tier < b.tier
	}
	return a.order > b.order
}

// newGroup is unit i's group of attacks by who, at Initiative init, with
// Always Strikes First (first) and Last or a great weapon (last).
// Under strike_first: initiative_10 (The Old World) Strike First sets the
// Initiative to 10 and Strike Last (a great weapon's) to 1, the two
// cancelling, with no tiers of their own (RULES.md §4); under
// charge_initiative a unit that charged adds its own charge_distance in
// the first round, at most +4 if it touches an enemy's flank or rear,
// else at most +3, and at most 10 (docs/rules.md, "Several units in one
// combat", Striking order (tow): "the flanker only").
func (b *brawl) newGroup(i int, who attackers, init int, first, last bool) mgroup {
	if b.rs.StrikeFirst == warhammer.StrikeFirstI10 {
		switch {
		case first && last:
		case first:
			init = 10
		case last:
			init = 1
		}
		first, last = false, false
	}
	if b.rs.ChargeInitiative && b.us[i].charging {
		most := 3
		for _, j := range b.links.of(i) {
			if b.face[i][j] != warhammer.Front {
				most = 4
			}
		}
		init = min(init+min(max(b.cc.Units[i].ChargeDistance, 0), most), 10)
	}
	return mgroup{unit: i, who: who, initiative: init, tier: b.tier(i, first, last)}
}

// tier is striking.go's tier for unit i: the two cancel, Always Strikes
// First, then chargers in the first round (6th: great weapons too), then
// the rest, then Always Strikes Last and great weapons (RULES.md §2.1,
// §2.3, §3.1).
func (b *brawl) tier(i int, first, last bool) int {
	switch {
	case first && last:
	case first:
		return tierFirst
	}
	if b.rs.StrikeOrder == warhammer.ChargersFirst && b.us[i].charging {
		return tierChargers
	}
	if last && !first { // Always Strikes First and Last cancel out: Initiative (RULES.md §2.3)
		return tierLast
	}
	return tierNormal
}

// strikeBlows strikes every blow of the round. A step's groups of one army
// strike at once; where both armies have groups in a step, the army that
// won the previous round of the combat strikes first, else the winner of
// a roll-off (initiative_ties), or all at once (8th's rule, kept for the
// option).
func (b *brawl) strikeBlows() {
	var list [maxMGroups]mgroup
	gs := b.groups(&list)
	for len(gs) > 0 {
		n := 1
		for n < len(gs) && gs[n].tier == gs[0].tier && gs[n].order == gs[0].order {
			n++
		}
		step := gs[:n]
		gs = gs[n:]
		if !b.bothArmies(step) || b.rs.InitiativeTies == warhammer.TieSimultaneous || step[0].tier == tierStomp ||
			step[0].tier == tierFirst && b.rs.ASFAgainstASF == warhammer.ASFSimultaneously {
			b.strike(step, -1)
			continue
		}
		first := b.lastWon[step[0].unit]
		if first < 0 {
			first = b.rollOff()
		}
		b.strike(step, first)
		b.strike(step, 1-first)
	}
}

func (b *brawl) bothArmies(step []mgroup) bool {
	for _, g := range step {
		if b.us[g.unit].army != b.us[step[0].unit].army {
			return true
		}
	}
	return false
}

// rollOff: each army rolls a D6, again on a tie; the higher chooses (and
// strikes first).
func (b *brawl) rollOff() int {
	for {
		x, y := b.d.d6(), b.d.d6()
		if x != y {
			return b2i(y > x)
		}
	}
}

// strike rolls every blow of step's groups of army (-1: all) at every
// enemy unit they touch, then puts the wounds on each enemy at once: a
// model slain in this step still strikes in it (seed 002). Wounds fall on
// the unit the attacks were directed at; "wounds beyond its last model
// are lost, never carried to another unit" (docs/rules.md, "Casualties,
// unit by unit").
func (b *brawl) strike(step []mgroup, army int) {
	var ps [warhammer.MaxUnits][maxMGroups]pending
	var np [warhammer.MaxUnits]int
	var hs heroBlows
	for _, g := range step {
		if army >= 0 && b.us[g.unit].army != army {
			continue
		}
		if g.hero > 0 {
			b.heroStrikes(g, &hs)
			continue
		}
		for _, j := range b.links.of(g.unit) {
			if !b.live(g.unit, j) {
				continue
			}
			if g.who == stomps && !stomped(b.us[j].f.Type) {
				continue
			}
			if a := b.attack(g, j); a.Count > 0 {
				if b.us[j].u.alive == 0 {
					b.atHeroes(g, a, j, &hs) // its rank and file gone: at its characters
					continue
				}
				if a = b.strikeAtHero(g, a, j, &hs); a.Count == 0 {
					continue
				}
				ps[j][np[j]] = b.roll(g, a, j)
				np[j]++
			}
		}
	}
	for j := range b.units {
		if np[j] > 0 {
			b.us[j].u.takeAll(b.d, b.rs, ps[j][:np[j]], b.overflowTo(j))
		}
	}
	b.woundHeroes(&hs)
}

// attack is group g's attacks at enemy j this step: the models fighting j
// with their Attacks (RULES.md §2.2; weapons §2.9.13), a mount's with its
// own profile, the rank behind one attack a model (monstrous: up to 3),
// Impact Hits rolled for each model in contact with j (§2.9.10).
func (b *brawl) attack(g mgroup, j int) warhammer.Attack {
	rs, s := b.rs, &b.us[g.unit]
	f := s.f
	front, support := b.fighting(g.unit, j)
	a := warhammer.Attack{Phase: warhammer.CloseCombat, Round: b.n, Skill: f.Profile.WS, S: f.Profile.S, Rules: f.Rules}
	if s.fearsOf[j] {
		// The Old World: a failed Fear test, -1 to hit for "models ...
		// that direct their attacks against the Fear-causing enemy"
		// (tow special-rules/fear; docs/rules.md, Fear (8th, tow)).
		a.ToHitMod = -1
	}
	switch g.who {
	case stomps:
		// Stomp: one automatic hit a model in contact with j, at the
		// mount's Strength for a rider and mount, no special rules
		// (RULES.md §2.9.9), contact by contact (docs/rules.md, Stomp
		// (8th) [I]).
		a.AutoHit, a.Rules, a.Count = true, warhammer.AttackRules{}, front
		if f.Mount != nil {
			a.S = f.Mount.S
		}
		return a
	case impactHits:
		a.AutoHit, a.Rules = true, warhammer.AttackRules{}
		for range front {
			a.Count += b.d.amount(f.ImpactHits)
		}
	case mounts:
		a.Count, a.Skill, a.S, a.Rules = front*f.Mount.A, f.Mount.WS, f.Mount.S, f.Mount.Rules
	case models, supporters:
		a.S += f.StrengthBonus + weaponStrength(rs, f.Weapon, b.n, s.charging, s.mounted)
		a.AP = weaponAP(f.Weapon, b.n, s.charging, s.mounted)
		if rs.ArmourMod == warhammer.ArmourByWeapon {
			a.Rules.ArmourBane += weaponBane(f.Weapon, b.n, s.charging, s.mounted)
		}
		if g.who == models {
			a.Count = front * (f.Profile.A + weaponAttacks(f.Weapon, s.mounted))
		} else {
			perModel := 1
			if s.monstrous {
				perModel = min(f.Profile.A, 3)
			}
			a.Count = support * perModel
		}
	}
	if s.feared {
		// 8th: "All models in the unit have their Weapon Skill reduced to
		// 1" (8th.whfb.app special-rules/fear), mounts too.
		a.Skill = 1
	}
	return a
}

// stomped reports whether Stomp hits a unit of type t: infantry, war
// beasts and swarms (RULES.md §2.9.9).
func stomped(t warhammer.TroopType) bool {
	return t == warhammer.Infantry || t == warhammer.WarBeast || t == warhammer.Swarm
}

// roll rolls a's blows of group g at enemy unit j, one at a time, and
// returns their unsaved wounds.
func (b *brawl) roll(g mgroup, a warhammer.Attack, j int) pending {
	rs, tu := b.rs, &b.us[j].u
	a = b.rerollASF(g, a, j)
	tg := b.asTarget(j)
	if rs.Regeneration != warhammer.RegenEndOfPhase && (tu.flamed || tu.burnt) {
		tg.Defence.Regeneration = warhammer.NoSave // as striking.go's roll
	}
	bl := newBlow(rs, a, tg)
	if b.us[g.unit].sixes && b.n == 1 && !bl.autoHit {
		// A failed Fear test when charged: "must roll 6s to score hits in
		// the first turn of close combat" (6th.whfb.app psychology/fear).
		bl.hit.need = 6
		if !rs.FearSixesRerolled {
			bl.hit.rerollFailed, bl.hit.rerollFaces = false, nil
		}
	}
	burnt := burns(rs, bl.flaming, tg.Defence)
	p := pending{multiple: bl.multiple, flaming: bl.flaming && rs.FlamingRegen != warhammer.LoseRegenNever,
		burns: burnt, regenerable: tu.regenerates && !burnt}
	for range a.Count {
		switch b.d.strike(&bl) {
		case unsaved:
			p.ordinary++
		case slainOutright:
			p.slainOutright++
		case regenerated:
			p.regenerated++
		}
	}
	return p
}

// asTarget is unit j as the target of blows: the rider's profile for
// cavalry (seed 002); Parry for infantry with hand weapon and shield
// (RULES.md §4, where parry is on).
func (b *brawl) asTarget(j int) warhammer.Target {
	f := b.us[j].f
	tg := warhammer.Target{Type: f.Type, T: f.Profile.T, W: f.Profile.W, WS: f.Profile.WS, Models: f.Models, Defence: f.Defence,
		Parries: f.Type == warhammer.Infantry && f.Weapon == warhammer.HandWeapon && f.Defence.Shield}
	if b.us[j].feared {
		tg.WS = 1 // its WS is 1, so the enemy hits it against WS 1 too (README, rule bug 1)
	}
	return tg
}

// rerollASF gives Always Strikes First the re-roll of misses against an
// enemy of equal or lower Initiative without it (RULES.md §2.3), where
// asf_rerolls_misses says so.
func (b *brawl) rerollASF(g mgroup, a warhammer.Attack, j int) warhammer.Attack {
	f := b.us[j].f
	enemyFirst := b.tier(j, f.AlwaysStrikesFirst, f.AlwaysStrikesLast || f.Weapon == warhammer.GreatWeapon) == tierFirst
	if b.rs.ASFRerolls && g.tier == tierFirst && !enemyFirst && g.initiative >= f.Profile.I {
		a.Rules.RerollHits.Failed = true
	}
	return a
}
