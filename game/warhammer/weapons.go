package warhammer

import (
	"fmt"
	"strings"
)

// Weapon is a close-combat weapon (RULES.md §2.9.13; the bonuses tagged [U]
// there are ruleset options).
type Weapon uint8

const (
	HandWeapon           Weapon = iota // no effect
	GreatWeapon                        // +great_weapon_strength S; strikes last (6th: chargers still first in the first round)
	Halberd                            // +1 S (6th [V])
	Flail                              // +flail_strength S in the first round
	MorningStar                        // +morning_star_strength S in the first round
	Lance                              // +lance_strength S on the turn its bearer charged (mounted)
	Spear                              // mounted: +1 S on the charge; on foot: fights in an extra rank, not on the turn it charged
	AdditionalHandWeapon               // +1 A, on foot
	numWeapons
)

var weaponNames = [numWeapons]string{"hand_weapon", "great_weapon", "halberd", "flail", "morning_star", "lance", "spear", "additional_hand_weapon"}

func (w Weapon) String() string {
	if w < numWeapons {
		return weaponNames[w]
	}
	return fmt.Sprintf("Weapon(%d)", uint8(w))
}

// ParseWeapon reads a weapon by name ("great_weapon").
func ParseWeapon(s string) (Weapon, error) {
	for i, n := range weaponNames {
		if n == s {
			return Weapon(i), nil
		}
	}
	return 0, fmt.Errorf("unknown weapon %q; use one of %s", s, strings.Join(weaponNames[:], ", "))
}

// Strength is the weapon's Strength bonus in round r for a bearer that
// charged this turn (charging) and is mounted or not.
func (w Weapon) Strength(rs *Ruleset, r int, charging, mounted bool) int {
	first := r == 1
	switch w {
	case GreatWeapon:
		return rs.GreatWeaponStrength
	case Halberd:
		return 1
	case Flail:
		if first && (charging || rs.ArmourMod != ArmourByWeapon) {
			return rs.FlailStrength // The Old World: only against models it charged
		}
	case MorningStar:
		if first && (charging || rs.ArmourMod != ArmourByWeapon) {
			return rs.MorningStarStrength
		}
	case Lance:
		if first && charging && mounted {
			return rs.LanceStrength
		}
	case Spear:
		if first && charging && mounted {
			return 1
		}
	}
	return 0
}

// AP is the weapon's Armour Piercing in round r for a bearer that charged
// this turn (charging), mounted or not, where rs's armour_modifier is
// weapon (The Old World's weapon profiles, tow.whfb.app weapons-of-war
// [V]): a great weapon 2; a halberd 1, 2 against models it charged; a
// flail 2; a morning star 1; a lance 2 and a cavalry spear 1 on the
// charge. "Against models it charged" is read as the first round of a
// fight its unit charged into. Elsewhere Strength worsens the save and
// weapons have none.
func (w Weapon) AP(rs *Ruleset, r int, charging, mounted bool) int {
	if rs.ArmourMod != ArmourByWeapon {
		return 0
	}
	charged := r == 1 && charging
	switch w {
	case GreatWeapon, Flail:
		return 2
	case Halberd:
		if charged {
			return 2
		}
		return 1
	case MorningStar:
		return 1
	case Lance:
		if charged && mounted {
			return 2
		}
	case Spear:
		if charged && mounted {
			return 1
		}
	}
	return 0
}

// ArmourBane is the Armour Bane of the weapon under The Old World's
// weapon profiles (armour_modifier: weapon): 1 for a great weapon and a
// halberd; for a flail, a morning star and a lance only against models it
// charged (the first round, charging). None elsewhere.
func (w Weapon) ArmourBane(rs *Ruleset, r int, charging, mounted bool) int {
	if rs.ArmourMod != ArmourByWeapon {
		return 0
	}
	charged := r == 1 && charging
	switch w {
	case GreatWeapon, Halberd:
		return 1
	case Flail, MorningStar:
		if charged {
			return 1
		}
	case Lance:
		if charged && mounted {
			return 1
		}
	}
	return 0
}

// Attacks is the weapon's bonus to Attacks.
func (w Weapon) Attacks(mounted bool) int {
	if w == AdditionalHandWeapon && !mounted {
		return 1
	}
	return 0
}

// strikesLast reports whether the weapon strikes last.
func (w Weapon) strikesLast() bool { return w == GreatWeapon }

// extraRank reports whether the weapon lets the rank behind fight in round
// r: a spear on foot, except on the turn its bearer charged (RULES.md §2.2).
func (w Weapon) extraRank(r int, charging, mounted bool) bool {
	return w == Spear && !mounted && !(r == 1 && charging)
}

// WeaponNames lists every weapon name.
func WeaponNames() []string { return append([]string(nil), weaponNames[:]...) }
