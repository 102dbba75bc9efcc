package warhammer

import (
	"math"
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// empireKnights and trolls are seed 000's units: five Empire Knights
// (plate, shield, barded warhorse: 1+; lances) and three Trolls (W3,
// Regeneration 4+). The profiles are the usual published ones.
func empireKnights() Fighter {
	return Fighter{
		ID: "knights", Type: Cavalry,
		Profile: Profile{M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8},
		Models:  5, Frontage: 5,
		Defence: Defence{Armour: 1, Ward: NoSave, Regeneration: NoSave},
		Weapon:  Lance,
		Mount:   &Mount{Name: "warhorse", WS: 3, S: 3, I: 3, A: 1},
	}
}

func trollsUnit() Fighter {
	return Fighter{
		ID: "trolls", Type: MonstrousInfantry,
		Profile: Profile{M: 6, WS: 3, BS: 1, S: 5, T: 4, W: 3, I: 1, A: 3, Ld: 4},
		Models:  3, Frontage: 3,
		Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: 4},
	}
}

func newFight(t testing.TB, rs *Ruleset, cc Combat) *Fight {
	t.Helper()
	f, err := NewFight(rs, cc)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func trial(f *Fight, d *engine.Dice) engine.TrialResult {
	r := engine.NewTrialResult(f)
	f.NewTrialer().Trial(d, &r)
	return r
}

// Issue 4: seed 000's narrative, replayed with scripted dice through the
// round resolver. The Knights charge and strike first (riders with lances
// at S5, warhorses at S3); the riders cause 5 wounds, killing a Troll and
// leaving 2 on the next; the two surviving Trolls strike (the slain one does
// not) and cause 3 wounds; 3 of the 5 Regeneration dice succeed, the dead
// Troll returns and 2 wounds stay; combat result Knights 2, Trolls 3, and
// the Knights test at Leadership 8 - 1 = 7. "Assuming that no other combat
// modifiers apply", so outnumbering is switched off.
func TestSeed000ThroughTheRoundResolver(t *testing.T) {
	rs := sixth(t)
	setOption(t, rs, "outnumber_bonus", "no") // seed 000: no other modifiers
	f := newFight(t, rs, Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 1}).PerDie()
	blows := []int{
		3, 3, 3, 3, 3, 3, 3, 3, 3, 3, // riders: hit 3+, wound 3+, five times
		1, 1, 1, 1, 1, // warhorses: all miss
		4, 2, 1, 4, 2, 2, 5, 6, 1, 1, 3, 2, // six Troll attacks: three wound and beat the 3+ save
		4, 1, 6, 2, 5, // Regeneration: three of five
	}
	for _, c := range []struct {
		test  []int
		broke bool
		why   string
	}{
		{[]int{4, 3, 6, 6}, false, "7 passes a test on Ld 8 - 1 (the rest is unused)"},
		{[]int{4, 4, 2, 3, 6, 6, 6}, true, "8 fails it; the Trolls pursue 5, the Knights flee 18 (3D6, cavalry) and escape"},
	} {
		dice := append(append([]int(nil), blows...), c.test...)
		d := engine.Scripted(dice...)
		r := trial(f, d)
		if r.Values[fmCR0] != 2 || r.Values[fmCR1] != 3 {
			t.Fatalf("combat result Knights %d, Trolls %d; the seed says 2 and 3", r.Values[fmCR0], r.Values[fmCR1])
		}
		if r.Values[fmCasualties0] != 3 || r.Values[fmCasualties1] != 0 || r.Values[fmWounds1] != 2 {
			t.Errorf("Knights lost %d, Trolls %d models with %d wounds marked; want 3, 0 and 2",
				r.Values[fmCasualties0], r.Values[fmCasualties1], r.Values[fmWounds1])
		}
		if r.Events[feBreaks0] != c.broke || r.Events[feWins1] != c.broke || r.Events[feCaught0] {
			t.Errorf("%s: Knights broke %v, Trolls won %v, caught %v", c.why, r.Events[feBreaks0], r.Events[feWins1], r.Events[feCaught0])
		}
		if want := len(c.test) - 2; !c.broke && d.Left() != want || c.broke && d.Left() != 0 {
			t.Errorf("%s: %d scripted dice left", c.why, d.Left())
		}
	}
}

// breakTrial sets up a fight trial positioned for a break test of side 0
// against side 1.
func breakTrial(t *testing.T, rs *Ruleset, loser Fighter) *fightTrial {
	winner := trollsUnit()
	winner.ID = "winner"
	f := newFight(t, rs, Combat{Sides: [2]Fighter{loser, winner}, Charger: -1, HighGround: -1, MaxRounds: 1})
	tr := f.NewTrialer().(*fightTrial)
	for i := range tr.st {
		tr.st[i][0].unitState = newUnitState(f.cc.Sides[i].Models, f.cc.Sides[i].Profile.W)
	}
	return tr
}

// Issue 4 and RULES.md §5.5: break-test chances from the simulation match
// the exact values within 4.5 standard errors.
func TestBreakTestProbabilities(t *testing.T) {
	t.Parallel()
	infantry := func(ld, models, frontage int) Fighter {
		return Fighter{ID: "loser", Type: Infantry, Profile: Profile{M: 4, WS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: ld},
			Models: models, Frontage: frontage, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}}
	}
	bsb := infantry(8, 10, 5)
	bsb.BattleStandard = true
	for _, c := range []struct {
		name   string
		rs     *Ruleset
		loser  Fighter
		margin int
		pass   float64
		why    string
	}{
		{"Ld 8 by 3", sixth(t), infantry(8, 10, 5), 3, 10.0 / 36, "2D6 ≤ 5"},
		{"Ld 8 by 3, BSB", sixth(t), bsb, 3, 1 - (26.0/36)*(26.0/36), "a failed test re-rolled once"},
		{"Ld 7 steadfast", eighth(t), infantry(7, 30, 5), 10, 21.0 / 36, "30 in 6 ranks against 3 Trolls: unmodified Ld"},
		{"Ld 5 by 10", eighth(t), infantry(5, 5, 5), 10, 1.0 / 36, "only a double 1 (Insane Courage); one rank is not steadfast against the Trolls' one"},
		{"Ld 5 by 10, 6th", sixth(t), infantry(5, 5, 5), 10, 0, "no Insane Courage in the 6th preset"},
	} {
		tr := breakTrial(t, c.rs, c.loser)
		d := engine.NewDice(42, 0)
		const n = 200_000
		passed := 0
		for range n {
			if !tr.breaks(d, 0, 1, c.margin) {
				passed++
			}
		}
		p := float64(passed) / n
		se := math.Sqrt(c.pass * (1 - c.pass) / n)
		if math.Abs(p-c.pass) > 4.5*se {
			t.Errorf("%s (%s): passes %.5f, exact %.5f (se %.5f)", c.name, c.why, p, c.pass, se)
		}
	}
}

// Issue 4: a mirror match under 8th (two identical units, neither
// charging) gives each side the same chance, within their intervals.
func TestMirrorMatch(t *testing.T) {
	t.Parallel()
	unit := func(id string) Fighter {
		return Fighter{ID: id, Type: Infantry, Profile: Profile{M: 4, WS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7},
			Models: 20, Frontage: 5, Standard: true, Weapon: Halberd,
			Defence: Defence{Armour: 5, Ward: NoSave, Regeneration: NoSave}}
	}
	f := newFight(t, eighth(t), Combat{Sides: [2]Fighter{unit("a"), unit("b")}, Charger: -1, HighGround: -1, MaxRounds: 10})
	res := run(t, f, 200_000, 9)
	n := float64(res.Trials)
	pa, pb := float64(res.Count[feWins0])/n, float64(res.Count[feWins1])/n
	// The difference of the two win counts has variance n(pa + pb - (pa-pb)²).
	se := math.Sqrt((pa + pb - (pa-pb)*(pa-pb)) / n)
	if math.Abs(pa-pb) > 4.5*se {
		t.Errorf("mirror match: A wins %.4f, B wins %.4f (se of the difference %.4f)", pa, pb, se)
	}
	if pa < 0.3 {
		t.Errorf("mirror match: A wins only %.4f; a fight to the break should have a winner most of the time", pa)
	}
}

// Issue 4: a unit that loses models before its Initiative step strikes with
// fewer models; the fighting rank loses them first.
func TestCasualtiesStrikeNoMore(t *testing.T) {
	rs := sixth(t)
	unit := Fighter{ID: "spearmen", Type: Infantry, Profile: Profile{WS: 3, S: 3, T: 3, W: 1, I: 3, A: 2, Ld: 7},
		Models: 12, Frontage: 5, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}}
	foe := trollsUnit()
	f := newFight(t, rs, Combat{Sides: [2]Fighter{unit, foe}, Charger: -1, HighGround: -1, MaxRounds: 1})
	tr := f.NewTrialer().(*fightTrial)
	tr.st[0][0] = fighterState{unitState: newUnitState(12, 1), startAlive: 12}
	g := &f.sides[0].groups[0]
	for _, c := range []struct {
		lost, want int
		why        string
	}{
		{0, 10, "five models in the front rank, two attacks each"},
		{2, 6, "two of the front rank slain before they strike"},
		{5, 0, "the whole front rank slain: the rear does not step up until the next round"},
		{9, 0, "more casualties than the front rank"},
	} {
		tr.st[0][0].alive = 12 - c.lost
		if got, _ := tr.attacks(0, g, 1); got != c.want {
			t.Errorf("%d lost this round: %d attacks, want %d (%s)", c.lost, got, c.want, c.why)
		}
	}
	// Next round the rear ranks step up.
	tr.st[0][0].startAlive, tr.st[0][0].alive = 7, 7
	if got, _ := tr.attacks(0, g, 2); got != 10 {
		t.Errorf("next round with 7 left: %d attacks, want 10 (a full front rank again)", got)
	}
}

// The striking order of RULES.md §3.1: the 6th-edition charger first, even
// with great weapons; Initiative only in 8th; Always Strikes First above all.
func TestStrikingOrder(t *testing.T) {
	gw := trollsUnit()
	gw.ID, gw.Weapon = "greatswords", GreatWeapon
	gw.Profile.I = 3
	for _, c := range []struct {
		name      string
		rs        *Ruleset
		a, b      Fighter
		charger   int
		firstSide int
		why       string
	}{
		{"6th charger", sixth(t), trollsUnit(), empireKnights(), 0, 0, "the Trolls (I1) charged: they strike first"},
		{"8th initiative", eighth(t), trollsUnit(), empireKnights(), 0, 1, "8th: the Knights' I3 beats the charging Trolls' I1"},
		{"6th great weapon charger", sixth(t), gw, empireKnights(), 0, 0, "chargers with great weapons still strike first in 6th"},
		{"6th great weapon defending", sixth(t), gw, empireKnights(), 1, 1, "great weapons strike last otherwise"},
	} {
		f := newFight(t, c.rs, Combat{Sides: [2]Fighter{c.a, c.b}, Charger: c.charger, HighGround: -1, MaxRounds: 1})
		tr := f.NewTrialer().(*fightTrial)
		order := f.orders[1][tr.strikesFirst(engine.NewDice(1, 1), 1, -1)+1]
		if len(order) == 0 || order[0].side != c.firstSide {
			t.Errorf("%s: %+v strikes first; want side %d (%s)", c.name, order, c.firstSide, c.why)
		}
	}
}

// No allocation per trial, whichever way a fight is rolled: from round
// tables (seed 000's fight under 6th), stage by stage, and stage by stage
// with characters fighting a challenge over several rounds.
func TestFightTrialDoesNotAllocate(t *testing.T) {
	f := newFight(t, sixth(t), Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 10})
	if !f.UsesTables() {
		t.Error("knights against trolls: no round tables")
	}
	enginetest.TrialsDoNotAllocate(t, "knights against trolls, tables", f)
	enginetest.TrialsDoNotAllocate(t, "knights against trolls, stage by stage", f.WithoutTables())
	a := block("a", 7, 2, hero("x", Profile{WS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}))
	b := block("b", 7, 1, hero("y", Profile{WS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 8}))
	a.Profile.A, b.Profile.A = 1, 1
	a.Challenge.Issue = IssueAlways
	c := newFight(t, sixth(t), Combat{Sides: [2]Fighter{a, b}, Charger: 0, HighGround: -1, MaxRounds: 10})
	if !slices.Contains(c.Events(), "challenge.issued") {
		t.Fatalf("the challenge fight has no challenge: events %v", c.Events())
	}
	enginetest.TrialsDoNotAllocate(t, "a challenge between characters", c.WithoutTables())
	// Too large for tables of every round: the first from a table, the
	// rest stage by stage from the state drawn (byStages).
	hal := Fighter{ID: "halberdiers", Type: Infantry, Profile: Profile{M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7},
		Models: 20, Frontage: 5, Defence: Defence{Armour: 6, Ward: NoSave, Regeneration: NoSave}, Weapon: Halberd}
	sp := hal
	sp.ID, sp.Weapon = "spearmen", Spear
	big := newFight(t, eighth(t), Combat{Sides: [2]Fighter{hal, sp}, Charger: 0, HighGround: -1, MaxRounds: 10})
	if tb := big.NewTrialer().(*fightTrial).tab; tb == nil || tb.later != nil {
		t.Fatal("20 against 20: not the first round's tables alone")
	}
	enginetest.TrialsDoNotAllocate(t, "20 against 20, first round from tables", big)
}

// The counting path and the per-die path agree on every outcome of a whole
// fight, within 4.5 standard errors of their difference; and so do the
// round tables, which sample whole rounds.
func TestFightCountsMatchPerDie(t *testing.T) {
	t.Parallel()
	for _, preset := range []string{"6th", "8th"} {
		rs := &named(t, preset).Values
		f := newFight(t, rs, Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 10})
		if preset == "6th" && !f.UsesTables() {
			t.Errorf("%s: seed 000's fight does not use round tables", preset)
		}
		a, b := run(t, f.WithoutTables(), 100_000, 1), run(t, f.PerDie(), 100_000, 2)
		compareEvents(t, preset+" counts, per die", f, a, b)
		compareEvents(t, preset+" tables, per die", f, run(t, f, 100_000, 3), b)
	}
}

// compareEvents checks that every event of f has the same probability in
// a and b, within 4.5 standard errors of the difference.
func compareEvents(t *testing.T, name string, f *Fight, a, b *engine.Result) {
	t.Helper()
	{
		preset := name
		for e, name := range f.Events() {
			pa, pb := float64(a.Count[e])/float64(a.Trials), float64(b.Count[e])/float64(b.Trials)
			se := math.Sqrt(pa*(1-pa)/float64(a.Trials) + pb*(1-pb)/float64(b.Trials))
			if math.Abs(pa-pb) > 4.5*se+1e-9 {
				t.Errorf("%s: %s is %.4f and %.4f (se %.4f)", preset, name, pa, pb, se)
			}
		}
	}
}

// 8th-edition Fear: a unit that fails its test has WS 1 for the round, for
// its own blows and for the enemy's (all models in the unit have their
// Weapon Skill reduced to 1). Found by the reference resolver in bench/warhammer.
func TestFearLowersTheFearedUnitsWSForBothSides(t *testing.T) {
	trolls := trollsUnit()
	trolls.CausesFear = true
	f := newFight(t, eighth(t), Combat{Sides: [2]Fighter{empireKnights(), trolls}, Charger: 0, HighGround: -1, MaxRounds: 1})
	tr := f.NewTrialer().(*fightTrial)
	tr.st[0][0].feared = true // the Knights failed their Fear test
	knights := tr.variant(0, &f.sides[0].groups[0], &f.sides[0].contacts[0], 0, 1)
	trollBlows := tr.variant(1, &f.sides[1].groups[0], &f.sides[1].contacts[0], 0, 1)
	if knights.st.hit.Need != 5 {
		t.Errorf("feared Knights (WS 1) hit the Trolls (WS 3) on %d+, want 5+", knights.st.hit.Need)
	}
	if trollBlows.st.hit.Need != 3 {
		t.Errorf("the Trolls (WS 3) hit the feared Knights (WS 1) on %d+, want 3+", trollBlows.st.hit.Need)
	}
}
