package wotr

import "github.com/wargamesim/sim/engine"

// fight fights the fight between the formations (rules/wotr.md §7, §4-§6):
// monsters strike, then cavalry, then infantry, each type at once, the
// casualties of a step striking no more; the side with fewer casualties
// (duel casualties included, as the ruleset says) wins; the loser rolls on
// the Panic table. It returns the winner, or -1 for a draw.
func (tr *trial) fight(d *engine.Dice) int {
	t := tr.t
	rs := t.rs
	e := &t.e
	tr.fights++
	tr.pending, tr.fought = false, true
	for h := range e.Heroes {
		tr.strike(h) // an Epic Strike is made before the hero fights
		tr.beforeFight(h)
	}
	var cas [2]int
	for i := range tr.f {
		if rs.DuelCountsForVictory {
			cas[i] = tr.f[i].pre
		}
		if rs.BerserkMadnessCounts {
			cas[i] += tr.fx[i].mad
		}
		tr.f[i].pre, tr.fx[i].mad = 0, 0
	}
	shaking := false
	if tr.charger >= 0 && rs.EarthshakingCharge {
		shaking = d.D6() == 6
	}
	for troop := Monster; ; troop-- {
		var hits, blows [2]int
		var struck [2]bool
		for i := range 2 {
			if e.Formations[i].Type == troop && tr.f[i].alive > 0 && tr.f[1-i].alive > 0 {
				hits[i], blows[i] = tr.strikeDice(d, i, shaking)
				struck[i] = true
			}
		}
		for i := range 2 {
			if struck[i] {
				c, counters := tr.hits(d, 1-i, hits[i])
				if blows[i] > 0 {
					cb, kb := tr.blowHits(d, 1-i, blows[i])
					c, counters = c+cb, counters+kb
				}
				cas[1-i] += c
				if rs.MonsterCountersAreCasualties {
					cas[1-i] += counters
				}
			}
		}
		if troop == Infantry {
			break
		}
	}

	w := victor(rs, [2]bool{tr.f[0].destroyed, tr.f[1].destroyed}, cas)
	if w >= 0 && !tr.f[1-w].destroyed && !tr.panic(d, 1-w) && rs.LoserFallsBack && !tr.f[1-w].destroyed {
		tr.contact = false
		tr.f[1-w].fellBack, tr.f[1-w].fellNow = true, true
		tr.turnFell[tr.turn][1-w] = true
	}
	if tr.f[0].destroyed || tr.f[1].destroyed {
		tr.contact = false
	}
	if tr.turn == 0 { // the first turn's first and second fights
		switch tr.fights {
		case 1:
			tr.wins = w
		case 2:
			tr.wins2 = w
		}
	}
	if tr.fights == tr.turnStartFights+1 {
		tr.firstWin = w
	}
	tr.charger = -1
	return w
}

// dice is how many dice formation i rolls now (rules/wotr.md §2, §4): for
// each company in contact its Attacks (a depleted company fewer, as the
// ruleset says) and its battle-skill dice, the charge bonus when it
// charged, and the supporting companies' dice; and of them, cmd, the
// command company's (the first in contact).
func (tr *trial) dice(i int, shaking bool) (n, cmd int) {
	t := tr.t
	rs := t.rs
	me, foe := &t.e.Formations[i], &t.e.Formations[1-i]
	size := me.size()
	alive := tr.f[i].alive
	comps := (alive + size - 1) / size
	front := min(me.Frontage, comps)
	contact := companiesInContact(rs, me, foe, front, tr.f[1-i].alive)
	heroF := 0
	for h := range t.e.Heroes {
		if t.e.Heroes[h].Formation == i && !tr.h[h].out {
			heroF = max(heroF, tr.fightOf(h))
		}
	}
	charging := tr.charger == i && !me.Pikes && !foe.Pikes // pikes: no charge bonus for either (rules/wotr.md §4 [V])
	for c := range contact {
		before := n
		a := me.A
		if left := alive - (comps-1)*size; c == comps-1 && left < size && rs.DepletedDice == DepletedProportional {
			a = (me.A*left + size - 1) / size
		}
		fo := tr.formationFight(i)
		if heroF > fo && (c == 0 || rs.HeroFightScope == HeroFormation) {
			fo = heroF // the hero leads the command company, in contact
		}
		n += a + battleSkill(rs, fo, tr.formationFight(1-i)) // never the enemy hero's Fight (p.64)
		if charging {
			if rs.ChargeBonusPer == PerCompany {
				n += rs.ChargeBonus
			}
			if shaking {
				n++
			}
		}
		if c == 0 {
			cmd = n - before
		}
	}
	if charging && rs.ChargeBonusPer == PerFormation {
		n += rs.ChargeBonus
	}
	if me.Type == Infantry || me.Type == Cavalry && rs.CavalrySupport {
		n += supporting(comps, front, contact, rs.SupportRanks) * t.sides[i].support
	}
	return n, cmd
}

// strikeDice rolls formation i's dice now and returns its hits, and apart
// from them a Mighty Blow's, each a casualty: its command company's
// (mighty_blow_hits company) or all of them. A side whose command company
// may strike apart (Mighty Blow, Epic Rage) rolls it apart.
func (tr *trial) strikeDice(d *engine.Dice, i int, shaking bool) (hits, blows int) {
	n, cmd := tr.dice(i, shaking)
	if !tr.t.split[i] {
		return tr.roll(d, i, n, false), 0
	}
	hc := tr.roll(d, i, cmd, true)
	hr := tr.roll(d, i, n-cmd, false)
	switch {
	case !tr.fx[i].blow:
		return hr + hc, 0
	case tr.t.rs.MightyBlowHits == BlowFormation:
		return 0, hr + hc
	}
	return hr, hc
}

// formationFight is formation i's Fight now: its own (with pikes), with
// an Epic Charge's +2, or 0 when Terror has shaken it.
func (tr *trial) formationFight(i int) int {
	if tr.terrified[i] {
		return 0
	}
	return tr.t.e.Formations[i].fight() + tr.fightBonus[i]
}

// companiesInContact is how many of me's front companies touch foe: as
// given, else as many as the enemy's front covers, by width (an infantry
// company is as wide as two cavalry companies or monsters); its front is
// what is left of its front rank, or its frontage as deployed, as
// enemy_front says.
func companiesInContact(rs *Ruleset, me, foe *Formation, front, foeAlive int) int {
	if me.Contact > 0 {
		return min(me.Contact, front)
	}
	fs := foe.size()
	foeFront := foe.Frontage
	if rs.EnemyFront == FrontRemaining {
		foeFront = min(foe.Frontage, (foeAlive+fs-1)/fs)
	}
	span := foeFront * width[foe.Type]
	w := width[me.Type]
	return max(1, min(front, (span+w-1)/w))
}

// supporting counts the companies supporting the contact companies of a
// formation of comps companies, front of them in the front rank: behind
// each contact company, the next one (one) or every one (all). Companies
// fill the ranks from the left; the last, depleted company is in the
// rearmost rank.
func supporting(comps, front, contact int, ranks SupportRanks) int {
	if front == 0 {
		return 0
	}
	q, r := comps/front, comps%front
	n := 0
	for j := range contact {
		behind := q - 1
		if j < r {
			behind++
		}
		if ranks == SupportOne {
			behind = min(behind, 1)
		}
		n += max(0, behind)
	}
	return n
}

// battleSkill is the extra dice of a company of Fight fo against Fight fe
// (rules/wotr.md §2): only the higher side gains.
func battleSkill(rs *Ruleset, fo, fe int) int {
	gap := fo - fe
	if gap <= 0 {
		return 0
	}
	var b int
	switch rs.BattleSkill {
	case SkillDifference:
		b = gap
	case SkillFlat:
		b = 1
	case SkillRatio:
		b = 1
		if fo >= 2*max(fe, 1) {
			b++
		}
		if fo >= 3*max(fe, 1) {
			b++
		}
	}
	if rs.BattleSkillCap > 0 {
		b = min(b, rs.BattleSkillCap)
	}
	return b
}

// roll rolls n dice of formation i (of its command company, or its
// others) against the enemy and returns the hits: one draw from the
// binomial count, or die by die.
func (tr *trial) roll(d *engine.Dice, i, n int, command bool) int {
	step, bin := tr.hitting(i, command)
	if !tr.t.perDie {
		return bin.Sample(d, n)
	}
	hits := 0
	for range n {
		if rollHit(d, step) {
			hits++
		}
	}
	return hits
}

// hitting is formation i's ladder step to hit now (of its command
// company, or its others), and its binomial: its lances' +1 in the turn it
// charged, and what stepOf adds when the turn's rules vary it.
func (tr *trial) hitting(i int, command bool) (int, *engine.Binomial) {
	if tr.t.varied {
		st := tr.stepOf(i, command)
		return st, tr.t.bins[st]
	}
	s := &tr.t.sides[i]
	if tr.charger == i {
		return s.chargeStep, s.chargeBin
	}
	return s.step, s.bin
}

// rollHit rolls one die at ladder step i: 2+ to 6+ on one die, 6/x a 6
// and then x+ (rules/wotr.md §3).
func rollHit(d *engine.Dice, i int) bool {
	switch {
	case i <= 4:
		return d.D6() >= i+2
	case i <= 7:
		return d.D6() == 6 && d.D6() >= i-1
	}
	return false
}

// hits puts n hits on formation i and returns the casualties (models
// removed) and wound counters gained (rules/wotr.md §5): each model takes
// hits up to its Resilience and leftover hits are lost [V]; a Hard to Kill
// monster rolls on its table once per Resilience-worth of hits; a
// formation down to its last company at half strength is removed (the
// ruleset's last_company_half), and the heroes in it with it.
func (tr *trial) hits(d *engine.Dice, i, n int) (cas, counters int) {
	f, me := &tr.f[i], &tr.t.e.Formations[i]
	n = tr.discount(d, i, n)
	if f.alive == 0 || n < me.R {
		return 0, 0
	}
	if me.Toughness == NotHardToKill {
		cas = min(n/me.R, f.alive)
		f.alive -= cas
	} else {
		cas, counters = tr.htkRolls(d, i, n/me.R)
	}
	cas += tr.hopeIsLost(i)
	return cas, counters
}

// blowHits puts n Mighty Blow hits on formation i, each "a casualty,
// regardless of the foe's Resilience" (rules/wotr.md §5 [V]): a model
// each, or, on a Hard to Kill monster, a roll on its table each
// (mighty_blow_hard_to_kill).
func (tr *trial) blowHits(d *engine.Dice, i, n int) (cas, counters int) {
	f, me := &tr.f[i], &tr.t.e.Formations[i]
	n = tr.discount(d, i, n)
	if f.alive == 0 || n == 0 {
		return 0, 0
	}
	if me.Toughness == NotHardToKill || tr.t.rs.MightyBlowHardToKill == BlowRemoves {
		cas = min(n, f.alive)
		f.alive -= cas
		f.counters = 0 // the damaged monster goes first
	} else {
		cas, counters = tr.htkRolls(d, i, n)
	}
	cas += tr.hopeIsLost(i)
	return cas, counters
}

// htkRolls makes n rolls on formation i's Hard to Kill table, each on its
// damaged monster, and returns the monsters removed and the counters
// gained.
func (tr *trial) htkRolls(d *engine.Dice, i, n int) (cas, counters int) {
	f, me := &tr.f[i], &tr.t.e.Formations[i]
	for range n {
		c, removed := htkStep(f.counters, d.D6(), me.Toughness == VeryHardToKill)
		if !removed {
			counters += c - f.counters
			f.counters = c
			continue
		}
		f.alive--
		cas++
		f.counters = 0
		if f.alive == 0 {
			break
		}
	}
	return cas, counters
}

// hopeIsLost removes formation i when its last company is at half strength
// or less (rules/wotr.md §5), and returns the models removed so; a
// formation with no models left is destroyed.
func (tr *trial) hopeIsLost(i int) int {
	f, me := &tr.f[i], &tr.t.e.Formations[i]
	removed := 0
	if size := me.size(); tr.t.rs.LastCompanyHalf && f.alive > 0 && f.alive <= size && 2*f.alive <= size {
		removed = f.alive
		f.alive = 0
	}
	if f.alive == 0 {
		tr.destroy(i)
	}
	return removed
}

// destroy removes formation i from the game, and its heroes with it; the
// formations are no longer in contact (a duel can destroy one before any
// fight).
func (tr *trial) destroy(i int) {
	tr.f[i].alive = 0
	if !tr.f[i].destroyed {
		tr.destroyedIn[i] = tr.turn
	}
	tr.f[i].destroyed = true
	tr.contact = false
	for h := range tr.t.e.Heroes {
		if tr.t.e.Heroes[h].Formation == i {
			tr.h[h].out = true
		}
	}
}

// panic is the Panic table for beaten formation l (rules/wotr.md §6 [V]):
// a D6, re-rolled once with a banner when it does not hold; on the
// steadfast roll it holds; otherwise a Courage test (2D6 + the highest
// Courage, heroes' included, 10 or more) that, failed, costs a hit per
// point of failure, or on a 1 below half strength the whole formation. It
// reports whether the formation held. A monster holds without a test
// unless the ruleset says monsters test.
func (tr *trial) panic(d *engine.Dice, l int) bool {
	t := tr.t
	me := &t.e.Formations[l]
	if me.Type == Monster && !t.rs.MonstersTestPanic {
		return true
	}
	so := me.steadfastOn()
	r := d.D6()
	if me.Banner && r < so {
		r = d.D6()
	}
	if r >= so {
		return true
	}
	a, b := d.D6(), d.D6()
	total := a + b + tr.courage(l)
	if total < courageTarget {
		total += tr.courageMight(l, a, b, courageTarget-total)
	}
	if total < courageTarget {
		if r == dismayFace && 2*tr.f[l].alive < me.Models() {
			tr.destroy(l)
		} else {
			tr.hits(d, l, courageTarget-total)
		}
	}
	return false
}

// courage is formation l's highest Courage, its heroes' included.
func (tr *trial) courage(l int) int {
	c := tr.t.e.Formations[l].C
	for h := range tr.t.e.Heroes {
		if hero := &tr.t.e.Heroes[h]; hero.Formation == l && !tr.h[h].out {
			c = max(c, hero.C)
		}
	}
	return c
}

// courageMight spends the Might of formation l's greedy heroes on a failed
// Courage test of dice a and b short by gap, and returns what they spent.
func (tr *trial) courageMight(l, a, b, gap int) int {
	t := tr.t
	m := 0
	for h := range t.e.Heroes {
		if hero := &t.e.Heroes[h]; hero.Formation == l && hero.Policy == GreedyMight && !tr.h[h].out {
			m += tr.avail(h)
		}
	}
	x := courageSpend(m, a, b, gap)
	left := x
	for h := range t.e.Heroes {
		if hero := &t.e.Heroes[h]; left > 0 && hero.Formation == l && hero.Policy == GreedyMight && !tr.h[h].out {
			y := min(left, tr.avail(h))
			tr.spend(h, y)
			left -= y
		}
	}
	return x
}

// victor returns the side that wins a fight (0 or 1), or -1 for none:
// the side that suffered fewer casualties, a destroyed side losing under
// destroyed_loses.
func victor(rs *Ruleset, destroyed [2]bool, cas [2]int) int {
	switch {
	case destroyed[0] && destroyed[1]:
	case rs.DestroyedLoses && destroyed[0]:
		return 1
	case rs.DestroyedLoses && destroyed[1]:
		return 0
	case cas[0] < cas[1]:
		return 0
	case cas[1] < cas[0]:
		return 1
	}
	return -1
}
