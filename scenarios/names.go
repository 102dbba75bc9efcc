package scenarios

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/game/warhammer"
	"github.com/wargamesim/sim/internal/suggest"
)

var (
	equipmentNames = []string{"light_armour", "heavy_armour", "plate_armour", "shield", "barding"}
	mountKinds     = []string{"cavalry", "cold_one", "monster"}
	weaponNames    = warhammer.WeaponNames()
	facings        = []string{"front", "flank", "rear"}
)

// unknownChoice says that name is not one of the names a field takes,
// suggesting the closest (as for unknown fields) before saying which to use.
func unknownChoice(what, name string, names []string, use string) string {
	if s := suggest.Nearest(name, names); s != "" {
		return fmt.Sprintf("unknown %s %q; did you mean %q? Use %s", what, name, s, use)
	}
	return fmt.Sprintf("unknown %s %q; use %s", what, name, use)
}

// suchAs suggests an id or name close to s that is valid, such as
// "knights_errant" for "Knights Errant", or returns "" when there is none.
func suchAs(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	id := strings.TrimRight(b.String(), "_")
	if id == "" || id == s || !idPattern.MatchString(id) {
		return ""
	}
	return fmt.Sprintf(", such as %q", id)
}

// idText is a unit id for messages: as it is when valid, else quoted, so
// that a message stays on one line whatever the id holds.
func idText(id string) string {
	if idPattern.MatchString(id) {
		return id
	}
	return strconv.Quote(id)
}

// idList lists the unit ids for messages, sorted.
func idList(ids map[string]int) string {
	var list []string
	for _, id := range slices.Sorted(maps.Keys(ids)) {
		list = append(list, idText(id))
	}
	return strings.Join(list, ", ")
}
