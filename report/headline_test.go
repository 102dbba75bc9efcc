package report

import (
	"testing"

	"github.com/wargamesim/sim/stats"
)

func TestHeadlineLine(t *testing.T) {
	t.Parallel()
	p := func(x, lo, hi float64) stats.Proportion { return stats.Proportion{P: x, CI95: [2]float64{lo, hi}} }
	fight := func() *Report {
		return &Report{Trials: 1000, Complete: true,
			EventOrder: []string{"knights.wins", "trolls.wins", "draw", "knights.wins_on_result", "trolls.wins_on_result"},
			Events: map[string]stats.Proportion{
				"knights.wins": p(0.491, 0.484, 0.498), "trolls.wins": p(0.509, 0.502, 0.516), "draw": p(0, 0, 0.0002),
				"knights.wins_on_result": p(0, 0, 0), "trolls.wins_on_result": p(0, 0, 0),
			},
			Names: map[string]string{"knights": "Empire Knights", "trolls": "Trolls"}}
	}
	undecided := fight()
	undecided.Events["draw"] = p(0.6, 0.59, 0.61)
	undecided.Events["knights.wins_on_result"] = p(0.1, 0.09, 0.11)
	undecided.Events["trolls.wins_on_result"] = p(0.45, 0.44, 0.46)
	partial := fight()
	partial.Complete, partial.Requested = false, 5000
	unnamed := fight()
	unnamed.Names = nil
	volley := &Report{Trials: 1000, Complete: true, EventOrder: []string{"ogres.destroyed"}, MetricOrder: []string{"ogres.casualties"},
		Events:  map[string]stats.Proportion{"ogres.destroyed": p(0.0004, 0.0001, 0.001)},
		Metrics: map[string]stats.Summary{"ogres.casualties": {Mean: 0.0625, CI95: [2]float64{0.06, 0.065}}},
		Names:   map[string]string{"ogres": "Ogre Bulls"}}
	exact := &Report{Trials: 0, Complete: true, EventOrder: []string{"trolls.destroyed"}, MetricOrder: []string{"trolls.casualties"},
		Events:  map[string]stats.Proportion{"trolls.destroyed": {P: 1.0 / 64}},
		Metrics: map[string]stats.Summary{"trolls.casualties": {Mean: 0.6719}}}
	turns := &Report{Trials: 1000, Complete: true, EventOrder: []string{"men.destroyed", "trolls.destroyed"},
		Events: map[string]stats.Proportion{"men.destroyed": p(0.9999, 0.999, 1), "trolls.destroyed": p(0.001, 0.0005, 0.002)}}
	duels := &Report{Trials: 0, Complete: true, EventOrder: []string{"aragorn.wins_duel", "gorbag.wins_duel"},
		Events: map[string]stats.Proportion{"aragorn.wins_duel": {P: 0.3}, "gorbag.wins_duel": {P: 0.6}}}
	for _, c := range []struct {
		name, why string
		r         *Report
		want      string
	}{
		{"fight", "the likelier winner first, with names", fight(),
			"Trolls win 50.9% [50.2, 51.6], Empire Knights 49.1% [48.4, 49.8], draw 0.0% [0.0, <0.1]"},
		{"undecided", "within the draw, who was ahead on combat result, likelier first", undecided,
			"Trolls win 50.9% [50.2, 51.6], Empire Knights 49.1% [48.4, 49.8], draw 60.0% [59.0, 61.0]; undecided but ahead on combat result: Trolls 45.0% [44.0, 46.0], Empire Knights 10.0% [9.0, 11.0]"},
		{"ids", "a unit without a name goes by its id", unnamed,
			"trolls win 50.9% [50.2, 51.6], knights 49.1% [48.4, 49.8], draw 0.0% [0.0, <0.1]"},
		{"volley", "a rare event is not 0.0%", volley,
			"Ogre Bulls destroyed <0.1% [<0.1, 0.1]; 0.06 casualties on average [0.06, 0.07]"},
		{"exact", "no intervals for exact values", exact,
			"trolls destroyed 1.6% (exact); 0.67 casualties on average"},
		{"turns", "several units struck, likelier first; near-certain is not 100.0%", turns,
			"men destroyed >99.9% [99.9, 100.0], trolls 0.1% [0.1, 0.2]"},
		{"duels", "duels alone", duels,
			"gorbag wins the duel 60.0% (exact), aragorn 30.0% (exact)"},
		{"none", "no events, no headline", &Report{Trials: 10, Complete: true}, ""},
		{"partial", "an interrupted run says so first", partial,
			"PARTIAL, 1,000 of 5,000 trials: Trolls win 50.9% [50.2, 51.6], Empire Knights 49.1% [48.4, 49.8], draw 0.0% [0.0, <0.1]"},
	} {
		if got := c.r.Headline(); got != c.want {
			t.Errorf("%s (%s):\n got %q\nwant %q", c.name, c.why, got, c.want)
		}
	}
}
