package wotr

import (
	"fmt"
	"strings"
)

// DuelRollOdds counts, over every equally likely roll, how often the hero
// who declared a duel, with Fight fa and the declarer's bonus, beats, ties
// with or loses to a hero of Fight fb, before any Might is spent (RULES.md
// §6.7): out of den = 36 rolls, or 216 for an Epic Duel's best of two dice.
func DuelRollOdds(fa, fb, bonus int, epic bool) (win, tie, lose, den int) {
	for a := 1; a <= 6; a++ {
		for a2 := 1; a2 <= 6; a2++ {
			if !epic && a2 > 1 {
				break
			}
			for b := 1; b <= 6; b++ {
				da := a
				if epic {
					da = max(a, a2)
				}
				switch sa, sb := da+fa+bonus, b+fb; {
				case sa > sb:
					win++
				case sa == sb:
					tie++
				default:
					lose++
				}
			}
		}
	}
	return win, tie, lose, win + tie + lose
}

// Describe says in words what the turn is, for reports: each formation,
// how its dice hit, each hero with what he declares and how he spends
// Might, the odds of each duel roll, and how the actions are ordered.
func (t *Turn) Describe() []string {
	e := &t.e
	var lines []string
	tr := t.startTrial()
	if n := e.turns(); n > 1 {
		lines = append(lines, fmt.Sprintf("%d turns, or until a formation is destroyed: each turn the heroes declare their actions again while their Might pays; a loser that falls back is charged by the other formation the next turn (docs/wotr.md, \"Several turns\")", n))
	}
	for i := range e.Formations {
		lines = append(lines, t.formationText(i))
		if !e.DuelsOnly {
			lines = append(lines, t.toHitText(i, tr))
		}
	}
	for hi := range e.Heroes {
		lines = append(lines, t.heroText(hi))
	}
	for hi := range e.Heroes {
		lines = append(lines, t.duelTexts(hi)...)
	}
	return append(lines, t.orderTexts()...)
}

// startTrial returns a trial as the turn starts: every model alive, every
// hero's Might in hand, the charger charging.
func (t *Turn) startTrial() *trial {
	e := &t.e
	tr := t.NewTrialer().(*trial)
	for i := range tr.f {
		tr.f[i] = formationState{alive: e.Formations[i].Models()}
	}
	for i := range e.Heroes {
		tr.h[i] = heroState{might: e.Heroes[i].Might}
	}
	tr.charger = e.Charger
	return tr
}

// formationText writes formation i's line: its companies, models and
// profile, and what sets it apart (banner, steadfast, toughness, support
// dice, Berserk, charging, a Heroic Move).
func (t *Turn) formationText(i int) string {
	e := &t.e
	f := &e.Formations[i]
	l := fmt.Sprintf("%s: %d companies of %d %s (%d models), %d wide; F%d S%d D%d", f.ID, f.Companies, f.size(), f.Type, f.Models(), f.Frontage, f.F, f.S, f.D)
	if f.Shield {
		l += fmt.Sprintf(" (%d with its shields, from the front)", f.D+2)
	}
	l += fmt.Sprintf(" A%d R%d C%d", f.A, f.R, f.C)
	var extra []string
	if f.Banner {
		extra = append(extra, "banner")
	}
	if f.SteadfastOn > 0 && f.SteadfastOn != steadfastOn {
		extra = append(extra, fmt.Sprintf("steadfast on %d+", f.SteadfastOn))
	}
	if f.Toughness != NotHardToKill {
		extra = append(extra, []string{"", "Hard to Kill", "Very Hard to Kill"}[f.Toughness])
	}
	if f.SupportDice > 0 {
		extra = append(extra, fmt.Sprintf("%d dice per supporting company", f.SupportDice))
	}
	if f.Berserk {
		extra = append(extra, "Berserk (rolls as it fights, having charged)")
	}
	if e.Charger == i {
		extra = append(extra, "charges")
	}
	if t.moved[i] != 0 {
		extra = append(extra, "made a Heroic Move (may not charge this turn)")
	}
	if len(extra) > 0 {
		l += "; " + strings.Join(extra, ", ")
	}
	return l
}

// toHitText says what formation i needs to hit the enemy and how many
// dice it rolls as the fight starts, in trial tr.
func (t *Turn) toHitText(i int, tr *trial) string {
	f, foe := &t.e.Formations[i], &t.e.Formations[1-i]
	st := t.sides[i].step
	return fmt.Sprintf("  to hit %s: %s, %s, S%d against D%d, modifier %+d; %d dice at the start of the fight",
		foe.ID, LadderText(st), frac(Hit36(st), 36), f.S, foe.D+2*b2i(foe.Shield), f.ToHitMod, first(tr.dice(i, false)))
}

// heroText writes hero hi's line: his command company, profile, Might
// policy, whom he guards, and the actions he declares.
func (t *Turn) heroText(hi int) string {
	e := &t.e
	h := &e.Heroes[hi]
	l := fmt.Sprintf("%s leads the command company of %s: F%d R%d C%d Might %d", h.ID, e.Formations[h.Formation].ID, h.F, h.R, h.C, h.Might)
	if h.Toughness != NotHardToKill {
		l += ", " + []string{"", "Hard to Kill", "Very Hard to Kill"}[h.Toughness]
	}
	l += fmt.Sprintf("; Might policy %s (%s)", h.Policy, policyText[h.Policy])
	if h.BodyguardOf != "" {
		l += "; bodyguard of " + h.BodyguardOf + " (fights the duels directed at him while he lives)"
	}
	var acts []string
	for _, a := range h.Actions {
		s := a.Kind.String()
		switch a.Kind {
		case HeroicDuel, EpicDuel:
			s += " on " + e.Heroes[a.Target].ID
		case HeroicCombat:
			s += " (second charge: " + secondChargeNames[a.SecondCharge] + ")"
		}
		if a.Turns != 0 {
			s += " in " + turnsText(a.Turns)
		}
		acts = append(acts, s)
	}
	if len(acts) > 0 {
		l += "; declares " + strings.Join(acts, ", ")
	}
	return l
}

// duelTexts says the odds of the roll of each duel hero hi declares, an
// Epic Strike declared in the first turn making his or his foe's
// Fight 10, and the Duel table its hits use.
func (t *Turn) duelTexts(hi int) []string {
	e, rs := &t.e, t.rs
	h := &e.Heroes[hi]
	var lines []string
	for _, a := range h.Actions {
		if !a.Kind.Duel() {
			continue
		}
		g := &e.Heroes[a.Target]
		fa, fb := h.F, g.F
		if in(t.epic[hi][EpicStrike], 0) {
			fa = 10
		}
		if in(t.epic[a.Target][EpicStrike], 0) {
			fb = 10
		}
		w, ti, lo, den := DuelRollOdds(fa, fb, rs.DuelDeclarerBonus, a.Kind == EpicDuel)
		dice := "D6"
		if a.Kind == EpicDuel {
			dice = "best of 2D6"
		}
		lines = append(lines, fmt.Sprintf("%s's %s on %s: %s + F%d + %d against D6 + F%d: wins %s, ties %s, loses %s before Might; hits on the %s Duel table",
			h.ID, a.Kind, g.ID, dice, fa, rs.DuelDeclarerBonus, fb, frac(w, den), frac(ti, den), frac(lo, den), rs.tableName()))
	}
	return lines
}

// orderTexts says how the actions are ordered: who a Heroic Charge makes
// the charger, each phase's roll-off and picks, and that the formations
// do not fight when only the duels are fought.
func (t *Turn) orderTexts() []string {
	var lines []string
	if len(t.steps[ChargePhase][0])+len(t.steps[ChargePhase][1]) > 0 {
		lines = append(lines, "the first Heroic Charge in the charge phase's order decides which formation charges")
	}
	picks := map[PickUnit]string{PickAction: "one action", PickHero: "one hero with all his actions"}[t.rs.OrderPicks]
	lines = append(lines, fmt.Sprintf("each phase's actions: a roll-off when both sides declare, then the sides alternate, a pick being %s; each action costs 1 Might, paid before any is carried out", picks))
	if t.e.DuelsOnly {
		lines = append(lines, "the formations do not fight: the duels alone are fought (their hits on formations land)")
	}
	return lines
}

var policyText = [numPolicies]string{
	"Might on actions only",
	"spends to win, else tie, the duel roll",
	"spends to win the duel roll, turns 5s into 6s on the Duel table, and saves failed Courage tests",
	"spends only not to lose the duel roll: to tie it",
	"spends to win, else tie, the duel roll, keeping what his actions of the turns to come need",
}

func (rs *Ruleset) tableName() string { return []string{"m2", "m1", "m3"}[rs.DuelTable] }

func first(n, _ int) int { return n }

// turnsText writes a mask of turns for people: "turn 2", "turns 1, 3".
func turnsText(mask uint16) string {
	var ks []string
	for k := range MaxTurns {
		if in(mask, k) {
			ks = append(ks, fmt.Sprint(k+1))
		}
	}
	if len(ks) == 1 {
		return "turn " + ks[0]
	}
	return "turns " + strings.Join(ks, ", ")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// frac writes n/d in lowest terms and as a decimal: "13/18 (0.7222)".
func frac(n, d int) string {
	a, b := n, d
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		a = 1
	}
	return fmt.Sprintf("%d/%d (%.4f)", n/a, d/a, float64(n)/float64(d))
}
