package scenario

import "github.com/wargamesim/sim/game/warhammer"

// The names the fields of a Warhammer scenario take.
var (
	equipmentNames = []string{"light_armour", "heavy_armour", "plate_armour", "shield", "barding"}
	mountKinds     = []string{"cavalry", "cold_one", "monster"}
	weaponNames    = warhammer.WeaponNames()
	facings        = []string{"front", "flank", "rear"}
)
