package wotr

import (
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// Several turns (docs/wotr.md, "Several turns"). Each expected value comes
// from the rules as docs/wotr.md states them, checked trial by trial on
// the trial's own state, not from the program's output.

// playTrials runs n trials of tu and calls check on each trial's state
// after it.
func playTrials(t *testing.T, tu *Turn, n int, check func(tr *trial)) {
	t.Helper()
	tr := tu.NewTrialer().(*trial)
	var d engine.Dice
	r := engine.NewTrialResult(tu)
	for i := range n {
		d.Seed(5, uint64(i))
		r.Reset()
		tr.Trial(&d, &r)
		check(tr)
	}
}

// fellIn is the first turn a formation fell back in, or -1.
func (tr *trial) fellIn() int {
	for k := range tr.t.e.turns() {
		if tr.turnFell[k][0] || tr.turnFell[k][1] {
			return k
		}
	}
	return -1
}

// Might is spent, not regained: a hero of Might 3 who declares a Heroic
// Shoot every turn, and spends nothing on dice (policy none), has 3 − k
// left after turn k, and none once it is gone; he spends 3 in all. (The
// formations only duel, so none is destroyed and every turn is played.)
func TestMightAcrossTurns(t *testing.T) {
	h := captain(Action{Kind: HeroicShoot})
	h.Might, h.Policy = 3, NoMight
	tu := newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{h}, Charger: -1, DuelsOnly: true, Turns: 5})
	res, err := engine.Run(t.Context(), tu, engine.Config{Trials: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"captain.might.turn1": 2, "captain.might.turn2": 1, "captain.might.turn3": 0, "captain.might.turn4": 0, "captain.might.turn5": 0, "captain.might_spent": 3}
	for i, m := range res.Metrics {
		w, ok := want[m.Name]
		if !ok {
			continue
		}
		if res.Hist[i][w-m.Min] != 100 {
			t.Errorf("%s: histogram %v, want every trial at %d", m.Name, res.Hist[i], w)
		}
		delete(want, m.Name)
	}
	if len(want) > 0 {
		t.Errorf("metrics not reported: %v", want)
	}
}

// After a turn in which a formation fell back, the other charges it the
// next turn (victor_charges_next_turn yes): a fight follows in the next
// turn. With the option off they stay apart: no fight follows.
func TestFallBackAndCharge(t *testing.T) {
	for _, on := range []string{"yes", "no"} {
		tu := newTurn(t, with(t, "victor_charges_next_turn", on), Engagement{Formations: [2]Formation{arnor(), orcs()}, Charger: 0, Turns: 4})
		seen := 0
		playTrials(t, tu, 3000, func(tr *trial) {
			k := tr.fellIn()
			if k < 0 || k == 3 || tr.destroyedIn[0] <= k || tr.destroyedIn[1] <= k {
				return
			}
			seen++
			if fought := tr.turnWins[k+1] != -2; fought != (on == "yes") {
				t.Errorf("victor_charges_next_turn %s: a fall back in turn %d; fight in turn %d: %v", on, k+1, k+2, fought)
			}
		})
		if seen < 100 {
			t.Fatalf("%s: %d trials fell back; the test needs more", on, seen)
		}
	}
}

// A formation that fell back is disordered until the end of the next
// turn and may not declare a Heroic Charge then (disordered_cannot_charge
// yes): with the formations left apart (victor_charges_next_turn no), the
// beaten orcs' Gorbag, who declares a Heroic Charge each turn and spends
// nothing on dice, pays for turn 1's alone, and no fight follows; with
// disorder having no effect (no) he pays for both, and the orcs charge.
func TestDisorderedCannotCharge(t *testing.T) {
	for _, on := range []string{"yes", "no"} {
		g := gorbag(Action{Kind: HeroicCharge})
		g.Policy = NoMight
		rs := with(t, "victor_charges_next_turn", "no", "disordered_cannot_charge", on)
		tu := newTurn(t, rs, Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{g}, Charger: -1, Turns: 2})
		seen := 0
		playTrials(t, tu, 4000, func(tr *trial) {
			if !tr.turnFell[0][1] || tr.destroyedIn[1] == 0 || tr.h[0].out {
				return // the orcs did not fall back in turn 1, or are gone
			}
			seen++
			wantSpent, wantFight := 1, false
			if on == "no" {
				wantSpent, wantFight = 2, true
			}
			if tr.h[0].spent != wantSpent || (tr.turnWins[1] != -2) != wantFight {
				t.Errorf("disordered_cannot_charge %s: Gorbag spent %d (want %d), a fight in turn 2: %v (want %v)",
					on, tr.h[0].spent, wantSpent, tr.turnWins[1] != -2, wantFight)
			}
		})
		if seen < 50 {
			t.Fatalf("%s: the orcs fell back in turn 1 in %d trials; the test needs more", on, seen)
		}
	}
}

// The fight stops when a formation is destroyed: no fight is fought in a
// later turn, and the companies reported for them are what it left (none).
func TestDestroyedEndsTheFight(t *testing.T) {
	few := orcs()
	few.Companies, few.Frontage = 1, 1
	tu := newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), few}, Charger: 0, Turns: 3})
	res, err := engine.Run(t.Context(), tu, engine.Config{Trials: 2000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	ended := 0
	playTrials(t, tu, 2000, func(tr *trial) {
		k := tr.destroyedIn[1]
		if k >= 2 {
			return
		}
		ended++
		for j := k + 1; j < 3; j++ {
			if tr.turnWins[j] != -2 {
				t.Errorf("a fight in turn %d after the orcs were destroyed in turn %d", j+1, k+1)
			}
		}
	})
	if ended == 0 {
		t.Fatal("the orcs were never destroyed before the last turn")
	}
	for i, m := range res.Metrics {
		if m.Name == "orcs.companies.turn3" && res.Hist[i][0] == 0 {
			t.Errorf("orcs.companies.turn3: %v; destroyed orcs have none left", res.Hist[i])
		}
	}
}

// The exact solver follows several turns as the simulation plays them:
// what carries over (casualties, Might, slain heroes, wound counters), the
// fall back and the victor's charge, disorder, the declarations of each
// turn while Might pays (an action's turns, SaveMight's reserve), and a
// Heroic Charge bringing apart formations together. Each case agrees with
// a fixed-seed simulation of 200,000 trials on every metric and event
// (4.5 standard errors), the per-turn ones included.
func TestSeveralTurnsSolveExactly(t *testing.T) {
	t.Parallel()
	small := func(f Formation, n int) Formation { f.Companies, f.Frontage = n, min(n, f.Frontage); return f }
	saver := captain(Action{Kind: HeroicDuel, Target: 1})
	saver.Might, saver.Policy = 3, SaveMight
	troll := Hero{ID: "troll_chief", Formation: 1, F: 6, R: 2, C: 4, Might: 2, Toughness: HardToKill, Policy: DuelMight, Actions: []Action{{Kind: HeroicDuel, Target: 0}}}
	later := captain(Action{Kind: HeroicDuel, Target: 1, Turns: 1<<1 | 1<<2})
	greedy := gorbag()
	greedy.Policy = GreedyMight
	rider := Hero{ID: "rider", Formation: 0, F: 4, R: 2, C: 4, Might: 2, Actions: []Action{{Kind: HeroicCharge, Turns: 1<<1 | 1<<2}}}
	denethor := Hero{ID: "denethor", Formation: 0, F: 4, R: 2, C: 5}
	beregond := Hero{ID: "beregond", Formation: 0, F: 4, R: 1, C: 4, BodyguardOf: "denethor"}
	orc := Hero{ID: "orc", Formation: 1, F: 6, R: 2, C: 3, Might: 3, Actions: []Action{{Kind: HeroicDuel, Target: 0}}}
	for i, c := range []struct {
		name string
		rs   *Ruleset
		e    Engagement
	}{
		{"three turns, no heroes", preset(t), Engagement{Formations: [2]Formation{small(arnor(), 2), small(orcs(), 2)}, Charger: 0, Turns: 3}},
		{"duels for two turns: save against a Hard to Kill chief", preset(t),
			Engagement{Formations: [2]Formation{small(arnor(), 1), small(orcs(), 1)}, Heroes: []Hero{saver, troll}, Charger: -1, DuelsOnly: true, Turns: 2}},
		{"a duel in turns 2 and 3, a greedy captain's Courage Might", preset(t),
			Engagement{Formations: [2]Formation{small(arnor(), 1), small(orcs(), 1)}, Heroes: []Hero{later, greedy}, Charger: 1, Turns: 3}},
		{"apart after a fall back, a Heroic Charge brings them together", with(t, "victor_charges_next_turn", "no", "disordered_cannot_charge", "no"),
			Engagement{Formations: [2]Formation{small(arnor(), 2), small(orcs(), 2)}, Heroes: []Hero{rider}, Charger: 1, Turns: 3}},
		{"a bodyguard for three turns", preset(t),
			Engagement{Formations: [2]Formation{small(arnor(), 1), small(orcs(), 1)}, Heroes: []Hero{denethor, beregond, orc}, Charger: -1, DuelsOnly: true, Turns: 3}},
	} {
		tu := newTurn(t, c.rs, c.e)
		ex := solve(t, c.name, tu)
		enginetest.Agree(t, c.name, ex, run(t, tu, 200_000, uint64(500+i)))
	}
}

// Lances hit at +1 in the turn they charge (rules/wotr.md §3 [V]): S3
// against D3 hits on 4+ (the chart's .500), and charging with lances one
// step better, 3+ (.667); not charging, as without lances.
func TestLances(t *testing.T) {
	knights := Formation{ID: "knights", Type: Cavalry, Companies: 3, Frontage: 2, F: 3, S: 3, D: 5, A: 2, R: 2, C: 3, Lances: true}
	foe := orcs()
	tu := newTurn(t, preset(t), Engagement{Formations: [2]Formation{knights, foe}, Charger: 0})
	tr := tu.NewTrialer().(*trial)
	tr.charger = 0
	if step, _ := tr.hitting(0, false); LadderText(step) != "3+" {
		t.Errorf("charging with lances: %s, want 3+", LadderText(step))
	}
	tr.charger = -1
	if step, _ := tr.hitting(0, false); LadderText(step) != "4+" {
		t.Errorf("not charging: %s, want 4+", LadderText(step))
	}
	if step, _ := tr.hitting(1, false); LadderText(step) != LadderText(ToHit(3, 5, 0, preset(t).ToHitFloor)) {
		t.Errorf("the orcs have no lances: %s", LadderText(step))
	}
}

// Pikes: Fight +1, and no charge bonus for the charger nor for the pikes
// (rules/wotr.md §4 [V]). Arnor (F4) charging orcs roll, per company in
// contact, A8, the battle-skill die of F4 against F3 and the charge bonus
// of 1; against orcs with pikes (F3+1 = 4) the battle skill and the bonus
// are gone: 2 dice fewer per company in contact, and the orcs gain none
// from the +1 (F4 against F4).
func TestPikes(t *testing.T) {
	plain, piked := orcs(), orcs()
	piked.Pikes = true
	dice := func(foe Formation) (arnorDice, orcDice int) {
		tu := newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), foe}, Charger: 0})
		tr := tu.NewTrialer().(*trial)
		for i := range 2 {
			tr.f[i].alive = tu.e.Formations[i].Models()
		}
		tr.charger = 0
		return first(tr.dice(0, false)), first(tr.dice(1, false))
	}
	a0, o0 := dice(plain)
	a1, o1 := dice(piked)
	contact := 2 // arnor's two front companies against the orcs' two (infantry, as wide)
	if a0-a1 != 2*contact {
		t.Errorf("arnor's dice %d against plain orcs, %d against pikes; want %d fewer (battle skill and charge bonus per company in contact)", a0, a1, 2*contact)
	}
	if o1 != o0 {
		t.Errorf("the orcs' dice %d with pikes, %d without: F4 against F4 gives no battle skill either way", o1, o0)
	}
}

// Epic Charge: "his formation has +2 Fight until the end of subsequent
// Fight phase" when it charges, for a Might point (rules/wotr.md §8 [V]).
// Arnor F4 charging orcs F3 gain a battle-skill die per company in
// contact from F4 to F6 against F3 (gap 1 to 3, battle_skill difference):
// two more per company, four in all; the captain pays 1 when arnor charge
// and nothing when the orcs do.
func TestEpicCharge(t *testing.T) {
	for _, charger := range []int{0, 1} {
		c := captain(Action{Kind: EpicCharge})
		c.F, c.Policy = 3, NoMight // his own Fight below the formation's: its dice are the formation's
		tu := newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{c}, Charger: charger})
		tr := tu.NewTrialer().(*trial)
		for i := range 2 {
			tr.f[i].alive = tu.e.Formations[i].Models()
		}
		tr.h[0] = heroState{might: 2}
		tr.charger = charger
		base := first(tr.dice(0, false))
		tr.charge(&engine.Dice{}, true)
		if charger == 1 {
			if tr.h[0].spent != 0 || first(tr.dice(0, false)) != base {
				t.Errorf("the orcs charging: the captain spent %d and arnor roll %d dice (%d before)", tr.h[0].spent, first(tr.dice(0, false)), base)
			}
			continue
		}
		if tr.h[0].spent != 1 || first(tr.dice(0, false)) != base+4 {
			t.Errorf("arnor charging with an Epic Charge: spent %d (want 1), dice %d (want %d + 4)", tr.h[0].spent, first(tr.dice(0, false)), base)
		}
	}
	if newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), orcs()}, Heroes: []Hero{captain(Action{Kind: EpicCharge})}, Charger: 0}).Solver() != nil {
		t.Error("an Epic Charge solves exactly; the solver does not know it")
	}
}

// Terror (rules/wotr.md §9 [V]): a formation charged by a Terror formation
// tests Courage, 2D6 + its Courage (orcs C2) 10 or more, and on a failure
// fights at Fight 0: P(fail) = P(2D6 < 8) = 21/36. A formation charging a
// Terror formation (arnor C2) tests first and stalls on a failure: the
// same 21/36, and no charge bonus. Each within 4.5 standard errors over
// 20,000 trials.
func TestTerror(t *testing.T) {
	const n = 20_000
	want := 21.0 / 36
	se := 4.5 * math.Sqrt(want*(1-want)/n)
	terrible := arnor()
	terrible.Terror = true
	tu := newTurn(t, preset(t), Engagement{Formations: [2]Formation{terrible, orcs()}, Charger: 0})
	shaken := 0
	playTrials(t, tu, n, func(tr *trial) {
		if tr.terrified[1] {
			shaken++
		}
	})
	if p := float64(shaken) / n; math.Abs(p-want) > se {
		t.Errorf("orcs charged by Terror fail %v of the time, want 21/36 = %v ± %v", p, want, se)
	}
	feared := orcs()
	feared.Terror = true
	tu = newTurn(t, preset(t), Engagement{Formations: [2]Formation{arnor(), feared}, Charger: 0})
	stalled := 0
	tr := tu.NewTrialer().(*trial)
	var d engine.Dice
	for i := range n {
		d.Seed(9, uint64(i))
		tr.turn, tr.charger = 0, 0
		tr.h = [MaxHeroes]heroState{}
		tr.charge(&d, true)
		if tr.charger < 0 {
			stalled++
		}
	}
	if p := float64(stalled) / n; math.Abs(p-want) > se {
		t.Errorf("arnor charging Terror stall %v of the time, want 21/36 = %v ± %v", p, want, se)
	}
}
