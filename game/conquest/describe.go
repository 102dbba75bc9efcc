package conquest

import (
	"fmt"
	"slices"
	"strings"
)

// Describe says in words what the action rolls and how likely each step
// is, for reports: a reader can check the rules were read right.
func (s *Strike) Describe() []string {
	lines := []string{
		s.atk.describe(),
		s.tgt.describe(),
		fmt.Sprintf("%s: %s at %s, from the %s", s.atk.reg.ID, actionText(s.kind), s.tgt.reg.ID, s.a.eng.Facing),
	}
	ps, ns := s.packets()
	for i, p := range ps {
		if p != nil && ns[i] > 0 {
			who := "stands"
			if i == 1 {
				who = "character"
			}
			lines = append(lines, "  "+p.describe(who, ns[i]))
		}
	}
	return append(lines, "  "+s.a.moraleText(s.kind, &s.tgt.start))
}

// Describe says in words what each side brings to the fight, for reports.
func (f *Fight) Describe() []string {
	lines := f.activationText()
	for i := range f.cc.Sides {
		lines = append(lines, f.sideText(i)...)
	}
	return lines
}

// activationText says who activates first each turn and, with more than
// two regiments, in what order the regiments activate.
func (f *Fight) activationText() []string {
	var lines []string
	if f.cc.Activation == RollOff {
		how := "either, one chance in two"
		if cards := f.cards(); cards[0] != cards[1] {
			fewer := boolIndex(cards[1] < cards[0])
			how = fmt.Sprintf("army %d, with fewer Command Cards, 21 times in 31", fewer+1)
		}
		lines = append(lines, "each turn the Supremacy roll-off decides which army activates first: "+how)
	}
	if f.n > 2 {
		lines = append(lines, "activation order: "+f.orderText(f.orders[0]))
		if f.cc.Activation == RollOff {
			lines = append(lines, "  or, army 2 first: "+f.orderText(f.orders[1]))
		}
	}
	return lines
}

// sideText says what side i brings to the fight: its regiment, its plan,
// its heal sources and spell, what its attacks and other actions roll, and
// its Morale test.
func (f *Fight) sideText(i int) []string {
	sd := &f.cc.Sides[i]
	st := f.units[i].start
	lines := []string{f.units[i].describe(), f.planText(i)}
	for _, h := range sd.Regiment.Healing {
		lines = append(lines, "  "+f.healText(h))
	}
	if c := sd.Regiment.Character; c != nil && c.Spell != nil {
		lines = append(lines, "  "+f.spellText(i))
	}
	if f.sides[i].rearBlocked && f.sides[i].healer {
		lines = append(lines, "  its rear is in contact or has no room: Healing cannot restore stands")
	}
	lines = append(lines, f.attackTexts(i, &st)...)
	lines = append(lines, f.actionTexts(i, &st)...)
	return append(lines, f.moraleTexts(i, &st)...)
}

// planText says what side i does in each turn and, with more than two
// regiments, its army and whom it strikes; and from where, when not the
// front.
func (f *Fight) planText(i int) string {
	sd := &f.cc.Sides[i]
	a := f.atk[i][sd.Target]
	plan := "  each turn: " + actionsText(sd.Actions)
	if !slices.Equal(sd.FirstTurn, sd.Actions) {
		plan = "  turn 1: " + actionsText(sd.FirstTurn) + "; later turns: " + actionsText(sd.Actions)
	}
	if f.n > 2 {
		plan += fmt.Sprintf("; army %d, strikes %s", sd.Army+1, f.cc.Sides[sd.Target].Regiment.ID)
		if a.eng.Facing != Front {
			plan += "'s " + a.eng.Facing.String()
		}
	} else if a.eng.Facing != Front {
		plan += "; strikes the enemy's " + a.eng.Facing.String()
	}
	return plan
}

// actionsText names a list of actions, or says "nothing".
func actionsText(list []Action) string {
	var names []string
	for _, x := range list {
		names = append(names, x.String())
	}
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, ", ")
}

// attackTexts says what each kind of attack side i makes on its target
// rolls, with the regiment as in st, in the order it first makes them.
func (f *Fight) attackTexts(i int, st *state) []string {
	sd := &f.cc.Sides[i]
	a := f.atk[i][sd.Target]
	var lines []string
	used := map[Kind]bool{}
	for _, x := range append(append([]Action(nil), sd.FirstTurn...), sd.Actions...) {
		k, ok := map[Action]Kind{ActCharge: Impact, ActClash: Clash, ActVolley: Volley}[x]
		if !ok || used[k] {
			continue
		}
		used[k] = true
		switch k {
		case Impact:
			lines = append(lines, "  "+a.impact.describe("charge", a.impactOf(st.health)))
		case Clash:
			lines = append(lines, "  "+a.clash.describe("clash", a.strikesOf(st.health)))
			if a.clashChar != nil {
				lines = append(lines, "  "+a.clashChar.describe("character", a.charStrikes(st)))
			}
		case Volley:
			if a.volley != nil {
				lines = append(lines, "  "+a.volley.describe("volley", a.shotsOf(st.health)))
			}
			if a.volleyChar != nil {
				lines = append(lines, "  "+a.volleyChar.describe("character", a.charShots(st)))
			}
		}
	}
	return lines
}

// actionTexts says what side i's Rally, Inspire and Take Aim do, for those
// it takes, with the regiment as in st.
func (f *Fight) actionTexts(i int, st *state) []string {
	a := f.atk[i][f.cc.Sides[i].Target]
	var lines []string
	if f.does(i, ActRally) {
		how := "a Broken regiment ceases to be Broken"
		if fs := &f.sides[i]; fs.rallyTest {
			how += fmt.Sprintf(" only on a Resolve roll (the enemy is Fearsome or Terrifying): %s", "a die of "+fs.rally.text())
		}
		lines = append(lines, "  rally: "+how)
	}
	if f.does(i, ActInspire) {
		lines = append(lines, "  inspire: its next Clash this turn is Inspired: "+a.pk[Clash][fBonus][0].describe("clash", a.strikesOf(st.health)))
	}
	if p := a.pk[Volley][fBonus][0]; f.does(i, ActTakeAim) && p != nil {
		lines = append(lines, "  take_aim: its next Volley this turn at +1: "+p.describe("volley", a.shotsOf(st.health)))
	}
	return lines
}

// moraleTexts says side i's Morale test, as in st, against the first kind
// of attack of the first enemy that targets it; nothing when none does.
func (f *Fight) moraleTexts(i int, st *state) []string {
	for j, foe := range f.cc.Sides {
		if foe.Target != i {
			continue
		}
		for _, x := range append(append([]Action(nil), foe.FirstTurn...), foe.Actions...) {
			if k, ok := map[Action]Kind{ActCharge: Impact, ActClash: Clash, ActVolley: Volley}[x]; ok {
				return []string{"  " + f.atk[j][i].moraleText(k, st)}
			}
		}
		break
	}
	return nil
}

// orderText names the regiments of an activation order.
func (f *Fight) orderText(order []int) string {
	var ids []string
	for _, i := range order {
		ids = append(ids, f.cc.Sides[i].Regiment.ID)
	}
	return strings.Join(ids, ", ")
}

// count writes n things: "1 stand", "2 stands".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func orName(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func actionText(k Kind) string {
	return map[Kind]string{Clash: "a Clash", Impact: "Impact attacks on the charge", Volley: "a Volley"}[k]
}

// describe writes the regiment's line: stands, profile, rules, damage.
func (u *unit) describe() string {
	r := u.reg
	p := r.Profile
	per := "models"
	if u.m == 1 {
		per = "model"
	}
	head := fmt.Sprintf("%s: %d stands of %d %s (%s, %s), V%d C%d A%d W%d R%d D%d E%d",
		r.label(), r.Stands, u.m, per, r.Type, r.Class, p.V, p.C, p.A, p.W, p.R, p.D, p.E)
	if u.rs.Stand == PerStand {
		head += " per stand"
	}
	if rules := rulesText(r.Rules); rules != "" {
		head += "; " + rules
	}
	if c := r.Character; c != nil {
		cp := c.Profile
		head += fmt.Sprintf("; with %s (V%d C%d A%d W%d R%d", orName(c.Name, "a character"), cp.V, cp.C, cp.A, cp.W, cp.R)
		if rules := rulesText(c.Rules); rules != "" {
			head += "; " + rules
		}
		head += ")"
	}
	if s := r.Start; s != (Damage{}) {
		head += fmt.Sprintf("; starts with %s lost, %s lost, %s", count(s.StandsLost, "stand"), count(s.ModelsLost, "model"),
			count(s.Wounded, "Wounded marker"))
		if s.CharacterWounded > 0 {
			head += fmt.Sprintf(", %d on its character", s.CharacterWounded)
		}
	}
	return head
}

// rulesText lists a regiment's special rules.
func rulesText(x Rules) string {
	var out []string
	num := func(name string, v int) {
		if v > 0 {
			out = append(out, fmt.Sprintf("%s %d", name, v))
		}
	}
	flag := func(name string, on bool) {
		if on {
			out = append(out, name)
		}
	}
	num("Barrage", x.Barrage)
	num("Armour Piercing", x.ArmourPiercing)
	num("Cleave", x.Cleave)
	num("Brutal Impact", x.BrutalImpact)
	num("Impact", x.ImpactX)
	num("Fury", x.Fury)
	if x.Support > 1 {
		num("Support", x.Support)
	}
	num("Terrifying", x.Terrifying)
	flag("Smite", x.Smite)
	flag("Flurry", x.Flurry)
	flag("Relentless Blows", x.RelentlessBlows)
	flag("Flawless Strikes", x.FlawlessStrikes)
	flag("Deadly Blades", x.DeadlyBlades)
	flag("Rapid Volley", x.RapidVolley)
	flag("Precise Shot", x.PreciseShot)
	flag("Deadly Shot", x.DeadlyShot)
	flag("Unstoppable Charge", x.UnstoppableCharge)
	flag("Throwing Weapons", x.ThrowingWeapons)
	flag("Linebreaker", x.Linebreaker)
	flag("Shield", x.Shield)
	num("Bastion", x.Bastion)
	num("Hardened", x.Hardened)
	flag("Parry", x.Parry)
	flag("Untouchable", x.Untouchable)
	flag("Fearless", x.Fearless)
	flag("Fearsome", x.Fearsome)
	flag("Phalanx", x.Phalanx)
	flag("Iron Discipline", x.IronDiscipline)
	flag("Opportunists", x.Opportunists)
	flag("Fiend Hunter", x.FiendHunter)
	flag("Leader", x.Leader)
	flag("Blessed (failed hits, once a turn)", x.Blessed == BlessedHits)
	flag("Blessed (failed defence, once a turn)", x.Blessed == BlessedDefence)
	flag("Torrential Fire", x.TorrentialFire)
	num("Indomitable", x.Indomitable)
	num("Tenacious", x.Tenacious)
	num("Aura of Death", x.AuraOfDeath)
	flag("Counter-Attack", x.CounterAttack)
	flag("Lethal Demise", x.LethalDemise)
	num("Decay", x.Decay)
	num("Resist Decay", x.ResistDecay)
	flag("Oblivious", x.Oblivious)
	return strings.Join(out, ", ")
}

// describe writes what n attacks of p roll.
func (p *packet) describe(who string, n int) string {
	noun := map[Kind]string{Clash: "strikes", Impact: "impact attacks", Volley: "shots"}[p.kind]
	s := fmt.Sprintf("%s: %d %s, hit on %s", who, n, noun, p.hit.text())
	if p.extra {
		s += ", a 1 adds a hit"
	}
	if p.smiteOne {
		s += ", a 1 ignores Defence"
	}
	s += "; blocked on " + p.def.text()
	if p.smiteOne {
		s += " (" + p.defOne.text() + " against a 1)"
	}
	if p.wFail == 2 {
		s += "; each failed defence 2 wounds"
	} else if p.wSix == 2 {
		s += "; a failed defence on a 6 2 wounds"
	}
	_, w := p.perAttack()
	return s + fmt.Sprintf("; %.4f wounds an attack", mean(w))
}

func mean(pmf []float64) float64 {
	var m float64
	for k, p := range pmf {
		m += float64(k) * p
	}
	return m
}

// moraleText describes the target's Morale test against the attacker's
// action of kind, with the target as in st.
func (a *attacker) moraleText(kind Kind, st *state) string {
	t := a.tgt
	if kind == Volley && !a.rs.VolleyMorale {
		return t.reg.ID + " morale: wounds from a Volley cause no test (volley_morale)"
	}
	terror := a.terror
	if kind == Volley {
		terror = 0
	}
	s := t.stands(st)
	r := t.resolve(st, s, terror)
	text := fmt.Sprintf("%s morale: Resolve %d", t.reg.ID, r)
	if b := sizeBonus(s); b > 0 {
		text += fmt.Sprintf(" (size bonus +%d at %d stands)", b, s)
	}
	if terror > 0 {
		text += fmt.Sprintf(" (Terrifying -%d)", terror)
	}
	return text + fmt.Sprintf(", one die per wound, each passing on %s; a failure is one more wound", a.morale[min(max(r, 0), 5)].text())
}

// healText describes a heal source.
func (f *Fight) healText(h HealSource) string {
	name := orName(h.Name, "heal")
	if h.Kind == HealRegeneration {
		name = orName(h.Name, "Regeneration")
		if f.rs.Regeneration == RegenFullRestore {
			return name + ": at the start of each activation, every marker and model back, else a stand (1.03 full restore)"
		}
	}
	text := fmt.Sprintf("%s: heals %v at the start of each activation, through the Healing sequence", name, h.Amount)
	if h.Kind == HealRegeneration && f.rs.RegenSkipsCharacter {
		text += " (not its character)"
	}
	return text
}

// spellText says what side i's Character's spell rolls and does.
func (f *Fight) spellText(i int) string {
	sp := f.cc.Sides[i].Regiment.Character.Spell
	dice := fmt.Sprintf("%d dice", sp.Dice)
	if n := f.spellDice(i, f.startKey()); n != sp.Dice {
		dice = fmt.Sprintf("%d dice (%d, one fewer for Enemy Interference)", n, sp.Dice)
	}
	needs := fmt.Sprintf("%d success", f.rs.SpellSuccesses)
	if f.rs.SpellSuccesses > 1 {
		needs += "es"
	}
	if sp.Scaling && f.rs.Scaling == ScalingPerThreeStands {
		needs += " and one more for each three stands of its target beyond three (Scaling)"
	}
	s := fmt.Sprintf("cast: %s, %s, each %s a success; it needs %s", orName(sp.Name, "spell"), dice, f.sides[i].spell.text(), needs)
	if !sp.damage() {
		return s + fmt.Sprintf("; %d Heal Points a success", sp.PerSuccess)
	}
	return s + fmt.Sprintf("; %d hits a success, each blocked on %s", sp.Hits, f.atk[i][f.cc.Sides[i].Target].spell.def.text())
}
