package scenario

import "testing"

// The import writes a catalogue unit's minimum size, its model entry's
// min constraint, as min_models (issue 31, item 8); each value is read off
// the fixture by hand. A roster's model entry says only how many were
// taken, and a character is one model: neither has a minimum.
func TestImportMinModels(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		fixture, unit string
		character     bool
		want          int
		reason        string
	}{
		{"Fixture Army.cat", "test_knights", false, 5, "the Knight model child: min 5, max 15"},
		{"Fixture Army.cat", "trolls", false, 3, "a shared entry whose model child has min 3"},
		{"Fixture Regiments.cat", "spearmen", false, 10, "the profile on the unit entry, the Spearman child with no profile: min 10"},
		{"Fixture Regiments.cat", "household_guard", false, 12, "the Guardsman child: min 12; its compulsory Musician and Standard Bearer (min 1) are command, not the size"},
		{"Fixture Old World.cat", "old_world_knights", false, 5, "the Old Knight model: min 5; its champion, standard and musician (min 1) are command"},
		{"Fixture Regiments.ros", "spearmen", false, 0, "the roster took 15 Spearmen and does not say the catalogue's 10"},
		{"Fixture Regiments.cat", "regiment_captain", true, 0, "a character written as a unit entry of one model"},
	} {
		_, units, chars := importFixture(t, tc.fixture)
		lib := units
		if tc.character {
			lib = chars
		}
		u, ok := lib[tc.unit]
		if !ok {
			t.Errorf("%s: no %s imported", tc.fixture, tc.unit)
			continue
		}
		if u.MinModels != tc.want {
			t.Errorf("%s %s: min_models %d, want %d (%s)", tc.fixture, tc.unit, u.MinModels, tc.want, tc.reason)
		}
	}
}
