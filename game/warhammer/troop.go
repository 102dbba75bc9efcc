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
