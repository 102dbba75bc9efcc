package warhammerref

import (
	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// volley is one group of attacks at a fresh unit, resolved as a phase:
// hits, wounds, saves, casualties, then end-of-phase Regeneration.
type volley struct {
	rs   *warhammer.Ruleset
	spec volleySpec
	blow blow

	endOfPhaseRegen bool // the target regenerates at the end of the phase (6th)
	lostRegenEvent  bool // the lost_regeneration event is reported
}

// The volley's metrics and events, in the engine's order
// (game/warhammer/volley.go: Metrics and Events).
const (
	vUnsaved = iota
	vWounds
	vCasualties
	vCarried
	vRegenerated // only when the target has Regeneration
)

const (
	vDestroyed = iota
	vLostRegen // only when Flaming Attacks can take Regeneration for the battle
)

func newVolley(rs *warhammer.Ruleset, v *volleySpec) (*volley, []engine.Metric, []string) {
	tg := v.Target
	hasRegen := tg.Defence.Regeneration < warhammer.NoSave
	vl := &volley{
		rs:              rs,
		spec:            *v,
		blow:            newBlow(rs, v.Attack, tg),
		endOfPhaseRegen: hasRegen && rs.Regeneration == warhammer.RegenEndOfPhase,
		lostRegenEvent:  hasRegen && v.Attack.Rules.Flaming && rs.FlamingRegen == warhammer.LoseRegenForBattle,
	}
	id, most := v.TargetID, tg.Models*tg.W
	metrics := []engine.Metric{
		{Name: id + ".unsaved", Max: v.Attack.Count},
		{Name: id + ".wounds", Max: 2 * most}, // an 8th-edition Killing Blow scores profile Wounds on top of marked ones
		{Name: id + ".casualties", Max: tg.Models},
		{Name: id + ".wounds_carried", Max: tg.W - 1},
	}
	events := []string{id + ".destroyed"}
	if hasRegen {
		metrics = append(metrics, engine.Metric{Name: id + ".regenerated", Max: max(most, v.Attack.Count)})
		if vl.lostRegenEvent {
			events = append(events, id+".lost_regeneration")
		}
	}
	return vl, metrics, events
}

// trial resolves the volley once.
func (v *volley) trial(d dice, values []int, events []bool) {
	tg := v.spec.Target
	u := newUnit(tg.Models, tg.W, tg.Defence.Regeneration)
	u.regenerates = v.endOfPhaseRegen

	// Every attack, one at a time, die by die.
	p := pending{
		multiple:    v.spec.Attack.Rules.MultipleWounds,
		flaming:     v.blow.flaming && v.rs.FlamingRegen != warhammer.LoseRegenNever,
		burns:       burns(v.rs, v.blow.flaming, tg.Defence),
		regenerable: v.endOfPhaseRegen && !burns(v.rs, v.blow.flaming, tg.Defence),
	}
	regenSaves := 0
	for range v.spec.Attack.Count {
		switch d.strike(&v.blow) {
		case unsaved:
			p.ordinary++
		case slainOutright:
			p.slainOutright++
		case regenerated:
			regenSaves++
		}
	}

	// Casualties (seed 002), Killing Blows as killing_blow_order says,
	// then Regeneration once the phase is over (seed 000).
	u.takeAll(d, v.rs, []pending{p}, nil)
	// The volley's wounds are "less the wounds regenerated" whatever
	// regeneration_counts_for_combat_result says (docs/output.md, "A
	// volley"): a volley has no combat result.
	restored := u.endOfPhase(d, v.rs.RegenDice == warhammer.RegenPerWoundLost, v.rs.FlamingRegen, false)

	values[vUnsaved] = p.ordinary + p.slainOutright
	values[vWounds] = u.scored
	values[vCasualties] = tg.Models - u.alive
	values[vCarried] = u.carried
	if len(values) > vRegenerated {
		values[vRegenerated] = regenSaves + restored
	}
	events[vDestroyed] = u.alive == 0
	if v.lostRegenEvent {
		// Seed 000: a unit that suffers one or more wounds from Flaming
		// Attacks loses Regeneration until the end of the battle.
		events[vLostRegen] = p.ordinary+p.slainOutright > 0
	}
}
