// Package warhammerref holds Warhammer Fantasy Battles' reference resolver
// and the benchmarks of the engine against it.
//
// The reference resolves the same fights as the engine, the plain way: one
// math/rand/v2 die at a time, every attack through every test in turn,
// every rule written as docs/rules.md states it, with its source. It shares
// no code with the engine's resolvers; it reads only the engine's
// description of a fight (what [warhammer.Volley.Inputs] and
// [warhammer.Fight.Inputs] return) and the
// charts of game/warhammer/tables.go. It is the speed baseline of the
// benchmarks, and an independent implementation: agreement_test.go checks
// that its distributions and the engine's agree on every built-in scenario.
package warhammerref

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/wargamesim/sim/bench/refrun"
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// Stream is the PCG stream the reference's Run draws from.
const Stream = 0x7265666572656e63 // "referenc"

// Resolver resolves one scenario's fight the reference way. It is safe for
// concurrent use: each trial keeps its state on its own stack.
type Resolver struct {
	metrics []engine.Metric
	events  []string
	volley  *volley
	fight   *fight
	melee   *melee // a fight of several units (melee.go)
}

// Reference builds the reference resolver of the Warhammer model m (a
// scenario's Plan.Model): a *warhammer.Volley or *warhammer.Fight. It
// refuses, with an error, the option values and combinations it does not
// implement, rather than resolve them differently from the rules.
func Reference(m engine.Model) (*Resolver, error) {
	r := &Resolver{}
	switch m := m.(type) {
	case *warhammer.Volley:
		rs, id, a, tg := m.Inputs()
		v := &volleySpec{TargetID: id, Attack: a, Target: tg}
		if err := supported(rs); err != nil {
			return nil, err
		}
		if err := supportedVolley(v); err != nil {
			return nil, err
		}
		r.volley, r.metrics, r.events = newVolley(rs, v)
	case *warhammer.Fight:
		rs, cc := m.Inputs()
		if err := supported(rs); err != nil {
			return nil, err
		}
		if len(cc.Units) > 2 {
			return meleeReference(rs, cc)
		}
		if err := supportedFight(rs, &cc); err != nil {
			return nil, err
		}
		r.fight, r.metrics, r.events = newFight(rs, &cc)
	default:
		return nil, fmt.Errorf("warhammerref: the reference resolves Warhammer volleys and fights, not a %T", m)
	}
	return r, nil
}

// meleeReference is the resolver of a fight of several units, cc's
// Units (melee.go). A fight of two units written as Units may go this way
// too, which the tests use to hold the two paths to each other.
func meleeReference(rs *warhammer.Ruleset, cc warhammer.Combat) (*Resolver, error) {
	if err := supported(rs); err != nil {
		return nil, err
	}
	m, metrics, events, err := newMelee(rs, &cc)
	if err != nil {
		return nil, err
	}
	return &Resolver{melee: m, metrics: metrics, events: events}, nil
}

// volleySpec is a volley as the engine received it.
type volleySpec struct {
	TargetID string
	Attack   warhammer.Attack
	Target   warhammer.Target
}

// supported refuses the option values the reference leaves out.
func supported(rs *warhammer.Ruleset) error {
	if rs.RegenOrWard == warhammer.WardOverRegen {
		// "ward" is unclear for a model that has no ward save (does it then
		// take Regeneration?), and no built-in scenario uses it.
		return errors.New("warhammerref: regeneration_or_ward: ward is not implemented by the reference")
	}
	if rs.StrikeFirst == warhammer.StrikeFirstI10 && rs.ASFRerolls {
		// Which Initiative the re-roll of misses compares, and whether
		// Strike First has it at all, is not in docs/rules.md.
		return errors.New("warhammerref: asf_rerolls_misses: yes with strike_first: initiative_10 is not implemented by the reference")
	}
	return nil
}

func supportedVolley(v *volleySpec) error {
	a := v.Attack
	if a.Phase == warhammer.Shooting && !a.AutoHit && warhammer.ShootingToHit(a.Skill, a.ToHitMod) > 6 &&
		(a.Rules.RerollHits.Failed || len(a.Rules.RerollHits.Faces) > 0) {
		// Which die of the two-dice 7+ procedure a re-roll applies to is
		// not in the rules (RULES.md §1, §2.5).
		return errors.New("warhammerref: re-rolled hits that need 7+ are not implemented by the reference")
	}
	return nil
}

// supportedFight refuses the fights the reference leaves out: none now.
// (8th-edition Flaming Attacks against Regeneration taken as a save: a
// model that suffered an unsaved Flaming wound at an earlier step of the
// phase has no Regeneration save for the rest of it; blows struck at the
// same moment are rolled before any wound lands, so they still face it.)
func supportedFight(rs *warhammer.Ruleset, cc *warhammer.Combat) error { return nil }

// Metrics lists the metrics of each trial, in the engine model's order.
func (r *Resolver) Metrics() []engine.Metric { return r.metrics }

// Events lists the events of each trial, in the engine model's order.
func (r *Resolver) Events() []string { return r.events }

// Trial resolves the fight once with the dice of rnd and writes one value
// per metric and one flag per event; values and events must be zeroed.
func (r *Resolver) Trial(rnd *rand.Rand, values []int, events []bool) {
	d := dice{rnd}
	switch {
	case r.volley != nil:
		r.volley.trial(d, values, events)
		return
	case r.melee != nil:
		r.melee.trial(d, values, events)
		return
	}
	r.fight.trial(d, values, events)
}

// Run runs trials trials on one goroutine, with dice from the PCG seeded
// (seed, [Stream]), and gathers them as the engine's runner does.
func (r *Resolver) Run(trials int, seed uint64) *engine.Result {
	return refrun.Run(trials, seed, Stream, r.metrics, r.events, r.Trial)
}
