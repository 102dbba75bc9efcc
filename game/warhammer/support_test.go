package warhammer

import "testing"

// Ranks behind the fighting rank fight only to the front: "supporting
// attacks cannot be made to the side or rear, but only to the front"
// (8th.whfb.app special-rules/fight-in-extra-ranks [V]; RULES.md §2.2),
// and 6th's extra ranks "only against opponents engaged to their front,
// not against enemies fighting in the formation's flank or rear" (the 6th
// rulebook's Fight in Ranks, as newrecruit.eu's 6th-edition wiki quotes
// it [S]). Twenty infantry five wide, A 1, charged by a unit of five: from
// the front their second rank adds five attacks (8th's supporting rank, or
// 6th's spears, which did not charge); in the flank or rear it adds none.
// Found by the reference resolver, which already had it, as it had
// cavalry with no mount profile of their own count as mounted for their
// spears' extra rank.
func TestRanksBehindFightOnlyToTheFront(t *testing.T) {
	t.Parallel()
	spears := func(f *Fighter) { f.Weapon = Spear }
	// riding: cavalry with no mount profile, mounted all the same (issue
	// 12), so their spears are a mounted spear: no extra rank (8th.whfb.app
	// weapons/spear-foot is the foot spear's rule).
	riding := func(f *Fighter) { f.Type = Cavalry }
	for _, c := range []struct {
		name   string
		preset string
		unit   Fighter
		facing Facing
		want   int
	}{
		{"8th front: a supporting rank", "8th", foot(20, 5), Front, 5},
		{"8th flank: none", "8th", foot(20, 5), Flank, 0},
		{"8th rear: none", "8th", foot(20, 5), Rear, 0},
		{"6th spears, front: a second rank", "6th", foot(20, 5, spears), Front, 5},
		{"6th spears, rear: none", "6th", foot(20, 5, spears), Rear, 0},
		{"8th spears, flank: none", "8th", foot(20, 5, spears), Flank, 0},
		{"8th riders' spears: no extra rank", "8th", foot(20, 5, spears, riding), Front, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			me, foe := c.unit, foot(5, 5)
			me.ID, foe.ID = "me", "foe"
			f := newFight(t, combatRules(t, c.preset), Combat{Sides: [2]Fighter{me, foe}, Charger: 1, Facing: c.facing, HighGround: -1, MaxRounds: 1})
			tr := f.NewTrialer().(*fightTrial)
			tr.st[0][0].reset(me.Models, 1)
			got := 0
			for j := range f.sides[0].groups {
				if g := &f.sides[0].groups[j]; g.kind == supporters {
					n, _ := tr.attacks(0, g, 1)
					got += n
				}
			}
			if got != c.want {
				t.Errorf("the ranks behind make %d attacks, want %d", got, c.want)
			}
		})
	}
}

// A rank holds as many models as the unit's frontage, and only those
// standing behind the models in contact strike (8th.whfb.app
// special-rules/fight-in-extra-ranks [V]; where the model in front
// strikes, kaptainvon.com [S]; docs/rules.md "Supporting attacks, Press
// of Battle"), so a short rank is not eked out by the rank behind
// it. Worked by hand, charged in the front by five, each model A 1:
//   - 12 spearmen five wide, 3 in contact, 8th: two ranks behind (the
//     supporting rank and the spears'): rank 2 holds 5 (3 behind the
//     contact), rank 3 holds 2 (both behind it): 5, not 2×3 = 6;
//   - 18 in a horde ten wide, 5 in contact, 8th: rank 2 holds 8 (5 behind
//     the contact) and there is no rank 3: 5, not 8;
//   - 30 ten wide, 5 in contact: ranks of 10, 5 behind the contact in
//     each of the horde's two: 10.
//
// Found by the bench reference's case 8th/supporting-attacks-split (the
// engine stacked the ranks as wide as the contact).
func TestShortRanksBehindAContact(t *testing.T) {
	t.Parallel()
	in := func(n int) func(*Fighter) { return func(f *Fighter) { f.Contact = n } }
	spears := func(f *Fighter) { f.Weapon = Spear }
	for _, c := range []struct {
		name string
		unit Fighter
		want int
	}{
		{"12 spearmen five wide, 3 in contact", foot(12, 5, spears, in(3)), 5},
		{"a horde of 18 ten wide, 5 in contact", foot(18, 10, in(5)), 5},
		{"a horde of 30 ten wide, 5 in contact", foot(30, 10, in(5)), 10},
		{"20 five wide, all in contact", foot(20, 5), 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			me, foe := c.unit, foot(5, 5)
			me.ID, foe.ID = "me", "foe"
			f := newFight(t, combatRules(t, "8th"), Combat{Sides: [2]Fighter{me, foe}, Charger: 1, HighGround: -1, MaxRounds: 1})
			tr := f.NewTrialer().(*fightTrial)
			tr.st[0][0].reset(me.Models, 1)
			got := 0
			for j := range f.sides[0].groups {
				if g := &f.sides[0].groups[j]; g.kind == supporters {
					n, _ := tr.attacks(0, g, 1)
					got += n
				}
			}
			if got != c.want {
				t.Errorf("the ranks behind make %d attacks, want %d", got, c.want)
			}
		})
	}
}
