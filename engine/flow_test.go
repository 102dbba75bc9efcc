package engine

import (
	"math"
	"math/big"
	"testing"
)

// A small flow in the shape of a volley: attacks hit or miss, hits wound,
// wound on a six, or fail.
const (
	sAttack = iota
	sMiss
	sHit
	sFail
	sWound
	sSix
	nStates
)

func volleyFlow(maxN int) *Flow {
	f := NewFlow(nStates)
	f.Step(sAttack, []int{sMiss, sHit}, []float64{1.0 / 3, 2.0 / 3}, maxN)
	f.Step(sHit, []int{sFail, sWound, sSix}, []float64{0.5, 1.0 / 3, 1.0 / 6}, maxN)
	return f
}

func TestFlowTerminal(t *testing.T) {
	p := volleyFlow(10).Terminal(sAttack)
	want := map[int]float64{sMiss: 1.0 / 3, sFail: 1.0 / 3, sWound: 2.0 / 9, sSix: 1.0 / 9}
	for s, w := range want {
		if math.Abs(p[s]-w) > 1e-15 {
			t.Errorf("Terminal[%d] = %v, want %v: the product of the step probabilities", s, p[s], w)
		}
	}
	if p[sAttack] != 0 || p[sHit] != 0 {
		t.Errorf("split states keep probability: %v", p)
	}
}

// Items move independently, so the terminal counts of n attacks are
// multinomial with the Terminal probabilities. The joint law of (wounds,
// sixes) is checked cell by cell against the exact multinomial.
func TestFlowRunJoint(t *testing.T) {
	t.Parallel()
	const n, trials = 6, 300_000
	f := volleyFlow(n)
	d := NewDice(11, 0)
	obs := make([]int64, (n+1)*(n+1))
	c := make([]int, nStates)
	for range trials {
		clear(c)
		c[sAttack] = n
		f.Run(d, c)
		if c[sMiss]+c[sFail]+c[sWound]+c[sSix] != n || c[sAttack] != 0 || c[sHit] != 0 {
			t.Fatalf("Run lost or kept items: %v", c)
		}
		obs[c[sWound]*(n+1)+c[sSix]]++
	}
	// P(w wounds, s sixes) = n!/(w! s! r!) · (2/9)^w (1/9)^s (2/3)^r, r = n-w-s.
	probs := make([]float64, len(obs))
	for w := 0; w <= n; w++ {
		for s := 0; s+w <= n; s++ {
			r := n - w - s
			m := new(big.Int).Binomial(n, int64(w))
			m.Mul(m, new(big.Int).Binomial(int64(n-w), int64(s)))
			p := new(big.Rat).SetInt(m)
			p.Mul(p, ratPow(2, 9, w)).Mul(p, ratPow(1, 9, s)).Mul(p, ratPow(2, 3, r))
			probs[w*(n+1)+s], _ = p.Float64()
		}
	}
	var o []int64
	var p []float64
	for i := range obs {
		if probs[i] == 0 {
			if obs[i] != 0 {
				t.Fatalf("impossible cell %d observed", i)
			}
			continue
		}
		o, p = append(o, obs[i]), append(p, probs[i])
	}
	o, p = pool(o, p, 5.0/trials)
	if x, cr := chiSquare(o, p), critical(len(o)-1, alpha); x > cr {
		t.Errorf("joint (wounds, sixes): chi-square %.1f > %.1f (df %d)", x, cr, len(o)-1)
	}
}

func ratPow(num, den int64, k int) *big.Rat {
	a := new(big.Int).Exp(big.NewInt(num), big.NewInt(int64(k)), nil)
	b := new(big.Int).Exp(big.NewInt(den), big.NewInt(int64(k)), nil)
	return new(big.Rat).SetFrac(a, b)
}

func TestFlowMisuse(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"split twice", func() {
			f := NewFlow(3)
			f.Step(0, []int{1, 2}, []float64{0.5, 0.5}, 1)
			f.Step(0, []int{1, 2}, []float64{0.5, 0.5}, 1)
		}},
		{"fed after split", func() {
			f := NewFlow(3)
			f.Step(1, []int{2}, []float64{1}, 1)
			f.Step(0, []int{1}, []float64{1}, 1)
		}},
		{"probabilities do not sum to 1", func() { NewFlow(3).Step(0, []int{1, 2}, []float64{0.5, 0.6}, 1) }},
		{"one probability short", func() { NewFlow(3).Step(0, []int{1, 2}, []float64{1}, 1) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			c.f()
		}()
	}
}

func TestSplitZeroCategories(t *testing.T) {
	s := NewSplit([]float64{0, 0.5, 0, 0.5, 0}, 10)
	d := NewDice(3, 3)
	out := make([]int, 5)
	for range 1000 {
		clear(out)
		s.Sample(d, 10, out)
		if out[0]+out[2]+out[4] != 0 || out[1]+out[3] != 10 {
			t.Fatalf("categories of probability 0 got items: %v", out)
		}
	}
	if len(s.draws) != 1 {
		t.Errorf("%d draws for two live categories, want 1 (the last takes the rest)", len(s.draws))
	}
}

// A collapsed flow samples the kept terminal counts with the same joint law:
// checked against the exact multinomial through the stage-by-stage flow's
// terminal probabilities.
func TestFlowCollapse(t *testing.T) {
	t.Parallel()
	const n, trials = 6, 300_000
	full := volleyFlow(n)
	f := full.Collapse(sAttack, []int{sWound, sSix}, sMiss, n)
	if len(f.steps) != 1 {
		t.Fatalf("collapsed flow has %d steps", len(f.steps))
	}
	d := NewDice(12, 0)
	c := make([]int, nStates)
	var wounds, sixes, both int64
	for range trials {
		clear(c)
		c[sAttack] = n
		f.Run(d, c)
		if c[sMiss]+c[sWound]+c[sSix] != n || c[sFail] != 0 || c[sHit] != 0 {
			t.Fatalf("collapsed flow lost items or fed dropped states: %v", c)
		}
		wounds += int64(c[sWound])
		sixes += int64(c[sSix])
		both += int64(c[sWound] * c[sSix])
	}
	// E[W] = n·2/9, E[S] = n/9, E[W·S] = n(n-1)·(2/9)(1/9) for a multinomial.
	check := func(name string, sum int64, want, sd float64) {
		mean := float64(sum) / trials
		if se := sd / math.Sqrt(trials); math.Abs(mean-want) > 4.5*se {
			t.Errorf("%s: mean %.5f, exact %.5f, more than 4.5 standard errors (%.5f) apart", name, mean, want, se)
		}
	}
	check("wounds", wounds, n*2.0/9, math.Sqrt(n*2.0/9*7.0/9))
	check("sixes", sixes, n*1.0/9, math.Sqrt(n*1.0/9*8.0/9))
	check("wounds·sixes", both, n*(n-1)*2.0/81, 4.5) // W·S lies in 0..9, so its sd is at most 4.5
}

// A flow's first step, which splits all the items that enter it, draws
// its first count of exactly maxN in one draw from a table of that count;
// no other step builds one.
func TestFlowWholeCountTable(t *testing.T) {
	f := NewFlow(4)
	f.Step(0, []int{1, 2}, []float64{0.5, 0.5}, 5003)
	f.Step(1, []int{3, 2}, []float64{0.25, 0.75}, 5003)
	if b := f.steps[0].split.draws[0].bin; b.top == nil || b.topN != 5003 {
		t.Error("the first step has no table of its whole count")
	}
	if f.steps[1].split.draws[0].bin.top != nil {
		t.Error("a later step built a table of the whole count")
	}
	if NewSplit([]float64{0.5, 0.5}, 5003).draws[0].bin.top != nil {
		t.Error("NewSplit built a table of the whole count")
	}
}
