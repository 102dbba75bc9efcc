package engine

import (
	"fmt"
	"strings"
)

// Paired runs several models on common random numbers: in every trial each
// model starts from the same dice, so the trial-to-trial luck they share
// cancels out of their differences, which come out sharper than from
// independent runs. It reports each model's metrics and events under
// "LABEL:NAME", and, for every later model, the per-trial difference from
// the first as a signed metric "LABEL-FIRST:NAME" for each metric and event
// the two share (an event's difference is -1, 0 or 1 per trial, so its mean
// is the difference of the two probabilities). The mean and standard error
// of a difference come from its own histogram, which is what makes them
// correct under the pairing.
type Paired struct {
	labels  []string
	models  []Model
	metrics []Metric
	events  []string
	offset  []int // offset[j]: where model j's metrics start in metrics
	eoffset []int // the same for events
	diffs   []pairDiff
}

// pairDiff is one difference: metric (or event) a of model j minus metric
// (or event) b of model 0.
type pairDiff struct {
	j, a, b int
	event   bool
}

// NewPaired pairs models under their labels (one each, all different and
// free of ':'). The first model is the baseline of every difference.
func NewPaired(labels []string, models []Model) (*Paired, error) {
	if len(labels) != len(models) || len(models) < 2 {
		return nil, fmt.Errorf("engine: NewPaired needs two or more models, one label each")
	}
	p := &Paired{labels: labels, models: models}
	seen := map[string]bool{}
	for j, m := range models {
		if seen[labels[j]] || strings.ContainsRune(labels[j], ':') || labels[j] == "" {
			return nil, fmt.Errorf("engine: label %q is empty, repeated or holds ':'", labels[j])
		}
		seen[labels[j]] = true
		p.offset = append(p.offset, len(p.metrics))
		p.eoffset = append(p.eoffset, len(p.events))
		for _, mt := range m.Metrics() {
			p.metrics = append(p.metrics, Metric{Name: labels[j] + ":" + mt.Name, Min: mt.Min, Max: mt.Max})
		}
		for _, e := range m.Events() {
			p.events = append(p.events, labels[j]+":"+e)
		}
	}
	base := models[0]
	for j := 1; j < len(models); j++ {
		prefix := labels[j] + "-" + labels[0] + ":"
		for a, mt := range models[j].Metrics() {
			for b, bt := range base.Metrics() {
				if mt.Name == bt.Name {
					p.diffs = append(p.diffs, pairDiff{j: j, a: a, b: b})
					p.metrics = append(p.metrics, Metric{Name: prefix + mt.Name, Min: mt.Min - bt.Max, Max: mt.Max - bt.Min})
				}
			}
		}
		for a, e := range models[j].Events() {
			for b, be := range base.Events() {
				if e == be {
					p.diffs = append(p.diffs, pairDiff{j: j, a: a, b: b, event: true})
					p.metrics = append(p.metrics, Metric{Name: prefix + e, Min: -1, Max: 1})
				}
			}
		}
	}
	return p, nil
}

// Labels returns the models' labels, the baseline first.
func (p *Paired) Labels() []string { return p.labels }

// Metrics implements [Model].
func (p *Paired) Metrics() []Metric { return p.metrics }

// Events implements [Model].
func (p *Paired) Events() []string { return p.events }

// NewTrialer implements [Model].
func (p *Paired) NewTrialer() Trialer {
	t := &pairedTrialer{p: p}
	for _, m := range p.models {
		t.trialers = append(t.trialers, m.NewTrialer())
		t.results = append(t.results, TrialResult{
			Values: make([]int, len(m.Metrics())),
			Events: make([]bool, len(m.Events())),
		})
	}
	return t
}

type pairedTrialer struct {
	p        *Paired
	trialers []Trialer
	results  []TrialResult
	dice     Dice
}

// Trial runs one trial of every model from the same dice: a seed drawn
// from the batch's stream starts each model's dice afresh.
func (t *pairedTrialer) Trial(d *Dice, r *TrialResult) {
	seed := d.Uint64()
	for j, tr := range t.trialers {
		res := &t.results[j]
		clear(res.Values)
		clear(res.Events)
		t.dice.Seed(seed, 0)
		tr.Trial(&t.dice, res)
		copy(r.Values[t.p.offset[j]:], res.Values)
		copy(r.Events[t.p.eoffset[j]:], res.Events)
	}
	k := len(t.p.metrics) - len(t.p.diffs)
	for i, df := range t.p.diffs {
		a, b := &t.results[df.j], &t.results[0]
		if df.event {
			r.Values[k+i] = b2i(a.Events[df.a]) - b2i(b.Events[df.b])
		} else {
			r.Values[k+i] = a.Values[df.a] - b.Values[df.b]
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
