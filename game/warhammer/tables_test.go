package warhammer

import "testing"

// The to-wound chart of seed 002, copied cell by cell: 0 stands for "N".
var seedWoundChart = [10][10]int{
	{4, 5, 6, 6, 0, 0, 0, 0, 0, 0},
	{3, 4, 5, 6, 6, 0, 0, 0, 0, 0},
	{2, 3, 4, 5, 6, 6, 0, 0, 0, 0},
	{2, 2, 3, 4, 5, 6, 6, 0, 0, 0},
	{2, 2, 2, 3, 4, 5, 6, 6, 0, 0},
	{2, 2, 2, 2, 3, 4, 5, 6, 6, 0},
	{2, 2, 2, 2, 2, 3, 4, 5, 6, 6},
	{2, 2, 2, 2, 2, 2, 3, 4, 5, 6},
	{2, 2, 2, 2, 2, 2, 2, 3, 4, 5},
	{2, 2, 2, 2, 2, 2, 2, 2, 3, 4},
}

func TestToWoundMatchesSeedChart(t *testing.T) {
	for s := 1; s <= 10; s++ {
		for tough := 1; tough <= 10; tough++ {
			need, ok := ToWound(s, tough)
			want := seedWoundChart[s-1][tough-1]
			if want == 0 {
				if ok {
					t.Errorf("S%d vs T%d: need %d+, the seed chart says N", s, tough, need)
				}
				continue
			}
			if !ok || need != want {
				t.Errorf("S%d vs T%d: need %d+ (ok %v), the seed chart says %d+", s, tough, need, ok, want)
			}
		}
	}
}

// The close-combat chart of RULES.md §2.4, row by row.
var ccChart = [10][10]int{
	{4, 4, 5, 5, 5, 5, 5, 5, 5, 5},
	{3, 4, 4, 4, 5, 5, 5, 5, 5, 5},
	{3, 3, 4, 4, 4, 4, 5, 5, 5, 5},
	{3, 3, 3, 4, 4, 4, 4, 4, 5, 5},
	{3, 3, 3, 3, 4, 4, 4, 4, 4, 4},
	{3, 3, 3, 3, 3, 4, 4, 4, 4, 4},
	{3, 3, 3, 3, 3, 3, 4, 4, 4, 4},
	{3, 3, 3, 3, 3, 3, 3, 4, 4, 4},
	{3, 3, 3, 3, 3, 3, 3, 3, 4, 4},
	{3, 3, 3, 3, 3, 3, 3, 3, 3, 4},
}

func TestCloseCombatToHitMatchesChart(t *testing.T) {
	for a := 1; a <= 10; a++ {
		for d := 1; d <= 10; d++ {
			if got, want := CloseCombatToHit(a, d), ccChart[a-1][d-1]; got != want {
				t.Errorf("WS%d vs WS%d: %d+, chart %d+", a, d, got, want)
			}
		}
	}
}

func TestShootingToHit(t *testing.T) {
	for _, c := range []struct {
		bs, mod, want int
		why           string
	}{
		{3, 0, 4, "BS3 hits on 4+ (RULES.md §2.5 table)"},
		{1, 0, 6, "BS1 hits on 6+"},
		{5, 0, 2, "BS5 on 2+; the natural 1 still misses"},
		{3, -1, 5, "long range: -1"},
		{1, -1, 7, "BS1 at -1 needs the 7+ procedure"},
		{1, -4, 10, "impossible: 10+"},
		{7, 0, 0, "BS7 absorbs two points of penalties"},
	} {
		if got := ShootingToHit(c.bs, c.mod); got != c.want {
			t.Errorf("BS%d mod %d: %d+, want %d+ (%s)", c.bs, c.mod, got, c.want, c.why)
		}
	}
}

func TestArmourModifier(t *testing.T) {
	for s, want := range []int{0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7} {
		if got := ArmourModifier(s); got != want {
			t.Errorf("S%d: modifier %d, want %d (RULES.md §2.7.2 table)", s, got, want)
		}
	}
}

// TestTwoDice holds the 2D6 table to counts made by hand: 1 way to roll 2,
// 6 ways to roll 7 (21 at 7 or less), all 36 at 12; insane courage passes
// a double 1 whatever the target.
func TestTwoDice(t *testing.T) {
	for _, c := range []struct {
		target int
		insane bool
		want   float64
	}{
		{-3, false, 0}, {1, false, 0}, {2, false, 1.0 / 36}, {7, false, 21.0 / 36}, {11, false, 35.0 / 36},
		{12, false, 1}, {15, false, 1}, {-3, true, 1.0 / 36}, {1, true, 1.0 / 36}, {2, true, 1.0 / 36}, {7, true, 21.0 / 36},
	} {
		if got := twoDice(c.target, c.insane); got != c.want {
			t.Errorf("twoDice(%d, %v) = %v, want %v", c.target, c.insane, got, c.want)
		}
	}
}
