package warhammer

import (
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Issue 30, step 6: characters, challenges and lone characters in a fight
// of several units. The dice are scripted and every expected value is
// worked out by hand from the rules text docs/rules.md cites ("Several
// units in one combat": Characters, Challenges, Lone characters). The
// rank and file have no Attacks (block), so only the characters roll.

// Indices of names in f's metrics and events, or a fatal error.
func (f *Fight) metricIndex(t *testing.T, name string) int {
	t.Helper()
	for i, m := range f.Metrics() {
		if m.Name == name {
			return i
		}
	}
	t.Fatalf("no metric %s in %v", name, f.Metrics())
	return -1
}

func (f *Fight) eventIndex(t *testing.T, name string) int {
	t.Helper()
	for i, e := range f.Events() {
		if e == name {
			return i
		}
	}
	t.Fatalf("no event %s in %v", name, f.Events())
	return -1
}

// holding is f made Unbreakable: it never takes a break test, so that a round's dice
// end with its blows.
func holding(f Fighter) Fighter {
	f.Unbreakable = true
	return f
}

// crossUnits is army A's unit a, led by x, whose front touches B's
// unit b (rank and file only) with bModels and B's unit c, led by y, with
// 5 - bModels; one round, no charge, no outnumbering, so that the combat
// results are the wounds and the Overkill alone.
func crossUnits(t *testing.T, bModels int, refuse bool, set ...string) *Fight {
	t.Helper()
	rs := sixth(t)
	setOption(t, rs, "outnumber_bonus", "no")
	for k := 0; k+1 < len(set); k += 2 {
		setOption(t, rs, set[k], set[k+1])
	}
	x := hero("x", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 8, Ld: 8})
	y := hero("y", Profile{WS: 5, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8})
	a := block("a", 7, 2, x)
	a.Challenge.Issue = IssueAlways
	c := holding(block("c", 7, 1, y))
	c.Challenge.Refuse = refuse
	return severalFight(t, rs, -1, 1,
		unitIn(a, "a", 0, false, at(1, Front, bModels), at(2, Front, 5-bModels)),
		unitIn(holding(block("b", 7, 1)), "b", 1, false, at(0, Front, 5)),
		unitIn(c, "c", 1, false, at(0, Front, 5)))
}

// A challenge across units: x, in a, challenges; b, a's first contact, has
// no one to accept, so c, the other unit touching a, accepts with y
// (6th.whfb.app characters/issuing-a-challenge; 8th p.102, "whose unit is
// in base contact with the unit containing the issuer"). x's eight blows
// (4+ to hit WS 5 with WS 5, 2+ to wound T3 with S5, no save) all land: y
// had 1 Wound, so 1 wound and 7 more, Overkill +5 at most
// (6th.whfb.app characters/overkill). The Overkill counts for x's army:
// A 1 + 5 = 6, B 0; b and c are Unbreakable, so no die is left.
func TestSeveralChallengeOverkill(t *testing.T) {
	f := crossUnits(t, 3, false).PerDie()
	d := engine.Scripted(repeat(6, 16)...)
	r := trial(f, d)
	if cr := [2]int{r.Values[f.metricIndex(t, "A.combat_result")], r.Values[f.metricIndex(t, "B.combat_result")]}; cr != [2]int{6, 0} {
		t.Errorf("combat results %v, want [6 0]: y's 1 wound and +5 Overkill, across units", cr)
	}
	if ok := r.Values[f.metricIndex(t, "a.x.overkill")]; ok != 5 {
		t.Errorf("x's Overkill %d, want 5", ok)
	}
	if !r.Events[f.eventIndex(t, "c.y.slain")] || !r.Events[f.eventIndex(t, "challenge.accepted")] {
		t.Errorf("y slain %v, challenge accepted %v; want both", r.Events[f.eventIndex(t, "c.y.slain")], r.Events[f.eventIndex(t, "challenge.accepted")])
	}
	if n := r.Values[f.metricIndex(t, "b.casualties")] + r.Values[f.metricIndex(t, "c.casualties")]; n != 0 {
		t.Errorf("%d rank-and-file casualties; x strikes only y in the challenge", n)
	}
	if d.Left() != 0 {
		t.Errorf("%d dice left", d.Left())
	}
}

// c refuses (6th: rank and file to hide behind, refuse_needs
// rank_and_file), so x nominates y, the only character that could have
// accepted (tow.whfb.app characters/refusing-a-challenge), to retire, and
// x fights the unit he faces: under character_faces first_contact b, the
// first his unit lists at its front; under most_models c, which a touches
// with 4 models to b's 1. Eight blows, 3+ to hit WS 3 with WS 5, 2+ to
// wound: all sixes slay the five models of the unit struck, the excess
// lost (combat result 5).
func TestSeveralRefusedChallengeFaces(t *testing.T) {
	for _, c := range []struct {
		name, faces   string
		bModels       int
		struck, spare string
	}{
		{"first contact", "first_contact", 1, "b", "c"},
		{"most models", "most_models", 1, "c", "b"},
		{"most models, b wider", "most_models", 4, "b", "c"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := crossUnits(t, c.bModels, true, "character_faces", c.faces).PerDie()
			d := engine.Scripted(repeat(6, 16)...)
			r := trial(f, d)
			if r.Events[f.eventIndex(t, "challenge.accepted")] || !r.Events[f.eventIndex(t, "challenge.issued")] {
				t.Errorf("challenge issued %v accepted %v; want issued and refused", r.Events[f.eventIndex(t, "challenge.issued")], r.Events[f.eventIndex(t, "challenge.accepted")])
			}
			if n := r.Values[f.metricIndex(t, c.struck+".casualties")]; n != 5 {
				t.Errorf("%s lost %d models, want 5", c.struck, n)
			}
			if n := r.Values[f.metricIndex(t, c.spare+".casualties")]; n != 0 {
				t.Errorf("%s lost %d models, want 0: x faces %s", c.spare, n, c.struck)
			}
			if cr := r.Values[f.metricIndex(t, "A.combat_result")]; cr != 5 {
				t.Errorf("A's combat result %d, want 5", cr)
			}
			if d.Left() != 0 {
				t.Errorf("%d dice left", d.Left())
			}
		})
	}
}

// loneLord is a lone character: a unit of no rank and file and one
// character, Ld 9, 1 Wound (docs/rules.md "Lone characters").
func loneLord(refuse bool) Fighter {
	lord := hero("lord", Profile{WS: 5, S: 4, T: 4, W: 1, I: 3, A: 0, Ld: 9})
	f := Fighter{Type: Infantry, Models: 0, Frontage: 1, Profile: lord.Profile, Defence: lord.Defence, Characters: []Character{lord}}
	f.Challenge.Refuse = refuse
	return f
}

// A lone character cannot refuse (6th.whfb.app
// characters/single-character-challenges; lone_character_may_refuse no):
// b's y challenges the lord, who would refuse, and he must accept. y's
// eight blows slay him with 7 to spare: B scores 1 + 5 Overkill. The lord
// is his unit's one model: lord.casualties 1, lord destroyed. a2 beside
// him is Unbreakable, and B holds a2 with no break test (B won).
func TestSeveralLoneCharacterAccepts(t *testing.T) {
	rs := sixth(t)
	setOption(t, rs, "outnumber_bonus", "no")
	y := hero("y", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 8, Ld: 8})
	b := block("b", 7, 1, y)
	b.Challenge.Issue = IssueAlways
	f := severalFight(t, rs, -1, 1,
		unitIn(loneLord(true), "lord", 0, false, at(2, Front, 1)),
		unitIn(holding(block("a2", 7, 2)), "a2", 0, false, at(2, Front, 4)),
		unitIn(b, "b", 1, false, at(0, Front, 1), at(1, Front, 4))).PerDie()
	d := engine.Scripted(repeat(6, 16)...)
	r := trial(f, d)
	if !r.Events[f.eventIndex(t, "challenge.accepted")] {
		t.Errorf("the lone lord refused; he cannot")
	}
	if cr := [2]int{r.Values[f.metricIndex(t, "A.combat_result")], r.Values[f.metricIndex(t, "B.combat_result")]}; cr != [2]int{0, 6} {
		t.Errorf("combat results %v, want [0 6]", cr)
	}
	if ok := r.Values[f.metricIndex(t, "b.y.overkill")]; ok != 5 {
		t.Errorf("y's Overkill %d, want 5", ok)
	}
	if n := r.Values[f.metricIndex(t, "lord.casualties")]; n != 1 || !r.Events[f.eventIndex(t, "lord.destroyed")] {
		t.Errorf("lord's casualties %d (want 1), destroyed %v (want true)", n, r.Events[f.eventIndex(t, "lord.destroyed")])
	}
	if d.Left() != 0 {
		t.Errorf("%d dice left", d.Left())
	}
}

// lone_character_facings: b (five models, Unit Strength 5) stands in the
// lone lord's flank. none: it has no flank, so B earns no flank bonus;
// as_unit: +1 (6th.whfb.app close-combat/combat-results, US 5 at least,
// flank_bonus_unit_strength). a2 holds b's front. Nothing is wounded.
func TestSeveralLoneCharacterFacings(t *testing.T) {
	for _, c := range []struct {
		facings string
		want    int
	}{{"none", 0}, {"as_unit", 1}} {
		rs := sixth(t)
		setOption(t, rs, "outnumber_bonus", "no")
		setOption(t, rs, "lone_character_facings", c.facings)
		f := severalFight(t, rs, -1, 1,
			unitIn(loneLord(false), "lord", 0, false, at(2, Front, 1)),
			unitIn(block("a2", 7, 1), "a2", 0, false, at(2, Front, 5)),
			unitIn(block("b", 7, 2), "b", 1, true, at(0, Flank, 1), at(1, Front, 5)))
		tr := f.NewTrialer().(*fightTrial)
		tr.begin()
		if got := tr.armyResult(1, 1); got != c.want {
			t.Errorf("%s: B's combat result %d, want %d", c.facings, got, c.want)
		}
	}
}

// A lone character fights one enemy unit too, the two-unit form: b's y
// (A8, S5: 4+ to hit WS 5, 2+ to wound T4, no save) slays the lord
// (1 Wound), the unit's one model: lord.casualties 1, lord.destroyed, and
// b wins, its enemy wiped out. y strikes at I5 before the lord (I3); the
// rank and file of b have no Attacks.
func TestLoneCharacterAgainstOneUnit(t *testing.T) {
	lord := loneLord(false)
	lord.ID = "lord"
	y := hero("y", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 8, Ld: 8})
	f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{lord, block("b", 7, 1, y)}, Charger: -1, HighGround: -1, MaxRounds: 1}).PerDie()
	d := engine.Scripted(repeat(6, 16)...)
	r := trial(f, d)
	if n := r.Values[f.metricIndex(t, "lord.casualties")]; n != 1 || !r.Events[f.eventIndex(t, "lord.destroyed")] || !r.Events[f.eventIndex(t, "b.wins")] {
		t.Errorf("lord's casualties %d (want 1), destroyed %v, b wins %v (want both)", n, r.Events[f.eventIndex(t, "lord.destroyed")], r.Events[f.eventIndex(t, "b.wins")])
	}
	if d.Left() != 0 {
		t.Errorf("%d dice left", d.Left())
	}
}

// Characters and challenges in a fight of several units, and a lone
// character against one unit, allocate nothing a trial.
func TestSeveralCharactersDoNotAllocate(t *testing.T) {
	for _, refuse := range []bool{false, true} {
		f := crossUnits(t, 3, refuse)
		enginetest.TrialsDoNotAllocate(t, "characters", f)
		enginetest.TrialsDoNotAllocate(t, "characters per die", f.PerDie())
	}
	lord := loneLord(false)
	lord.ID = "lord"
	f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{lord, block("b", 7, 1, hero("y", Profile{WS: 5, S: 5, T: 3, W: 2, I: 5, A: 3, Ld: 8}))},
		Charger: -1, HighGround: -1, MaxRounds: 5})
	enginetest.TrialsDoNotAllocate(t, "a lone character against one unit", f)
	enginetest.TrialsDoNotAllocate(t, "a lone character against one unit, stage by stage", f.WithoutTables())
}

// strike_at across units: a's five models (A1) touch b with 3 and c with
// 2; a strikes at c's character y, who faces a (c's one contact), so of
// the two models touching c, in_contact 1 strikes y and the other c's
// rank and file (docs/rules.md, Characters: "only that unit's models in
// base contact strike it"). Every blow hits and wounds (sixes), no saves:
// b loses 3 models, c 1, y 1 of his 2 Wounds. A's combat result is the 5
// wounds. Nothing else strikes (no Attacks).
func TestSeveralStrikeAtAcrossUnits(t *testing.T) {
	rs := sixth(t)
	setOption(t, rs, "outnumber_bonus", "no")
	a := block("a", 7, 3)
	a.Profile.A, a.StrikeAt = 1, "y"
	y := hero("y", Profile{WS: 3, S: 3, T: 3, W: 2, I: 2, A: 0, Ld: 8})
	f := severalFight(t, rs, -1, 1,
		unitIn(a, "a", 0, false, at(1, Front, 3), at(2, Front, 2)),
		unitIn(holding(block("b", 7, 1)), "b", 1, false, at(0, Front, 5)),
		unitIn(holding(block("c", 7, 1, y)), "c", 1, false, at(0, Front, 5))).PerDie()
	d := engine.Scripted(repeat(6, 10)...)
	r := trial(f, d)
	got := [4]int{r.Values[f.metricIndex(t, "b.casualties")], r.Values[f.metricIndex(t, "c.casualties")],
		r.Values[f.metricIndex(t, "c.y.wounds")], r.Values[f.metricIndex(t, "A.combat_result")]}
	if got != [4]int{3, 1, 1, 5} {
		t.Errorf("b, c casualties, y's wounds, A's combat result %v; want [3 1 1 5]", got)
	}
	if d.Left() != 0 {
		t.Errorf("%d dice left", d.Left())
	}
}
