package warhammer

import "github.com/wargamesim/sim/engine"

// What a fight records: its metrics and events, and where each unit's,
// each army's and the fight's own go in a trial's record.

// fmRounds is the index of the rounds fought, the first metric of every
// fight.
const fmRounds = 0

// outputs are the indices of a fight's metrics and events in a trial's
// record (engine.TrialResult), by unit, by army and the fight's own.
type outputs struct {
	unit   []unitOutputs // by unit
	army   [2]armyOutputs
	crDiff int // metric: combat_result_difference
	draw   int // event
	// perChar is the metrics of a character: its wounds, and its Overkill
	// where challenges may be fought.
	perChar int
	// challenge is the index of challenge.issued, followed by
	// challenge.accepted; -1 where no challenge may be issued.
	challenge int
}

// unitOutputs are a unit's metrics and events.
type unitOutputs struct {
	casualties, wounds        int // metrics
	breaks, destroyed, caught int // events
	fell                      int // <unit>.falls_back (break_test: three_outcomes), or -1
	panics                    int // <unit>.panics (friend_breaks_panic in_combat, a fight of several units), or -1
	// charMetric and charEvent are the first of its characters' metrics
	// (perChar a character) and events (slain, one a character).
	charMetric, charEvent int
}

// armyOutputs are an army's metrics and events.
type armyOutputs struct {
	cr          int // metric: <army>.combat_result, the first round's
	wins, ahead int // events: <army>.wins, <army>.wins_on_result
}

// crMetrics are the indices of the first round's combat-result metrics:
// each army's, then the difference.
func (o *outputs) crMetrics() [3]int { return [3]int{o.army[0].cr, o.army[1].cr, o.crDiff} }

// outcomes names the fight's metrics and events, and sets where each goes
// (f.out, f.chargeEvent), in this order: the rounds; every unit's
// casualties, then every unit's wounds; each army's combat result, then
// the difference; each army's wins, the draw, every unit's breaks,
// destroyed and caught, each army's wins_on_result; the charger's
// charge_made where it tests to charge; the characters' and the
// challenge's (characterOutcomes); under three_outcomes, every unit's
// falls_back. A fight of two units names them as it always has
// (outputs_test.go).
func (f *Fight) outcomes() {
	units, armies := f.cc.Units, f.cc.Armies
	o := outputs{unit: make([]unitOutputs, len(units)), challenge: -1}
	metric := func(name string, lo, hi int) int {
		f.metrics = append(f.metrics, engine.Metric{Name: name, Min: lo, Max: hi})
		return len(f.metrics) - 1
	}
	event := func(name string) int {
		f.events = append(f.events, name)
		return len(f.events) - 1
	}
	metric("rounds", 0, f.cc.MaxRounds)
	for i := range units {
		o.unit[i].casualties = metric(units[i].ID+".casualties", 0, units[i].Models+b2i(units[i].lone()))
	}
	for i := range units {
		o.unit[i].wounds = metric(units[i].ID+".wounds", 0, f.woundsOf(i, false))
	}
	most := [2]int{f.mostResult(0), f.mostResult(1)}
	for a := range armies {
		o.army[a].cr = metric(armies[a].ID+".combat_result", 0, most[a])
	}
	o.crDiff = metric("combat_result_difference", -most[1], most[0])
	for a := range armies {
		o.army[a].wins = event(armies[a].ID + ".wins")
	}
	o.draw = event("draw")
	for i := range units {
		o.unit[i].breaks = event(units[i].ID + ".breaks")
	}
	for i := range units {
		o.unit[i].destroyed = event(units[i].ID + ".destroyed")
	}
	for i := range units {
		o.unit[i].caught = event(units[i].ID + ".caught")
	}
	for a := range armies {
		o.army[a].ahead = event(armies[a].ID + ".wins_on_result")
	}
	if c := f.chargeTest; c >= 0 {
		f.chargeEvent = event(units[c].ID + ".charge_made")
	}
	for _, c := range f.chargeFears {
		f.chargeFearEvents = append(f.chargeFearEvents, event(units[c].ID+".charge_made"))
	}
	f.characterOutcomes(&o)
	for i := range units {
		o.unit[i].fell = -1
		if f.rs.BreakTest == BreakThreeWays {
			o.unit[i].fell = event(units[i].ID + ".falls_back")
		}
	}
	for i := range units {
		o.unit[i].panics = -1
		if f.several && f.rs.FriendBreaksPanic == PanicInCombat && len(f.armies[units[i].Army]) > 1 {
			o.unit[i].panics = event(units[i].ID + ".panics")
		}
	}
	f.reactors(metric, event)
	f.out = o
}

// mostResult is the most combat result army a may score in a round:
// twice the Wounds of the enemy's models, characters included (a Killing
// Blow may score profile wounds on top of marked ones), Overkill up to
// overkill_cap a slain enemy character, and every bonus at once: ranks 3,
// standards 2, outnumber, high ground, charge, rear 2, and a musician's
// +1 on a draw.
func (f *Fight) mostResult(a int) int {
	const bonuses = 3 + 2 + 1 + 1 + 1 + 2
	most := bonuses
	if f.several {
		// A standard and a charge a unit, flank and rear bonuses a
		// contact.
		most = 3 + 1 + 1 + 1
		if f.rs.MassedInfantry && f.rs.OutnumberBonus {
			most++ // both at once: no preset has them, a ruleset may
		}
		for _, u := range f.armies[a] {
			most += 2 + 3*len(f.sides[u].contacts)
		}
	}
	music := false
	for i := range f.cc.Units {
		if u := &f.cc.Units[i]; u.Army != a {
			most += 2*f.woundsOf(i, true) + f.rs.OverkillCap*len(u.Characters)
		} else {
			music = music || u.Musician && f.rs.MusicianWinsDraws
		}
	}
	return most + b2i(music) // the musician's +1 on a draw (musicianBonus)
}

// woundsOf is the Wounds of unit i's models: the rank and file and its
// champion, and its characters too when all is set.
func (f *Fight) woundsOf(i int, all bool) int {
	me := f.unit(i)
	w := me.rankAndFile() * me.Profile.W
	for _, c := range me.Characters {
		if all || c.Champion || me.lone() {
			w += c.Profile.W
		}
	}
	return w
}

// characterOutcomes adds to o each character's metrics and events, and
// the challenge's where a unit may issue one: <unit>.<character>.wounds
// (suffered, net of Regeneration) and .slain; with challenges,
// <unit>.<character>.overkill (scored, up to overkill_cap for each enemy
// character), challenge.issued and challenge.accepted.
func (f *Fight) characterOutcomes(o *outputs) {
	chal := f.challenges()
	o.perChar = 1
	if chal {
		o.perChar = 2
	}
	for i := range f.cc.Units {
		me := &f.cc.Units[i]
		foes := 0
		for j := range f.cc.Units {
			if f.cc.Units[j].Army != me.Army {
				foes += len(f.cc.Units[j].Characters)
			}
		}
		o.unit[i].charMetric, o.unit[i].charEvent = len(f.metrics), len(f.events)
		for _, c := range me.Characters {
			id := me.ID + "." + c.ID
			f.metrics = append(f.metrics, engine.Metric{Name: id + ".wounds", Max: c.Profile.W})
			if chal {
				f.metrics = append(f.metrics, engine.Metric{Name: id + ".overkill", Max: f.rs.OverkillCap * foes})
			}
			f.events = append(f.events, id+".slain")
		}
	}
	if chal {
		o.challenge = len(f.events)
		f.events = append(f.events, "challenge.issued", "challenge.accepted")
	}
}

// challenges reports whether a challenge may be issued in f: a unit with
// a policy to issue one and a character or champion, touching an enemy
// unit with one (in a fight of two, each unit has one).
func (f *Fight) challenges() bool {
	if f.several {
		return f.challengesSeveral()
	}
	a, b := f.unit(0), f.unit(1)
	if len(a.Characters) == 0 || len(b.Characters) == 0 {
		return false
	}
	return a.Challenge.Issue != IssueNever || b.Challenge.Issue != IssueNever
}

// Metrics implements [engine.Model]: the rounds fought (0 when the
// charged unit fled from Fear before any blow); each unit's casualties
// (models slain, net of Regeneration) and wounds suffered (after saves
// and Regeneration) over the fight; each army's combat result in the
// first round, and the first army's minus the second's.
func (f *Fight) Metrics() []engine.Metric { return f.metrics }

// Events implements [engine.Model]: which army won (the other broke or
// was destroyed), a draw (neither: the fight was still undecided after
// MaxRounds, or both were destroyed), which unit broke, which was
// destroyed (slain to the last model, or caught fleeing), which was
// caught by the pursuit, and, within a draw, which army won the last
// round fought on combat result without breaking its enemy
// (wins_on_result); and, where fear_on_charge makes the charger test to
// charge a Fear-causer, whether it passed and charged (charge_made).
func (f *Fight) Events() []string { return f.events }
