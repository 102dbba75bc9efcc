package conquest

import (
	"errors"

	"github.com/wargamesim/sim/engine"
)

// Engagement is how one regiment attacks another: from which arc, and
// what helps its attacks.
type Engagement struct {
	Facing    Facing // the arc of the target its attacks strike
	Melee     bool   // the regiments are engaged in close combat: a target struck in its flank or rear is engaged there
	Inspired  bool   // its Clash is Inspired (option inspired)
	Aimed     bool   // it took aim: +1 Volley
	Obscured  bool   // its shots are obscured: halved (option obscured)
	LongRange bool   // beyond half its Barrage range (option long_range_obscured)
}

// attacker is what one regiment does to another, worked out once: its
// packets for each kind of action, and the target's Morale test against
// it.
type attacker struct {
	rs      *Ruleset
	u, tgt  *unit
	eng     Engagement
	support int // Support Strikes per unengaged stand
	terror  int // Resolve its Clash and Impact take off the target's
	halve   bool
	// Packets: the regiment's stands and its Character; nil when they
	// cannot make that kind of attack. pk[kind][flags] holds them for each
	// combination of the flags that change a packet within a fight:
	// Inspired (a Clash after an Inspire) or aimed (a Volley after a Take
	// Aim), the attacker's Blessed hits, the target's Blessed defence.
	pk                                           [3][nFlags][2]*packet
	clash, clashChar, impact, volley, volleyChar *packet // pk[kind][0]
	aura                                         *packet // the defence dice against its Aura of Death's hits
	back                                         *packet // against its hits back (Counter-Attack, Lethal Demise)
	spell                                        *packet // against its Character's damage spell's hits
	duel                                         *packet // its Character's Strikes at the enemy's in a Duel
	// The target's Morale test, by its Resolve clamped to 0..5 (a 6
	// always fails, so 5 and more are alike): the die as rolled, and the
	// chance it fails.
	morale    [6]Test
	moraleBin [6]*engine.Binomial
}

// newAttacker works out what u does to tgt; flanked says whether u is
// itself engaged in its flank or rear.
func newAttacker(rs *Ruleset, u, tgt *unit, eng Engagement, flanked, tgtFlanked bool) *attacker {
	a := &attacker{rs: rs, u: u, tgt: tgt, eng: eng}
	r, tr := u.reg, tgt.reg
	a.support = max(r.Rules.Support, 1)
	if rs.SupportLostFlankRear && flanked && !r.Rules.IronDiscipline {
		a.support = 1
	}
	if x := r.Rules.Terrifying; x > 0 && !tr.Rules.Fearless {
		a.terror = x
		if rs.Terrifying == TerrifyingMinusOne {
			a.terror = 1
		}
	}
	a.halve = eng.Obscured || eng.LongRange && rs.LongRangeObscured
	ctx := func(kind Kind, skill int, rules Rules) attackCtx {
		return attackCtx{kind: kind, skill: skill, rules: rules, target: tr, facing: eng.Facing, inspired: eng.Inspired, aimed: eng.Aimed, long: eng.LongRange}
	}
	a.buildPackets(ctx)
	if r.Rules.AuraOfDeath > 0 {
		// Aura of Death's hits: the target's Injury (defence) rolls "as
		// normal", as against a hit from the front with no rule of the
		// attacker's (conquest.md §7); they roll nothing to hit.
		a.aura = newPacket(rs, attackCtx{kind: Clash, target: tr, facing: eng.Facing}, r.Rules.AuraOfDeath*u.s0)
	}
	if r.Rules.CounterAttack || r.Rules.LethalDemise {
		// Its hits back: the target's defence dice as against an Aura's
		// hits, against its front arc; they "do not benefit from any other
		// Special Rules" (WoodRust special_rules.json, 2.x [S]).
		a.back = newPacket(rs, attackCtx{kind: Clash, target: tr, facing: Front}, u.hMax+u.charW)
	}
	if c := r.Character; c != nil && c.Spell != nil && c.Spell.damage() {
		// A spell's hits roll no die to hit; Armour Piercing is the
		// spell's own (Fire Dart's 2), and no other rule of the caster's
		// works on them.
		sp := c.Spell
		a.spell = newPacket(rs, attackCtx{kind: Spellcasting, rules: Rules{ArmourPiercing: sp.ArmourPiercing}, target: tr, facing: eng.Facing}, sp.Dice*sp.Hits)
	}
	if c, tc := r.Character, tr.Character; c != nil && tc != nil {
		// In a Duel the enemy Character defends with his own profile and
		// no rule: Shield "has no effect during Duel Actions" (1.03 [V]),
		// and a Character's defensive rules are refused.
		foe := &Regiment{ID: tc.Name, Type: tr.Type, Class: tc.Class, Profile: tc.Profile}
		a.duel = newPacket(rs, attackCtx{kind: Clash, skill: c.Profile.C, rules: c.Rules, target: foe, facing: Front}, c.Profile.A)
	}
	for i := range a.morale {
		t := newTest(rs, i)
		t.RerollPassed = tgtFlanked && rs.MoraleFlankRear == MoraleFlankRerollSuccesses && !tr.Rules.IronDiscipline
		a.morale[i] = t
		o := t.Odds()
		a.moraleBin[i] = engine.NewBinomial(o.P(Fail)+o.P(FailSix), tgt.hMax)
	}
	return a
}

// terrorOf is what the attacker's action of kind takes off the target's
// Resolve: Terrifying (an enemy in contact, not a Volley), less the +1 of
// the target's Phalanx against the front under phalanx_resolve.
func (a *attacker) terrorOf(kind Kind) int {
	t := a.terror
	if kind == Volley || kind == Spellcasting && !a.eng.Melee {
		t = 0 // Terrifying works on an enemy in contact
	}
	if a.rs.PhalanxResolve && a.tgt.reg.Rules.Phalanx && a.eng.Facing == Front {
		t--
	}
	return t
}

// maxStrikes is the most Strikes the regiment's stands make.
func (a *attacker) maxStrikes() int { return a.strikesOf(a.u.hMax) }

// strikesOf returns the Strikes of the regiment's stands with health h
// (RULES.md §7.3): each engaged stand Attacks × its models (plus Fury),
// each unengaged stand its Support Strikes. Casualties come off the rear,
// so the incomplete stand is engaged only when every stand is.
func (a *attacker) strikesOf(h int) int {
	u, r := a.u, a.u.reg
	models := u.modelsOf(h)
	s := u.standsOf(h)
	e := min(r.Engaged, s)
	n := models * r.Profile.A
	if s > e {
		n = e*u.m*r.Profile.A + (s-e)*a.support
	}
	if e > 0 && a.leaderPlus() {
		n++ // the command stand's +1 Attack
	}
	return n + e*r.Rules.Fury
}

// leaderPlus reports whether the regiment's Leader adds an Attack and a
// shot to its command stand (leader plus_one_attack).
func (a *attacker) leaderPlus() bool { return a.u.reg.Rules.Leader && a.rs.Leader == LeaderPlusOne }

// charStrikes returns the Character's Strikes: its Attacks (plus Fury) in
// contact, else one Support Strike.
func (a *attacker) charStrikes(st *state) int {
	c := a.u.reg.Character
	if c == nil || st.charIdle || st.char <= 0 || st.health <= 0 && !a.u.alone(st) {
		return 0
	}
	if c.Engaged || a.u.alone(st) { // alone, he is the regiment's front
		return c.Profile.A + a.u.reg.Rules.Fury
	}
	return 1
}

// half rounds a half as impact_rounding says.
func (a *attacker) half(x int) int {
	if a.rs.ImpactRounding == RoundDown {
		return x / 2
	}
	return (x + 1) / 2
}

// impactOf returns the Impact attacks of a charge by the regiment with
// health h (conquest.md §2; options impact, impact_unengaged_hits,
// impact_x_stands).
func (a *attacker) impactOf(h int) int {
	u, r := a.u, a.u.reg
	s := u.standsOf(h)
	if s == 0 {
		return 0
	}
	e := min(r.Engaged, s)
	var n int
	if a.rs.Impact == ImpactX {
		if a.rs.ImpactXStands == ImpactAllStands {
			e = s
		}
		n = r.Rules.ImpactX * e
	} else {
		eligible := r.Rules.ThrowingWeapons || r.Type != Infantry && r.Class != Light
		if !eligible {
			return 0
		}
		models := u.modelsOf(h)
		if s > e {
			n = e*a.half(u.m*r.Profile.A) + (s-e)*a.rs.ImpactUnengaged
		} else {
			n = (e-1)*a.half(u.m*r.Profile.A) + a.half((models-(e-1)*u.m)*r.Profile.A)
		}
	}
	if r.Rules.UnstoppableCharge {
		n *= 2
	}
	return n
}

// auraHits returns the hits of the regiment's Aura of Death (X) in state
// st: X for each of its stands in contact with the enemy (BSData .gst
// [V 1.03]: "one Hit for each Stand in contact with it").
func (a *attacker) auraHits(st *state) int {
	r := a.u.reg
	return r.Rules.AuraOfDeath * min(r.Engaged, a.u.standsOf(st.health))
}

// auraStrike resolves the Aura of Death of the attacker in state me on the
// target in tg at the start of a turn: a defence die for each hit, a
// wound for each that fails; a Morale test under aura_morale.
func (a *attacker) auraStrike(d *engine.Dice, me, tg *state, perDie bool, scratch []int) outcome {
	var o outcome
	n := a.auraHits(me)
	if n == 0 || me.destroyed || tg.destroyed {
		return o
	}
	return a.hitsOn(d, Clash, a.aura, n, a.rs.AuraMorale, tg, perDie, scratch)
}

// strikeBack resolves n hits the regiment strikes back at the target in
// state tg within the target's own action, by Counter-Attack and Lethal
// Demise: as auraStrike's, with a Morale test under strike_back_morale.
// They are struck even when the regiment dies of the wounds that caused
// them; the target's wounds from them strike nothing back (the rules say
// nothing of a chain: one step).
func (a *attacker) strikeBack(d *engine.Dice, tg *state, n int, perDie bool, scratch []int) outcome {
	if n == 0 || tg.destroyed {
		return outcome{}
	}
	return a.hitsOn(d, Clash, a.back, n, a.rs.StrikeBackMorale, tg, perDie, scratch)
}

// hitsOn resolves n hits of kind that roll no die to hit on the target in
// state tg, each a defence die of p; a wound for each that fails (less
// Tenacious), and a Morale test when morale says so.
func (a *attacker) hitsOn(d *engine.Dice, kind Kind, p *packet, n int, morale bool, tg *state, perDie bool, scratch []int) outcome {
	o := outcome{hits: n}
	if perDie {
		for range n {
			if r := p.def.Roll(d); r == Fail || r == FailSix {
				o.pool++
			}
		}
	} else {
		c := scratch[:3]
		clear(c)
		p.defSplit.Sample(d, n, c)
		o.pool = c[cFail] + c[cSix]
	}
	o.pool = a.tenacious(o.pool, 0)
	if !morale {
		o.wounds, o.casualties, o.charWounds = a.tgt.wound(tg, o.pool)
		o.poolWounds, o.poolChar = o.wounds, o.charWounds
		return o
	}
	a.suffer(d, kind, tg, &o, perDie)
	return o
}

// charImpact returns the Character's Impact attacks on a charge under 1.5
// (conquest.md §2 [V]): a stand of a medium or heavy cavalry, brute or
// monster regiment (his type is its, his class his own) makes half his
// Attacks, rounded as impact_rounding says, in contact, else
// impact_unengaged_hits; none under 2.x's Impact (X), which a Character
// does not take here. most asks for the most he can make.
func (a *attacker) charImpact(st *state, most bool) int {
	c, r := a.u.reg.Character, a.u.reg
	if c == nil || a.rs.Impact == ImpactX || r.Type == Infantry || c.Class == Light {
		return 0
	}
	if !most && (st.charIdle || st.char <= 0 || st.health <= 0 && !a.u.alone(st)) {
		return 0
	}
	if c.Engaged || most || a.u.alone(st) {
		return a.half(c.Profile.A)
	}
	return a.rs.ImpactUnengaged
}

// shotsOf returns the shots of the regiment's stands with health h
// (RULES.md §7.5; options rear_stand_shots, obscured): Barrage X per model
// (per stand under per_stand) of each front-rank stand, rear_stand_shots
// for each other stand, halved when obscured.
func (a *attacker) shotsOf(h int) int {
	u, r := a.u, a.u.reg
	x := r.Rules.Barrage
	if x == 0 {
		return 0
	}
	s := u.standsOf(h)
	fr := min(r.Frontage, s)
	models := u.modelsOf(h)
	front := fr * u.m // models in the front rank
	if s <= fr {
		front = models
	}
	n := 0
	// Front stands: full ones, and the incomplete one when it is in front.
	full := front / u.m
	n += full * a.standShots(x, u.m)
	if k := front - full*u.m; k > 0 {
		n += a.standShots(x, k)
	}
	rear := a.rs.RearStandShots
	if a.halve && rear > 0 {
		rear = (rear + 1) / 2
	}
	if s > 0 && a.leaderPlus() {
		n++ // the command stand's +1 Barrage
	}
	return n + (s-fr)*rear
}

// standShots returns the shots of a front-rank stand of k models with
// Barrage x.
func (a *attacker) standShots(x, k int) int {
	if a.rs.Stand == PerStand {
		k = 1
	}
	switch {
	case !a.halve:
		return x * k
	case a.rs.Obscured == HalveBarrage:
		return (x + 1) / 2 * k
	}
	return (x*k + 1) / 2
}

// charShots returns the Character's shots.
func (a *attacker) charShots(st *state) int {
	c := a.u.reg.Character
	if c == nil || st.charIdle || st.char <= 0 || st.health <= 0 && !a.u.alone(st) || c.Rules.Barrage == 0 {
		return 0
	}
	if a.halve {
		return (c.Rules.Barrage + 1) / 2
	}
	return c.Rules.Barrage
}

// outcome is what one action did to its target.
type outcome struct {
	hits, pool   int // hits, and wounds in the Wound Pool
	failures     int // failed Morale dice
	moraleWounds int // wounds they cost (after Indomitable and Oblivious)
	wounds       int // wounds the regiment took: pool and Morale, as far as it had them
	casualties   int // models removed
	charWounds   int // of the wounds, those its Character took (character_wounds last)
	back         int // hits its Counter-Attack strikes back at the attacker
	// The wounds of the Wound Pool it took, before its Morale test, and
	// its Character's of them.
	poolWounds, poolChar int
}

// act resolves one action of kind by the attacker, whose state is me, at
// the target in state tg: the attacks into the Wound Pool, casualties, the
// Morale test and its casualties (RULES.md §7.3, §7.6, §7.7). scratch holds
// 3 ints. perDie rolls every die.
func (a *attacker) act(d *engine.Dice, kind Kind, me, tg *state, perDie bool, scratch []int) outcome {
	var o outcome
	if me.destroyed || tg.destroyed {
		return o
	}
	var ones, twos int
	roll := func(p *packet, n int) {
		if p == nil || n <= 0 {
			return
		}
		var h, k1, k2, b int
		if perDie {
			h, k1, k2, b = p.perDieCosts(d, n)
		} else {
			h, k1, k2, b = p.sampleCosts(d, n, scratch)
		}
		o.hits, ones, twos, o.back = o.hits+h, ones+k1, twos+k2, o.back+b
	}
	ps, ns, f := a.packetsOf(kind, me, tg)
	for j, p := range ps {
		roll(p, ns[j])
	}
	o.pool = a.tenacious(ones, twos)
	spendFlags(kind, f, me, tg)
	a.suffer(d, kind, tg, &o, perDie)
	return o
}

// tenacious is the Wound Pool of an action whose failed defence dice cost
// one wound (ones) or two (twos), after the target's Tenacious (X): "X
// failed Defense results count as successes" (2.x [S]), the costliest
// first (the defender's choice).
func (a *attacker) tenacious(ones, twos int) int {
	x := a.tgt.reg.Rules.Tenacious
	k2 := min(x, twos)
	k1 := min(x-k2, ones)
	return ones - k1 + 2*(twos-k2)
}

// errTenaciousDoubled is why the exact solver refuses Tenacious against
// doubled wounds.
var errTenaciousDoubled = errors.New("the exact solver does not follow Tenacious against attacks whose failed defence costs two wounds; use sim run")

// tenaciousOf is tenacious for a Wound Pool of w wounds whose failed dice
// each cost one wound; with a packet of ps that doubles them the exact
// solver cannot tell the dice from the wounds, and it returns −1.
func (a *attacker) tenaciousOf(w int, ps [2]*packet) int {
	x := a.tgt.reg.Rules.Tenacious
	if x == 0 {
		return w
	}
	for _, p := range ps {
		if p != nil && (p.wFail == 2 || p.wSix == 2) {
			return -1
		}
	}
	return max(0, w-x)
}

// tenaciousPMF is tenaciousOf over the distribution of a Wound Pool.
func (a *attacker) tenaciousPMF(pool []float64, ps [2]*packet) ([]float64, error) {
	out := make([]float64, len(pool))
	for k, q := range pool {
		w := a.tenaciousOf(k, ps)
		if w < 0 {
			return nil, errTenaciousDoubled
		}
		out[w] += q
	}
	return out, nil
}

// Packet flags: what changes a packet within a fight.
const (
	fBonus    = 1 << iota // Inspired (a Clash) or aimed (a Volley)
	fBlessHit             // the attacker re-rolls its failed hits (Blessed)
	fBlessDef             // the target re-rolls its failed defence dice (Blessed)
	nFlags    = 1 << iota
)

// buildPackets makes the attacker's packets for each kind and flags; ctx
// gives a kind's attack context from its skill and rules.
func (a *attacker) buildPackets(ctx func(Kind, int, Rules) attackCtx) {
	u, r, rs := a.u, a.u.reg, a.rs
	type source struct {
		skill int
		rules Rules
		n     int
	}
	for kind := Clash; kind <= Volley; kind++ {
		var src [2]*source
		switch kind {
		case Clash:
			src[0] = &source{r.Profile.C, r.Rules, a.maxStrikes()}
		case Impact:
			if n := a.impactOf(u.hMax); n > 0 {
				src[0] = &source{r.Profile.C, r.Rules, n}
			}
		case Volley:
			if r.Rules.Barrage > 0 {
				src[0] = &source{r.Profile.V, r.Rules, a.shotsOf(u.hMax)}
			}
		}
		if c := r.Character; c != nil {
			switch kind {
			case Impact:
				if n := a.charImpact(&u.start, true); n > 0 {
					src[1] = &source{c.Profile.C, c.Rules, n}
				}
			case Clash:
				src[1] = &source{c.Profile.C, c.Rules, c.Profile.A + r.Rules.Fury + 1}
			case Volley:
				if c.Rules.Barrage > 0 {
					src[1] = &source{c.Profile.V, c.Rules, c.Rules.Barrage}
				}
			}
		}
		for f := range nFlags {
			for j, s := range src {
				if s == nil {
					continue
				}
				c := ctx(kind, s.skill, s.rules)
				c.inspired = c.inspired || f&fBonus != 0
				c.aimed = c.aimed || f&fBonus != 0
				c.blessHit = f&fBlessHit != 0 && s.rules.Blessed == BlessedHits
				c.blessDef = f&fBlessDef != 0 && a.tgt.reg.Rules.Blessed == BlessedDefence
				a.pk[kind][f][j] = newPacket(rs, c, s.n)
			}
		}
	}
	a.clash, a.clashChar = a.pk[Clash][0][0], a.pk[Clash][0][1]
	a.impact = a.pk[Impact][0][0]
	a.volley, a.volleyChar = a.pk[Volley][0][0], a.pk[Volley][0][1]
}

// packetsOf returns the packets an action of kind rolls, the regiment's
// and its Character's (nil where there is none), and the attacks of each
// from the attacker in state me at the target in state tg; and the flags
// they use, whose bonuses the action spends (spend).
func (a *attacker) packetsOf(kind Kind, me, tg *state) (ps [2]*packet, ns [2]int, f int) {
	if kind == Clash && me.inspired || kind == Volley && me.aimed {
		f |= fBonus
	}
	if !me.blessed && a.blessedHits() {
		f |= fBlessHit
	}
	if !tg.blessed && a.tgt.reg.Rules.Blessed == BlessedDefence {
		f |= fBlessDef
	}
	switch kind {
	case Clash:
		ns = [2]int{a.strikesOf(me.health), a.charStrikes(me)}
	case Impact:
		ns = [2]int{a.impactOf(me.health), a.charImpact(me, false)}
	case Volley:
		ns = [2]int{a.shotsOf(me.health), a.charShots(me)}
	}
	return a.pk[kind][f], ns, f
}

// blessedHits reports whether the regiment or its Character re-rolls its
// failed hits with Blessed: each stand that has the rule uses it, all at
// once.
func (a *attacker) blessedHits() bool {
	r := a.u.reg
	return r.Rules.Blessed == BlessedHits || r.Character != nil && r.Character.Rules.Blessed == BlessedHits
}

// spendFlags uses up what the flags f of an action by the attacker in
// state me at the target in tg spent: an Inspire or a Take Aim, and each
// side's Blessed for the turn.
func spendFlags(kind Kind, f int, me, tg *state) {
	me.spend(kind)
	if f&fBlessHit != 0 {
		me.blessed = true
	}
	if f&fBlessDef != 0 {
		tg.blessed = true
	}
}

// kindOf is the kind of attack an action makes: Impact for a charge, a
// Volley, else a Clash.
func kindOf(act Action) Kind {
	switch act {
	case ActCharge:
		return Impact
	case ActVolley:
		return Volley
	}
	return Clash
}

// suffer puts o.pool wounds on the target, then takes its Morale test:
// one die per wound suffered, each failure one more wound, which tests no
// further (RULES.md §7.7; option volley_morale).
func (a *attacker) suffer(d *engine.Dice, kind Kind, tg *state, o *outcome, perDie bool) {
	t := a.tgt
	before := t.stands(tg)
	o.wounds, o.casualties, o.charWounds = t.wound(tg, o.pool)
	o.poolWounds, o.poolChar = o.wounds, o.charWounds
	if tg.destroyed || o.wounds == 0 || kind == Volley && !a.rs.VolleyMorale {
		return
	}
	a.moraleTest(d, kind, tg, before, o, perDie)
}

// moraleTest rolls the target's Morale test for the o.wounds it suffered,
// having had before stands: one die a wound, each failure one more wound
// (after Indomitable and Oblivious), which tests no further.
func (a *attacker) moraleTest(d *engine.Dice, kind Kind, tg *state, before int, o *outcome, perDie bool) {
	t := a.tgt
	s := t.stands(tg)
	if a.rs.SizeCounted == SizeBeforeAction {
		s = before
	}
	r := min(max(t.resolve(tg, s, a.terrorOf(kind)), 0), 5)
	if perDie {
		for range o.wounds {
			if !a.morale[r].Roll(d).Passed() {
				o.failures++
			}
		}
	} else {
		o.failures = a.moraleBin[r].Sample(d, o.wounds)
	}
	o.moraleWounds = a.moraleWoundsOf(o.failures)
	w, c, ch := t.wound(tg, o.moraleWounds)
	o.wounds += w
	o.casualties += c
	o.charWounds += ch
}

// moraleWoundsOf returns the wounds f failed Morale dice cost the target:
// Indomitable (X) passes X of them, Oblivious halves the rest, rounding up.
func (a *attacker) moraleWoundsOf(f int) int {
	r := a.tgt.reg.Rules
	f = max(0, f-r.Indomitable)
	if r.Oblivious {
		f = (f + 1) / 2
	}
	return f
}
