package wotr

import "testing"

// The To Hit chart (RULES.md §6.5) depends on Defence minus Strength
// alone; diagonal, which extends it past Defence 10, is checked against
// every cell.
func TestToHitChartIsDiagonal(t *testing.T) {
	t.Parallel()
	for s := 1; s <= 10; s++ {
		for d := 1; d <= 10; d++ {
			if got, want := chart[s-1][d-1], diagonal(d-s); got != want {
				t.Errorf("S%d D%d: chart %s, diagonal %s", s, d, LadderText(got), LadderText(want))
			}
		}
	}
}

// The data points rules/wotr.md §3 gives, each from its source.
func TestToHitDataPoints(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s, d, mod int
		floor     Floor
		want      string
		source    string
	}{
		{9, 7, 0, Floor2, "3+", "v2project, Mûmak S9 against D7"},
		{7, 7, 0, Floor2, "4+", "v2project, Troll against shielded Minas Tirith"},
		{2, 7, 0, Floor2, "6/4", "tac-me.net, bows against Trolls"},
		{3, 7, 0, Floor2, "6+", "warriors hit Trolls on a flat 6"},
		{2, 7, 1, Floor2, "6+", "Escalation League FAQ Q4: 6+/4+ with +1 is 6+"},
		{3, 1, 1, Floor2, "2+", "rules/wotr.md §3 default: a +1 moves 3+ to 2+"},
		{3, 1, 1, Floor3, "3+", "to_hit_floor 3+: the chart's best"},
		{1, 9, 0, Floor2, "-", "the chart's N"},
		{1, 9, 1, Floor2, "6/6", "a +1 moves along the ladder"},
		{5, 11, 0, Floor2, "6/5", "Defence 11 (9 with a shield), by the diagonal"},
		{3, 11, 0, Floor2, "-", "Defence 11 against S3: 8 above, as S1 against D9"},
		{1, 12, -2, Floor2, "-", "never past cannot-hit"},
	} {
		if got := LadderText(ToHit(c.s, c.d, c.mod, c.floor)); got != c.want {
			t.Errorf("S%d D%d %+d: %s, want %s (%s)", c.s, c.d, c.mod, got, c.want, c.source)
		}
	}
	for i, want := range []int{30, 24, 18, 12, 6, 3, 2, 1, 0} {
		if Hit36(i) != want {
			t.Errorf("ladder %s hits %d/36, want %d/36", LadderText(i), Hit36(i), want)
		}
	}
}

// Every duel table layout has the marginals pinned in rules/wotr.md §1:
// hits on the hero 0, 1, 2 on 3, 2, 1 faces; on his formation 0 or 2 on 3
// faces each; a 6 is the best face (5s are turned into 6s).
func TestDuelTableMarginals(t *testing.T) {
	t.Parallel()
	for layout, table := range duelTables {
		var hero [3]int
		var form [3]int
		for f := 1; f <= 6; f++ {
			hero[table[f].hero]++
			form[table[f].formation]++
		}
		if hero != [3]int{3, 2, 1} || form != [3]int{3, 0, 3} {
			t.Errorf("layout %d: hero faces %v, formation faces %v", layout, hero, form)
		}
		if table[6].hero < table[5].hero || table[6].hero+table[6].formation <= table[5].hero+table[5].formation {
			t.Errorf("layout %d: 6 (%v) is not better than 5 (%v)", layout, table[6], table[5])
		}
	}
}

// The Hard to Kill table (rules/wotr.md §5, BSData [V]): D6 + counters,
// −1 when Very Hard to Kill: 1 nothing, 2-3 one counter, 4-5 two, 6+
// removed.
func TestHardToKillTable(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		counters, face int
		very           bool
		want           int
		removed        bool
	}{
		{0, 1, false, 0, false}, {0, 2, false, 1, false}, {0, 3, false, 1, false},
		{0, 4, false, 2, false}, {0, 5, false, 2, false}, {0, 6, false, 0, true},
		{2, 4, false, 2, true}, {1, 1, false, 2, false},
		{0, 6, true, 2, false}, {0, 2, true, 0, false}, {1, 6, true, 1, true},
	} {
		got, removed := htkStep(c.counters, c.face, c.very)
		if removed != c.removed || !removed && got != c.want {
			t.Errorf("counters %d, face %d, very %v: %d counters, removed %v; want %d, %v", c.counters, c.face, c.very, got, removed, c.want, c.removed)
		}
	}
}
