package warhammer

import (
	"errors"
	"fmt"
)

// The exact solver on a fight of several units (issue 30, step 8; docs/plans
// /issue-30-several-units.md §5): two against one, of small units, with no
// character but a champion who strikes with his unit. The chain's state
// then holds, besides every unit's members, each unit's status and what it
// recorded before the fight ended (packStatus); a strike aims at each
// contact of its unit (aimContacts), and the pursuit by several units is
// one choice point over the set of units caught (fightTrial.catchSets).

// Bits of a unit's status byte in a key (packStatus): its unitStatus in
// the low two bits, then what the fight records of it.
const (
	xBroke = 1 << (iota + 2)
	xCaught
	xFell
	xPanicked
)

// packStatus packs unit u's status s and what o says it did: broke, was
// caught, fell back, panicked.
func packStatus(s unitStatus, o *fightOutcome, u int) uint8 {
	b := uint8(s)
	for _, f := range [...]struct {
		on  bool
		bit uint8
	}{{o.broke[u], xBroke}, {o.caught[u], xCaught}, {o.fell[u], xFell}, {o.panicked[u], xPanicked}} {
		if f.on {
			b |= f.bit
		}
	}
	return b
}

// unpackStatus is the status b packs of unit u, with what it did put back
// into o.
func unpackStatus(b uint8, o *fightOutcome, u int) unitStatus {
	o.broke[u], o.caught[u], o.fell[u], o.panicked[u] = b&xBroke != 0, b&xCaught != 0, b&xFell != 0, b&xPanicked != 0
	return unitStatus(b & 3)
}

// severalFits reports whether f, a fight of several units, is within the
// exact solver's reach: at most maxExactUnits units, members and contacts
// that its keys hold, and nothing it does not walk yet. A rule of a fight
// of several units that the solver does not walk must be refused here, so
// that no exact number is wrong: today the characters and challenges, and
// the Fear tests of the charge (issue 30, steps 6 and 7).
func (f *Fight) severalFits() error {
	if n := len(f.sides); n > maxExactUnits {
		return fmt.Errorf("exact solution: %d units fight; the exact solver takes at most %d (two against one); use sim run", n, maxExactUnits)
	}
	if f.chargeTest >= 0 || f.chargedTest >= 0 || len(f.chargeFears) > 0 || len(f.chargedFears) > 0 {
		return errors.New("exact solution: the Fear tests of the charge (fear_to_charge, fear_on_charge) in a fight of several units are not solved exactly yet; use sim run")
	}
	if len(f.reacts) > 0 {
		return fmt.Errorf("exact solution: %s answers the charge (a reaction or a Terror test), which in a fight of several units the exact solver does not take yet; use sim run", f.unit(f.reacts[0].unit).ID)
	}
	slots := 0
	for i, sd := range f.sides {
		u := f.unit(i)
		if len(u.Characters) > 0 && !sd.foldChampion || u.StrikeAt != "" || u.Challenge.Issue != IssueNever {
			return fmt.Errorf("exact solution: %s has characters or a challenge; in a fight of several units the exact solver takes none so far but a champion who strikes with his unit; use sim run", u.ID)
		}
		if n := len(sd.contacts); n > 2 {
			return fmt.Errorf("exact solution: %s touches %d enemy units; the exact solver takes at most 2 targets a strike; use sim run", u.ID, n)
		}
		slots += len(sd.members)
	}
	if slots > maxExactSlots {
		return fmt.Errorf("exact solution: %d members (rank and file, champions, characters) in all, above the exact solver's %d; use sim run", slots, maxExactSlots)
	}
	return nil
}

// aimContacts aims strike s of a fight of several units as plainStep
// strikes it: its blows split between its unit's contacts (split), each
// contact's at that enemy's rank and file, a[k] for contact k.
func (t *fightTrial) aimContacts(s strike, round int, a *[2]aim) {
	a[0], a[1] = aim{}, aim{}
	i := s.side
	sd := t.f.sides[i]
	g := &sd.groups[s.group]
	var n [MaxPerArmy]int
	t.split(i, g, round, n[:len(sd.contacts)])
	for k := range sd.contacts {
		c := &sd.contacts[k]
		if tgt := t.unitTarget(c.enemy); tgt >= 0 && n[k] > 0 {
			a[k] = aim{t.variant(i, g, c, tgt, round), n[k], c.enemy, tgt}
		}
	}
}

// catchSets is the chance of each set of units (a bit each) that the
// pursuers chases lists catch, by set: every pursuer's roll and every
// chased unit's flee roll (fleeDist), a unit caught when the roll of a
// pursuer chasing it equals or beats its own (pursue). Worked out once a
// pattern of pursuers and chased units.
func (t *fightTrial) catchSets(chases *[MaxUnits]uint16) []float64 {
	if p, ok := t.xs.catches[*chases]; ok {
		return p
	}
	n := len(t.f.sides)
	var pursuers []int
	var chased uint16
	for u := range n {
		if chases[u] != 0 {
			pursuers = append(pursuers, u)
			chased |= chases[u]
		}
	}
	dists := make([][]float64, n)
	for u := range n {
		if chases[u] != 0 || chased&(1<<u) != 0 {
			dists[u] = t.fleeDist(u)
		}
	}
	sets := make([]float64, 1<<n)
	var roll [MaxUnits]int
	var walk func(k int, p float64)
	walk = func(k int, p float64) {
		if k < len(pursuers) {
			for v, q := range dists[pursuers[k]] {
				if q > 0 {
					roll[pursuers[k]] = v
					walk(k+1, p*q)
				}
			}
			return
		}
		t.addCatches(sets, dists, chases, &roll, chased, p)
	}
	walk(0, 1)
	if t.xs.catches == nil {
		t.xs.catches = map[[MaxUnits]uint16][]float64{}
	}
	t.xs.catches[*chases] = sets
	return sets
}

// addCatches adds into sets, with chance p of the pursuers' rolls roll,
// the chance of each set of the chased units caught: each is caught, apart
// from the others, when its flee roll is at most the best roll of a
// pursuer chasing it.
func (t *fightTrial) addCatches(sets []float64, dists [][]float64, chases *[MaxUnits]uint16, roll *[MaxUnits]int, chased uint16, p float64) {
	var pc [MaxUnits]float64 // P(unit e caught | the rolls)
	for e := range dists {
		if chased&(1<<e) == 0 {
			continue
		}
		best := -1
		for u, c := range chases {
			if c&(1<<e) != 0 {
				best = max(best, roll[u])
			}
		}
		for v := 0; v <= best && v < len(dists[e]); v++ {
			pc[e] += dists[e][v]
		}
	}
	for set := range sets {
		if set&^int(chased) != 0 {
			continue
		}
		q := p
		for e := range dists {
			if chased&(1<<e) == 0 {
				continue
			}
			if set&(1<<e) != 0 {
				q *= pc[e]
			} else {
				q *= 1 - pc[e]
			}
		}
		sets[set] += q
	}
}

// exactCatch takes the path's set of units caught by the pursuers chases
// lists (catchSets), as pursue does with dice.
func (t *fightTrial) exactCatch(chases *[MaxUnits]uint16, o *fightOutcome) {
	set := t.x.pick(t.catchSets(chases))
	for e := range t.f.sides {
		if set&(1<<e) != 0 {
			o.caught[e] = true
			t.status[e] = caughtFleeing
		}
	}
}
