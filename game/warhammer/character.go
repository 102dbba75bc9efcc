package warhammer

import (
	"errors"
	"fmt"
)

// Character is a model in a unit's front rank with a profile of its own: a
// character who has joined the unit, or the unit's champion (docs/rules.md,
// "Characters, champions and challenges").
//
// A character's wounds are its own: blows the enemy directs at it never
// carry onto the rank and file, nor theirs onto it (6th.whfb.app
// characters/close-combat-characters). Enemy models in base contact with
// it may strike it (InContact of them) instead of the rank and file, as the
// enemy's StrikeAt says. Its Regeneration is lost only by a Flaming wound it
// suffers itself (seed 000).
type Character struct {
	ID      string
	Type    TroopType // for Killing Blow and Unit Strength; the unit's by default
	Profile Profile
	Defence Defence
	Weapon  Weapon
	Mounted bool   // rides, for its weapon (a mount with no attacks of its own)
	Mount   *Mount // a mount that attacks with its own profile
	Rules   AttackRules
	// StrengthBonus is a magic weapon's bonus to Strength in close combat.
	StrengthBonus      int
	AlwaysStrikesFirst bool
	AlwaysStrikesLast  bool
	UnitStrength       int // 0: by troop type (UnitStrengthOf)

	// Champion says the model is the unit's champion: one of its Models,
	// not a character; it may issue and accept challenges but is never
	// nominated to retire, and the unit never uses its Leadership.
	Champion       bool
	General        bool // the army's General: the unit may use its Leadership (character_leadership)
	BattleStandard bool // carries the army's battle standard
	// InContact is how many enemy front-rank models are in base contact
	// with it and so may strike it; 0 means 1.
	InContact int
	// StrikeAt is the enemy model it strikes: "" the rank and file, else the
	// ID of one of the enemy's characters (or its champion). In a challenge
	// it strikes its opponent.
	StrikeAt string
}

func (c *Character) inContact() int { return max(c.InContact, 1) }

// fighter is c as a unit of one model, for building its attacks.
func (c *Character) fighter(unit *Fighter) Fighter {
	t := c.Type
	return Fighter{
		ID: unit.ID + "." + c.ID, Type: t, Profile: c.Profile, Models: 1, Frontage: 1,
		Defence: c.Defence, Weapon: c.Weapon, Rules: c.Rules, Mount: c.Mount, Mounted: c.Mounted,
		AlwaysStrikesFirst: c.AlwaysStrikesFirst, AlwaysStrikesLast: c.AlwaysStrikesLast,
		UnitStrength: c.UnitStrength, StrengthBonus: c.StrengthBonus,
	}
}

// Challenge is how a unit's side deals with challenges (6th.whfb.app
// characters/challenges): policies, since the players choose.
type Challenge struct {
	Issue  IssuePolicy
	Refuse bool   // refuse every challenge it can refuse (it accepts by default)
	By     string // the model that issues and accepts: a character's ID or its champion's; "" the first able
}

// IssuePolicy is when a side issues a challenge.
type IssuePolicy uint8

const (
	IssueNever       IssuePolicy = iota
	IssueAlways                  // whenever it may: it has a model to issue and the enemy one to accept
	IssueIfCharacter             // only when the enemy has a character (not only a champion) to accept
	numIssuePolicies
)

var issueNames = [numIssuePolicies]string{"never", "always", "if_character"}

func (p IssuePolicy) String() string {
	if p < numIssuePolicies {
		return issueNames[p]
	}
	return fmt.Sprintf("IssuePolicy(%d)", uint8(p))
}

// ParseIssuePolicy reads an issue policy by name.
func ParseIssuePolicy(s string) (IssuePolicy, error) {
	for i, n := range issueNames {
		if n == s {
			return IssuePolicy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown challenge policy %q; use never, always or if_character", s)
}

// checkCharacters checks f's characters, and that its StrikeAt and its
// challenge name one of foe's models and one of its own.
func (f *Fighter) checkCharacters(foe *Fighter) error {
	var errs []error
	ids := map[string]bool{}
	champions := 0
	for i := range f.Characters {
		c := &f.Characters[i]
		if c.ID == "" || ids[c.ID] {
			errs = append(errs, fmt.Errorf("%s: character %d has no ID or a repeated one (%q)", f.ID, i+1, c.ID))
		}
		ids[c.ID] = true
		if c.Champion {
			champions++
		}
		cf := c.fighter(f)
		errs = append(errs, cf.check())
		in := func(name string, v, lo, hi int) {
			if v < lo || v > hi {
				errs = append(errs, fmt.Errorf("%s: %s %d is outside %d..%d", cf.ID, name, v, lo, hi))
			}
		}
		in("in_contact", c.InContact, 0, 10)
		in("strength bonus", c.StrengthBonus, -5, 5)
		if c.StrikeAt != "" && foe.character(c.StrikeAt) < 0 {
			errs = append(errs, fmt.Errorf("%s: strikes at %q, which is not a character of %s", cf.ID, c.StrikeAt, foe.ID))
		}
	}
	if champions > 1 {
		errs = append(errs, fmt.Errorf("%s: %d champions; a unit has one at most", f.ID, champions))
	}
	if champions > 0 && f.Models < 2 {
		errs = append(errs, fmt.Errorf("%s: a champion is one of the unit's models, so it needs 2 or more", f.ID))
	}
	if len(f.Characters) > 8 {
		errs = append(errs, fmt.Errorf("%s: %d characters; at most 8", f.ID, len(f.Characters)))
	}
	if f.StrikeAt != "" && foe.character(f.StrikeAt) < 0 {
		errs = append(errs, fmt.Errorf("%s: strikes at %q, which is not a character of %s", f.ID, f.StrikeAt, foe.ID))
	}
	if b := f.Challenge.By; b != "" && f.character(b) < 0 {
		errs = append(errs, fmt.Errorf("%s: challenges with %q, which is not one of its characters", f.ID, b))
	}
	if f.Challenge.Issue >= numIssuePolicies {
		errs = append(errs, fmt.Errorf("%s: unknown challenge policy %d", f.ID, f.Challenge.Issue))
	}
	return errors.Join(errs...)
}

// character returns the index of f's character id, or -1.
func (f *Fighter) character(id string) int {
	for i := range f.Characters {
		if f.Characters[i].ID == id {
			return i
		}
	}
	return -1
}

// champions is 1 if one of f's characters is its champion, else 0.
func (f *Fighter) champions() int {
	for i := range f.Characters {
		if f.Characters[i].Champion {
			return 1
		}
	}
	return 0
}

// rankAndFile is the number of f's models that are not its champion.
func (f *Fighter) rankAndFile() int { return f.Models - f.champions() }
