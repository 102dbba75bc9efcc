package plots_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/plots"
	"github.com/wargamesim/sim/report"
)

// A chart of how many wounds ten Empire Archers cause three Ogres, from a
// report of 10,000 trials. A program would call Save("wounds.png") where
// this writes SVG to a buffer.
func ExampleDistribution() {
	names := map[string]string{"ogres": "Ogre Bulls"} // the units' names for people, by id
	r, err := report.New(report.Info{Scenario: "ogres-vs-arrows", Ruleset: "6th", Names: names}, &engine.Result{
		Metrics: []engine.Metric{{Name: "ogres.wounds", Max: 9}},
		Hist:    [][]int64{{3810, 3911, 1764, 421, 86, 8}}, // trials with 0, 1, ... 5 wounds
		Trials:  10000, Requested: 10000, Seed: 7, Complete: true,
	})
	if err != nil {
		log.Fatal(err)
	}
	chart, err := plots.Distribution(r, "ogres.wounds", plots.Options{Title: "Arrows at Ogres"})
	if err != nil {
		log.Fatal(err)
	}
	var svg bytes.Buffer
	if _, err := chart.Render(&svg, "svg"); err != nil {
		log.Fatal(err)
	}
	for _, s := range []string{"Arrows at Ogres", "10,000 trials", "mean 0.91 (95% interval 0.89 to 0.93)", "Ogre Bulls: wounds"} {
		fmt.Printf("%q: %t\n", s, strings.Contains(svg.String(), s))
	}
	// Output:
	// "Arrows at Ogres": true
	// "10,000 trials": true
	// "mean 0.91 (95% interval 0.89 to 0.93)": true
	// "Ogre Bulls: wounds": true
}

// The error for a metric the report lacks lists the ones it has.
func ExampleDistribution_missingMetric() {
	r, err := report.New(report.Info{Scenario: "ogres-vs-arrows", Ruleset: "6th"}, &engine.Result{
		Metrics: []engine.Metric{{Name: "ogres.wounds", Max: 9}, {Name: "ogres.casualties", Max: 3}},
		Hist:    [][]int64{{6, 4}, {10}},
		Trials:  10, Requested: 10, Complete: true,
	})
	if err != nil {
		log.Fatal(err)
	}
	_, err = plots.Distribution(r, "ogres.wonds", plots.Options{})
	fmt.Println(err)
	// Output:
	// plots: no metric "ogres.wonds" in the report; it has ogres.casualties, ogres.wounds
}
