package conquestref

import "testing"

// Fights of several regiments (docs/conquest.md, Several regiments), each
// held to the engine and to its exact solver (agreeThree), multiTrials
// trials a side.

// multiTrials is the trials of each side of a fight of several regiments
// (a tenth under -short): fewer than trials' 100,000, so that the package
// stays near 30 s on two cores.
const multiTrials = 60_000

// Two against one: the Raiders strike the Wardens' flank, which their
// Shield does not cover; from the rear the Wardens cannot restore stands;
// under 2.0 the flanked Wardens lose Support 2; the roll-off of one card
// against two, which the Wardens win 21 times in 31. When the Spearmen
// fall the Wardens turn on the Raiders.
func TestAgreementTwoOnOne(t *testing.T) {
	agreeVariantsN(t, "two-on-one", []variant{
		{name: "flank"},
		{name: "rear, healing blocked", edits: []string{"facing: flank", "facing: rear",
			"support: 2}\n", "support: 2}\n    healing: [{kind: heal, amount: 2}]\n"}},
		{name: "2.0 support lost", edits: []string{`ruleset: "1.5"`, `ruleset: "2.0"`}, opts: "stand_profile: per_model, morale_flank_rear: none"},
		{name: "roll_off, one card against two", edits: []string{"  turns: 3\n", "  turns: 3\n  activation: roll_off\n"}},
		// The Wardens Rally against the Fearsome Raiders, an enemy in
		// contact though not their target: only on a Resolve roll.
		{name: "rally against a fearsome flanker", edits: []string{
			"    stands: 2\n    models: 3\nfight", "    stands: 2\n    models: 3\n    special_rules: {fearsome: true}\nfight",
			"target: spearmen, actions: [clash]", "target: spearmen, actions: [rally, clash]"}},
	}, multiTrials)
}

// Lethal Demise at two enemies in contact: under every_wound each wound
// the Wardens suffer strikes a hit back at the Spearmen and at the
// Raiders, under failed_defence only at the regiment whose attack caused
// it; each regiment's hits back one batch, in side order.
//
// With Counter-Attack beside it, the attacker's hits back from both rules
// are one batch, with one Morale test.
func TestAgreementLethalDemiseTwoContacts(t *testing.T) {
	ld := []string{"support: 2}", "support: 2, lethal_demise: true}"}
	ca := []string{"support: 2}", "support: 2, lethal_demise: true, counter_attack: true}"}
	agreeVariantsN(t, "two-on-one", []variant{
		{name: "every_wound", edits: ld},
		{name: "failed_defence", opts: "lethal_demise: failed_defence", edits: ld},
		{name: "counter-attack, failed_defence", opts: "lethal_demise: failed_defence", edits: ca},
		{name: "counter-attack, every_wound", edits: ca, noExact: true}, // too large for the exact solver
	}, multiTrials)
}

// Aura of Death at two enemies in contact: at the start of each turn the
// Wardens' 2 engaged stands strike 2 hits at the Spearmen, then at the
// Raiders (from the Raiders' front: the Wardens do not target them); the
// Spearmen's Lethal Demise strikes back for the Aura's wounds; after a
// first turn's Charge the Aura strikes from the second turn.
func TestAgreementAuraTwoContacts(t *testing.T) {
	aura := []string{"support: 2}", "support: 2, aura_of_death: 1}"}
	agreeVariantsN(t, "two-on-one", []variant{
		{name: "aura", edits: aura},
		{name: "aura, lethal demise struck back", edits: append(aura,
			"profile: {M: 5, V: 1, C: 3, A: 1, W: 1, R: 2, D: 2, E: 0}\n    stands: 2\n",
			"profile: {M: 5, V: 1, C: 3, A: 1, W: 1, R: 2, D: 2, E: 0}\n    stands: 2\n    special_rules: {lethal_demise: true}\n")},
		{name: "aura after a charge", edits: append(aura,
			"type: infantry\n    class: light", "type: cavalry\n    class: medium",
			"facing: flank, actions: [clash]", "facing: flank, first_turn: [charge, clash], actions: [clash]")},
	}, multiTrials)
}

// A regiment whose target is destroyed turns on the first enemy still
// fighting it: the Levy fall, the Brutes turn on the Spearmen, the Ghouls
// strike nothing more.
func TestAgreementRetarget(t *testing.T) {
	agreeVariantsN(t, "retarget", []variant{{name: "1.5"}}, multiTrials)
}

// Three against three, one stand each, over three turns: in order, and by
// the roll-off of three cards against three (one chance in two).
func TestAgreementThreeOnThree(t *testing.T) {
	agreeVariantsN(t, "three-on-three", []variant{
		{name: "in_order"},
		{name: "roll_off, 2 turns", edits: []string{"  turns: 3\n", "  turns: 2\n  activation: roll_off\n"}},
	}, multiTrials)
}

// The Wardens, flanked under 2.0, re-roll their passed Morale dice
// (morale_flank_rear: reroll_successes): the reference reads it as the
// rules text says, for every Morale test of a regiment engaged in its
// flank or rear; the engine re-rolls them only in the tests that follow
// the flanking regiment's own attacks (and its hits back), not the
// Spearmen's Clash at the Wardens' front. They disagree:
// wardens.resolve_failures 2.376 (reference) against 2.138 (engine and
// exact), z = 39 at 100,000 trials (README.md, Disagreement). Skipped until
// the reading is settled; TestAgreementTwoOnOne holds 2.0 with
// morale_flank_rear: none.
func TestAgreementFlankMorale(t *testing.T) {
	agreeVariantsN(t, "two-on-one", []variant{
		{name: "2.0", edits: []string{`ruleset: "1.5"`, `ruleset: "2.0"`}, opts: "stand_profile: per_model"},
	}, multiTrials)
}
