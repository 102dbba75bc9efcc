package conquestref

import (
	conq "github.com/wargamesim/sim/game/conquest"
)

// castDice is the dice a Character of f casts his spell with
// (conquestwiki Spellcasting, v1.5 [V]): his Magic Level, one fewer under
// Enemy Interference, when the spell says so (an enemy caster within 8")
// or when his regiment is in contact with an enemy whose living Character
// has a spell (near).
func castDice(f *force, near bool) int {
	sp := f.g.char.Spell
	n := sp.Dice
	if sp.Interference || near {
		n--
	}
	return n
}

// caster reports whether f is an enemy caster: a regiment still fighting
// whose living Character has a spell.
func (f *force) caster() bool { return !f.gone && f.charAlive() && f.g.char.Spell != nil }

// successes rolls f's Character's spell at target (his own regiment for a
// healing spell, the enemy for a damage spell): each die equal to or under
// the Casting Difficulty a success. It returns them when the spell is
// resolved, with at least spell_successes of them (1.5: one; 2.x: two),
// and under scaling per_three_stands one more for each three stands of a
// Scaling spell's target beyond the first three; else 0.
func successes(rs *conq.Ruleset, d dice, f, target *force, near bool) int {
	sp := f.g.char.Spell
	n := 0
	for range castDice(f, near) {
		if d.test(sp.Difficulty) {
			n++
		}
	}
	need := rs.SpellSuccesses
	if sp.Scaling && rs.Scaling == conq.ScalingPerThreeStands {
		need += max(target.counted()-1, 0) / 3 // 4 to 6 stands one more, 7 to 9 two
	}
	if n < need {
		return 0
	}
	return n
}

// castHeal casts f's Character's healing spell (conquest.md §4): each
// success HealPerSuccess Heal Points, for the Healing sequence.
func castHeal(rs *conq.Ruleset, d dice, f *force, near bool) int {
	return successes(rs, d, f, f, near) * f.g.char.Spell.HealPerSuccess
}

// castHits casts f's Character's damage spell at foe (BSData Hundred
// Kingdoms.cat, Fire Dart and Holy Fire [V]): each success
// HitsPerSuccess hits, which roll no die to hit; each a defence die of
// foe's, its Defence, and Shield from its front (front), less the spell's
// Armour Piercing, never below 0, or its Evasion; a wound when it fails; a
// Morale test under spell_morale. No rule of the caster's works on them.
// It returns the wounds foe suffered: its Lethal Demise strikes back at
// the caster's regiment (the caller resolves it).
func castHits(rs *conq.Ruleset, d dice, f, foe *force, near, front bool) suffered {
	sp := f.g.char.Spell
	hits := successes(rs, d, f, foe, near) * sp.HitsPerSuccess
	if hits == 0 {
		return suffered{}
	}
	block := defenceTarget(foe.g, volley, penalty{ap: sp.ArmourPiercing}, front)
	pool := 0
	for range hits {
		if !d.test(block) {
			pool++
		}
	}
	_, s := suffer(rs, d, foe, pool, rs.SpellMorale)
	return s
}
