package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// The armies' side of a combat of several units: the combat result summed
// per army, break tests unit by unit, Panic, flee and pursuit, and the end
// of the fight (docs/rules.md, "Combats of several units").

// round fights one round: who fights, the blows, Regeneration, then each
// combat's result and its consequences.
func (b *brawl) round(values []int, events []bool) {
	for i := range b.units {
		s := &b.us[i]
		s.u.startPhase()
		s.charging = b.n == 1 && s.charged
		s.broke, s.wiped, s.fallsBack = false, false, false
		s.feared, s.fearsOf = false, [warhammer.MaxUnits]bool{}
		for k := range s.nc {
			s.ch[k].u.startPhase()
			s.ch[k].retired = false
		}
	}
	b.overkill = [2]int{}
	b.challenge(events)
	for i := range b.units {
		if b.us[i].state == fighting {
			b.whoFights(i)
			b.us[i].ranks = b.depthBonus(i)
		}
	}
	b.fearTests()
	b.strikeBlows()
	b.regenerate()
	var seen [warhammer.MaxUnits]bool
	for i := range b.units {
		if b.us[i].state != fighting || seen[i] {
			continue
		}
		c := b.combat(i, &seen)
		cr := b.onwards(c, b.combatResult(c))
		if b.n == 1 && c.first {
			values[b.out.cr], values[b.out.cr+1], values[b.out.diff] = cr[0], cr[1], cr[0]-cr[1]
		}
		b.decide(c, cr, events)
	}
	b.leaveWithoutFoes()
}

// fearTests takes the Fear tests of the round's start under fear:
// ws1_on_failed_test (8th) and minus_1_to_hit_on_failed_test (tow): every
// unit still fighting that touches an enemy unit it fears takes one test
// (Fear-causers and Unbreakable units take none: subjectToFear); under
// The Old World only a Fear-causing unit of higher Unit Strength than its
// own is feared, compared now. Failing, 8th: WS 1 against every enemy;
// The Old World: -1 to hit only the attacks at such units (docs/rules.md,
// "Several units in one combat", Fear (8th, tow): "A unit only needs to
// make one Fear test per turn"; one test for several feared units [I]).
func (b *brawl) fearTests() {
	rs := b.rs
	if rs.Fear != warhammer.FearWS1 && rs.Fear != warhammer.FearMinusOneToHit {
		return
	}
	for i := range b.units {
		s := &b.us[i]
		var feared [warhammer.MaxUnits]bool
		any := false
		for _, j := range b.links.of(i) {
			feared[j] = b.live(i, j) && subjectToFear(s.f, b.us[j].f) &&
				(rs.Fear == warhammer.FearWS1 || b.unitStrength(j) > b.unitStrength(i))
			any = any || feared[j]
		}
		if !any || b.ldTest(i, rs.BSBReroll && rs.BSBRerollFear) {
			continue
		}
		if rs.Fear == warhammer.FearWS1 {
			s.feared = true
		} else {
			s.fearsOf = feared
		}
	}
}

// regenerate rolls 6th-edition Regeneration once every blow is struck
// (seed 000), unit by unit; a Flaming wound takes it away for the battle
// where flaming_removes_regeneration says so.
func (b *brawl) regenerate() {
	rs := b.rs
	perWoundLost := rs.RegenDice == warhammer.RegenPerWoundLost
	battle := rs.FlamingRegen == warhammer.LoseRegenForBattle
	for i := range b.units {
		u := &b.us[i].u
		u.endOfPhase(b.d, perWoundLost, rs.FlamingRegen, rs.RegenCounts)
		u.burnt = u.burnt || battle && u.flamed
	}
}

// combatSet is one combat: units "interconnected" by live contacts
// (6th.whfb.app close-combat/fight-combats), found from one of them.
type combatSet struct {
	in    [warhammer.MaxUnits]bool
	first bool // it holds the fight's first unit still fighting: the one whose combat result is reported
}

// combat is the combat of unit i: every unit reached through live
// contacts. Units slain to the last model this round still count in it,
// for they lose it.
func (b *brawl) combat(i int, seen *[warhammer.MaxUnits]bool) combatSet {
	var c combatSet
	c.first = true
	for k := range i {
		c.first = c.first && b.us[k].state != fighting
	}
	stack := [warhammer.MaxUnits]int{i}
	n := 1
	c.in[i], seen[i] = true, true
	for n > 0 {
		n--
		k := stack[n]
		for _, j := range b.links.of(k) {
			if b.live(k, j) && !c.in[j] {
				c.in[j], seen[j] = true, true
				stack[n] = j
				n++
			}
		}
	}
	return c
}

// standing reports whether unit i still has models in combat c.
func (b *brawl) standing(c combatSet, i int) bool {
	return c.in[i] && b.us[i].state == fighting && b.figures(i) > 0
}

// combatResult adds up each army's combat result in combat c (docs/rules.md,
// "Combat result summed per side"): "It does not matter which particular
// units suffered the wounds, just add them all up" (6th rulebook,
// cc_3_result); then ranks, standards, outnumbering, high ground, the
// charge and flank and rear, from units with models left (a unit wiped
// out keeps the wounds it caused and adds nothing else).
func (b *brawl) combatResult(c combatSet) [2]int {
	cr := b.overkill // Overkill counts for the challenger's army (docs/rules.md, Challenges)
	for j := range b.units {
		if c.in[j] {
			cr[1-b.us[j].army] += b.us[j].u.scored
			for k := range b.us[j].nc {
				cr[1-b.us[j].army] += b.us[j].ch[k].u.scored
			}
		}
	}
	us := b.armyStrengths(c)
	for a := range cr {
		if !b.armyStands(c, a) {
			continue
		}
		cr[a] += b.armyRanks(c, a) + b.standards(c, a) + b.flankBonus(c, a)
		if b.rs.OutnumberBonus && us[a] > us[1-a] {
			// "the combined Unit Strength of your troops in combat"
			// (6th.whfb.app close-combat/combat-resolution-bonuses).
			cr[a]++
		}
		if b.rs.MassedInfantry && us[a] > us[1-a] && b.hasInfantry(c, a) {
			// Massed Infantry (The Old World): +1 to the side of higher
			// Unit Strength, all added, if one of its units is infantry
			// (docs/rules.md, "Several units in one combat", Massed
			// Infantry (tow); infantry the troop type, README Question 5).
			cr[a]++
		}
		if b.rs.HighGroundBonus && b.cc.HighGround == a {
			cr[a]++ // once for the army (RULES.md §3.1)
		}
		cr[a] += b.chargeBonus(c, a)
	}
	return cr
}

func (b *brawl) hasInfantry(c combatSet, a int) bool {
	for i := range b.units {
		if b.us[i].army == a && b.standing(c, i) && b.us[i].f.Type == warhammer.Infantry {
			return true
		}
	}
	return false
}

func (b *brawl) armyStands(c combatSet, a int) bool {
	for i := range b.units {
		if b.us[i].army == a && b.standing(c, i) {
			return true
		}
	}
	return false
}

// armyStrengths is each army's total Unit Strength in combat c.
func (b *brawl) armyStrengths(c combatSet) [2]int {
	var us [2]int
	for i := range b.units {
		if b.standing(c, i) {
			us[b.us[i].army] += b.unitStrength(i)
		}
	}
	return us
}

// unitStrength is unit i's Unit Strength (resolution.go's modelStrength a
// model standing).
func (b *brawl) unitStrength(i int) int {
	f := b.us[i].f
	return modelStrengthOf(b.rs, f.UnitStrength, f.Type, f.Weight, f.Profile.W)*b.us[i].u.alive + b.heroStrength(i)
}

// armyRanks is army a's one rank bonus (side_rank_bonus): "count the bonus
// from the unit with the largest number of ranks. Do not add up the
// bonuses" (6th.whfb.app close-combat/combat-resolution-bonuses). With
// best_claimable the highest bonus any of its units can claim; with
// deepest_unit the deepest unit's (the first listed of equal depth),
// nothing if that one is disrupted.
func (b *brawl) armyRanks(c combatSet, a int) int {
	best, deepest, depth := 0, -1, -1
	for i := range b.units {
		if b.us[i].army != a || !b.standing(c, i) {
			continue
		}
		best = max(best, b.countedRanks(i))
		if d := b.ranksOf(i); d > depth {
			deepest, depth = i, d
		}
	}
	if b.rs.SideRankBonus == warhammer.RankBonusDeepestUnit {
		if deepest < 0 {
			return 0
		}
		return b.countedRanks(deepest)
	}
	return best
}

// countedRanks is unit i's rank bonus as the result is added up: its ranks
// counted as rank_bonus_counted says (at the round's start, or now), lost
// if it is disrupted now. The flanker's Unit Strength is read when the
// combat result is worked out, at the end of the round, as the 6th FAQ
// reads the flank bonus ("at the end of the phase"): docs/rules.md,
// Options, flank_cancels_ranks [I] (README, "Disagreements" point 2), so
// a flanker cut below Unit Strength 5 in the round gives the ranks back
// in that round's result.
func (b *brawl) countedRanks(i int) int {
	if b.disrupted(i) {
		return 0
	}
	if b.rs.RankCounted != warhammer.RanksAtEnd {
		return b.us[i].ranks
	}
	return b.depthBonus(i)
}

// ranksOf is unit i's ranks of rank_bonus_width models (resolution.go).
func (b *brawl) ranksOf(i int) int {
	s := &b.us[i]
	width := b.rs.RankWidth
	if s.monstrous {
		width = b.rs.MonstrousRankWidth
	}
	return ranksOf(b.figures(i), s.f.Frontage, width)
}

// depthBonus is +1 a rank behind the first, at most +3 (RULES.md §2.10),
// before any disruption.
// Under rank_bonus: by_troop_type (The Old World) each troop type's rank
// width and most bonus (RULES.md §4; resolution.go's troopRanks).
func (b *brawl) depthBonus(i int) int {
	if b.rs.RankBonus == warhammer.RanksByTroopType {
		f := b.us[i].f
		width, most := troopRanks(b.rs, f.Type, f.Weight)
		if width == 0 {
			return 0
		}
		return min(max(ranksOf(b.figures(i), f.Frontage, width)-1, 0), most)
	}
	return min(max(b.ranksOf(i)-1, 0), 3)
}

// disrupted reports whether unit i has lost its rank bonus: "charged in
// the flank or rear by an enemy with a Unit Strength of five or more",
// only while that enemy fights on so (6th.whfb.app
// close-combat/combat-resolution-bonuses); 7th: "fighting to its flank or
// rear against an enemy unit with a unit strength of 5 or more". With
// disruption_unit_strength: per_enemy_unit one such enemy unit is needed;
// with combined the enemies in its flanks and rear add up. The Old World:
// heavy infantry only by Unit Strength 10 (Steady in the Ranks). 8th: an
// enemy unit with two ranks of five models or more (flank_cancels_ranks:
// two_ranks_of_5; docs/rules.md, "Several units in one combat",
// Disruption (8th, tow)).
func (b *brawl) disrupted(i int) bool {
	least := 5
	f := b.us[i].f
	if b.rs.RankBonus == warhammer.RanksByTroopType && f.Type == warhammer.Infantry && weightOf(b.rs, f.Type, f.Weight) == warhammer.Heavy {
		least = 10
	}
	total := 0
	for _, j := range b.links.of(i) {
		if !b.live(i, j) || b.face[j][i] == warhammer.Front {
			continue
		}
		switch b.rs.FlankCancelsRanks {
		case warhammer.FlankTwoRanksOf5:
			if ranksOf(b.figures(j), b.us[j].f.Frontage, 5) >= 2 {
				return true
			}
		case warhammer.FlankUnitStrength5:
			us := b.unitStrength(j)
			if b.rs.DisruptionUnitStrength == warhammer.DisruptPerEnemyUnit && us >= least {
				return true
			}
			total += us
		}
	}
	return b.rs.FlankCancelsRanks == warhammer.FlankUnitStrength5 &&
		b.rs.DisruptionUnitStrength == warhammer.DisruptCombined && total >= least
}

// standards is army a's standards (standards_count): "+1 if one or more
// units on your side have a standard, and not +1 per standard" (7th.whfb.app
// command-groups/combat-result-bonus; 6th the same), or +1 a unit under
// per_unit; the battle standard counts as a standard (6th) or adds an
// extra +1 (7th: battle_standard_bonus). A standard is the last of its
// rank and file to fall: a unit whose rank and file are gone has none,
// though its champion or characters fight on (docs/rules.md, Standard and
// musician).
func (b *brawl) standards(c combatSet, a int) int {
	standards, bsb := 0, false
	for i := range b.units {
		if b.us[i].army == a && b.standing(c, i) {
			standards += b2i(b.us[i].f.Standard && b.us[i].u.alive > 0)
			bsb = bsb || b.us[i].f.BattleStandard
		}
	}
	if b.rs.StandardsCount == warhammer.StandardsOncePerSide {
		standards = min(standards, 1)
	}
	if b.rs.BattleStandard == warhammer.BSBExtra {
		return standards + b2i(bsb)
	}
	if standards == 0 && bsb {
		return 1
	}
	return standards
}

// flankBonus is army a's flank (+1) and rear (+2) bonuses in combat c
// (6th.whfb.app close-combat/combat-results, Fig. 2). flank_bonus_count:
// per_enemy_unit, once for each enemy unit attacked in the flank and once
// for its rear; per_attacking_unit, once for each unit in an enemy's flank
// or rear. A flanker below flank_bonus_unit_strength "can't claim" it
// (6th FAQ, Warhammer Chronicles 2004 p.112), counted at the end of the
// round.
func (b *brawl) flankBonus(c combatSet, a int) int {
	bonus := 0
	for j := range b.units {
		if b.us[j].army == a || !c.in[j] || b.us[j].state != fighting {
			continue
		}
		flank, rear := 0, 0
		for i := range b.units {
			if b.us[i].army != a || !b.standing(c, i) || !b.live(i, j) || b.unitStrength(i) < b.rs.FlankBonusUnitStrength {
				continue
			}
			switch b.face[i][j] {
			case warhammer.Flank:
				flank++
			case warhammer.Rear:
				rear++
			}
		}
		if b.rs.FlankBonusCount == warhammer.FlankBonusPerEnemyUnit {
			flank, rear = min(flank, 1), min(rear, 1)
		}
		bonus += flank + 2*rear
	}
	return bonus
}

// chargeBonus is army a's charge bonus (charge_bonus; 8th only, kept for
// the option): per charging unit, or once (charge_bonus_count).
func (b *brawl) chargeBonus(c combatSet, a int) int {
	if !b.rs.ChargeBonus {
		return 0
	}
	n := 0
	for i := range b.units {
		if b.us[i].army == a && b.standing(c, i) && b.us[i].charging {
			n++
		}
	}
	if b.rs.ChargeBonusCount == warhammer.ChargeBonusOnce {
		n = min(n, 1)
	}
	return n
}

// musician reports whether army a has a musician in combat c: the last of
// its unit's rank and file to fall (docs/rules.md, Standard and musician).
func (b *brawl) musician(c combatSet, a int) bool {
	for i := range b.units {
		if b.us[i].army == a && b.standing(c, i) && b.us[i].f.Musician && b.us[i].u.alive > 0 {
			return true
		}
	}
	return false
}

// modelStrengthOf is one model's Unit Strength: the scenario's per, else
// by troop type, infantry and war beasts 1, cavalry 2, monstrous troops 3,
// chariots 4 (tow: light 3, heavy 5), monsters and swarms their Wounds
// (docs/rules.md, "Unit Strength"; the same reading as resolution.go).
func modelStrengthOf(rs *warhammer.Ruleset, per int, t warhammer.TroopType, wt warhammer.Weight, w int) int {
	if per > 0 {
		return per
	}
	if rs.UnitStrength == warhammer.USTOW && t == warhammer.Chariot {
		if weightOf(rs, t, wt) == warhammer.Light {
			return 3
		}
		return 5
	}
	switch t {
	case warhammer.Cavalry:
		return 2
	case warhammer.MonstrousInfantry, warhammer.MonstrousCavalry, warhammer.MonstrousBeast:
		return 3
	case warhammer.Chariot:
		return 4
	case warhammer.Monster, warhammer.Swarm:
		return w
	}
	return 1
}
