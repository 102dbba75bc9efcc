package warhammer

// A fight of several units (issue 30, 6th and 7th editions): where each
// unit stands, and each army's combat result (docs/rules.md "Several units
// in one combat"). A fight of two units takes none of this: its combat
// result, break test and pursuit are combat.go's and round.go's, as they
// always were.

// unitStatus is where a unit of a fight of several units stands.
type unitStatus uint8

const (
	inFight       unitStatus = iota // fighting (if any of its models stands)
	fled                            // broke or panicked and fled, and escaped
	caughtFleeing                   // broke or panicked, and a pursuer caught it: destroyed
	leftFight                       // pursued a fleeing enemy, or was left without foes: out of the fight
)

// inCombat reports whether unit u is still in the fight: it has not fled
// nor left, and a model of it stands.
func (t *fightTrial) inCombat(u int) bool {
	return t.status[u] == inFight && t.standing(u)
}

// engaged reports whether unit u touches an enemy unit still in the
// fight.
func (t *fightTrial) engaged(u int) bool {
	for _, c := range t.f.sides[u].contacts {
		if t.inCombat(c.enemy) {
			return true
		}
	}
	return false
}

// frontEngaged reports whether an enemy unit still in the fight touches
// unit u's front: its front-rank characters then fight.
func (t *fightTrial) frontEngaged(u int) bool {
	for _, c := range t.f.sides[u].contacts {
		if c.front && t.inCombat(c.enemy) {
			return true
		}
	}
	return false
}

// armyResult is army a's combat result this round in a fight of several
// units (6th.whfb.app close-combat/combat-resolution-bonuses,
// 7th.whfb.app close-combat/combat-result-bonuses): the wounds every unit
// of it caused ("just add them all up"), then, if a unit of it still
// fights, one rank bonus (side_rank_bonus), its standards
// (standards_count, battle_standard_bonus), outnumbering by the army's
// total Unit Strength, high ground once, the charge (charge_bonus_count),
// and the flank and rear bonuses (flank_bonus_count,
// flank_bonus_unit_strength).
func (t *fightTrial) armyResult(a, round int) int {
	f, rs := t.f, t.f.rs
	cr := t.overkill[a]
	for _, e := range f.armies[1-a] {
		for m := range t.st[e] {
			cr += t.st[e][m].scored
		}
	}
	if !t.armyInCombat(a) {
		return cr
	}
	cr += t.sideRankBonus(a) + t.standards(a) + t.flankBonus(a)
	if rs.OutnumberBonus && t.armyStrength(a) > t.armyStrength(1-a) {
		cr++
	}
	if rs.MassedInfantry && t.armyStrength(a) > t.armyStrength(1-a) && t.hasInfantry(a) {
		// Massed Infantry: +1 to a side of higher Unit Strength, the
		// Unit Strengths of a side added together, that includes a unit
		// with the rule (infantry) (tow.whfb.app
		// troop-types-in-detail/massed-infantry).
		cr++
	}
	if rs.HighGroundBonus && f.cc.HighGround == a {
		cr++
	}
	if rs.ChargeBonus && round == 1 {
		n := 0
		for _, u := range f.armies[a] {
			if f.sides[u].charging && t.inCombat(u) {
				n++
			}
		}
		if rs.ChargeBonusCount == ChargeBonusOnce {
			n = min(n, 1)
		}
		cr += n
	}
	return cr
}

// armyInCombat reports whether a unit of army a is still in the fight.
func (t *fightTrial) armyInCombat(a int) bool {
	for _, u := range t.f.armies[a] {
		if t.inCombat(u) {
			return true
		}
	}
	return false
}

// hasInfantry reports whether a unit of army a still in the fight is
// infantry (not monstrous), whose Massed Infantry the army may claim.
func (t *fightTrial) hasInfantry(a int) bool {
	for _, u := range t.f.armies[a] {
		if t.inCombat(u) && t.f.unit(u).Type == Infantry {
			return true
		}
	}
	return false
}

// armyStrength is the total Unit Strength of army a's units in the fight:
// "the combined Unit Strength of your troops in combat" (6th, 7th).
func (t *fightTrial) armyStrength(a int) int {
	us := 0
	for _, u := range t.f.armies[a] {
		if t.inCombat(u) {
			us += t.unitStrength(u)
		}
	}
	return us
}

// sideRankBonus is army a's one rank bonus ("count the bonus from the unit
// with the largest number of ranks. Do not add up the bonuses"): the best
// any of its units in the fight can claim (best_claimable), or the deepest
// one's, nothing if it is disrupted (deepest_unit; the first listed of
// equally deep ones).
func (t *fightTrial) sideRankBonus(a int) int {
	best, deepest, ranks := 0, -1, -1
	for _, u := range t.f.armies[a] {
		if !t.inCombat(u) {
			continue
		}
		if b := t.rankBonus(u); b > best && !t.disrupted(u) {
			best = b
		}
		me := t.f.unit(u)
		if r := ranksOf(t.models(u, t.f.rs.RankCounted == RanksAtStart), me.Frontage, t.rankWidth(&me.Fighter)); r > ranks {
			deepest, ranks = u, r
		}
	}
	if t.f.rs.SideRankBonus == RankBonusBestClaimable {
		return best
	}
	if deepest < 0 || t.disrupted(deepest) {
		return 0
	}
	return t.rankBonus(deepest)
}

// standards is army a's bonus for standards: +1 a unit in the fight with
// one, at most +1 in all under standards_count once_per_side ("you still
// only add +1, not +1 for each standard"); the battle standard counts as
// a standard (6th) or adds +1 more (7th's "an extra +1"), as
// battle_standard_bonus says.
func (t *fightTrial) standards(a int) int {
	n, bsb := 0, false
	for _, u := range t.f.armies[a] {
		if !t.inCombat(u) {
			continue
		}
		has, b := t.f.unit(u).Standard && t.st[u][0].alive > 0, t.battleStandard(u)
		if t.f.rs.BattleStandard != BSBExtra {
			has = has || b
		}
		if has {
			n++
		}
		bsb = bsb || b
	}
	if t.f.rs.StandardsCount == StandardsOncePerSide {
		n = min(n, 1)
	}
	if bsb && t.f.rs.BattleStandard == BSBExtra {
		n++
	}
	return n
}

// flankBonus is army a's flank (+1) and rear (+2) bonuses: once per enemy
// unit attacked in the flank and once for its rear (flank_bonus_count
// per_enemy_unit), or once per unit of army a in an enemy's flank or rear
// (per_attacking_unit); a unit of Unit Strength below
// flank_bonus_unit_strength claims none (6th.whfb.app faq/close-combat).
func (t *fightTrial) flankBonus(a int) int {
	f := t.f
	var flank, rear [MaxUnits]bool
	bonus := 0
	for _, u := range f.armies[a] {
		if !t.inCombat(u) || t.unitStrength(u) < f.rs.FlankBonusUnitStrength {
			continue
		}
		for _, c := range f.sides[u].contacts {
			if t.status[c.enemy] != inFight {
				continue // fled or left in an earlier round; one wiped out this round still counts, as in a fight of two
			}
			switch c.at {
			case Flank:
				flank[c.enemy] = true
				bonus++
			case Rear:
				rear[c.enemy] = true
				bonus += 2
			}
		}
	}
	if f.rs.FlankBonusCount == FlankBonusPerAttackingUnit {
		return bonus
	}
	bonus = 0
	for e := range f.sides {
		bonus += b2i(flank[e]) + 2*b2i(rear[e])
	}
	return bonus
}

// disruptedBy reports whether unit i, of a fight of several units, has
// lost its rank bonus to the enemy units in its flanks and rear: one of
// Unit Strength 5 or more (disruption_unit_strength per_enemy_unit), or
// all of them together (combined); or under flank_cancels_ranks
// two_ranks_of_5, one with two ranks of five.
func (t *fightTrial) disruptedBy(i int) bool {
	f := t.f
	us := 0
	for _, e := range f.sides[i].flankers {
		if !t.inCombat(e) {
			continue
		}
		if f.rs.FlankCancelsRanks == FlankTwoRanksOf5 {
			if ranksOf(t.models(e, false), f.unit(e).Frontage, 5) >= 2 {
				return true
			}
			continue
		}
		if f.rs.DisruptionUnitStrength == DisruptPerEnemyUnit {
			us = max(us, t.unitStrength(e))
		} else {
			us += t.unitStrength(e)
		}
	}
	return us >= t.disruptionStrength(i)
}
