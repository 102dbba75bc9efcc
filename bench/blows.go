package bench

import "github.com/wargamesim/sim/game/warhammer"

// blow says how each attack of one group goes against one target: the to
// hit, to wound and save tests, worked out once from the rules.
type blow struct {
	phase     warhammer.Phase
	autoHit   bool // Impact Hits, Stomp, a scripted volley: no roll to hit
	autoWound bool // no roll to wound (and so never a Killing Blow)

	hit       test
	shooting7 int  // shooting at 7+, 8+ or 9+: a 6, then this score (RULES.md §2.5); 0 otherwise
	poisoned  bool // a natural 6 to hit wounds automatically (RULES.md §2.9.3)

	wound       test
	killingBlow bool // a natural 6 to wound slays outright (RULES.md §2.9.1-2)
	flaming     bool // Flaming Attacks: never regenerated (seed 000)
	multiple    warhammer.Amount

	armour    test // after the Strength modifier and Armour Piercing
	ward      test // the best ward save
	regenSave bool // Regeneration taken as a save instead of the ward (8th)
	regen     test
}

// outcome is where one attack ends.
type outcome uint8

const (
	missed outcome = iota
	notWounded
	saved       // by armour or ward
	regenerated // saved by Regeneration taken as a save (8th)
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
	case a.Phase == warhammer.Shooting:
		need := warhammer.ShootingToHit(a.Skill, a.ToHitMod)
		switch {
		case need <= 6:
			b.hit = test{need: need}
		case need <= 9:
			b.hit = test{need: 6}
			b.shooting7 = need - 3 // 7: a 6 then 4+; 8: 5+; 9: 6
		default:
			b.hit = test{need: 7} // 10 or more: cannot hit
		}
	default:
		b.hit = test{
			need:      warhammer.CloseCombatToHit(a.Skill, tg.WS) - a.ToHitMod,
			sixPasses: rs.SixAlwaysHits,
		}
		// Hatred: misses are re-rolled in the first round (RULES.md §2.9.7).
		b.hit.rerollFailed = a.Rules.Hatred && a.Round == 1
	}
	b.hit = b.hit.withReroll(a.Rules.RerollHits)
	// Poisoned Attacks never work on a 7+ roll or an automatic hit.
	b.poisoned = a.Rules.Poisoned && !a.AutoHit && b.shooting7 == 0

	// To wound: the seed 002 chart; "N" cannot wound and is not rolled.
	if need, ok := warhammer.ToWound(a.S, tg.T); ok {
		b.wound = test{need: need}.withReroll(a.Rules.RerollWounds)
	} else {
		b.wound = test{need: 7}
	}
	// Killing Blow: a natural 6 to wound, close combat only, never on an
	// automatic wound, against the troop types the ruleset names; Heroic
	// Killing Blow against all but swarms (RULES.md §2.9.1-2).
	b.killingBlow = a.Phase == warhammer.CloseCombat && !a.AutoWound &&
		(a.Rules.KillingBlow && rs.KillingBlowTargets.Has(tg.Type) ||
			a.Rules.HeroicKillingBlow && tg.Type != warhammer.Swarm)

	// Armour: the save worsened by one per point of Strength above 3 and by
	// Armour Piercing; none against Ignores Armour; 7+ is no save (seed 002).
	d := tg.Defence
	b.armour = noSave
	if !a.Rules.IgnoresArmour && d.Armour < warhammer.NoSave {
		need := int(d.Armour) + warhammer.ArmourModifier(a.S) + a.Rules.ArmourPiercing
		b.armour = test{need: need}.withReroll(d.RerollArmour)
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
	if rs.Regeneration == warhammer.RegenSave && d.Regeneration < warhammer.NoSave && !a.Rules.Flaming {
		b.regen = test{need: int(d.Regeneration)}
		switch rs.RegenOrWard {
		case warhammer.RegenOverWard:
			b.regenSave = true
		case warhammer.RegenOrWardBetter:
			b.regenSave = b.regen.chance36() > b.ward.chance36()
		}
	}
	return b
}

// strike resolves one attack die by die and says where it ends.
func (d dice) strike(b *blow) outcome {
	// To hit.
	if !b.autoHit {
		hit, face := d.roll(b.hit)
		if hit && b.shooting7 != 0 {
			hit = d.d6() >= b.shooting7
		}
		if !hit {
			return missed
		}
		// Poisoned Attacks: a natural 6 to hit wounds automatically;
		// saves are taken as usual, and it is never a Killing Blow.
		if b.poisoned && face == 6 {
			return d.save(b)
		}
	}
	// To wound.
	if !b.autoWound {
		wounded, face := d.roll(b.wound)
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
	}
	return d.save(b)
}

// save rolls the saves against an ordinary wound: armour, then the ward
// save or (8th) Regeneration instead of it (seed 002; RULES.md §2.7.4).
func (d dice) save(b *blow) outcome {
	if ok, _ := d.roll(b.armour); ok {
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
	return unsaved
}
