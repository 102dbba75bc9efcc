package report

import (
	"fmt"
	"slices"
	"strings"
)

// Headline is the answer a run's report opens with, on one line, or ""
// when its results have none:
//
//   - a fight (events ID.wins for two sides, and draw): each side's chance
//     to win, the likelier first, and the draw's; and, when some fights
//     end undecided, how often each side was ahead on combat result then
//     (ID.wins_on_result):
//     "Trolls win 50.9% [50.2, 51.6], Empire Knights 49.1% [48.4, 49.8], draw 0.0% [0.0, 0.0]";
//   - one unit struck (an event ID.destroyed and no wins): its chance to be
//     destroyed and its mean casualties:
//     "Ogre Bulls destroyed 1.2% [1.0, 1.4]; 0.42 casualties on average [0.41, 0.43]";
//     several (a fight of several turns with no winner named): each one's
//     chance to be destroyed;
//   - otherwise, the first of the games' listed events (Words.Headlines)
//     the results have, unit by unit: duels alone (ID.wins_duel), each
//     duellist's chance to win his duel.
//
// A chance under 0.1% (but not none) reads "<0.1%", and one over 99.9%
// (but not certain) ">99.9%", so that a rare event never reads as 0.
// Units are named as the scenario names them (Names), else by id; an
// exact report gives exact values, without intervals; an interrupted run's
// headline starts "PARTIAL, N of M trials:".
func (r *Report) Headline() string {
	h := r.headline1()
	if h != "" && !r.Complete {
		h = fmt.Sprintf("PARTIAL, %s of %s trials: %s", thousands(r.Trials), thousands(r.Requested), h)
	}
	return h
}

// headline1 is the headline of a complete report.
func (r *Report) headline1() string {
	events := r.events()
	var sides []string
	for _, e := range events {
		if id, ok := strings.CutSuffix(e, ".wins"); ok {
			sides = append(sides, id)
		}
	}
	if len(sides) == 2 && slices.Contains(events, "draw") {
		return r.fightHeadline(sides)
	}
	var struck []string
	for _, e := range events {
		if id, ok := strings.CutSuffix(e, ".destroyed"); ok {
			struck = append(struck, id)
		}
	}
	if len(sides) > 0 {
		return ""
	}
	for _, h := range headlines() {
		var ids []string
		for _, e := range events {
			if id, ok := strings.CutSuffix(e, "."+h.Event); ok {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			return r.list(ids, "."+h.Event, " "+h.Verb)
		}
	}
	switch {
	case len(struck) == 1:
		return r.volleyHeadline(struck[0])
	case len(struck) > 1:
		return r.list(struck, ".destroyed", " destroyed")
	}
	return ""
}

// list is "A<verb> P, B P, ...": ids by their chance of the event
// id+suffix, likelier first.
func (r *Report) list(ids []string, suffix, verb string) string {
	r.byChance(ids, suffix)
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = r.name(id) + " " + r.percent(id+suffix)
		if i == 0 {
			parts[i] = r.name(id) + verb + " " + r.percent(id+suffix)
		}
	}
	return strings.Join(parts, ", ")
}

// byChance sorts ids by the chance of the event id+suffix, likelier first,
// keeping the model's order between equals.
func (r *Report) byChance(ids []string, suffix string) {
	slices.SortStableFunc(ids, func(a, b string) int {
		pa, pb := r.Events[a+suffix].P, r.Events[b+suffix].P
		switch {
		case pa > pb:
			return -1
		case pa < pb:
			return 1
		}
		return 0
	})
}

func (r *Report) fightHeadline(sides []string) string {
	r.byChance(sides, ".wins")
	line := fmt.Sprintf("%s win %s, %s %s, draw %s", r.name(sides[0]), r.percent(sides[0]+".wins"),
		r.name(sides[1]), r.percent(sides[1]+".wins"), r.percent("draw"))
	ahead := slices.Clone(sides)
	r.byChance(ahead, ".wins_on_result")
	var parts []string
	for _, id := range ahead {
		if p, ok := r.Events[id+".wins_on_result"]; ok && p.P > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", r.name(id), r.percent(id+".wins_on_result")))
		}
	}
	if len(parts) > 0 {
		line += "; undecided but ahead on combat result: " + strings.Join(parts, ", ")
	}
	return line
}

func (r *Report) volleyHeadline(id string) string {
	line := fmt.Sprintf("%s destroyed %s", r.name(id), r.percent(id+".destroyed"))
	if s, ok := r.Metrics[id+".casualties"]; ok {
		line += fmt.Sprintf("; %.2f casualties on average", s.Mean)
		if r.Trials > 0 {
			line += fmt.Sprintf(" [%.2f, %.2f]", s.CI95[0], s.CI95[1])
		}
	}
	return line
}

// name is the unit's name for people, else its id.
func (r *Report) name(id string) string {
	if n := r.Names[id]; n != "" {
		return n
	}
	return id
}

// percent is an event's chance as a percentage with its interval, or
// exact.
func (r *Report) percent(event string) string {
	p := r.Events[event]
	if r.Trials == 0 {
		return pct(p.P) + "% (exact)"
	}
	return fmt.Sprintf("%s%% [%s, %s]", pct(p.P), pct(p.CI95[0]), pct(p.CI95[1]))
}

// pct is the probability p as a percentage to one decimal, or "<0.1" and
// ">99.9" for chances that would round to none or to certainty.
func pct(p float64) string {
	switch {
	case p > 0 && p < 0.0005:
		return "<0.1"
	case p < 1 && p > 0.9995:
		return ">99.9"
	}
	return fmt.Sprintf("%.1f", 100*p)
}
