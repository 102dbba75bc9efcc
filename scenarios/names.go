package scenarios

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/internal/suggest"
)

// UnknownChoice says that name is not one of the names a field takes,
// suggesting the closest (as for unknown fields) before saying which to use.
func UnknownChoice(what, name string, names []string, use string) string {
	if s := suggest.Nearest(name, names); s != "" {
		return fmt.Sprintf("unknown %s %q; did you mean %q? Use %s", what, name, s, use)
	}
	return fmt.Sprintf("unknown %s %q; use %s", what, name, use)
}

// SuchAs suggests an id or name close to s that is valid, such as
// "knights_errant" for "Knights Errant", or returns "" when there is none.
func SuchAs(s string) string {
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
	if id == "" || id == s || !ValidID(id) {
		return ""
	}
	return fmt.Sprintf(", such as %q", id)
}

// IDText is a unit id for messages: as it is when valid, else quoted, so
// that a message stays on one line whatever the id holds.
func IDText(id string) string {
	if ValidID(id) {
		return id
	}
	return strconv.Quote(id)
}

// IDList lists the unit ids for messages, sorted.
func IDList(ids map[string]int) string {
	var list []string
	for _, id := range slices.Sorted(maps.Keys(ids)) {
		list = append(list, IDText(id))
	}
	return strings.Join(list, ", ")
}
