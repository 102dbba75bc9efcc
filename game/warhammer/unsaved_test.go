package warhammer

import (
	"math"
	"testing"
)

// TestUnsavedLeavesOutRegenerationAfterWound checks docs/output.md: under
// The Old World (regeneration: after_wound) a volley's unsaved leaves out
// the wounds Regeneration stopped, which go to regenerated. Ten shots of
// BS 4 (3+, 2/3), S3 against T3 (4+, 1/2), no armour, Regeneration 4+
// (1/2): 10 x 2/3 x 1/2 = 10/3 wounds get past the saves, half of them
// regenerated, so unsaved and regenerated are 5/3 each on average.
func TestUnsavedLeavesOutRegenerationAfterWound(t *testing.T) {
	v, err := NewVolley(tow(t), "trolls", Attack{Phase: Shooting, Count: 10, Skill: 4, S: 3},
		Target{T: 3, W: 3, Models: 10, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: 4}})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := v.Exact()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []int{mUnsaved, mRegenerated} {
		if got := meanOf(ex.PMF[m]); math.Abs(got-5.0/3) > 1e-12 {
			t.Errorf("%s: mean %v, want 5/3", ex.Metrics[m].Name, got)
		}
	}
}
