package conquest

import "github.com/wargamesim/sim/engine"

// A Character's spell (conquestwiki Spellcasting, v1.5 [V]): "A
// spellcaster rolls a number of dice equal to their Magic Level. Each
// result equal to or lower than the spell's Casting Difficulty is a
// success. Normally, if you score at least one success, the spell is
// resolved. However, some spells are harder to cast, as determined by
// Scaling"; and Enemy Interference: "If you are targeting a Regiment
// within 8" of an enemy caster, or your caster is within 8" of an enemy
// caster while casting, he casts the spell with one less die".

// spellDice is the dice side i's Character casts with in state k: his
// Magic Level, one fewer under Enemy Interference, which a regiment in
// contact with an enemy caster (a living Character with a spell) always
// suffers.
func (f *Fight) spellDice(i int, k *fkey) int {
	sp := f.cc.Sides[i].Regiment.Character.Spell
	near := sp.Interfered
	for _, j := range f.contacts[i] {
		foe := f.cc.Sides[j].Regiment.Character
		near = near || foe != nil && foe.Spell != nil && k[j].char > 0
	}
	if near {
		return max(sp.Dice-1, 0)
	}
	return sp.Dice
}

// spellNeeds is the successes side i's spell needs when its target has
// stands stands (options spell_successes, scaling): spell_successes, and
// for a Scaling spell one more for each three stands beyond the first
// three.
func (f *Fight) spellNeeds(i, stands int) int {
	n := f.rs.SpellSuccesses
	if f.cc.Sides[i].Regiment.Character.Spell.Scaling && f.rs.Scaling == ScalingPerThreeStands {
		n += max(stands-1, 0) / 3
	}
	return n
}

// spellTarget is the regiment side i's spell works on in state k (its
// own, or the enemy its attacks strike; −1 when there is none), and the
// stands it has for Scaling (a Character alone is one stand).
func (f *Fight) spellTarget(i int, k *fkey) (target, stands int) {
	target = i
	if f.cc.Sides[i].Regiment.Character.Spell.damage() {
		if target = f.target(i, k); target < 0 {
			return -1, 0
		}
	}
	u := f.units[target]
	return target, max(u.standsOf(k[target].health), 1)
}

// cast resolves side i's Character casting his spell: his successes, then,
// with enough of them, the Heal Points his regiment heals or the hits he
// strikes the enemy with, each a defence die ([attacker.hitsOn]) against
// the spell's Armour Piercing, with a Morale test under spell_morale.
func (t *fightTrial) cast(d *engine.Dice, i int) {
	f := t.f
	sp := f.cc.Sides[i].Regiment.Character.Spell
	fs := &f.sides[i]
	n := 0
	target, stands := f.spellTarget(i, &t.st)
	if target < 0 {
		return
	}
	if dice := f.spellDice(i, &t.st); f.perDie {
		for range dice {
			if fs.spell.Roll(d).Passed() {
				n++
			}
		}
	} else {
		n = fs.spellBin.Sample(d, dice)
	}
	if n < f.spellNeeds(i, stands) {
		return
	}
	if !sp.damage() {
		me := &t.st[i]
		before := me.health
		t.healed(i, f.units[i].heal(me, n*sp.PerSuccess, true, fs.rearBlocked, nil), before)
		return
	}
	a := f.atk[i][target]
	o := a.hitsOn(d, Spellcasting, a.spell, n*sp.Hits, f.rs.SpellMorale, &t.st[target], f.perDie, t.scratch[:])
	t.suffered(target, o)
	t.hitsBack(d, target, i, 0, o)
}

// cast is side i's Character casting his spell from state k
// ([fightTrial.cast]): his successes are binomial.
func (e *fightExact) cast(i int, k fkey, o *outs) error {
	f := e.f
	sp := f.cc.Sides[i].Regiment.Character.Spell
	u, fs := f.units[i], &f.sides[i]
	q := fs.spell.Odds().PassP()
	target, stands := f.spellTarget(i, &k)
	if target < 0 {
		o.Add(k, tallies{}, 1)
		return nil
	}
	needs := f.spellNeeds(i, stands)
	before := k[i].health
	for n, p := range engine.BinomialPMF(f.spellDice(i, &k), q, 1-q) {
		switch {
		case p == 0:
			continue
		case n < needs:
			o.Add(k, tallies{}, p)
		case !sp.damage():
			k2 := k
			res := u.heal(&k2[i], n*sp.PerSuccess, true, fs.rearBlocked, nil)
			o.Add(k2, e.healed(i, k2[i].health, res, before), p)
		default:
			a := f.atk[i][target]
			if err := e.hits(i, target, k, Spellcasting, a.spell, n*sp.Hits, f.rs.SpellMorale, p, o); err != nil {
				return err
			}
		}
	}
	return nil
}
