package warhammer

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/wargamesim/sim/engine"
)

// Facing is the face of a unit that an enemy touches: where a charger
// struck the unit it charged.
type Facing uint8

const (
	Front Facing = iota
	Flank
	Rear
)

// Combat is a close combat, from the charge to the break: of two units,
// written as Sides with the circumstances of the charge, or as Units with
// their armies and contacts (engaged.go). NewFight fills each form from
// the other (normalised); it takes two units, one an army.
type Combat struct {
	Sides      [2]Fighter
	Charger    int    // index of the unit that charged this turn, or -1
	Facing     Facing // where the charger struck the other unit
	HighGround int    // index of the army on higher ground, or -1; in a fight of two units, army i is unit i
	MaxRounds  int    // rounds fought at most; 1 or more
	// ChargeDistance is the whole inches the charger moved (0 to 30): under
	// charge_initiative its Initiative in the first round is that much
	// higher, up to +3 from the front and +4 from a flank or the rear, and
	// at most 10 (RULES.md §4).
	ChargeDistance int
	// Reaction, Shoot and ShootRange are the charged unit's answer to the
	// charge, in the two-unit form (Engaged.Reaction).
	Reaction   Reaction
	Shoot      Attack
	ShootRange int

	// Units, when not empty, are the fight's units, each with its army and
	// the enemies it touches; Sides, Charger, Facing and ChargeDistance
	// are then filled from them. Armies name the two armies.
	Units  []Engaged
	Armies [2]Army
}

// Fight resolves a [Combat] round after round until one side breaks,
// is destroyed, or MaxRounds have been fought (RULES.md §2.1, §3). It is an
// [engine.Model].
//
// The engine reads a fight by unit: sides, a trial's states and the
// metrics and events of f.out are by unit, each unit of its army. In a
// fight of two units, unit i is army i.
type Fight struct {
	rs     *Ruleset
	cc     Combat  // normalised: both forms filled
	sides  []*side // by unit
	perDie bool
	// tabs are the fight's round tables, built once (shared by copies);
	// noTables says this copy never uses them.
	tabs     *tableCache
	noTables bool
	// plain says neither unit has a character or champion: the round's
	// strikes take the short way (fightTrial.plainStep). characters says
	// a unit has a character or champion (a member beside its rank and
	// file).
	plain, characters bool
	// several says the fight has more than two units (issue 30): its
	// armies' combat results, break tests and pursuits are worked out
	// unit by unit (armies.go, pursuit.go).
	several bool
	// stride is the room a strike takes in a trial's pending wounds: 2
	// (at a unit and at a character), or a unit's most contacts.
	stride int
	// armies are each army's units, in unit order.
	armies [2][]int

	// orders[r][first+1] are the strikes of a round (r 1 for the first,
	// 0 for later ones) when the army first strikes first among equal keys
	// of both armies (-1: at once); ties[r] says whether there are such.
	orders [2][3][]strike
	steps  [2][3][][2]int // each step's strikes in orders: [from, to)
	ties   [2]bool

	// Fear on the charge (fear_on_charge, charge.go): the unit that tests
	// to charge a Fear-causer and the unit that tests when charged by one
	// (-1: none); the index of the charger's charge_made event (-1: none),
	// and the fight that follows a failed test to charge: no charger.
	chargeTest, chargedTest int
	chargeEvent             int
	noCharge                *Fight
	// chargeFears and chargedFears are a fight of several units' Fear
	// tests of the charge (severalFears): the chargers that test to
	// charge, with their charge_made events, and the units that test when
	// charged.
	chargeFears, chargedFears []int
	chargeFearEvents          []int
	// reacts are the charged units that stand and shoot or flee, in unit
	// order (reaction.go).
	reacts []reactor

	// turn is the army whose turn it is in the first round: the
	// charger's, else the first (challenge).
	turn int

	metrics []engine.Metric
	events  []string
	out     outputs // where each unit's, army's and the fight's own go
}

// side is what a unit brings to every trial, worked out once.
type side struct {
	army int // its army: 0 or 1
	// members are the unit's rank and file (0, Models less its champion)
	// and its characters (1+k for Characters[k]), each as a unit.
	members  []member
	champion int  // the member that is the champion; 0 if none
	bsbChar  bool // one of its characters carries the battle standard
	// foldChampion says the champion's blows are made with the rank and
	// file's, as theirs: he strikes as they do but for his Attacks, and no
	// challenge can take him away (Fight.foldsChampion).
	foldChampion bool
	champA       [3]int // the champion's attacks a round, by groupKind, when folded
	charging     bool   // it charged this turn (round 1)
	// contacts are the enemy units it touches, as Engaged.Contacts lists
	// them: one in a fight of two. enemy is the first one's unit, the
	// enemy in a fight of two.
	contacts []contact
	enemy    int
	// targets are the enemy members its blows may go to, contact by
	// contact, each enemy's rank and file first: group.v is indexed by
	// them (in a fight of two, the enemy's members, in member order).
	targets []slot
	// at is the face of the first enemy it touches, and flanked says an
	// enemy touches its flank or rear: in a fight of two, only a charger
	// does. flankers are those enemies.
	at       Facing
	flanked  bool
	flankers []int
	groups   []group
	impact   []*variant // impact hits on the charge, at each contact's enemy; nil: none
	stomp    *variant   // Stomp, after all other blows
	// stomps are a fight of several units' Stomps, at each contact's
	// enemy (nil: that enemy is not stomped); stomp is unused there.
	stomps []*variant
}

// contact is a unit's base contact with an enemy unit, as the engine
// reads it (Contact).
type contact struct {
	enemy  int    // the enemy's unit
	at     Facing // the face of the enemy it touches
	models int    // its models in base contact with the enemy
	// front says the enemy touches this unit's front, not its flank or
	// rear: its supporting ranks and front-rank characters fight that way.
	front bool
	// target is the index in side.targets of the enemy's rank and file.
	target int
}

// slot is a member of a unit: a target of blows.
type slot struct{ unit, member int }

// member is the rank and file of a unit or one of its characters.
type member struct {
	f        Fighter    // as a unit: a character is a unit of one model
	char     *Character // nil for the rank and file
	us       int        // Unit Strength per model
	regen    bool
	regenBin *engine.Binomial
	strikeAt int // the enemy member its models in contact strike (0: the rank and file)
	// strikeAts are strikeAt at each contact's enemy (a fight of several
	// units): its character the member's strike_at names, or 0.
	strikeAts []int
}

// groupKind is who makes a group of attacks.
type groupKind uint8

const (
	riders groupKind = iota // the member's models (the riders, for cavalry)
	mounts
	supporters // the rank(s) behind, one attack a model (8th; spears)
)

// group is a group of identical attacks of one member of a unit.
type group struct {
	kind     groupKind
	member   int // the unit's member that makes them
	ws, i    int
	perModel int // attacks a fighting model makes
	asf, asl bool
	rules    AttackRules
	ap       [2]int // the weapon's Armour Piercing in later rounds and the first (Weapon.AP)
	bane     [2]int // the weapon's Armour Bane, the same way (Weapon.ArmourBane)
	// twin is, for supporting ranks, the unit's group of the rank and
	// file's own attacks: the same blows (profile, weapon, rules), so that
	// where they strike at once the simulation rolls them together
	// (plainStep); -1 for other groups, and for blows with Killing Blow,
	// whose wounds are marked group by group, ordinary wounds and Killing
	// Blows in the ruleset's order, so that two groups marked as one
	// would go otherwise.
	twin int
	// v[target][round1][feared][foeFeared][regenTarget] are the stages
	// against the enemy's member target: in the first round or later, with
	// the attackers' WS down to 1 by Fear or not, the enemy's WS down to 1
	// or not ("all models in the unit have their Weapon Skill reduced to
	// 1", 8th), and against an enemy whose Regeneration save is available
	// or not.
	v [][2][2][2][2]variant
	// sixes[target][foeFeared][regenTarget] are the first round's stages
	// of a unit that failed its Fear test when charged and hits only on 6s
	// (fear_on_charge); built only for that unit.
	sixes [][2][2]variant
}

// variant is one way a group's attacks can go.
type variant struct {
	st    stages
	flow  *engine.Flow
	rules AttackRules
	// term is the chance that an attack ends unsaved, an unsaved Killing
	// Blow, saved by Regeneration, or otherwise, for the exact solver.
	term [4]float64
}

// NewFight builds the model of cc under rs: a fight of two units, one an
// army, or of two armies of several units (checkSeveral).
func NewFight(rs *Ruleset, cc Combat) (*Fight, error) {
	cc = cc.normalised()
	if len(cc.Units) > 2 && len(cc.Units) <= MaxUnits {
		if err := errors.Join(cc.checkSeveral(rs), cc.checkReactions(rs)); err != nil {
			return nil, err
		}
		return buildFight(rs, cc), nil
	}
	if len(cc.Units) != 2 {
		return nil, cc.checkUnits()
	}
	errs := []error{cc.checkUnits(), cc.checkReactions(rs)}
	for i := range cc.Units {
		errs = append(errs, cc.Units[i].check())
	}
	if cc.Charger < -1 || cc.Charger > 1 || cc.HighGround < -1 || cc.HighGround > 1 {
		errs = append(errs, fmt.Errorf("charger %d or high ground %d is not -1, 0 or 1", cc.Charger, cc.HighGround))
	}
	if cc.MaxRounds < 1 || cc.MaxRounds > 1000 {
		errs = append(errs, fmt.Errorf("max rounds %d is outside 1..1000", cc.MaxRounds))
	}
	if cc.ChargeDistance < 0 || cc.ChargeDistance > 30 {
		errs = append(errs, fmt.Errorf("charge distance %d is outside 0..30", cc.ChargeDistance))
	}
	if cc.Units[0].ID == cc.Units[1].ID {
		errs = append(errs, fmt.Errorf("both sides are %q", cc.Units[0].ID))
	}
	for i := range cc.Units {
		errs = append(errs, cc.Units[i].checkCharacters(&cc.Units[1-i].Fighter))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return buildFight(rs, cc), nil
}

// pairTwins sets, for each strike of a step that rolls with another of the
// same step (supporting ranks with their rank and file, group.twin), the
// other's index in the step; -1 for the rest.
func (f *Fight) pairTwins(step []strike) {
	for j := range step {
		step[j].twin = -1
		tw := f.sides[step[j].side].groups[step[j].group].twin
		for k := range step {
			if tw >= 0 && step[k].side == step[j].side && step[k].group == tw {
				step[j].twin = k
			}
		}
	}
}

// buildFight builds the model of a valid cc under rs.
func buildFight(rs *Ruleset, cc Combat) *Fight {
	f := &Fight{rs: rs, cc: cc, chargeEvent: -1, tabs: &tableCache{}, sides: make([]*side, len(cc.Units)),
		several: len(cc.Units) > 2, stride: 2}
	for i := range cc.Units {
		f.stride = max(f.stride, len(cc.Units[i].Contacts))
		f.armies[cc.Units[i].Army] = append(f.armies[cc.Units[i].Army], i)
	}
	f.chargeTest, f.chargedTest = fearOnCharge(rs, &cc)
	if f.several {
		f.chargeTest, f.chargedTest = -1, -1
		f.chargedFears = chargedFearsOf(rs, &cc)
	}
	for i := range f.sides {
		f.sides[i] = f.newSide(i)
		if f.sides[i].charging {
			f.turn = f.sides[i].army
		}
	}
	if f.chargeTest >= 0 && !f.testsToCharge(f.chargeTest) {
		f.chargeTest = -1 // a Fear-causer of no higher Unit Strength (fear_to_charge)
	}
	for c := range f.sides {
		if f.several && f.testsToCharge(c) {
			f.chargeFears = append(f.chargeFears, c)
		}
	}
	for r1 := range 2 {
		for first := -1; first <= 1; first++ {
			order, tie := f.strikeOrder(roundOf(r1 == 1), first)
			f.orders[r1][first+1], f.ties[r1] = order, tie
			for k := 0; k < len(order); {
				j := k
				for j < len(order) && order[j].step == order[k].step {
					j++
				}
				f.steps[r1][first+1] = append(f.steps[r1][first+1], [2]int{k, j})
				f.pairTwins(order[k:j])
				k = j
			}
		}
	}
	f.outcomes()
	if len(f.chargeFears) > 0 {
		f.noCharge = buildFight(rs, noChargeOf(cc).normalised())
		f.noCharge.metrics, f.noCharge.events, f.noCharge.out = f.metrics, f.events, f.out
	}
	if f.chargeTest >= 0 {
		// A failed test: no charge, so the fight starts with no charger,
		// front to front; it records what f records.
		none := cc
		none.Charger, none.Facing, none.Units = -1, Front, nil
		f.noCharge = buildFight(rs, none.normalised())
		f.noCharge.metrics, f.noCharge.events, f.noCharge.out = f.metrics, f.events, f.out
	}
	f.plain = true
	for i, sd := range f.sides {
		me := f.unit(i)
		f.plain = f.plain && me.StrikeAt == "" && len(me.Characters) == sd.champion && (sd.champion == 0 || sd.foldChampion)
		f.characters = f.characters || len(sd.members) > 1
	}
	return f
}

// anyOf reports whether set holds a unit of army a.
func (f *Fight) anyOf(a int, set *[MaxUnits]bool) bool {
	for _, u := range f.armies[a] {
		if set[u] {
			return true
		}
	}
	return false
}

// unit is the fight's unit i.
func (f *Fight) unit(i int) *Engaged { return &f.cc.Units[i] }

// PerDie returns a copy of f that rolls every die: the test oracle, and the
// path that replays scripted dice.
func (f *Fight) PerDie() *Fight {
	g := *f
	g.perDie = true
	if g.noCharge != nil {
		g.noCharge = g.noCharge.PerDie()
	}
	return &g
}

func (f *Fight) newSide(i int) *side {
	me := f.unit(i)
	s := &side{army: me.Army, charging: me.Charged, at: f.face(me.Contacts[0].Enemy, me.Contacts[0].At),
		flanked: f.cc.flanked(i) && f.face(i, Flank) != Front, enemy: me.Contacts[0].Enemy}
	for e := range f.cc.Units {
		if at, ok := f.cc.touches(e, i); ok && f.face(i, at) != Front {
			s.flankers = append(s.flankers, e)
		}
	}
	for _, c := range me.Contacts {
		at, _ := f.cc.touches(c.Enemy, i)
		s.contacts = append(s.contacts, contact{enemy: c.Enemy, at: f.face(c.Enemy, c.At), models: c.Models, front: f.face(i, at) == Front, target: len(s.targets)})
		for m := range len(f.unit(c.Enemy).Characters) + 1 {
			s.targets = append(s.targets, slot{c.Enemy, m})
		}
	}
	foe := f.unit(s.enemy)
	fold := f.foldsChampion(i)
	for m := range len(me.Characters) + 1 {
		mf := f.memberFighter(i, m)
		mb := member{f: mf, us: mf.unitStrength(f.rs), regen: mf.Defence.Regeneration < NoSave}
		strikeAt := me.StrikeAt
		if m > 0 {
			mb.char = &me.Characters[m-1]
			strikeAt = mb.char.StrikeAt
			if mb.char.Champion {
				s.champion = m
			}
			s.bsbChar = s.bsbChar || mb.char.BattleStandard
		}
		mb.strikeAt = foe.character(strikeAt) + 1
		for _, c := range s.contacts {
			mb.strikeAts = append(mb.strikeAts, f.unit(c.enemy).character(strikeAt)+1)
		}
		if mb.regen && f.rs.Regeneration == RegenEndOfPhase {
			mb.regenBin = engine.NewBinomial(float64(7-int(mf.Defence.Regeneration))/6, max(1, mf.Models*mf.Profile.W))
		}
		s.members = append(s.members, mb)
		if m > 0 && mb.char.Champion && fold {
			s.foldChampion = true
			s.champA[riders] = mb.f.Profile.A + mb.f.Weapon.Attacks(mb.f.mounted())
			if mb.f.Mount != nil {
				s.champA[mounts] = mb.f.Mount.A
			}
			continue
		}
		f.addGroups(s, i, m)
	}

	foeRF := f.memberFighter(s.enemy, 0)
	tg := foeRF.target()
	if me.ImpactHits.Max() > 0 && (me.ImpactHits.Die != 0 || me.ImpactHits.N > 0) {
		a := Attack{Phase: CloseCombat, Count: me.Frontage * me.ImpactHits.Max(), S: me.Profile.S, AutoHit: true, Round: 1}
		for _, c := range s.contacts {
			foeRF := f.memberFighter(c.enemy, 0)
			s.impact = append(s.impact, f.variant(a, foeRF.target(), me.Frontage*me.ImpactHits.Max()))
		}
	}
	if !f.several {
		s.stomp = f.stomp(i, foe, tg)
		return s
	}
	for _, c := range s.contacts {
		// Stomp per contact (8th): the monstrous models touching each
		// enemy stomp it, if it is of a type that is stomped.
		foeRF := f.memberFighter(c.enemy, 0)
		s.stomps = append(s.stomps, f.stomp(i, f.unit(c.enemy), foeRF.target()))
	}
	return s
}

// stomp is unit i's Stomp at foe, whose rank and file are target (8th,
// RULES.md §2.9.9): one automatic hit a monstrous model in contact, after
// every other blow, at infantry, war beasts and swarms; nil for none.
func (f *Fight) stomp(i int, foe *Engaged, target Target) *variant {
	me := f.unit(i)
	rf := f.memberFighter(i, 0)
	if !f.rs.Stomp || !rf.monstrous() || !(foe.Type == Infantry || foe.Type == WarBeast || foe.Type == Swarm) {
		return nil
	}
	str := me.Profile.S
	if me.Mount != nil {
		str = me.Mount.S // a rider and mount stomp with the mount's Strength (RULES.md §2.9.9)
	}
	a := Attack{Phase: CloseCombat, Count: me.Frontage, S: str, AutoHit: true, Round: 2}
	return f.variant(a, target, me.Frontage)
}

// foldsChampion reports whether unit i's champion's blows can be made as
// the rank and file's: he differs from them only in his Attacks (his WS,
// S, I, weapon, mount and attack rules are theirs) and no challenge can
// be fought. Then one group rolls them all, as fast as a unit with no
// champion; his wounds, his place in the front rank and his fall are his
// own all the same.
func (f *Fight) foldsChampion(i int) bool {
	me := f.unit(i)
	k := slices.IndexFunc(me.Characters, func(c Character) bool { return c.Champion })
	if k < 0 || f.challenges() {
		return false
	}
	return sameBlows(&me.Characters[k], &me.Fighter)
}

// sameBlows reports whether character c strikes as the rank and file of
// me do but for his Attacks: WS, S, I, weapon, mount and attack rules
// theirs, at no model of his own choosing.
func sameBlows(c *Character, me *Fighter) bool {
	p, q := c.Profile, me.Profile
	sameMount := c.Mount == nil && me.Mount == nil || c.Mount != nil && me.Mount != nil && reflect.DeepEqual(*c.Mount, *me.Mount)
	return p.WS == q.WS && p.S == q.S && p.I == q.I && c.Weapon == me.Weapon && c.StrengthBonus == me.StrengthBonus &&
		c.AlwaysStrikesFirst == me.AlwaysStrikesFirst && c.AlwaysStrikesLast == me.AlwaysStrikesLast &&
		c.Mounted == me.mounted() && c.StrikeAt == "" && sameMount && reflect.DeepEqual(c.Rules, me.Rules)
}

// memberFighter is member m of unit i as a unit: the rank and file (0)
// or a character as a unit of one model.
func (f *Fight) memberFighter(i, m int) Fighter {
	me := &f.unit(i).Fighter
	if m == 0 {
		rf := *me
		rf.Models = me.rankAndFile()
		rf.Characters = nil
		return rf
	}
	return me.Characters[m-1].fighter(me)
}

// addGroups adds the attack groups of member m of unit i to s: its models
// (riders), their mounts, and for the rank and file the supporting ranks.
func (f *Fight) addGroups(s *side, i, m int) {
	mf := &s.members[m].f
	mounted := mf.mounted()
	maxAttacks := func(per int) int { return mf.Frontage*per + 1 }
	strength := func(round1 bool) int {
		return mf.Profile.S + mf.StrengthBonus + mf.Weapon.Strength(f.rs, roundOf(round1), s.charging, mounted)
	}

	// Supporting attacks: one a model of the rank behind (monstrous: up to
	// 3), in 8th edition and for spears on foot (RULES.md §2.2).
	supports := m == 0 && (f.rs.SupportingAttacks || mf.Weapon == Spear && !mounted || f.pressOfBattle(mf))
	per := 1
	if mf.monstrous() {
		per = min(mf.Profile.A, 3)
	}
	supMax := 3 * mf.Frontage * per
	twins := supports && !mf.Rules.KillingBlow && !mf.Rules.HeroicKillingBlow

	ap := [2]int{mf.Weapon.AP(f.rs, 2, s.charging, mounted), mf.Weapon.AP(f.rs, 1, s.charging, mounted)}
	bane := [2]int{mf.Weapon.ArmourBane(f.rs, 2, s.charging, mounted), mf.Weapon.ArmourBane(f.rs, 1, s.charging, mounted)}
	rider := group{kind: riders, member: m, ws: mf.Profile.WS, i: mf.Profile.I, rules: mf.Rules, ap: ap, bane: bane,
		perModel: mf.Profile.A + mf.Weapon.Attacks(mounted),
		asf:      mf.AlwaysStrikesFirst,
		asl:      mf.AlwaysStrikesLast || mf.Weapon.strikesLast(), twin: -1}
	riderMax := maxAttacks(rider.perModel)
	if twins {
		riderMax += supMax // the supporting ranks' blows are rolled with them
	}
	f.fill(s, &rider, i, riderMax, strength)
	riderAt := len(s.groups)
	s.groups = append(s.groups, rider)

	if mt := mf.Mount; mt != nil {
		// The unit's Always Strikes First and Last are its mounts' too; a
		// great weapon's Always Strikes Last is the riders' alone.
		mount := group{kind: mounts, member: m, ws: mt.WS, i: mt.I, perModel: mt.A, rules: mt.Rules,
			asf: mf.AlwaysStrikesFirst, asl: mf.AlwaysStrikesLast, twin: -1}
		f.fill(s, &mount, i, maxAttacks(mt.A), func(bool) int { return mt.S })
		s.groups = append(s.groups, mount)
	}

	if supports {
		sup := group{kind: supporters, ws: mf.Profile.WS, i: mf.Profile.I, perModel: per, rules: mf.Rules, ap: ap, bane: bane,
			asf: rider.asf, asl: rider.asl, twin: -1}
		if twins {
			sup.twin = riderAt
		}
		f.fill(s, &sup, i, supMax, strength)
		s.groups = append(s.groups, sup)
	}
}

// pressOfBattle reports whether f's second rank fights under
// press_of_battle: infantry, not monstrous (The Old World's regular and
// heavy infantry).
func (f *Fight) pressOfBattle(mf *Fighter) bool {
	return f.rs.PressOfBattle && mf.Type == Infantry
}

func roundOf(round1 bool) int {
	if round1 {
		return 1
	}
	return 2
}

// fill works out every variant of g, the attacks of unit i (whose side s
// is), against each of its targets, whose Strength in the first round or
// later is strength(round1).
func (f *Fight) fill(s *side, g *group, i, maxN int, strength func(round1 bool) int) {
	targets := len(s.targets)
	g.v = make([][2][2][2][2]variant, targets)
	for tgt := range targets {
		for r1 := range 2 {
			for feared := range 2 {
				for foeFeared := range 2 {
					for regen := range 2 {
						a, tg := f.blows(g, s.targets[tgt], maxN, strength(r1 == 1), r1 == 1, feared == 1, foeFeared == 1, regen == 1)
						g.v[tgt][r1][feared][foeFeared][regen] = *f.variant(a, tg, maxN)
					}
				}
			}
		}
	}
	if !f.testsWhenCharged(i) {
		return
	}
	g.sixes = make([][2][2]variant, targets)
	for tgt := range targets {
		for foeFeared := range 2 {
			for regen := range 2 {
				a, tg := f.blows(g, s.targets[tgt], maxN, strength(true), true, false, foeFeared == 1, regen == 1)
				g.sixes[tgt][foeFeared][regen] = *f.sixesVariant(a, tg, maxN)
			}
		}
	}
}

// blows is the attack and target of g at the enemy member at, at
// Strength s: in the first round or later, its WS down to 1 by a failed
// 8th Fear test or not, the enemy's too, and against the enemy's
// Regeneration save or not.
func (f *Fight) blows(g *group, at slot, maxN, s int, round1, feared, foeFeared, regen bool) (Attack, Target) {
	foe := f.memberFighter(at.unit, at.member)
	ws, mod := g.ws, 0
	if feared {
		if f.rs.Fear == FearMinusOneToHit {
			mod = -1 // failed Fear test (The Old World)
		} else {
			ws = 1 // failed Fear test (8th)
		}
	}
	a := Attack{Phase: CloseCombat, Count: maxN, Skill: ws, ToHitMod: mod, S: s, AP: g.ap[b2i(round1)], Round: roundOf(round1), Rules: g.rules}
	a.Rules.ArmourBane += g.bane[b2i(round1)]
	if g.asf && !g.asl && f.rs.ASFRerolls && g.i >= foe.Profile.I && !foe.strikesFirst() {
		// Always Strikes First re-rolls misses against equal or lower
		// Initiative, unless Always Strikes Last cancels it or the enemy
		// has it too (RULES.md §2.3).
		a.Rules.RerollHits.Failed = true
	}
	tg := foe.target()
	if foeFeared && f.rs.Fear == FearWS1 {
		tg.WS = 1
	}
	if !regen {
		tg.Defence.Regeneration = NoSave // lost for the phase or the battle
	}
	return a, tg
}

func (f *Fight) variant(a Attack, tg Target, maxN int) *variant {
	a.Rules.Flaming = a.Rules.Flaming && f.rs.burns(tg.Defence)
	return f.variantOf(newStages(f.rs, a, tg), a.Rules, maxN)
}

// variantOf is the variant of up to maxN attacks through st, with rules.
func (f *Fight) variantOf(st stages, rules AttackRules, maxN int) *variant {
	full := st.flow(maxN)
	v := &variant{
		st:    st,
		flow:  full.Collapse(stAttack, []int{stUnsaved, stKBUnsaved, stRegenSaved}, stSaved, maxN),
		rules: rules,
	}
	v.term = endsOf(full)
	return v
}

// endsOf is the chance that an attack through the stages of full ends
// unsaved, an unsaved Killing Blow, saved by Regeneration, or otherwise.
func endsOf(full *engine.Flow) (term [4]float64) {
	for s, p := range full.Terminal(stAttack) {
		switch s {
		case stUnsaved:
			term[0] = p
		case stKBUnsaved:
			term[1] = p
		case stRegenSaved:
			term[2] = p
		default:
			term[3] += p // every other end, summed from its own terms
		}
	}
	return term
}

// NewTrialer implements [engine.Model]. The first call builds the fight's
// round tables where it is small enough (roundtable.go).
func (f *Fight) NewTrialer() engine.Trialer {
	t := f.newTrial()
	if !f.perDie && !f.noTables {
		f.tabs.once.Do(func() { f.tabs.tb = f.tables() })
		t.tab = f.tabs.tb
	}
	return t
}

// WithoutTables returns a copy of f that simulates every fight stage by
// stage, never from round tables: for tests of the stages themselves.
func (f *Fight) WithoutTables() *Fight {
	g := *f
	g.noTables = true
	return &g
}

// UsesTables reports whether f's trials draw whole rounds from tables.
func (f *Fight) UsesTables() bool {
	f.NewTrialer()
	return !f.perDie && !f.noTables && f.tabs.tb != nil
}

// newTrial is a trialer of f that simulates stage by stage.
func (f *Fight) newTrial() *fightTrial {
	t := &fightTrial{base: f, f: f, counts: make([]int, numStates), st: make([][]fighterState, len(f.sides)), duelU: [2]int{0, 1}}
	strikes := 0
	for i, sd := range f.sides {
		t.st[i] = make([]fighterState, len(sd.members))
		strikes += len(sd.groups)
	}
	t.pending = make([]pending, f.stride*strikes)
	t.aims = make([][2]aim, strikes)
	t.plainN = make([]int, f.stride*strikes)
	if f.several {
		t.saims = make([]aim, 2*f.stride*strikes)
		t.spend = make([]pending, 2*f.stride*strikes)
	}
	return t
}
