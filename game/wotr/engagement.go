package wotr

import (
	"errors"
	"fmt"
)

// Troop is a formation's troop type: it sets the striking order ("monsters
// strike first, then cavalry and then infantry", rules/wotr.md §7 [V]),
// who supports, and the company's width.
type Troop uint8

const (
	Infantry Troop = iota
	Cavalry
	Monster
)

var troopNames = []string{"infantry", "cavalry", "monster"}

// TroopNames lists the troop types by name.
func TroopNames() []string { return append([]string(nil), troopNames...) }

func (t Troop) String() string { return troopNames[t] }

// ParseTroop reads a troop type's name.
func ParseTroop(s string) (Troop, error) {
	for i, n := range troopNames {
		if n == s {
			return Troop(i), nil
		}
	}
	return 0, fmt.Errorf("unknown troop type %q", s)
}

// companySize is the models of a full company by troop type (rules/wotr.md
// §4, [S]: 8 infantry, 2 cavalry, one monster).
var companySize = [3]int{8, 2, 1}

// width is a company's frontage in units of 50 mm: an infantry company
// about 100 mm, a cavalry company and a monster about 50 mm (rules/wotr.md
// §4, [S]).
var width = [3]int{2, 1, 1}

// Toughness is a model's Hard to Kill rule (rules/wotr.md §5).
type Toughness uint8

const (
	NotHardToKill  Toughness = iota
	HardToKill               // a roll on the table per Resilience of hits
	VeryHardToKill           // the same, −1 on the roll
)

var toughnessNames = []string{"no", "hard", "very_hard"}

// ParseToughness reads a Hard to Kill rule's name.
func ParseToughness(s string) (Toughness, error) {
	for i, n := range toughnessNames {
		if n == s {
			return Toughness(i), nil
		}
	}
	return 0, fmt.Errorf("unknown Hard to Kill rule %q", s)
}

// Formation is one side's formation: identical companies, and the heroes
// who lead its command company.
type Formation struct {
	ID, Name    string
	Type        Troop
	Companies   int // at the start, 1 or more
	CompanySize int // models in a full company; 0 for the troop type's
	Frontage    int // companies in the front rank, 1..Companies
	Contact     int // companies in contact with the enemy; 0 to work it out from the widths
	// The company profile (rules/wotr.md §11): Fight, Strength, Defence
	// (without the shield), Attacks (dice per company), Resilience, Courage.
	F, S, D, A, R, C int
	Shield           bool      // +2 Defence against attacks from the front [V]
	Banner           bool      // re-rolls its Panic test (Banner Bearer [V])
	SteadfastOn      int       // the Panic roll that holds; 0 for 6 (Shieldbearer: 5)
	Toughness        Toughness // Hard to Kill (monsters)
	ToHitMod         int       // to-hit modifier of its attacks (two-handed weapons +1)
	SupportDice      int       // dice per supporting company; 0 for the ruleset's (Mob Rule: 2)
	// Weapons (rules/wotr.md §3-§4 [V]): lances hit at +1 in the turn they
	// charge; pikes fight at +1 and cancel the charge bonus, theirs and
	// the charger's (every charge here is from the front).
	Lances, Pikes bool
	// Terror (rules/wotr.md §9 [V]): a formation it charges tests its
	// Courage, and on a failure fights at Fight 0 for the phase; one that
	// charges it tests first, and on a failure its charge stalls.
	Terror bool
	// Berserk (rules/wotr.md §9 [V]): having charged, it rolls at the
	// start of the fight phase: 1 it suffers D6 hits at its own S+2, 2-5
	// S+2 and 6 S+4 for the turn.
	Berserk bool
}

// fight is the formation's Fight in the fight: its profile's, +1 with
// pikes (rules/wotr.md §4 [V]).
func (f *Formation) fight() int {
	if f.Pikes {
		return f.F + 1
	}
	return f.F
}

// Models is the formation's models at the start.
func (f *Formation) Models() int { return f.Companies * f.size() }

func (f *Formation) size() int {
	if f.CompanySize > 0 {
		return f.CompanySize
	}
	return companySize[f.Type]
}

func (f *Formation) steadfastOn() int {
	if f.SteadfastOn > 0 {
		return f.SteadfastOn
	}
	return steadfastOn
}

// Hero is a hero leading his formation's command company.
type Hero struct {
	ID, Name  string
	Formation int // 0 or 1
	// Fight, Resilience (for duels), Courage, and Might at the start of
	// the turn.
	F, R, C, Might int
	Toughness      Toughness // a monstrous hero's Hard to Kill
	Policy         MightPolicy
	Actions        []Action // declared this turn
	// BodyguardOf is the ID of a hero of his formation whose duels he
	// fights while he is in the game (Bodyguard, rules/wotr.md §9), or "".
	BodyguardOf string
}

// ActionKind is a heroic or epic action (rules/wotr.md §8).
type ActionKind uint8

const (
	HeroicMove    ActionKind = iota // move phase
	HeroicShoot                     // shoot phase; shooting is not simulated
	HeroicCharge                    // charge phase: the formation charges first
	HeroicCombat                    // fight phase: its fight first; a win may charge again
	HeroicDuel                      // fight phase
	EpicDuel                        // fight phase, ordered as a Heroic Duel; the declarer keeps the best of two dice
	EpicStrike                      // Fight 10 for the rest of the phase, declared when he first fights
	EpicCharge                      // his formation Fight +2 for the fight phase, declared when it charges
	MightyBlow                      // at the start of the fight phase: his company's hits each a casualty
	EpicDefence                     // before his formation fights: its Defence +2 for the phase
	EpicRage                        // before his formation fights: his company S+4, its Defence 3, for the phase
	EpicSacrifice                   // before his formation fights: its hits discounted on 3+ for the turn; he is removed
	numKinds
)

var kindNames = [numKinds]string{"heroic_move", "heroic_shoot", "heroic_charge", "heroic_combat", "heroic_duel", "epic_duel", "epic_strike", "epic_charge",
	"mighty_blow", "epic_defence", "epic_rage", "epic_sacrifice"}

// ActionNames lists the actions by name.
func ActionNames() []string { return append([]string(nil), kindNames[:]...) }

func (k ActionKind) String() string { return kindNames[k] }

// ParseAction reads an action's name.
func ParseAction(s string) (ActionKind, error) {
	for i, n := range kindNames {
		if n == s {
			return ActionKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown action %q", s)
}

// Phase is a phase of the turn.
type Phase uint8

const (
	MovePhase Phase = iota
	ShootPhase
	ChargePhase
	FightPhase
	numPhases
)

var phaseNames = [numPhases]string{"move", "shoot", "charge", "fight"}

func (p Phase) String() string { return phaseNames[p] }

// Phase is the phase an action is declared in.
func (k ActionKind) Phase() Phase {
	switch k {
	case HeroicMove:
		return MovePhase
	case HeroicShoot:
		return ShootPhase
	case HeroicCharge, EpicCharge:
		return ChargePhase
	}
	return FightPhase
}

// Ordered reports whether the action is declared at the start of its phase
// and ordered with the heroic actions: every heroic action, and the Epic
// Duel, "an exception ... since it works with the same dynamics as the
// Heroic Duel" (seed 001). Other epic actions are declared when the hero
// acts.
func (k ActionKind) Ordered() bool { return k < EpicStrike }

// fightEpic reports whether the action is one of the fight phase's epic
// actions made as the hero's formation fights (or, Mighty Blow, at the
// start of the phase).
func (k ActionKind) fightEpic() bool { return k >= MightyBlow && k < numKinds }

// Duel reports whether the action is a duel.
func (k ActionKind) Duel() bool { return k == HeroicDuel || k == EpicDuel }

// SecondCharge is what a Heroic Combat's hero does when his formation wins
// and may charge again (seed 001, case 1).
type SecondCharge uint8

const (
	ChargeAgain   SecondCharge = iota // charge the enemy formation again
	Decline                           // never charge again
	DeclineIfDuel                     // decline when that cancels an enemy duel still to come
)

var secondChargeNames = []string{"charge", "decline", "decline_if_duel"}

// SecondChargeNames lists the second-charge choices by name.
func SecondChargeNames() []string { return append([]string(nil), secondChargeNames...) }

// ParseSecondCharge reads a second-charge choice.
func ParseSecondCharge(s string) (SecondCharge, error) {
	for i, n := range secondChargeNames {
		if n == s {
			return SecondCharge(i), nil
		}
	}
	return 0, fmt.Errorf("unknown second-charge choice %q", s)
}

// Action is one declared action.
type Action struct {
	Kind         ActionKind
	Target       int          // a duel's target: an index into Engagement.Heroes
	SecondCharge SecondCharge // a Heroic Combat's choice
	// Turns is the turns the action is declared in, bit k for turn k+1;
	// 0 declares it in every turn (while the hero's Might pays).
	Turns uint16
}

// declaredIn reports whether a is declared in turn k (from 0).
func (a Action) declaredIn(k int) bool { return a.Turns == 0 || a.Turns>>k&1 != 0 }

// Engagement is what a turn starts from: two formations in contact, their
// heroes, and what they declare.
type Engagement struct {
	Formations [2]Formation
	Heroes     []Hero
	// Charger is the formation that charges this turn when no Heroic
	// Charge decides otherwise, or -1.
	Charger int
	// DuelsOnly leaves the formations out of the fight: only the duels are
	// fought (their hits on formations still land). Such a turn also
	// solves exactly.
	DuelsOnly bool
	// Turns is how many turns are played, 1 (or 0) to MaxTurns: each turn
	// its heroes declare their actions again, while their Might lasts
	// (docs/wotr.md, "Several turns"). The fight stops early when a
	// formation is destroyed.
	Turns int
}

// turns is the number of turns played.
func (e *Engagement) turns() int { return max(e.Turns, 1) }

// hero is the index of the hero of the given id, or -1.
func (e *Engagement) hero(id string) int {
	for i := range e.Heroes {
		if e.Heroes[i].ID == id {
			return i
		}
	}
	return -1
}

// turnsOf is the turns action a is declared in, bit k for turn k+1.
func (e *Engagement) turnsOf(a Action) uint16 {
	if a.Turns != 0 {
		return a.Turns
	}
	return 1<<e.turns() - 1
}

// Limits of an engagement: they keep a trial's state in fixed arrays and
// its numbers in the rules' ranges. check holds an engagement to them,
// and the scenario format reads them to say the same with positions.
const (
	MaxHeroes        = 8
	MaxCompanies     = 100
	MaxCompanySize   = 100 // models in a company
	MaxAttributes    = 10  // F, S, D, R and Courage, a company's or a hero's
	MaxAttacks       = 20  // a company's A
	MaxMight         = 10
	MaxTurns         = 12
	MaxToHitModifier = 3 // to_hit_modifier: -3 to +3
	MaxSupportDice   = 4 // support dice of a company
)

// check reports every way e cannot be a turn, as errors for programmers;
// the scenario format checks the same, with positions, first.
func (e *Engagement) check() error {
	var p problems
	for i := range e.Formations {
		p.formation(&e.Formations[i])
	}
	if e.Formations[0].ID == e.Formations[1].ID {
		p.add("both formations are %q", e.Formations[0].ID)
	}
	if e.Charger < -1 || e.Charger > 1 {
		p.add("charger %d is not -1, 0 or 1", e.Charger)
	}
	if e.Turns < 0 || e.Turns > MaxTurns {
		p.add("%d turns; 1 to %d", e.Turns, MaxTurns)
	}
	if len(e.Heroes) > MaxHeroes {
		p.add("%d heroes; at most %d", len(e.Heroes), MaxHeroes)
	}
	moved := e.heroicMoves()
	for i := range e.Heroes {
		e.checkHero(&p, i, moved)
	}
	if e.Charger >= 0 && in(moved[e.Charger], 0) {
		p.add("formation %s made a heroic_move and may not charge this turn (seed 001)", e.Formations[e.Charger].ID)
	}
	return errors.Join(p...)
}

// problems gathers the ways an engagement cannot be a turn, one error
// each, in the order they are found.
type problems []error

// add adds a problem, formatted as by fmt.Errorf.
func (p *problems) add(format string, args ...any) { *p = append(*p, fmt.Errorf(format, args...)) }

// formation adds the problems of formation f: its troop type and
// toughness, companies, frontage and contact, and profile ranges.
func (p *problems) formation(f *Formation) {
	if f.Type > Monster || f.Toughness > VeryHardToKill {
		p.add("formation %s: troop type %d or Hard to Kill %d is unknown", f.ID, f.Type, f.Toughness)
	}
	if f.Companies < 1 || f.Companies > MaxCompanies || f.size() < 1 || f.size() > MaxCompanySize {
		p.add("formation %s: %d companies of %d models", f.ID, f.Companies, f.size())
	}
	if f.Frontage < 1 || f.Frontage > f.Companies || f.Contact < 0 || f.Contact > f.Frontage {
		p.add("formation %s: frontage %d, contact %d with %d companies", f.ID, f.Frontage, f.Contact, f.Companies)
	}
	for _, v := range []int{f.F, f.S, f.D, f.R} {
		if v < 1 || v > MaxAttributes {
			p.add("formation %s: F%d S%d D%d R%d must be 1..10", f.ID, f.F, f.S, f.D, f.R)
			break
		}
	}
	if f.A < 0 || f.A > MaxAttacks || f.C < 0 || f.C > MaxAttributes || f.SteadfastOn < 0 || f.SteadfastOn > 7 ||
		f.ToHitMod < -MaxToHitModifier || f.ToHitMod > MaxToHitModifier || f.SupportDice < 0 || f.SupportDice > MaxSupportDice {
		p.add("formation %s: A%d C%d, steadfast on %d, to-hit %+d or support %d out of range", f.ID, f.A, f.C, f.SteadfastOn, f.ToHitMod, f.SupportDice)
	}
}

// heroicMoves returns the turns of each formation's Heroic Moves, as a
// mask of turns; heroes of no formation 0 or 1 count for none.
func (e *Engagement) heroicMoves() [2]uint16 {
	var moved [2]uint16
	for i := range e.Heroes {
		for _, a := range e.Heroes[i].Actions {
			if a.Kind == HeroicMove && e.Heroes[i].Formation >= 0 && e.Heroes[i].Formation <= 1 {
				moved[e.Heroes[i].Formation] |= e.turnsOf(a)
			}
		}
	}
	return moved
}

// checkHero adds to p the problems of hero i: his formation, profile,
// Might and policy, whom he guards, the Might his first turn's actions
// cost, and each action; moved holds each formation's Heroic Moves' turns.
func (e *Engagement) checkHero(p *problems, i int, moved [2]uint16) {
	h := &e.Heroes[i]
	if h.Formation < 0 || h.Formation > 1 {
		p.add("hero %s: formation %d is not 0 or 1", h.ID, h.Formation)
		return
	}
	if h.F < 1 || h.F > MaxAttributes || h.R < 1 || h.R > MaxAttributes || h.C < 0 || h.C > MaxAttributes || h.Toughness > VeryHardToKill {
		p.add("hero %s: F%d R%d C%d out of range", h.ID, h.F, h.R, h.C)
	}
	if h.Might < 0 || h.Might > MaxMight {
		p.add("hero %s: Might %d must be 0..%d", h.ID, h.Might, MaxMight)
	}
	if h.Policy >= numPolicies {
		p.add("hero %s: Might policy %d is unknown", h.ID, h.Policy)
	}
	if g := e.hero(h.BodyguardOf); h.BodyguardOf != "" && (g < 0 || g == i || e.Heroes[g].Formation != h.Formation) {
		p.add("hero %s: a bodyguard of %q, who is not another hero of his formation", h.ID, h.BodyguardOf)
	}
	first := 0
	for _, a := range h.Actions {
		if a.declaredIn(0) {
			first++
		}
	}
	if first > h.Might {
		p.add("hero %s declares %d actions in the first turn with Might %d; each costs 1 Might (seed 001)", h.ID, first, h.Might)
	}
	e.checkActions(p, h, moved)
}

// checkActions adds to p the problems of hero h's actions: each known,
// declared in the turns there are, of each kind at most once a turn, a
// duel on an enemy hero, a Heroic Combat with the formations fighting,
// and no Heroic Charge in a turn his formation made a Heroic Move.
func (e *Engagement) checkActions(p *problems, h *Hero, moved [2]uint16) {
	var seen [numKinds]uint16 // the turns each kind is declared in
	all := uint16(1)<<e.turns() - 1
	for _, a := range h.Actions {
		if a.Kind >= numKinds {
			p.add("hero %s: action %d is unknown", h.ID, a.Kind)
			continue
		}
		turns := e.turnsOf(a)
		if turns&^all != 0 {
			p.add("hero %s: a %s declared after the last turn, %d", h.ID, a.Kind, e.turns())
		}
		if seen[a.Kind]&turns != 0 {
			p.add("hero %s declares %s twice in a turn; a hero makes at most one action of each kind a turn (seed 001)", h.ID, a.Kind)
		}
		seen[a.Kind] |= turns
		switch a.Kind {
		case HeroicDuel, EpicDuel:
			if a.Target < 0 || a.Target >= len(e.Heroes) || e.Heroes[a.Target].Formation != 1-h.Formation {
				p.add("hero %s: a %s needs an enemy hero as its target", h.ID, a.Kind)
			}
		case HeroicCombat:
			if e.DuelsOnly {
				p.add("hero %s: a heroic_combat needs the formations to fight", h.ID)
			}
			if a.SecondCharge > DeclineIfDuel {
				p.add("hero %s: second charge %d is unknown", h.ID, a.SecondCharge)
			}
		case HeroicCharge:
			if moved[h.Formation]&e.turnsOf(a) != 0 {
				p.add("hero %s: formation %s made a heroic_move and may not charge this turn (seed 001)", h.ID, e.Formations[h.Formation].ID)
			}
		}
	}
}
