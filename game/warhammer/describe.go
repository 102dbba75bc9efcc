package warhammer

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/engine"
)

// Describe says in words what the volley rolls and how likely each stage is
// to succeed, for reports: a reader can check the rules were read right.
func (v *Volley) Describe() []string {
	a, st := v.atk, v.st
	var lines []string
	what := fmt.Sprintf("%d attacks in close combat (WS%d against WS%d, round %d)", a.Count, a.Skill, v.tg.WS, a.Round)
	if a.Phase == Shooting {
		what = fmt.Sprintf("%d shots (BS%d, to-hit modifier %+d)", a.Count, a.Skill, a.ToHitMod)
	}
	lines = append(lines, what)
	switch {
	case st.autoHit:
		lines = append(lines, "to hit: automatic")
	default:
		l := "to hit: " + testText(st.hit)
		if st.poison {
			l += "; a natural 6 wounds automatically (Poisoned Attacks)"
		}
		lines = append(lines, l)
	}
	if a.AutoWound {
		lines = append(lines, "to wound: automatic")
	} else {
		l := fmt.Sprintf("to wound: %s, S%d against T%d", testText(st.wound), a.S, v.tg.T)
		if st.killing {
			l += "; a natural 6 slays outright (Killing Blow)"
		}
		lines = append(lines, l)
	}
	if st.armour == noTest {
		lines = append(lines, "armour save: none")
	} else {
		l := "armour save: " + testText(st.armour)
		if st.armour.Need != int(v.tg.Defence.Armour) {
			l = fmt.Sprintf("armour save: %d+, %s %s", int(v.tg.Defence.Armour), st.against(), testText(st.armour))
		}
		lines = append(lines, l)
	}
	ward := "ward save: none"
	if st.kbWard != noTest {
		ward = "ward save: " + testText(st.kbWard)
	}
	if st.wardIsRegn {
		ward += fmt.Sprintf("; Regeneration %s is taken instead against ordinary wounds", testText(st.ward))
	}
	lines = append(lines, ward)
	if st.regen != noTest {
		lines = append(lines, fmt.Sprintf("Regeneration: %s as each wound is lost, after the ward", testText(st.regen)))
	}
	if v.endOfPhaseRegen {
		l := fmt.Sprintf("Regeneration: %d+ at the end of the phase", int(v.tg.Defence.Regeneration))
		if a.Rules.Flaming {
			l += " (lost if a Flaming Attack wounds)"
		}
		lines = append(lines, l)
	}
	if mw := a.Rules.MultipleWounds; mw.Die != 0 || mw.N > 1 {
		lines = append(lines, fmt.Sprintf("each unsaved wound causes %v wounds (Multiple Wounds)", mw))
	}
	term := v.stages.Terminal(stAttack)
	l := fmt.Sprintf("each attack: unsaved wound %.4f", term[stUnsaved])
	if term[stKBUnsaved] > 0 {
		l += fmt.Sprintf(", Killing Blow %.4f", term[stKBUnsaved])
	}
	if term[stRegenSaved] > 0 {
		l += fmt.Sprintf(", regenerated %.4f", term[stRegenSaved])
	}
	return append(lines, l)
}

// testText writes a test as its target and chance: "5+ (1/3)".
func testText(t engine.Test) string {
	o := t.Odds()
	num := o.N[engine.Pass] + o.N[engine.PassSix]
	var b strings.Builder
	switch {
	case num == 0:
		b.WriteString("impossible")
	case num == o.Den:
		b.WriteString("automatic")
	case t.Need > 6 && t.Beyond6 && t.Need <= 9:
		fmt.Fprintf(&b, "%d+ (a 6, then %d+)", t.Need, t.Need-3)
	case t.Need > 6:
		b.WriteString("a natural 6 only")
	case t.Need < 2:
		fmt.Fprintf(&b, "2+ (%d+ before the natural 1 that always fails)", t.Need)
	default:
		fmt.Fprintf(&b, "%d+", t.Need)
	}
	if t.RerollFail && t.RerollNeed != 0 {
		fmt.Fprintf(&b, " re-rolling failures at %d+", t.RerollNeed)
	} else if t.RerollFail {
		b.WriteString(" re-rolling failures")
	}
	if t.Reroll != 0 {
		var faces []string
		for f := 1; f <= 6; f++ {
			if t.Reroll.Has(f) {
				faces = append(faces, fmt.Sprint(f))
			}
		}
		fmt.Fprintf(&b, " re-rolling %s", strings.Join(faces, ", "))
	}
	g := gcd(num, o.Den)
	fmt.Fprintf(&b, " (%d/%d)", num/g, o.Den/g)
	return b.String()
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Describe says in words what each unit brings to the fight and how its
// blows of the first round land, for reports.
func (f *Fight) Describe() []string {
	var lines []string
	for i, sd := range f.sides {
		me, foe := f.unit(i), f.unit(sd.enemy) // its first contact's enemy
		head := fmt.Sprintf("%s: %d models, %d wide, Ld %d, armour %s", me.ID, me.Models, me.Frontage, me.Profile.Ld, saveText(me.Defence.Armour))
		if me.lone() {
			head = fmt.Sprintf("%s: a lone character, Ld %d, armour %s", me.ID, me.Profile.Ld, saveText(me.Defence.Armour))
		}
		if me.Defence.Ward < NoSave {
			head += ", ward " + saveText(me.Defence.Ward)
		}
		if me.Defence.Regeneration < NoSave {
			head += ", Regeneration " + saveText(me.Defence.Regeneration)
		}
		if sd.charging {
			head += "; charged"
			if sd.at != Front {
				head += " the " + facings[sd.at]
			}
		}
		lines = append(lines, head)
		if l := f.chargeFearText(i); l != "" {
			lines = append(lines, "  "+l)
		}
		if l := f.reactionText(i); l != "" {
			lines = append(lines, "  "+l)
		}
		for m := 1; m < len(sd.members); m++ {
			lines = append(lines, "  "+f.characterText(i, m))
		}
		for _, g := range sd.groups {
			if me.lone() && g.member == 0 {
				continue // no rank and file
			}
			v := &g.v[0][1][0][0][1]
			who := []string{"models", "mounts", "supporting ranks"}[g.kind]
			if g.member > 0 {
				who = sd.members[g.member].char.ID
				if g.kind == mounts {
					who += "'s mount"
				}
			}
			lines = append(lines, fmt.Sprintf("  %s: I%d, hit %s, wound %s (S%d against T%d), %s",
				who, g.i, hitText(v.st), testText(v.st.wound), v.st.strength, foe.Profile.T, foeSave(foe.ID, foe.Defence.Armour, v.st)))
		}
		if c := me.Challenge; c.Issue != IssueNever || c.Refuse {
			l := "  challenges: issues " + c.Issue.String()
			if c.Refuse {
				l += ", refuses every challenge"
			}
			if c.By != "" {
				l += ", with " + c.By
			}
			lines = append(lines, l)
		}
	}
	return lines
}

// chargeFearText says what Fear test unit i takes on the charge
// (fear_to_charge, fear_on_charge), with its chance to pass, or "" for
// none.
func (f *Fight) chargeFearText(i int) string {
	me, foe := f.unit(i), f.unit(f.sides[i].enemy)
	var what, failing string
	option := "fear_on_charge"
	switch i {
	case f.chargeTest:
		what, failing, option = "to charge the Fear-causing "+foe.ID, "no charge", "fear_to_charge"
	case f.chargedTest:
		what, failing = "when charged by the Fear-causing "+foe.ID, "hits only on 6s in the first round"
		if us, foeUS := me.Models*me.unitStrength(f.rs), foe.Models*foe.unitStrength(f.rs); us < foeUS {
			failing = fmt.Sprintf("flees (Unit Strength %d against %d)", us, foeUS)
		}
	default:
		return ""
	}
	var pass int64 // in 36ths of 36ths
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b <= me.Profile.Ld {
				pass++
			}
		}
	}
	den := int64(36)
	if f.rs.BSBReroll && f.rs.BSBRerollFear && me.BattleStandard {
		pass, den = 36*pass+(36-pass)*pass, 36*36 // a failure re-rolled once
	}
	g := gcd(pass, den)
	return fmt.Sprintf("Fear test %s: Ld %d, passes %d/%d; failing, %s (%s)", what, me.Profile.Ld, pass/g, den/g, failing, option)
}

func hitText(st stages) string {
	if st.autoHit {
		return "automatic"
	}
	return testText(st.hit)
}

// foeSave says whose armour save a group's blows meet, and what the
// blows' Strength leaves of it: "trolls' armour save: none", "knights'
// armour save: 1+, against S5 3+ (2/3)", as a volley's description words
// it. It names the foe, so that the line
// under a unit's own "armour 1+" does not read as that unit's save.
func foeSave(foe string, armour Save, st stages) string {
	whose := foe + "'s"
	if strings.HasSuffix(foe, "s") {
		whose = foe + "'"
	}
	switch {
	case st.armour == noTest:
		return whose + " armour save: none"
	case st.armour.Need != int(armour):
		return fmt.Sprintf("%s armour save: %s, %s %s", whose, saveText(armour), st.against(), testText(st.armour))
	}
	return whose + " armour save: " + testText(st.armour)
}

// against names what changes an armour save: the blows' Strength, or
// where weapons' Armour Piercing does (The Old World) their AP.
func (st stages) against() string {
	if st.ap >= 0 {
		return fmt.Sprintf("against AP %d", st.ap)
	}
	return fmt.Sprintf("against S%d", st.strength)
}

func saveText(s Save) string {
	if s >= NoSave {
		return "none"
	}
	return fmt.Sprintf("%d+", int(s))
}

// characterText says who unit i's character m is: "captain: character,
// WS5 S4 T4 W2 I5 A3 Ld8, armour 2+", with how many enemies strike it.
func (f *Fight) characterText(i, m int) string {
	mb := &f.sides[i].members[m]
	c := mb.char
	what := "character"
	switch {
	case c.Champion:
		what = "the unit's champion"
	case c.General:
		what = "character, the General"
	}
	if c.BattleStandard {
		what += ", with the battle standard"
	}
	p := c.Profile
	l := fmt.Sprintf("%s: %s, WS%d S%d T%d W%d I%d A%d Ld%d, armour %s", c.ID, what, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld, saveText(c.Defence.Armour))
	if c.Defence.Ward < NoSave {
		l += ", ward " + saveText(c.Defence.Ward)
	}
	if c.Defence.Regeneration < NoSave {
		l += ", Regeneration " + saveText(c.Defence.Regeneration)
	}
	if c.StrikeAt != "" {
		l += "; strikes " + c.StrikeAt
	}
	foe := f.unit(f.sides[i].enemy)
	if foe.StrikeAt == c.ID {
		l += fmt.Sprintf("; %d of %s strike it", c.inContact(), foe.ID)
	}
	return l
}
