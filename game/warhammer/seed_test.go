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
