package conquest

import "github.com/wargamesim/sim/engine"

// A Duel between the two regiments' Characters (option duels, off by
// default: conquest.md §8 finds the rules mostly uncertain). Under
// simultaneous each Character strikes the other at once (BSData .gst
// Quicksilver Strike: without it "Strikes revert to being simultaneous"
// [V 1.03]): his Attacks, each hitting on his Clash with his attack rules
// (Cleave, Smite, Flurry, Relentless Blows, Deadly Blades: the rules 2.x
// names for a Duel [S]), each hit a defence die of the other's own
// Defence and Evasion, Shield no help; each failed die wounds the other
// Character alone. A Character at his last Wound is slain: he strikes,
// shoots, casts and lends his Resolve no more. Under duel_morale each
// regiment whose Character took wounds tests Morale, one die a wound. The
// Character challenged always accepts (refusing's cost is not in the
// sources); a Duel needs both alive, and one who foregoes his actions for
// a Draw Event Rally fights none.

// duelers reports whether side i's Character can duel the enemy's in
// state k.
func (f *Fight) duelers(i int, k *fkey) bool {
	me, foe := &k[i], &k[1-i]
	return me.char > 0 && foe.char > 0 && !me.charIdle && !me.destroyed && !foe.destroyed
}

// duel resolves side i's Duel.
func (t *fightTrial) duel(d *engine.Dice, i int) {
	f := t.f
	k := (*fkey)(&t.st)
	if !f.duelers(i, k) {
		return
	}
	var pool [2]int // wounds on side j's Character
	for j := range 2 {
		a := f.atk[j]
		n := a.u.reg.Character.Profile.A
		var ones, twos int
		if f.perDie {
			_, ones, twos, _ = a.duel.perDieCosts(d, n)
		} else {
			_, ones, twos, _ = a.duel.sampleCosts(d, n, t.scratch[:])
		}
		pool[1-j] = ones + 2*twos
	}
	var before [2]int
	for j := range 2 {
		before[j] = f.units[j].stands(&t.st[j])
	}
	for j := range 2 {
		taken, cas := f.units[j].woundCharacter(&t.st[j], pool[j])
		o := outcome{wounds: taken, charWounds: taken, casualties: cas}
		if f.rs.DuelMorale && taken > 0 && !t.st[j].destroyed {
			f.atk[1-j].moraleTest(d, Clash, &t.st[j], before[j], &o, f.perDie)
		}
		t.suffered(j, o)
	}
}

// duel is side i's Duel from state k ([fightTrial.duel]): the two
// Characters' wounds are independent, each the exact distribution of his
// enemy's Strikes.
func (e *fightExact) duel(i int, k fkey) ([]ftrans, error) {
	f := e.f
	em := e.emitter()
	if !f.duelers(i, &k) {
		return em.ts, em.add(k, [2][nTallies]int32{}, 1)
	}
	var pools [2][]float64 // wounds on side j's Character
	for j := range 2 {
		a := f.atk[j]
		_, pools[1-j] = a.duel.attacks(a.u.reg.Character.Profile.A)
	}
	var before [2]int
	for j := range 2 {
		before[j] = f.units[j].stands(&k[j])
	}
	var err error
	// side follows side j's wounds and Morale, then side j+1's.
	var side func(j int, k fkey, d [2][nTallies]int32, p float64)
	side = func(j int, k fkey, d [2][nTallies]int32, p float64) {
		if j == 2 {
			if e2 := em.add(k, d, p); e2 != nil {
				err = e2
			}
			return
		}
		for w, pw := range pools[j] {
			if pw == 0 {
				continue
			}
			tg := k[j]
			taken, cas := f.units[j].woundCharacter(&tg, w)
			next := func(tg *state, fails, wounds, casualties, char int, q float64) {
				if err != nil {
					return
				}
				k2, d2 := k, d
				k2[j] = *tg
				d2[j] = woundTally(fails, wounds, casualties, char)
				side(j+1, k2, d2, q)
			}
			if f.rs.DuelMorale && taken > 0 && !tg.destroyed {
				f.atk[1-j].moraleExact(Clash, tg, before[j], taken, cas, taken, p*pw, next)
				continue
			}
			next(&tg, 0, taken, cas, taken, p*pw)
		}
	}
	side(0, k, [2][nTallies]int32{}, 1)
	return em.ts, err
}
