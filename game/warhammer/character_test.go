package warhammer

import (
	"testing"

	"github.com/wargamesim/sim/engine"
)

// The tests of this file replay scripted dice through the die-by-die path
// of fights with characters, and derive every expected value by hand from
// the rules text docs/rules.md cites ("Characters, champions and
// challenges"). Rank-and-file models with no Attacks keep the dice to the
// characters'; Initiatives differ so that no roll-off is rolled.

// block is a unit of five rank-and-file models, five wide, with no
// Attacks, no save and no Regeneration, led by chars.
func block(id string, ld, i int, chars ...Character) Fighter {
	return Fighter{
		ID: id, Type: Infantry, Models: 5, Frontage: 5,
		Profile:    Profile{M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: i, A: 0, Ld: ld},
		Defence:    Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave},
		Characters: chars,
	}
}

// hero is a character on foot with no save.
func hero(id string, p Profile) Character {
	return Character{ID: id, Type: Infantry, Profile: p, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}}
}

// challengeFight is a one-round fight, no charger, of attacker's hero x
// (side 0, which challenges) against defender's hero y (side 1, which
// accepts), with outnumbering off so that combat result is the wounds and
// the Overkill alone.
func challengeFight(t *testing.T, x, y Character) *Fight {
	t.Helper()
	rs := sixth(t)
	setOption(t, rs, "outnumber_bonus", "no")
	a, b := block("a", 7, 2, x), block("b", 7, 1, y)
	a.Challenge.Issue = IssueAlways
	return newFight(t, rs, Combat{Sides: [2]Fighter{a, b}, Charger: -1, HighGround: -1, MaxRounds: 1}).PerDie()
}

// Event and metric indices of challengeFight's characters.
func (f *Fight) charIndex(t *testing.T, name string) (metric, event int) {
	t.Helper()
	metric, event = -1, -1
	for i, m := range f.Metrics() {
		if m.Name == name+".overkill" {
			metric = i
		}
	}
	for i, e := range f.Events() {
		if e == name+".slain" {
			event = i
		}
	}
	if metric < 0 || event < 0 {
		t.Fatalf("no metric %s.overkill or event %s.slain in %v, %v", name, name, f.Metrics(), f.Events())
	}
	return metric, event
}

// Warhammer Annual 2002 (6th.whfb.app close-combat/challenges-combat-
// resolution): "if a character had only a single Wound remaining and
// failed to save against 8 wounds ... this stops at the maximum of +6".
// X (A8, S5) hits Y (WS 5, so 4+) eight times and wounds (2+ against T3)
// eight times; Y has no save and 1 Wound: combat result 1 + Overkill 5.
func TestOverkillStopsAtFiveMore(t *testing.T) {
	f := challengeFight(t,
		hero("x", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 8, Ld: 8}),
		hero("y", Profile{WS: 5, S: 3, T: 3, W: 1, I: 3, A: 0, Ld: 8}))
	dice := []int{6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6} // hit, wound, eight times
	dice = append(dice, 3, 3, 1, 1, 6, 6)                         // b breaks (6 > 7-6), flees 12, a pursues 2
	d := engine.Scripted(dice...)
	r := trial(f, d)
	ok, slain := f.charIndex(t, "a.x")
	_, ySlain := f.charIndex(t, "b.y")
	if r.Values[fmCR0] != 6 || r.Values[fmCR1] != 0 {
		t.Errorf("combat result %d against %d, want 6 (1 wound and +5 Overkill) against 0", r.Values[fmCR0], r.Values[fmCR1])
	}
	if r.Values[ok] != 5 || !r.Events[ySlain] || r.Events[slain] {
		t.Errorf("x's Overkill %d (want 5), y slain %v (want true), x slain %v", r.Values[ok], r.Events[ySlain], r.Events[slain])
	}
	if r.Values[fmCasualties1] != 0 {
		t.Errorf("b's rank and file lost %d models; Overkill slays no one else", r.Values[fmCasualties1])
	}
	if d.Left() != 0 || !r.Events[feBreaks1] {
		t.Errorf("%d dice left, b broke %v", d.Left(), r.Events[feBreaks1])
	}
}

// The Annual's second example: "a character with 3 Wounds is wounded four
// times by a weapon that does D3 wounds. He makes his armour saves and
// still suffers 2 wounds ... the attacker rolls a total of 5 wounds. This
// knocks off the character's remaining Wounds and has two left for
// Overkill, giving +5". Here X's four hits wound twice (6, 6, 1, 1) and Y
// has no save; the two D3 come from D6 5 (3) and 3 (2).
func TestOverkillCountsEveryMultipleWound(t *testing.T) {
	x := hero("x", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 4, Ld: 8})
	x.Rules.MultipleWounds = Amount{Die: 3}
	f := challengeFight(t, x, hero("y", Profile{WS: 5, S: 3, T: 3, W: 3, I: 3, A: 0, Ld: 8}))
	d := engine.Scripted(6, 6, 6, 6, 6, 1, 6, 1, // hit, wound, four times
		5, 3, // D3: 3 and 2
		3, 3, 1, 1, 6, 6) // b breaks, escapes
	r := trial(f, d)
	ok, _ := f.charIndex(t, "a.x")
	if r.Values[fmCR0] != 5 || r.Values[ok] != 2 {
		t.Errorf("combat result %d with Overkill %d, want 5 (3 wounds and 2 Overkill)", r.Values[fmCR0], r.Values[ok])
	}
	if d.Left() != 0 {
		t.Errorf("%d dice left", d.Left())
	}
}

// The Annual's Killing Blow rule: "If a character falls to a Killing
// Blow, this scores the number of wounds they had remaining ... In
// addition, the attacker scores an Overkill bonus equal to the number of
// other wounding hits". Y has 2 Wounds; of X's three hits one wounds on a
// 5 and one on a 6 (Killing Blow, against infantry in 6th); the third
// fails. Under 6th the ordinary wound is marked first, so the Killing Blow
// finds 1 Wound left: 2 wounds scored in all, plus 1 Overkill, 3 - what
// "remaining 2 plus one other wounding hit" gives whichever comes first.
func TestOverkillFromKillingBlow(t *testing.T) {
	for _, order := range []string{"after_other_wounds", "before_other_wounds"} {
		x := hero("x", Profile{WS: 5, S: 4, T: 3, W: 2, I: 5, A: 3, Ld: 8})
		x.Rules.KillingBlow = true
		y := hero("y", Profile{WS: 5, S: 3, T: 4, W: 2, I: 3, A: 0, Ld: 8})
		f := challengeFight(t, x, y)
		setOption(t, f.rs, "killing_blow_order", order)
		f = newFight(t, f.rs, f.cc).PerDie()
		d := engine.Scripted(6, 5, 6, 6, 6, 1, // hit and wound: wound, Killing Blow, fail
			3, 3, 1, 1, 6, 6) // b breaks, escapes
		r := trial(f, d)
		ok, _ := f.charIndex(t, "a.x")
		if r.Values[fmCR0] != 3 || r.Values[ok] != 1 {
			t.Errorf("%s: combat result %d with Overkill %d, want 3 with 1", order, r.Values[fmCR0], r.Values[ok])
		}
		if d.Left() != 0 {
			t.Errorf("%s: %d dice left", order, d.Left())
		}
	}
}

// killingBlowFight is a one-round fight under rs, no charger, of attacker's
// hero x (side 0, which challenges) against defender's hero y (side 1,
// which accepts and cannot break), with outnumbering and supporting
// attacks off, so that combat result is the wounds and the Overkill alone
// and every die is the characters'.
func killingBlowFight(t *testing.T, rs *Ruleset, order string, x, y Character) *Fight {
	t.Helper()
	setOption(t, rs, "outnumber_bonus", "no")
	setOption(t, rs, "supporting_attacks", "no")
	setOption(t, rs, "killing_blow_order", order)
	a, b := block("a", 7, 2, x), block("b", 7, 1, y)
	a.Challenge.Issue, b.Unbreakable = IssueAlways, true
	return newFight(t, rs, Combat{Sides: [2]Fighter{a, b}, Charger: -1, HighGround: -1, MaxRounds: 1}).PerDie()
}

// A Killing Blow among the wounds of one step: "If a character falls to a
// Killing Blow, this scores the number of wounds they had remaining, just
// as with ordinary troops. In addition, the attacker scores an Overkill
// bonus equal to the number of other wounding hits, regardless of whether
// they were Killing Blows" (6th.whfb.app close-combat/challenges-combat-
// resolution, Warhammer Annual 2002). The blows of a step land at once, so
// the count is the same in whichever order the step's wounds are marked
// (killing_blow_order). X (S4, Killing Blow) strikes Y (T4, W2, no save):
// each blow a 6 to hit, then 5 to wound (a wound) or 6 (a Killing Blow).
// Y scores 2 for the Killing Blow, his two wounds left (6th) or his two
// profile Wounds (8th), and X +1 Overkill for each other wounding hit, at
// most +5. Two wounds would have slain Y by themselves; he still falls to
// the Killing Blow, and they are Overkill [I: docs/rules.md, "Overkill"].
func TestKillingBlowInAStepScoresItsOtherHitsAsOverkill(t *testing.T) {
	for _, c := range []struct {
		name     string
		wounds   []int // X's rolls to wound, one a blow, each after a 6 to hit
		overkill int
	}{
		{"a wound and a Killing Blow", []int{5, 6}, 1},
		{"a Killing Blow and a wound", []int{6, 5}, 1},
		{"two wounds and a Killing Blow", []int{5, 5, 6}, 2},
		{"two Killing Blows", []int{6, 6}, 1},
		{"a Killing Blow and six wounds, at the cap", []int{6, 5, 5, 5, 5, 5, 5}, 5},
	} {
		for ed, rs := range map[string]func(testing.TB) *Ruleset{"6th": sixth, "8th": eighth} {
			for _, order := range []string{"after_other_wounds", "before_other_wounds"} {
				x := hero("x", Profile{WS: 5, S: 4, T: 3, W: 2, I: 5, A: len(c.wounds), Ld: 8})
				x.Rules.KillingBlow = true
				y := hero("y", Profile{WS: 5, S: 3, T: 4, W: 2, I: 3, A: 0, Ld: 8})
				f := killingBlowFight(t, rs(t), order, x, y)
				var dice []int
				for _, w := range c.wounds {
					dice = append(dice, 6, w)
				}
				d := engine.Scripted(dice...)
				r := trial(f, d)
				ok, _ := f.charIndex(t, "a.x")
				_, slain := f.charIndex(t, "b.y")
				if r.Values[fmCR0] != 2+c.overkill || r.Values[ok] != c.overkill || !r.Events[slain] || d.Left() != 0 {
					t.Errorf("%s, %s, %s: combat result %d with Overkill %d, y slain %v, %d dice left; want %d with %d, slain",
						c.name, ed, order, r.Values[fmCR0], r.Values[ok], r.Events[slain], d.Left(), 2+c.overkill, c.overkill)
				}
			}
		}
	}
}

// A wound of an earlier step was scored as a wound, and is not Overkill
// again. X (I3, Killing Blow) rides a steed (I4, S5, no Killing Blow): the
// steed strikes first and wounds Y (6, 6), then X's blow is a Killing
// Blow (6, 6). Under 6th Y scores his wound, then the one he had left when
// the Killing Blow fell: 2, and X no Overkill, for the Killing Blow's step
// had no other wounding hit. Under 8th the Killing Blow scores his profile
// Wounds: 1 + 2 = 3, no Overkill. Struck in one step instead (the steed at
// I3 too), the wound is the Killing Blow's other hit: 2 and +1 Overkill,
// under either edition.
func TestKillingBlowOverkillCountsItsOwnStepOnly(t *testing.T) {
	for _, c := range []struct {
		name     string
		rs       func(testing.TB) *Ruleset
		steedI   int
		cr, over int
	}{
		{"6th, the steed first", sixth, 4, 2, 0},
		{"8th, the steed first", eighth, 4, 3, 0},
		{"6th, at once", sixth, 3, 3, 1},
		{"8th, at once", eighth, 3, 3, 1},
	} {
		for _, order := range []string{"after_other_wounds", "before_other_wounds"} {
			x := hero("x", Profile{WS: 5, S: 4, T: 3, W: 2, I: 3, A: 1, Ld: 8})
			x.Type, x.Mounted = Cavalry, true
			x.Mount = &Mount{Name: "steed", WS: 3, S: 5, I: c.steedI, A: 1}
			x.Rules.KillingBlow = true
			y := hero("y", Profile{WS: 5, S: 3, T: 4, W: 2, I: 6, A: 0, Ld: 8})
			f := killingBlowFight(t, c.rs(t), order, x, y)
			d := engine.Scripted(6, 6, 6, 6) // the steed's blow and X's, in either order: all sixes
			r := trial(f, d)
			ok, _ := f.charIndex(t, "a.x")
			_, slain := f.charIndex(t, "b.y")
			if r.Values[fmCR0] != c.cr || r.Values[ok] != c.over || !r.Events[slain] || d.Left() != 0 {
				t.Errorf("%s, %s: combat result %d with Overkill %d, y slain %v, %d dice left; want %d with %d, slain",
					c.name, order, r.Values[fmCR0], r.Values[ok], r.Events[slain], d.Left(), c.cr, c.over)
			}
		}
	}
}

// Refusing: "the declining player must retire one character nominated by
// his opponent ... The retired character may not fight or do anything
// else that turn. The unit may not use his Leadership for any tests"
// (6th.whfb.app characters/refusing-a-challenge-boo-hiss). Y (A5, Ld 10)
// retires, so strikes no blow; X's one blow slays a rank-and-file model;
// b loses by 1 and tests on its own Ld 2 less 1: a double 1 (2) fails,
// where Y's Ld 10 would have passed. No die is rolled for Y.
func TestRefusedChallengeRetiresTheCharacter(t *testing.T) {
	rs := sixth(t)
	setOption(t, rs, "outnumber_bonus", "no")
	a := block("a", 7, 2, hero("x", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 1, Ld: 8}))
	b := block("b", 2, 1, hero("y", Profile{WS: 5, S: 5, T: 3, W: 2, I: 3, A: 5, Ld: 10}))
	a.Challenge.Issue, b.Challenge.Refuse = IssueAlways, true
	f := newFight(t, rs, Combat{Sides: [2]Fighter{a, b}, Charger: -1, HighGround: -1, MaxRounds: 1}).PerDie()
	d := engine.Scripted(6, 6, // x hits and wounds the rank and file
		1, 1, 1, 1, 6, 6) // b fails 2 against 2-1, flees 12, a pursues 2
	r := trial(f, d)
	issued, accepted := len(f.Events())-2, len(f.Events())-1
	if !r.Events[issued] || r.Events[accepted] {
		t.Errorf("challenge issued %v, accepted %v; want issued and refused", r.Events[issued], r.Events[accepted])
	}
	if r.Values[fmCasualties1] != 1 || !r.Events[feBreaks1] || d.Left() != 0 {
		t.Errorf("b lost %d (want 1), broke %v (want true), %d dice left (want 0: y struck no blow)",
			r.Values[fmCasualties1], r.Events[feBreaks1], d.Left())
	}
}

// Nowhere to run, nowhere to hide: under 8th "a character cannot refuse a
// challenge if his model cannot be placed so that he is not in base
// contact with an enemy model" (wap.whfb.app characters/nowhere-to-run-
// nowhere-to-hide; 7th.whfb.app characters/refusing-a-challenge-boo-hiss
// in other words). B's Y (A1) refuses X's challenge. Four rank and file and
// Y, five wide, are one rank, every place in base contact: Y must accept,
// X's blow (6, 6) wounds him and his (6, 6) wounds X, 1 against 1. Five and
// Y are two ranks: Y retires to the second, X's blow slays a rank-and-file
// model and Y strikes none, 1 against 0. Under 6th a unit with rank and
// file to hide behind may refuse however deep it is (refuse_needs:
// rank_and_file): the one rank refuses too. Supporting attacks are off and
// B cannot break, so that the dice are the characters' alone.
func TestRefusalNeedsAPlaceOutOfContact(t *testing.T) {
	for _, c := range []struct {
		name     string
		rs       func(testing.TB) *Ruleset
		models   int
		accepted bool
		dice     int
		cr       [2]int
	}{
		{"8th, one rank", eighth, 4, true, 4, [2]int{1, 1}},
		{"8th, two ranks", eighth, 5, false, 2, [2]int{1, 0}},
		{"6th, one rank", sixth, 4, false, 2, [2]int{1, 0}},
		{"7th, one rank", seventh, 4, true, 4, [2]int{1, 1}},
	} {
		rs := c.rs(t)
		setOption(t, rs, "outnumber_bonus", "no")
		setOption(t, rs, "supporting_attacks", "no")
		a := block("a", 7, 2, hero("x", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 1, Ld: 8}))
		b := block("b", 7, 1, hero("y", Profile{WS: 5, S: 5, T: 3, W: 2, I: 3, A: 1, Ld: 10}))
		b.Models, b.Unbreakable = c.models, true
		a.Challenge.Issue, b.Challenge.Refuse = IssueAlways, true
		f := newFight(t, rs, Combat{Sides: [2]Fighter{a, b}, Charger: -1, HighGround: -1, MaxRounds: 1}).PerDie()
		d := engine.Scripted(repeat(6, c.dice)...)
		r := trial(f, d)
		issued, accepted := len(f.Events())-2, len(f.Events())-1
		if !r.Events[issued] || r.Events[accepted] != c.accepted {
			t.Errorf("%s: challenge issued %v, accepted %v; want issued, accepted %v", c.name, r.Events[issued], r.Events[accepted], c.accepted)
		}
		if got := [2]int{r.Values[fmCR0], r.Values[fmCR1]}; got != c.cr || d.Left() != 0 {
			t.Errorf("%s: combat result %v with %d dice left, want %v and every die used", c.name, got, d.Left(), c.cr)
		}
	}
}

// Seed 000: "A character only loses Regeneration if it suffers a wound from
// Flaming Attacks", and the unit only when its models do. X's one Flaming
// blow wounds the Troll character (strike_at) or the Trolls: only the model
// wounded loses Regeneration for the battle.
func TestFlamingLosesOnlyTheWoundedModelsRegeneration(t *testing.T) {
	for _, c := range []struct {
		strikeAt      string
		unit, charLst bool
	}{{"hag", false, true}, {"", true, false}} {
		x := hero("x", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 1, Ld: 8})
		x.Rules.Flaming, x.StrikeAt = true, c.strikeAt
		hag := hero("hag", Profile{WS: 3, S: 5, T: 4, W: 3, I: 1, A: 0, Ld: 6})
		hag.Type, hag.Defence.Regeneration = MonstrousInfantry, 4
		trolls := trollsUnit()
		trolls.Profile.A = 0
		trolls.Characters = []Character{hag}
		f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{block("a", 7, 2, x), trolls}, Charger: -1, HighGround: -1, MaxRounds: 1}).PerDie()
		tr := f.NewTrialer().(*fightTrial)
		d := engine.Scripted(6, 6) // hit, wound: no save; 1 against the Trolls' outnumbering 1 is a draw
		r := engine.NewTrialResult(f)
		tr.Trial(d, &r)
		if got := tr.st[1][0].lostRegenBattle; got != c.unit {
			t.Errorf("strike at %q: the Trolls lost Regeneration %v, want %v", c.strikeAt, got, c.unit)
		}
		if got := tr.st[1][1].lostRegenBattle; got != c.charLst {
			t.Errorf("strike at %q: the hag lost Regeneration %v, want %v", c.strikeAt, got, c.charLst)
		}
		if d.Left() != 0 {
			t.Errorf("strike at %q: %d dice left (no Regeneration die: the wound was Flaming)", c.strikeAt, d.Left())
		}
	}
}

// strike_at: the models in base contact with the enemy character, its
// in_contact of them, strike it; the rest the rank and file. Five models
// with A2 against a character two of them touch: 4 attacks at him, 6 at
// the unit; every die a 6, and no saves.
func TestStrikeAtSplitsTheFightingRank(t *testing.T) {
	a := block("a", 7, 2)
	a.Profile.A, a.StrikeAt = 2, "y"
	y := hero("y", Profile{WS: 3, S: 3, T: 3, W: 10, I: 3, A: 0, Ld: 8})
	y.InContact = 2
	f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{a, block("b", 7, 1, y)}, Charger: -1, HighGround: -1, MaxRounds: 1}).PerDie()
	tr := f.NewTrialer().(*fightTrial)
	for i := range tr.st {
		for m := range tr.st[i] {
			mf := &f.sides[i].members[m].f
			tr.st[i][m].reset(mf.Models, mf.Profile.W)
			tr.st[i][m].startRound()
		}
	}
	var p [2]pending
	d := engine.Scripted(repeat(6, 20)...)
	var at [2]aim
	tr.aim(strike{side: 0, group: 0}, 1, &at)
	tr.hitAims(d, &at, p[:])
	if p[1].member != 1 || p[1].ordinary != 4 || p[0].member != 0 || p[0].ordinary != 6 {
		t.Errorf("at the character %d (member %d), at the rest %d (member %d); want 4 and 6",
			p[1].ordinary, p[1].member, p[0].ordinary, p[0].member)
	}
	// Four of the front rank and the character fight: the character takes
	// a place of the front rank.
	b := f.sides[1].groups[0]
	if n, models := tr.attacks(1, &b, 1); models != 4 || n != 0 {
		t.Errorf("b's rank and file: %d models fight with %d attacks; want 4 models (y takes the fifth place), 0 attacks", models, n)
	}
}

func repeat(face, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = face
	}
	return s
}

// champion_takes_overflow: four unsaved wounds on two rank-and-file models
// slay both, and the two left over fall on the champion (W1) as one of the
// unit's models, or are lost.
func TestChampionTakesTheOverflow(t *testing.T) {
	for _, on := range []bool{true, false} {
		rs := sixth(t)
		setOption(t, rs, "champion_takes_overflow", map[bool]string{true: "yes", false: "no"}[on])
		b := block("b", 7, 1, Character{ID: "champion", Champion: true, Type: Infantry,
			Profile: Profile{WS: 3, S: 3, T: 3, W: 1, I: 1, A: 1, Ld: 7}, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}})
		b.Models, b.Frontage = 3, 3 // two rank and file and the champion
		f := newFight(t, rs, Combat{Sides: [2]Fighter{block("a", 7, 2), b}, Charger: -1, HighGround: -1, MaxRounds: 1})
		tr := f.NewTrialer().(*fightTrial)
		for m := range tr.st[1] {
			mf := &f.sides[1].members[m].f
			tr.st[1][m].reset(mf.Models, mf.Profile.W)
		}
		tr.wound(engine.Scripted(), &pending{target: 1, member: 0, ordinary: 4, rules: &AttackRules{}})
		if tr.st[1][0].alive != 0 || (tr.st[1][1].alive == 0) != on {
			t.Errorf("overflow %v: rank and file %d left, champion standing %v", on, tr.st[1][0].alive, tr.st[1][1].alive > 0)
		}
	}
}

// A fight with characters, a champion and a challenge allocates nothing
// per trial.
func TestCharacterFightAllocatesNothing(t *testing.T) {
	a := block("a", 7, 2, hero("x", Profile{WS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}))
	a.Profile.A, a.Challenge.Issue = 1, IssueAlways
	b := block("b", 7, 1, hero("y", Profile{WS: 5, S: 4, T: 4, W: 2, I: 4, A: 3, Ld: 8}),
		Character{ID: "champion", Champion: true, Type: Infantry, Profile: Profile{WS: 3, S: 3, T: 3, W: 1, I: 1, A: 2, Ld: 7},
			Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}})
	b.Profile.A, b.StrikeAt = 1, "x"
	f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 5})
	tr := f.NewTrialer()
	r := engine.NewTrialResult(f)
	d := engine.NewDice(1, 0)
	if n := testing.AllocsPerRun(200, func() { tr.Trial(d, &r) }); n != 0 {
		t.Errorf("%v allocations per trial, want 0", n)
	}
}
