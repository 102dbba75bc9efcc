package conquest

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
// Defence + Shield (against hits from the front) − the attack's penalty
// (Cleave in a Clash, Brutal Impact on Impact, Armour Piercing on a
// Volley), never below 0, and Evasion.
func defenceTarget(att *regiment, tg *regiment, k kind, attRules penalty) int {
	d := tg.p.D
	if tg.rules.Shield {
		d++ // all hits here come from the front (shield: all_front_hits)
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
// die at a time, and returns the hits and the Wound Pool.
func packet(d dice, n, hitOn, block int) (hits, pool int) {
	for range n {
		if !d.test(hitOn) {
			continue
		}
		hits++
		if !d.test(block) {
			pool++ // a failed defence die: 1 wound
		}
	}
	return hits, pool
}

// act resolves one action of attacker a at target t (RULES.md §7.3 to
// §7.7): the attacks of its stands and of its Character, the Wound Pool,
// casualties, then the target's Morale test at the end of the action.
func act(rs *conq.Ruleset, d dice, a, t *force, k kind) outcome {
	var o outcome
	g := a.g
	pen := penalty{cleave: g.rules.Cleave, brutal: g.rules.BrutalImpact, ap: g.rules.ArmourPiercing}
	hitOn := g.p.C
	if k == volley {
		hitOn = g.p.V
	}
	block := defenceTarget(g, t.g, k, pen)
	h, p := packet(d, attacks(rs, a, k), hitOn, block)
	o.hits, o.pool = o.hits+h, o.pool+p
	if c := g.char; c != nil && (k != impact || a.charImpacts()) {
		// A Character strikes with its own Clash and Attacks when engaged,
		// else 1 Support Strike; it shoots its own Barrage (RULES.md
		// §7.1; conquest.md §8 [I]). In a medium or heavy cavalry, brute or
		// monster regiment, of his own class, he makes Impact attacks on a
		// charge: half his Attacks, rounding up, in contact, else
		// impact_unengaged_hits (conquest.md §2, 1.5 [V]).
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
		h, p := packet(d, n, on, defenceTarget(g, t.g, k, cp))
		o.hits, o.pool = o.hits+h, o.pool+p
	}
	s0, c0 := t.stands(), t.casualties
	w0 := t.wounds
	for range o.pool {
		t.lose(rs)
	}
	// Shattered counts the stands lost since it broke once the pool's
	// casualties are all removed (shattered_checked: after_wounds), or after
	// every wound (each_stand): the rules do not say which (see README.md).
	t.checkShattered()
	// Morale (RULES.md §7.7 [V]): at the end of an action that caused
	// wounds, one die per wound suffered against Resolve; each failure one
	// more wound, which tests no further. A Volley tests under
	// volley_morale only. Oblivious: one wound per two failed dice,
	// rounding up (conquest.md §7).
	suffered := t.wounds - w0
	if suffered > 0 && !t.gone && (k != volley || rs.VolleyMorale) {
		r := t.resolve(rs)
		fails := 0
		for range suffered {
			if !d.test(r) {
				fails++
			}
		}
		o.failures = fails
		t.failures += fails
		extra := fails
		if t.g.rules.Oblivious {
			extra = (fails + 1) / 2
		}
		for range extra {
			t.lose(rs)
		}
	}
	t.checkShattered()
	o.wounds = t.wounds - w0
	o.casualties = t.casualties - c0
	o.standsLost = s0 - t.stands()
	return o
}
