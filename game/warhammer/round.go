package warhammer

import (
	"slices"

	"github.com/wargamesim/sim/engine"
)

// fighterState is a side's state during one trial of a fight.
type fighterState struct {
	unitState
	startAlive      int  // models at the start of the round
	lostRegenBattle bool // Regeneration lost for the rest of the battle (Flaming, 6th)
	lostRegenPhase  bool // Regeneration lost for the rest of the phase (Flaming, 8th)
	feared          bool // failed its Fear test this round: WS 1 (8th)
	sixes           bool // failed its Fear test when charged: hits only on 6s in the first round (6th)
	regenerated     int  // wounds regenerated in the fight
	woundsLost      int  // wounds lost in the fight, net of Regeneration
}

// reset readies s for a new fight of models models of w Wounds. It sets
// field by field: building the struct whole and copying it costs a tenth of
// a fight (measured with go test -bench EngineTrollsVsKnights ./bench/).
func (s *fighterState) reset(models, w int) {
	s.w, s.alive, s.carried = w, models, 0
	s.startPhase()
	s.startAlive = models
	s.lostRegenBattle, s.lostRegenPhase, s.feared, s.sixes = false, false, false, false
	s.regenerated, s.woundsLost = 0, 0
}

// strike is one group's blows in a round's order.
type strike struct {
	side, group int
	key         int // higher strikes earlier
	step        int // strikes of the same step are simultaneous
}

// pending are unsaved wounds waiting for the end of their step.
type pending struct {
	target            int
	ordinary, killing int
	regenSaved        int
	rules             *AttackRules
}

type fightTrial struct {
	base    *Fight // the fight as built
	f       *Fight // the fight this trial fights: base, or base.noCharge
	counts  []int
	st      [2]fighterState
	pending [6]pending // at most three groups a side
}

// Trial fights one close combat to its end.
func (t *fightTrial) Trial(d *engine.Dice, r *engine.TrialResult) {
	t.f = t.base
	for i := range t.st {
		t.st[i].reset(t.f.cc.Sides[i].Models, t.f.cc.Sides[i].Profile.W)
	}
	prevWinner := -1
	rounds, winner := 0, -1
	var broke, caught [2]bool
	// Fear on the charge: the charged unit may flee before any blow, and
	// the charger pursue it.
	if fled, got := t.charge(d, r); fled {
		c := t.f.chargedTest
		winner, broke[c], caught[c] = 1-c, true, got
		t.record(r, rounds, winner, prevWinner, broke, caught)
		return
	}
	f := t.f
	for round := 1; round <= f.cc.MaxRounds; round++ {
		rounds = round
		cr := t.round(d, round, prevWinner)
		if round == 1 {
			r.Values[fmCR0], r.Values[fmCR1] = cr[0], cr[1]
			r.Values[fmCRDiff] = cr[0] - cr[1]
		}
		alive0, alive1 := t.st[0].alive > 0, t.st[1].alive > 0
		if !alive0 || !alive1 {
			// A side wiped out loses outright (RULES.md §2.10); both, a draw.
			switch {
			case alive0:
				winner = 0
			case alive1:
				winner = 1
			}
			break
		}
		w, margin := t.winner(cr)
		if w < 0 {
			prevWinner = -1 // a drawn round: no break test
			continue
		}
		prevWinner = w
		l := 1 - w
		if !t.breaks(d, l, w, margin) {
			continue
		}
		winner, broke[l] = w, true
		// The loser flees and the winner pursues: caught if the pursuit
		// roll is equal or higher (RULES.md §2.11).
		if t.fleeRoll(d, w) >= t.fleeRoll(d, l) {
			caught[l] = true
		}
		break
	}
	t.record(r, rounds, winner, prevWinner, broke, caught)
}

// record writes a fight's outcome: rounds fought, the winner (-1: none),
// the last round's winner on combat result (-1: none), and which side
// broke and which was caught.
func (t *fightTrial) record(r *engine.TrialResult, rounds, winner, prevWinner int, broke, caught [2]bool) {
	f := t.f
	r.Values[fmRounds] = rounds
	for i := range t.st {
		s := &t.st[i]
		r.Values[fmCasualties0+i] = f.cc.Sides[i].Models - s.alive
		r.Values[fmWounds0+i] = s.woundsLost
		r.Events[feBreaks0+i] = broke[i]
		r.Events[feCaught0+i] = caught[i]
		r.Events[feDestroyed0+i] = s.alive == 0 || caught[i]
		r.Events[feWins0+i] = winner == i
		r.Events[feAhead0+i] = winner < 0 && prevWinner == i && s.alive > 0
	}
	r.Events[feDraw] = winner < 0
}

// round fights round number round and returns each side's combat result.
func (t *fightTrial) round(d *engine.Dice, round, prevWinner int) [2]int {
	f, rs := t.f, t.f.rs
	for i := range t.st {
		s := &t.st[i]
		s.startPhase()
		s.startAlive = s.alive
		s.lostRegenPhase, s.feared = false, false
	}
	// Fear (8th): a unit fighting Fear-causers tests Leadership at the
	// start of each round; failing, its WS is 1 (RULES.md §2.4). Fear-causers
	// and Unbreakable units take no test (Fighter.fears).
	if rs.Fear == FearWS1 {
		for i := range t.st {
			me, foe := &f.cc.Sides[i], &f.cc.Sides[1-i]
			if me.fears(foe) {
				t.st[i].feared = !t.fearTest(d, i)
			}
		}
	}
	// Impact Hits, before any other blow (RULES.md §2.1).
	if c := f.cc.Charger; round == 1 && c >= 0 && f.sides[c].impact != nil {
		me := &f.cc.Sides[c]
		n := 0
		for range min(me.contact(), t.st[c].alive) {
			n += me.ImpactHits.roll(d)
		}
		var p pending
		t.hit(d, f.sides[c].impact, n, 1-c, &p)
		t.wound(d, &p)
	}
	// The blows, step by step; casualties of a step strike no more.
	order := t.orderStrikes(d, round, prevWinner)
	n := len(order)
	for k := 0; k < n; {
		j := k
		for ; j < n && order[j].step == order[k].step; j++ {
			s := order[j]
			g := &f.sides[s.side].groups[s.group]
			t.hit(d, t.variant(s.side, g, round), t.attacks(s.side, g, round), 1-s.side, &t.pending[j])
		}
		for ; k < j; k++ {
			t.wound(d, &t.pending[k])
		}
	}
	// Stomp, after every other blow (8th).
	for i, sd := range f.sides {
		if sd.stomp != nil {
			front := max(0, min(f.cc.Sides[i].contact(), t.st[i].startAlive)-(t.st[i].startAlive-t.st[i].alive))
			var p pending
			t.hit(d, sd.stomp, front, 1-i, &p)
			t.wound(d, &p)
		}
	}
	// Regeneration at the end of the phase (6th, seed 000): slain Trolls
	// stand again, but did not strike.
	for i, sd := range f.sides {
		s := &t.st[i]
		if sd.regenBin != nil && !s.lostRegenBattle && !s.lostRegenPhase {
			dice := s.regenDice(rs)
			var g int
			if f.perDie {
				g = d.Count(dice, int(sd.f.Defence.Regeneration))
			} else {
				g = sd.regenBin.Sample(d, dice)
			}
			s.regenerate(g)
			s.regenerated += g
		}
		s.woundsLost += s.lost
	}
	return [2]int{t.combatResult(0, round), t.combatResult(1, round)}
}

// variant picks the stages of side i's group g this round.
func (t *fightTrial) variant(i int, g *group, round int) *variant {
	r1, feared, foeFeared, regen := 0, 0, 0, t.regenTarget(i)
	if round == 1 {
		r1 = 1
	}
	if t.st[i].feared {
		feared = 1
	}
	if t.st[1-i].feared {
		foeFeared = 1
	}
	if round == 1 && t.st[i].sixes {
		return &g.sixes[foeFeared][regen] // hits only on 6s (fear_on_charge)
	}
	return &g.v[r1][feared][foeFeared][regen]
}

// regenTarget is 1 when side i's enemy has its Regeneration save now, else 0.
func (t *fightTrial) regenTarget(i int) int {
	foe := &t.st[1-i]
	if t.f.sides[1-i].regen && t.f.rs.Regeneration == RegenSave && !foe.lostRegenBattle && !foe.lostRegenPhase {
		return 1
	}
	return 0
}

// attacks is how many attacks side i's group g makes now: the models that
// fight, less the casualties of this round so far, which come off the
// fighting ranks first (seed 002; RULES.md §2.1).
func (t *fightTrial) attacks(i int, g *group, round int) int {
	me, s := &t.f.cc.Sides[i], &t.st[i]
	lost := s.startAlive - s.alive
	frontStart := min(me.contact(), s.startAlive)
	front := max(0, frontStart-lost)
	switch g.kind {
	case riders:
		n := front * g.perModel
		if me.Champion && front > 0 {
			n++ // the champion's extra attack; command models fall last
		}
		return n
	case mounts:
		return front * g.perModel
	}
	ranks := 0
	if t.f.rs.SupportingAttacks {
		ranks = 1
		if me.Frontage >= 10 || me.monstrous() && me.Frontage >= 6 {
			ranks = 2 // a horde (RULES.md §2.2)
		}
	}
	if me.Weapon.extraRank(round, t.f.sides[i].charging, me.mounted()) {
		ranks++
	}
	if c := t.f.cc.Charger; c == 1-i && t.f.cc.Facing != Front {
		// Charged in the flank or rear: the ranks behind fight only to the
		// front (8th.whfb.app special-rules/fight-in-extra-ranks; RULES.md §2.2).
		ranks = 0
	}
	behind := s.startAlive - min(me.Frontage, s.startAlive)
	start := min(behind, ranks*me.contact())
	return max(0, start-max(0, lost-frontStart)) * g.perModel
}

// hit rolls n attacks of variant v at side target, into p.
func (t *fightTrial) hit(d *engine.Dice, v *variant, n, target int, p *pending) {
	c := t.counts
	clear(c)
	if t.f.perDie {
		for range n {
			c[v.st.rollOne(d)]++
		}
	} else {
		c[stAttack] = n
		v.flow.Run(d, c)
	}
	p.target, p.ordinary, p.killing, p.regenSaved, p.rules = target, c[stUnsaved], c[stKBUnsaved], c[stRegenSaved], &v.rules
}

// wound marks p's unsaved wounds on its target.
func (t *fightTrial) wound(d *engine.Dice, p *pending) {
	rs := t.f.rs
	s, sd := &t.st[p.target], t.f.sides[p.target]
	flaming := p.rules.Flaming
	regenerable := sd.regenBin != nil && !flaming
	applyWounds(&s.unitState, rs, d, p.ordinary, p.killing, p.rules.MultipleWounds, regenerable)
	s.regenerated += p.regenSaved
	if flaming && sd.regen && p.ordinary+p.killing > 0 {
		if rs.FlamingRegen == LoseRegenForBattle {
			s.lostRegenBattle = true
		} else {
			s.lostRegenPhase = true
		}
	}
}

// orderStrikes returns this round's strikes, earliest first: worked out
// once per round kind when the fight is built (Fight.order), so a round
// only picks which order applies, rolling off where the ruleset says.
func (t *fightTrial) orderStrikes(d *engine.Dice, round, prevWinner int) []strike {
	f := t.f
	r1 := 0
	if round == 1 {
		r1 = 1
	}
	first := -1
	if f.rs.InitiativeTies == TiePreviousWinner && f.ties[r1] {
		first = prevWinner
		if first < 0 {
			first = d.RollOff()
		}
	}
	return f.orders[r1][first+1]
}

// strikeOrder works out the strikes of a round (round 1 or later), earliest
// first, with first striking first among equal keys on opposite sides (or
// -1: at once), and whether such ties exist.
func (f *Fight) strikeOrder(round, first int) (order []strike, tie bool) {
	rs := f.rs
	for i, sd := range f.sides {
		for j := range sd.groups {
			g := &sd.groups[j]
			tier := 2
			asf, asl := g.asf, g.asl
			if asf && asl {
				asf, asl = false, false // they cancel (RULES.md §2.3)
			}
			switch {
			case asf:
				tier = 4
			case rs.StrikeOrder == ChargersFirst && round == 1 && sd.charging:
				tier = 3 // chargers first, great weapons too (RULES.md §3.1, §2.9.13)
			case asl:
				tier = 1
			}
			key := tier*100 + g.i
			if tier == 4 && rs.ASFAgainstASF == ASFSimultaneously {
				key = tier * 100
			}
			order = append(order, strike{side: i, group: j, key: key})
		}
	}
	tie = crossTie(order)
	rank := func(s strike) int {
		if first >= 0 && s.side != first {
			return 1
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b strike) int {
		if a.key != b.key {
			return b.key - a.key
		}
		return rank(a) - rank(b)
	})
	step := 0
	for i := range order {
		if i > 0 && (order[i].key != order[i-1].key || rank(order[i]) != rank(order[i-1])) {
			step++
		}
		order[i].step = step
	}
	return order, tie
}

// crossTie reports whether strikes of both sides share a key.
func crossTie(s []strike) bool {
	for i := range s {
		for j := range s {
			if s[i].side != s[j].side && s[i].key == s[j].key {
				return true
			}
		}
	}
	return false
}
