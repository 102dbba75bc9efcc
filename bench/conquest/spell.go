package conquest

import (
	conq "github.com/wargamesim/sim/game/conquest"
)

// castDice is the dice a Character of f casts his spell with
// (conquestwiki Spellcasting, v1.5 [V]): his Magic Level, one fewer under
// Enemy Interference, when the spell says so (an enemy caster within 8")
// or when his regiment is in contact with an enemy whose living Character
// has a spell.
func castDice(f, foe *force) int {
	sp := f.g.char.Spell
	n := sp.Dice
	if sp.Interference || f.g.contact && foe.charAlive() && foe.g.char.Spell != nil {
		n--
	}
	return n
}

// successes rolls f's Character's spell at target (his own regiment for a
// healing spell, the enemy for a damage spell): each die equal to or under
// the Casting Difficulty a success. It returns them when the spell is
// resolved, with at least spell_successes of them (1.5: one; 2.x: two),
// and under scaling per_three_stands one more for each three stands of a
// Scaling spell's target beyond the first three; else 0.
func successes(rs *conq.Ruleset, d dice, f, foe, target *force) int {
	sp := f.g.char.Spell
	n := 0
	for range castDice(f, foe) {
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
func castHeal(rs *conq.Ruleset, d dice, f, foe *force) int {
	return successes(rs, d, f, foe, f) * f.g.char.Spell.HealPerSuccess
}

// castHits casts f's Character's damage spell at foe (BSData Hundred
// Kingdoms.cat, Fire Dart and Holy Fire [V]): each success
// HitsPerSuccess hits, which roll no die to hit; each a defence die of
// foe's against its front, its Defence and Shield less the spell's Armour
// Piercing, never below 0, or its Evasion; a wound when it fails; a Morale
// test under spell_morale. No rule of the caster's works on them; foe's
// Lethal Demise strikes back at the caster's regiment.
func castHits(rs *conq.Ruleset, d dice, f, foe *force) {
	sp := f.g.char.Spell
	hits := successes(rs, d, f, foe, foe) * sp.HitsPerSuccess
	if hits == 0 {
		return
	}
	t := foe.g
	def := t.p.D - sp.ArmourPiercing
	if t.rules.Shield {
		def++
	}
	block := max(max(def, 0), t.p.E)
	pool := 0
	for range hits {
		if !d.test(block) {
			pool++
		}
	}
	_, s := suffer(rs, d, foe, pool, rs.SpellMorale)
	strikeBack(rs, d, f, lethalHits(rs, foe, s))
}
