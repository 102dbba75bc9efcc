package plots

import (
	"github.com/wargamesim/sim/stats"
	"math"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/report"
)

// The reports the tests draw are built by hand, through report.New and
// report.NewExact as sim builds them, so that they are fixed and every
// number on a chart can be checked against its source.

// binomial returns P(X = k), k = 0..n, for X ~ Binomial(n, p).
func binomial(n int, p float64) []float64 {
	pmf := make([]float64, n+1)
	for k := range pmf {
		c := 1.0
		for i := range k {
			c = c * float64(n-i) / float64(i+1)
		}
		pmf[k] = c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
	}
	return pmf
}

// ogresExact is the exact solution of ogres-vs-arrows (docs/output.md):
// ten shots, each an unsaved wound with probability (1/3)(1/3)(5/6) =
// 5/54, at three W3 Ogres, so at most 9 wounds and 3 casualties.
func ogresExact() *engine.Exact {
	unsaved := binomial(10, 5.0/54)
	wounds := make([]float64, 10)
	casualties := make([]float64, 4)
	carried := make([]float64, 3)
	for k, p := range unsaved {
		w := min(k, 9)
		wounds[w] += p
		casualties[w/3] += p
		if w < 9 {
			carried[w%3] += p
		} else {
			carried[0] += p
		}
	}
	return &engine.Exact{
		Metrics: []engine.Metric{
			{Name: "ogres.unsaved", Max: 10},
			{Name: "ogres.wounds", Max: 18},
			{Name: "ogres.casualties", Max: 3},
			{Name: "ogres.wounds_carried", Max: 2},
		},
		Events: []string{"ogres.destroyed"},
		PMF:    [][]float64{unsaved, wounds, casualties, carried},
		P:      []float64{casualties[3]},
	}
}

// ogresReport is `sim run ogres-vs-arrows --seed 7 --trials 10000 --exact`
// with the counts of docs/output.md: wounds 0..5 in 3810, 3911, 1764, 421,
// 86 and 8 trials.
func ogresReport() *report.Report {
	res := &engine.Result{
		Metrics: ogresExact().Metrics,
		Events:  []string{"ogres.destroyed"},
		Hist: [][]int64{
			{3810, 3911, 1764, 421, 86, 8},
			{3810, 3911, 1764, 421, 86, 8},
			{9485, 515},
			{4231, 3997, 1772},
		},
		Count:     []int64{0},
		Trials:    10000,
		Requested: 10000,
		Seed:      7,
		Complete:  true,
	}
	r, err := report.New(report.Info{
		Scenario: "ogres-vs-arrows", Title: "Ten Empire Archers shoot three Ogre Bulls at long range",
		Ruleset: "6th", SeedSource: "flag", Version: "0.1.0", Names: map[string]string{"ogres": "Ogre Bulls"},
	}, res)
	if err != nil {
		panic(err)
	}
	if err := r.AddExact(ogresExact()); err != nil {
		panic(err)
	}
	return r
}

// ogresExactReport is `sim exact ogres-vs-arrows`: no trials.
func ogresExactReport() *report.Report {
	r, err := report.NewExact(report.Info{
		Scenario: "ogres-vs-arrows", Title: "Ten Empire Archers shoot three Ogre Bulls at long range",
		Ruleset: "6th", SeedSource: "none", Version: "0.1.0",
	}, ogresExact())
	if err != nil {
		panic(err)
	}
	return r
}

// histogram returns counts of trials per value, n in all, in proportion to
// pmf: each rounded down, the trials left over added to the largest.
func histogram(pmf []float64, n int64) []int64 {
	h := make([]int64, len(pmf))
	var sum int64
	top := 0
	for k, p := range pmf {
		h[k] = int64(p * float64(n))
		sum += h[k]
		if pmf[k] > pmf[top] {
			top = k
		}
	}
	h[top] += n - sum
	return h
}

// fightResult is a made-up close combat of Knights against Trolls, run to
// the break, with the metrics and events of a fight (game/warhammer
// fight.go): its combat result difference runs from −13 to 23, so the
// histogram has an offset.
func fightResult(trials, requested int64, ruleset string) *engine.Result {
	// The difference is 10 − 13 + Binomial(36, q): centred near 0 with
	// q = 0.3 (6th) or 0.4 (8th).
	q := 0.3
	if ruleset == "8th" {
		q = 0.4
	}
	diff := binomial(36, q)
	casualtiesK := binomial(5, 0.18)
	casualtiesT := binomial(3, 0.45+q/4)
	rounds := []float64{0, 0.52, 0.31, 0.12, 0.05}
	winsK := int64(float64(trials) * (0.31 + q/2))
	return &engine.Result{
		Metrics: []engine.Metric{
			{Name: "rounds", Min: 0, Max: 4},
			{Name: "knights.casualties", Max: 5},
			{Name: "trolls.casualties", Max: 3},
			{Name: "combat_result_difference", Min: -13, Max: 23},
		},
		Events: []string{
			"knights.wins", "trolls.wins", "draw",
			"knights.breaks", "trolls.breaks",
			"knights.destroyed", "trolls.destroyed",
			"knights.caught", "trolls.caught",
		},
		Hist: [][]int64{
			histogram(rounds, trials),
			histogram(casualtiesK, trials),
			histogram(casualtiesT, trials),
			histogram(diff, trials),
		},
		Count: []int64{
			winsK, trials - winsK - trials/40, trials / 40,
			trials - winsK - trials/40 - trials/50, winsK - trials/9,
			trials / 50, trials / 9,
			trials / 200, winsK / 3,
		},
		Trials: trials, Requested: requested, Seed: 42, Complete: trials == requested,
	}
}

// fightReport is a run of the made-up fight.
func fightReport(trials, requested int64, ruleset string) *report.Report {
	r, err := report.New(report.Info{
		Scenario: "knights-vs-trolls", Title: "Five Empire Knights charge three Trolls with lances",
		Ruleset: ruleset, SeedSource: "flag", Version: "0.1.0",
		Names: map[string]string{"knights": "Empire Knights", "trolls": "Trolls"},
	}, fightResult(trials, requested, ruleset))
	if err != nil {
		panic(err)
	}
	return r
}

// fightWithExact is fightReport with exact probabilities for its events
// (made up: the simulated ones moved by up to a point and a half), as
// sim run --exact gives.
func fightWithExact(trials int64) *report.Report {
	r := fightReport(trials, trials, "6th")
	res := fightResult(trials, trials, "6th")
	ex := &engine.Exact{Events: res.Events}
	for i := range res.Events {
		p := float64(res.Count[i]) / float64(trials)
		ex.P = append(ex.P, min(max(p+0.015*math.Sin(float64(3*i+1)), 0), 1))
	}
	if err := r.AddExact(ex); err != nil {
		panic(err)
	}
	return r
}

// chanceGrid is P(at least one of three W3 Trolls slain) by n attacks
// each wounding with probability p (rows) and attacks (columns): the
// chance of 3 or more unsaved wounds, 1 − P(Binomial(n, p) ≤ 2). The last
// cell has no value.
func chanceGrid() Grid {
	g := Grid{
		Rows:     []string{"S3 (5+)", "S4 (4+)", "S5 (3+)", "S6 (2+)"},
		Cols:     []string{"5", "10", "15", "20", "25"},
		RowTitle: "Strength against T4 (to wound)",
		ColTitle: "attacks",
	}
	for i := range g.Rows {
		p := float64(i+2) / 6 * 0.5 // to hit on 4+, then to wound
		var row []float64
		for j := range g.Cols {
			pmf := binomial(5*(j+1), p)
			row = append(row, 1-pmf[0]-pmf[1]-pmf[2])
		}
		g.Values = append(g.Values, row)
	}
	g.Values[3][4] = math.NaN()
	return g
}

// trendLines are two outcomes of a sweep, each with its Wilson interval
// from 20,000 trials.
func trendLines() []Line {
	wins := []float64{0.104, 0.212, 0.492, 0.720, 0.836, 0.885, 0.960}
	lines := []Line{{Name: "P(knights win)"}, {Name: "P(trolls win)"}}
	for _, p := range wins {
		for i, q := range []float64{p, 1 - p} {
			w := stats.Wilson(int64(q*20000+0.5), 20000)
			lines[i].P = append(lines[i].P, w.P)
			lines[i].CI95 = append(lines[i].CI95, w.CI95)
		}
	}
	return lines
}
