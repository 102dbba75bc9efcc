package scenario

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/scenarios"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/wotr"
)

// buildWotR turns a validated War of the Ring scenario into a plan.
func buildWotR(file string, s *Scenario, rules *options.Rules[wotr.Ruleset]) (*scenarios.Plan, error) {
	rs := rules.Clone()
	if rules == nil {
		var err error
		if rs, err = wotr.Preset(scenarios.OrDefault(s.Ruleset, wotr.DefaultPreset)); err != nil {
			return nil, err
		}
		if err := scenarios.SetRules(rs, s.Rules); err != nil {
			return nil, err
		}
	}
	scenarioPolicy := scenarios.OrDefault(s.MightPolicy, "duel")
	e := wotr.Engagement{Charger: -1, DuelsOnly: s.Fight.Type == "duels", Turns: int(s.Fight.Turns)}
	heroIndex := map[string]int{}
	names := map[string]string{}
	for i := range s.Formations {
		if n := s.Formations[i].Name; n != "" {
			names[s.Formations[i].ID] = n
		}
		for _, h := range s.Formations[i].Heroes {
			heroIndex[h.ID] = len(heroIndex)
			if h.Name != "" {
				names[h.ID] = h.Name
			}
		}
	}
	var policies []string
	samePolicy := true
	for i := range s.Formations {
		f, foe := &s.Formations[i], &s.Formations[1-i]
		e.Formations[i] = wotrFormation(f)
		if f.ID == s.Fight.Charger {
			e.Charger = i
		}
		for _, h := range f.Heroes {
			pol := scenarios.OrDefault(h.MightPolicy, scenarioPolicy)
			samePolicy = samePolicy && pol == scenarioPolicy
			policies = append(policies, h.ID+" "+pol)
			hero := wotr.Hero{ID: h.ID, Name: h.Name, Formation: i, F: h.Profile.F, R: h.Profile.R, C: h.Profile.C, Might: h.Profile.Might, BodyguardOf: h.BodyguardOf}
			hero.Policy, _ = wotr.ParsePolicy(pol)                                           // validated
			hero.Toughness, _ = wotr.ParseToughness(scenarios.OrDefault(h.HardToKill, "no")) // validated
			for _, a := range h.Actions {
				act := wotr.Action{}
				act.Kind, _ = wotr.ParseAction(a.Action)
				act.SecondCharge, _ = wotr.ParseSecondCharge(scenarios.OrDefault(a.SecondCharge, "charge"))
				if a.Turns != nil {
					act.Turns = turnMask(a.Turns, int(s.Fight.Turns)) // validated
				}
				if act.Kind.Duel() {
					target := a.Target
					if target == "" || target == foe.ID {
						target = foe.Heroes[0].ID
					}
					act.Target = heroIndex[target]
				}
				hero.Actions = append(hero.Actions, act)
			}
			e.Heroes = append(e.Heroes, hero)
		}
	}
	turn, err := wotr.NewTurn(&rs.Values, e)
	if err != nil {
		return nil, err
	}
	reported := rs.Changed()
	if len(e.Heroes) > 0 {
		// The Might policy is a player's choice, not a rule, but reports
		// must say which was used (docs/wotr.md, "Might policies").
		if reported == nil {
			reported = map[string]string{}
		}
		reported["might_policy"] = scenarioPolicy
		if !samePolicy {
			reported["might_policy"] = strings.Join(policies, ", ")
		}
	}
	p := &scenarios.Plan{
		Game: "wotr", Name: s.Name, Title: s.Title, Description: s.Description, File: file,
		Ruleset: rs, RulesetName: rs.Preset(), Rules: reported, Trials: s.Trials, Seed: s.Seed, Names: names,
	}
	var m engine.Model = turn
	if sv := turn.Solver(); sv != nil {
		m = sv
	}
	p.Model = m
	head := formationName(&s.Formations[0]) + " against " + formationName(&s.Formations[1])
	if e.DuelsOnly {
		head += ": the duels alone"
	}
	p.Lines = append([]string{head}, turn.Describe()...)
	return p, nil
}

func formationName(f *Formation) string {
	if f.Name != "" {
		return fmt.Sprintf("%s (%s)", f.Name, f.ID)
	}
	return f.ID
}

// wotrFormation is f as the engine takes it.
func wotrFormation(f *Formation) wotr.Formation {
	t, _ := wotr.ParseTroop(scenarios.OrDefault(f.Type, "infantry"))         // validated
	tough, _ := wotr.ParseToughness(scenarios.OrDefault(f.HardToKill, "no")) // validated
	return wotr.Formation{
		ID: f.ID, Name: f.Name, Type: t,
		Companies: f.Companies, CompanySize: f.CompanySize,
		Frontage: wotrFrontage(f), Contact: f.Contact,
		F: f.Profile.F, S: f.Profile.S, D: f.Profile.D, A: f.Profile.A, R: f.Profile.R, C: f.Profile.C,
		Shield: f.Shield, Banner: f.Banner, SteadfastOn: f.SteadfastOn, Toughness: tough,
		ToHitMod: f.ToHitMod, SupportDice: f.SupportDice, Lances: f.Lances, Pikes: f.Pikes, Terror: f.Terror, Berserk: f.Berserk,
	}
}
