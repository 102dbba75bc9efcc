package warhammer

import (
	"testing"

	"github.com/wargamesim/sim/engine"
)

// Seed 000's example, replayed with scripted dice through the real stages,
// casualty keeping and Regeneration: three Trolls (W3, Regeneration 4+)
// fight five Empire Knights. The round resolver of close combat (issue 4)
// will replay it whole; here each step uses the pieces it is built from.
func TestSeed000TrollsAgainstKnights(t *testing.T) {
	rs := sixth(t)
	trolls := Target{Type: MonstrousInfantry, T: 4, W: 3, WS: 3, Models: 3,
		Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: 4}}
	knights := Target{Type: Cavalry, T: 3, W: 1, WS: 4, Models: 5,
		Defence: Defence{Armour: 1, Ward: NoSave, Regeneration: NoSave}} // plate, shield, barded warhorse

	// The Knights charge and strike first: S5 with lances, hit on 3+ (WS4
	// against WS3) and wound on 3+ (S5 against T4). All five wound.
	knightBlows := newStages(rs, Attack{Phase: CloseCombat, Count: 5, Skill: 4, S: 5, Round: 1}, trolls)
	d := engine.Scripted(3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
	tr := newUnitState(3, 3)
	unsaved := 0
	for range 5 {
		if knightBlows.rollOne(d) == stUnsaved {
			unsaved++
		}
	}
	applyWounds(&tr, rs, d, nil, unsaved, 0, Amount{}, true)
	if unsaved != 5 || tr.alive != 2 || tr.carried != 2 {
		t.Fatalf("the Knights' 5 wounds leave %d Trolls with %d marked (from %d unsaved); the seed says one dies and 2 wounds stay on the next", tr.alive, tr.carried, unsaved)
	}

	// The two surviving Trolls strike back: 2 × A3 = 6 attacks (the slain
	// Troll does not fight). WS3 against WS4 hits on 4+, S5 against T3
	// wounds on 2+, and the Knights' 1+ save is 3+ against S5.
	trollBlows := newStages(rs, Attack{Phase: CloseCombat, Count: tr.alive * 3, Skill: 3, S: 5, Round: 1}, knights)
	d = engine.Scripted(4, 2, 1, 4, 2, 2, 5, 6, 1, 1, 3, 2)
	kn := newUnitState(5, 1)
	unsaved = 0
	for range tr.alive * 3 {
		if trollBlows.rollOne(d) == stUnsaved {
			unsaved++
		}
	}
	applyWounds(&kn, rs, d, nil, unsaved, 0, Amount{}, false)
	if unsaved != 3 || kn.alive != 2 {
		t.Fatalf("the Trolls cause %d wounds and leave %d Knights; the seed says 3 wounds", unsaved, kn.alive)
	}
	if d.Left() != 0 {
		t.Fatalf("%d scripted dice unrolled", d.Left())
	}

	// End of the phase: one die per unsaved wound, capped at the wounds
	// lost: 5 dice, of which 3 succeed on 4+.
	dice := min(tr.regenLost, 5)
	d = engine.Scripted(4, 1, 6, 2, 5)
	regenerated := d.Count(dice, 4)
	tr.regenerate(regenerated)
	if dice != 5 || regenerated != 3 {
		t.Fatalf("%d regeneration dice, %d successes; want 5 and 3", dice, regenerated)
	}
	if tr.alive != 3 || tr.carried != 2 {
		t.Errorf("after regenerating 3: %d Trolls with %d marked; the seed says the dead Troll returns and 2 wounds stay", tr.alive, tr.carried)
	}
	// Combat result: the Knights caused 5 - 3 = 2 wounds, the Trolls 3.
	if tr.scored != 2 || kn.scored != 3 {
		t.Errorf("combat result: Knights %d, Trolls %d; the seed says 2 and 3", tr.scored, kn.scored)
	}
}

// Seed 000's example under The Old World (RULES.md §4), with the same
// dice where the rules roll the same: five Empire Knights charge three
// Trolls. The Knights hit on 3+ and wound on 3+ as before (S5 lances
// against T4), but each wound is regenerated as it is lost, before any
// model is removed, and still counts for combat result; a Troll is never
// slain, so all three strike back.
func TestSeed000UnderTheOldWorld(t *testing.T) {
	rs := tow(t)
	trolls := Target{Type: MonstrousInfantry, T: 4, W: 3, WS: 3, Models: 3,
		Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: 4}}
	knights := Target{Type: Cavalry, T: 3, W: 1, WS: 4, Models: 5,
		Defence: Defence{Armour: 1, Ward: NoSave, Regeneration: NoSave, Shield: true, MountBonus: 1}}

	// Each blow: a hit (3), a wound (3), then Regeneration at once: the
	// seed's five Regeneration dice 4, 1, 6, 2, 5 save three wounds.
	knightBlows := newStages(rs, Attack{Phase: CloseCombat, Count: 5, Skill: 4, S: 5, AP: Lance.AP(rs, 1, true, true), Round: 1}, trolls)
	d := engine.Scripted(3, 3, 4, 3, 3, 1, 3, 3, 6, 3, 3, 2, 3, 3, 5)
	tr := newUnitState(3, 3)
	unsaved, regenerated := 0, 0
	for range 5 {
		switch knightBlows.rollOne(d) {
		case stUnsaved:
			unsaved++
		case stRegenSaved:
			regenerated++
		}
	}
	applyWounds(&tr, rs, d, nil, unsaved, 0, Amount{}, false)
	if unsaved != 2 || regenerated != 3 || tr.alive != 3 || tr.carried != 2 {
		t.Fatalf("%d lost, %d regenerated: %d Trolls with %d marked; want 2 lost, 3 regenerated, 3 Trolls with 2 marked", unsaved, regenerated, tr.alive, tr.carried)
	}
	// Combat result: the 2 wounds lost and the 3 regenerated, 5 in all (6th
	// counts 5 - 3 = 2).
	if cr := tr.scored + regenerated; cr != 5 {
		t.Errorf("the Knights' wounds for combat result: %d, want 5", cr)
	}

	// All three Trolls strike: 9 attacks, 4+ to hit (WS3 against WS4),
	// 2+ to wound (S5 against T3). The Knights' armour is 2+ (plate 4+,
	// shield and barding +1 each, the warhorse nothing), and a Troll's hand
	// weapon takes nothing off it: only the 1s fail. Blow by blow (hit,
	// wound, save): 4 2 1 lost; 1 missed; 5 6 2 saved; 6 1 not wounded; 3
	// missed; 4 3 1 lost; 2 missed; 6 2 4 saved; 5 2 6 saved: 6 hits, 5
	// wounds, 2 lost. In 6th the same dice lose 3 (S5 takes -2: 3+).
	trollBlows := newStages(rs, Attack{Phase: CloseCombat, Count: 9, Skill: 3, S: 5, Round: 1}, knights)
	if trollBlows.armour.Need != 2 {
		t.Fatalf("the Knights' armour against a Troll: %d+, want 2+", trollBlows.armour.Need)
	}
	d = engine.Scripted(4, 2, 1, 1, 5, 6, 2, 6, 1, 3, 4, 3, 1, 2, 6, 2, 4, 5, 2, 6)
	kn := newUnitState(5, 1)
	unsaved = 0
	for range 9 {
		if trollBlows.rollOne(d) == stUnsaved {
			unsaved++
		}
	}
	applyWounds(&kn, rs, d, nil, unsaved, 0, Amount{}, false)
	if d.Left() != 0 {
		t.Fatalf("%d scripted dice unrolled", d.Left())
	}
	if unsaved != 2 || kn.alive != 3 {
		t.Fatalf("the Trolls cause %d wounds and leave %d Knights; want 2 and 3", unsaved, kn.alive)
	}
	// The Knights win 5 to 2 (neither has a rank bonus: heavy cavalry need
	// two ranks of 4, the Trolls two of 3), and the Trolls, Ld 4 beaten by
	// 3, break on a natural 5 or more: 30/36; a natural 2 to 4, which the
	// margin takes above 4, falls back: 6/36, less the double 1, which
	// gives ground (Insane Courage): 5/36 and 1/36.
	p := threeWays(4, 3, true, false, false)
	if !near(p[breaksAndFlees], 30.0/36) || !near(p[fallsBack], 5.0/36) || !near(p[givesGround], 1.0/36) {
		t.Errorf("the Trolls' break test: %v; want 30/36 break, 5/36 fall back, 1/36 (the double 1) give ground", p)
	}
}
