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
	rs, err := wotrRuleset(s, rules)
	if err != nil {
		return nil, err
	}
	scenarioPolicy := scenarios.OrDefault(s.MightPolicy, "duel")
	e := wotrEngagement(s, scenarioPolicy)
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
		reported["might_policy"] = mightPolicies(s, scenarioPolicy)
	}
	p := &scenarios.Plan{
		Game: "wotr", Name: s.Name, Title: s.Title, Description: s.Description, File: file,
		Ruleset: rs, RulesetName: rs.Preset(), Rules: reported, Trials: s.Trials, Seed: s.Seed, Names: wotrNames(s),
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

// wotrRuleset returns a copy of rules, or when it is nil the scenario's
// ruleset: its preset (the default one when it names none) with its rules
// set.
func wotrRuleset(s *Scenario, rules *options.Rules[wotr.Ruleset]) (*options.Rules[wotr.Ruleset], error) {
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
	return rs, nil
}

// wotrNames maps the id of each formation and hero that has a name to
// its name.
func wotrNames(s *Scenario) map[string]string {
	names := map[string]string{}
	for i := range s.Formations {
		if n := s.Formations[i].Name; n != "" {
			names[s.Formations[i].ID] = n
		}
		for _, h := range s.Formations[i].Heroes {
			if h.Name != "" {
				names[h.ID] = h.Name
			}
		}
	}
	return names
}

// mightPolicies says the Might policy the heroes follow: the scenario's,
// scenarioPolicy, when every hero follows it, else each hero's id and
// policy, in the scenario's order.
func mightPolicies(s *Scenario, scenarioPolicy string) string {
	var policies []string
	samePolicy := true
	for i := range s.Formations {
		for _, h := range s.Formations[i].Heroes {
			pol := scenarios.OrDefault(h.MightPolicy, scenarioPolicy)
			samePolicy = samePolicy && pol == scenarioPolicy
			policies = append(policies, h.ID+" "+pol)
		}
	}
	if !samePolicy {
		return strings.Join(policies, ", ")
	}
	return scenarioPolicy
}

// wotrEngagement converts a validated scenario to the engagement it
// plays, the heroes following scenarioPolicy unless they give their own.
func wotrEngagement(s *Scenario, scenarioPolicy string) wotr.Engagement {
	e := wotr.Engagement{Charger: -1, DuelsOnly: s.Fight.Type == "duels", Turns: int(s.Fight.Turns)}
	heroIndex := map[string]int{}
	for i := range s.Formations {
		for _, h := range s.Formations[i].Heroes {
			heroIndex[h.ID] = len(heroIndex)
		}
	}
	for i := range s.Formations {
		f, foe := &s.Formations[i], &s.Formations[1-i]
		e.Formations[i] = wotrFormation(f)
		if f.ID == s.Fight.Charger {
			e.Charger = i
		}
		for _, h := range f.Heroes {
			pol := scenarios.OrDefault(h.MightPolicy, scenarioPolicy)
			hero := wotr.Hero{ID: h.ID, Name: h.Name, Formation: i, F: h.Profile.F, R: h.Profile.R, C: h.Profile.C, Might: h.Profile.Might, BodyguardOf: h.BodyguardOf}
			hero.Policy, _ = wotr.ParsePolicy(pol)                                           // validated
			hero.Toughness, _ = wotr.ParseToughness(scenarios.OrDefault(h.HardToKill, "no")) // validated
			for _, a := range h.Actions {
				hero.Actions = append(hero.Actions, wotrAction(&a, foe, heroIndex, int(s.Fight.Turns)))
			}
			e.Heroes = append(e.Heroes, hero)
		}
	}
	return e
}

// wotrAction converts a validated action of a hero fighting foe, in a
// fight of turns turns; heroIndex gives each hero's index in the
// engagement, for a duel's target (foe's first hero by default).
func wotrAction(a *Action, foe *Formation, heroIndex map[string]int, turns int) wotr.Action {
	act := wotr.Action{}
	act.Kind, _ = wotr.ParseAction(a.Action)
	act.SecondCharge, _ = wotr.ParseSecondCharge(scenarios.OrDefault(a.SecondCharge, "charge"))
	if a.Turns != nil {
		act.Turns = turnMask(a.Turns, turns) // validated
	}
	if act.Kind.Duel() {
		target := a.Target
		if target == "" || target == foe.ID {
			target = foe.Heroes[0].ID
		}
		act.Target = heroIndex[target]
	}
	return act
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
