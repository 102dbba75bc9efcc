package wotrref

import (
	"math/rand/v2"

	"github.com/wargamesim/sim/game/wotr"
)

const maxHeroes = 8

// out is where a trial writes: the indices of every metric and event, -1
// when the turn does not report it.
type out struct {
	fights                int
	cas                   [2]int
	mightOf               [maxHeroes]int
	wins, destroyed       [2]int
	fallsBack, wins2      [2]int
	actsFirst             [2]int
	draw, second          int
	duelFought, duelFirst int
	winsDuel, slain       [maxHeroes]int
	cancelled             [maxHeroes]int
}

func (r *Resolver) out() out {
	at := func(name string, events bool) int {
		i, ok := r.ix[name]
		if !ok {
			return -1
		}
		// metrics and events share the map; tell them apart by name lists.
		if events {
			if i < len(r.events) && r.events[i] == name {
				return i
			}
			return -1
		}
		if i < len(r.metrics) && r.metrics[i].Name == name {
			return i
		}
		return -1
	}
	o := out{fights: at("fights", false), draw: at("draw", true), second: at("second_charge", true),
		duelFought: at("duel_fought", true), duelFirst: at("duel_first", true)}
	for i, f := range r.forms {
		o.cas[i] = at(f.id+".casualties", false)
		o.wins[i] = at(f.id+".wins", true)
		o.destroyed[i] = at(f.id+".destroyed", true)
		o.fallsBack[i] = at(f.id+".falls_back", true)
		o.wins2[i] = at(f.id+".wins_second_fight", true)
		o.actsFirst[i] = at(f.id+".acts_first", true)
	}
	for hi := range maxHeroes {
		o.mightOf[hi], o.winsDuel[hi], o.slain[hi], o.cancelled[hi] = -1, -1, -1, -1
	}
	for hi, h := range r.heroes {
		o.mightOf[hi] = at(h.id+".might_spent", false)
		o.winsDuel[hi] = at(h.id+".wins_duel", true)
		o.slain[hi] = at(h.id+".slain", true)
		o.cancelled[hi] = at(h.id+".combat_cancelled", true)
	}
	return o
}

// state is one trial's turn as it goes.
type state struct {
	r      *Resolver
	o      *out
	rnd    *rand.Rand
	events []bool

	models    [2]int // models left
	destroyed [2]bool
	alive     [maxHeroes]bool
	wasSlain  [maxHeroes]bool
	might     [maxHeroes]int // Might left
	spent     [maxHeroes]int
	duelHits  [maxHeroes]int
	pre       [2]int // duel casualties that count for the next fight's victor
	contact   bool   // the formations are in contact
	fought    bool   // the formations have fought
	fights    int
}

func (s *state) d6() int { return s.rnd.IntN(6) + 1 }

func (s *state) set(e int) {
	if e >= 0 {
		s.events[e] = true
	}
}

// Trial resolves the turn once with the dice of rnd and writes one value
// per metric and one flag per event; values and events must be zeroed.
func (r *Resolver) Trial(rnd *rand.Rand, values []int, events []bool) {
	o := &r.o
	s := state{r: r, o: o, rnd: rnd, events: events, contact: true}
	for i := range 2 {
		s.models[i] = r.forms[i].models
	}
	for hi, h := range r.heroes {
		s.alive[hi], s.might[hi] = true, h.might
	}
	s.fightPhase()
	if o.fights >= 0 {
		values[o.fights] = s.fights
	}
	for i := range 2 {
		values[o.cas[i]] = r.forms[i].models - s.models[i]
		if s.destroyed[i] {
			s.set(o.destroyed[i])
		}
	}
	for hi := range r.heroes {
		if o.mightOf[hi] >= 0 {
			values[o.mightOf[hi]] = s.spent[hi]
		}
	}
}

// fightPhase is docs/wotr.md's fight phase: the ordered actions, then the
// fights still to come.
func (s *state) fightPhase() {
	r := s.r
	// Seed 001, General dynamics: when both sides declare, a roll-off
	// decides who picks first and the sides alternate; when one runs out
	// the other takes the rest. A D6 each, re-rolled on a tie.
	first := 0
	if len(r.steps[0]) > 0 && len(r.steps[1]) > 0 {
		for {
			a, b := s.d6(), s.d6()
			if a != b {
				if b > a {
					first = 1
				}
				break
			}
		}
	} else if len(r.steps[0]) == 0 {
		first = 1
	}
	var order [2 * maxHeroes * 7]step
	n := 0
	next := [2]int{}
	side := first
	for next[0] < len(r.steps[0]) || next[1] < len(r.steps[1]) {
		if next[side] >= len(r.steps[side]) {
			side = 1 - side
		}
		if r.rs.OrderPicks == wotr.PickHero {
			// one pick is a hero with all his actions of the phase
			h := r.steps[side][next[side]].h
			for next[side] < len(r.steps[side]) && r.steps[side][next[side]].h == h {
				order[n] = r.steps[side][next[side]]
				n++
				next[side]++
			}
		} else {
			order[n] = r.steps[side][next[side]]
			n++
			next[side]++
		}
		side = 1 - side
	}
	if n == 0 {
		s.fightsAfter(-1)
		return
	}
	s.set(s.o.actsFirst[r.heroes[order[0].h].side])
	// Seed 001: once the order is set, every hero's Might is reduced by the
	// actions he declared, before any is carried out.
	for _, st := range order[:n] {
		s.might[st.h]--
		s.spent[st.h]++
	}
	second := -1 // the formation that charges again
	for k, st := range order[:n] {
		h := &r.heroes[st.h]
		a := h.actions[st.a]
		switch a.kind {
		case "heroic_duel", "epic_duel":
			if s.alive[st.h] && s.alive[a.target] && s.contact && !s.destroyed[0] && !s.destroyed[1] {
				s.duel(st.h, a.target, a.kind == "epic_duel")
			}
		case "heroic_combat":
			if !s.alive[st.h] {
				if s.wasSlain[st.h] {
					s.set(s.o.cancelled[st.h]) // seed 001: slain in the duel, the combat is cancelled
				}
				continue
			}
			if s.fought || !s.contact || s.destroyed[0] || s.destroyed[1] {
				continue
			}
			// Its formation's fight at once, with the charge bonus of the
			// turn's charger.
			w := s.fight(r.charger, true)
			me := h.side
			if w == me && !s.contact && !s.destroyed[1-me] && r.rs.HeroicCombatRecharge {
				charge := a.second == "charge"
				if a.second == "decline_if_duel" {
					// decline only when that cancels an enemy duel still to come
					charge = true
					for _, later := range order[k+1:] {
						lh := &r.heroes[later.h]
						if lh.side != me && lh.actions[later.a].kind != "heroic_combat" && s.alive[later.h] {
							charge = false
						}
					}
				}
				if charge {
					s.contact = true
					second = me
					s.set(s.o.second)
				}
			}
		}
	}
	s.fightsAfter(second)
}

// fightsAfter fights what is left after the actions: the formations'
// fight if no Heroic Combat called it, then a second charge's fight.
func (s *state) fightsAfter(second int) {
	if s.r.duelsOnly {
		return
	}
	if !s.fought && s.contact && !s.destroyed[0] && !s.destroyed[1] {
		s.fight(s.r.charger, true)
	}
	if second >= 0 && !s.destroyed[0] && !s.destroyed[1] {
		w := s.fight(second, false)
		if w == 0 || w == 1 {
			s.set(s.o.wins2[w])
		}
	}
}
