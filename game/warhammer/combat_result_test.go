package warhammer

import (
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// Issue 12: close-combat resolution tested against the rules text, row by
// row. Each row is one combat state at the end of a round; the expected
// combat results and the loser's break test are written by hand from the
// section of RULES.md the row cites (or, where RULES.md is silent, from the
// option's documented reading in docs/rules.md), never computed by the
// code under test.

// combatRules returns the option values of preset with the options in set
// (name, value pairs) changed. It is the one place this file gets rulesets.
func combatRules(t *testing.T, preset string, set ...string) *Ruleset {
	t.Helper()
	r, err := Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(set); i += 2 {
		if err := r.Set(set[i], set[i+1], "combat result test"); err != nil {
			t.Fatal(err)
		}
	}
	return &r.Values
}

// who names a side of a row's combat, or neither.
type who int8

const (
	nobody who = iota
	sideA
	sideB
)

// index is w's index in Combat.Sides, or -1 for nobody.
func (w who) index() int { return int(w) - 1 }

// trait changes a fighter built by foot or trolls.
type trait func(*Fighter)

var (
	standard    trait = func(f *Fighter) { f.Standard = true }
	bsb         trait = func(f *Fighter) { f.BattleStandard = true }
	musician    trait = func(f *Fighter) { f.Musician = true }
	stubborn    trait = func(f *Fighter) { f.Stubborn = true }
	unbreakable trait = func(f *Fighter) { f.Unbreakable = true }
	fearsome    trait = func(f *Fighter) { f.CausesFear = true }
)

func ld(n int) trait { return func(f *Fighter) { f.Profile.Ld = n } }

// foot is a block of one-Wound infantry (Unit Strength 1 each), Ld 8
// unless a trait says otherwise.
func foot(models, frontage int, traits ...trait) Fighter {
	f := Fighter{Type: Infantry, Profile: Profile{M: 4, WS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8},
		Models: models, Frontage: frontage, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}}
	for _, tr := range traits {
		tr(&f)
	}
	return f
}

// trolls is a block of Trolls: monstrous infantry, Unit Strength 3 each
// (docs/rules.md, Unit Strength: RULES.md §4's list, [U] for 6th), causing
// Fear.
func trolls(models, frontage int, traits ...trait) Fighter {
	f := trollsUnit()
	f.Models, f.Frontage, f.CausesFear = models, frontage, true
	for _, tr := range traits {
		tr(&f)
	}
	return f
}

// cavalry is a block of knights: Unit Strength 2 each (RULES.md §4's
// list, which docs/rules.md uses for 6th too).
func cavalry(models, frontage int) Fighter {
	f := empireKnights()
	f.Models, f.Frontage = models, frontage
	return f
}

type combatCase struct {
	name   string
	preset string
	set    []string // options changed from the preset, name and value
	a, b   Fighter
	// The combat: who charged, into which facing of the other; who holds
	// the high ground; the round (0: the first).
	charger who
	facing  Facing
	high    who
	round   int
	// wounds[i] are the wounds side i caused this round, each slaying a
	// one-Wound model of the other side (so ranks at the end are fewer).
	wounds [2]int

	cr     [2]int    // each side's combat result
	winner who       // nobody: a draw, and no break test
	test   breakKind // the loser's break test
	target int       // its target on 2D6 when it rolls
	source string    // where the expected numbers come from
}

var combatCases = []combatCase{
	// Who wins, and a draw.
	{name: "6th nothing: draw", preset: "6th", a: foot(5, 5), b: foot(5, 5),
		cr: [2]int{0, 0}, winner: nobody,
		source: "§2.10: equal totals are a draw, no break test; one rank each gives no rank bonus (§3.1)"},
	{name: "6th wounds and outnumber", preset: "6th", a: foot(10, 10), b: foot(8, 8), wounds: [2]int{2, 0},
		cr: [2]int{3, 0}, winner: sideA, test: rollsTest, target: 5,
		source: "§2.10: +1 a wound, 2; §3.1 outnumber: A's 10 against B's 8 (6 at the end), +1; Ld 8 − 3 (§3.1: 2D6 + diff > Ld breaks)"},

	// Charge, flank and rear (§3.1: 6th has no charge bonus; flank +1, rear +2).
	{name: "6th front charge adds nothing", preset: "6th", a: foot(5, 5), b: foot(5, 5), charger: sideA, facing: Front,
		cr: [2]int{0, 0}, winner: nobody,
		source: "§3.1: the charge is not among 6th's bonuses (docs/rules.md charge_bonus: no)"},
	{name: "6th flank +1", preset: "6th", a: foot(5, 5), b: foot(5, 5), charger: sideA, facing: Flank,
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§3.1 flank +1 (a flanker of Unit Strength 5); Ld 8 − 1"},
	{name: "6th rear +2", preset: "6th", a: foot(5, 5), b: foot(5, 5), charger: sideA, facing: Rear,
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "§3.1 rear +2; Ld 8 − 2"},
	{name: "6th rear +2 every round", preset: "6th", a: foot(5, 5), b: foot(5, 5), charger: sideB, facing: Rear, round: 2,
		cr: [2]int{0, 2}, winner: sideB, test: rollsTest, target: 6,
		source: "§3.1 rear +2; docs/rules.md: +1 flank, +2 rear, every round"},
	{name: "6th a flanker below Unit Strength 5 claims nothing", preset: "6th", a: foot(4, 4), b: foot(4, 4), charger: sideA, facing: Flank,
		cr: [2]int{0, 0}, winner: nobody,
		source: "6th.whfb.app faq/close-combat (Warhammer Chronicles 2004 p.112): a flanker below Unit Strength 5 \"can't claim\" the bonus (flank_bonus_unit_strength 5)"},
	{name: "6th the flanker's Unit Strength at the end of the round", preset: "6th", a: foot(5, 5), b: foot(5, 5), charger: sideA, facing: Rear, wounds: [2]int{0, 1},
		cr: [2]int{0, 2}, winner: sideB, test: rollsTest, target: 6,
		source: "6th.whfb.app faq/close-combat: reduced below Unit Strength 5 by the end of the phase (4 left), A claims no rear bonus; B scores its 1 wound, and outnumbers 5 to 4, +1; Ld 8 − 2"},
	{name: "8th a flanker of any Unit Strength", preset: "8th", a: foot(4, 4), b: foot(4, 4), charger: sideA, facing: Flank,
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "8th.whfb.app close-combat/flank-attack (no condition: flank_bonus_unit_strength 0): flank +1, and the charge +1 (§2.10)"},

	// Ranks (§3.1, 6th: +1 a rank of 4 or more behind the first, counted at the start, at most +3).
	{name: "6th three ranks of 4: +2", preset: "6th", a: foot(12, 4), b: foot(12, 12),
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "§3.1 6th: 12 four wide are 3 ranks, +2; B in one rank of 12 gets none; equal Unit Strength"},
	{name: "6th a rank of 4 counts", preset: "6th", a: foot(8, 4), b: foot(8, 8),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§3.1 6th: ranks ≥4 wide, so two ranks of 4 give +1"},
	{name: "6th an incomplete rear rank of 4 counts", preset: "6th", a: foot(14, 5), b: foot(14, 14),
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "§3.1 6th: 5, 5 and 4: three ranks of at least 4, +2"},
	{name: "6th ranks at most +3", preset: "6th", a: foot(30, 5), b: foot(30, 30),
		cr: [2]int{3, 0}, winner: sideA, test: rollsTest, target: 5,
		source: "§3.1 6th: six ranks, at most +3"},
	{name: "6th ranks counted at the start", preset: "6th", a: foot(15, 5), b: foot(8, 8), wounds: [2]int{0, 6},
		cr: [2]int{3, 6}, winner: sideB, test: rollsTest, target: 5,
		source: "§3.1 6th: ranks at the start, 15 five wide = 3 ranks, +2 (9 at the end would be +1); outnumber +1 (15 or 9 against 8); B 6 wounds; Ld 8 − 3"},
	{name: "6th monstrous ranks need 4 too", preset: "6th", a: trolls(6, 3), b: trolls(6, 6),
		cr: [2]int{0, 0}, winner: nobody,
		source: "docs/rules.md monstrous_rank_width [U]: 6th keeps its width of 4, so ranks of 3 Trolls give nothing"},

	// Standards (§3.1 6th: +1 in all, battle standard included).
	{name: "6th standard +1", preset: "6th", a: foot(5, 5, standard), b: foot(5, 5),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§3.1 standard +1"},
	{name: "6th battle standard alone +1", preset: "6th", a: foot(5, 5, bsb), b: foot(5, 5),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§3.1 6th: the battle standard is a standard, +1"},
	{name: "6th standard and battle standard +1 in all", preset: "6th", a: foot(5, 5, standard, bsb), b: foot(5, 5),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§3.1 6th: +1 total even with several standards (BSB included)"},

	// Outnumber and high ground (§3.1 6th: +1 each).
	{name: "6th outnumber +1", preset: "6th", a: foot(6, 6), b: foot(5, 5),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§3.1 6th: +1 for the greater total Unit Strength, 6 against 5"},
	{name: "6th cavalry outnumber by Unit Strength", preset: "6th", a: cavalry(5, 5), b: foot(8, 8),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§3.1 6th outnumber by Unit Strength; cavalry 2 each (docs/rules.md, §4's list): 10 against 8, though fewer models"},
	{name: "6th high ground +1", preset: "6th", a: foot(5, 5), b: foot(5, 5), high: sideB,
		cr: [2]int{0, 1}, winner: sideB, test: rollsTest, target: 7,
		source: "§3.1 6th high ground +1"},

	// Flank and rear attacks cancel ranks (§3.1 6th: charged in the flank or rear by Unit Strength 5 or more).
	{name: "6th rear charge by Unit Strength 5 cancels ranks", preset: "6th", a: foot(5, 5), b: foot(15, 5), charger: sideA, facing: Rear,
		cr: [2]int{2, 1}, winner: sideA, test: rollsTest, target: 7,
		source: "§3.1 6th: B's +2 ranks lost to a rear charge of US 5; A rear +2; B outnumbers, +1; Ld 8 − 1"},
	{name: "6th flank charge by Unit Strength 4 leaves ranks", preset: "6th", a: foot(4, 4), b: foot(15, 5), charger: sideA, facing: Flank,
		cr: [2]int{0, 3}, winner: sideB, test: rollsTest, target: 5,
		source: "§3.1 6th: US 4 does not cancel B's +2 ranks; B outnumbers +1; A's flank +1 lost below Unit Strength 5 (6th.whfb.app faq/close-combat); Ld 8 − 3"},

	// Break tests (§3.1 6th: Stubborn tests on unmodified Ld; §2.11: Unbreakable passes).
	{name: "6th break test on Ld less the difference", preset: "6th", a: foot(10, 10), b: foot(5, 5), wounds: [2]int{3, 0},
		cr: [2]int{4, 0}, winner: sideA, test: rollsTest, target: 4,
		source: "§3.1 6th: 3 wounds, outnumber +1; 2D6 + 4 > Ld 8 breaks, so 4 or less holds"},
	{name: "6th Stubborn tests on unmodified Ld", preset: "6th", a: foot(10, 10), b: foot(5, 5, stubborn), wounds: [2]int{3, 0},
		cr: [2]int{4, 0}, winner: sideA, test: rollsTest, target: 8,
		source: "§2.11, §3.1 6th: Stubborn, unmodified Ld 8"},
	{name: "6th Unbreakable takes no test", preset: "6th", a: foot(10, 10), b: foot(5, 5, unbreakable), wounds: [2]int{3, 0},
		cr: [2]int{4, 0}, winner: sideA, test: holds,
		source: "§2.11: Unbreakable passes all break tests"},

	// Fear (docs/rules.md fear [U], 6th: beaten by Fear-causers that outnumber it, a unit breaks without a test).
	{name: "6th Fear: outnumbered by Unit Strength, breaks", preset: "6th", a: trolls(3, 3), b: foot(8, 8, ld(6)), wounds: [2]int{1, 0},
		cr: [2]int{2, 0}, winner: sideA, test: breaksOutright,
		source: "docs/rules.md fear: Trolls US 9 (3 each) against 7 Goblins left; 1 wound, outnumber +1"},
	{name: "6th Fear: equal Unit Strength, tests", preset: "6th", a: trolls(3, 3), b: foot(12, 12, ld(6)), wounds: [2]int{3, 0},
		cr: [2]int{3, 0}, winner: sideA, test: rollsTest, target: 3,
		source: "docs/rules.md fear: US 9 against 9 left is not outnumbering; no outnumber bonus either (§3.1); Ld 6 − 3"},
	{name: "6th Fear: Fear-causers outnumbered, test", preset: "6th", a: trolls(3, 3), b: foot(13, 13, ld(6)), wounds: [2]int{3, 0},
		cr: [2]int{3, 1}, winner: sideA, test: rollsTest, target: 4,
		source: "docs/rules.md fear: US 9 against 10 left; B outnumbers, +1 (§3.1); Ld 6 − 2"},
	{name: "6th Fear: a Fear-causer is immune", preset: "6th", a: trolls(3, 3), b: foot(8, 8, ld(6), fearsome), wounds: [2]int{1, 0},
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 4,
		source: "docs/rules.md fear: CausesFear is immune to Fear (§2.4); Ld 6 − 2"},
	{name: "6th Fear: Unbreakable still holds", preset: "6th", a: trolls(3, 3), b: foot(8, 8, unbreakable), wounds: [2]int{1, 0},
		cr: [2]int{2, 0}, winner: sideA, test: holds,
		source: "§2.11: Unbreakable passes all break tests; docs/rules.md: Unbreakable never breaks"},
	{name: "6th Fear: Stubborn still breaks", preset: "6th", a: trolls(3, 3), b: foot(8, 8, stubborn), wounds: [2]int{1, 0},
		cr: [2]int{2, 0}, winner: sideA, test: breaksOutright,
		source: "docs/rules.md fear: breaks without a test, so Stubborn's unmodified Ld never applies (the option's reading; [U])"},

	// Musician (docs/rules.md musician_wins_draws: a draw is won by 1 by the side with a musician, a +1 to its combat result).
	{name: "6th musician wins a draw by 1", preset: "6th", a: foot(5, 5), b: foot(5, 5, musician),
		cr: [2]int{0, 1}, winner: sideB, test: rollsTest, target: 7,
		source: "6th.whfb.app appendix-seven-special-rules/standard-bearers-and-musicians (\"wins the combat by 1 point\"): B's result 0 + 1, so Ld 8 − 1"},
	{name: "tow musician: +1 combat result point on a tie", preset: "tow", a: foot(5, 5, musician), b: foot(5, 5),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "tow.whfb.app command-groups/onwards-to-victory (\"may claim a bonus of +1 combat result point\"): 0 and 0, A claims +1; Ld 8 − 1"},
	{name: "tow two musicians cancel out", preset: "tow", a: foot(5, 5, musician), b: foot(5, 5, musician),
		cr: [2]int{0, 0}, winner: nobody,
		source: "tow.whfb.app command-groups/onwards-to-victory (\"cancel each other out\")"},
	{name: "6th two musicians: a draw", preset: "6th", a: foot(5, 5, musician), b: foot(5, 5, musician),
		cr: [2]int{0, 0}, winner: nobody,
		source: "docs/rules.md musician_wins_draws: only if one side has one"},
	{name: "6th musician does not turn a loss", preset: "6th", a: foot(5, 5, musician), b: foot(5, 5, standard),
		cr: [2]int{0, 1}, winner: sideB, test: rollsTest, target: 7,
		source: "§2.10: the higher total wins; a musician only settles a draw"},

	// 8th edition (§2.10, §2.11).
	{name: "8th front charge +1", preset: "8th", a: foot(5, 5), b: foot(5, 5), charger: sideA, facing: Front,
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§2.10 Charge! +1; one rank each, not Steadfast (§2.11); Ld 8 − 1"},
	{name: "8th charge bonus only in the first round", preset: "8th", a: foot(5, 5), b: foot(5, 5), charger: sideA, facing: Front, round: 2,
		cr: [2]int{0, 0}, winner: nobody,
		source: "§2.10: +1 if the side charged this turn; docs/rules.md charge_bonus: in the first round"},
	{name: "8th flank +1 and charge", preset: "8th", a: foot(4, 4), b: foot(4, 4), charger: sideA, facing: Flank,
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "§2.10: charge +1, flank +1; four wide has no ranks of 5, so no Steadfast; Ld 8 − 2"},
	{name: "8th rear +2 and charge", preset: "8th", a: foot(4, 4), b: foot(4, 4), charger: sideA, facing: Rear,
		cr: [2]int{3, 0}, winner: sideA, test: rollsTest, target: 5,
		source: "§2.10: charge +1, rear +2 (§3.1 flank/rear +1/+2 in 8th); Ld 8 − 3"},
	{name: "8th a rank of 4 does not count", preset: "8th", a: foot(8, 4), b: foot(8, 8),
		cr: [2]int{0, 0}, winner: nobody,
		source: "§2.10 8th: ranks of ≥5 models; two ranks of 4 give nothing"},
	{name: "8th an incomplete rear rank of 4 does not count", preset: "8th", a: foot(14, 5), b: foot(14, 14),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§2.10 8th: 5, 5 and 4: only two ranks of 5, +1; B in one rank is not Steadfast against A's two"},
	{name: "8th ranks at most +3", preset: "8th", a: foot(30, 5), b: foot(30, 30),
		cr: [2]int{3, 0}, winner: sideA, test: rollsTest, target: 5,
		source: "§2.10 8th: six ranks, at most +3"},
	{name: "8th ranks counted at the end", preset: "8th", a: foot(15, 5), b: foot(8, 8), wounds: [2]int{0, 6},
		cr: [2]int{0, 6}, winner: sideB, test: rollsTest, target: 2,
		source: "§2.10 8th: at the end of the fight 9 five wide are 5 and 4, no bonus; no outnumber in 8th; one rank each, not Steadfast; Ld 8 − 6"},
	{name: "8th monstrous ranks of 3", preset: "8th", a: trolls(6, 3), b: trolls(6, 6),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 3,
		source: "§2.10 8th: ranks of 3 for monstrous troops; two ranks of 3 Trolls, +1; B has one rank, not Steadfast; Trolls Ld 4 − 1"},
	{name: "8th standard +1", preset: "8th", a: foot(5, 5, standard), b: foot(5, 5),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§2.10 standard +1"},
	{name: "8th standard and battle standard +2", preset: "8th", a: foot(5, 5, standard, bsb), b: foot(5, 5),
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "§2.10, §3.1 8th: +1 standard, +1 more for the battle standard"},
	{name: "7th standard and battle standard +2", preset: "7th", a: foot(5, 5, standard, bsb), b: foot(5, 5),
		cr: [2]int{2, 0}, winner: sideA, test: rollsTest, target: 6,
		source: "7th.whfb.app generals-and-battle-standards/combat-bonus: the battle standard gives \"an extra +1\" beside the unit's standard; Ld 8 − 2"},
	{name: "8th battle standard alone +1", preset: "8th", a: foot(5, 5, bsb), b: foot(5, 5),
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 7,
		source: "§2.10 8th: the battle standard's +1"},
	{name: "8th no outnumber", preset: "8th", a: foot(10, 10), b: foot(5, 5),
		cr: [2]int{0, 0}, winner: nobody,
		source: "§2.10, §3.1: no outnumber bonus in 8th"},
	{name: "8th no high ground", preset: "8th", a: foot(5, 5), b: foot(5, 5), high: sideA,
		cr: [2]int{0, 0}, winner: nobody,
		source: "§2.10, §3.1: no high ground bonus in 8th"},
	{name: "8th one rank of 5 does not disrupt", preset: "8th", a: foot(9, 5), b: foot(15, 5, musician), charger: sideA, facing: Flank,
		cr: [2]int{2, 3}, winner: sideB, test: rollsTest, target: 7,
		source: "§2.10 disruption needs two ranks of 5: A's 5 and 4 leave B its +2; A charge +1, flank +1, its own ranks 0; 2 all, the musician wins by 1 (B 2 + 1); A has fewer ranks; Ld 8 − 1"},

	// 8th break tests (§2.11).
	{name: "8th §5.6: Halberdiers against Bloodletters in the rear", preset: "8th",
		a: foot(30, 6, standard, ld(7)), b: foot(12, 5, fearsome), charger: sideB, facing: Rear, wounds: [2]int{2, 9},
		cr: [2]int{3, 13}, winner: sideB, test: rollsTest, target: 7,
		source: "§5.6: A 2 wounds + standard 1, ranks lost to disruption (B's 10 left are two ranks of 5); B 9 + charge 1 + rear 2 + ranks 1; A's 21 six wide are 3 ranks against 2: Steadfast, Ld 7 unmodified; 8th Fear does not break (§2.4)"},
	{name: "6th §5.6's combat: no Steadfast", preset: "6th",
		a: foot(30, 6, standard, ld(7)), b: foot(12, 5, fearsome), charger: sideB, facing: Rear, wounds: [2]int{2, 9},
		cr: [2]int{4, 12}, winner: sideB, test: rollsTest, target: -1,
		source: "§3.1 6th: A 2 + standard 1 + outnumber 1 (21 against 10), ranks lost to a rear charge of US 12; B 9 + rear 2 + ranks 1 (5, 5 and 2 at the start); no charge bonus; Fear-causers outnumbered, so a test (docs/rules.md fear); Ld 7 − 8"},
	{name: "8th Steadfast: more ranks", preset: "8th", a: foot(10, 5), b: foot(20, 5), wounds: [2]int{4, 0},
		cr: [2]int{5, 2}, winner: sideA, test: rollsTest, target: 8,
		source: "§2.11: A 4 wounds + 1 rank; B's 16 left are 3 ranks of 5 (+2) against A's 2: Steadfast, Ld 8 unmodified"},
	{name: "8th not Steadfast with equal ranks", preset: "8th", a: foot(10, 5), b: foot(15, 5), wounds: [2]int{5, 0},
		cr: [2]int{6, 1}, winner: sideA, test: rollsTest, target: 3,
		source: "§2.11: more ranks than the enemy, and B's 10 left are 2 ranks against A's 2; A 5 wounds + 1 rank, B +1 rank; Ld 8 − 5"},
	{name: "8th Steadfast needs ranks of 5", preset: "8th", a: foot(10, 5), b: foot(20, 4), wounds: [2]int{3, 0},
		cr: [2]int{4, 0}, winner: sideA, test: rollsTest, target: 4,
		source: "§2.11: B's ranks are 4 wide, so none count against A's two of 5: A 3 wounds + 1 rank; Ld 8 − 4"},
	{name: "8th Stubborn is always Steadfast", preset: "8th", a: foot(10, 5), b: foot(5, 5, stubborn), wounds: [2]int{3, 0},
		cr: [2]int{4, 0}, winner: sideA, test: rollsTest, target: 8,
		source: "§2.11 8th: Stubborn units are always steadfast; A 3 wounds + 1 rank"},
	{name: "8th Fear does not break", preset: "8th", a: trolls(3, 3), b: foot(8, 8, ld(6)), wounds: [2]int{1, 0},
		cr: [2]int{1, 0}, winner: sideA, test: rollsTest, target: 5,
		source: "§2.4 8th Fear is WS 1, not a break; no outnumber bonus; one rank each (3 Trolls, 7 Goblins), not Steadfast; Ld 6 − 1"},
	{name: "8th Unbreakable takes no test", preset: "8th", a: foot(10, 5), b: foot(5, 5, unbreakable), wounds: [2]int{3, 0},
		cr: [2]int{4, 0}, winner: sideA, test: holds,
		source: "§2.11: Unbreakable passes all break tests"},

	// Options set by hand, to see one rule alone.
	{name: "8th with the 6th Fear", preset: "8th", set: []string{"fear", "auto_break_when_outnumbered"},
		a: trolls(3, 3), b: foot(8, 8, ld(6)), wounds: [2]int{1, 0},
		cr: [2]int{1, 0}, winner: sideA, test: breaksOutright,
		source: "docs/rules.md fear: auto_break_when_outnumbered, US 9 against 7"},
	{name: "6th without the musician rule", preset: "6th", set: []string{"musician_wins_draws", "no"},
		a: foot(5, 5), b: foot(5, 5, musician),
		cr: [2]int{0, 0}, winner: nobody,
		source: "docs/rules.md musician_wins_draws: no, a draw stays a draw (§2.10)"},
}

var breakNames = map[breakKind]string{rollsTest: "rolls", holds: "holds", breaksOutright: "breaks outright"}

// TestCombatResultTable checks each row's combat results, winner and break
// test through combatResult, winner and breakTest, with the units' state
// set as the row says.
func TestCombatResultTable(t *testing.T) {
	t.Parallel()
	runCombatCases(t, combatCases)
}

// runCombatCases checks each case as TestCombatResultTable says.
func runCombatCases(t *testing.T, cases []combatCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rs := combatRules(t, c.preset, c.set...)
			a, b := c.a, c.b
			a.ID, b.ID = "a", "b"
			f := newFight(t, rs, Combat{Sides: [2]Fighter{a, b}, Charger: c.charger.index(), Facing: c.facing,
				HighGround: c.high.index(), MaxRounds: 2})
			tr := f.NewTrialer().(*fightTrial)
			for i := range tr.st {
				s := &tr.st[i][0]
				me := &f.cc.Sides[i]
				if c.wounds[1-i] > 0 && me.Profile.W != 1 {
					t.Fatalf("wounds on %s: the table slays one-Wound models only", me.ID)
				}
				s.reset(me.Models, me.Profile.W)
				s.alive -= c.wounds[1-i]
				s.scored = c.wounds[1-i]
				s.lost = c.wounds[1-i]
			}
			round := max(1, c.round)
			cr := tr.musicianBonus([2]int{tr.combatResult(0, round), tr.combatResult(1, round)})
			if cr != c.cr {
				t.Errorf("combat result %v, want %v (%s)", cr, c.cr, c.source)
			}
			w, margin := tr.winner(cr)
			if w != c.winner.index() {
				t.Fatalf("winner %d, want %d (%s)", w, c.winner.index(), c.source)
			}
			if w < 0 {
				return
			}
			test, target := tr.breakTest(1-w, w, margin)
			if test != c.test || test == rollsTest && target != c.target {
				t.Errorf("break test %s (target %d), want %s (target %d) (%s)",
					breakNames[test], target, breakNames[c.test], c.target, c.source)
			}
		})
	}
}

// The dice side of a break test (§2.11, §3.1): Insane Courage passes on a
// double 1 whatever the target (7th, 8th; not in the 6th preset), and a
// battle standard lets its unit re-roll a failed test (both presets,
// docs/rules.md battle_standard_reroll).
func TestBreakTestDice(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		preset string
		loser  Fighter
		margin int
		dice   []int
		breaks bool
		source string
	}{
		{"8th double 1 passes any target", "8th", foot(5, 5, ld(5)), 10, []int{1, 1}, false,
			"§2.11 step 4, §5.5: the Night Goblins' double 1 (Ld 5 − 10)"},
		{"6th double 1 fails a target below 2", "6th", foot(5, 5, ld(5)), 10, []int{1, 1}, true,
			"§3.1 6th: no Insane Courage [U], docs/rules.md insane_courage: no"},
		{"the target itself passes", "6th", foot(5, 5), 3, []int{2, 3}, false,
			"§2.11 step 4: pass if the sum ≤ target, Ld 8 − 3 = 5"},
		{"one over the target fails", "6th", foot(5, 5), 3, []int{3, 3}, true,
			"§3.1 6th: 2D6 + diff > Ld breaks: 6 + 3 > 8"},
		{"a battle standard re-rolls a failure", "8th", foot(5, 5, bsb), 3, []int{3, 3, 2, 2}, false,
			"§2.11 step 5: Hold Your Ground!, the re-roll 4 ≤ 5"},
		{"the re-roll can fail too", "8th", foot(5, 5, bsb), 3, []int{3, 3, 4, 2}, true,
			"§2.11 step 5: one re-roll, 6 > 5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.loser.ID = "loser"
			tr := breakTrial(t, combatRules(t, c.preset), c.loser)
			d := engine.Scripted(c.dice...)
			if got := tr.breaks(d, 0, 1, c.margin); got != c.breaks {
				t.Errorf("breaks %v, want %v (%s)", got, c.breaks, c.source)
			}
			if d.Left() != 0 {
				t.Errorf("%d scripted dice left unrolled", d.Left())
			}
		})
	}
}

// A unit broken by Fear without a test (6th.whfb.app
// psychology/defeated-by-fear-causing-enemy): under 7th "an act of Insane
// Courage will keep such units in the fight" (7th.whfb.app, the same page;
// fear_break_insane_courage yes), a double 1 on 2D6; 6th rolls nothing.
func TestFearBreakInsaneCourage(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		preset string
		dice   []int
		breaks bool
	}{
		{"7th: a double 1 keeps it in the fight", "7th", []int{1, 1}, false},
		{"7th: anything else breaks it", "7th", []int{1, 2}, true},
		{"6th: no roll, it breaks", "6th", nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			goblins := foot(8, 8, ld(6))
			goblins.ID = "goblins"
			fearsome := trolls(3, 3)
			fearsome.ID = "trolls"
			f := newFight(t, combatRules(t, c.preset), Combat{Sides: [2]Fighter{goblins, fearsome}, Charger: -1, HighGround: -1, MaxRounds: 1})
			tr := f.NewTrialer().(*fightTrial)
			tr.begin()
			if test, _ := tr.breakTest(0, 1, 1); test != breaksOutright {
				t.Fatalf("break test %s, want breaks outright (Trolls US 9 against 8 Goblins)", breakNames[test])
			}
			d := engine.Scripted(c.dice...)
			if got := tr.breaks(d, 0, 1, 1); got != c.breaks {
				t.Errorf("breaks %v, want %v", got, c.breaks)
			}
			if d.Left() != 0 {
				t.Errorf("%d scripted dice left unrolled", d.Left())
			}
		})
	}
}

// When a flank or rear charger's Unit Strength cancels the ranks (6th,
// docs/rules.md flank_cancels_ranks [I]): it is read when the combat
// result is worked out, at the end of the round, as the 6th FAQ reads
// the flank bonus (6th.whfb.app faq/close-combat, Warhammer Chronicles
// 2004 p.112: a flanker reduced below Unit Strength 5 "at the end of the
// phase" cannot claim it). A, 5 models five wide, charges the rear of B,
// 15 five wide (three ranks at the start: +2), and strikes first (the
// charge, 6th); one round, scripted die by die.
func TestRearChargerCutBelowFiveGivesTheRanksBack(t *testing.T) {
	t.Parallel()
	a, b := foot(5, 5), foot(15, 5)
	a.ID, b.ID = "a", "b"
	f := newFight(t, combatRules(t, "6th"), Combat{Sides: [2]Fighter{a, b}, Charger: 0, Facing: Rear, HighGround: -1, MaxRounds: 1}).PerDie()
	for _, c := range []struct {
		name   string
		dice   []int
		cr     [2]int
		events []string
		source string
	}{
		{"B slays one: A's Unit Strength 4 at the end, B keeps its ranks", []int{
			1, 1, 1, 1, 1, // A's five attacks miss (4+)
			4, 4, 1, 1, 1, 1, // B's first hits and wounds on 4+ (no save), its other four miss
			2, 2, // A tests at 8 − 4: 4 holds
		}, [2]int{0, 4}, []string{"draw", "b.wins_on_result"},
			"A has 4 models at the end: below Unit Strength 5, it claims no rear bonus and cancels no ranks; B 1 wound, +2 ranks, outnumbers 15 to 4 +1 = 4; A holds on 4 ≤ 8 − 4; one round: a draw, B ahead"},
		{"B slays none: A's Unit Strength 5 cancels B's ranks", []int{
			1, 1, 1, 1, 1, // A misses
			1, 1, 1, 1, 1, // B misses
			3, 3, // B tests at 8 − 1: 6 holds
		}, [2]int{2, 1}, []string{"draw", "a.wins_on_result"},
			"A, Unit Strength 5 at the end: rear +2, and B's +2 ranks lost; B outnumbers 15 to 5, +1; B holds on 6 ≤ 8 − 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := engine.Scripted(c.dice...)
			r := trial(f, d)
			metric := func(name string) int {
				return r.Values[slices.IndexFunc(f.Metrics(), func(m engine.Metric) bool { return m.Name == name })]
			}
			if cr := [2]int{metric("a.combat_result"), metric("b.combat_result")}; cr != c.cr {
				t.Errorf("combat result %v, want %v (%s)", cr, c.cr, c.source)
			}
			want := map[string]bool{}
			for _, e := range c.events {
				want[e] = true
			}
			for _, e := range []string{"a.wins", "b.wins", "draw", "a.wins_on_result", "b.wins_on_result", "a.breaks", "b.breaks"} {
				if got := r.Events[slices.Index(f.Events(), e)]; got != want[e] {
					t.Errorf("%s %v, want %v (%s)", e, got, want[e], c.source)
				}
			}
			if d.Left() != 0 {
				t.Errorf("%d scripted dice left unrolled (%s)", d.Left(), c.source)
			}
		})
	}
}
