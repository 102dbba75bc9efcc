package scenario

import (
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/scenarios"
)

// build turns a validated scenario into a plan, under the ruleset rules
// instead of the scenario's own when rules is not nil.
func build(file string, s *Scenario, rules *options.Rules[warhammer.Ruleset]) (*scenarios.Plan, error) {
	rs, err := rulesFor(s, rules)
	if err != nil {
		return nil, err
	}
	byID := map[string]*Unit{}
	names := map[string]string{}
	costs := map[string]scenarios.Cost{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Points > 0 {
			c := scenarios.Cost{PerModel: u.Points, Fixed: u.UnitPoints, Models: u.Models, MinModels: u.MinModels}
			for _, ch := range u.Characters {
				c.Fixed += ch.Points
			}
			costs[u.ID] = c
		}
		byID[s.Units[i].ID] = &s.Units[i]
		u := &s.Units[i]
		if u.Name != "" {
			names[u.ID] = u.Name
		}
		for _, ch := range u.Characters {
			if ch.Name != "" {
				names[u.ID+"."+ch.ID] = ch.Name
			}
		}
		if u.Command.Champion {
			names[u.ID+"."+championID] = possessive(scenarios.OrDefault(u.Name, u.ID)) + " champion"
		}
	}
	p := &scenarios.Plan{
		Game: "warhammer", Name: s.Name, Title: s.Title, Description: s.Description, File: file,
		Ruleset: rs, RulesetName: rs.Preset(), Rules: rs.Changed(), Trials: s.Trials, Seed: s.Seed, Names: names,
		Costs: costs,
	}
	f := s.Fight
	if f.Type == "close_combat" {
		fight, err := warhammer.NewFight(&rs.Values, closeCombat(f, byID))
		if err != nil {
			return nil, err
		}
		p.Model = fight
		armyNames(&f, names)
		costSides(&f, costs)
		p.Roles = armyRoles(&f)
		p.Lines = append([]string{armyTitle(&f, byID, 0) + " against " + armyTitle(&f, byID, 1)}, fight.Describe()...)
		return p, nil
	}
	att, tgt := byID[f.Attacker], byID[f.Target]
	v, err := warhammer.NewVolley(&rs.Values, tgt.ID, attack(&rs.Values, f, att), target(tgt))
	if err != nil {
		return nil, err
	}
	p.Model = v
	p.Roles = map[string]string{tgt.ID: "target"}
	p.Lines = append([]string{unitName(att) + " against " + unitName(tgt)}, v.Describe()...)
	return p, nil
}

// rulesFor is the ruleset a validated s is fought under: a copy of rules,
// or, when rules is nil, the scenario's own.
func rulesFor(s *Scenario, rules *options.Rules[warhammer.Ruleset]) (*options.Rules[warhammer.Ruleset], error) {
	if rules != nil {
		return rules.Clone(), nil
	}
	rs, err := warhammer.Preset(scenarios.OrDefault(s.Ruleset, warhammer.DefaultPreset))
	if err != nil {
		return nil, err
	}
	return rs, scenarios.SetRules(rs, s.Rules)
}

// unitsByID is s's units, by id.
func unitsByID(s *Scenario) map[string]*Unit {
	byID := map[string]*Unit{}
	for i := range s.Units {
		byID[s.Units[i].ID] = &s.Units[i]
	}
	return byID
}

// closeCombat is a valid close combat as the engine takes it, in the form
// it is written in.
func closeCombat(f Fight, byID map[string]*Unit) warhammer.Combat {
	if armyForm(&f) {
		return armyCombat(f, byID)
	}
	return combat(f, byID)
}

// combat is a close combat's two sides and circumstances, in the two-unit
// form.
func combat(f Fight, byID map[string]*Unit) warhammer.Combat {
	cc := warhammer.Combat{Charger: -1, HighGround: -1, MaxRounds: 10}
	for i, side := range f.Sides {
		id := side.Unit
		cc.Sides[i] = fighter(byID[id])
		if id == f.Charger {
			cc.Charger = i
		}
		if id == f.HighGround {
			cc.HighGround = i
		}
	}
	cc.Facing = warhammer.Facing(max(0, slices.Index(facings, f.Facing)))
	if f.MaxRounds > 0 {
		cc.MaxRounds = f.MaxRounds
	}
	cc.ChargeDistance = f.ChargeDistance
	if cc.Reaction = reactionOf(f.Reaction); cc.Reaction == warhammer.StandAndShoot && cc.Charger >= 0 {
		cc.Shoot, cc.ShootRange = shootOf(byID[f.Sides[1-cc.Charger].Unit])
	}
	return cc
}

// possessive is "Black Orcs'" for "Black Orcs", "Skink's" for "Skink".
func possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

func unitName(u *Unit) string {
	if u.Name != "" {
		return u.Name + " (" + u.ID + ")"
	}
	return u.ID
}

// attack works out the attacks of a volley's attacker.
func attack(rs *warhammer.Ruleset, f Fight, u *Unit) warhammer.Attack {
	a := warhammer.Attack{
		ToHitMod:  f.ToHitModifier,
		AutoHit:   f.AutoHit,
		AutoWound: f.AutoWound,
		Round:     max(f.Round, 1),
	}
	if f.Phase == "shooting" {
		m := u.Missile
		a.Phase = warhammer.Shooting
		a.Skill = u.Profile.BS
		a.S = m.Strength
		a.Count = u.Models * max(m.Shots, 1)
		a.Rules = attackRules(m.Rules, m.Rerolls)
	} else {
		w := weapon(u)
		mounted := mounted(u)
		a.Phase = warhammer.CloseCombat
		a.Skill = u.Profile.WS
		a.S = u.Profile.S + w.Strength(rs, a.Round, f.Charged, mounted)
		a.AP = w.AP(rs, a.Round, f.Charged, mounted)
		// The fighting rank: models in base contact, in 6th edition the
		// only ones that fight (RULES.md §3.1, "who fights"); a volley
		// strikes with the rank and file alone.
		a.Count = min(contact(u), u.Models) * (u.Profile.A + w.Attacks(mounted))
		a.Rules = attackRules(u.Rules, u.Rerolls)
		a.Rules.ArmourBane += w.ArmourBane(rs, a.Round, f.Charged, mounted)
	}
	if f.Attacks != nil {
		a.Count = *f.Attacks
	}
	if f.Strength != 0 {
		a.S = f.Strength
	}
	return a
}

// frontage is the number of models per rank, its characters' places
// counted: as given, else up to 5; a unit with fewer models than its
// frontage forms one rank of them all. A character who joined the unit
// stands in its front rank and "takes up the space of an equivalent
// number of rank and file models" (6th.whfb.app faq/characters), so the
// rank and file fill the places beside him: five Knights and a Captain
// six wide fight five Knights and the Captain.
func frontage(u *Unit) int {
	models := u.Models + len(u.Characters)
	if u.Frontage > 0 {
		return min(u.Frontage, models)
	}
	return min(models, 5)
}

// contact is the number of models in base contact: as given, else the
// whole frontage.
func contact(u *Unit) int {
	if u.Contact > 0 {
		return u.Contact
	}
	return frontage(u)
}

func weapon(u *Unit) warhammer.Weapon {
	w, _ := warhammer.ParseWeapon(scenarios.OrDefault(u.Weapon, "hand_weapon")) // validated
	return w
}

// fighter describes u as a side of a close combat.
func fighter(u *Unit) warhammer.Fighter {
	t, w := troopClass(u)
	f := warhammer.Fighter{
		ID:     u.ID,
		Type:   t,
		Weight: w,
		Profile: warhammer.Profile{M: movement(u), WS: u.Profile.WS, BS: u.Profile.BS, S: u.Profile.S,
			T: u.Profile.T, W: u.Profile.W, I: u.Profile.I, A: u.Profile.A, Ld: u.Profile.Ld},
		Models:             u.Models,
		Frontage:           frontage(u),
		Contact:            u.Contact,
		Defence:            target(u).Defence,
		Weapon:             weapon(u),
		Mounted:            mounted(u),
		Rules:              attackRules(u.Rules, u.Rerolls),
		ImpactHits:         warhammer.Amount{N: u.Rules.ImpactHits.N, Die: u.Rules.ImpactHits.Die},
		Standard:           u.Command.Standard,
		Musician:           u.Command.Musician,
		BattleStandard:     u.Command.BattleStandard,
		Stubborn:           u.Rules.Stubborn,
		Unbreakable:        u.Rules.Unbreakable,
		CausesFear:         u.Rules.CausesFear,
		CausesTerror:       u.Rules.CausesTerror,
		AlwaysStrikesFirst: u.Rules.AlwaysStrikesFirst,
		AlwaysStrikesLast:  u.Rules.AlwaysStrikesLast,
		UnitStrength:       u.UnitStrength,
	}
	f.Mount = mountOf(u)
	f.StrengthBonus = u.StrengthBonus
	f.StrikeAt, f.Challenge, f.GeneralLd = u.StrikeAt, challengeOf(u), u.GeneralLd
	for i := range u.Characters {
		f.Characters = append(f.Characters, characterOf(&u.Characters[i], f))
	}
	if u.Command.Champion {
		f.Characters = append(f.Characters, champion(u, f))
	}
	if u.Character {
		return lone(u, f)
	}
	return f
}

// movement is how far u's models move: its mount's Movement where its
// mount's profile gives one (a rider's own M is how far he walks), else
// its own. It is read by the charge reactions: how far a charger reaches
// and how far a unit flees.
func movement(u *Unit) int {
	if m := u.Mount; m != nil && m.Profile != nil && m.Profile.M > 0 {
		return m.Profile.M
	}
	return u.Profile.M
}

// mountOf is the close-combat profile of u's mount, or nil when it has
// none or its mount does not attack.
func mountOf(u *Unit) *warhammer.Mount {
	m := u.Mount
	if m == nil || m.Profile == nil {
		return nil
	}
	return &warhammer.Mount{Name: m.Name, WS: m.Profile.WS, S: m.Profile.S, I: m.Profile.I, A: m.Profile.A,
		Rules: attackRules(m.Rules, Rerolls{})}
}

func attackRules(s Special, r Rerolls) warhammer.AttackRules {
	return warhammer.AttackRules{
		Poisoned:          s.PoisonedAttacks,
		KillingBlow:       s.KillingBlow,
		HeroicKillingBlow: s.HeroicKillingBlow,
		Flaming:           s.FlamingAttacks,
		IgnoresArmour:     s.IgnoresArmour,
		ArmourPiercing:    s.ArmourPiercing,
		ArmourBane:        s.ArmourBane,
		MultipleWounds:    warhammer.Amount{N: s.MultipleWounds.N, Die: s.MultipleWounds.Die},
		Hatred:            s.Hatred,
		RerollHits:        reroll(r.Hits),
		RerollWounds:      reroll(r.Wounds),
	}
}

func reroll(r scenarios.Reroll) warhammer.Reroll {
	return warhammer.Reroll{Failed: r.Failed, Faces: r.Faces}
}

// mounted reports whether the unit's models ride, for their weapons: they
// have a mount, or are cavalry or monstrous cavalry.
func mounted(u *Unit) bool {
	t := troopType(u)
	return u.Mount != nil || t == warhammer.Cavalry || t == warhammer.MonstrousCavalry
}

// troopType is the unit's troop type: as given, else cavalry when mounted
// on a cavalry mount or Cold One, a monster when riding one, else infantry.
func troopType(u *Unit) warhammer.TroopType {
	t, _ := troopClass(u)
	return t
}

// troopClass is the unit's troop type and its weight (The Old World's
// regular or heavy infantry...), Unweighted unless its type says.
func troopClass(u *Unit) (warhammer.TroopType, warhammer.Weight) {
	if u.Type != "" {
		t, w, _ := warhammer.ParseTroopClass(u.Type) // validated
		return t, w
	}
	return troopTypeOf(u), warhammer.Unweighted
}

// troopTypeOf is the troop type of a unit that gives none.
func troopTypeOf(u *Unit) warhammer.TroopType {
	if u.Mount != nil {
		if u.Mount.Kind == "monster" {
			return warhammer.Monster
		}
		return warhammer.Cavalry
	}
	return warhammer.Infantry
}

// target describes u as the target of attacks.
func target(u *Unit) warhammer.Target {
	tg := warhammer.Target{
		Type:   troopType(u),
		T:      u.Profile.T,
		W:      u.Profile.W,
		WS:     u.Profile.WS,
		Models: u.Models,
		Defence: warhammer.Defence{
			Armour:       armour(u),
			Shield:       u.Armour == 0 && slices.Contains(u.Equipment, "shield"),
			MountBonus:   mountBonus(u),
			Flammable:    u.Rules.Flammable,
			Ward:         best(u.Ward),
			Regeneration: saveOrNone(u.Regeneration),
			RerollArmour: reroll(u.Rerolls.Armour),
			RerollWard:   reroll(u.Rerolls.Ward),
		},
	}
	tg.Parries = warhammer.CanParry(tg.Type, weapon(u), tg.Defence.Shield)
	return tg
}

// armour is the unit's armour save: given directly, or from its equipment,
// mount and natural armour (seed 002).
func armour(u *Unit) warhammer.Save {
	if u.Armour != 0 {
		return warhammer.Save(u.Armour)
	}
	eq := warhammer.Equipment{Natural: saveOrNone(u.Natural)}
	for _, e := range u.Equipment {
		switch e {
		case "light_armour":
			eq.Body = max(eq.Body, warhammer.LightArmour)
		case "heavy_armour":
			eq.Body = max(eq.Body, warhammer.HeavyArmour)
		case "plate_armour":
			eq.Body = max(eq.Body, warhammer.PlateArmour)
		case "shield":
			eq.Shield = true
		case "barding":
			eq.Barding = true
		}
	}
	if u.Mount != nil {
		switch u.Mount.Kind {
		case "cavalry":
			eq.Mount = warhammer.CavalryMount
		case "cold_one":
			eq.Mount = warhammer.ColdOne
		}
	}
	return eq.ArmourSave()
}

// mountBonus is how much of the unit's armour save its mount gives, when
// it comes from equipment: 1 a cavalry mount, 2 a Cold One (seed 002).
func mountBonus(u *Unit) int {
	if u.Armour != 0 || u.Mount == nil {
		return 0
	}
	switch u.Mount.Kind {
	case "cavalry":
		return 1
	case "cold_one":
		return 2
	}
	return 0
}

func saveOrNone(r scenarios.Roll) warhammer.Save {
	if r == 0 {
		return warhammer.NoSave
	}
	return warhammer.Save(r)
}

// best is the best of several ward saves: they do not add up (seed 002).
func best(rs scenarios.Rolls) warhammer.Save {
	b := warhammer.NoSave
	for _, r := range rs {
		b = min(b, warhammer.Save(r))
	}
	return b
}
