package warhammerref

import "github.com/wargamesim/sim/game/warhammer"

// blow says how each attack of one group goes against one target: the to
// hit, to wound and save tests, worked out once from the rules.
type blow struct {
	phase     warhammer.Phase
	autoHit   bool // Impact Hits, Stomp, a scripted volley: no roll to hit
	autoWound bool // no roll to wound (and so never a Killing Blow)

	hit        test
	shooting7  int  // shooting at 7+, 8+ or 9+: a 6, then this score (RULES.md §2.5); 0 otherwise
	rerollAt   int  // BS 6 or more under high_bs_rerolls: a miss is rolled again, hitting on this score; 0 otherwise
	poisoned   bool // a natural 6 to hit wounds automatically (RULES.md §2.9.3), or rolls poisonWound
	poisonPlus bool // ... rolls poisonWound: to wound at +2 (poisoned_attacks: plus_2_to_wound)

	wound       test
	poisonWound test // the wound roll of a Poisoned natural 6 at +2 (to 2+ at best)
	killingBlow bool // a natural 6 to wound slays outright (RULES.md §2.9.1-2)
	bane        bool // Armour Bane: a natural 6 to wound faces baneArmour
	flaming     bool // Flaming Attacks: never regenerated (seed 000)
	multiple    warhammer.Amount

	armour     test // after the Strength modifier (or the weapon's AP) and Armour Piercing
	baneArmour test // armour against a wound of a natural 6 with Armour Bane (X): X worse
	ward       test // the best ward save
	regenSave  bool // Regeneration taken as a save instead of the ward (8th)
	regenAfter bool // Regeneration rolled as the wound is lost, after armour and ward (The Old World)
	regen      test
}

// outcome is where one attack ends.
type outcome uint8

const (
	missed outcome = iota
	notWounded
	saved       // by armour or ward
	regenerated // saved by Regeneration: as a save (8th), or as the wound is lost (The Old World)
	unsaved     // an ordinary unsaved wound
	slainOutright
)

// newBlow works out how attacks a go against tg under rs. The attacks hit
// against tg.WS (1 for a unit that failed a Fear test, 8th).
func newBlow(rs *warhammer.Ruleset, a warhammer.Attack, tg warhammer.Target) blow {
	b := blow{
		phase:     a.Phase,
		autoHit:   a.AutoHit,
		autoWound: a.AutoWound,
		flaming:   a.Rules.Flaming,
		multiple:  a.Rules.MultipleWounds,
	}

	// To hit. Close combat: the WS chart (RULES.md §2.4), modifiers on the
	// roll, a natural 6 hits when six_always_hits says so. Shooting: 7 - BS
	// - modifiers, with the 7+ procedure above 6 (RULES.md §2.5). A natural
	// 1 always misses.
	switch {
	case a.AutoHit:
	case a.Phase == warhammer.Shooting && rs.HighBSRerolls && a.Skill >= 6:
		// "If a model has BS6 or higher, it gains a re-roll should it
		// fail to hit": the first roll 2+, the re-roll 6+ at BS 6 to 2+
		// at BS 10, the to-hit modifiers "only applied to the first dice
		// roll" (tow.whfb.app the-shooting-phase/bs-of-6-or-higher,
		// to-hit-modifiers). It is the die's one re-roll.
		b.shootAt(2 - a.ToHitMod)
		b.rerollAt = [...]int{6: 6, 7: 5, 8: 4, 9: 3, 10: 2}[min(a.Skill, 10)]
		a.Rules.RerollHits = warhammer.Reroll{}
	case a.Phase == warhammer.Shooting:
		b.shootAt(warhammer.ShootingToHit(a.Skill, a.ToHitMod))
	default:
		b.hit = test{
			need:      toHitCombat(rs, a.Skill, tg.WS) - a.ToHitMod,
			sixPasses: rs.SixAlwaysHits,
		}
		// Hatred: misses are re-rolled in the first round (RULES.md §2.9.7).
		b.hit.rerollFailed = a.Rules.Hatred && a.Round == 1
	}
	b.hit = b.hit.withReroll(a.Rules.RerollHits)
	// Poisoned Attacks never work on a 7+ roll or an automatic hit (a
	// BS 6+ re-roll's natural 6 does).
	b.poisoned = a.Rules.Poisoned && !a.AutoHit && (b.shooting7 == 0 || b.rerollAt != 0)
	// The Old World's current wording: the Poisoned natural 6 rolls to
	// wound at +2, to 2+ at best; a hit that cannot wound still cannot
	// (docs/rules.md, "7th edition and The Old World"; RULES.md §4).
	b.poisonPlus = b.poisoned && rs.Poison == warhammer.PoisonPlusTwo

	// To wound: the seed 002 chart, whose 6+ reaches as far as
	// too_tough_to_wound says; "N" cannot wound and is not rolled.
	if need, ok := toWound(rs, a.S, tg.T); ok {
		b.wound = test{need: need}.withReroll(a.Rules.RerollWounds)
		b.poisonWound = test{need: max(need-2, 2)}.withReroll(a.Rules.RerollWounds)
	} else {
		b.wound = test{need: 7}
		b.poisonWound = b.wound
	}
	// Killing Blow: a natural 6 to wound, close combat only, never on an
	// automatic wound, against the troop types the ruleset names; Heroic
	// Killing Blow against all but swarms (RULES.md §2.9.1-2).
	b.killingBlow = a.Phase == warhammer.CloseCombat && !a.AutoWound &&
		(a.Rules.KillingBlow && rs.KillingBlowTargets.Has(tg.Type) ||
			a.Rules.HeroicKillingBlow && tg.Type != warhammer.Swarm)

	// Armour Bane (X): a natural 6 to wound worsens the armour save by X
	// more (RULES.md §4); a Killing Blow allows none anyway.
	b.bane = a.Rules.ArmourBane > 0 && !a.AutoWound

	// Armour: the save worsened by one per point of Strength above 3 (seed
	// 002), or under armour_modifier: weapon by the weapon's Armour
	// Piercing only (RULES.md §4), and by the unit's Armour Piercing; none
	// against Ignores Armour; 7+ is no save (seed 002).
	d := tg.Defence
	b.armour, b.baneArmour = noSave, noSave
	if value := armourValue(rs, a.Phase, tg); !a.Rules.IgnoresArmour && value < int(warhammer.NoSave) {
		mod := warhammer.ArmourModifier(a.S)
		if rs.ArmourMod == warhammer.ArmourByWeapon {
			mod = a.AP
		}
		need := value + mod + a.Rules.ArmourPiercing
		b.armour = test{need: need}.withReroll(d.RerollArmour)
		b.baneArmour = test{need: need + a.Rules.ArmourBane}.withReroll(d.RerollArmour)
	}
	// Ward: never modified; only the best counts (seed 002).
	b.ward = noSave
	if d.Ward < warhammer.NoSave {
		b.ward = test{need: int(d.Ward)}.withReroll(d.RerollWard)
	}
	// Regeneration as a save (8th): after a failed armour save, instead of
	// the ward save, never against Flaming Attacks (RULES.md §2.7.4-5).
	// regeneration_or_ward: better takes Regeneration only when it is
	// strictly more likely to save.
	if rs.Regeneration == warhammer.RegenSave && d.Regeneration < warhammer.NoSave && !burns(rs, a.Rules.Flaming, d) {
		b.regen = test{need: int(d.Regeneration)}
		switch rs.RegenOrWard {
		case warhammer.RegenOverWard:
			b.regenSave = true
		case warhammer.RegenOrWardBetter:
			b.regenSave = b.regen.chance36() > b.ward.chance36()
		}
	}
	// Regeneration as each wound is lost (The Old World): after armour and
	// ward, against Flaming Attacks only on a model that is not Flammable
	// (regenerate_flaming_wounds: unless_flammable), never against a
	// Killing Blow (strike does not roll it there) (RULES.md §4;
	// docs/rules.md, "7th edition and The Old World": "against Flaming
	// Attacks only on a model that is not Flammable").
	if rs.Regeneration == warhammer.RegenAfterWound && d.Regeneration < warhammer.NoSave && !burns(rs, a.Rules.Flaming, d) {
		b.regen = test{need: int(d.Regeneration)}
		b.regenAfter = true
	}
	return b
}

// burns reports whether a wound of attacks with Flaming Attacks (flaming)
// on a model of defence d may not be regenerated: never under
// regenerate_flaming_wounds: never (seed 000, RULES.md §2.7.5: 6th to
// 8th), and under unless_flammable only on a Flammable model (docs/rules.md,
// "Options": "The Old World: only Flammable models cannot").
func burns(rs *warhammer.Ruleset, flaming bool, d warhammer.Defence) bool {
	if !flaming {
		return false
	}
	return rs.RegenFlaming != warhammer.FlamingUnlessFlammable || d.Flammable
}

// toHitCombat is the close-combat chart (RULES.md §2.4, tables.go), with
// The Old World's 2+ column under to_hit_chart: from_2_plus: 2+ when the
// attacker's WS is more than double the target's (RULES.md §4: "need = 2
// if WSa > 2·WSt").
func toHitCombat(rs *warhammer.Ruleset, ws, target int) int {
	if rs.ToHitChart == warhammer.HitChart2To5 && ws > 2*target {
		return 2
	}
	return warhammer.CloseCombatToHit(ws, target)
}

// toWound is the seed 002 chart (4+ at S = T, one lower per point of S
// above T to 2+, one higher per point of T above S to 6+), with "N" from
// T - S of too_tough_to_wound on (4: seed 002; 6: The Old World, "S ≤ T −
// 6", RULES.md §4).
func toWound(rs *warhammer.Ruleset, s, t int) (need int, ok bool) {
	if t-s >= rs.TooTough {
		return 0, false
	}
	return min(max(4+t-s, 2), 6), true
}

// armourValue is tg's armour save before modifiers (docs/rules.md, "7th
// edition and The Old World", RULES.md §4): under mount_armour_bonus: no
// the mount's part of it (Defence.MountBonus) is taken off; under
// armour_cap no better than 2+ (3+ for chariots, monsters and war
// machines); under parry,
// infantry with a hand weapon and a shield (tg.Parries) have +1 in close
// combat if that leaves 3+ or worse, so a save of 4+ or worse improves by
// one. An armour given directly has no shield (Defence.Shield) to parry
// with. NoSave (7) or more is no save.
func armourValue(rs *warhammer.Ruleset, phase warhammer.Phase, tg warhammer.Target) int {
	d := tg.Defence
	if d.Armour >= warhammer.NoSave {
		return int(warhammer.NoSave)
	}
	v := int(d.Armour)
	if !rs.MountArmour {
		v += d.MountBonus
	}
	if rs.ArmourCap {
		// The armour cap (docs/rules.md, "7th edition and The Old World":
		// "never better than 2+ for infantry and cavalry, 3+ for chariots,
		// monsters and war machines"; tow.whfb.app
		// weapons-of-war/maximum-armour-value): after the mount's part is
		// taken off, before Parry and Armour Piercing. The other troop
		// types (monstrous infantry and cavalry, war beasts, swarms) are
		// read as infantry and cavalry, 2+.
		best := 2
		switch tg.Type {
		case warhammer.Chariot, warhammer.Monster, warhammer.WarMachine:
			best = 3
		}
		v = max(v, best)
	}
	if rs.Parry && tg.Parries && phase == warhammer.CloseCombat && v >= 4 && v < int(warhammer.NoSave) {
		v--
	}
	return v
}

// shootAt sets the to-hit roll of a shot needing need (modifiers folded
// in): as it stands up to 6, the 7+ procedure to 9, never above
// (RULES.md §2.5).
func (b *blow) shootAt(need int) {
	switch {
	case need <= 6:
		b.hit = test{need: need}
	case need <= 9:
		b.hit = test{need: 6}
		b.shooting7 = need - 3 // 7: a 6 then 4+; 8: 5+; 9: 6
	default:
		b.hit = test{need: 7} // 10 or more: cannot hit
	}
}

// strike resolves one attack die by die and says where it ends.
func (d dice) strike(b *blow) outcome {
	woundTest := b.wound
	// To hit.
	if !b.autoHit {
		hit, face := d.roll(b.hit)
		if hit && b.shooting7 != 0 {
			hit, face = d.d6() >= b.shooting7, 0 // a hit on 7+ is no "roll of 6"
		}
		if !hit && b.rerollAt != 0 {
			face = d.d6()
			hit = face >= b.rerollAt // 2+ at best: a natural 1 misses
		}
		if !hit {
			return missed
		}
		// Poisoned Attacks: a natural 6 to hit wounds automatically;
		// saves are taken as usual, and it is never a Killing Blow. Under
		// plus_2_to_wound it rolls to wound at +2 instead.
		if b.poisoned && face == 6 {
			if !b.poisonPlus {
				return d.save(b, false)
			}
			woundTest = b.poisonWound
		}
	}
	// To wound.
	if !b.autoWound {
		wounded, face := d.roll(woundTest)
		if !wounded {
			return notWounded
		}
		// Killing Blow: no armour save, no Regeneration; a ward save may
		// still be taken (RULES.md §2.9.1; seed 000).
		if b.killingBlow && face == 6 {
			if ok, _ := d.roll(b.ward); ok {
				return saved
			}
			return slainOutright
		}
		// Armour Bane (X): the natural 6 worsens the armour save by X.
		return d.save(b, b.bane && face == 6)
	}
	return d.save(b, false)
}

// save rolls the saves against an ordinary wound: armour (X worse for
// Armour Bane's natural 6), then the ward save or (8th) Regeneration
// instead of it (seed 002; RULES.md §2.7.4); then (The Old World)
// Regeneration as the wound is lost, "in addition to armour and ward
// saves" (RULES.md §4).
func (d dice) save(b *blow, bane bool) outcome {
	armour := b.armour
	if bane {
		armour = b.baneArmour
	}
	if ok, _ := d.roll(armour); ok {
		return saved
	}
	if b.regenSave {
		if ok, _ := d.roll(b.regen); ok {
			return regenerated
		}
		return unsaved
	}
	if ok, _ := d.roll(b.ward); ok {
		return saved
	}
	if b.regenAfter {
		if ok, _ := d.roll(b.regen); ok {
			return regenerated
		}
	}
	return unsaved
}
