package conquest

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Counter-Attack (2.x [S], WoodRust special_rules.json: "each unmodified
// Defense Roll of "1" causes 1 Hit to the Active Enemy Regiment") and
// Lethal Demise (BSData .gst [V 1.03]: "Whenever this Stand suffers a
// Wound, all enemy Regiments in contact suffer a Hit for each Wound
// inflicted"; 2.x: the wounds of failed defence rolls): hits struck back
// within the enemy's action, each a defence die of the enemy's, against
// its front.

// wall is a regiment of one big stand per stand that nothing in these
// tests can destroy: Defence d, Wounds 20, Resolve 6 (so that Morale
// fails only on a 6 — on a roll of 6, as every test does).
func wall(id string, stands, d int) Regiment {
	return Regiment{ID: id, Type: Infantry, Class: Medium,
		Profile: Profile{M: 5, C: 3, A: 2, W: 20, R: 6, D: d},
		Stands:  stands, Models: 1, Frontage: stands, Engaged: stands}
}

// The dice of one Clash, scripted: two Strikes hit on 2 and 3 (Clash 3);
// the Counter-Attacker's defence dice show 1 (a block, and a hit back)
// and 5 (a wound, Defence 3); its Morale die 2 passes; the hit back's
// defence die, the attacker's, shows 6: one wound on the attacker.
func TestCounterAttackScripted(t *testing.T) {
	t.Parallel()
	att, ca := wall("attacker", 1, 2), wall("counter", 1, 3)
	ca.Rules.CounterAttack = true
	f := newFight(t, preset(t, "2.0"), Combat{Turns: 1, Sides: []Side{
		{Regiment: att, FirstTurn: []Action{ActClash}}, {Regiment: ca}}})
	d := engine.Scripted(2, 3, 1, 5, 2, 6)
	r := trial(f.PerDie(), d)
	if got := value(t, f, r, "counter.wounds"); got != 1 {
		t.Errorf("the Counter-Attacker took %d wounds, want 1", got)
	}
	if got := value(t, f, r, "attacker.wounds"); got != 1 {
		t.Errorf("the attacker took %d wounds from the hit back, want 1", got)
	}
	if d.Left() != 0 {
		t.Errorf("%d scripted dice left unrolled", d.Left())
	}
}

// The means, worked by hand, each exact and against the simulation (by
// counts and die by die).
func TestStrikeBackMeans(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		preset string
		rules  []string
		att    func() Regiment
		tgt    func() Regiment
		want   float64 // the attacker's mean wounds
		defect string  // the target's mean wounds, when want is a multiple of them
	}{
		// Counter-Attack: 6 Strikes (3 stands of A 2) hit on 3 or less
		// (1/2); each hit's defence die shows a natural 1 one time in six;
		// each hit back fails the attacker's Defence 2 four times in six:
		// 6 · 1/2 · 1/6 · 4/6 = 1/3.
		{"counter-attack", "2.0", nil,
			func() Regiment { return wall("attacker", 3, 2) },
			func() Regiment { r := wall("counter", 1, 3); r.Rules.CounterAttack = true; return r },
			1.0 / 3, ""},
		// Lethal Demise on the wounds of failed defence rolls: 6 · 1/2
		// hits, each failing Defence 2 four times in six, is 2 wounds; a
		// hit back each, failing the attacker's Defence 3 half the time:
		// 1, whatever the Morale test adds.
		{"lethal demise, failed defence", "2.0", []string{"lethal_demise", "failed_defence"},
			func() Regiment { return wall("attacker", 3, 3) },
			func() Regiment { r := wall("lethal", 1, 2); r.Rules.LethalDemise = true; return r },
			1, ""},
		// On every wound: the Morale test's wounds strike back too, so the
		// attacker's mean is half the target's whole wounds.
		{"lethal demise, every wound", "2.0", []string{"lethal_demise", "every_wound"},
			func() Regiment { return wall("attacker", 3, 3) },
			func() Regiment { r := wall("lethal", 1, 2); r.Rules.LethalDemise = true; return r },
			0.5, "lethal.wounds"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFight(t, set(t, preset(t, c.preset), c.rules...), Combat{Turns: 1, Sides: []Side{
				{Regiment: c.att(), FirstTurn: []Action{ActClash}}, {Regiment: c.tgt()}}})
			ex, err := f.Exact()
			if err != nil {
				t.Fatal(err)
			}
			want := c.want
			if c.defect != "" {
				want *= mean(ex.PMF[index(t, ex, c.defect)])
				if tw := mean(ex.PMF[index(t, ex, c.defect)]); tw <= 2+1e-9 {
					t.Errorf("the target's wounds %v are no more than its failed defence's 2: the test tells nothing", tw)
				}
			}
			if got := mean(ex.PMF[index(t, ex, "attacker.wounds")]); math.Abs(got-want) > 1e-12 {
				t.Errorf("the attacker's wounds: %v, want %v", got, want)
			}
			enginetest.Agree(t, c.name, ex, run(t, f, 40_000, 61))
			enginetest.Agree(t, c.name+", die by die", ex, run(t, f.PerDie(), 40_000, 62))
		})
	}
}

// Lethal Demise on every wound strikes back for its own Decay too: three
// stands of Decay 1 lose a wound on each 5 or 6, one a turn on average,
// each a hit back failing the enemy's Defence 3 half the time: the
// enemy's mean wounds rise by 1/2 over failed_defence, which strikes back
// for none of them.
func TestLethalDemiseDecay(t *testing.T) {
	t.Parallel()
	means := map[string]float64{}
	for _, v := range []string{"every_wound", "failed_defence"} {
		ld := wall("lethal", 3, 2)
		ld.Rules.LethalDemise, ld.Rules.Decay = true, 1
		f := newFight(t, set(t, preset(t, "2.0"), "lethal_demise", v), Combat{Turns: 1, Sides: []Side{
			{Regiment: wall("enemy", 3, 3)}, {Regiment: ld, FirstTurn: []Action{ActClash}}}})
		ex, err := f.Exact()
		if err != nil {
			t.Fatal(err)
		}
		means[v] = mean(ex.PMF[index(t, ex, "enemy.wounds")])
		enginetest.Agree(t, v, ex, run(t, f, 40_000, 63))
	}
	if d := means["every_wound"] - means["failed_defence"]; math.Abs(d-0.5) > 1e-12 {
		t.Errorf("Decay's hits back add %v wounds, want 1/2", d)
	}
}

// Everything at once, over three turns: both regiments with Lethal Demise
// (the hits back strike nothing back), one with Counter-Attack and Decay,
// the other with Aura of Death, Morale after the hits back; the exact
// solution agrees with the simulation, by counts and die by die, and
// the hits back hurt: the attacker takes more wounds than without them.
func TestStrikeBackFight(t *testing.T) {
	t.Parallel()
	a, b := wall("aura", 2, 3), wall("counter", 2, 3)
	a.Profile.W, b.Profile.W = 4, 4
	a.Profile.R, b.Profile.R = 3, 3
	a.Rules = Rules{LethalDemise: true, AuraOfDeath: 1}
	b.Rules = Rules{LethalDemise: true, CounterAttack: true, Decay: 1}
	rs := set(t, preset(t, "2.0"), "strike_back_morale", "yes", "lethal_demise", "every_wound")
	cc := Combat{Turns: 3, Sides: []Side{
		{Regiment: a, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
		{Regiment: b, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}}}}
	f := newFight(t, rs, cc)
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "strike back", ex, run(t, f, 60_000, 64))
	enginetest.Agree(t, "strike back, die by die", ex, run(t, f.PerDie(), 60_000, 65))
	cc.Sides[1].Regiment.Rules.CounterAttack, cc.Sides[1].Regiment.Rules.LethalDemise = false, false
	plain, err := newFight(t, rs, cc).Exact()
	if err != nil {
		t.Fatal(err)
	}
	if with, without := mean(ex.PMF[index(t, ex, "aura.wounds")]), mean(plain.PMF[index(t, plain, "aura.wounds")]); with <= without {
		t.Errorf("the aura regiment takes %v wounds with the hits back, %v without", with, without)
	}
}

// A one-action scenario reports the target alone: its Counter-Attack
// changes none of its numbers (the hits back land on the attacker, which
// a fight of turns reports), exactly and in the simulation.
func TestCounterAttackStrike(t *testing.T) {
	t.Parallel()
	att, ca := wall("attacker", 3, 2), wall("counter", 1, 3)
	plain := newStrike(t, preset(t, "2.0"), Clash, att, ca, Engagement{})
	ca.Rules.CounterAttack = true
	s := newStrike(t, preset(t, "2.0"), Clash, att, ca, Engagement{})
	ex, err := s.Exact()
	if err != nil {
		t.Fatal(err)
	}
	want, err := plain.Exact()
	if err != nil {
		t.Fatal(err)
	}
	for m := range ex.PMF {
		for x := range ex.PMF[m] {
			if math.Abs(ex.PMF[m][x]-want.PMF[m][x]) > 1e-12 {
				t.Errorf("%s P(%d) = %v with Counter-Attack, %v without", ex.Metrics[m].Name, x, ex.PMF[m][x], want.PMF[m][x])
			}
		}
	}
	enginetest.Agree(t, "Counter-Attack, one action", ex, run(t, s, 40_000, 66))
}
