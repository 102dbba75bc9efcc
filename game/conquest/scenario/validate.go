package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wargamesim/sim/engine/options"
	"github.com/wargamesim/sim/scenarios"

	"github.com/wargamesim/sim/game/conquest"
)

var (
	conquestFightTypes = []string{"clash", "charge", "volley", "turns"}
	conquestHealKinds  = []string{"regeneration", "heal"}
)

// validateConquest checks s, decoded from file with the positions pos, and
// returns every problem in file order.
//
// The checks that depend on the rules judge by override when it is not nil
// (the ruleset the scenario will run under), else by the scenario's own.
func validateConquest(file string, s *Scenario, pos scenarios.Positions, override *options.Rules[conquest.Ruleset]) scenarios.ErrorList {
	c := &checker{scenarios.Checker{File: file, Pos: pos}}
	c.Header(s.Name, s.Trials)
	var rs *conquest.Ruleset
	own, err := conquest.Preset(scenarios.OrDefault(s.Ruleset, conquest.DefaultPreset))
	switch {
	case err != nil:
		c.Add("ruleset", "%v", err)
	case !c.Rules(own, s.Rules, "scenario"):
		// the checks that depend on the rules are skipped
	default:
		rs = &own.Values
	}
	if override != nil {
		rs = &override.Values
	}
	ids := map[string]int{}
	valid := map[*Regiment]bool{}
	if len(s.Regiments) == 0 {
		c.Add("regiments", "missing; a scenario needs the regiments of its fight")
	}
	for i := range s.Regiments {
		r := &s.Regiments[i]
		p := fmt.Sprintf("regiments[%d]", i)
		before := len(c.Errs)
		c.conquestRegiment(p, r, rs)
		valid[r] = len(c.Errs) == before
		if r.ID != "" {
			if j, dup := ids[r.ID]; dup {
				c.Add(p+".id", "%q is already the id of regiments[%d]; ids must differ", r.ID, j)
			} else {
				ids[r.ID] = i
			}
		}
	}
	if rs == nil {
		valid = nil // no ruleset to judge actions by
	}
	c.conquestFight(s, ids, rs, valid)
	return c.Sorted()
}

func (c *checker) conquestProfile(p string, pr Profile, example string) {
	if !c.Present(p) {
		c.Add(p, "missing; give the eight characteristics: %s", example)
		return
	}
	for i, v := range conquestProfileOf(pr).Values() {
		l := conquest.ProfileLimits[i]
		c.Between(p+"."+l.Key, v, l.Min, l.Max)
	}
}

// conquestRegiment checks the regiment at path p (its id, type, class,
// profile, stands and models, special rules, character, healing and
// starting damage); rs, when not nil, is the ruleset it runs under.
func (c *checker) conquestRegiment(p string, r *Regiment, rs *conquest.Ruleset) {
	switch {
	case !c.Present(p + ".id"):
		c.Add(p+".id", "missing; give the regiment an id such as \"men_at_arms\"")
	case !scenarios.ValidID(r.ID):
		c.Add(p+".id", "%q is not a valid id; use lowercase letters, digits, - and _%s", r.ID, scenarios.SuchAs(r.ID))
	}
	c.choice(p+".type", "stand type", r.Type, conquest.TypeNames())
	c.choice(p+".class", "class", r.Class, conquest.ClassNames())
	c.conquestProfile(p+".profile", r.Profile, "{M: 5, V: 1, C: 2, A: 1, W: 1, R: 2, D: 2, E: 0}")
	c.Between(p+".stands", r.Stands, 1, conquest.MaxStands)
	c.regimentModels(p+".models", r, rs)
	c.standProfile(p+".stand_profile", r, rs)
	stands := max(r.Stands, 1)
	c.Optional(p+".frontage", r.Frontage, 1, stands)
	if r.Engaged != nil {
		c.Optional(p+".engaged", *r.Engaged, 0, stands)
	}
	c.conquestRules(p+".special_rules", r.Rules, false)
	if ch := r.Character; ch != nil {
		c.conquestCharacter(p+".character", ch)
	}
	c.conquestHealing(p, r)
	c.conquestStart(p+".start", r)
}

// choice checks that the field at path fp, v, is one of names: a what.
func (c *checker) choice(fp, what, v string, names []string) {
	switch {
	case !c.Present(fp):
		c.Add(fp, "missing; use %s", strings.Join(names, ", "))
	case !slices.Contains(names, v):
		c.Add(fp, "%s", scenarios.UnknownChoice(what, v, names, "one of "+strings.Join(names, ", ")))
	}
}

// regimentModels checks r's models on a full stand, at path mp: 1 to
// MaxModels, and 1 under stand_profile per_stand.
func (c *checker) regimentModels(mp string, r *Regiment, rs *conquest.Ruleset) {
	switch {
	case !c.Present(mp):
		c.Add(mp, "missing; give the models on a full stand: 4 for 1.5 infantry, 1 for cavalry, brutes and monsters")
	case c.UnreadRange(mp, fmt.Sprintf("a whole number from 1 to %d", conquest.MaxModels)):
	case r.Models < 1 || r.Models > conquest.MaxModels:
		c.Add(mp, "must be 1 to %d, got %d: a stand holds at least one model", conquest.MaxModels, r.Models)
	case rs != nil && rs.Stand == conquest.PerStand && r.Models != 1:
		c.Add(mp, "%d models on a stand, but under stand_profile per_stand the characteristics are per stand; give 1", r.Models)
	}
}

// conquestCharacter checks a regiment's character at path cp: its class,
// profile, special rules and spell.
func (c *checker) conquestCharacter(cp string, ch *Character) {
	if names := conquest.ClassNames(); ch.Class != "" && !slices.Contains(names, ch.Class) {
		c.Add(cp+".class", "%s", scenarios.UnknownChoice("class", ch.Class, names, "one of "+strings.Join(names, ", ")+", or leave it out for the regiment's"))
	}
	c.conquestProfile(cp+".profile", ch.Profile, "{M: 5, V: 1, C: 3, A: 4, W: 4, R: 3, D: 3, E: 0}")
	c.conquestRules(cp+".special_rules", ch.Rules, true)
	if sp := ch.Spell; sp != nil {
		c.conquestSpell(cp+".spell", sp)
	}
}

// conquestSpell checks a character's spell at path sp2: its dice and
// difficulty, and that it heals or strikes hits, not both.
func (c *checker) conquestSpell(sp2 string, sp *Spell) {
	c.Between(sp2+".dice", sp.Dice, 1, 10)
	c.Between(sp2+".difficulty", sp.Difficulty, 1, 6)
	heal, hits := c.Present(sp2+".heal_per_success"), c.Present(sp2+".hits_per_success")
	switch {
	case heal && hits:
		c.Add(sp2+".hits_per_success", "a spell heals (heal_per_success) or strikes the enemy (hits_per_success), not both; give one")
	case hits:
		c.Between(sp2+".hits_per_success", sp.HitsPerSuccess, 1, 10)
		c.Optional(sp2+".armour_piercing", sp.ArmourPiercing, 0, 6)
	default:
		c.Between(sp2+".heal_per_success", sp.HealPerSuccess, 1, 10)
		if c.Present(sp2 + ".armour_piercing") {
			c.Add(sp2+".armour_piercing", "a healing spell strikes no hits; give hits_per_success for a damage spell, or remove armour_piercing")
		}
	}
}

// conquestHealing checks the heal sources of the regiment at path p: at
// most MaxHealSources, each of a known kind and an amount of 1 to 100 Heal
// Points or up to 10 dice.
func (c *checker) conquestHealing(p string, r *Regiment) {
	if len(r.Healing) > conquest.MaxHealSources {
		c.Add(p+".healing", "%d heal sources; give at most %d", len(r.Healing), conquest.MaxHealSources)
	}
	for j, h := range r.Healing {
		hp := fmt.Sprintf("%s.healing[%d]", p, j)
		switch {
		case !c.Present(hp + ".kind"):
			c.Add(hp+".kind", "missing; use regeneration (Regeneration (X), as option regeneration says) or heal (an amount healed, such as Biotic Renewal's D6)")
		case !slices.Contains(conquestHealKinds, h.Kind):
			c.Add(hp+".kind", "%s", scenarios.UnknownChoice("heal kind", h.Kind, conquestHealKinds, "regeneration or heal"))
		}
		a := h.Amount
		switch {
		case !c.Present(hp + ".amount"):
			c.Add(hp+".amount", "missing; give the Heal Points: a number such as 6, or dice such as D6 or 2D6")
		case c.UnreadRange(hp+".amount", "1 to 100 Heal Points, or up to 10 dice"):
		case a.Dice > 10 || a.Dice == 0 && (a.N < 1 || a.N > 100) || a.max() > 100:
			c.Add(hp+".amount", "must be 1 to 100 Heal Points, or up to 10 dice, got %v", a)
		}
	}
}

// conquestStart checks the damage r starts with, at path sp: fewer stands,
// models, Wounded markers and character wounds lost than it has.
func (c *checker) conquestStart(sp string, r *Regiment) {
	st := r.Start
	if c.Present(sp+".stands_lost") && st.StandsLost == r.Stands && r.Stands >= 1 {
		c.Add(sp+".stands_lost", "%d of %d stands lost leaves the regiment destroyed: it is out of play and can neither fight nor be healed; give 0 to %d",
			st.StandsLost, r.Stands, r.Stands-1)
	} else {
		c.Optional(sp+".stands_lost", st.StandsLost, 0, max(r.Stands-1, 0))
	}
	c.Optional(sp+".models_lost", st.ModelsLost, 0, max(r.Models-1, 0))
	c.Optional(sp+".wounded", st.Wounded, 0, max(r.Profile.W-1, 0))
	if c.Present(sp + ".character_wounded") {
		if r.Character == nil {
			c.Add(sp+".character_wounded", "the regiment has no character; add one, or remove character_wounded")
		} else {
			c.Optional(sp+".character_wounded", st.CharacterWounded, 0, max(r.Character.Profile.W-1, 0))
		}
	}
}

// conquestRules checks special rules; a Character's defend nothing, since
// its regiment's profile and rules take the hits.
func (c *checker) conquestRules(p string, x Rules, character bool) {
	for _, v := range []struct {
		name string
		v    int
	}{{"barrage", x.Barrage}, {"armour_piercing", x.ArmourPiercing}, {"cleave", x.Cleave}, {"brutal_impact", x.BrutalImpact},
		{"impact", x.Impact}, {"fury", x.Fury}, {"support", x.Support}, {"terrifying", x.Terrifying},
		{"bastion", x.Bastion}, {"hardened", x.Hardened}, {"indomitable", x.Indomitable},
		{"decay", x.Decay}, {"resist_decay", x.ResistDecay}, {"tenacious", x.Tenacious}, {"aura_of_death", x.AuraOfDeath}} {
		c.Optional(p+"."+v.name, v.v, 0, conquest.MaxRuleValue)
	}
	if _, ok := conquest.ParseBlessing(x.Blessed); x.Blessed != "" && !ok {
		c.Add(p+".blessed", "%s", scenarios.UnknownChoice("Blessed use", x.Blessed, []string{"hits", "defence"}, "hits (its failed hit rolls) or defence (its failed defence rolls), once a turn"))
	}
	if !character {
		return
	}
	if x.Blessed == "defence" {
		c.Add(p+".blessed", "a Character's Blessed defence has no effect: its regiment's profile and rules defend it; give the regiment blessed: defence")
	}
	for _, r := range []struct {
		name string
		on   bool
	}{{"shield", x.Shield}, {"bastion", x.Bastion > 0}, {"hardened", x.Hardened > 0}, {"parry", x.Parry},
		{"untouchable", x.Untouchable}, {"fearless", x.Fearless}, {"indomitable", x.Indomitable > 0}, {"oblivious", x.Oblivious},
		{"impact", x.Impact > 0}, {"brutal_impact", x.BrutalImpact > 0}, {"unstoppable_charge", x.UnstoppableCharge},
		{"throwing_weapons", x.ThrowingWeapons}, {"support", x.Support > 0}, {"terrifying", x.Terrifying > 0}, {"fearsome", x.Fearsome},
		{"phalanx", x.Phalanx}, {"iron_discipline", x.IronDiscipline}, {"decay", x.Decay > 0}, {"resist_decay", x.ResistDecay > 0}, {"leader", x.Leader}, {"tenacious", x.Tenacious > 0}, {"aura_of_death", x.AuraOfDeath > 0},
		{"counter_attack", x.CounterAttack}, {"lethal_demise", x.LethalDemise}} {
		if r.on {
			c.Add(p+"."+r.name, "%s has no effect on a character: its regiment's profile and rules defend it, charge and test Morale; move it to the regiment's special_rules", r.name)
		}
	}
}

// regimentRef checks that path names a regiment, and returns it.
func (c *checker) regimentRef(s *Scenario, ids map[string]int, path, id string) *Regiment {
	if id == "" {
		c.Add(path, "missing; name one of the regiments by its id (%s)", scenarios.IDList(ids))
		return nil
	}
	i, ok := ids[id]
	if !ok {
		c.Add(path, "no regiment has the id %q; the regiments are %s", id, scenarios.IDList(ids))
		return nil
	}
	return &s.Regiments[i]
}

// conquestFight checks the fight block; valid holds the regiments whose own
// checks passed, whose actions can be judged.
func (c *checker) conquestFight(s *Scenario, ids map[string]int, rs *conquest.Ruleset, valid map[*Regiment]bool) {
	f := &s.Fight
	if !c.Present("fight") {
		c.Add("fight", "missing; say what happens, e.g. fight: {type: clash, attacker: guard, target: militia}")
		return
	}
	one := []string{"attacker", "target", "facing", "inspired", "aimed", "obscured", "long_range"}
	turns := []string{"turns", "sides", "activation"}
	misplaced := func(fields []string, belong string) {
		for _, name := range fields {
			if c.Present("fight." + name) {
				c.Add("fight."+name, "%s belongs to a fight of type %s; remove it, or change the type", name, belong)
			}
		}
	}
	switch f.Type {
	case "clash", "charge", "volley":
		misplaced(turns, "turns")
		c.conquestAction(s, ids, rs, valid)
	case "turns":
		misplaced(one, "clash, charge or volley")
		c.conquestTurns(s, ids, rs, valid)
	case "":
		c.Add("fight.type", "missing; use clash, charge or volley (one action) or turns (a fight of several turns)")
	default:
		c.Add("fight.type", "%s", scenarios.UnknownChoice("fight type", f.Type, conquestFightTypes, "clash, charge, volley or turns"))
	}
}

// conquestAction checks a fight of one action.
func (c *checker) conquestAction(s *Scenario, ids map[string]int, rs *conquest.Ruleset, valid map[*Regiment]bool) {
	f := &s.Fight
	att := c.regimentRef(s, ids, "fight.attacker", f.Attacker)
	tgt := c.regimentRef(s, ids, "fight.target", f.Target)
	if att != nil && att == tgt {
		c.Add("fight.target", "a regiment cannot attack itself; name a different regiment")
	}
	c.facing("fight.facing", f.Facing)
	if action := map[string]string{"clash": "clash", "charge": "charge", "volley": "volley"}[f.Type]; valid[att] && action != "" {
		if msg := conquestCannot(rs, att, action); msg != "" {
			c.Add("fight.type", "%s", msg)
		}
	}
	c.actionFlags("fight", f.Inspired, f.Aimed, f.Obscured, f.LongRange, f.Type == "clash", f.Type == "volley")
}

func (c *checker) facing(path, v string) {
	if v != "" && !slices.Contains(conquest.FacingNames(), v) {
		c.Add(path, "%s", scenarios.UnknownChoice("facing", v, conquest.FacingNames(), "front, flank or rear"))
	}
}

// actionFlags checks that Inspired goes with a Clash and Take Aim,
// obscured and long range with a Volley.
func (c *checker) actionFlags(p string, inspired, aimed, obscured, longRange, clashes, volleys bool) {
	if inspired && !clashes {
		c.Add(p+".inspired", "Inspired helps a Clash only; remove it, or let the regiment clash")
	}
	for _, fl := range []struct {
		name string
		on   bool
	}{{"aimed", aimed}, {"obscured", obscured}, {"long_range", longRange}} {
		if fl.on && !volleys {
			c.Add(p+"."+fl.name, "%s applies to a Volley only; remove it, or let the regiment volley", fl.name)
		}
	}
}

// conquestTurns checks a fight of several turns.
func (c *checker) conquestTurns(s *Scenario, ids map[string]int, rs *conquest.Ruleset, valid map[*Regiment]bool) {
	f := &s.Fight
	c.Between("fight.turns", f.Turns, 1, conquest.MaxTurns)
	if _, ok := conquest.ParseActivation(f.Activation); f.Activation != "" && !ok {
		c.Add("fight.activation", "%s", scenarios.UnknownChoice("activation", f.Activation, conquest.ActivationNames(),
			"in_order (the sides in their order every turn) or roll_off (each turn's Supremacy roll-off decides who activates first)"))
	}
	n := len(f.Sides)
	if n < 2 || n > conquest.MaxRegiments {
		c.Add("fight.sides", "a fight has 2 to %d regiments, up to %d an army, in activation order; give sides: "+
			"[{regiment: a, actions: [clash]}, {regiment: b, actions: [clash]}] (got %d)", conquest.MaxRegiments, conquest.MaxPerArmy, n)
		return
	}
	regs := make([]*Regiment, n)
	seen := map[*Regiment]bool{}
	for i := range f.Sides {
		regs[i] = c.turnsSide(s, ids, rs, valid, i, seen)
	}
	if n == 2 && regs[0] != nil && regs[0] == regs[1] {
		return // said above
	}
	c.turnsTargets(f, regs)
}

// turnsSide checks side i of a fight of several turns, whose regiments
// seen are named by the sides before it, and returns its regiment (nil
// when it names none).
func (c *checker) turnsSide(s *Scenario, ids map[string]int, rs *conquest.Ruleset, valid map[*Regiment]bool, i int, seen map[*Regiment]bool) *Regiment {
	sd := &s.Fight.Sides[i]
	p := fmt.Sprintf("fight.sides[%d]", i)
	r := c.regimentRef(s, ids, p+".regiment", sd.Regiment)
	if r != nil && seen[r] {
		c.Add(p+".regiment", "%s fights once; name each regiment in one side", r.ID)
	}
	seen[r] = true
	c.facing(p+".facing", sd.Facing)
	clashes, volleys := false, false
	for _, list := range []struct {
		field   string
		actions []string
	}{{"first_turn", sd.FirstTurn}, {"actions", sd.Actions}} {
		cl, vo := c.turnsActions(p+"."+list.field, list.field, list.actions, r, rs, valid)
		clashes, volleys = clashes || cl, volleys || vo
	}
	c.actionFlags(p, sd.Inspired, sd.Aimed, sd.Obscured, sd.LongRange, clashes, volleys)
	return r
}

// turnsActions checks the list of actions at path lp, the side's field
// (first_turn or actions), of regiment r: at most 4, each known, a charge
// only in the first turn, and each one r can take when valid says its own
// checks passed. It reports whether the list clashes and volleys.
func (c *checker) turnsActions(lp, field string, actions []string, r *Regiment, rs *conquest.Ruleset, valid map[*Regiment]bool) (clashes, volleys bool) {
	if len(actions) > 4 {
		c.Add(lp, "%d actions in one activation; give at most 4", len(actions))
	}
	for j, a := range actions {
		ap := fmt.Sprintf("%s[%d]", lp, j)
		if !c.Present(ap) {
			ap = lp
		}
		if _, ok := conquest.ParseAction(a); !ok {
			c.Add(ap, "%s", scenarios.UnknownChoice("action", a, conquest.ActionNames(), "charge, clash, volley, cast, rally, inspire, take_aim or duel"))
			continue
		}
		clashes = clashes || a == "clash"
		volleys = volleys || a == "volley"
		switch {
		case a == "charge" && field == "actions":
			c.Add(ap, "charge is the charge that starts the fight: put it in first_turn")
		case valid[r]:
			if msg := conquestCannot(rs, r, a); msg != "" {
				c.Add(ap, "%s", msg)
			}
		}
	}
	return clashes, volleys
}

// turnsTargets checks the armies of a fight of several turns, 1 to
// MaxPerArmy regiments each, and each side's target: an enemy, not both
// of two sides striking the other's flank or rear, and a Character to duel.
func (c *checker) turnsTargets(f *Fight, regs []*Regiment) {
	armies, targets, ok := c.armies(f, regs)
	if !ok {
		return
	}
	var per [2]int
	for _, a := range armies {
		per[a]++
	}
	if per[0] == 0 || per[1] == 0 || per[0] > conquest.MaxPerArmy || per[1] > conquest.MaxPerArmy {
		c.Add("fight.sides", "armies of %d and %d regiments; give each army 1 to %d (army: 1 or 2)", per[0], per[1], conquest.MaxPerArmy)
		return
	}
	for i, t := range targets {
		p := fmt.Sprintf("fight.sides[%d]", i)
		switch {
		case armies[t] == armies[i]:
			c.Add(p+".target", "%s is of its own army; give an enemy regiment", f.Sides[t].Regiment)
			continue
		case targets[t] == i && i < t && f.Sides[i].Facing != "" && f.Sides[i].Facing != "front" && f.Sides[t].Facing != "" && f.Sides[t].Facing != "front":
			c.Add(fmt.Sprintf("fight.sides[%d].facing", t), "both sides strike the other's flank or rear; one of them faces the enemy's front")
		}
		c.duelTargets(p, &f.Sides[i], regs[i], regs[t])
	}
}

// duelTargets checks that side sd at path p, of regiment r, duels only a
// foe with a Character where r has one.
func (c *checker) duelTargets(p string, sd *Side, r, foe *Regiment) {
	for _, list := range []struct {
		field   string
		actions []string
	}{{"first_turn", sd.FirstTurn}, {"actions", sd.Actions}} {
		if j := slices.Index(list.actions, "duel"); j >= 0 && foe != nil && foe.Character == nil && r != nil && r.Character != nil {
			c.Add(fmt.Sprintf("%s.%s[%d]", p, list.field, j), "a Duel is between two Characters, and %s has none; give it a character, or remove duel", foe.ID)
		}
	}
}

// armies checks each side's army (1 or 2) and target (an enemy regiment
// of the fight), and returns them 0-based and as side indices; with two
// sides and neither given, the first side's army and the second's, each
// the other's target.
func (c *checker) armies(f *Fight, regs []*Regiment) (armies, targets []int, ok bool) {
	n := len(f.Sides)
	armies, targets = make([]int, n), make([]int, n)
	given := false
	for i := range f.Sides {
		p := fmt.Sprintf("fight.sides[%d]", i)
		given = given || c.Present(p+".army") || c.Present(p+".target")
	}
	if n == 2 && !given {
		return []int{0, 1}, []int{1, 0}, true
	}
	index := map[string]int{}
	for i, sd := range f.Sides {
		index[sd.Regiment] = i
	}
	ok = true
	for i, sd := range f.Sides {
		p := fmt.Sprintf("fight.sides[%d]", i)
		switch {
		case !c.Present(p + ".army"):
			c.Add(p+".army", "missing; with more than two regiments (or a target given) give each side its army: 1 or 2")
			ok = false
		case sd.Army != 1 && sd.Army != 2:
			c.Optional(p+".army", sd.Army, 1, 2) // says why, unread values too
			ok = false
		}
		armies[i] = sd.Army - 1
		t, found := index[sd.Target]
		switch {
		case !c.Present(p + ".target"):
			c.Add(p+".target", "missing; name the enemy regiment its attacks strike (one of the fight's sides)")
			ok = false
		case !found:
			c.Add(p+".target", "%q is not a regiment of the fight; name one of its sides' regiments", sd.Target)
			ok = false
		}
		targets[i] = t
	}
	return armies, targets, ok
}

// conquestCannot says why the regiment r cannot take action under rs, or
// returns "". It asks the engine, on the regiment as the plan would build
// it, so that validation and the model agree; r must have passed its own
// checks.
func conquestCannot(rs *conquest.Ruleset, r *Regiment, action string) string {
	act, _ := conquest.ParseAction(action)
	reg := conquestRegiment(r)
	err := conquest.Cannot(rs, &reg, act)
	if err == nil {
		return ""
	}
	hint := map[conquest.Action]string{
		conquest.ActVolley: "; give it special_rules: {barrage: X}",
		conquest.ActCast:   "; give it character: {..., spell: {dice: 3, difficulty: 3, heal_per_success: 2}}",
	}[act]
	return err.Error() + hint
}

// checker is the shared checker, with the checks of this format.
type checker struct{ scenarios.Checker }

// standProfile checks a regiment's stand_profile, the form its profile is
// written in, against the ruleset's: a 2.x per-stand profile fought under
// 1.5's per-model rules (or the other way) would give numbers for neither.
func (c *checker) standProfile(p string, r *Regiment, rs *conquest.Ruleset) {
	if r.StandProfile == "" {
		return
	}
	names := []string{"per_model", "per_stand"}
	want := conquest.PerModel
	switch r.StandProfile {
	case "per_model":
	case "per_stand":
		want = conquest.PerStand
	default:
		c.Add(p, "%s", scenarios.UnknownChoice("stand profile", r.StandProfile, names, "per_model (1.5) or per_stand (2.0)"))
		return
	}
	if rs != nil && rs.Stand != want {
		preset := map[conquest.StandRule]string{conquest.PerModel: "1.5", conquest.PerStand: "2.0"}[want]
		c.Add(p, "%s's profile is %s, but the ruleset's stand_profile is %s; run it under ruleset %q (or set rules: {stand_profile: %s})",
			scenarios.IDText(r.ID), r.StandProfile, names[rs.Stand], preset, r.StandProfile)
	}
}
