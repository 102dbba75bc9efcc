// Package conquestref is the plain per-die reference resolver of Conquest:
// The Last Argument of Kings, as bench/warhammer holds Warhammer's: one
// math/rand/v2 die at a time, every rule written out from the rules text
// (docs/conquest.md, ../shared/rules/RULES.md §7, ../shared/rules/conquest.md
// and seed 003's Healing sequence), sharing no code with game/conquest's
// resolvers. It reads a scenario's file (the regiments and the fight as
// written) and the ruleset the engine built it under, and reports the
// engine model's metrics and events by the same names, so that the
// agreement tests can hold the two to each other.
//
// Covered: what the built-in Conquest scenarios use. One action (Clash,
// a Charge's Impact attacks under 1.5, Volley) from the front, with a
// Character's Support Strike, Defence, Shield, Evasion, Cleave, Brutal
// Impact, Armour Piercing and Support X; the Wound Pool and casualty
// removal (models one by one, Wounded markers on W2+, per stand under
// 2.0); Morale with the size bonus, Broken (both editions' Resolve),
// Shattered and Oblivious; and fights of several turns with Healing
// (seed 003's sequence, Regeneration (X) as heal_x, fixed and dice
// heals, a Character's healing spell), restore_cost one, and Rally. Then
// the hits struck back by Counter-Attack and Lethal Demise
// (strike_back_morale, lethal_demise), damage spells with Enemy
// Interference and Scaling (spell_successes, scaling, spell_morale), a
// Character's Draw Event Rally, and Duels (duels: simultaneous,
// duel_morale). And fights of two to six regiments in two armies (army,
// target): contacts, a regiment turning on another enemy when its target
// falls, flank and rear facings (Shield, support_lost_flank_rear,
// morale_flank_rear, no restored stand from the rear), Aura of Death
// (aura_morale), hits back at every enemy in contact, the armies'
// alternating Command Card stacks, and activation: roll_off, die by die.
//
// Not covered, refused by Reference with an error: every other special
// rule (Flurry, Parry, Relentless Blows, Deadly Blades, Smite, Fury,
// Terrifying, Bastion, Hardened, Indomitable, Tenacious, Decay, Iron
// Discipline, ...), a one-action scenario's flank or rear, Inspired,
// aimed, obscured and long-range attacks, 2.x Impact (X), option values
// other than the presets' for evasion, shield, zero_characteristic,
// restore_cost, regeneration and impact_rounding, a Duel beside
// Counter-Attack, Lethal Demise or a Draw Event Rally, a Duel or a Draw
// Event Rally under character_wounds: last, and library regiments
// (from:).
package conquestref

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/wargamesim/sim/bench/refrun"
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/options"
	conq "github.com/wargamesim/sim/game/conquest"
	"github.com/wargamesim/sim/game/conquest/scenario"
	"github.com/wargamesim/sim/scenarios"
)

// Stream is the PCG stream the reference's Run draws from.
const Stream = 0x636f6e7175657374 // "conquest"

// maxTurnMetrics is how many turns are reported one by one (docs/conquest.md,
// "What a run reports": the first 6 turns).
const maxTurnMetrics = 6

// Resolver resolves one Conquest scenario the reference way.
type Resolver struct {
	rs      *conq.Ruleset
	metrics []engine.Metric
	events  []string

	// one action
	kind           kind
	attacker, tgt  *regiment
	severalPerStnd bool

	// a fight of turns
	turns   int
	sides   []side
	orders  [2][]int // the activation order when army 0 goes first, and when army 1 does
	cards   [2]int   // each army's Command Cards: one a regiment
	rollOff bool     // activation: roll_off
	charge  bool     // someone charges in turn 1: Aura of Death strikes from turn 2
}

// maxSides is the most regiments a fight has (game/conquest's MaxRegiments).
const maxSides = 6

type side struct {
	g                  *regiment
	firstTurn, actions []string
	healer             bool
	hasModels          bool
	rallies            bool // it takes a Rally action
	army               int  // 0 or 1
	target             int  // the side its attacks strike
	front              bool // it strikes its target's front (facing: front)
	// contacts are the enemies it fights in contact (a fight with a
	// Charge, a Clash or a Duel): its target, then, in side order, every
	// other enemy whose target it is.
	contacts []int
}

// Reference builds the resolver of the Conquest scenario src (a scenario
// file), loaded by the engine as p.
func Reference(p *scenarios.Plan, src []byte) (*Resolver, error) {
	rules, ok := p.Ruleset.(*options.Rules[conq.Ruleset])
	if !ok {
		return nil, fmt.Errorf("conquest reference: ruleset %T is not Conquest's", p.Ruleset)
	}
	rs := &rules.Values
	if err := supported(rs); err != nil {
		return nil, err
	}
	var sc scenario.Scenario
	if err := yaml.Unmarshal(src, &sc); err != nil {
		return nil, err
	}
	byID := map[string]*regiment{}
	for _, r := range sc.Regiments {
		g, err := newRegiment(r)
		if err != nil {
			return nil, err
		}
		if rs.Stand == conq.PerStand {
			g.perStand = 1
		}
		if rs.ClashSixRelentless && (g.p.C >= 6 || g.char != nil && g.char.Profile.C >= 6) {
			return nil, errors.New("conquest reference: clash_six_relentless (Relentless Blows) is not implemented")
		}
		byID[r.ID] = g
	}
	f := sc.Fight
	if err := supportedFight(rs, f, byID); err != nil {
		return nil, err
	}
	if f.Facing != "" && f.Facing != "front" || f.Inspired || f.Aimed || f.Obscured || f.LongRange {
		return nil, errors.New("conquest reference: a single action only from the front, not Inspired, aimed, obscured or at long range")
	}
	res := &Resolver{rs: rs}
	switch f.Type {
	case "clash", "charge", "volley":
		res.kind = map[string]kind{"clash": clash, "charge": impact, "volley": volley}[f.Type]
		res.attacker, res.tgt = byID[f.Attacker], byID[f.Target]
		if res.kind == impact && (rs.Impact != conq.ImpactHalfAttacks || !impactEligible(res.attacker)) {
			return nil, errors.New("conquest reference: only 1.5 Impact attacks of medium and heavy cavalry, brutes and monsters")
		}
		t := res.tgt
		id := t.id + "."
		res.severalPerStnd = t.perStand > 1
		full := t.stands * t.perStand
		res.metrics = []engine.Metric{{Name: id + "hits", Max: 1000}, {Name: id + "wound_pool", Max: 1000},
			{Name: id + "resolve_failures", Max: 1000}, {Name: id + "wounds", Max: full * t.p.W}, {Name: id + "casualties", Max: full}}
		if res.severalPerStnd {
			res.metrics = append(res.metrics, engine.Metric{Name: id + "stands_lost", Max: t.stands})
		}
		res.events = []string{id + "broken", id + "shattered", id + "destroyed"}
	case "turns":
		if err := res.turnsFight(f, byID); err != nil {
			return nil, err
		}
		for _, s := range res.sides {
			id, g := s.g.id+".", s.g
			res.metrics = append(res.metrics, engine.Metric{Name: id + "stands", Max: g.stands})
			if s.hasModels {
				res.metrics = append(res.metrics, engine.Metric{Name: id + "models", Max: g.stands * g.perStand})
			}
			res.metrics = append(res.metrics, engine.Metric{Name: id + "casualties", Max: 1000},
				engine.Metric{Name: id + "wounds", Max: 1000}, engine.Metric{Name: id + "resolve_failures", Max: 1000})
			if s.healer {
				res.metrics = append(res.metrics, engine.Metric{Name: id + "heal_spent", Max: 1000},
					engine.Metric{Name: id + "heal_lost", Max: 1000}, engine.Metric{Name: id + "restored", Max: 1000})
			}
			for k := 1; k <= min(f.Turns, maxTurnMetrics); k++ {
				res.metrics = append(res.metrics, engine.Metric{Name: fmt.Sprintf("%sstands_after_turn_%d", id, k), Max: g.stands})
			}
			for k := 1; k <= min(f.Turns, maxTurnMetrics); k++ {
				res.metrics = append(res.metrics, engine.Metric{Name: fmt.Sprintf("%swounds_turn_%d", id, k), Max: 1000})
			}
			if s.healer {
				for k := 1; k <= min(f.Turns, maxTurnMetrics); k++ {
					res.metrics = append(res.metrics, engine.Metric{Name: fmt.Sprintf("%sheal_spent_turn_%d", id, k), Max: 1000})
				}
			}
			if g.char != nil {
				res.metrics = append(res.metrics, engine.Metric{Name: id + "character.wounds", Max: 1000}, engine.Metric{Name: id + "character.healed", Max: 1000})
			}
		}
		for _, s := range res.sides {
			id := s.g.id + "."
			res.events = append(res.events, id+"broken", id+"shattered", id+"destroyed")
			if s.healer {
				res.events = append(res.events, id+"heal_blocked")
			}
			if s.g.char != nil {
				res.events = append(res.events, id+"character.slain")
			}
			if s.rallies {
				res.events = append(res.events, id+"rallied")
			}
		}
	default:
		return nil, fmt.Errorf("conquest reference: fight type %q", f.Type)
	}
	return res, nil
}

// turnsFight reads a fight of turns (docs/conquest.md, "A fight of several
// turns", "Several regiments"): each side's regiment, actions, army and
// target (with two sides and neither given, one against the other), its
// contacts, and what being engaged in the flank or rear does to a
// regiment for the whole fight.
func (res *Resolver) turnsFight(f scenario.Fight, byID map[string]*regiment) error {
	res.turns = f.Turns
	res.rollOff = f.Activation == "roll_off"
	res.metrics = []engine.Metric{{Name: "turns", Max: f.Turns}}
	n := len(f.Sides)
	if n < 2 || n > maxSides {
		return fmt.Errorf("conquest reference: %d sides", n)
	}
	index := map[string]int{}
	given := false
	for i, s := range f.Sides {
		index[s.Regiment] = i
		given = given || s.Army != 0 || s.Target != ""
	}
	melee := byID[f.Sides[0].Regiment].contact // the fight is in contact: every regiment is
	for i, s := range f.Sides {
		g := byID[s.Regiment]
		if s.Inspired || s.Aimed || s.Obscured || s.LongRange {
			return errors.New("conquest reference: Inspired, aimed, obscured and long-range attacks are not implemented")
		}
		sd := side{g: g, actions: s.Actions, firstTurn: s.FirstTurn, hasModels: g.perStand > 1,
			army: i, target: 1 - i, front: s.Facing == "" || s.Facing == "front"}
		if given || n > 2 {
			sd.army, sd.target = s.Army-1, index[s.Target] // validated by the engine's loader
		}
		if sd.firstTurn == nil {
			sd.firstTurn = sd.actions
		}
		for _, a := range append(append([]string(nil), sd.firstTurn...), sd.actions...) {
			if a == "inspire" || a == "take_aim" {
				return fmt.Errorf("conquest reference: the %s action is not implemented", a)
			}
		}
		res.charge = res.charge || slices.Contains(sd.firstTurn, "charge")
		sd.rallies = slices.Contains(sd.firstTurn, "rally") || slices.Contains(sd.actions, "rally") ||
			g.char != nil && g.char.DrawEventRally
		sd.healer = len(g.heals) > 0 || (g.char != nil && g.char.Spell != nil && g.char.Spell.HealPerSuccess > 0 &&
			(slices.Contains(sd.firstTurn, "cast") || slices.Contains(sd.actions, "cast")))
		res.sides = append(res.sides, sd)
		res.cards[sd.army]++
	}
	for i := range res.sides {
		sd := &res.sides[i]
		if melee {
			sd.contacts = append(sd.contacts, sd.target)
			for j, o := range res.sides {
				if o.target == i && j != sd.target {
					sd.contacts = append(sd.contacts, j)
				}
			}
		}
	}
	// Engaged in its flank or rear by an enemy in contact, a regiment
	// loses Support and re-rolls its passed Morale dice (2.x options);
	// from the rear it cannot restore stands. A Fearsome enemy in contact
	// makes its Rally need a Resolve roll.
	for i := range res.sides {
		sd := &res.sides[i]
		for _, j := range sd.contacts {
			o := &res.sides[j]
			if o.target == i && !o.front {
				sd.g.flanked = true
				if f.Sides[j].Facing == "rear" {
					sd.g.rearLocked = true
				}
			}
			if o.g.rules.Fearsome && !sd.g.rules.Fearless {
				sd.g.fearful = true
			}
		}
	}
	// Each army's regiments in side order are its Command Card stack; the
	// armies alternate one card each, the rest of the longer stack last.
	for first := range 2 {
		var stack [2][]int
		for i, sd := range res.sides {
			stack[sd.army] = append(stack[sd.army], i)
		}
		for k := 0; k < len(stack[0]) || k < len(stack[1]); k++ {
			for _, a := range [2]int{first, 1 - first} {
				if k < len(stack[a]) {
					res.orders[first] = append(res.orders[first], stack[a][k])
				}
			}
		}
	}
	return nil
}

// supportedFight marks the regiments in contact (the fight has a Clash,
// a Charge or a Duel) and refuses what the reference does not implement:
// a Duel beside Counter-Attack, Lethal Demise or a Draw Event Rally, a
// Duel or a Draw Event Rally under character_wounds: last.
func supportedFight(rs *conq.Ruleset, f scenario.Fight, byID map[string]*regiment) error {
	contact := f.Type == "clash" || f.Type == "charge"
	duels := false
	for _, s := range f.Sides {
		for _, a := range append(append([]string(nil), s.FirstTurn...), s.Actions...) {
			contact = contact || a == "clash" || a == "charge" || a == "duel"
			duels = duels || a == "duel"
		}
	}
	for _, g := range byID {
		g.contact = contact
		der := g.char != nil && g.char.DrawEventRally
		switch {
		case duels && (g.rules.CounterAttack || g.rules.LethalDemise || der):
			return fmt.Errorf("conquest reference: %s: a Duel beside Counter-Attack, Lethal Demise or a Draw Event Rally is not implemented", g.id)
		case (duels || der) && rs.CharacterWounds == conq.CharLast:
			return errors.New("conquest reference: a Duel or a Draw Event Rally under character_wounds: last is not implemented")
		}
	}
	if duels && rs.Duels != conq.DuelsSimultaneous {
		return errors.New("conquest reference: the duel action needs duels: simultaneous")
	}
	return nil
}

// supported refuses the option values the reference does not implement.
func supported(rs *conq.Ruleset) error {
	switch {
	case rs.Zero != conq.ZeroFails:
		return errors.New("conquest reference: zero_characteristic: one_succeeds is not implemented")
	case rs.Evasion != conq.EvasionMaxOfModified:
		return errors.New("conquest reference: only evasion: max_of_modified_defence")
	case rs.Shield != conq.ShieldAllFront:
		return errors.New("conquest reference: only shield: all_front_hits")
	case rs.RestoreCost != conq.RestoreOne:
		return errors.New("conquest reference: only restore_cost: one")
	case rs.Regeneration != conq.RegenHealX:
		return errors.New("conquest reference: only regeneration: heal_x")
	case rs.ImpactRounding != conq.RoundUp:
		return errors.New("conquest reference: only impact_rounding: up")
	case rs.SizeCounted != conq.SizeAtTest:
		return errors.New("conquest reference: only size_bonus_counted: at_test")
	case rs.CharacterStandCounts:
		return errors.New("conquest reference: only character_stand_counts: no")
	}
	return nil
}

// Metrics lists the metrics of each trial, named as the engine model's.
func (r *Resolver) Metrics() []engine.Metric { return r.metrics }

// Events lists the events of each trial, named as the engine model's.
func (r *Resolver) Events() []string { return r.events }

// Trial resolves the scenario once with the dice of rnd and writes one
// value per metric and one flag per event.
func (r *Resolver) Trial(rnd *rand.Rand, values []int, events []bool) {
	d := dice{rnd}
	if r.turns == 0 {
		r.strike(d, values, events)
		return
	}
	r.fight(d, values, events)
}

// strike is one action at the target as the scenario starts them.
func (r *Resolver) strike(d dice, values []int, events []bool) {
	a, t := r.attacker.fresh(), r.tgt.fresh()
	o, back, s := act(r.rs, d, &a, &t, r.kind, true)
	strikeBack(r.rs, d, &a, back+lethalHits(r.rs, &t, s)) // at the attacker, whom the metrics leave out
	values[0], values[1], values[2], values[3], values[4] = o.hits, o.pool, o.failures, o.wounds, o.casualties
	if r.severalPerStnd {
		values[5] = o.standsLost
	}
	events[0], events[1], events[2] = t.brokeEver, t.shattered, t.gone
}

// fight fights the regiments turn by turn (docs/conquest.md, "A fight of
// several turns", "Several regiments"; conquest.md §10 "Order of play").
// Each turn starts with Aura of Death, then the Supremacy roll-off under
// roll_off; then the armies alternate their activations. An activation
// resolves the regiment's Draw Events (its Character's Rally, its heal
// sources), then its actions in order. It ends when an army has no
// regiment left or the turns run out.
func (r *Resolver) fight(d dice, values []int, events []bool) {
	n := len(r.sides)
	var fs [maxSides]force
	f := fs[:n]
	var spent, lost, restored [maxSides]int
	var spentTurn, after, woundsTurn [maxSides][maxTurnMetrics]int
	var blocked [maxSides]bool
	for i := range f {
		f[i] = r.sides[i].g.fresh()
	}
	turn := 0
	for turn < r.turns && !r.over(f) {
		turn++
		var w0 [maxSides]int
		for i := range f {
			f[i].turnStands = f[i].counted() // Broken counts from the turn's start
			w0[i] = f[i].wounds
		}
		// Aura of Death, at the start of the Supremacy Phase, once the
		// regiments are in contact (after a first turn's Charge, from the
		// second): each regiment with it, in side order, at each enemy in
		// contact in turn.
		if turn > 1 || !r.charge {
			for i := range f {
				if r.sides[i].g.rules.AuraOfDeath == 0 {
					continue
				}
				for _, j := range r.sides[i].contacts {
					if !r.over(f) && !f[j].gone {
						s := aura(r.rs, d, &f[i], &f[j], r.front(i, j))
						r.hitsBack(d, f, j, i, 0, s)
					}
				}
			}
		}
		first := 0
		if r.rollOff {
			first = r.rollOffWinner(d)
		}
		for _, i := range r.orders[first] {
			if r.over(f) {
				break
			}
			me := &f[i]
			if me.gone {
				continue // a destroyed regiment's card is skipped
			}
			s := r.sides[i]
			addHeal := func(h healed) {
				spent[i] += h.spent
				lost[i] += h.lost
				restored[i] += h.restored
				blocked[i] = blocked[i] || h.blocked
				if turn <= maxTurnMetrics {
					spentTurn[i][turn-1] += h.spent
				}
			}
			// Draw Events at the start of the activation (conquest.md §4).
			// First a Character's Draw Event Rally (conquestwiki Broken,
			// v1.03 [V]): Broken as it activates, he foregoes his actions
			// to Rally it, before its heal sources.
			me.foregoing = false
			if c := s.g.char; c != nil && c.DrawEventRally && me.broken && me.charAlive() {
				me.foregoing = true
				rally(r.rs, d, me)
			}
			for _, h := range s.g.heals {
				if h.Kind == "regeneration" {
					addHeal(heal(r.rs, me, amount(d, h.Amount), r.rs.RegenSkipsCharacter))
				} else {
					addHeal(heal(r.rs, me, amount(d, h.Amount), false))
				}
			}
			acts := s.actions
			if turn == 1 {
				acts = s.firstTurn
			}
			for _, a := range acts {
				if me.gone || r.over(f) {
					break
				}
				// Its attacks strike its target, or the first enemy still
				// fighting it when the target is destroyed, from that
				// enemy's front; with none, they strike nothing.
				j := r.target(i, f)
				switch a {
				case "cast":
					// A slain Character, or one who foregoes his actions,
					// casts nothing.
					switch {
					case !me.charActs():
					case s.g.char.Spell.HealPerSuccess > 0:
						addHeal(heal(r.rs, me, castHeal(r.rs, d, me, r.interfered(i, f)), false))
					case j >= 0:
						sf := castHits(r.rs, d, me, &f[j], r.interfered(i, f), r.front(i, j))
						r.hitsBack(d, f, j, i, 0, sf)
					}
				case "duel":
					if j >= 0 {
						duel(r.rs, d, me, &f[j])
					}
				case "rally":
					rally(r.rs, d, me)
				case "charge", "clash", "volley":
					if j < 0 {
						continue
					}
					k := clash
					switch a {
					case "charge":
						k = impact
					case "volley":
						k = volley
					}
					_, back, sf := act(r.rs, d, me, &f[j], k, r.front(i, j))
					r.hitsBack(d, f, j, i, back, sf)
				}
			}
			me.foregoing = false
		}
		if turn <= maxTurnMetrics {
			for i := range f {
				after[i][turn-1] = f[i].stands()
				woundsTurn[i][turn-1] = f[i].wounds - w0[i]
			}
		}
	}
	// Turns not fought carry the stands at the end.
	for k := turn; k < maxTurnMetrics; k++ {
		for i := range f {
			after[i][k] = f[i].stands()
		}
	}
	v := 0
	put := func(x int) { values[v] = x; v++ }
	put(turn)
	for i, s := range r.sides {
		put(f[i].stands())
		if s.hasModels {
			put(f[i].models)
		}
		put(f[i].casualties)
		put(f[i].wounds)
		put(f[i].failures)
		if s.healer {
			put(spent[i])
			put(lost[i])
			put(restored[i])
		}
		for k := range min(r.turns, maxTurnMetrics) {
			put(after[i][k])
		}
		for k := range min(r.turns, maxTurnMetrics) {
			put(woundsTurn[i][k])
		}
		if s.healer {
			for k := range min(r.turns, maxTurnMetrics) {
				put(spentTurn[i][k])
			}
		}
		if s.g.char != nil {
			put(f[i].charWounds)
			put(f[i].charHealed)
		}
	}
	e := 0
	for i, s := range r.sides {
		events[e], events[e+1], events[e+2] = f[i].brokeEver, f[i].shattered, f[i].gone
		e += 3
		if s.healer {
			events[e] = blocked[i]
			e++
		}
		if s.g.char != nil {
			events[e] = f[i].charSlain
			e++
		}
		if s.rallies {
			events[e] = f[i].rallied
			e++
		}
	}
}

// over reports whether an army has no regiment left: the fight is over.
func (r *Resolver) over(f []force) bool {
	var left [2]bool
	for i := range f {
		left[r.sides[i].army] = left[r.sides[i].army] || !f[i].gone
	}
	return !left[0] || !left[1]
}

// target is the regiment side i's attacks strike: its target while that
// stands, else the first of its contacts not destroyed, else none (−1).
func (r *Resolver) target(i int, f []force) int {
	if t := r.sides[i].target; !f[t].gone {
		return t
	}
	for _, j := range r.sides[i].contacts {
		if !f[j].gone {
			return j
		}
	}
	return -1
}

// front reports whether side i strikes enemy j's front: j is its target
// and it faces j's front, or j is another enemy in contact, which faces it.
func (r *Resolver) front(i, j int) bool { return j != r.sides[i].target || r.sides[i].front }

// interfered reports whether side i's caster suffers Enemy Interference
// from an enemy caster in contact.
func (r *Resolver) interfered(i int, f []force) bool {
	for _, j := range r.sides[i].contacts {
		if f[j].caster() {
			return true
		}
	}
	return false
}

// rollOffWinner rolls the turn's Supremacy roll-off and returns the army
// that activates first (conquestwiki Supremacy Phase [V]; docs/conquest.md,
// Several regiments): a die each, the higher wins, a tie is rolled again;
// the army with fewer Command Cards adds 1 to its die where that wins
// (and ties where that ties rather than loses).
func (r *Resolver) rollOffWinner(d dice) int {
	for {
		a, b := d.d6(), d.d6() // army 0's die, army 1's
		switch {
		case r.cards[0] < r.cards[1]:
			a++
		case r.cards[1] < r.cards[0]:
			b++
		}
		switch {
		case a > b:
			return 0
		case b > a:
			return 1
		}
	}
}

// hitsBack resolves the hits side t strikes back within the step in
// which it suffered the wounds s (Lethal Demise), the attack of enemy from
// (its Counter-Attack's back hits at from): under lethal_demise
// every_wound Lethal Demise's hits at every enemy in contact, under
// failed_defence at from; then each regiment's hits, in side order, one
// batch each (one Morale test).
func (r *Resolver) hitsBack(d dice, f []force, t, from, back int, s suffered) {
	var n [maxSides]int
	n[from] += back
	if l := lethalHits(r.rs, &f[t], s); l > 0 {
		if r.rs.LethalDemise == conq.LethalEveryWound {
			for _, j := range r.sides[t].contacts {
				n[j] += l
			}
		} else {
			n[from] += l
		}
	}
	for j := range f {
		strikeBack(r.rs, d, &f[j], n[j])
	}
}

// rally is a (Combat) Rally (conquestwiki Broken, Companion Rules p.176
// [V]): a Broken regiment ceases to be Broken; against a Fearsome enemy
// in contact, unless it is Fearless, only if a die passes its Resolve
// (conquest.md §7 [V]), the Resolve it tests Morale on while Broken.
func rally(rs *conq.Ruleset, d dice, f *force) {
	if !f.broken {
		return
	}
	if f.g.fearful && !d.test(f.resolve(rs)) {
		return
	}
	f.broken, f.brokeAt, f.rallied = false, 0, true
}

// Run runs trials trials on one goroutine, with dice from the PCG seeded
// (seed, [Stream]), and gathers them as the engine's runner does.
func (r *Resolver) Run(trials int, seed uint64) *engine.Result {
	return refrun.Run(trials, seed, Stream, r.metrics, r.events, r.Trial)
}
