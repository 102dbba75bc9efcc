package warhammerref

import (
	"math/rand/v2"
	"testing"

	"github.com/wargamesim/sim/game/warhammer"
)

// Hand-worked checks of the several-unit reference's 8th and The Old
// World rules, each expected value from docs/rules.md's rows.

// TestMeleeSupportSplit: 28 Orcs (10 wide, a horde under 8th) touch the
// Spearmen and the Swordsmen with 5 each. Rank 2 (10 models) stands 5
// behind each contact; rank 3 (8 models) is filled from the first contact
// on: 5 behind the Spearmen, 3 behind the Swordsmen ("a rank too short
// for all ... is filled from the first contact on"). Under tow the Orcs,
// who charged, have no Press of Battle in round 1 and 5 + 5 in round 2.
func TestMeleeSupportSplit(t *testing.T) {
	rows := []struct {
		rules  string
		round  int
		spear  int
		swords int
		why    string
	}{
		{"8th", 1, 10, 8, "two supporting ranks, the short one from the first contact on"},
		{"tow", 1, 0, 0, "Press of Battle not in the round it charged"},
		{"tow", 2, 5, 5, "Press of Battle: one rank behind each contact"},
	}
	for _, r := range rows {
		us := twoInOneFront()
		us[0].Models = 28
		b := combatAt(t, preset(t, r.rules), us, -1, nil)
		b.n = r.round
		b.us[0].charging = r.round == 1
		b.whoFights(0)
		if got := [2]int{b.us[0].support[1], b.us[0].support[2]}; got != [2]int{r.spear, r.swords} {
			t.Errorf("%s round %d: supporting models %v, want %v: %s", r.rules, r.round, got, [2]int{r.spear, r.swords}, r.why)
		}
	}
}

// TestMeleeSupportShortRanks: 18 Orcs (10 wide) once the Spearmen are
// gone (fled) fight the Swordsmen alone, 5 models touching them. Their
// ranks are 10 and 8: rank 2 stands 5 behind the Swordsmen contact (the
// other 3 behind no enemy), and there is no rank 3, so 5 support, not 8:
// a rank is the unit's frontage wide, and the ranks behind stand "rank by
// rank behind every front contact" (docs/rules.md, Supporting attacks).
// The engine gives 8 (README, "Disagreements" point 3).
func TestMeleeSupportShortRanks(t *testing.T) {
	us := twoInOneFront()
	us[0].Models = 18
	b := combatAt(t, preset(t, "8th"), us, -1, nil)
	b.n, b.us[0].charging = 2, false
	b.us[1].state = fled
	b.whoFights(0)
	if got := b.us[0].support[2]; got != 5 {
		t.Errorf("supporting models at the Swordsmen %d, want 5 (rank 2's five behind the contact; no rank 3)", got)
	}
}

// TestMeleeDisruptionAndSteadfast checks disruption by edition and
// Steadfast against the deepest enemy unit.
func TestMeleeDisruptionAndSteadfast(t *testing.T) {
	// 8th: 5 Knights in one rank in the Boyz' flank do not disrupt them
	// (two ranks of 5 needed); 10 Swordsmen 5 wide (two ranks) do.
	b := combatAt(t, preset(t, "8th"), steadfastBoyz(), -1, nil)
	if b.disrupted(2) {
		t.Error("8th: Knights of one rank disrupt the Boyz; want two ranks of five")
	}
	b = combatAt(t, preset(t, "8th"), twoRankFlanker(), -1, nil)
	if !b.disrupted(2) {
		t.Error("8th: two ranks of 5 Swordsmen in the flank do not disrupt the Boyz")
	}
	var all combatSet
	for i := range b.units {
		all.in[i] = true
	}
	// The Boyz' 5 ranks against the Halberdiers' 4 and the Swordsmen's 2:
	// Steadfast, disrupted or not; the Halberdiers (4 against 5) are not.
	if !b.steadfast(all, 2) || b.steadfast(all, 0) {
		t.Errorf("Steadfast: boyz %v (want true), halberdiers %v (want false)", b.steadfast(all, 2), b.steadfast(all, 0))
	}
	// tow: heavy infantry Boyz keep their ranks against 4 Knights (US 8);
	// the plain Boyz of hammer-and-anvil lose them to 5 Knights (US 10).
	b = combatAt(t, preset(t, "tow"), heavyBoyz(), -1, nil)
	if b.disrupted(2) {
		t.Error("tow: US 8 disrupts heavy infantry; Steady in the Ranks needs 10")
	}
	us := heavyBoyz()
	us[2].Weight = warhammer.Unweighted
	b = combatAt(t, preset(t, "tow"), us, -1, nil)
	if !b.disrupted(2) {
		t.Error("tow: US 8 does not disrupt regular infantry")
	}
}

// TestMeleeThreeWay rolls the tow break test on scripted dice: the Militia
// (Ld 7) lose by 3, so 2D6 above 7 breaks, at most 4 gives ground, and 5
// to 7 falls back, or breaks where the winners are more than twice as
// strong.
func TestMeleeThreeWay(t *testing.T) {
	rows := []struct {
		faces []int
		twice bool
		want  breakResult
	}{
		{[]int{2, 2}, false, holds},
		{[]int{3, 3}, false, fallsBack},
		{[]int{3, 3}, true, breaksAndFlees},
		{[]int{4, 4}, false, breaksAndFlees},
		{[]int{1, 1}, true, holds}, // Insane Courage
	}
	for _, r := range rows {
		b := combatAt(t, preset(t, "tow"), oneWinnerTwoLosers(), -1, nil)
		b.d = dice{rand.New(&script{t: t, faces: r.faces})}
		if got := b.rollBreak(7, 4, r.twice); got != r.want {
			t.Errorf("dice %v, twice %v: %v, want %v", r.faces, r.twice, got, r.want)
		}
	}
}

// TestMeleeLaterCombatResult: 8th's charge bonus per charging unit, and
// The Old World's Massed Infantry by the army's Unit Strengths added.
func TestMeleeLaterCombatResult(t *testing.T) {
	// pursuitCase, no one slain: Knights and Swordsmen charged. 8th:
	// ranks (Swordsmen 10, 5 wide: +1) + charge 2 + flank on Orcs B
	// (Swordsmen US 10) = 4, no outnumbering in 8th; Orcs: ranks (8, 4
	// wide: none of 5) = 0.
	b := combatAt(t, preset(t, "8th"), pursuitCase(), -1, nil)
	var all combatSet
	for i := range b.units {
		all.in[i] = true
	}
	if got := b.combatResult(all); got != [2]int{4, 0} {
		t.Errorf("8th: %v, want [4 0] (ranks 1, two chargers 2, flank 1)", got)
	}
	// tow, hammer-and-anvil: Empire 20 + 10 = 30 against 25: Massed
	// Infantry +1 (the Halberdiers are infantry); ranks +2 (tow's most
	// for infantry); standard +1; flank +1: 5. Boyz: disrupted by the
	// Knights (US 10), standard: 1.
	b = combatAt(t, preset(t, "tow"), hammerAndAnvil(warhammer.Flank)(), -1, nil)
	if got := b.combatResult(all); got != [2]int{5, 1} {
		t.Errorf("tow: %v, want [5 1] (Massed Infantry, ranks 2, standard, flank; Boyz standard)", got)
	}
}
