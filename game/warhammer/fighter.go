package warhammer

import (
	"errors"
	"fmt"
)

// The limits of a unit's numbers. check holds a fighter to them, and
// checkVolley a volley and its target; the scenario format reads them to
// say the same with positions.
const (
	MaxCharacteristic = 10    // WS, S, T, I and A, a model's or its mount's; a volley's skill
	MaxModels         = 10000 // models in a unit
)

// Fighter is a unit in a close combat: a rank-and-flank block of identical
// models, with its command models and its mounts.
type Fighter struct {
	ID       string
	Type     TroopType
	Weight   Weight  // The Old World's regular or heavy infantry, light or heavy cavalry and chariots
	Profile  Profile // the rider's, for cavalry: enemy attacks hit the rider (seed 002)
	Models   int     // 1 or more
	Frontage int     // models per rank, its characters' places counted: 1..Models plus its characters
	Contact  int     // front-rank models in base contact with the enemy, 1..Frontage (0: the whole frontage)
	Defence  Defence
	Weapon   Weapon
	Rules    AttackRules // the rules of the riders' (or models') attacks
	Mount    *Mount      // cavalry mounts, which attack with their own profile
	// Mounted says the models ride, whether or not their mount fights
	// (Mount): their weapons count as mounted (lance, spear, additional
	// hand weapon). Cavalry and monstrous cavalry ride whatever it says.
	Mounted bool
	// ImpactHits are rolled for each model in contact on the turn it
	// charged: automatic hits at the model's Strength, before any blow.
	ImpactHits Amount

	// StrengthBonus is a magic weapon's bonus to the models' Strength in
	// close combat.
	StrengthBonus int

	// Characters are the models of the front rank with profiles of their
	// own: characters who joined the unit and its champion (one of
	// Models), in that order of listing.
	Characters []Character
	// StrikeAt is the enemy character (or champion) that the models in base
	// contact with it strike, InContact of them: "" none, all blows at the
	// rank and file.
	StrikeAt  string
	Challenge Challenge
	// GeneralLd is the Leadership of the army's General when he is within
	// 12" and not in the unit (0: he is not): the unit may use it.
	GeneralLd int

	Standard       bool // a standard bearer (the last of the rank and file to fall): +1 combat result
	Musician       bool // a musician (the same): wins drawn combats, where the ruleset says so
	BattleStandard bool // the army's battle standard is with the unit (a character may carry it instead)

	Stubborn           bool // break tests on unmodified Leadership
	Unbreakable        bool // never breaks
	CausesFear         bool // causes Fear (and so is immune to it)
	CausesTerror       bool // causes Terror (and so Fear too)
	AlwaysStrikesFirst bool
	AlwaysStrikesLast  bool
	UnitStrength       int // per model; 0 means the troop type's (see UnitStrengthOf)
}

// mounted reports whether f's models ride, for their weapons.
func (f *Fighter) mounted() bool {
	return f.Mounted || f.Mount != nil || f.Type == Cavalry || f.Type == MonstrousCavalry
}

// Mount is a cavalry model's mount.
type Mount struct {
	Name  string
	WS, S int
	I, A  int
	Rules AttackRules
}

// UnitStrengthOf is the Unit Strength of one model of troop type t with w
// Wounds: 1 for infantry and war beasts, 2 for cavalry, 3 for monstrous
// troops, 4 for chariots, and the Wounds of monsters and swarms (6th and 7th
// editions' unit strength, as RULES.md §4 lists it for The Old World; [U]
// for 6th: set unit_strength in a scenario to override it).
func UnitStrengthOf(t TroopType, w int) int {
	switch t {
	case Cavalry:
		return 2
	case MonstrousInfantry, MonstrousCavalry, MonstrousBeast:
		return 3
	case Chariot:
		return 4
	case Monster, Swarm:
		return w
	}
	return 1
}

func (f *Fighter) unitStrength(rs *Ruleset) int {
	if f.UnitStrength > 0 {
		return f.UnitStrength
	}
	if rs.UnitStrength == USTOW && f.Type == Chariot {
		if rs.weightOf(f.Type, f.Weight) == Light {
			return 3 // The Old World: light chariots 3, heavy 5 (RULES.md §4)
		}
		return 5
	}
	return UnitStrengthOf(f.Type, f.Profile.W)
}

func (f *Fighter) contact() int {
	if f.Contact > 0 {
		return min(f.Contact, f.Frontage)
	}
	return f.Frontage
}

// fears reports whether f is subject to Fear of foe: foe causes Fear, f
// does not (Fear-causers are immune to it), and f is not Unbreakable, which
// is Immune to Psychology and so passes every Fear test ("immune to panic,
// terror and fear", 6th.whfb.app special-rules/unbreakable; "Immune to
// Psychology", 8th.whfb.app special-rules/unbreakable; RULES.md §2.11).
func (f *Fighter) fears(foe *Fighter) bool {
	return foe.causesFear() && !f.causesFear() && !f.Unbreakable
}

// causesFear reports whether f causes Fear: a Terror-causer does too.
func (f *Fighter) causesFear() bool { return f.CausesFear || f.CausesTerror }

// strikesFirst reports whether f's models have Always Strikes First that
// no Always Strikes Last of theirs (or of a great weapon) cancels: "the two
// cancel out" (RULES.md §2.3), for the re-roll as for the order.
func (f *Fighter) strikesFirst() bool {
	return f.AlwaysStrikesFirst && !f.AlwaysStrikesLast && !f.Weapon.strikesLast()
}

func (f *Fighter) monstrous() bool {
	return f.Type == MonstrousInfantry || f.Type == MonstrousCavalry || f.Type == MonstrousBeast
}

// target describes f as the target of enemy blows.
func (f *Fighter) target() Target {
	return Target{Type: f.Type, T: f.Profile.T, W: f.Profile.W, WS: f.Profile.WS, Models: f.Models, Defence: f.Defence,
		Parries: CanParry(f.Type, f.Weapon, f.Defence.Shield)}
}

// CanParry reports whether models of troop type t with weapon w, and a
// shield or not, may Parry where the ruleset has it: infantry (not
// monstrous, The Old World's regular and heavy infantry) with a hand
// weapon and a shield (tow.whfb.app troop-types-in-detail/parry).
func CanParry(t TroopType, w Weapon, shield bool) bool {
	return t == Infantry && w == HandWeapon && shield
}

func (f *Fighter) check() error {
	var errs []error
	in := func(name string, v, lo, hi int) {
		if v < lo || v > hi {
			errs = append(errs, fmt.Errorf("%s: %s %d is outside %d..%d", f.ID, name, v, lo, hi))
		}
	}
	p := f.Profile
	in("WS", p.WS, 1, MaxCharacteristic)
	in("S", p.S, 1, MaxCharacteristic)
	in("T", p.T, 1, MaxCharacteristic)
	in("W", p.W, 1, 100)
	in("I", p.I, 1, MaxCharacteristic)
	in("A", p.A, 0, MaxCharacteristic)
	in("Ld", p.Ld, 1, 12)
	if f.lone() {
		if f.Characters[0].Champion {
			errs = append(errs, fmt.Errorf("%s: a lone character is a character, not a champion", f.ID))
		}
	} else {
		in("models", f.Models, 1, MaxModels)
	}
	in("frontage", f.Frontage, 1, max(f.Models+len(f.Characters)-f.champions(), 1)) // a character takes a place of the front rank
	in("contact", f.Contact, 0, max(f.Frontage, 1))
	in("weight", int(f.Weight), int(Unweighted), int(Heavy))
	if m := f.Mount; m != nil {
		in("mount WS", m.WS, 1, MaxCharacteristic)
		in("mount S", m.S, 1, MaxCharacteristic)
		in("mount I", m.I, 1, MaxCharacteristic)
		in("mount A", m.A, 0, MaxCharacteristic)
	}
	return errors.Join(errs...)
}
