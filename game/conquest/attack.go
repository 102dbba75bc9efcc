package conquest

import (
	"math"

	"github.com/wargamesim/sim/engine"
)

// Kind is what an action's attacks are.
type Kind uint8

const (
	Clash        Kind = iota // Strikes and Support Strikes (RULES.md §7.3)
	Impact                   // Impact attacks on the charge (conquest.md §2)
	Volley                   // shots (RULES.md §7.5)
	Spellcasting             // a damage spell's hits, which roll no die to hit
)

var kindNames = []string{"clash", "impact", "volley", "spell"}

func (k Kind) String() string { return kindNames[k] }

// Facing is the arc an attack comes from: Shield works to the front only,
// and a flank or rear engagement costs Support and Morale under 2.x rules.
type Facing uint8

const (
	Front Facing = iota
	Flank
	Rear
)

var facingNames = []string{"front", "flank", "rear"}

// FacingNames lists the facings as scenarios write them.
func FacingNames() []string { return append([]string(nil), facingNames...) }

func (f Facing) String() string { return facingNames[f] }

// packet is one group of identical attacks of one action at one target:
// a regiment's stands, or its Character. Each attack rolls to hit; each
// hit rolls a defence die; each failed defence die puts wounds in the
// Wound Pool (RULES.md §7.3, §7.6).
type packet struct {
	kind     Kind
	hit      Test
	extra    bool // a hit on a natural 1 adds a hit (Relentless Blows, Rapid Volley)
	more     bool // each hit makes one more attack, which makes no more (Torrential Fire)
	leader   bool // one missed attack of the action rolls again (Leader, reroll_one)
	smiteOne bool // a hit on a natural 1 ignores Defence (Flawless Strikes, Precise Shot)
	def      Test // the defence die against an ordinary hit
	defOne   Test // against a natural-1 hit that ignores Defence
	wFail    int  // wounds a failed defence die costs: 1, or 2 with Deadly Blades
	wSix     int  // the same for a failed die showing a natural 6
	counter  bool // each defence die blocking on a natural 1 strikes a hit back (the target's Counter-Attack)
	// Count samplers: hit splits an attack into miss, hit, hit on a 1;
	// def and defOne split a hit into blocked, failed, failed on a 6;
	// under counter, oneOf and oneOfOne split the blocked dice into those
	// showing a natural 1 and the rest.
	hitSplit, defSplit, defOneSplit *engine.Split
	oneOf, oneOfOne                 *engine.Binomial
}

// split category order for hits and defence.
const (
	cMiss, cHit, cHitOne = 0, 1, 2
	cBlock, cFail, cSix  = 0, 1, 2
)

// attackCtx is everything that shapes a packet: who attacks with what, at
// whom, from where.
type attackCtx struct {
	kind     Kind
	skill    int   // Clash or Volley, before Inspired and Take Aim
	rules    Rules // the attacker's (the regiment's or the Character's)
	target   *Regiment
	facing   Facing
	inspired bool // Clash only
	aimed    bool // Volley only: Take Aim, +1
	long     bool // Volley only: at long range (Torrential Fire does nothing)
	blessHit bool // the attacker's Blessed: its failed hits re-rolled
	blessDef bool // the target's Blessed: its failed defence dice re-rolled
}

// newPacket builds the packet of c under rs, tabulated for up to maxN
// attacks (more still work).
func newPacket(rs *Ruleset, c attackCtx, maxN int) *packet {
	clashRules := c.kind == Clash || c.kind == Impact && rs.ClashRulesOnImpact
	p := &packet{kind: c.kind, wFail: 1, wSix: 1}
	p.setHit(rs, c, clashRules)
	p.setDefence(rs, c, clashRules)
	p.setSamplers(c, max(maxN, 1))
	return p
}

// setHit sets p's hit die and what a hit does: Inspired and Take Aim, the
// re-rolls (Flurry, the target's Parry, Opportunists, Blessed, Fiend
// Hunter, Leader) and the natural 1's extra hit or Defence ignored;
// clashRules says whether the attack follows a Clash's rules.
func (p *packet) setHit(rs *Ruleset, c attackCtx, clashRules bool) {
	a, d := c.rules, c.target.Rules
	skill := c.skill
	if c.kind == Volley && c.aimed {
		skill++
	}
	p.hit = newTest(rs, skill)
	// Impact attacks never get Inspired's bonus (conquest.md §2).
	if c.kind == Clash && c.inspired {
		if rs.Inspired == InspiredPlusOneOrSix && skill+1 >= 5 {
			p.hit.Reroll |= engine.Face(6)
		} else {
			p.hit.Target++
		}
	}
	if clashRules && a.Flurry {
		p.hit.RerollFailed = true
	}
	if d.Parry {
		if rs.Parry == ParryRerollOnes {
			p.hit.Reroll |= engine.Face(1)
		} else {
			p.hit.RerollFailed = false
			p.hit.Reroll &^= engine.Face(6)
		}
	}
	if a.Opportunists && c.facing != Front && c.kind != Impact {
		p.hit.RerollFailed = true // re-roll failed hits against the flank or rear (2.x [S])
	}
	if c.blessHit {
		p.hit.RerollFailed = true
	}
	if a.FiendHunter && c.target.Type == Monster {
		p.hit.RerollFailed = true // "re-roll failed To Hit rolls against Monsters" [V 1.03]
	}
	p.more = c.kind == Volley && a.TorrentialFire && !c.long
	// A die is re-rolled once at most: Leader's re-roll does nothing where
	// every failed hit is re-rolled already.
	p.leader = a.Leader && rs.Leader == LeaderRerollOne && c.kind != Impact && !p.hit.RerollFailed
	switch c.kind {
	case Volley:
		p.extra, p.smiteOne = a.RapidVolley, a.PreciseShot
	default:
		relentless := a.RelentlessBlows || rs.ClashSixRelentless && c.skill >= 6
		p.extra, p.smiteOne = clashRules && relentless, clashRules && a.FlawlessStrikes
	}
}

// setDefence sets p's defence dice against an ordinary hit and against a
// natural-1 hit that ignores Defence (conquest.md §1), their re-rolls
// (Untouchable, Blessed), and the wounds a failed die costs (Deadly Blades,
// Deadly Shot); clashRules says whether the attack follows a Clash's rules.
func (p *packet) setDefence(rs *Ruleset, c attackCtx, clashRules bool) {
	tg := c.target
	a, d := c.rules, tg.Rules
	bonus, pen := defenceMods(rs, c)
	smite := clashRules && a.Smite
	p.def = newTest(rs, defenceTarget(rs, tg.Profile, bonus, pen, smite))
	p.defOne = newTest(rs, defenceTarget(rs, tg.Profile, bonus, pen, true))
	if d.Untouchable {
		p.def.Reroll |= engine.Face(6)
		p.defOne.Reroll |= engine.Face(6)
	}
	if c.blessDef {
		p.def.RerollFailed, p.defOne.RerollFailed = true, true
	}
	deadly := clashRules && a.DeadlyBlades || c.kind == Volley && a.DeadlyShot
	if deadly {
		switch {
		case rs.Deadly == DeadlyNatural6:
			p.wSix = 2
		case tg.Profile.W > 1:
			p.wFail, p.wSix = 2, 2
		}
	}
}

// defenceMods returns the target's Defence bonus against attack c (Shield
// and Phalanx from the front, Bastion, none of them against Linebreaker
// where it applies) and the attack's penalty to it (Cleave, Brutal Impact,
// Armour Piercing, less the target's Hardened; 0 or more).
func defenceMods(rs *Ruleset, c attackCtx) (bonus, pen int) {
	a, d := c.rules, c.target.Rules
	front := c.facing == Front
	breaker := a.Linebreaker && c.kind != Volley
	if d.Shield && front && !breaker && (rs.Shield == ShieldAllFront || c.kind == Clash || c.kind == Volley) {
		bonus++
	}
	if d.Phalanx && front {
		bonus++ // conquest.md §7: +1 Defence against the front [V 1.03]
	}
	if !breaker {
		bonus += d.Bastion
	}
	switch c.kind {
	case Clash:
		pen = a.Cleave
	case Impact:
		pen = a.BrutalImpact
		if rs.ClashRulesOnImpact {
			pen += a.Cleave
		}
	case Volley, Spellcasting: // Armour Piercing: "during a Volley or Spellcasting Action" (1.5 [V])
		pen = a.ArmourPiercing
	}
	return bonus, max(0, pen-d.Hardened)
}

// setSamplers tabulates p's count samplers for up to maxN attacks (1 or
// more), from its hit and defence dice.
func (p *packet) setSamplers(c attackCtx, maxN int) {
	ho := p.hit.Odds()
	p.hitSplit = engine.NewSplit([]float64{ho.P(Fail) + ho.P(FailSix), ho.P(Pass), ho.P(PassOne)}, maxN)
	p.defSplit = defenceSplit(p.def, 2*maxN)
	p.defOneSplit = defenceSplit(p.defOne, maxN)
	// Counter-Attack: "each natural-1 Defense roll in an enemy Clash" is a
	// hit back (conquest.md §7, 2.x [S]); the roll that stands, after any
	// re-roll, is the one that counts.
	if p.counter = c.kind == Clash && c.target.Rules.CounterAttack; p.counter {
		p.oneOf = engine.NewBinomial(naturalOneShare(p.def), 2*maxN)
		p.oneOfOne = engine.NewBinomial(naturalOneShare(p.defOne), maxN)
	}
}

// naturalOneShare is the chance that a die of t that passed shows a
// natural 1.
func naturalOneShare(t Test) float64 {
	o := t.Odds()
	if o.PassP() == 0 {
		return 0
	}
	return o.P(PassOne) / o.PassP()
}

func defenceSplit(t Test, maxN int) *engine.Split {
	o := t.Odds()
	return engine.NewSplit([]float64{o.PassP(), o.P(Fail), o.P(FailSix)}, maxN)
}

// defenceTarget is the number a defence die must roll under (conquest.md
// §1; option evasion): Defence with its bonuses (Shield, Bastion) and
// penalties (Cleave, Armour Piercing, Brutal Impact), or 0 against Smite,
// met with Evasion, which nothing modifies.
func defenceTarget(rs *Ruleset, p Profile, bonus, pen int, smite bool) int {
	d := p.D + bonus
	if smite {
		d = 0
	}
	switch rs.Evasion {
	case EvasionModsAfterMax:
		return max(d, p.E) - pen
	case EvasionIgnored:
		return max(d-pen, 0)
	}
	return max(max(d-pen, 0), p.E)
}

// sampleCosts resolves n attacks by counts: a handful of binomial draws,
// whatever n. scratch holds 3 ints. It returns the hits and the failed
// defence dice of the Wound Pool: those that cost one wound, and those
// that cost two (Deadly Blades, Deadly Shot); and the hits the target's
// Counter-Attack strikes back.
func (p *packet) sampleCosts(d *engine.Dice, n int, scratch []int) (hits, ones, twos, back int) {
	if n <= 0 {
		return 0, 0, 0, 0
	}
	c := scratch[:3]
	clear(c)
	p.hitSplit.Sample(d, n, c)
	if p.leader && c[cMiss] > 0 {
		c[cMiss]--
		p.hitSplit.Sample(d, 1, c) // Leader: one missed attack rolls again
	}
	ordinary, smite := p.share(c[cHit], c[cHitOne])
	if m := c[cHit] + c[cHitOne]; p.more && m > 0 {
		clear(c)
		p.hitSplit.Sample(d, m, c) // Torrential Fire's attacks: their hits are ordinary
		ordinary += c[cHit] + c[cHitOne]
	}
	clear(c)
	p.defSplit.Sample(d, ordinary, c)
	ones, twos = p.costs(c[cFail], c[cSix])
	if p.counter {
		back = p.oneOf.Sample(d, c[cBlock])
	}
	if smite > 0 {
		clear(c)
		p.defOneSplit.Sample(d, smite, c)
		o, t := p.costs(c[cFail], c[cSix])
		ones, twos = ones+o, twos+t
		if p.counter {
			back += p.oneOfOne.Sample(d, c[cBlock])
		}
	}
	return ordinary + smite, ones, twos, back
}

// costs sorts failed defence dice, fails ordinary and sixes showing a
// natural 6, into those costing one wound and those costing two.
func (p *packet) costs(fails, sixes int) (ones, twos int) {
	for _, x := range [2]struct{ n, w int }{{fails, p.wFail}, {sixes, p.wSix}} {
		if x.w == 2 {
			twos += x.n
		} else {
			ones += x.n
		}
	}
	return ones, twos
}

// share turns hits and hits on a natural 1 into ordinary hits and hits
// that ignore Defence.
func (p *packet) share(hits, ones int) (ordinary, smite int) {
	ordinary = hits
	if p.smiteOne {
		smite = ones
	} else {
		ordinary += ones
	}
	if p.extra {
		ordinary += ones
	}
	return ordinary, smite
}

// perDie resolves n attacks die by die, as players roll them: every hit
// die, then a defence die for each ordinary hit, then for each hit that
// ignores Defence.
func (p *packet) perDie(d *engine.Dice, n int) (hits, pool int) {
	hits, ones, twos, _ := p.perDieCosts(d, n)
	return hits, ones + 2*twos
}

// perDieCosts is perDie with the failed defence dice apart, and the hits
// struck back, as sampleCosts returns them.
func (p *packet) perDieCosts(d *engine.Dice, n int) (hits, ones, twos, back int) {
	var h, nat1 int // hits, and hits on a natural 1
	for i := range n + 1 {
		if i == n && !(p.leader && h+nat1 < n) {
			break // Leader: one missed attack rolls again
		}
		switch p.hit.Roll(d) {
		case Pass:
			h++
		case PassOne:
			nat1++
		}
	}
	ordinary, smite := p.share(h, nat1)
	if p.more {
		for range h + nat1 {
			if o := p.hit.Roll(d); o == Pass || o == PassOne {
				ordinary++
			}
		}
	}
	for i := range ordinary + smite {
		t := p.def
		if i >= ordinary {
			t = p.defOne
		}
		var o, t2 int
		switch t.Roll(d) {
		case Fail:
			o, t2 = p.costs(1, 0)
		case FailSix:
			o, t2 = p.costs(0, 1)
		case PassOne:
			if p.counter {
				back++
			}
		}
		ones, twos = ones+o, twos+t2
	}
	return ordinary + smite, ones, twos, back
}

// maxAttacks is the most attack dice n attacks roll: one more with
// Leader's re-roll.
func (p *packet) maxAttacks(n int) int {
	if p.leader && n > 0 {
		return n + 1
	}
	return n
}

// maxHits is the most hits one attack makes: its own, Relentless Blows'
// (Rapid Volley's) on a 1, Torrential Fire's attack's.
func (p *packet) maxHits() int {
	hits := 1
	if p.extra {
		hits = 2
	}
	if p.more {
		hits++
	}
	return hits
}

// maxWounds is the most wounds one attack can put in the Wound Pool.
func (p *packet) maxWounds() int { return p.maxHits() * max(p.wFail, p.wSix) }

// perAttack returns the exact distributions of the hits (0..3) and the
// wounds (0..6) of one attack: attacks are independent, so n attacks are
// their n-fold convolution.
func (p *packet) perAttack() (hits, wounds []float64) { return p.perAttackBack(1) }

// perAttackBack is perAttack with the hits struck back by the target's
// Counter-Attack: wounds[w*base+b] is the chance of w wounds and b hits
// back, for a base above every b the sum of the attacks convolved can
// reach, so that convolving sums both at once. Without Counter-Attack b
// is 0; base 1 gives perAttack's, the wounds alone.
func (p *packet) perAttackBack(base int) (hits, wounds []float64) {
	ho := p.hit.Odds()
	hitP := ho.P(Pass) + ho.P(PassOne)
	back := 0 // where a defence die blocking on a natural 1 puts its chance
	if p.counter && base > 1 {
		back = 1 // base 1 asks for the wounds alone
	}
	one := func(t Test) []float64 { // wounds (and a hit back) of one hit
		o := t.Odds()
		w := make([]float64, 2*base+1)
		w[0] += o.P(Pass)
		w[back] += o.P(PassOne)
		w[p.wFail*base] += o.P(Fail)
		w[p.wSix*base] += o.P(FailSix)
		return w
	}
	ordinary, smite := one(p.def), one(p.defOne)
	// What a hit adds beyond itself: nothing, or under Torrential Fire one
	// more attack, whose hit is an ordinary one.
	moreHits, moreWounds := []float64{1}, []float64{1}
	if p.more {
		moreHits = []float64{1 - hitP, hitP}
		moreWounds = make([]float64, len(ordinary))
		moreWounds[0] = 1 - hitP
		for k, q := range ordinary {
			moreWounds[k] += hitP * q
		}
	}
	hits = make([]float64, 4)
	wounds = make([]float64, 6*base+1)
	miss := ho.P(Fail) + ho.P(FailSix)
	hits[0] += miss
	wounds[0] += miss
	for k, q := range convolve([]float64{0, 1}, moreHits) {
		hits[k] += ho.P(Pass) * q
	}
	for k, q := range convolve(ordinary, moreWounds) {
		wounds[k] += ho.P(Pass) * q
	}
	// A hit on a natural 1: its own hit (ignoring Defence or not), and one
	// more ordinary hit with Relentless Blows or Rapid Volley.
	first := ordinary
	if p.smiteOne {
		first = smite
	}
	onOne, onOneHits := first, []float64{0, 1}
	if p.extra {
		onOne, onOneHits = convolve(first, ordinary), []float64{0, 0, 1}
	}
	for k, q := range convolve(onOneHits, moreHits) {
		hits[k] += ho.P(PassOne) * q
	}
	for k, q := range convolve(onOne, moreWounds) {
		wounds[k] += ho.P(PassOne) * q
	}
	return hits, wounds
}

// attacks returns the exact distributions of the hits and the wounds of n
// attacks: the n-fold convolutions of one attack's, and with Leader one
// more attack for one that missed (rerollOne).
func (p *packet) attacks(n int) (hits, wounds []float64) { return p.attacksBack(n, 1) }

// attacksBack is attacks with the hits struck back, wounds indexed as
// perAttackBack's.
func (p *packet) attacksBack(n, base int) (hits, wounds []float64) {
	h, w := p.perAttackBack(base)
	if !p.leader || n == 0 {
		return power(h, n), power(w, n)
	}
	ho := p.hit.Odds()
	q := ho.P(Fail) + ho.P(FailSix)
	return rerollOne(h, q, n), rerollOne(w, q, n)
}

// rerollOne is the distribution of the sum of n attacks, each distributed
// as one (a miss, of probability q, counting 0), when one that missed, if
// any did, rolls again: n attacks and one more, less the one more where
// none missed, (1−q)^n of the time, when the n have each hit.
func rerollOne(one []float64, q float64, n int) []float64 {
	all := convolve(power(one, n), one)
	if q >= 1 {
		return all
	}
	hit := make([]float64, len(one)) // one attack that hit
	for k, x := range one {
		hit[k] = x / (1 - q)
	}
	hit[0] -= q / (1 - q)
	none := math.Pow(1-q, float64(n))
	hn := power(hit, n)
	for k, x := range convolve(hn, one) {
		all[k] -= none * x
	}
	for k, x := range hn {
		all[k] += none * x
	}
	for k := range all {
		all[k] = max(all[k], 0) // rounding, within 1e-16
	}
	return all
}

// convolve returns the distribution of the sum of two independent counts.
func convolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			if y != 0 {
				out[i+j] += x * y
			}
		}
	}
	return out
}

// power returns the distribution of the sum of n independent counts of
// distribution a.
func power(a []float64, n int) []float64 {
	out := []float64{1}
	for range n {
		out = convolve(out, a)
	}
	return out
}
