package engine

import (
	"context"
	"math"
	"testing"
)

// A model paired with itself differs by exactly zero in every trial: the
// pairing gives both the same dice.
func TestPairedIdenticalModelsDifferByZero(t *testing.T) {
	p, err := NewPaired([]string{"a", "b"}, []Model{newFlowModel(10), newFlowModel(10)})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), p, Config{Trials: 20_000, Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for m, mt := range res.Metrics {
		if len(mt.Name) < 4 || mt.Name[:4] != "b-a:" {
			continue
		}
		if zero := res.Hist[m][-mt.Min]; zero != res.Trials {
			t.Errorf("%s: %d of %d trials differ from 0", mt.Name, res.Trials-zero, res.Trials)
		}
	}
}

// Pairing two different models measures the true difference of their
// means, with a standard error smaller than independent runs would give.
func TestPairedDifference(t *testing.T) {
	small, big := newFlowModel(6), newFlowModel(12)
	p, err := NewPaired([]string{"six", "twelve"}, []Model{small, big})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), p, Config{Trials: 100_000, Seed: 2, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	idx := map[string]int{}
	for i, m := range res.Metrics {
		idx[m.Name] = i
	}
	mean := func(name string) (m, sd float64) {
		i := idx[name]
		off := res.Metrics[i].Min
		var s, s2, n float64
		for k, c := range res.Hist[i] {
			v := float64(k + off)
			s += v * float64(c)
			s2 += v * v * float64(c)
			n += float64(c)
		}
		m = s / n
		return m, math.Sqrt(s2/n - m*m)
	}
	d, sdd := mean("twelve-six:target.wounds")
	// Each attack wounds with probability 2/3 · 1/2 = 1/3: six more attacks
	// cause 2 more wounds on average.
	se := sdd / math.Sqrt(float64(res.Trials))
	if math.Abs(d-2) > 4.5*se {
		t.Errorf("difference of means %.4f, exact 2, se %.4f", d, se)
	}
	_, sa := mean("six:target.wounds")
	_, sb := mean("twelve:target.wounds")
	if indep := math.Sqrt(sa*sa + sb*sb); sdd >= indep {
		t.Errorf("paired sd %.3f is not below the independent sd %.3f: the dice are not shared", sdd, indep)
	}
}

func TestNewPairedRejects(t *testing.T) {
	for _, labels := range [][]string{{"a"}, {"a", "a"}, {"a", "b:c"}, {"", "b"}} {
		models := make([]Model, len(labels))
		for i := range models {
			models[i] = newFlowModel(3)
		}
		if _, err := NewPaired(labels, models); err == nil {
			t.Errorf("labels %q: no error", labels)
		}
	}
}
