package conquest

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// brutes is a regenerating regiment for the scripted fights: three
// one-model W3 stands, Defence 2, Resolve 3, Regeneration 3.
func brutes() Regiment {
	return Regiment{ID: "brutes", Name: "Brutes", Type: Brute, Class: Medium,
		Profile: Profile{M: 6, V: 1, C: 2, A: 3, W: 3, R: 3, D: 2, E: 0},
		Stands:  3, Models: 1, Frontage: 3, Engaged: 3,
		Healing: []HealSource{{Name: "Regeneration", Kind: HealRegeneration, Amount: Amount{N: 3}}}}
}

func oneStandOfCrossbows() Regiment {
	r := crossbowmen()
	r.Stands, r.Frontage, r.Engaged = 1, 1, 1
	return r
}

// Two turns replayed die by die: a Volley costs the Brutes a stand (two
// wounds and a failed Morale die), their Regeneration at the start of their
// activation returns it (seed 003 step 4, then step 2 twice); in turn 2
// nothing is left to heal and the 3 points are unused.
func TestFightScriptedHealing(t *testing.T) {
	t.Parallel()
	dice := []int{
		1, 2, 3, 4, // turn 1, crossbows: 4 shots at Volley 2, two hit
		2, 2, // defence 1 (Defence 2 − Armour Piercing 1): both fail
		4, 1, // Morale at Resolve 3: one fails, one more wound: a stand lost
		6, 6, 6, 6, // turn 2: no hit
	}
	cc := Combat{Turns: 2, Sides: []Side{
		{Regiment: oneStandOfCrossbows(), FirstTurn: []Action{ActVolley}, Actions: []Action{ActVolley}},
		{Regiment: brutes()},
	}}
	f := newFight(t, v15(t), cc).PerDie()
	d := engine.Scripted(dice...)
	r := trial(f, d)
	if d.Left() != 0 {
		t.Fatalf("%d scripted dice unrolled", d.Left())
	}
	for _, c := range []struct {
		name string
		want int
	}{
		{"turns", 2}, {"brutes.stands", 3}, {"brutes.casualties", 1}, {"brutes.restored", 1},
		{"brutes.wounds", 3}, {"brutes.resolve_failures", 1}, {"brutes.heal_spent", 3}, {"brutes.heal_lost", 3},
		{"brutes.stands_after_turn_1", 3}, {"brutes.heal_spent_turn_1", 3}, {"brutes.heal_spent_turn_2", 0},
		{"crossbows.stands", 1},
	} {
		if got := value(t, f, r, c.name); got != c.want {
			t.Errorf("%s = %d, want %d", c.name, got, c.want)
		}
	}
	if happened(t, f, r, "brutes.broken") || happened(t, f, r, "brutes.heal_blocked") {
		t.Error("losing 1 of 3 stands does not break; nothing blocked the heal")
	}

	// The same with the Brutes' rear in contact, with no room behind them,
	// or charged in the rear: step 4 cannot place the stand, and each
	// turn's 3 Heal Points are lost.
	for _, why := range []string{"rear in contact", "no room", "struck in the rear"} {
		cc := cc
		cc.Sides[1].Regiment.RearInContact = why == "rear in contact"
		cc.Sides[1].Regiment.NoRoom = why == "no room"
		if why == "struck in the rear" {
			// A Clash that does nothing makes it a melee: the crossbows'
			// first action in turn 1 strikes the Brutes' rear (Shield and
			// Evasion aside, as before), with no hit.
			cc.Sides[0].FirstTurn = []Action{ActVolley}
			cc.Sides[0].Actions = []Action{ActVolley, ActClash}
			cc.Sides[0].Engagement.Facing = Rear
		}
		f := newFight(t, v15(t), cc).PerDie()
		dice := dice
		if why == "struck in the rear" {
			dice = append(append([]int(nil), dice...), 6, 6, 6, 6) // turn 2's Clash: 4 strikes, no hit
		}
		d := engine.Scripted(dice...)
		r := trial(f, d)
		if d.Left() != 0 {
			t.Fatalf("%s: %d scripted dice unrolled", why, d.Left())
		}
		for _, c := range []struct {
			name string
			want int
		}{{"brutes.stands", 2}, {"brutes.restored", 0}, {"brutes.heal_spent", 0}, {"brutes.heal_lost", 6}, {"brutes.stands_after_turn_1", 2}} {
			if got := value(t, f, r, c.name); got != c.want {
				t.Errorf("%s: %s = %d, want %d", why, c.name, got, c.want)
			}
		}
		if !happened(t, f, r, "brutes.heal_blocked") {
			t.Errorf("%s: heal_blocked did not happen", why)
		}
	}
}

// A one-turn fight in which only one side acts is one Strike: its
// distributions agree with the Strike's exact ones.
func TestFightOfOneActionMatchesStrike(t *testing.T) {
	t.Parallel()
	rs := v15(t)
	atk, tgt := avatara(), householdKnights()
	atk.Rules.RelentlessBlows = true
	ex, err := newStrike(t, rs, Clash, atk, tgt, Engagement{}).Exact()
	if err != nil {
		t.Fatal(err)
	}
	f := newFight(t, rs, Combat{Turns: 1, Sides: []Side{{Regiment: atk, FirstTurn: []Action{ActClash}}, {Regiment: tgt}}})
	trials := int64(100_000)
	if testing.Short() {
		trials = 20_000
	}
	for _, m := range []engine.Model{f, f.PerDie()} {
		res := run(t, m, trials, 5)
		sub := &engine.Exact{}
		sim := &engine.Result{Trials: res.Trials}
		for _, pair := range []struct {
			fight string
			exact int
		}{{"knights.wounds", smWounds}, {"knights.resolve_failures", smFailures}, {"knights.casualties", smCasualties}} {
			for i, mt := range res.Metrics {
				if mt.Name == pair.fight {
					sub.Metrics = append(sub.Metrics, mt)
					sub.PMF = append(sub.PMF, ex.PMF[pair.exact])
					sim.Hist = append(sim.Hist, res.Hist[i][:len(ex.PMF[pair.exact])])
				}
			}
		}
		for i, e := range res.Events {
			if e == "knights.destroyed" || e == "knights.broken" {
				sub.Events = append(sub.Events, e)
				sub.P = append(sub.P, ex.P[map[string]int{"knights.destroyed": seDestroyed, "knights.broken": seBroken}[e]])
				sim.Count = append(sim.Count, res.Count[i])
			}
		}
		enginetest.Agree(t, "fight of one clash", sub, sim)
	}
}

// fightCases are fights with healing of every kind.
func fightCases(t testing.TB) map[string]*Fight {
	v2 := preset(t, "2.0")
	trolls := Regiment{ID: "trolls", Name: "Trolls", Type: Infantry, Class: Medium,
		Profile: Profile{M: 6, V: 1, C: 2, A: 5, W: 6, R: 3, D: 2, E: 1}, Stands: 3, Models: 1, Frontage: 3, Engaged: 3,
		Rules: Rules{Cleave: 1}, Healing: []HealSource{{Name: "Regeneration", Kind: HealRegeneration, Amount: Amount{N: 6}}}}
	maa := Regiment{ID: "men_at_arms", Name: "Men-at-Arms", Type: Infantry, Class: Medium,
		Profile: Profile{M: 5, V: 1, C: 2, A: 4, W: 4, R: 2, D: 2, E: 0}, Stands: 6, Models: 1, Frontage: 3, Engaged: 3,
		Rules: Rules{Shield: true, Support: 2}}
	mage := menAtArms()
	mage.Stands = 4
	mage.Start = Damage{StandsLost: 1, ModelsLost: 2, CharacterWounded: 2}
	mage.Character = &Character{Name: "Chapter Mage", Profile: Profile{M: 5, V: 3, C: 1, A: 2, W: 4, R: 2, D: 1},
		Rules: Rules{Barrage: 3}, Spell: &Spell{Name: "Ninuah's Tears", Dice: 5, Difficulty: 3, PerSuccess: 2}}
	renewal := avatara()
	renewal.Healing = []HealSource{{Name: "Biotic Renewal", Kind: HealFixed, Amount: Amount{Dice: 1, Sides: 6}}}
	return map[string]*Fight{
		"trolls ground down": newFight(t, v2, Combat{Turns: 5, Sides: []Side{
			{Regiment: maa, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
			{Regiment: trolls, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
		}}),
		"a mage heals the men-at-arms": newFight(t, v15(t), Combat{Turns: 4, Sides: []Side{
			{Regiment: renewal, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
			{Regiment: mage, FirstTurn: []Action{ActCast, ActClash}, Actions: []Action{ActCast, ActClash}},
		}}),
		"knights charge the flank": newFight(t, v15(t), Combat{Turns: 3, Sides: []Side{
			{Regiment: householdKnights(), FirstTurn: []Action{ActCharge, ActClash}, Actions: []Action{ActClash}, Engagement: Engagement{Facing: Rear}},
			{Regiment: brutes(), FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
		}}),
		"full restore": newFight(t, set(t, v15(t), "regeneration", "full_restore"), Combat{Turns: 4, Sides: []Side{
			{Regiment: crossbowmen(), FirstTurn: []Action{ActVolley}, Actions: []Action{ActVolley}},
			{Regiment: brutes()},
		}}),
		"priest and drones, roll-off": priestAndDrones(t, 4, 3),
	}
}

// priestAndDrones is a fight of the rules of issue 20's last steps: a
// Theist Priest casting Holy Fire, duelling and Rallying his regiment as
// a Draw Event, against Counter-Attacking drones with Lethal Demise and
// Decay and a champion of their own, stands of each, each turn's order by
// the roll-off.
func priestAndDrones(t testing.TB, turns, stands int) *Fight {
	priest := menAtArms()
	priest.Stands, priest.Frontage, priest.Engaged = stands, stands, stands
	priest.Character = &Character{Name: "Theist Priest", Profile: Profile{M: 5, V: 1, C: 2, A: 4, W: 4, R: 2, D: 2}, Engaged: true, DrawRally: true,
		Spell: &Spell{Name: "Holy Fire", Dice: 5, Difficulty: 3, Hits: 2}}
	drones := avatara()
	drones.Stands, drones.Frontage, drones.Engaged = stands, stands, stands
	drones.Rules.CounterAttack, drones.Rules.LethalDemise, drones.Rules.Decay = true, true, 1
	drones.Character = &Character{Name: "Executor", Profile: Profile{M: 6, V: 3, C: 3, A: 5, W: 4, R: 4, D: 2, E: 1}, Engaged: true, Rules: Rules{Cleave: 1}}
	rs := set(t, v15(t), "duels", "simultaneous", "duel_morale", "yes")
	return newFight(t, rs, Combat{Turns: turns, Activation: RollOff, Sides: []Side{
		{Regiment: priest, FirstTurn: []Action{ActDuel, ActCast, ActClash}, Actions: []Action{ActDuel, ActCast, ActClash}},
		{Regiment: drones, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}},
	}})
}

// The counting path and the per-die oracle give the same distributions: for
// every metric the two means differ by less than 4.5 standard errors of
// the difference, and so do the events' frequencies (fixed seeds).
func TestFightCountsMatchPerDie(t *testing.T) {
	t.Parallel()
	trials := int64(50_000)
	if testing.Short() {
		trials = 10_000
	}
	for name, f := range fightCases(t) {
		a, b := run(t, f, trials, 21), run(t, f.PerDie(), trials, 22)
		for m, mt := range a.Metrics {
			ma, va := moments(a.Hist[m], mt.Min)
			mb, vb := moments(b.Hist[m], mt.Min)
			se := math.Sqrt(va/float64(a.Trials) + vb/float64(b.Trials))
			if se == 0 && ma != mb || math.Abs(ma-mb) > 4.5*se {
				t.Errorf("%s: %s mean %.4f by counts, %.4f die by die (se %.4f)", name, mt.Name, ma, mb, se)
			}
		}
		for e, name2 := range a.Events {
			pa, pb := float64(a.Count[e])/float64(a.Trials), float64(b.Count[e])/float64(b.Trials)
			se := math.Sqrt(pa*(1-pa)/float64(a.Trials) + pb*(1-pb)/float64(b.Trials))
			if se == 0 && pa != pb || math.Abs(pa-pb) > 4.5*se {
				t.Errorf("%s: %s P %.4f by counts, %.4f die by die (se %.4f)", name, name2, pa, pb, se)
			}
		}
	}
}

func moments(h []int64, lo int) (mean, variance float64) {
	var n, s, s2 float64
	for k, c := range h {
		x := float64(k + lo)
		n += float64(c)
		s += x * float64(c)
		s2 += x * x * float64(c)
	}
	mean = s / n
	return mean, s2/n - mean*mean
}

// Regeneration (6) at each activation keeps the Trolls standing longer:
// more stands after five turns, and less often destroyed, by more than 4.5
// standard errors (fixed seeds).
func TestRegenerationSlowsTheGrind(t *testing.T) {
	t.Parallel()
	f := fightCases(t)["trolls ground down"]
	cc := f.cc
	cc.Sides = slices.Clone(cc.Sides) // not f's own
	cc.Sides[1].Regiment.Healing = nil
	without := newFight(t, f.rs, cc)
	a, b := run(t, f, 40_000, 31), run(t, without, 40_000, 32)
	idx := func(res *engine.Result, name string) int {
		for i, m := range res.Metrics {
			if m.Name == name {
				return i
			}
		}
		t.Fatalf("no metric %s", name)
		return 0
	}
	ma, va := moments(a.Hist[idx(a, "trolls.stands")], 0)
	mb, vb := moments(b.Hist[idx(b, "trolls.stands")], 0)
	if se := math.Sqrt(va/float64(a.Trials) + vb/float64(b.Trials)); ma-mb < 4.5*se {
		t.Errorf("trolls left: %.3f stands with Regeneration, %.3f without (se %.3f)", ma, mb, se)
	}
	if ma <= 0.5 || mb >= ma {
		t.Errorf("trolls left: %.3f with Regeneration, %.3f without", ma, mb)
	}
}

// No allocation per trial, on either path.
func TestTrialsDoNotAllocate(t *testing.T) {
	for name, s := range strikeCases(t) {
		enginetest.TrialsDoNotAllocate(t, "strike "+name, s)
		enginetest.TrialsDoNotAllocate(t, "strike "+name+", per die", s.PerDie())
	}
	for name, f := range fightCases(t) {
		enginetest.TrialsDoNotAllocate(t, "fight "+name, f)
		enginetest.TrialsDoNotAllocate(t, "fight "+name+", per die", f.PerDie())
	}
}

// The same seed gives the same numbers for any number of workers.
func TestFightSameSeedAnyWorkers(t *testing.T) {
	t.Parallel()
	f := fightCases(t)["a mage heals the men-at-arms"]
	var first *engine.Result
	for _, w := range []int{1, 3, 8} {
		res, err := engine.Run(t.Context(), f, engine.Config{Trials: 20_000, Seed: 99, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = res
		} else if !reflect.DeepEqual(first.Hist, res.Hist) || !reflect.DeepEqual(first.Count, res.Count) {
			t.Errorf("%d workers give other numbers than 1", w)
		}
	}
}

// Bad input is an error, never a panic (issue 9): Clash 7, a stand with
// no model, a regiment that starts destroyed (healing it would mean
// nothing), an action the regiment cannot take.
func TestBadInput(t *testing.T) {
	t.Parallel()
	clash7 := menAtArms()
	clash7.Profile.C = 7
	empty := menAtArms()
	empty.Models = 0
	destroyed := brutes()
	destroyed.Start.StandsLost = 3
	for _, c := range []struct {
		name string
		cc   Combat
		want string
	}{
		{"Clash 7", Combat{Turns: 1, Sides: []Side{{Regiment: clash7, Actions: []Action{ActClash}}, {Regiment: brutes()}}},
			"men_at_arms: Clash 7 is outside 0..6"},
		{"no models", Combat{Turns: 1, Sides: []Side{{Regiment: empty}, {Regiment: brutes()}}},
			"men_at_arms: models 0 is outside 1..10"},
		{"starts destroyed", Combat{Turns: 1, Sides: []Side{{Regiment: menAtArms()}, {Regiment: destroyed}}},
			"brutes: stands lost 3 is outside 0..2"},
		{"volley without Barrage", Combat{Turns: 1, Sides: []Side{{Regiment: menAtArms(), Actions: []Action{ActVolley}}, {Regiment: brutes()}}},
			"men_at_arms has no Barrage and cannot volley"},
		{"infantry charge", Combat{Turns: 1, Sides: []Side{{Regiment: menAtArms(), FirstTurn: []Action{ActCharge}}, {Regiment: brutes()}}},
			"men_at_arms makes no Impact attacks"},
		{"cast without a spell", Combat{Turns: 1, Sides: []Side{{Regiment: menAtArms(), Actions: []Action{ActCast}}, {Regiment: brutes()}}},
			"men_at_arms has no Character with a spell to cast"},
		{"no turns", Combat{Turns: 0, Sides: []Side{{Regiment: menAtArms()}, {Regiment: brutes()}}}, "turns 0 is outside 1..50"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewFight(v15(t), c.cc)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v; want one containing %q", err, c.want)
			}
		})
	}
}

// Under roll_off each turn's Supremacy roll-off (a die each, ties again,
// no ±1 with one Command Card each) puts either regiment first, one chance
// in two: over one turn every distribution is the average of the fight
// in the sides' order and the fight with the sides swapped; over three,
// exact against simulated, by counts and die by die.
func TestRollOff(t *testing.T) {
	t.Parallel()
	clash := []Action{ActClash}
	a, b := householdGuard(), householdKnights()
	in := func(x, y Regiment, turns int, act Activation) *Fight {
		return newFight(t, v15(t), Combat{Turns: turns, Activation: act, Sides: []Side{
			{Regiment: x, FirstTurn: clash, Actions: clash}, {Regiment: y, FirstTurn: clash, Actions: clash}}})
	}
	exact := func(f *Fight) *engine.Exact {
		ex, err := f.Exact()
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	roll, first, second := exact(in(a, b, 1, RollOff)), exact(in(a, b, 1, InOrder)), exact(in(b, a, 1, InOrder))
	for _, name := range []string{"guard.wounds", "knights.wounds", "guard.resolve_failures"} {
		want := (mean(first.PMF[index(t, first, name)]) + mean(second.PMF[index(t, second, name)])) / 2
		if got := mean(roll.PMF[index(t, roll, name)]); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: %v under roll_off, want the average of the two orders, %v", name, got, want)
		}
	}
	if d := mean(first.PMF[index(t, first, "knights.wounds")]) - mean(second.PMF[index(t, second, "knights.wounds")]); math.Abs(d) < 0.01 {
		t.Errorf("the order changes the knights' wounds by %v only: the test tells nothing", d)
	}
	f := in(a, b, 3, RollOff)
	ex := exact(f)
	enginetest.Agree(t, "roll-off", ex, run(t, f, 50_000, 101))
	enginetest.Agree(t, "roll-off, die by die", ex, run(t, f.PerDie(), 50_000, 102))
}
