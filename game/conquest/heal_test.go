package conquest

import (
	"slices"
	"testing"
)

// healCase is one heal of seed 003's sequence: a regiment of stands stands
// of m models of W wounds (and a Character of charW, if any) in a given
// state, healed for points.
type healCase struct {
	name, reason string
	w, m, stands int
	charW        int
	models       int // models alive
	markers      int // Wounded markers beside the regiment
	charMarkers  int
	broken       bool
	points       int
	noCharacter  bool // Regeneration (X): step 1 is skipped
	rearBlocked  bool // rear in contact, or no room
	rules        []string
	// What it should do.
	trace                          []int // the step of each Heal Point (and each free return)
	wantModels, wantMarkers, wantC int
	spent, lost                    int
	stop                           Stop
}

func healUnitState(t *testing.T, c healCase) (*unit, state) {
	t.Helper()
	r := Regiment{ID: "r", Type: Infantry, Class: Medium, Profile: Profile{C: 2, A: 1, W: c.w, R: 2, D: 2},
		Stands: c.stands, Models: c.m, Frontage: 1, Engaged: 1}
	if c.charW > 0 {
		r.Character = &Character{Name: "hero", Profile: Profile{C: 3, A: 2, W: c.charW, R: 3, D: 3}}
	}
	rs := set(t, v15(t), c.rules...)
	if err := r.check(rs); err != nil {
		t.Fatal(err)
	}
	u := newUnit(rs, &r)
	st := state{health: c.models*c.w - c.markers, char: c.charW - c.charMarkers, broken: c.broken}
	if c.models == 0 {
		st = state{destroyed: true}
	}
	st.turnStands = u.stands(&st)
	return u, st
}

// Seed 003, step by step and branch by branch.
func TestHealSequence(t *testing.T) {
	t.Parallel()
	for _, c := range []healCase{
		{
			name: "character first", reason: "step 1: the Character's markers go before anything of the regiment's",
			w: 1, m: 4, stands: 3, charW: 4, models: 7, charMarkers: 2, points: 3,
			trace: []int{1, 1, 3}, wantModels: 8, spent: 3, stop: StopSpent,
		},
		{
			name: "character first, points run out", reason: "the regiment's markers wait while the Character uses every point",
			w: 3, m: 1, stands: 3, charW: 4, models: 3, markers: 2, charMarkers: 3, points: 2,
			trace: []int{1, 1}, wantModels: 3, wantMarkers: 2, wantC: 1, spent: 2, stop: StopSpent,
		},
		{
			name: "Regeneration skips the character", reason: "2.x Regeneration (X) ignores Character stands: step 1 is left out",
			w: 3, m: 1, stands: 3, charW: 4, models: 3, markers: 2, charMarkers: 3, points: 2, noCharacter: true,
			trace: []int{2, 2}, wantModels: 3, wantC: 3, spent: 2, stop: StopSpent,
		},
		{
			name: "wounded markers before casualties", reason: "step 2 before step 3: the marker goes, the incomplete stand waits",
			w: 2, m: 4, stands: 3, models: 7, markers: 1, points: 1,
			trace: []int{2}, wantModels: 7, spent: 1, stop: StopSpent,
		},
		{
			name: "incomplete stand before a new stand", reason: "step 3 fills the incomplete stand; only then step 4 returns a stand",
			w: 1, m: 4, stands: 3, models: 6, points: 3,
			trace: []int{3, 3, 4}, wantModels: 9, spent: 3, stop: StopSpent,
		},
		{
			name: "loop back to step 2", reason: "a returned W2 model brings a Wounded marker, removed at step 2 before the next model",
			w: 2, m: 4, stands: 3, models: 5, points: 4,
			trace: []int{3, 2, 3, 2}, wantModels: 7, spent: 4, stop: StopSpent,
		},
		{
			name: "loop back to step 2 from step 4", reason: "a returned W3 stand comes back on 1 Wound with 2 markers",
			w: 3, m: 1, stands: 3, models: 1, points: 4,
			trace: []int{4, 2, 2, 4}, wantModels: 3, wantMarkers: 2, spent: 4, stop: StopSpent,
		},
		{
			name: "rear in contact", reason: "step 4 with the rear in contact: no stand, every remaining Heal Point lost",
			w: 1, m: 4, stands: 3, models: 8, points: 3, rearBlocked: true,
			trace: nil, wantModels: 8, lost: 3, stop: StopBlocked,
		},
		{
			name: "no room after filling", reason: "the incomplete stand is filled (step 3); step 4 finds no room and the rest is lost",
			w: 1, m: 4, stands: 3, models: 7, points: 4, rearBlocked: true,
			trace: []int{3}, wantModels: 8, spent: 1, lost: 3, stop: StopBlocked,
		},
		{
			name: "never above the starting stands", reason: "a full regiment has nothing left to heal: the rest is unused",
			w: 1, m: 4, stands: 3, models: 11, points: 5,
			trace: []int{3}, wantModels: 12, spent: 1, lost: 4, stop: StopHealed,
		},
		{
			name: "RULES.md §7.8 worked example", reason: "W3 stands, one lost, 2 markers, heal 5: −2 markers, the stand returns (1 point, +2 markers), −2 markers",
			w: 3, m: 1, stands: 3, models: 2, markers: 2, points: 5,
			trace: []int{2, 2, 4, 2, 2}, wantModels: 3, spent: 5, stop: StopSpent,
		},
		{
			name: "restore_cost free", reason: "returning a model costs nothing: one Heal Point on W1 infantry returns every casualty",
			w: 1, m: 4, stands: 3, models: 5, points: 1, rules: []string{"restore_cost", "free"},
			trace: []int{3, 3, 3, 4, 3, 3, 3}, wantModels: 12, lost: 1, stop: StopHealed,
		},
		{
			name: "restore_cost wounds", reason: "a W3 stand costs 3 and comes back with 2 markers; the 4th point removes one",
			w: 3, m: 1, stands: 3, models: 2, points: 4, rules: []string{"restore_cost", "wounds"},
			trace: []int{4, 4, 4, 2}, wantModels: 3, wantMarkers: 1, spent: 4, stop: StopSpent,
		},
		{
			name: "restore_cost half_wounds", reason: "a W3 stand costs 2",
			w: 3, m: 1, stands: 3, models: 2, points: 3, rules: []string{"restore_cost", "half_wounds"},
			trace: []int{4, 4, 2}, wantModels: 3, wantMarkers: 1, spent: 3, stop: StopSpent,
		},
		{
			name: "short of the restore cost", reason: "2 points cannot pay a W3 stand's 3: they are lost",
			w: 3, m: 1, stands: 3, models: 2, points: 2, rules: []string{"restore_cost", "wounds"},
			trace: nil, wantModels: 2, lost: 2, stop: StopCost,
		},
		{
			name: "broken, 1.5", reason: "a Broken regiment heals under 1.5 (broken_blocks_healing no)",
			w: 1, m: 4, stands: 3, models: 6, broken: true, points: 1,
			trace: []int{3}, wantModels: 7, spent: 1, stop: StopSpent,
		},
		{
			name: "broken, blocked", reason: "broken_blocks_healing yes: nothing is healed, every point lost",
			w: 1, m: 4, stands: 3, models: 6, broken: true, points: 2, rules: []string{"broken_blocks_healing", "yes"},
			trace: nil, wantModels: 6, lost: 2, stop: StopBroken,
		},
		{
			name: "destroyed regiment", reason: "a destroyed regiment is out of play: healing it does nothing and every point is lost",
			w: 1, m: 4, stands: 3, models: 0, points: 6,
			trace: nil, wantModels: 0, lost: 6, stop: StopDestroyed,
		},
		{
			name: "no points", reason: "a heal of 0 does nothing",
			w: 1, m: 4, stands: 3, models: 6, points: 0,
			trace: nil, wantModels: 6, stop: StopSpent,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			u, st := healUnitState(t, c)
			var trace []int
			res := u.heal(&st, c.points, !c.noCharacter, c.rearBlocked, &trace)
			models, markers := u.modelsOf(st.health), u.markersOf(st.health)
			if !slices.Equal(trace, c.trace) {
				t.Errorf("steps %v, want %v (%s)", trace, c.trace, c.reason)
			}
			if models != c.wantModels || markers != c.wantMarkers || u.charW-st.char != c.wantC {
				t.Errorf("ends with %d models, %d markers, %d on the character; want %d, %d, %d (%s)",
					models, markers, u.charW-st.char, c.wantModels, c.wantMarkers, c.wantC, c.reason)
			}
			if res.Spent != c.spent || res.Lost != c.lost || res.Stop != c.stop || res.Points != c.points {
				t.Errorf("spent %d, lost %d, stopped %v; want %d, %d, %v (%s)", res.Spent, res.Lost, res.Stop, c.spent, c.lost, c.stop, c.reason)
			}
			if models > c.stands*c.m {
				t.Errorf("%d models: more than the starting %d stands hold", models, c.stands)
			}
		})
	}
}

// Under the default restore cost, one Heal Point is one Wound: on any
// state of a small regiment, a heal that is not blocked restores exactly
// min(points, wounds missing), and the stands never pass the start.
func TestHealOnePointOneWound(t *testing.T) {
	t.Parallel()
	for _, shape := range []struct{ w, m, stands, charW int }{{1, 4, 3, 0}, {2, 4, 3, 3}, {3, 1, 4, 4}, {4, 2, 2, 0}} {
		for models := 1; models <= shape.stands*shape.m; models++ {
			for markers := 0; markers < shape.w; markers++ {
				for cm := 0; cm < max(shape.charW, 1); cm++ {
					for points := 0; points <= 20; points++ {
						c := healCase{w: shape.w, m: shape.m, stands: shape.stands, charW: shape.charW,
							models: models, markers: markers, charMarkers: cm, points: points}
						u, st := healUnitState(t, c)
						missing := u.hMax - st.health + u.charW - st.char
						res := u.heal(&st, points, true, false, nil)
						gained := missing - (u.hMax - st.health + u.charW - st.char)
						if want := min(points, missing); gained != want || res.Spent != want || res.Lost != points-want {
							t.Fatalf("%+v: healed %d, spent %d, lost %d; want %d, %d, %d", c, gained, res.Spent, res.Lost, want, want, points-want)
						}
						if u.markersOf(st.health) >= u.w || u.standsOf(st.health) > u.s0 {
							t.Fatalf("%+v: ends with %d markers on W%d models, %d stands", c, u.markersOf(st.health), u.w, u.standsOf(st.health))
						}
					}
				}
			}
		}
	}
}

// The 1.03 Regeneration (regeneration full_restore): every marker and
// model back; a stand only when there was nothing else to heal.
func TestFullRestore(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name                  string
		w, m, models, markers int
		rules                 []string
		blocked               bool
		wantModels, wantMark  int
		stop                  Stop
	}{
		{"fills the incomplete stand", 1, 4, 6, 0, nil, false, 8, 0, StopHealed},
		{"removes the markers", 3, 1, 2, 2, nil, false, 2, 0, StopHealed},
		{"a complete stand when nothing else needs it", 1, 4, 8, 0, nil, false, 12, 0, StopHealed},
		{"one model when full_restore_stand says so", 3, 1, 2, 0, []string{"full_restore_stand", "one_model"}, false, 3, 2, StopHealed},
		{"no stand with the rear in contact", 1, 4, 8, 0, nil, true, 8, 0, StopBlocked},
		{"nothing at full strength", 1, 4, 12, 0, nil, false, 12, 0, StopHealed},
	} {
		t.Run(c.name, func(t *testing.T) {
			hc := healCase{w: c.w, m: c.m, stands: 3, models: c.models, markers: c.markers, rules: c.rules}
			u, st := healUnitState(t, hc)
			before := st.health
			res := u.fullRestore(&st, true, c.blocked)
			if m, k := u.modelsOf(st.health), u.markersOf(st.health); m != c.wantModels || k != c.wantMark || res.Stop != c.stop {
				t.Errorf("%d models, %d markers, stop %v; want %d, %d, %v", m, k, res.Stop, c.wantModels, c.wantMark, c.stop)
			}
			if res.Spent != st.health-before {
				t.Errorf("spent %d for %d wounds restored", res.Spent, st.health-before)
			}
		})
	}
}
