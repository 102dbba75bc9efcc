package scenarios

import "testing"

// NamedPath names each list item of a path by its id, by the unit it
// stands for, or by itself; an item with no key keeps its index, and a
// path the data does not hold comes back as it is.
func TestNamedPath(t *testing.T) {
	t.Parallel()
	data := []byte(`units:
  - {id: halberdiers, models: 20}
  - {id: knights}
  - {profile: {A: 1}}
fight:
  sides:
    - id: empire
      units:
        - {unit: halberdiers, fights: [{unit: boyz}]}
        - {unit: knights, charged: true}
    - boyz
`)
	for _, c := range []struct{ path, want, why string }{
		{"fight.sides[0].units[1].charge_distance", "fight.sides[empire].units[knights].charge_distance", "an army by id, its unit by unit; a field it leaves out"},
		{"fight.sides[0].units[0].fights[0].models", "fight.sides[empire].units[halberdiers].fights[boyz].models", "a contact by its unit"},
		{"fight.sides[1]", "fight.sides[boyz]", "a side written as its unit's id"},
		{"units.knights.models", "units[knights].models", "an item by id"},
		{"units[2].profile.A", "units[2].profile.A", "no key: the index stays"},
		{"units[7].models", "units[7].models", "no such item: as it is"},
		{"fight.sides[0].units[1].charged.x", "fight.sides[0].units[1].charged.x", "a single value entered: as it is"},
	} {
		if got := NamedPath(data, c.path); got != c.want {
			t.Errorf("%s: %q, want %q (%s)", c.path, got, c.want, c.why)
		}
	}
}
