package warhammerref

import (
	"errors"
	"fmt"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/game/warhammer"
)

// A close combat of several units (issue 30), written from docs/rules.md,
// "Combats of several units", its "Proposed options" and their meanings,
// for the 6th and 7th editions, without characters or charge reactions.
// The two-unit reference (fight.go) is left as it is; a fight of two units
// may be run through this path too (newMelee), which cross-checks both.
//
// 6th.whfb.app close-combat/fight-combats: units that are "interconnected"
// form one combat, and "all the combat results for such a combat are
// worked out at the same time"; unless stated otherwise the one-unit
// rules apply (docs/rules.md, "One combat, several units").

// melee is a combat of several units, as the engine described it
// (Combat.Units), with every contact known both ways.
type melee struct {
	rs    *warhammer.Ruleset
	cc    warhammer.Combat
	units []*warhammer.Fighter
	army  []int
	ids   [2]string // the armies' IDs
	links links
	out   meleeOutputs
	// reacts are the charged units that stand and shoot or flee
	// (melee_reactions.go).
	reacts []meleeReact
}

// meleeOutputs are the indices of the metrics and events: unit u's at the
// first index + u, army a's at the first + a (docs/plans/issue-30 §2.1,
// §4: rounds, casualties, wounds, combat_result, combat_result_difference;
// wins, draw, breaks, destroyed, caught, wins_on_result, then charge_made
// and panics where the rules give them).
type meleeOutputs struct {
	cas, wounds, cr, diff                 int
	hero                                  [warhammer.MaxUnits]int // unit i's character k's wounds at hero[i]+k (and its Overkill after all of them, with challenges)
	heroSlain                             [warhammer.MaxUnits]int // its slain event at heroSlain[i]+k
	chal                                  int                     // challenge.issued, then .accepted; -1: no challenge may be issued
	wins, draw, breaks, destroyed, caught int
	ahead                                 int
	fallsBack                             int                     // -1: break_test is not three_outcomes
	charge                                [warhammer.MaxUnits]int // -1: the unit takes no test to charge
	panics                                [warhammer.MaxUnits]int // -1: no Panic (friend_breaks_panic none, or no friend)
}

// supportedMelee refuses what the several-unit reference leaves out:
// some characters (supportedCharacters), and left_without_foes: join_remaining, whose lapping round
// docs/rules.md does not say how to place.
func supportedMelee(rs *warhammer.Ruleset, cc *warhammer.Combat) error {
	var errs []error
	if rs.LeftWithoutFoes != warhammer.LeaveCombat {
		errs = append(errs, errors.New("warhammerref: left_without_foes: join_remaining is not implemented by the reference"))
	}
	errs = append(errs, supportedCharacters(cc))
	if len(cc.Units) < 2 || len(cc.Units) > warhammer.MaxUnits {
		errs = append(errs, fmt.Errorf("warhammerref: %d units fight; want 2 to %d", len(cc.Units), warhammer.MaxUnits))
	}
	return errors.Join(errs...)
}

// newMelee builds the combat of cc.Units, and its metrics and events.
func newMelee(rs *warhammer.Ruleset, cc *warhammer.Combat) (*melee, []engine.Metric, []string, error) {
	if err := supportedMelee(rs, cc); err != nil {
		return nil, nil, nil, err
	}
	m := &melee{rs: rs, cc: *cc}
	for i := range m.cc.Units {
		m.units = append(m.units, &m.cc.Units[i].Fighter)
		m.army = append(m.army, m.cc.Units[i].Army)
	}
	var err error
	if m.links, err = linksOf(m.cc.Units); err != nil {
		return nil, nil, nil, err
	}
	for a := range m.ids {
		m.ids[a] = m.armyID(a)
	}
	metrics, events := m.outputs()
	return m, metrics, events, nil
}

// armyID is army a's ID: its own, else that of its one unit.
func (m *melee) armyID(a int) string {
	if id := m.cc.Armies[a].ID; id != "" {
		return id
	}
	for i, f := range m.units {
		if m.army[i] == a {
			return f.ID
		}
	}
	return fmt.Sprint("army", a)
}

// outputs names the metrics and events, and records their indices.
func (m *melee) outputs() ([]engine.Metric, []string) {
	o := &m.out
	metrics := []engine.Metric{{Name: "rounds", Max: m.cc.MaxRounds}}
	o.cas = len(metrics)
	for _, f := range m.units {
		metrics = append(metrics, engine.Metric{Name: f.ID + ".casualties", Max: f.Models + b2i(isLone(f))})
	}
	o.wounds = len(metrics)
	for _, f := range m.units {
		w := woundsOf(f, false) // its rank and file and champion, or its lone character
		metrics = append(metrics, engine.Metric{Name: f.ID + ".wounds", Max: w})
	}
	o.cr = len(metrics)
	crMax := [2]int{m.crMax(0), m.crMax(1)}
	for a := range m.ids {
		metrics = append(metrics, engine.Metric{Name: m.ids[a] + ".combat_result", Max: crMax[a]})
	}
	o.diff = len(metrics)
	metrics = append(metrics, engine.Metric{Name: "combat_result_difference", Min: -crMax[1], Max: crMax[0]})

	events := []string{m.ids[0] + ".wins", m.ids[1] + ".wins", "draw"}
	o.wins, o.draw = 0, 2
	o.breaks, events = len(events), m.perUnit(events, ".breaks")
	o.destroyed, events = len(events), m.perUnit(events, ".destroyed")
	o.caught, events = len(events), m.perUnit(events, ".caught")
	o.ahead = len(events)
	events = append(events, m.ids[0]+".wins_on_result", m.ids[1]+".wins_on_result")
	for i := range o.charge {
		o.charge[i] = -1
		if i < len(m.units) && m.testsToCharge(i) {
			o.charge[i] = len(events)
			events = append(events, m.units[i].ID+".charge_made")
		}
	}
	o.fallsBack = -1
	if m.rs.BreakTest == warhammer.BreakThreeWays {
		o.fallsBack, events = len(events), m.perUnit(events, ".falls_back")
	}
	for i := range o.panics {
		o.panics[i] = -1
		if i < len(m.units) && m.rs.FriendBreaksPanic == warhammer.PanicInCombat && m.friends(i) {
			o.panics[i] = len(events)
			events = append(events, m.units[i].ID+".panics")
		}
	}
	metrics, events = m.heroOutputs(metrics, events)
	return m.addReactions(metrics, events)
}

func (m *melee) perUnit(events []string, suffix string) []string {
	for _, f := range m.units {
		events = append(events, f.ID+suffix)
	}
	return events
}

// friends reports whether unit i's army has another unit: Panic is taken
// when "a friend" breaks or is wiped out (docs/rules.md, Panic), so a unit
// alone in its army has no <unit>.panics (docs/rules.md, "Several units in
// one combat": ".panics in an army of several units").
func (m *melee) friends(i int) bool {
	for j := range m.units {
		if j != i && m.army[j] == m.army[i] {
			return true
		}
	}
	return false
}

// crMax bounds army a's combat result: twice the enemy's wounds (a
// Killing Blow may score profile Wounds on marked ones), ranks 3, a
// standard and the battle standard for each unit, outnumbering, high
// ground, a charge for each unit, flank and rear for each pair, and a
// musician's +1 on a draw.
func (m *melee) crMax(a int) int {
	mine, theirs, wounds, music := 0, 0, 0, false
	for i, f := range m.units {
		if m.army[i] == a {
			mine++
			music = music || m.rs.MusicianWinsDraws && f.Musician
		} else {
			theirs++
			wounds += f.Models * f.Profile.W
		}
	}
	return 2*wounds + 3 + 2*mine + 1 + 1 + mine + 3*mine*theirs + b2i(music)
}

// testsToCharge reports whether unit i, a charger, tests to charge under
// fear_to_charge: one of the enemies it charged causes Fear it is subject
// to (6th.whfb.app psychology/fear; docs/rules.md, "Charge reactions"),
// of higher Unit Strength than its own under higher_unit_strength (tow
// special-rules/fear).
func (m *melee) testsToCharge(i int) bool {
	if !m.cc.Units[i].Charged {
		return false
	}
	for _, j := range m.links.of(i) {
		if testsToCharge(m.rs, m.units[i], m.units[j]) {
			return true
		}
	}
	return false
}

// trial fights the combat once: the charge, then round after round until
// no contact is left or MaxRounds are fought (docs/rules.md, "Flee and
// pursuit with several winners and losers": "what is left fights on").
func (m *melee) trial(d dice, values []int, events []bool) {
	var b brawl
	b.init(m, d)
	b.charge(events)
	b.react(values, events)
	for b.n = 1; b.n <= m.cc.MaxRounds && b.anyContact(); b.n++ {
		b.round(values, events)
		values[0] = b.n
	}
	b.finish(values, events)
}

// charge takes the Fear tests of the charge (fear_to_charge,
// fear_on_charge; 6th.whfb.app psychology/fear), unit by unit: a charger
// that would charge a Fear-causer tests and, failing, "may not charge"; a unit charged by
// Fear-causers tests and, failing, flees if its Unit Strength is lower
// than theirs (the Fear-causing chargers in contact with it together, as
// fear_break_compare's unit_vs_fear_causers reads "the enemy"), the
// chargers pursuing it as after a break test, or else "must roll 6s to
// score hits in the first turn of close combat".
func (b *brawl) charge(events []bool) {
	var failed [warhammer.MaxUnits]bool
	for i := range b.units {
		if o := b.out.charge[i]; o >= 0 {
			made := b.ldTest(i, b.rs.BSBReroll && b.rs.BSBRerollFear)
			events[o], failed[i] = made, !made
			b.us[i].charged = made
		}
	}
	b.noCharge(failed)
	flees := false
	for j := range b.units {
		causers, feared := 0, false
		for i := range b.units {
			if b.us[i].charged && b.us[i].state == fighting && b.links.touch[i][j] && causesFear(b.us[i].f) {
				causers += b.unitStrength(i)
				feared = feared || subjectToFear(b.us[j].f, b.us[i].f)
			}
		}
		if !feared || !b.rs.FearOnCharge || b.ldTest(j, b.rs.BSBReroll && b.rs.BSBRerollFear) {
			continue
		}
		if b.unitStrength(j) >= causers {
			b.us[j].sixes = true
			continue
		}
		b.us[j].broke, flees = true, true
		events[b.out.breaks+j] = true
	}
	if flees {
		var all combatSet
		for i := range b.units {
			all.in[i] = true
		}
		b.pursue(all, 1-b.chargedArmy(), events)
		b.leaveWithoutFoes()
	}
}

// chargedArmy is the army that was charged: the other army than the
// chargers'.
func (b *brawl) chargedArmy() int {
	for i := range b.units {
		if b.cc.Units[i].Charged {
			return 1 - b.us[i].army
		}
	}
	return 0
}

// noCharge handles the chargers that failed their test: "the fight starts
// with no charger, front to front" (docs/rules.md, "Fear on the charge")
// where no unit of their army stays in contact; otherwise a failed charger
// stays out of the fight (docs/plans/issue-30 §2.4).
func (b *brawl) noCharge(failed [warhammer.MaxUnits]bool) {
	for i := range b.units {
		if !failed[i] {
			continue
		}
		if b.armyStaysInContact(b.us[i].army, failed) {
			b.us[i].state = stayedOut
			continue
		}
		for _, j := range b.links.of(i) {
			b.face[i][j] = warhammer.Front
		}
	}
}

func (b *brawl) armyStaysInContact(a int, failed [warhammer.MaxUnits]bool) bool {
	for i := range b.units {
		if b.us[i].army == a && !failed[i] && b.links.n[i] > 0 {
			return true
		}
	}
	return false
}

// finish writes each unit's casualties and wounds, and who won: an army
// whose every enemy unit broke (fled) or was destroyed, one of its own
// units not, where a unit that never reached the combat (a failed
// charger) counts for neither (docs/rules.md, "Several units in one
// combat", who wins); else a draw (docs/plans/issue-30 §2.3), with wins_on_result
// for the army that won the last round fought where MaxRounds ended a
// fight still going.
func (b *brawl) finish(values []int, events []bool) {
	o := &b.out
	for i := range b.units {
		u := &b.us[i].u
		values[o.cas+i], values[o.wounds+i] = u.models-u.alive, u.woundsLost()
		if b.figures(i) == 0 {
			events[o.destroyed+i] = true
		}
		b.finishHeroes(i, values, events)
	}
	for a := range 2 {
		if b.armyWins(a) {
			events[o.wins+a] = true
			return
		}
	}
	events[o.draw] = true
	for i := range b.units {
		if b.us[i].state == fighting && b.anyContact() && b.lastWon[i] >= 0 {
			events[o.ahead+b.lastWon[i]] = true
			return
		}
	}
}

func (b *brawl) armyWins(a int) bool {
	stands := false
	for i := range b.units {
		s := &b.us[i]
		switch {
		case s.army == a:
			stands = stands || s.state == fighting || s.state == left
		case s.state == fighting || s.state == left:
			return false
		}
	}
	return stands
}
