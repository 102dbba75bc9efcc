package main

import (
	"math"
	"testing"
)

// The built-in lone-hero answers its question (issue 30, What to build
// §5; docs/scenarios.md, "What the Lord adds"): a lone Chaos Lord charging
// the Halberdiers' flank beside the Chaos Warriors slays their champion in
// the challenge and turns a fight the Warriors alone usually win into one
// the Chaos army almost always wins.
//
// By hand, 8th edition: the Lord (WS8, S5, A5) challenges and the
// Halberdiers' champion (WS3, T3, W1, light armour) accepts. Each of the
// Lord's 5 attacks hits on 3+ (WS more than double, 2/3) and wounds on 2+
// (S5 against T3, 5/6); the 6+ save is gone at S5: a wound is 5/9, so the
// champion lives through the first round only with (4/9)^5 = 0.0173. The
// Lord's Overkill in that round is E[X] - P(X ≥ 1) for X ~ Bin(5, 5/9):
// 25/9 - (1 - (4/9)^5) = 1.7951. A champion who lives strikes back, and
// the Lord may score up to 4 more Overkill later, so the fight's mean lies
// between 1.7951 and 1.7951 + 4 (4/9)^5 = 1.8645.
//
// Who wins: alone the Lord adds his Overkill (near 2) and the champion's
// two attacks taken away to every round the champion would have fought,
// against Halberdiers who stay Steadfast (four ranks against three; a
// lone character has none and does not disrupt). The Warriors alone win
// most fights but lose near a third; with the Lord the first round's
// difference grows by his Overkill and more, and the Halberdiers, testing
// on Leadership 7 round after round, nearly always break.
func TestLoneHeroAnswersItsQuestion(t *testing.T) {
	path := variant(t, "lone-hero",
		[2]string{"  - {id: lord, from: chaos_lord, character: true, challenge: {issue: always}}\n", ""},
		[2]string{"        - {unit: lord, charged: true, fights: [{unit: halberdiers, at: flank}]}\n", ""},
		[2]string{", {unit: lord, models: 1}", ""})
	hm, hse, hp, out := runResults(t, "lone-hero")
	_, _, ap, aout := runResults(t, path)

	survives := math.Pow(4.0/9, 5)
	lo, hi := 25.0/9-(1-survives), 25.0/9-(1-survives)+4*survives
	if got, se := hm["lord.lord.overkill"], hse["lord.lord.overkill"]; got < lo-4.5*se || got > hi+4.5*se {
		t.Errorf("the Lord's Overkill %.4f; want between %.4f and %.4f, give or take 4.5 standard errors (%.4f)\n%s", got, lo, hi, 4.5*se, out)
	}
	p := hp["halberdiers.champion.slain"]
	if se := math.Sqrt(p * (1 - p) / hammerTrials); p < 1-survives-4.5*se {
		t.Errorf("the champion is slain in %.4f of fights; want at least the first round's %.4f, give or take %.4f\n%s", p, 1-survives, 4.5*se, out)
	}
	if p := ap["chaos.wins"]; p < 0.5 || p > 0.8 {
		t.Errorf("the Warriors alone win %.4f of fights; want most, but not nearly all\n%s", p, aout)
	}
	if p := hp["chaos.wins"]; p < 0.99 {
		t.Errorf("with the Lord the Chaos army wins %.4f of fights; want at least 0.99\n%s", p, out)
	}
}
