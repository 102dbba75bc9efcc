package conquest

import (
	"math"
	"slices"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/engine/enginetest"
)

// militia is HK Militia (BSData Hundred Kingdoms.cat; the Morale page's
// example regiment): Resolve 2.
func militia() Regiment {
	return Regiment{ID: "militia", Name: "Militia", Type: Infantry, Class: Light,
		Profile: Profile{M: 5, V: 1, C: 1, A: 1, W: 1, R: 2, D: 1, E: 0},
		Stands:  3, Models: 4, Frontage: 3, Engaged: 3, Rules: Rules{Shield: true, Support: 2}}
}

// moraleAfter puts pool wounds on target from attacker's Clash and rolls
// its Morale test with the scripted dice.
func moraleAfter(t *testing.T, rs *Ruleset, attacker, target Regiment, pool int, dice ...int) (outcome, state) {
	t.Helper()
	a := newAttacker(rs, newUnit(rs, &attacker), newUnit(rs, &target), Engagement{Melee: true}, false, false)
	tg := a.tgt.start
	o := outcome{pool: pool}
	d := engine.Scripted(dice...)
	a.suffer(d, Clash, &tg, &o, true)
	if d.Left() != 0 {
		t.Errorf("%d scripted Morale dice unrolled", d.Left())
	}
	return o, tg
}

// The wiki's Morale examples (Morale, v1.5, RULES.md §7.7): one die per
// wound, each die over the Resolve one more wound.
func TestMoraleWikiExamples(t *testing.T) {
	t.Parallel()
	rs := v15(t)
	// Militia (Resolve 2) take 5 wounds and roll 1, 2, 3, 3, 6: three fail.
	o, _ := moraleAfter(t, rs, householdGuard(), militia(), 5, 1, 2, 3, 3, 6)
	if o.failures != 3 || o.moraleWounds != 3 || o.wounds != 8 {
		t.Errorf("Militia: %d failures, %d more wounds, %d in all; the wiki says 3 more, 8 in all", o.failures, o.moraleWounds, o.wounds)
	}
	// The Order of the Crimson Tower (Resolve 4) take 3 wounds and roll
	// 1, 3, 6: one fails. (A Resolve 4, W4 stand; the rest of its profile
	// does not matter.)
	tower := householdKnights()
	tower.ID, tower.Profile.R = "crimson_tower", 4
	o, _ = moraleAfter(t, rs, householdGuard(), tower, 3, 1, 3, 6)
	if o.failures != 1 || o.wounds != 4 {
		t.Errorf("Crimson Tower: %d failures, %d wounds in all; the wiki says 1 more wound", o.failures, o.wounds)
	}
}

// Resolve: the size bonus, Broken, Terrifying and Fearless, Indomitable
// and Oblivious.
func TestMoraleModifiers(t *testing.T) {
	t.Parallel()
	big := militia()
	big.Stands = 6 // +1 size bonus
	seven := militia()
	seven.Stands = 7 // +2
	terror := abomination()
	terror.Rules.Terrifying = 2
	fearless := militia()
	fearless.Rules.Fearless = true
	indomitable := militia()
	indomitable.Rules.Indomitable = 1
	oblivious := militia()
	oblivious.Rules.Oblivious = true
	for _, c := range []struct {
		name           string
		rules          []string
		atk, tgt       Regiment
		pool           int
		dice           []int
		failures, more int
	}{
		{"size bonus at the test: 7 stands (+2), 4 wounds leave 6 (+1)", nil, householdGuard(), seven, 4, []int{4, 4, 3, 3}, 2, 2},
		{"size bonus counted before the action: +2", []string{"size_bonus_counted", "before_action"}, householdGuard(), seven, 4, []int{4, 4, 3, 3}, 0, 0},
		{"Broken: 12 wounds take 3 of 6 stands, no size bonus", nil, householdGuard(), big, 12, []int{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, 12, 12},
		{"Broken before the action's count too", []string{"size_bonus_counted", "before_action"}, householdGuard(), big, 12,
			[]int{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, 12, 12},
		{"Terrifying 2: Resolve 0, no die passes (zero_characteristic fails)", nil, terror, militia(), 2, nil, 2, 2},
		{"Terrifying 2 with one_succeeds: a 1 passes", []string{"zero_characteristic", "one_succeeds"}, terror, militia(), 2, []int{1, 2}, 1, 1},
		{"terrifying minus_one", []string{"terrifying", "minus_one"}, terror, militia(), 2, []int{1, 2}, 1, 1},
		{"Fearless ignores Terrifying", nil, terror, fearless, 2, []int{2, 3}, 1, 1},
		{"Indomitable 1: one failure passes", nil, householdGuard(), indomitable, 3, []int{4, 5, 6}, 3, 2},
		{"Oblivious: half the failures, rounded up", nil, householdGuard(), oblivious, 3, []int{4, 5, 6}, 3, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, _ := moraleAfter(t, set(t, v15(t), c.rules...), c.atk, c.tgt, c.pool, c.dice...)
			if o.failures != c.failures || o.moraleWounds != c.more {
				t.Errorf("%d failures, %d more wounds; want %d and %d", o.failures, o.moraleWounds, c.failures, c.more)
			}
		})
	}
}

// broken_resolve lowest (2.x): a Broken regiment tests on its lowest
// Resolve, its Character's higher one aside.
func TestBrokenResolve(t *testing.T) {
	t.Parallel()
	r := militia()
	r.Character = &Character{Name: "captain", Profile: Profile{C: 3, A: 3, W: 3, R: 4, D: 3}}
	for _, c := range []struct {
		value string
		want  int
	}{{"highest_without_bonus", 4}, {"lowest", 2}} {
		u := newUnit(set(t, v15(t), "broken_resolve", c.value), &r)
		st := u.start
		st.broken = true
		if got := u.resolve(&st, 6, 0); got != c.want {
			t.Errorf("broken_resolve %s: Resolve %d, want %d", c.value, got, c.want)
		}
	}
}

// A Character's Draw Event Rally (conquestwiki Broken, v1.03 [V]): "May as
// a Draw Event forego their Action(s) to remove a Broken counter". Over
// two turns he Rallies his regiment at the start of turn 2 exactly when it
// was Broken in turn 1 and still stands: P(rallied) of the two-turn fight
// is P(Broken) less P(destroyed) of the one-turn fight, and no Resolve roll is needed against an enemy
// neither Fearsome nor Terrifying. He makes no Strike in that activation.
func TestDrawEventRally(t *testing.T) {
	t.Parallel()
	victim := militia()
	victim.Character = &Character{Name: "Priest", Profile: Profile{M: 5, C: 2, A: 4, W: 4, R: 2, D: 2}, Engaged: true, DrawRally: true}
	sides := func() []Side {
		clash := []Action{ActClash}
		return []Side{{Regiment: victim, FirstTurn: clash, Actions: clash}, {Regiment: householdKnights(), FirstTurn: clash, Actions: clash}}
	}
	one, err := newFight(t, v15(t), Combat{Turns: 1, Sides: sides()}).Exact()
	if err != nil {
		t.Fatal(err)
	}
	f := newFight(t, v15(t), Combat{Turns: 2, Sides: sides()})
	two, err := f.Exact()
	if err != nil {
		t.Fatal(err)
	}
	// A regiment destroyed in turn 1 was Broken first (Shattered, or
	// Broken on the way to its last stand) and rallies no more.
	broken := one.P[slices.Index(one.Events, "militia.broken")] - one.P[slices.Index(one.Events, "militia.destroyed")]
	rallied := two.P[slices.Index(two.Events, "militia.rallied")]
	if broken < 0.05 || math.Abs(rallied-broken) > 1e-12 {
		t.Errorf("P(rallied in turn 2) = %v, want P(Broken in turn 1) = %v", rallied, broken)
	}
	enginetest.Agree(t, "Draw Event Rally", two, run(t, f, 40_000, 81))
	enginetest.Agree(t, "Draw Event Rally, die by die", two, run(t, f.PerDie(), 40_000, 82))
	st := f.units[0].start
	st.charIdle = true
	if n := f.atk[0][1].charStrikes(&st); n != 0 {
		t.Errorf("the Character foregoing his actions strikes %d times", n)
	}
}
