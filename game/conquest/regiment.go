package conquest

import (
	"errors"
	"fmt"
	"strings"
)

// Type is a stand's type (RULES.md §7.1).
type Type uint8

const (
	Infantry Type = iota
	Cavalry
	Brute
	Monster
)

var typeNames = []string{"infantry", "cavalry", "brute", "monster"}

// TypeNames lists the stand types as scenarios write them.
func TypeNames() []string { return append([]string(nil), typeNames...) }

// ParseType reads a stand type.
func ParseType(s string) (Type, error) {
	for i, n := range typeNames {
		if n == s {
			return Type(i), nil
		}
	}
	return 0, fmt.Errorf("unknown stand type %q; use one of %s", s, strings.Join(typeNames, ", "))
}

func (t Type) String() string { return typeNames[t] }

// Class is a stand's class.
type Class uint8

const (
	Light Class = iota
	Medium
	Heavy
)

var classNames = []string{"light", "medium", "heavy"}

// ClassNames lists the classes as scenarios write them.
func ClassNames() []string { return append([]string(nil), classNames...) }

// ParseClass reads a class.
func ParseClass(s string) (Class, error) {
	for i, n := range classNames {
		if n == s {
			return Class(i), nil
		}
	}
	return 0, fmt.Errorf("unknown class %q; use one of %s", s, strings.Join(classNames, ", "))
}

func (c Class) String() string { return classNames[c] }

// Profile is the eight characteristics (RULES.md §7.1): March, Volley,
// Clash, Attacks, Wounds, Resolve, Defence, Evasion; per model under
// stand_profile per_model (1.5), per stand under per_stand (2.0).
type Profile struct{ M, V, C, A, W, R, D, E int }

// Values are p's characteristics in the order of ProfileLimits.
func (p Profile) Values() [8]int { return [8]int{p.M, p.V, p.C, p.A, p.W, p.R, p.D, p.E} }

// A Limit is the range Min to Max a number may take, with its key as a
// scenario writes it and its name as check's messages say it.
type Limit struct {
	Key, Name string
	Min, Max  int
}

// The limits of a regiment's numbers. check holds a regiment to them, and
// the scenario format reads them to say the same with positions.
var ProfileLimits = [8]Limit{
	{"M", "March", 0, 20}, {"V", "Volley", 0, 6}, {"C", "Clash", 0, 6}, {"A", "Attacks", 0, 20},
	{"W", "Wounds", 1, 20}, {"R", "Resolve", 0, 6}, {"D", "Defence", 0, 6}, {"E", "Evasion", 0, 6},
}

const (
	MaxRuleValue   = 10  // the X of a special rule: Barrage X, Cleave X...
	MaxStands      = 100 // stands in a regiment
	MaxModels      = 10  // models on a stand
	MaxHealSources = 5   // heal sources of a regiment
)

// Rules are the special rules of a regiment or a character (conquest.md
// §2, §3, §7). A number of 0 means the rule is absent.
type Rules struct {
	// Its attacks.
	Barrage           int      // Barrage X: shots per model (1.5) or stand (2.0)
	ArmourPiercing    int      // Volley hits: −X Defence
	Cleave            int      // Clash hits: −X Defence
	BrutalImpact      int      // Impact hits: −X Defence
	ImpactX           int      // 2.x Impact (X): Impact attacks per stand
	Fury              int      // +X Strikes per engaged stand (bare Fury: 1)
	Support           int      // Support X: Support Strikes per unengaged stand (0 or 1: the usual 1)
	Terrifying        int      // −X (or −1) Resolve of the enemy it fights in contact
	Smite             bool     // Clash hits: Defence counts as 0
	Flurry            bool     // Clash: failed hit rolls re-rolled
	RelentlessBlows   bool     // Clash: a hit roll of 1 adds a hit
	FlawlessStrikes   bool     // Clash (2.x): a hit roll of 1 ignores Defence
	DeadlyBlades      bool     // Clash: failed Defence costs 2 wounds (option deadly_blades)
	RapidVolley       bool     // Volley: a hit roll of 1 adds a hit
	PreciseShot       bool     // Volley: a hit roll of 1 ignores Defence
	DeadlyShot        bool     // Volley: as Deadly Blades
	UnstoppableCharge bool     // doubles its Impact attacks
	ThrowingWeapons   bool     // makes Impact attacks whatever its type and class
	Linebreaker       bool     // the enemy in contact has no Shield or Bastion
	Opportunists      bool     // Clash and Volley: failed hit rolls against the flank or rear re-rolled (2.x)
	FiendHunter       bool     // failed hit rolls against Monsters re-rolled
	Leader            bool     // a Leader command model (option leader)
	Blessed           Blessing // once a turn, re-roll all failed hits, or all failed defence dice
	TorrentialFire    bool     // Volley, not at long range: each hit makes one more ranged attack, which makes none
	Decay             int      // Decay X: X dice a stand at the end of its activation, a wound each 5 or 6
	ResistDecay       int      // Resist Decay X: its Decay X lower
	AuraOfDeath       int      // Aura of Death (X): X hits for each of its stands in contact, at the start of each turn

	// Its defence and morale.
	Shield         bool // +1 Defence against hits from the front (option shield)
	Phalanx        bool // +1 Defence against hits from the front (and +1 Resolve: phalanx_resolve)
	IronDiscipline bool // engaged in its flank or rear, it keeps its Support and re-rolls no passed Morale die (2.x)
	Bastion        int  // +X Defence
	Hardened       int  // Cleave, Armour Piercing and Brutal Impact against it are X lower
	Parry          bool // the enemy's hit rolls of 1 re-rolled (option parry)
	Untouchable    bool // its failed Defence rolls of 6 are re-rolled
	Fearless       bool // ignores Terrifying and Fearsome
	Fearsome       bool // an enemy in contact needs a Resolve roll to Rally
	Indomitable    int  // X failed Morale dice count as passed
	Tenacious      int  // X failed defence dice of each action at it count as passed (2.x)
	Oblivious      bool // one wound per two failed Morale dice, rounded up

	// Its hits back at the enemy in contact, within the enemy's action.
	CounterAttack bool // each defence roll of a natural 1 against an enemy Clash strikes one hit back (2.x)
	LethalDemise  bool // each wound it suffers in contact strikes one hit back at the enemy
}

// Blessing is how a regiment uses Blessed: "Once per Turn, this Stand can
// re-roll all failed To Hit rolls or re-roll all failed Defence Rolls"
// [V 1.5]; which is its player's choice.
type Blessing uint8

const (
	NotBlessed     Blessing = iota
	BlessedHits             // on its first attack of the turn, its failed hits
	BlessedDefence          // on the first attack at it in the turn, its failed defence dice
)

var blessingNames = []string{"", "hits", "defence"}

// ParseBlessing reads a Blessed use: hits or defence.
func ParseBlessing(s string) (Blessing, bool) {
	for i, n := range blessingNames {
		if i > 0 && n == s {
			return Blessing(i), true
		}
	}
	return 0, false
}

// Character is a Character stand joined to a regiment: one model with its
// own profile (RULES.md §7.1). It strikes with its own Clash and Attacks
// (a Support Strike when not engaged), shoots with its own Barrage, lends
// the regiment its Resolve when that is the highest, is healed first (seed
// 003, step 1), and is removed with the regiment's last stand.
type Character struct {
	Name    string
	Class   Class // his weight class: it may differ from his regiment's (his type is its)
	Profile Profile
	Rules   Rules // its attack rules; Barrage for its shots
	Engaged bool  // in base contact with the enemy in a Clash
	Spell   *Spell
	// DrawRally: when his regiment is Broken as it activates, he foregoes
	// his actions to Rally it, as a Draw Event (conquestwiki Broken,
	// v1.03 [V]).
	DrawRally bool
}

// Spell is the spell the Character casts with the cast action
// (conquestwiki Spellcasting, v1.5): it rolls Dice (its Magic Level) dice,
// one fewer when Interfered, each result equal to or under Difficulty a
// success; with enough successes (option spell_successes, and Scaling) a
// healing spell Heals its regiment PerSuccess Wounds per success
// (Ninuah's Tears: 2), a damage spell strikes the enemy Hits hits per
// success (Fire Dart 1, Holy Fire 2), with its own Armour Piercing.
type Spell struct {
	Name           string
	Dice           int
	Difficulty     int
	PerSuccess     int  // Heal Points a success: a healing spell
	Hits           int  // hits a success: a damage spell
	ArmourPiercing int  // a damage spell's hits: −X Defence
	Scaling        bool // harder to cast at a regiment of many stands (option scaling)
	Interfered     bool // an enemy caster within 8" of the caster or the target: one die fewer
}

// damage reports whether the spell strikes the enemy rather than heals.
func (s *Spell) damage() bool { return s.Hits > 0 }

// HealKind is what a heal source is.
type HealKind uint8

const (
	HealRegeneration HealKind = iota // Regeneration (X): as option regeneration says
	HealFixed                        // heal an amount (Biotic Renewal: D6)
)

// HealSource heals the regiment at the start of its activation, before its
// actions (a Draw Event; conquest.md §4, §10 "Order of play").
type HealSource struct {
	Name   string
	Kind   HealKind
	Amount Amount
}

// Amount is N + Dice dice of Sides sides: 6, D3, D6 or 2D6.
type Amount struct{ N, Dice, Sides int }

// Max returns the largest value of a.
func (a Amount) Max() int { return a.N + a.Dice*a.Sides }

func (a Amount) String() string {
	switch {
	case a.Dice == 0:
		return fmt.Sprint(a.N)
	case a.N == 0 && a.Dice == 1:
		return fmt.Sprintf("D%d", a.Sides)
	case a.N == 0:
		return fmt.Sprintf("%dD%d", a.Dice, a.Sides)
	}
	return fmt.Sprintf("%dD%d+%d", a.Dice, a.Sides, a.N)
}

// Damage is what a regiment has lost before the fight: whole stands, models
// of its incomplete stand, Wounded markers, and the Character's markers.
type Damage struct {
	StandsLost       int
	ModelsLost       int
	Wounded          int
	CharacterWounded int
}

// Regiment is a regiment as it starts a fight.
type Regiment struct {
	ID        string
	Name      string
	Type      Type
	Class     Class
	Profile   Profile
	Stands    int // its starting number of stands: Healing never goes beyond it
	Models    int // models on a full stand (1 under stand_profile per_stand)
	Frontage  int // stands in the front rank; they Volley in full
	Engaged   int // stands in base contact with the enemy in a Clash
	Rules     Rules
	Character *Character
	Healing   []HealSource
	Start     Damage
	// RearInContact and NoRoom stop step 4 of the Healing sequence (a
	// stand cannot be placed): its remaining Heal Points are lost.
	RearInContact bool
	NoRoom        bool
}

// label names the regiment for people: "Name (id)", or the id.
func (r *Regiment) label() string {
	if r.Name != "" {
		return r.Name + " (" + r.ID + ")"
	}
	return r.ID
}

// models returns the models on a full stand under rs.
func (r *Regiment) models(rs *Ruleset) int {
	if rs.Stand == PerStand {
		return 1
	}
	return r.Models
}

// check returns every value out of range, one error each; a validated
// scenario never has one.
func (r *Regiment) check(rs *Ruleset) error {
	var errs []error
	in := func(what string, v, lo, hi int) {
		if v < lo || v > hi {
			errs = append(errs, fmt.Errorf("%s: %s %d is outside %d..%d", r.ID, what, v, lo, hi))
		}
	}
	profile := func(who string, p Profile) {
		for i, v := range p.Values() {
			l := ProfileLimits[i]
			in(who+l.Name, v, l.Min, l.Max)
		}
	}
	rules := func(who string, x Rules) {
		for _, v := range []struct {
			name string
			v    int
		}{{"Barrage", x.Barrage}, {"Armour Piercing", x.ArmourPiercing}, {"Cleave", x.Cleave},
			{"Brutal Impact", x.BrutalImpact}, {"Impact", x.ImpactX}, {"Fury", x.Fury}, {"Support", x.Support},
			{"Terrifying", x.Terrifying}, {"Bastion", x.Bastion}, {"Hardened", x.Hardened}, {"Indomitable", x.Indomitable},
			{"Tenacious", x.Tenacious}, {"Decay", x.Decay}, {"Resist Decay", x.ResistDecay}, {"Aura of Death", x.AuraOfDeath}} {
			in(who+v.name, v.v, 0, MaxRuleValue)
		}
	}
	profile("", r.Profile)
	rules("", r.Rules)
	in("stands", r.Stands, 1, MaxStands)
	in("models", r.Models, 1, MaxModels)
	if rs.Stand == PerStand && r.Models != 1 {
		errs = append(errs, fmt.Errorf("%s: %d models on a stand under stand_profile per_stand, whose characteristics are per stand; give 1", r.ID, r.Models))
	}
	in("frontage", r.Frontage, 1, max(1, r.Stands))
	in("engaged stands", r.Engaged, 0, max(0, r.Stands))
	s := r.Start
	in("stands lost", s.StandsLost, 0, r.Stands-1)
	in("models lost", s.ModelsLost, 0, r.models(rs)-1)
	in("Wounded markers", s.Wounded, 0, r.Profile.W-1)
	if c := r.Character; c != nil {
		profile("character ", c.Profile)
		rules("character ", c.Rules)
		in("character Wounded markers", s.CharacterWounded, 0, c.Profile.W-1)
		if sp := c.Spell; sp != nil {
			in("spell dice", sp.Dice, 1, 10)
			in("spell difficulty", sp.Difficulty, 1, 6)
			in("spell Armour Piercing", sp.ArmourPiercing, 0, 6)
			if sp.damage() {
				in("spell hits per success", sp.Hits, 1, 10)
				if sp.PerSuccess != 0 {
					errs = append(errs, fmt.Errorf("%s: the spell both heals and strikes hits; give it one of the two", r.ID))
				}
			} else {
				in("spell heal per success", sp.PerSuccess, 1, 10)
			}
		}
	} else if s.CharacterWounded != 0 {
		errs = append(errs, fmt.Errorf("%s: character Wounded markers %d but no character", r.ID, s.CharacterWounded))
	}
	if len(r.Healing) > MaxHealSources {
		errs = append(errs, fmt.Errorf("%s: %d heal sources; give at most %d", r.ID, len(r.Healing), MaxHealSources))
	}
	for _, h := range r.Healing {
		a := h.Amount
		if a.N < 0 || a.Dice < 0 || a.Dice > 10 || a.Dice > 0 && a.Sides != 3 && a.Sides != 6 || a.Max() < 1 || a.Max() > 100 {
			errs = append(errs, fmt.Errorf("%s: heal amount %v: use 1 to 100, D3, D6 or 2D6", r.ID, a))
		}
	}
	return errors.Join(errs...)
}
