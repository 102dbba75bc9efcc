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

// duelers returns the enemy side i's Character duels in state k (the
// regiment its attacks strike), or −1 when no Duel can be fought.
func (f *Fight) duelers(i int, k *fkey) int {
	j := f.target(i, k)
	if j < 0 {
		return -1
	}
	me, foe := &k[i], &k[j]
	if me.char > 0 && foe.char > 0 && !me.charIdle && !me.destroyed && !foe.destroyed && f.atk[i][j].duel != nil {
		return j
	}
	return -1
}

// duel resolves side i's Duel.
func (t *fightTrial) duel(d *engine.Dice, i int) {
	f := t.f
	j := f.duelers(i, &t.st)
	if j < 0 {
		return
	}
	pair := [2]int{i, j}
	var pool [2]int // wounds on pair[x]'s Character
	for x := range 2 {
		a := f.atk[pair[x]][pair[1-x]]
		n := a.u.reg.Character.Profile.A
		var ones, twos int
		if f.perDie {
			_, ones, twos, _ = a.duel.perDieCosts(d, n)
		} else {
			_, ones, twos, _ = a.duel.sampleCosts(d, n, t.scratch[:])
		}
		pool[1-x] = ones + 2*twos
	}
	var before [2]int
	for x, r := range pair {
		before[x] = f.units[r].stands(&t.st[r])
	}
	for x, r := range pair {
		taken, cas := f.units[r].woundCharacter(&t.st[r], pool[x])
		o := outcome{wounds: taken, charWounds: taken, casualties: cas}
		if f.rs.DuelMorale && taken > 0 && !t.st[r].destroyed {
			f.atk[pair[1-x]][r].moraleTest(d, Clash, &t.st[r], before[x], &o, f.perDie)
		}
		t.suffered(r, o)
	}
}

// duel is side i's Duel from state k ([fightTrial.duel]): the two
// Characters' wounds are independent, each the exact distribution of his
// enemy's Strikes.
func (e *fightExact) duel(i int, k fkey, o *outs) {
	f := e.f
	j := f.duelers(i, &k)
	if j < 0 {
		o.Add(k, tallies{}, 1)
		return
	}
	pair := [2]int{i, j}
	var pools [2][]float64 // wounds on pair[x]'s Character
	for x := range 2 {
		a := f.atk[pair[x]][pair[1-x]]
		_, pools[1-x] = a.duel.attacks(a.u.reg.Character.Profile.A)
	}
	var before [2]int
	for x, r := range pair {
		before[x] = f.units[r].stands(&k[r])
	}
	// side follows pair[x]'s wounds and Morale, then pair[x+1]'s.
	var side func(x int, k fkey, d tallies, p float64)
	side = func(x int, k fkey, d tallies, p float64) {
		if x == 2 {
			o.Add(k, d, p)
			return
		}
		r := pair[x]
		for w, pw := range pools[x] {
			if pw == 0 {
				continue
			}
			tg := k[r]
			taken, cas := f.units[r].woundCharacter(&tg, w)
			next := func(tg *state, fails, wounds, casualties, char int, q float64) {
				k2, d2 := k, d
				k2[r] = *tg
				d2[r] = woundTally(fails, wounds, casualties, char)
				side(x+1, k2, d2, q)
			}
			if f.rs.DuelMorale && taken > 0 && !tg.destroyed {
				f.atk[pair[1-x]][r].moraleExact(Clash, tg, before[x], taken, cas, taken, p*pw, next)
				continue
			}
			next(&tg, 0, taken, cas, taken, p*pw)
		}
	}
	side(0, k, tallies{}, 1)
}
