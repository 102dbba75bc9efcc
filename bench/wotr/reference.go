// Package wotrref is War of the Ring's plain reference resolver: one turn
// of two formations and their heroes, rolled one math/rand/v2 die at a
// time, written from the rules text (docs/wotr.md, ../shared/rules/wotr.md
// and seed 001) and not from game/wotr's resolver. Agreement tests hold
// the engine's distributions to it, and paired benchmarks measure the
// engine's speed against it.
//
// It reads a turn from two places: the options from the engine model
// ([wotr.Turn.Ruleset]), and the formations, heroes and actions from the
// scenario's YAML source (the engine keeps its [wotr.Engagement]
// unexported), decoded into [scenario.Scenario] and read here again.
//
// Covered: the fight phase's ordered actions (roll-off, alternation, Might
// paid before anything is carried out), Heroic Duels and Epic Duels (duel
// roll, declarer bonus, Might policies none, duel and greedy on the duel
// roll and the Duel table, the three table layouts, hits that persist,
// hits on the formation, a slain hero as a casualty), Heroic Combat with
// its second charge (charge, decline, decline_if_duel) and the seed's two
// cases, and the fight between two infantry formations: companies in
// contact, depleted companies, battle skill (every option), the hero's
// Fight for his company or formation, charge bonus per company or
// formation, support (one rank or all), the To Hit ladder, casualties rear
// first with leftover hits lost, the last company at half strength,
// victor, Panic table with banner and steadfast_on, Courage test, Onset of
// Dismay, falling back.
//
// Refused (New returns an error): cavalry and monster formations (the
// striking order by type), Hard to Kill, heroic_move, heroic_shoot,
// heroic_charge and epic_strike, the greedy policy in a turn whose
// formations fight (its Courage-test spending), earthshaking_charge, more
// than one Heroic Combat, and formations taken from the library (from:).
// No built-in scenario uses any of them.
//
// Read so: companies in contact are "as many of the front rank as the
// enemy's front covers" with the enemy's front what is left of it (a
// formation down to one company covers one enemy company); the first
// version of this package kept the scenario's frontage, and 3 million
// trials of wotr-combat-vs-duel told the two readings apart
// (orcs.wins_second_fight 0.00403 against 0.00318, z = 17).
package wotrref

import (
	"errors"
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/wargamesim/sim/bench/refrun"
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/wotr"
	"github.com/wargamesim/sim/game/wotr/scenario"
	"github.com/wargamesim/sim/scenarios"
)

// Stream is the PCG stream the reference's Run draws from.
const Stream = 0x776f74722d726566 // "wotr-ref"

// form is one formation as the scenario gives it.
type form struct {
	id                     string
	f, s, d, a, r, c       int
	shield, banner         bool
	companies, size, front int
	contact                int // companies in contact
	contactGiven           bool
	support                int // dice per supporting company
	steadfast, toHitMod    int
	models                 int
	heroes                 []int
}

type action struct {
	kind   string // heroic_duel, epic_duel, heroic_combat
	target int    // a duel's target hero
	second string // a Heroic Combat's second_charge
}

type hero struct {
	id      string
	side    int
	f, r, c int
	might   int
	policy  string // none, duel, greedy
	actions []action
}

// step is one ordered action: hero h's action a.
type step struct{ h, a int }

// Resolver resolves one War of the Ring turn the plain way.
type Resolver struct {
	rs        *wotr.Ruleset
	forms     [2]form
	heroes    []hero
	charger   int
	duelsOnly bool
	steps     [2][]step // the fight phase's actions by side, in the scenario's order
	toHit     [2]int    // ladder step of side i's dice against the other

	metrics []engine.Metric
	events  []string
	ix      map[string]int // name -> index into metrics or events
	o       out
}

// New builds the reference of plan (a War of the Ring scenario) from the
// scenario's YAML source src.
func New(plan *scenarios.Plan, src []byte) (*Resolver, error) {
	// A turn that solves exactly comes wrapped; both have the Ruleset.
	turn, ok := plan.Model.(interface{ Ruleset() *wotr.Ruleset })
	if !ok {
		return nil, fmt.Errorf("wotrref: %T is not a War of the Ring turn", plan.Model)
	}
	var s scenario.Scenario
	if err := yaml.Unmarshal(src, &s); err != nil {
		return nil, err
	}
	r := &Resolver{rs: turn.Ruleset(), charger: -1, duelsOnly: s.Fight.Type == "duels"}
	if r.rs.EarthshakingCharge {
		return nil, errors.New("wotrref: earthshaking_charge is not implemented")
	}
	if s.Fight.Turns > 1 {
		return nil, errors.New("wotrref: several turns are not implemented (game/wotr's turns_test.go checks what carries from turn to turn)")
	}
	if len(s.Formations) != 2 {
		return nil, errors.New("wotrref: two formations")
	}
	heroIndex := map[string]int{}
	for _, f := range s.Formations {
		for _, h := range f.Heroes {
			heroIndex[h.ID] = len(heroIndex)
		}
	}
	combats := 0
	for i, sf := range s.Formations {
		if sf.From != "" {
			return nil, errors.New("wotrref: formations from the library are not implemented")
		}
		if sf.Type != "" && sf.Type != "infantry" {
			return nil, errors.New("wotrref: only infantry formations are implemented")
		}
		if sf.Lances || sf.Pikes || sf.Terror || sf.Berserk {
			return nil, errors.New("wotrref: lances, pikes, Terror and Berserk are not implemented (game/wotr's turns_test.go and epic_test.go check them by hand)")
		}
		if sf.HardToKill != "" && sf.HardToKill != "no" {
			return nil, errors.New("wotrref: Hard to Kill is not implemented")
		}
		f := form{id: sf.ID, f: sf.Profile.F, s: sf.Profile.S, d: sf.Profile.D, a: sf.Profile.A, r: sf.Profile.R, c: sf.Profile.C,
			shield: sf.Shield, banner: sf.Banner, companies: sf.Companies, size: 8, front: sf.Frontage,
			steadfast: 6, toHitMod: sf.ToHitMod, support: r.rs.SupportDice}
		if sf.CompanySize > 0 {
			f.size = sf.CompanySize
		}
		if f.front == 0 {
			f.front = 2 // docs/wotr.md: 2, or 1 for a formation of one company
		}
		f.front = min(f.front, f.companies)
		if sf.SteadfastOn > 0 {
			f.steadfast = sf.SteadfastOn
		}
		if sf.SupportDice > 0 {
			f.support = sf.SupportDice // Mob Rule
		}
		f.models = f.companies * f.size
		if sf.ID == s.Fight.Charger {
			r.charger = i
		}
		foe := &s.Formations[1-i]
		for _, sh := range sf.Heroes {
			if sh.HardToKill != "" && sh.HardToKill != "no" {
				return nil, errors.New("wotrref: Hard to Kill heroes are not implemented")
			}
			if sh.BodyguardOf != "" {
				return nil, errors.New("wotrref: bodyguards are not implemented (game/wotr's epic_test.go checks them)")
			}
			h := hero{id: sh.ID, side: i, f: sh.Profile.F, r: sh.Profile.R, c: sh.Profile.C, might: sh.Profile.Might,
				policy: scenarios.OrDefault(sh.MightPolicy, scenarios.OrDefault(s.MightPolicy, "duel"))}
			if h.policy == "greedy" && !r.duelsOnly {
				return nil, errors.New("wotrref: the greedy Might policy in a fight is not implemented")
			}
			for _, sa := range sh.Actions {
				a := action{kind: sa.Action, second: scenarios.OrDefault(sa.SecondCharge, "charge")}
				switch sa.Action {
				case "heroic_duel", "epic_duel":
					t := sa.Target
					if t == "" || t == foe.ID {
						t = foe.Heroes[0].ID
					}
					a.target = heroIndex[t]
				case "heroic_combat":
					combats++
				default:
					return nil, fmt.Errorf("wotrref: %s is not implemented", sa.Action)
				}
				r.steps[i] = append(r.steps[i], step{len(r.heroes), len(h.actions)})
				h.actions = append(h.actions, a)
			}
			f.heroes = append(f.heroes, len(r.heroes))
			r.heroes = append(r.heroes, h)
		}
		r.forms[i] = f
	}
	if combats > 1 {
		return nil, errors.New("wotrref: more than one Heroic Combat is not implemented")
	}
	for i := range 2 {
		me, foe := &r.forms[i], &r.forms[1-i]
		if me.front < 1 {
			me.front = 1
		}
		// Companies in contact: the scenario's, else as many of the front
		// rank as the enemy's front covers; infantry against infantry,
		// company for company (docs/wotr.md, the fight).
		if c := s.Formations[i].Contact; c > 0 {
			me.contact, me.contactGiven = c, true
		} else {
			me.contact = min(me.front, foe.front)
		}
		d := foe.d
		if foe.shield {
			d += 2 // face to face: the shield counts (rules/wotr.md §3)
		}
		r.toHit[i] = wotr.ToHit(me.s, d, me.toHitMod, r.rs.ToHitFloor)
	}
	r.names(combats)
	r.o = r.out()
	return r, nil
}

// names lists the metrics and events, named and ordered as docs/wotr.md's
// "Metrics and events" table and the engine model.
func (r *Resolver) names(combats int) {
	r.ix = map[string]int{}
	metric := func(name string, hi int) {
		r.ix[name] = len(r.metrics)
		r.metrics = append(r.metrics, engine.Metric{Name: name, Max: hi})
	}
	event := func(name string) {
		r.ix[name] = len(r.events)
		r.events = append(r.events, name)
	}
	f0, f1 := r.forms[0].id, r.forms[1].id
	if !r.duelsOnly {
		metric("fights", 1+combats)
	}
	metric(f0+".casualties", r.forms[0].models)
	metric(f1+".casualties", r.forms[1].models)
	inDuel := make([]bool, len(r.heroes))
	duels := false
	for hi, h := range r.heroes {
		if h.might > 0 {
			metric(h.id+".might_spent", h.might)
		}
		for _, a := range h.actions {
			if a.kind != "heroic_combat" {
				duels, inDuel[hi], inDuel[a.target] = true, true, true
			}
		}
	}
	if !r.duelsOnly {
		event(f0 + ".wins")
		event(f1 + ".wins")
		event("draw")
	}
	event(f0 + ".destroyed")
	event(f1 + ".destroyed")
	if !r.duelsOnly {
		event(f0 + ".falls_back")
		event(f1 + ".falls_back")
		if combats > 0 {
			event("second_charge")
			event(f0 + ".wins_second_fight")
			event(f1 + ".wins_second_fight")
		}
	}
	if duels {
		event("duel_fought")
		if !r.duelsOnly {
			event("duel_first")
		}
	}
	if len(r.steps[0])+len(r.steps[1]) > 0 {
		event(f0 + ".acts_first")
		event(f1 + ".acts_first")
	}
	for hi, h := range r.heroes {
		if inDuel[hi] {
			event(h.id + ".wins_duel")
			event(h.id + ".slain")
		}
		for _, a := range h.actions {
			if a.kind == "heroic_combat" {
				event(h.id + ".combat_cancelled")
			}
		}
	}
}

// Metrics lists the metrics of each trial, in the engine model's order.
func (r *Resolver) Metrics() []engine.Metric { return r.metrics }

// Events lists the events of each trial, in the engine model's order.
func (r *Resolver) Events() []string { return r.events }

// Run runs trials trials on one goroutine with dice from the PCG seeded
// (seed, [Stream]), gathered as the engine's runner does.
func (r *Resolver) Run(trials int, seed uint64) *engine.Result {
	return refrun.Run(trials, seed, Stream, r.metrics, r.events, r.Trial)
}
