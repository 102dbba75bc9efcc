package warhammer

import (
	"slices"
	"testing"
)

// The indices of the metrics and events of a fight of two units, as the
// tests name them. The fight's tables (Fight.out) hold them: they name its
// outputs by unit and by army, and in a fight of two units give these,
// the order they always had (TestTwoUnitOutputIndices).
const (
	_ = iota // fmRounds
	fmCasualties0
	fmCasualties1
	fmWounds0
	fmWounds1
	fmCR0
	fmCR1
	fmCRDiff
)

const (
	feWins0 = iota
	feWins1
	feDraw
	feBreaks0
	feBreaks1
	feDestroyed0
	feDestroyed1
	feCaught0
	feCaught1
	feAhead0
	feAhead1
)

// A fight of two units names its outputs in the order they always had:
// the tables of Fight.out give the indices the tests name.
func TestTwoUnitOutputIndices(t *testing.T) {
	for _, cc := range []Combat{
		{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 3},
		{Sides: [2]Fighter{block("a", 7, 3, hero("x", Profile{WS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 8})), trollsUnit()}, Charger: 1, HighGround: 0, MaxRounds: 3},
	} {
		f := newFight(t, sixth(t), cc)
		o := &f.out
		got := []int{fmRounds, o.unit[0].casualties, o.unit[1].casualties, o.unit[0].wounds, o.unit[1].wounds,
			o.army[0].cr, o.army[1].cr, o.crDiff,
			o.army[0].wins, o.army[1].wins, o.draw, o.unit[0].breaks, o.unit[1].breaks,
			o.unit[0].destroyed, o.unit[1].destroyed, o.unit[0].caught, o.unit[1].caught, o.army[0].ahead, o.army[1].ahead}
		want := []int{fmRounds, fmCasualties0, fmCasualties1, fmWounds0, fmWounds1, fmCR0, fmCR1, fmCRDiff,
			feWins0, feWins1, feDraw, feBreaks0, feBreaks1, feDestroyed0, feDestroyed1, feCaught0, feCaught1, feAhead0, feAhead1}
		if !slices.Equal(got, want) {
			t.Errorf("%s against %s: indices %v, want %v", cc.Sides[0].ID, cc.Sides[1].ID, got, want)
		}
	}
}
