package conquestref

import (
	"math/rand/v2"

	conq "github.com/wargamesim/sim/game/conquest"
)

// dice is the reference's die: one IntN(6)+1 per die from one PCG.
type dice struct{ r *rand.Rand }

func (d dice) d6() int { return d.r.IntN(6) + 1 }

// kind is what an action's attacks are.
type kind uint8

const (
	clash kind = iota
	impact
	volley
)

// outcome is what one action did to its target.
type outcome struct {
	hits, pool, failures, wounds, casualties, standsLost int
}

// impactEligible says whether a regiment makes Impact attacks under 1.5
// (conquest.md §2 [V]): medium and heavy cavalry, brutes and monsters.
func impactEligible(g *regiment) bool {
	switch g.kind {
	case "brute", "monster":
		return true
	case "cavalry":
		return g.class == "medium" || g.class == "heavy"
	}
	return false
}

// attacks counts the attacker's dice of kind k, from its state now.
// Clash (RULES.md §7.3 [V]; conquest.md §3): each engaged stand makes
// Attacks × its models, each other stand its Support X (1 without the
// rule); casualties come off the rear, so the incomplete stand is engaged
// only when every stand is. Impact (conquest.md §2, 1.5 [V]): each stand
// in contact half its models × Attacks, rounded up; each other stand
// impact_unengaged_hits. Volley (RULES.md §7.5 [V]): Barrage per model of
// each front-rank stand, rear_stand_shots for each other stand.
// The Character's packet is separate (charAttacks).
func attacks(rs *conq.Ruleset, a *force, k kind) int {
	g := a.g
	s := a.stands()
	full := a.models / g.perStand // complete stands
	part := a.models - full*g.perStand
	// modelsOn lists the models of the first n stands from the front:
	// complete stands first, the incomplete one last.
	modelsOn := func(n int) (int, int) {
		if n <= full {
			return n * g.perStand, n
		}
		return full*g.perStand + part, s
	}
	switch k {
	case clash:
		e := min(g.engaged, s)
		m, _ := modelsOn(e)
		support := max(g.rules.Support, 1)
		if rs.SupportLostFlankRear && g.flanked {
			support = 1 // engaged in its flank or rear, it loses Support X (2.x)
		}
		return m*g.p.A + (s-e)*support
	case impact:
		e := min(g.engaged, s)
		n := 0
		for i := range e {
			models := g.perStand
			if i == full { // the incomplete stand, when every stand is in contact
				models = part
			}
			n += (models*g.p.A + 1) / 2 // rounded up (impact_rounding: up)
		}
		return n + (s-e)*rs.ImpactUnengaged
	default:
		f := min(g.frontage, s)
		m, _ := modelsOn(f)
		return m*g.rules.Barrage + (s-f)*rs.RearStandShots
	}
}

// defenceTarget is the number a defence die must roll equal to or under
// (conquest.md §1, §7; evasion: max_of_modified_defence): the higher of
// Defence + Shield (against hits from the front: front) − the attack's
// penalty (Cleave in a Clash, Brutal Impact on Impact, Armour Piercing on
// a Volley), never below 0, and Evasion.
func defenceTarget(tg *regiment, k kind, attRules penalty, front bool) int {
	d := tg.p.D
	if tg.rules.Shield && front {
		d++ // every hit from the front (shield: all_front_hits), none from the flank or rear
	}
	switch k {
	case clash:
		d -= attRules.cleave
	case impact:
		d -= attRules.brutal
	case volley:
		d -= attRules.ap
	}
	return max(max(d, 0), tg.p.E)
}

type penalty struct{ cleave, brutal, ap int }

// packet rolls n attacks that hit on hitOn and are blocked on block, one
// die at a time, and returns the hits, the Wound Pool and the defence dice
// that blocked on a natural 1 (Counter-Attack looks at them).
func packet(d dice, n, hitOn, block int) (hits, pool, ones int) {
	for range n {
		if !d.test(hitOn) {
			continue
		}
		hits++
		switch pass, one := d.roll(block); {
		case !pass:
			pool++ // a failed defence die: 1 wound
		case one:
			ones++
		}
	}
	return hits, pool, ones
}

// act resolves one action of attacker a at target t (RULES.md §7.3 to
// §7.7), from t's front or not (its flank or rear): the attacks of its
// stands and of its Character, the Wound Pool, casualties, then the
// target's Morale test at the end of the action. It returns what it did,
// the hits the target's Counter-Attack strikes back (in an enemy Clash at
// it, each defence die that blocks on a natural 1, though the
// Counter-Attacker died of the Clash: WoodRust special_rules.json, 2.x
// [S]) and the wounds the target suffered (Lethal Demise's count); the
// caller resolves the hits back.
func act(rs *conq.Ruleset, d dice, a, t *force, k kind, front bool) (outcome, int, suffered) {
	var o outcome
	g := a.g
	pen := penalty{cleave: g.rules.Cleave, brutal: g.rules.BrutalImpact, ap: g.rules.ArmourPiercing}
	hitOn := g.p.C
	if k == volley {
		hitOn = g.p.V
	}
	block := defenceTarget(t.g, k, pen, front)
	h, p, ones := packet(d, attacks(rs, a, k), hitOn, block)
	o.hits, o.pool = o.hits+h, o.pool+p
	if c := g.char; c != nil && a.charActs() && (k != impact || a.charImpacts()) {
		// A Character strikes with its own Clash and Attacks when engaged,
		// else 1 Support Strike; it shoots its own Barrage (RULES.md
		// §7.1; conquest.md §8 [I]). In a medium or heavy cavalry, brute or
		// monster regiment, of his own class, he makes Impact attacks on a
		// charge: half his Attacks, rounding up, in contact, else
		// impact_unengaged_hits (conquest.md §2, 1.5 [V]). Slain in a Duel,
		// or foregoing his actions for a Draw Event Rally, he makes none.
		cp := penalty{cleave: c.Rules.Cleave, brutal: c.Rules.BrutalImpact, ap: c.Rules.ArmourPiercing}
		n, on := 0, c.Profile.C
		switch k {
		case impact:
			n = rs.ImpactUnengaged
			if c.Engaged || a.alone() {
				n = (c.Profile.A + 1) / 2
			}
		case clash:
			n = 1
			if c.Engaged || a.alone() { // alone, he is the regiment's front
				n = c.Profile.A
			}
		case volley:
			n, on = c.Rules.Barrage, c.Profile.V
		}
		h, p, o1 := packet(d, n, on, defenceTarget(t.g, k, cp, front))
		o.hits, o.pool, ones = o.hits+h, o.pool+p, ones+o1
	}
	s0, c0 := t.stands(), t.casualties
	w0 := t.wounds
	// Morale (RULES.md §7.7 [V]) at the end of the action; a Volley tests
	// under volley_morale only.
	var s suffered
	o.failures, s = suffer(rs, d, t, o.pool, k != volley || rs.VolleyMorale)
	o.wounds = t.wounds - w0
	o.casualties = t.casualties - c0
	o.standsLost = s0 - t.stands()
	back := 0
	if k == clash && t.g.rules.CounterAttack {
		back = ones
	}
	return o, back, s
}

// suffered is the wounds a regiment had from one cause, its Character's
// own left out (Lethal Demise counts them): those of its failed defence
// dice, and those of its Morale test.
type suffered struct{ defence, morale int }

// suffer applies pool wounds (failed defence dice) to t, then checks
// Shattered, then, when morale, rolls its Morale test (RULES.md §7.7
// [V]): one die per wound suffered against its Resolve; each failure one
// more wound, which tests no further; Oblivious: one wound per two failed
// dice, rounding up (conquest.md §7). A regiment the pool destroyed rolls
// none. It returns the failed Morale dice and the wounds the regiment
// suffered.
func suffer(rs *conq.Ruleset, d dice, t *force, pool int, morale bool) (int, suffered) {
	var s suffered
	w0, r0 := t.wounds, t.regimentWounds()
	for range pool {
		t.lose(rs)
	}
	// Shattered counts the stands lost since it broke once the pool's
	// casualties are all removed (shattered_checked: after_wounds), or after
	// every wound (each_stand): the rules do not say which (see README.md).
	t.checkShattered()
	s.defence = t.regimentWounds() - r0
	fails := 0
	if n := t.wounds - w0; n > 0 && morale && !t.gone {
		fails = t.moraleTest(rs, d, n)
	}
	t.checkShattered()
	s.morale = t.regimentWounds() - r0 - s.defence
	return fails, s
}

// moraleTest rolls n Morale dice of t against its Resolve and applies the
// wounds of the failures; it returns the failed dice.
func (t *force) moraleTest(rs *conq.Ruleset, d dice, n int) int {
	r := t.resolve(rs)
	// Engaged in its flank or rear, a regiment re-rolls its passed Morale
	// dice under morale_flank_rear: reroll_successes (2.x [S]): whatever
	// caused the test, for it is so engaged all fight.
	again := t.g.flanked && rs.MoraleFlankRear == conq.MoraleFlankRerollSuccesses
	fails := 0
	for range n {
		pass := d.test(r)
		if pass && again {
			pass = d.test(r)
		}
		if !pass {
			fails++
		}
	}
	t.failures += fails
	extra := fails
	if t.g.rules.Oblivious {
		extra = (fails + 1) / 2
	}
	for range extra {
		t.lose(rs)
	}
	return fails
}

// aura strikes a's Aura of Death (X) at t at the start of a turn (BSData
// .gst [V 1.03]; docs/conquest.md): X hits for each of a's stands in
// contact (its engaged stands), which roll nothing to hit; each a defence
// die of t's "as normal", with no rule of a's: Defence, and Shield from
// t's front (front), or Evasion; a wound when it fails; a Morale test under
// aura_morale. It returns the wounds t suffered (Lethal Demise's count).
func aura(rs *conq.Ruleset, d dice, a, t *force, front bool) suffered {
	n := a.g.rules.AuraOfDeath * min(a.g.engaged, a.stands())
	if n == 0 || a.gone || t.gone {
		return suffered{}
	}
	block := defenceTarget(t.g, clash, penalty{}, front)
	pool := 0
	for range n {
		if !d.test(block) {
			pool++
		}
	}
	_, s := suffer(rs, d, t, pool, rs.AuraMorale)
	return s
}

// lethalHits is the hits Lethal Demise strikes back for the wounds s of
// regiment t (BSData .gst [V 1.03]; WoodRust 2.x [S]): while the
// regiments are in contact, one for each wound it suffered (its
// Character's own excluded), every one of them under lethal_demise
// every_wound, those of its failed defence dice under failed_defence.
func lethalHits(rs *conq.Ruleset, t *force, s suffered) int {
	if !t.g.rules.LethalDemise || !t.g.contact {
		return 0
	}
	if rs.LethalDemise == conq.LethalEveryWound {
		return s.defence + s.morale
	}
	return s.defence
}

// strikeBack resolves n hits struck back at a (Counter-Attack, Lethal
// Demise): they "do not benefit from any other Special Rules" and are
// "resolved against the Enemy Regiment's front arc", so each is a defence
// die of a's against its front, Defence and Shield never below 0, or
// Evasion; a wound when it fails. Their wounds strike nothing back, and
// cause a Morale test under strike_back_morale.
func strikeBack(rs *conq.Ruleset, d dice, a *force, n int) {
	if n == 0 || a.gone {
		return
	}
	block := plainDefence(a.g)
	pool := 0
	for range n {
		if !d.test(block) {
			pool++
		}
	}
	suffer(rs, d, a, pool, rs.StrikeBackMorale)
}

// plainDefence is what a defence die of g's against a hit from its front
// with no rule of the attacker's must roll: Defence + Shield (shield:
// all_front_hits), or Evasion.
func plainDefence(g *regiment) int {
	d := g.p.D
	if g.rules.Shield {
		d++
	}
	return max(d, g.p.E)
}
