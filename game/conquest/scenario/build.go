package scenario

import (
	"strconv"
	"strings"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/scenarios"

	"github.com/wargamesim/sim/game/conquest"
)

// buildConquest turns a validated scenario into a plan.
func buildConquest(file string, s *Scenario, rules *options.Rules[conquest.Ruleset]) (*scenarios.Plan, error) {
	rs := rules.Clone()
	if rules == nil {
		var err error
		if rs, err = conquest.Preset(scenarios.OrDefault(s.Ruleset, conquest.DefaultPreset)); err != nil {
			return nil, err
		}
		if err := scenarios.SetRules(rs, s.Rules); err != nil {
			return nil, err
		}
	}
	byID := map[string]*Regiment{}
	names := map[string]string{}
	for i := range s.Regiments {
		byID[s.Regiments[i].ID] = &s.Regiments[i]
		if n := s.Regiments[i].Name; n != "" {
			names[s.Regiments[i].ID] = n
		}
	}
	p := &scenarios.Plan{
		Game: "conquest", Name: s.Name, Title: s.Title, Description: s.Description, File: file,
		Ruleset: rs, RulesetName: rs.Preset(), Rules: rs.Changed(), Names: names, Trials: s.Trials, Seed: s.Seed,
	}
	label := func(r *Regiment) string {
		if r.Name != "" {
			return r.Name + " (" + r.ID + ")"
		}
		return r.ID
	}
	f := &s.Fight
	if f.Type == "turns" {
		cc := conquest.Combat{Turns: f.Turns}
		index := map[string]int{}
		for i, sd := range f.Sides {
			index[sd.Regiment] = i
		}
		cc.Activation, _ = conquest.ParseActivation(f.Activation) // validated; "" is in_order
		for _, sd := range f.Sides {
			r := byID[sd.Regiment]
			acts := conquestActions(sd.Actions)
			first := acts
			if sd.FirstTurn != nil {
				first = conquestActions(sd.FirstTurn)
			}
			army, target := max(sd.Army-1, 0), index[sd.Target] // validated; both 0 for one against one
			cc.Sides = append(cc.Sides, conquest.Side{Army: army, Target: target,
				Regiment: conquestRegiment(r), FirstTurn: first, Actions: acts,
				Engagement: conquest.Engagement{Facing: conquestFacing(sd.Facing), Inspired: sd.Inspired,
					Aimed: sd.Aimed, Obscured: sd.Obscured, LongRange: sd.LongRange},
			})
		}
		fight, err := conquest.NewFight(&rs.Values, cc)
		if err != nil {
			return nil, err
		}
		p.Model = fight
		var army [2][]string
		for i, sd := range cc.Sides {
			army[sd.Army] = append(army[sd.Army], label(byID[f.Sides[i].Regiment]))
		}
		p.Lines = append([]string{strings.Join(army[0], ", ") + " against " + strings.Join(army[1], ", ") +
			", " + plural(f.Turns, "turn")}, fight.Describe()...)
		return p, nil
	}
	kind := map[string]conquest.Kind{"clash": conquest.Clash, "charge": conquest.Impact, "volley": conquest.Volley}[f.Type]
	att, tgt := byID[f.Attacker], byID[f.Target]
	strike, err := conquest.NewStrike(&rs.Values, kind, conquestRegiment(att), conquestRegiment(tgt), conquest.Engagement{
		Facing: conquestFacing(f.Facing), Inspired: f.Inspired, Aimed: f.Aimed, Obscured: f.Obscured, LongRange: f.LongRange})
	if err != nil {
		return nil, err
	}
	p.Model = strike
	p.Lines = append([]string{label(att) + " against " + label(tgt)}, strike.Describe()...)
	return p, nil
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func conquestActions(names []string) []conquest.Action {
	out := make([]conquest.Action, 0, len(names))
	for _, n := range names {
		a, _ := conquest.ParseAction(n) // validated
		out = append(out, a)
	}
	return out
}

func conquestFacing(s string) conquest.Facing {
	for i, n := range conquest.FacingNames() {
		if n == s {
			return conquest.Facing(i)
		}
	}
	return conquest.Front
}

func conquestProfileOf(p Profile) conquest.Profile {
	return conquest.Profile{M: p.M, V: p.V, C: p.C, A: p.A, W: p.W, R: p.R, D: p.D, E: p.E}
}

func conquestRulesOf(x Rules) conquest.Rules {
	blessed, _ := conquest.ParseBlessing(x.Blessed) // validated; "" is none
	return conquest.Rules{
		Blessed: blessed,
		Barrage: x.Barrage, ArmourPiercing: x.ArmourPiercing, Cleave: x.Cleave, BrutalImpact: x.BrutalImpact,
		ImpactX: x.Impact, Fury: x.Fury, Support: x.Support, Terrifying: x.Terrifying,
		Smite: x.Smite, Flurry: x.Flurry, RelentlessBlows: x.RelentlessBlows, FlawlessStrikes: x.FlawlessStrikes,
		DeadlyBlades: x.DeadlyBlades, RapidVolley: x.RapidVolley, PreciseShot: x.PreciseShot, DeadlyShot: x.DeadlyShot,
		UnstoppableCharge: x.UnstoppableCharge, ThrowingWeapons: x.ThrowingWeapons, Linebreaker: x.Linebreaker,
		Shield: x.Shield, Bastion: x.Bastion, Hardened: x.Hardened, Parry: x.Parry, Untouchable: x.Untouchable,
		Fearless: x.Fearless, Fearsome: x.Fearsome, Indomitable: x.Indomitable, Oblivious: x.Oblivious,
		Phalanx: x.Phalanx, IronDiscipline: x.IronDiscipline, Opportunists: x.Opportunists,
		FiendHunter: x.FiendHunter, TorrentialFire: x.TorrentialFire, Decay: x.Decay, ResistDecay: x.ResistDecay, Leader: x.Leader, Tenacious: x.Tenacious, AuraOfDeath: x.AuraOfDeath,
		CounterAttack: x.CounterAttack, LethalDemise: x.LethalDemise,
	}
}

// conquestRegiment describes r to the engine, with the defaults docs/conquest.md
// gives: a frontage of up to 3 stands, every front stand engaged.
func conquestRegiment(r *Regiment) conquest.Regiment {
	typ, _ := conquest.ParseType(r.Type)
	class, _ := conquest.ParseClass(r.Class)
	out := conquest.Regiment{
		ID: r.ID, Name: r.Name, Type: typ, Class: class, Profile: conquestProfileOf(r.Profile),
		Stands: r.Stands, Models: r.Models, Frontage: r.Frontage, Rules: conquestRulesOf(r.Rules),
		Start: conquest.Damage{StandsLost: r.Start.StandsLost, ModelsLost: r.Start.ModelsLost,
			Wounded: r.Start.Wounded, CharacterWounded: r.Start.CharacterWounded},
		RearInContact: r.RearInContact, NoRoom: r.NoRoom,
	}
	if out.Frontage == 0 {
		out.Frontage = min(r.Stands, 3)
	}
	out.Engaged = out.Frontage
	if r.Engaged != nil {
		out.Engaged = *r.Engaged
	}
	if c := r.Character; c != nil {
		out.Character = &conquest.Character{Name: c.Name, Profile: conquestProfileOf(c.Profile),
			Rules: conquestRulesOf(c.Rules), Engaged: c.Engaged, Class: class, DrawRally: c.DrawEventRally}
		if c.Class != "" {
			out.Character.Class, _ = conquest.ParseClass(c.Class) // validated
		}
		if sp := c.Spell; sp != nil {
			out.Character.Spell = &conquest.Spell{Name: sp.Name, Dice: sp.Dice, Difficulty: sp.Difficulty, PerSuccess: sp.HealPerSuccess,
				Hits: sp.HitsPerSuccess, ArmourPiercing: sp.ArmourPiercing, Scaling: sp.Scaling, Interfered: sp.Interference}
		}
	}
	for _, h := range r.Healing {
		kind := conquest.HealFixed
		if h.Kind == "regeneration" {
			kind = conquest.HealRegeneration
		}
		out.Healing = append(out.Healing, conquest.HealSource{Name: h.Name, Kind: kind,
			Amount: conquest.Amount{N: h.Amount.N, Dice: h.Amount.Dice, Sides: h.Amount.Sides}})
	}
	return out
}
