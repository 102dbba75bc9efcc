package warhammerref

import (
	"fmt"

	"github.com/wargamesim/sim/game/warhammer"
)

// links are a combat's contacts, both ways: touch[i][j] says unit i is in
// base contact with enemy j, face[i][j] which face of j it touches, and
// models[i][j] with how many of i's models. enemies[i] lists i's contacts
// in the order the scenario listed them.
type links struct {
	touch   [warhammer.MaxUnits][warhammer.MaxUnits]bool
	face    [warhammer.MaxUnits][warhammer.MaxUnits]warhammer.Facing
	models  [warhammer.MaxUnits][warhammer.MaxUnits]int
	enemies [warhammer.MaxUnits][warhammer.MaxUnits]int
	n       [warhammer.MaxUnits]int
}

func (l *links) of(i int) []int { return l.enemies[i][:l.n[i]] }

// linksOf reads the units' contacts. A contact listed one way only is
// completed the other: the enemy touches the lister's front with its own
// contact (docs/plans/issue-30 §1.1: "B touches A's front with B's
// contact"), as Combat.Units documents it.
func linksOf(us []warhammer.Engaged) (links, error) {
	var l links
	for i := range us {
		for _, c := range us[i].Contacts {
			j := c.Enemy
			if j < 0 || j >= len(us) || us[j].Army == us[i].Army || l.touch[i][j] {
				return l, fmt.Errorf("warhammerref: %s: contact with unit %d is not an enemy listed once", us[i].ID, j)
			}
			l.add(i, j, c.At, c.Models)
		}
	}
	for i := range us {
		for j := range us {
			if l.touch[i][j] && !l.touch[j][i] {
				l.add(j, i, warhammer.Front, contactOf(&us[j].Fighter))
			}
		}
	}
	return l, nil
}

func (l *links) add(i, j int, at warhammer.Facing, models int) {
	l.touch[i][j], l.face[i][j], l.models[i][j] = true, at, models
	l.enemies[i][l.n[i]] = j
	l.n[i]++
}

// contactOf is a unit's models in base contact when it names one enemy:
// its contact, at most its frontage, or the whole frontage (docs/rules.md,
// "Who fights").
func contactOf(f *warhammer.Fighter) int {
	if f.Contact > 0 {
		return min(f.Contact, f.Frontage)
	}
	return f.Frontage
}

// bandState is where a unit of a combat of several units stands.
type bandState uint8

const (
	fighting  bandState = iota
	fled                // broke (or panicked) and got away
	destroyed           // slain to the last model, or caught fleeing
	left                // pursued, or left with no enemy in contact
	fellBack            // fell back in good order (break_test: three_outcomes): out, not pursued
	stayedOut           // failed its test to charge while a friend charged in: never in the combat
)

// band is one unit during a trial.
type band struct {
	f         *warhammer.Fighter
	army      int
	u         unit
	mounted   bool
	monstrous bool
	state     bandState
	charged   bool // it charged (and passed any test to charge)
	// This round.
	charging  bool                     // it charged, and this is the first round
	sixes     bool                     // failed its Fear test when charged: 6s to hit in round 1 (6th)
	front     [warhammer.MaxUnits]int  // its models fighting each enemy at the round's start
	support   [warhammer.MaxUnits]int  // its models in the ranks behind striking each enemy
	ranks     int                      // rank bonus of its depth at the start of the round, before disruption
	broke     bool                     // broke or panicked this round
	fallsBack bool                     // falls back in good order this round (tow)
	feared    bool                     // failed its Fear test this round: WS 1 (8th)
	fearsOf   [warhammer.MaxUnits]bool // failed its Fear test: -1 to hit these Fear-causers this round (tow)
	wiped     bool                     // slain to the last model this round
	// Its characters (melee_chars.go), nc of them.
	ch       [maxChars]leader
	nc       int
	champion int // its champion's index in ch, or -1
}

// brawl is one trial of a melee.
type brawl struct {
	*melee
	d  dice
	n  int // the round being fought, from 1
	us [warhammer.MaxUnits]band
	// face is links.face, but for a charge that was not made (front to
	// front: docs/rules.md, "Fear on the charge").
	face [warhammer.MaxUnits][warhammer.MaxUnits]warhammer.Facing
	// lastWon is the army that won the last round of unit i's combat, or
	// -1, for equal Initiative (6th: "the side that won the previous
	// round").
	lastWon [warhammer.MaxUnits]int
	// duel is each army's character fighting the challenge (unit -1:
	// none), and overkill the Overkill each army scored this round.
	duel     [2]slot
	overkill [2]int
}

func newBrawl(m *melee, d dice) *brawl {
	b := &brawl{}
	b.init(m, d)
	return b
}

// init readies b for a trial of m: every unit whole and fighting. A trial
// keeps its brawl on the stack (no allocation per trial).
func (b *brawl) init(m *melee, d dice) {
	*b = brawl{melee: m, d: d, face: m.links.face}
	endOfPhase := m.rs.Regeneration == warhammer.RegenEndOfPhase
	for i, f := range m.units {
		s := &b.us[i]
		*s = band{f: f, army: m.army[i], charged: m.cc.Units[i].Charged}
		s.u = newUnit(rankAndFile(f), f.Profile.W, f.Defence.Regeneration) // its champion is a character (melee_chars.go)
		s.u.regenerates = s.u.regenerates && endOfPhase
		s.mounted = f.Mounted || f.Mount != nil || f.Type == warhammer.Cavalry || f.Type == warhammer.MonstrousCavalry
		s.monstrous = isMonstrous(f.Type)
		b.lastWon[i] = -1
	}
	for i := range m.units {
		b.initHeroes(i)
	}
}

// live reports whether units i and j fight each other: in contact, both
// still fighting.
func (b *brawl) live(i, j int) bool {
	return b.links.touch[i][j] && b.us[i].state == fighting && b.us[j].state == fighting
}

func (b *brawl) anyContact() bool {
	for i := range b.units {
		for _, j := range b.links.of(i) {
			if b.live(i, j) {
				return true
			}
		}
	}
	return false
}

// atFront reports whether enemy j touches unit i's front.
func (b *brawl) atFront(i, j int) bool { return b.face[j][i] == warhammer.Front }

// whoFights sets unit i's models fighting each live enemy at the start of
// the round: its models in contact with that enemy (Contact.Models), as
// many as stand, in the order listed (6th.whfb.app close-combat/which-
// models-fight: a model fights if its base touches an enemy's). Then the
// ranks behind (supportRanks) strike per front contact: "behind the
// models touching an enemy at the unit's front, that enemy; none strike
// an enemy at its flank or rear", rank by rank behind every front
// contact, a rank too short for all filled from the first contact on
// (docs/rules.md, "Several units in one combat", Supporting attacks,
// Press of Battle [I]; as docs/plans/issue-30 §2.2 reads the spears').
func (b *brawl) whoFights(i int) {
	s := &b.us[i]
	s.front, s.support = [warhammer.MaxUnits]int{}, [warhammer.MaxUnits]int{}
	standing := s.u.alive
	heroes, faced := b.frontHeroes(i), b.facedEnemy(i) // characters take places of the front rank where they face
	for _, j := range b.links.of(i) {
		if b.live(i, j) {
			places := b.links.models[i][j]
			if j == faced && b.atFront(i, j) {
				places = max(0, places-heroes)
			}
			s.front[j] = min(places, standing)
			standing -= s.front[j]
		}
	}
	f := s.f
	firstRank := min(max(0, f.Frontage-b.frontHeroes(i)), s.u.alive)
	for rank := 1; rank <= b.supportRanks(i); rank++ {
		inRank := min(f.Frontage, max(0, s.u.alive-firstRank-(rank-1)*f.Frontage))
		for _, j := range b.links.of(i) {
			if b.live(i, j) && b.atFront(i, j) {
				n := min(b.links.models[i][j], inRank)
				s.support[j] += n
				inRank -= n
			}
		}
	}
}

// supportRanks is how many ranks behind unit i's front rank strike: 8th's
// supporting attacks, one rank, two for a horde (10 wide, 6 monstrous);
// The Old World's Press of Battle, infantry's second rank but in the round
// it charged; a spear on foot one rank more but in the round it charged
// (docs/rules.md, "Who fights"; RULES.md §2.2, §3.1, §4; fight.go reads
// the same in a fight of two).
func (b *brawl) supportRanks(i int) int {
	s := &b.us[i]
	f, extra := s.f, 0
	if b.rs.SupportingAttacks {
		extra = 1
		horde := 10
		if s.monstrous {
			horde = 6
		}
		if min(f.Frontage, s.u.alive) >= horde {
			extra++
		}
	}
	if b.rs.PressOfBattle && f.Type == warhammer.Infantry && !s.charging {
		extra++
	}
	if f.Weapon == warhammer.Spear && !s.mounted && !s.charging {
		extra++
	}
	return extra
}

// fighting is unit i's models still fighting enemy j at this step of the
// round: its casualties come off the fighting models first (seed 002,
// "Which models are physically removed?"), from the last contact first
// (docs/plans/issue-30 §2.2 [U]), then off the ranks behind.
func (b *brawl) fighting(i, j int) (front, support int) {
	s := &b.us[i]
	slain := s.u.slain
	es := b.links.of(i)
	var fr, su [warhammer.MaxUnits]int
	for k := len(es) - 1; k >= 0; k-- {
		e := es[k]
		fr[e] = max(0, s.front[e]-slain)
		slain -= s.front[e] - fr[e]
	}
	for k := len(es) - 1; k >= 0; k-- {
		e := es[k]
		su[e] = max(0, s.support[e]-slain)
		slain -= s.support[e] - su[e]
	}
	return fr[j], su[j]
}
