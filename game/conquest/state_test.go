package conquest

import "testing"

// RULES.md §7.6: W1 stands lose models from the incomplete stand first;
// W2+ models carry Wounded markers until a whole model's worth removes it.
func TestWoundPoolCasualties(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name                    string
		reg                     Regiment
		wounds                  []int // wounds of successive actions
		models, markers, stands int
		casualties              int
	}{
		{"W1 infantry: 5 wounds take one stand and a model", menAtArms(), []int{5}, 7, 0, 2, 5},
		{"W1 infantry: the incomplete stand goes first", menAtArms(), []int{5, 3}, 4, 0, 1, 8},
		{"W4 cavalry: 5 wounds, one stand and a marker", householdKnights(), []int{5}, 2, 1, 2, 1},
		{"W4 cavalry: markers carry over", householdKnights(), []int{3, 1}, 2, 0, 2, 1},
		{"W4 cavalry: excess wounds are lost", householdKnights(), []int{20}, 0, 0, 0, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := v15(t)
			u := newUnit(rs, &c.reg)
			st := u.start
			cas := 0
			for _, w := range c.wounds {
				_, k, _ := u.wound(&st, w)
				cas += k
			}
			if m, k, s := u.modelsOf(st.health), u.markersOf(st.health), u.standsOf(st.health); m != c.models || k != c.markers || s != c.stands || cas != c.casualties {
				t.Errorf("%d models, %d markers, %d stands, %d casualties; want %d, %d, %d, %d", m, k, s, cas, c.models, c.markers, c.stands, c.casualties)
			}
		})
	}
}

// RULES.md §7.7 leaves open when, within one action, the Shattered count
// is taken (option shattered_checked). Six stands of four W1 models: Broken
// at 3 stands, Shattered at 1 (2 of 3 lost since it broke). after_wounds
// takes the whole pool first, so a pool that wipes the regiment out only
// destroys it; each_stand shatters it at the 20th wound and loses the rest.
func TestShatteredChecked(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		when              string
		wounds            int
		taken, casualties int
		shattered         bool
	}{
		{"after_wounds", 24, 24, 24, false},
		{"each_stand", 24, 20, 20, true},
		{"after_wounds", 21, 21, 21, true},
		{"each_stand", 21, 20, 20, true},
		{"after_wounds", 18, 18, 18, false},
		{"each_stand", 18, 18, 18, false},
	} {
		r := menAtArms()
		r.Stands = 6
		u := newUnit(set(t, v15(t), "shattered_checked", c.when), &r)
		st := u.start
		taken, cas, _ := u.wound(&st, c.wounds)
		destroyed := c.wounds >= 20
		if taken != c.taken || cas != c.casualties || st.shattered != c.shattered || st.destroyed != destroyed || !st.broken {
			t.Errorf("%s, %d wounds: took %d, %d casualties, broken %v, shattered %v, destroyed %v; want %d, %d, true, %v, %v",
				c.when, c.wounds, taken, cas, st.broken, st.shattered, st.destroyed, c.taken, c.casualties, c.shattered, destroyed)
		}
	}
}

// RULES.md §7.7: Broken on losing half the stands the turn started with;
// Shattered, and destroyed, on losing half of those left when it broke.
func TestBrokenAndShattered(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name                         string
		stands                       int
		lose                         []int // stands lost by successive blows
		broken, shattered, destroyed bool
	}{
		{"3 stands, lose 1: not half", 3, []int{1}, false, false, false},
		{"3 stands, lose 2: Broken", 3, []int{2}, true, false, false},
		{"4 stands, lose 2: Broken (half)", 4, []int{1, 1}, true, false, false},
		{"6 stands, lose 3 then 1: Broken at 3, 2 left is not half of 3", 6, []int{3, 1}, true, false, false},
		{"6 stands, lose 3 then 2: Shattered with 1 stand left", 6, []int{3, 2}, true, true, true},
		{"6 stands, lose 5 at once: Broken and Shattered on the way", 6, []int{5}, true, true, true},
		{"3 stands, lose 3: destroyed, broken on the way, nothing left to shatter", 3, []int{3}, true, false, true},
		{"1 stand, lose it: destroyed", 1, []int{1}, true, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := menAtArms()
			r.Stands = c.stands
			u := newUnit(v15(t), &r)
			st := u.start
			for _, k := range c.lose {
				u.wound(&st, k*4)
			}
			if st.broken != c.broken || st.shattered != c.shattered || st.destroyed != c.destroyed {
				t.Errorf("broken %v, shattered %v, destroyed %v; want %v, %v, %v", st.broken, st.shattered, st.destroyed, c.broken, c.shattered, c.destroyed)
			}
		})
	}
	// The count restarts each turn; Broken stays.
	r := menAtArms()
	r.Stands = 6
	u := newUnit(v15(t), &r)
	st := u.start
	u.wound(&st, 8) // 6 → 4 stands: 2 of 6 is not half
	st.turnStands = u.stands(&st)
	u.wound(&st, 8) // 4 → 2 stands this turn: half of 4
	if !st.broken || st.brokenStands != 2 {
		t.Errorf("after losing 2 of 4 in a new turn: broken %v at %d stands, want Broken at 2", st.broken, st.brokenStands)
	}
}

func TestSizeBonus(t *testing.T) {
	t.Parallel()
	for s, want := range []int{0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3} {
		if got := sizeBonus(s); got != want {
			t.Errorf("%d stands: +%d, want +%d (RULES.md §7.7)", s, got, want)
		}
	}
}

// A Character's stand counts for Broken only under character_stand_counts.
func TestCharacterStandCounts(t *testing.T) {
	t.Parallel()
	r := menAtArms()
	r.Stands = 2
	r.Character = &Character{Name: "hero", Profile: Profile{C: 3, A: 3, W: 3, R: 4, D: 3}}
	for _, c := range []struct {
		value  string
		broken bool
	}{{"no", true}, {"yes", false}} {
		rs := set(t, v15(t), "character_stand_counts", c.value)
		u := newUnit(rs, &r)
		st := u.start
		u.wound(&st, 4) // 2 → 1 regiment stand: 1 of 2 lost, or 1 of 3 with the Character
		if st.broken != c.broken {
			t.Errorf("character_stand_counts %s: broken %v, want %v", c.value, st.broken, c.broken)
		}
	}
}

// character_wounds (conquest.md §8, docs/conquest.md "Characters"): a
// regiment of one Household Knight (W4) led by a Character of 3 Wounds.
// Worked by hand: 6 wounds take the knight (4) and, under last, 2 of the
// Character's 3; he fights on alone, a stand of his own, and the regiment
// is not destroyed; 2 more wounds take his last Wound (1 taken, 1 lost):
// he is a casualty, slain, and the regiment destroyed.
// Under with_regiment the knight's last Wound removes him with it: 4
// taken, 1 casualty, none on the Character. Alone, 3 Heal Points heal his
// 2 markers first (step 1), then restore a knight on 1 Wound (step 4).
func TestCharacterWounds(t *testing.T) {
	t.Parallel()
	reg := householdKnights()
	reg.Stands = 1
	reg.Character = &Character{Name: "Noble Lord", Profile: Profile{M: 5, C: 3, A: 3, W: 3, R: 4, D: 3}}
	last := set(t, v15(t), "character_wounds", "last")

	u := newUnit(last, &reg)
	st := u.start
	taken, cas, char := u.wound(&st, 6)
	if taken != 6 || cas != 1 || char != 2 || st.destroyed || st.char != 1 || !u.alone(&st) || u.stands(&st) != 1 {
		t.Fatalf("last, 6 wounds: taken %d, casualties %d, on the Character %d, his Wounds left %d, destroyed %v, stands %d; want 6, 1, 2, 1, false, 1",
			taken, cas, char, st.char, st.destroyed, u.stands(&st))
	}
	healed := st
	res := u.heal(&healed, 3, true, false, nil)
	if res.CharacterMarkers != 2 || res.Stands != 1 || healed.char != 3 || healed.health != 1 {
		t.Errorf("alone, 3 Heal Points: %d on the Character and %d stands, health %d and %d, want 2, 1, 1 and 3", res.CharacterMarkers, res.Stands, healed.health, healed.char)
	}
	taken, cas, char = u.wound(&st, 2)
	if taken != 1 || cas != 1 || char != 1 || !st.destroyed || !st.charSlain {
		t.Errorf("last, 2 more: taken %d, casualties %d, on the Character %d, destroyed %v, slain %v; want 1, 1, 1, true, true", taken, cas, char, st.destroyed, st.charSlain)
	}

	u = newUnit(v15(t), &reg)
	st = u.start
	taken, cas, char = u.wound(&st, 6)
	if taken != 4 || cas != 1 || char != 0 || !st.destroyed || st.charSlain {
		t.Errorf("with_regiment, 6 wounds: taken %d, casualties %d, on the Character %d, destroyed %v, slain %v; want 4, 1, 0, true, false", taken, cas, char, st.destroyed, st.charSlain)
	}
}
