package conquestref

import (
	"fmt"

	conq "github.com/wargamesim/sim/game/conquest"
	"github.com/wargamesim/sim/game/conquest/scenario"
)

// dieTest is one roll-under test (RULES.md §7.2 [V]): a die passes on a
// result equal to or under the target; "a result of '6' is always a
// failure, and a result of '1' is always a success". A target of 0 or less
// passes nothing under zero_characteristic: fails (the preset value of both
// editions, the only one the reference takes).
func (d dice) test(target int) bool {
	if target <= 0 {
		return false // the test is not rolled: no die can pass
	}
	r := d.d6()
	switch r {
	case 6:
		return false
	case 1:
		return true
	}
	return r <= target
}

// roll is test, and also says whether the die that passed rolled a
// natural 1 (no die is rolled at a target of 0 or less).
func (d dice) roll(target int) (pass, one bool) {
	if target <= 0 {
		return false, false
	}
	r := d.d6()
	return r == 1 || r != 6 && r <= target, r == 1
}

// regiment is one regiment as the reference reads it from the scenario
// file, with the characteristics it fights with.
type regiment struct {
	id         string
	kind       string // infantry, cavalry, brute, monster
	class      string // light, medium, heavy
	p          scenario.Profile
	rules      scenario.Rules
	stands     int // starting stands: healing never passes them
	perStand   int // models on a full stand
	frontage   int
	engaged    int
	start      scenario.Start
	rearLocked bool // rear in contact or no room: step 4 cannot place a stand
	heals      []scenario.Heal
	char       *scenario.Character
	contact    bool // the fight has a Clash, a Charge or a Duel: the regiments are in contact
	flanked    bool // in contact, an enemy targets it in its flank or rear
	fearful    bool // an enemy in contact is Fearsome, and it is not Fearless: its Rally needs a Resolve roll
}

// newRegiment reads r as docs/conquest.md's format defines it: frontage by
// default up to 3 stands, engaged by default the frontage.
func newRegiment(r scenario.Regiment) (*regiment, error) {
	if r.From != "" {
		return nil, fmt.Errorf("conquest reference: regiment %s: library regiments (from:) are not read", r.ID)
	}
	g := &regiment{id: r.ID, kind: r.Type, class: r.Class, p: r.Profile, rules: r.Rules,
		stands: r.Stands, perStand: max(r.Models, 1), frontage: r.Frontage, start: r.Start,
		rearLocked: r.RearInContact || r.NoRoom, heals: r.Healing, char: r.Character}
	if g.frontage == 0 {
		g.frontage = min(r.Stands, 3)
	}
	g.engaged = g.frontage
	if r.Engaged != nil {
		g.engaged = *r.Engaged
	}
	if err := g.supported(); err != nil {
		return nil, err
	}
	return g, nil
}

// supported refuses the special rules the reference does not implement:
// those no built-in scenario uses.
func (g *regiment) supported() error {
	check := func(who string, r scenario.Rules) error {
		x := r
		// The rules implemented: Barrage, Armour Piercing, Cleave, Brutal
		// Impact, Support, Shield, Oblivious; Fearsome and Fearless as far
		// as a Rally goes (Terrifying is not implemented); Counter-Attack,
		// Lethal Demise and Aura of Death on a regiment (a Character's are
		// refused); Resist Decay, which does nothing where no one has
		// Decay (refused).
		x.Barrage, x.ArmourPiercing, x.Cleave, x.BrutalImpact, x.Support, x.Shield, x.Oblivious = 0, 0, 0, 0, 0, false, false
		x.Fearsome, x.Fearless, x.ResistDecay = false, false, 0
		if who == g.id {
			x.CounterAttack, x.LethalDemise, x.AuraOfDeath = false, false, 0
		}
		if x != (scenario.Rules{}) {
			return fmt.Errorf("conquest reference: %s: special rules %+v are not implemented", who, x)
		}
		return nil
	}
	if err := check(g.id, g.rules); err != nil {
		return err
	}
	if g.char != nil {
		if err := check(g.id+"'s character", g.char.Rules); err != nil {
			return err
		}
	}
	for _, h := range g.heals {
		if h.Kind != "regeneration" && h.Kind != "heal" {
			return fmt.Errorf("conquest reference: %s: heal kind %q", g.id, h.Kind)
		}
	}
	return nil
}

// force is a regiment's state during a trial (RULES.md §7.6): its models,
// on stands of perStand models with at most one incomplete stand (the
// rear one: casualties come from the incomplete stand first, then from a
// new stand of the rear rank), the Wounded markers beside it, its
// Character's markers and its Broken state.
type force struct {
	g          *regiment
	models     int
	marks      int
	charMarks  int
	broken     bool
	brokeAt    int // stands when it broke
	turnStands int // stands at the start of the turn (Broken)
	gone       bool
	shattered  bool
	brokeEver  bool
	charSlain  bool // its Character lost his last Wound (character_wounds last, or a Duel)
	rallied    bool // a Rally ended its Broken state
	foregoing  bool // its Character foregoes his actions this activation (Draw Event Rally)

	// tallies over the trial
	casualties, wounds, failures int
	charWounds, charHealed       int
}

func (g *regiment) fresh() force {
	f := force{g: g}
	f.models = (g.stands-g.start.StandsLost)*g.perStand - g.start.ModelsLost
	f.marks = g.start.Wounded
	f.charMarks = g.start.CharacterWounded
	f.turnStands = f.counted()
	return f
}

// charAlive reports whether it has a Character who has not been slain.
func (f *force) charAlive() bool { return f.g.char != nil && !f.charSlain }

// charActs reports whether its Character strikes, shoots and casts now:
// alive, and not foregoing his actions for a Draw Event Rally.
func (f *force) charActs() bool { return f.charAlive() && !f.foregoing }

// regimentWounds counts the wounds it has suffered, its Character's own
// left out.
func (f *force) regimentWounds() int { return f.wounds - f.charWounds }

// stands counts the stands on the table, the incomplete one included.
func (f *force) stands() int { return (f.models + f.g.perStand - 1) / f.g.perStand }

// alone reports whether only its Character is left (character_wounds
// last): no model of the regiment, and he still has a Wound.
func (f *force) alone() bool {
	return f.models == 0 && f.g.char != nil && f.charMarks < f.g.char.Profile.W
}

// charImpacts reports whether its Character makes Impact attacks: in a
// regiment that is not infantry, his class (his own, else the regiment's)
// not light.
func (f *force) charImpacts() bool {
	c := f.g.char
	if c == nil || f.g.kind == "infantry" || f.models == 0 && !f.alone() {
		return false
	}
	class := c.Class
	if class == "" {
		class = f.g.class
	}
	return class != "light"
}

// counted is the stands Broken and Shattered count: the regiment's, or its
// Character's alone when he is all that is left.
func (f *force) counted() int {
	if f.alone() {
		return 1
	}
	return f.stands()
}

// resolve is the Resolve the regiment tests Morale on (RULES.md §7.7): the
// highest in it, its Character's included (unless he was slain), plus +1 for 4 to 6 stands, +2
// for 7 to 9, +3 for 10 or more, counted at the test; a Broken regiment
// has no size bonus (1.5) or tests on its lowest Resolve (2.x).
func (f *force) resolve(rs *conq.Ruleset) int {
	hi, lo := f.g.p.R, f.g.p.R
	if f.charAlive() {
		hi, lo = max(hi, f.g.char.Profile.R), min(lo, f.g.char.Profile.R)
	}
	if f.broken {
		if rs.BrokenResolve == conq.BrokenLowest {
			return lo
		}
		return hi
	}
	s := f.counted()
	switch {
	case s >= 10:
		hi += 3
	case s >= 7:
		hi += 2
	case s >= 4:
		hi++
	}
	return hi
}

// wound applies one wound (RULES.md §7.6): wounds pile on one model, which
// is removed when they reach its Wounds; the rest stay as Wounded markers.
// With the regiment's models gone, under character_wounds last the wound
// is its Character's, who is removed at his last Wound; else the Character
// went with the last stand, and a wound beyond the last is lost. It
// reports whether the regiment had it.
func (f *force) wound(rs *conq.Ruleset) bool {
	if f.gone {
		return false
	}
	if f.models == 0 { // alone
		f.wounds++
		f.charWounds++
		f.charMarks++
		if f.charMarks >= f.g.char.Profile.W {
			f.casualties++
			f.charSlain, f.gone = true, true
		}
		return true
	}
	f.wounds++
	f.marks++
	if f.marks >= f.g.p.W {
		f.marks = 0
		f.models--
		f.casualties++
		if f.models == 0 && !(rs.CharacterWounds == conq.CharLast && f.alone()) {
			f.gone = true // its Character goes with its last stand
		}
	}
	return true
}

// lose applies one wound, then Broken at once, at the stand that breaks
// the regiment, and Shattered too under shattered_checked: each_stand (a
// wound after it is lost). A regiment Rallied this turn that has still
// lost half the stands it started the turn with is Broken again as the
// wound comes, before the stand it may remove (README.md, Read so).
func (f *force) lose(rs *conq.Ruleset) {
	f.checkBroken()
	f.wound(rs)
	f.checkBroken()
	if rs.ShatteredChecked == conq.ShatterEachStand {
		f.checkShattered()
	}
}

// checkBroken applies Broken (RULES.md §7.7 [V]): a regiment that has lost
// half or more of the stands it started the turn with "becomes Broken
// immediately". It stays Broken until it Rallies (rally). One that loses
// its last stand has lost them all: it is Broken as it is destroyed, a
// regiment of one stand too (README.md, Read so).
func (f *force) checkBroken() {
	s := f.counted()
	if !f.broken && 2*(f.turnStands-s) >= f.turnStands {
		f.broken, f.brokeEver, f.brokeAt = true, true, s
	}
}

// checkShattered applies Shattered (RULES.md §7.7 [V]): a Broken regiment
// that loses half or more of its remaining stands, counted from the moment
// it broke, is destroyed; the stands still standing are removed.
func (f *force) checkShattered() {
	if f.gone || !f.broken {
		return
	}
	if s := f.counted(); f.brokeAt > s && 2*(f.brokeAt-s) >= f.brokeAt {
		f.shattered, f.gone = true, true
		f.models = 0
	}
}
