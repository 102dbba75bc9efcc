package warhammer

import (
	"fmt"
	"strings"
)

// TroopType is a unit's troop type, which decides who Killing Blow can slay
// and, in close combat, how units rank and fight.
type TroopType uint8

const (
	Infantry TroopType = iota
	Cavalry
	MonstrousInfantry
	MonstrousCavalry
	MonstrousBeast
	WarBeast
	Monster
	Chariot
	Swarm
	WarMachine
	numTroopTypes
)

var troopNames = [numTroopTypes]string{
	"infantry", "cavalry", "monstrous_infantry", "monstrous_cavalry", "monstrous_beast",
	"war_beast", "monster", "chariot", "swarm", "war_machine",
}

func (t TroopType) String() string {
	if t < numTroopTypes {
		return troopNames[t]
	}
	return fmt.Sprintf("TroopType(%d)", uint8(t))
}

// ParseTroopType reads a troop type by its name ("infantry", "monstrous_infantry", ...).
func ParseTroopType(s string) (TroopType, error) {
	for i, n := range troopNames {
		if n == s {
			return TroopType(i), nil
		}
	}
	return 0, fmt.Errorf("unknown troop type %q; use one of %s", s, strings.Join(troopNames[:], ", "))
}

// TroopTypeNames lists every troop type name.
func TroopTypeNames() []string { return append([]string(nil), troopNames[:]...) }

// TroopSet is a set of troop types.
type TroopSet uint16

// Troops returns the set of the given types.
func Troops(ts ...TroopType) TroopSet {
	var s TroopSet
	for _, t := range ts {
		s |= 1 << t
	}
	return s
}

// Has reports whether t is in s.
func (s TroopSet) Has(t TroopType) bool { return s&(1<<t) != 0 }

func (s TroopSet) String() string {
	var names []string
	for t := range numTroopTypes {
		if s.Has(t) {
			names = append(names, t.String())
		}
	}
	return strings.Join(names, ",")
}

// parseTroopSet reads a comma-separated list of troop types; "all" is every type.
func parseTroopSet(v string) (TroopSet, error) {
	if v == "all" {
		return 1<<numTroopTypes - 1, nil
	}
	var s TroopSet
	for _, name := range strings.Split(v, ",") {
		t, err := ParseTroopType(strings.TrimSpace(name))
		if err != nil {
			return 0, err
		}
		s |= 1 << t
	}
	return s, nil
}

// Weight is where The Old World tells troop types apart within one of
// the older types: regular or heavy infantry, light or heavy cavalry and
// chariots (RULES.md §4). The older editions' types leave it Unweighted,
// and then it counts as the ruleset's infantry_counts_as or
// cavalry_counts_as says.
type Weight uint8

const (
	Unweighted Weight = iota
	Light
	Regular
	Heavy
)

// weighted are the scenario names of the weighted troop types.
var weighted = []struct {
	name string
	t    TroopType
	w    Weight
}{
	{"regular_infantry", Infantry, Regular},
	{"heavy_infantry", Infantry, Heavy},
	{"light_cavalry", Cavalry, Light},
	{"heavy_cavalry", Cavalry, Heavy},
	{"light_chariot", Chariot, Light},
	{"heavy_chariot", Chariot, Heavy},
}

// ParseTroopClass reads a troop type by its name, the older editions'
// ("infantry") or The Old World's ("heavy_infantry"), with its weight.
func ParseTroopClass(s string) (TroopType, Weight, error) {
	for _, c := range weighted {
		if c.name == s {
			return c.t, c.w, nil
		}
	}
	t, err := ParseTroopType(s)
	if err != nil {
		return 0, 0, fmt.Errorf("unknown troop type %q; use one of %s", s, strings.Join(TroopClassNames(), ", "))
	}
	return t, Unweighted, nil
}

// TroopClassNames lists every troop type name a scenario may give.
func TroopClassNames() []string {
	names := TroopTypeNames()
	for _, c := range weighted {
		names = append(names, c.name)
	}
	return names
}

// weightOf is the weight a model of troop type t and weight w counts as
// under rs: its own, else the ruleset's for infantry and cavalry
// (infantry_counts_as, cavalry_counts_as), else heavy for a chariot.
func (rs *Ruleset) weightOf(t TroopType, w Weight) Weight {
	if w != Unweighted {
		return w
	}
	switch t {
	case Infantry:
		return rs.InfantryWeight
	case Cavalry:
		return rs.CavalryWeight
	case Chariot:
		return Heavy
	}
	return Unweighted
}

// rankRule is how many models a rank of troop type t and weight w needs,
// and the most rank bonus it scores, by The Old World's table (RULES.md
// §4 [V]); a type the table leaves out scores none.
func rankRule(t TroopType, w Weight) (width, most int) {
	switch t {
	case Infantry:
		if w == Heavy {
			return 4, 2
		}
		return 5, 2
	case MonstrousInfantry:
		return 3, 2
	case Cavalry:
		if w == Heavy {
			return 4, 1
		}
		return 5, 1
	case MonstrousCavalry:
		return 3, 1
	case WarBeast:
		return 5, 1
	case Chariot:
		if w == Light {
			return 3, 1
		}
	}
	return 0, 0
}
