package warhammer

import (
	"errors"
	"fmt"

	"github.com/wargamesim/sim/engine"
)

// Volley is one group of attacks against one unit, resolved as a phase:
// hits, wounds, saves, casualties, then Regeneration when the ruleset rolls
// it at the end of the phase. It is an [engine.Model]; each trial is one
// volley at a fresh, unwounded target.
type Volley struct {
	rs     *Ruleset
	id     string // the target unit's id, prefixing metric names
	atk    Attack
	tg     Target
	st     stages
	stages *engine.Flow // stage by stage
	flow   *engine.Flow // the same, collapsed to one draw per trial
	regen  *engine.Binomial
	// dmg[u] samples the damage of u ordinary unsaved wounds with Multiple
	// Wounds on the fresh target, as index d·W+j (see damage), in one draw
	// instead of one roll a wound; nil when there is nothing to gain.
	dmg []*engine.Discrete
	// chunks samples the same a block of wounds at a time, where there are
	// too many wounds for dmg (chunks.go); nil when dmg serves.
	chunks *chunker
	perDie bool
	tables *volleyTableCache // nil: no table (per die, or WithoutTables)

	endOfPhaseRegen bool
	metrics         []engine.Metric
	events          []string
}

// Metric and event indices of a volley, in the order Metrics gives them.
const (
	mUnsaved = iota
	mWounds
	mCasualties
	mCarried
	mRegenerated // only when the target has Regeneration
)

const (
	eDestroyed = iota
	eLostRegen // only when Flaming Attacks can take the target's Regeneration for the battle
)

// NewVolley builds the volley of a against the target unit tg, whose id
// prefixes the metric names, under rs. It returns an error for values out
// of range (which a validated scenario never has).
func NewVolley(rs *Ruleset, id string, a Attack, tg Target) (*Volley, error) {
	if err := checkVolley(a, tg); err != nil {
		return nil, err
	}
	a.Rules.Flaming = a.Rules.Flaming && rs.burns(tg.Defence)
	v := &Volley{rs: rs, id: id, atk: a, tg: tg, tables: &volleyTableCache{}}
	v.st = newStages(rs, a, tg)
	v.stages = v.st.flow(a.Count)
	v.flow = v.stages.Collapse(stAttack, []int{stUnsaved, stKBUnsaved, stRegenSaved}, stSaved, a.Count)
	hasRegen := tg.Defence.Regeneration < NoSave
	v.endOfPhaseRegen = hasRegen && rs.Regeneration == RegenEndOfPhase
	if v.endOfPhaseRegen {
		p := float64(7-int(tg.Defence.Regeneration)) / 6
		v.regen = engine.NewBinomial(p, tg.Models*tg.W)
	}
	maxWounds := tg.Models * tg.W
	if mw := a.Rules.MultipleWounds; (mw.Die != 0 || mw.N > 1) && a.Count <= 1024 && (maxWounds+1)*tg.W <= 4096 {
		for _, pmf := range v.damage(a.Count, maxWounds) {
			v.dmg = append(v.dmg, engine.NewDiscrete(pmf))
		}
	} else if mw.Die != 0 || mw.N > 1 {
		v.chunks = newChunker(mw, tg.W, a.Count)
	}
	v.metrics = []engine.Metric{
		{Name: id + ".unsaved", Max: a.Count},
		{Name: id + ".wounds", Max: 2 * maxWounds}, // Killing Blow may score profile wounds on top
		{Name: id + ".casualties", Max: tg.Models},
		{Name: id + ".wounds_carried", Max: tg.W - 1},
	}
	v.events = []string{id + ".destroyed"}
	if hasRegen {
		v.metrics = append(v.metrics, engine.Metric{Name: id + ".regenerated", Max: max(maxWounds, a.Count)})
		if a.Rules.Flaming && rs.FlamingRegen == LoseRegenForBattle {
			v.events = append(v.events, id+".lost_regeneration")
		}
	}
	return v, nil
}

func checkVolley(a Attack, tg Target) error {
	var errs []error
	check := func(name string, v, lo, hi int) {
		if v < lo || v > hi {
			errs = append(errs, fmt.Errorf("%s %d is outside %d..%d", name, v, lo, hi))
		}
	}
	check("attacks", a.Count, 0, 1<<20)
	if !a.AutoHit {
		check("skill", a.Skill, 1, MaxCharacteristic)
	}
	check("Strength", a.S, 1, MaxCharacteristic)
	check("Toughness", tg.T, 1, MaxCharacteristic)
	check("Wounds", tg.W, 1, 100)
	check("models", tg.Models, 1, MaxModels)
	check("target WS", tg.WS, 0, MaxCharacteristic)
	check("ward save", int(tg.Defence.Ward), 2, 7)
	check("regeneration", int(tg.Defence.Regeneration), 2, 7)
	check("armour save", int(tg.Defence.Armour), -10, 7)
	check("armour piercing", a.Rules.ArmourPiercing, 0, 10)
	mw := a.Rules.MultipleWounds
	if mw.Die != 0 && mw.Die != 3 && mw.Die != 6 || mw.Die == 0 && mw.N < 0 {
		errs = append(errs, fmt.Errorf("multiple wounds %v: use a number, D3 or D6", mw))
	}
	return errors.Join(errs...)
}

// PerDie returns a copy of v that rolls every die of every attack: the slow,
// plain path that tests hold the counting path against.
func (v *Volley) PerDie() *Volley {
	w := *v
	w.perDie, w.tables = true, nil
	return &w
}

// Metrics implements [engine.Model]: the target's unsaved wounds (Killing
// Blows included), wounds for combat result (after Multiple Wounds and
// Regeneration), models removed, wounds left marked on a damaged model and,
// for a regenerating unit, wounds regenerated.
func (v *Volley) Metrics() []engine.Metric { return v.metrics }

// Events implements [engine.Model]: the target destroyed and, when Flaming
// Attacks strike a regenerating unit, Regeneration lost for the rest of the
// battle.
func (v *Volley) Events() []string { return v.events }

// NewTrialer implements [engine.Model]. A volley whose outcomes are few
// enough is drawn whole from a table built the first time (volleytable.go).
func (v *Volley) NewTrialer() engine.Trialer {
	return &volleyTrialer{v: v, counts: make([]int, numStates), tab: v.table()}
}

type volleyTrialer struct {
	v      *Volley
	counts []int
	tab    *volleyTable // nil: stage by stage
	// x is the path taken through the volley's chance while its table is
	// built (nil: dice), with the chances it picks from.
	x     *paths
	hits  *hitOutcomes
	dmg   [][]float64
	regen regenDice
}

// volleyState is a volley after its wounds are marked, before the end of
// the phase's Regeneration.
type volleyState struct {
	u                             unitState
	ordinary, killing, regenSaved int
}

func (t *volleyTrialer) Trial(d *engine.Dice, r *engine.TrialResult) {
	if t.tab != nil {
		t.tab.draw(d, r)
		return
	}
	var s volleyState
	t.wound(d, &s)
	t.finish(d, &s, r)
}

// wound rolls the volley's attacks and marks their wounds.
func (t *volleyTrialer) wound(d *engine.Dice, s *volleyState) {
	v := t.v
	c := t.counts
	clear(c)
	switch {
	case t.x != nil:
		o := t.hits.out[t.x.pick(t.hits.probs)]
		c[stUnsaved], c[stKBUnsaved], c[stRegenSaved] = o[0], o[1], o[2]
	case v.perDie:
		for range v.atk.Count {
			c[v.st.rollOne(d)]++
		}
	default:
		c[stAttack] = v.atk.Count
		v.flow.Run(d, c)
	}
	ordinary, killing := c[stUnsaved], c[stKBUnsaved]
	s.ordinary, s.killing, s.regenSaved = ordinary, killing, c[stRegenSaved]

	s.u = newUnitState(v.tg.Models, v.tg.W)
	u := &s.u
	regenerable := v.endOfPhaseRegen && !v.atk.Rules.Flaming
	if (v.dmg != nil || v.chunks != nil) && !v.perDie {
		// The ordinary wounds' damage in one draw (or one a block);
		// Killing Blows before or after them as the ruleset says
		// (applyWounds's order).
		before := v.rs.KillingBlowOrder == KBBeforeOtherWounds
		if before {
			u.killingBlows(v.rs, killing)
		}
		switch {
		case t.x != nil:
			dj := t.x.pick(t.dmg[ordinary])
			u.damage(dj/v.tg.W, dj%v.tg.W, ordinary, regenerable)
		case v.dmg != nil:
			dj := v.dmg[ordinary].Sample(d)
			u.damage(dj/v.tg.W, dj%v.tg.W, ordinary, regenerable)
		default:
			dmg, on := v.chunks.sample(d, ordinary, u.alive)
			u.damage(dmg, on, ordinary, regenerable)
		}
		if !before {
			u.killingBlows(v.rs, killing)
		}
	} else {
		applyWounds(u, v.rs, d, t.x, ordinary, killing, v.atk.Rules.MultipleWounds, regenerable)
	}
}

// finish rolls the end of the phase's Regeneration on s and records the
// volley in r.
func (t *volleyTrialer) finish(d *engine.Dice, s *volleyState, r *engine.TrialResult) {
	v, u := t.v, &s.u
	flaming := v.atk.Rules.Flaming
	regenerated := s.regenSaved
	lostRegen := flaming && s.ordinary+s.killing > 0 && v.rs.FlamingRegen == LoseRegenForBattle
	if v.endOfPhaseRegen && !(flaming && s.ordinary+s.killing > 0) {
		// Seed 000: once all attacks are resolved, one die per unsaved
		// wound, never more than the wounds the unit lost.
		dice := u.regenDice(v.rs)
		switch {
		case t.x != nil:
			regenerated = t.x.pick(t.regen.pmf(dice, 7-int(v.tg.Defence.Regeneration)))
		case v.perDie:
			regenerated = d.Count(dice, int(v.tg.Defence.Regeneration))
		default:
			regenerated = v.regen.Sample(d, dice)
		}
		u.regenerate(regenerated)
	}

	r.Values[mUnsaved] = s.ordinary + s.killing
	r.Values[mWounds] = u.scored
	r.Values[mCasualties] = v.tg.Models - u.alive
	r.Values[mCarried] = u.carried
	r.Events[eDestroyed] = u.alive == 0
	if len(r.Values) > mRegenerated {
		r.Values[mRegenerated] = regenerated
	}
	if len(r.Events) > eLostRegen {
		r.Events[eLostRegen] = lostRegen
	}
}
