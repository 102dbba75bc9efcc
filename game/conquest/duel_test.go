package conquest

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wargamesim/sim/engine/enginetest"
)

// duelists: two walls, each with a Character in contact: the lord (A 4,
// Clash 3, Defence 3) and the champion (A 2, Clash 4, Defence 2), both of
// Wounds w.
func duelists(w int) (lord, champion Regiment) {
	lord, champion = wall("lords", 1, 3), wall("champions", 1, 3)
	lord.Character = &Character{Name: "Lord", Profile: Profile{M: 5, C: 3, A: 4, W: w, R: 3, D: 3}, Engaged: true}
	champion.Character = &Character{Name: "Champion", Profile: Profile{M: 5, C: 4, A: 2, W: w, R: 3, D: 2}, Engaged: true}
	return lord, champion
}

// Duels are off by default (conquest.md §8), and a Duel needs a Character
// on each side.
func TestDuelRefused(t *testing.T) {
	t.Parallel()
	lord, champion := duelists(4)
	duel := []Action{ActDuel}
	_, err := NewFight(v15(t), Combat{Turns: 1, Sides: []Side{{Regiment: lord, FirstTurn: duel}, {Regiment: champion}}})
	if err == nil || !strings.Contains(err.Error(), "duels=simultaneous") {
		t.Errorf("a duel with duels off: %v; want it refused, naming the option", err)
	}
	champion.Character = nil
	_, err = NewFight(set(t, v15(t), "duels", "simultaneous"), Combat{Turns: 1, Sides: []Side{{Regiment: lord, FirstTurn: duel}, {Regiment: champion}}})
	if err == nil || !strings.Contains(err.Error(), "has none") {
		t.Errorf("a duel without an enemy Character: %v; want it refused", err)
	}
}

// The means and chances worked by hand: the lord's 4 Attacks hit on 3 or
// less (1/2) and wound on a failed Defence 2 (4/6): 4/3 wounds on the
// champion; the champion's 2 hit on 4 or less (4/6) and wound on a failed
// Defence 3 (1/2): 2/3 on the lord; the stands are untouched. With one
// Wound each, the champion survives (2/3)^4 = 16/81 of the time, the lord
// (2/3)^2 = 4/9, at once (both may fall).
func TestDuelMeans(t *testing.T) {
	t.Parallel()
	rs := set(t, v15(t), "duels", "simultaneous")
	for _, c := range []struct {
		w                   int
		champion, lord      float64 // mean wounds
		championP, lordSlay float64 // P(slain)
	}{
		{20, 4.0 / 3, 2.0 / 3, 0, 0},
		{1, 1 - 16.0/81, 1 - 4.0/9, 1 - 16.0/81, 1 - 4.0/9},
	} {
		lord, champion := duelists(c.w)
		f := newFight(t, rs, Combat{Turns: 1, Sides: []Side{{Regiment: lord, FirstTurn: []Action{ActDuel}}, {Regiment: champion}}})
		ex, err := f.Exact()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []struct {
			name string
			want float64
		}{{"champions.character.wounds", c.champion}, {"lords.character.wounds", c.lord}, {"champions.wounds", c.champion}} {
			if got := mean(ex.PMF[index(t, ex, m.name)]); math.Abs(got-m.want) > 1e-12 {
				t.Errorf("W %d: %s %v, want %v", c.w, m.name, got, m.want)
			}
		}
		for _, e := range []struct {
			name string
			want float64
		}{{"champions.character.slain", c.championP}, {"lords.character.slain", c.lordSlay}} {
			if got := ex.P[slices.Index(ex.Events, e.name)]; math.Abs(got-e.want) > 1e-12 {
				t.Errorf("W %d: P(%s) %v, want %v", c.w, e.name, got, e.want)
			}
		}
		if got := mean(ex.PMF[index(t, ex, "champions.stands")]); math.Abs(got-1) > 1e-12 {
			t.Errorf("W %d: the duel touched the stands: %v left", c.w, got)
		}
		enginetest.Agree(t, "duel", ex, run(t, f, 40_000, 91))
	}
}

// A slain Character fights on no more, and Morale after the Duel: over
// three turns of Duels and Clashes, exact against simulated, by counts and
// die by die.
func TestDuelFight(t *testing.T) {
	t.Parallel()
	lord, champion := duelists(2)
	lord.Profile.W, champion.Profile.W = 3, 3
	lord.Profile.R = 2 // below his Lord's 3, which he lends while he lives
	lord.Stands, lord.Frontage, lord.Engaged = 2, 2, 2
	rs := set(t, v15(t), "duels", "simultaneous", "duel_morale", "yes")
	f := newFight(t, rs, Combat{Turns: 3, Sides: []Side{
		{Regiment: lord, FirstTurn: []Action{ActDuel, ActClash}, Actions: []Action{ActDuel, ActClash}},
		{Regiment: champion, FirstTurn: []Action{ActClash}, Actions: []Action{ActClash}}}})
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	st := f.units[0].start
	if f.units[0].woundCharacter(&st, 2); !st.charSlain || f.atk[0][1].charStrikes(&st) != 0 || f.units[0].resolve(&st, 2, 0) != lord.Profile.R {
		t.Errorf("a slain lord: slain %v, %d Strikes, Resolve %d; want slain, none, his regiment's %d",
			st.charSlain, f.atk[0][1].charStrikes(&st), f.units[0].resolve(&st, 2, 0), lord.Profile.R)
	}
	enginetest.Agree(t, "duels", ex, run(t, f, 60_000, 92))
	enginetest.Agree(t, "duels, die by die", ex, run(t, f.PerDie(), 60_000, 93))
}

// The fight of all of issue 20's last rules at once (fightCases): over
// one turn, one stand a side, exact against simulated; over four turns of
// three stands too large (the hits struck back multiply the outcomes),
// which the solver says within a few seconds rather than after a long
// wait.
func TestPriestAndDronesExact(t *testing.T) {
	t.Parallel()
	f := priestAndDrones(t, 1, 1)
	ex, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.Agree(t, "priest and drones", ex, run(t, f, 60_000, 94))
	start := time.Now()
	if _, err := priestAndDrones(t, 4, 3).Exact(); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("four turns: %v; want it too large", err)
	}
	if d := time.Since(start); d > 10*raceSlowdown*time.Second {
		t.Errorf("four turns took %v to refuse", d)
	}
}
