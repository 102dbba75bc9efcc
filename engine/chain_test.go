package engine_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// ruin is the gambler's ruin: a purse of 0..goal, a bet won with
// probability p raising it by 1, lost lowering it by 1; 0 and goal
// absorb. Its mark is 1 for each bet made.
type ruin struct {
	goal  int
	p     float64
	calls int // how many times the step was called
}

func (r *ruin) chain() (*engine.Chain[int, int], engine.Step) {
	c := engine.NewChain[int, int]()
	c.Absorbing = func(s *int) bool { return *s == 0 || *s == r.goal }
	bet := c.Step(func(s int, o *engine.Outcomes[int, int]) error {
		r.calls++
		o.Add(s+1, 1, r.p)
		o.Add(s-1, 1, 1-r.p)
		return nil
	})
	return c, bet
}

// solve bets n times from purse i.
func (r *ruin) solve(t testing.TB, i, n int) (*engine.Chain[int, int], engine.Dist) {
	c, bet := r.chain()
	d, err := c.Start(i)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		if d, err = c.Advance(d, bet); err != nil {
			t.Fatal(err)
		}
	}
	return c, d
}

func prob(c *engine.Chain[int, int], d engine.Dist, s int) float64 {
	for x, p := range c.All(d) {
		if *x == s {
			return p
		}
	}
	return 0
}

// The gambler's ruin reaches its goal N from purse i with probability
// (1 − (q/p)^i) / (1 − (q/p)^N), q = 1 − p, or i/N for a fair bet
// (Feller, An Introduction to Probability Theory and Its Applications,
// vol. 1, XIV.2). After 3,000 bets from a purse of 10 the mass not yet
// absorbed is below 1e-14, and the chain calls its step once for each
// purse between 1 and N − 1, however many bets meet it.
func TestChainGamblersRuin(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		goal, purse int
		p           float64
	}{
		{10, 3, 0.5},
		{10, 3, 0.45},
		{20, 15, 0.6},
		{5, 1, 0.3},
	} {
		r := &ruin{goal: c.goal, p: c.p}
		ch, d := r.solve(t, c.purse, 3000)
		want := float64(c.purse) / float64(c.goal)
		if c.p != 0.5 {
			x := (1 - c.p) / c.p
			want = (1 - math.Pow(x, float64(c.purse))) / (1 - math.Pow(x, float64(c.goal)))
		}
		if got := prob(ch, d, c.goal); math.Abs(got-want) > 1e-12 {
			t.Errorf("goal %d from %d at p %v: P(goal) = %.15f, want %.15f", c.goal, c.purse, c.p, got, want)
		}
		if got := prob(ch, d, 0); math.Abs(got-(1-want)) > 1e-12 {
			t.Errorf("goal %d from %d at p %v: P(ruin) = %.15f, want %.15f", c.goal, c.purse, c.p, got, 1-want)
		}
		if r.calls != c.goal-1 {
			t.Errorf("goal %d: the step was called %d times, want once a purse, %d", c.goal, r.calls, c.goal-1)
		}
	}
}

// The number of bets of a fair gambler's ruin has mean i(N − i) (Feller,
// XIV.3): a tally of the marks, 1 a bet, over 400 bets from 2 with goal 5
// (the mass still betting after 400, below 1e-40, clamped into the last
// value). Its first values by hand: the game ends after 2 bets with 1/4
// + 1/4 (lost twice, or won thrice is 3 bets: 1/8), after 3 with 1/8.
func TestChainTallyOfBets(t *testing.T) {
	t.Parallel()
	r := &ruin{goal: 5, p: 0.5}
	c, _ := r.solve(t, 2, 400)
	pmfs, err := c.Tallies([]engine.Tally[int]{{Of: func(m int) int { return m }, Width: 402, Clamp: true}})
	if err != nil {
		t.Fatal(err)
	}
	pmf := pmfs[0]
	mean, sum := 0.0, 0.0
	for v, p := range pmf {
		mean += float64(v) * p
		sum += p
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(mean-6) > 1e-9 {
		t.Errorf("bets: sum %.15f, mean %.12f; want 1 and 2·3 = 6", sum, mean)
	}
	for v, want := range map[int]float64{0: 0, 1: 0, 2: 0.25, 3: 0.125} {
		if math.Abs(pmf[v]-want) > 1e-15 {
			t.Errorf("P(%d bets) = %v, want %v", v, pmf[v], want)
		}
	}
}

// Three fair coins, a mark 1 for heads: a tally over every stage is
// binomial (1, 3, 3, 1)/8; over stages 1..2 alone (1, 2, 1)/4; and the
// state (the count of tails) never meets the mark, so the two are kept
// apart. A tally that passes its width without Clamp panics.
func TestChainTallyRanges(t *testing.T) {
	t.Parallel()
	c := engine.NewChain[int, int]()
	flip := c.Step(func(s int, o *engine.Outcomes[int, int]) error {
		o.Add(s, 1, 0.5)
		o.Add(s+1, 0, 0.5)
		return nil
	})
	d, _ := c.Start(0)
	for range 3 {
		d, _ = c.Advance(d, flip)
	}
	heads := func(m int) int { return m }
	pmfs, err := c.Tallies([]engine.Tally[int]{{Of: heads, Width: 4}, {Of: heads, Width: 3, From: 1}, {Of: heads, Width: 2, From: 1, To: 2}})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range [][]float64{{1.0 / 8, 3.0 / 8, 3.0 / 8, 1.0 / 8}, {0.25, 0.5, 0.25}, {0.5, 0.5}} {
		for v := range want {
			if pmfs[i][v] != want[v] {
				t.Errorf("tally %d: P(%d) = %v, want %v", i, v, pmfs[i][v], want[v])
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Errorf("a tally of width 2 over three heads: no panic")
		}
	}()
	_, _ = c.Tallies([]engine.Tally[int]{{Of: heads, Width: 2}})
}

// Outcomes alike in state and mark merge; a distribution keeps its states
// in the order first reached; a solution's floats are the same on every
// run (it sums in that order).
func TestChainOrderAndMerge(t *testing.T) {
	t.Parallel()
	solve := func() ([]int, []float64) {
		c := engine.NewChain[int, struct{}]()
		step := c.Step(func(s int, o *engine.Outcomes[int, struct{}]) error {
			for k := range 7 {
				o.Add((s*7+k*5)%11, struct{}{}, 1.0/7)
			}
			return nil
		})
		d, _ := c.Start(3)
		for range 6 {
			d, _ = c.Advance(d, step)
		}
		var xs []int
		var ps []float64
		for x, p := range c.All(d) {
			xs, ps = append(xs, *x), append(ps, p)
		}
		return xs, ps
	}
	xs, ps := solve()
	if len(xs) != 11 {
		t.Errorf("%d states, want 11", len(xs))
	}
	for range 5 {
		ys, qs := solve()
		for i := range xs {
			if xs[i] != ys[i] || math.Float64bits(ps[i]) != math.Float64bits(qs[i]) {
				t.Fatalf("state %d: %d %v, then %d %v", i, xs[i], ps[i], ys[i], qs[i])
			}
		}
	}
	c := engine.NewChain[int, struct{}]()
	twice := c.Step(func(s int, o *engine.Outcomes[int, struct{}]) error {
		o.Add(2, struct{}{}, 0.25)
		o.Add(1, struct{}{}, 0.25)
		o.Add(2, struct{}{}, 0.5)
		o.Add(9, struct{}{}, 0) // dropped
		return nil
	})
	d, _ := c.Start(0)
	d, _ = c.Advance(d, twice)
	var got []string
	for x, p := range c.All(d) {
		got = append(got, fmt.Sprint(*x, p))
	}
	if fmt.Sprint(got) != "[2 0.75 1 0.25]" || c.States() != 3 {
		t.Errorf("merged: %v, %d states; want [2 0.75 1 0.25], 3 states", got, c.States())
	}
}

// A die is rolled until a 6 (a win) or a 1 (a loss) ends the game, each
// end an exit with its mark: after each roll 1/6 of what was left wins and
// 1/6 loses (Exits), and everything that passed is in Flows. Over three
// rolls a win ends it with 1/6 + (4/6)/6 + (4/6)²/6 = 19/54, and a tally
// of the marks counts the paths that ended by an exit.
func TestChainExits(t *testing.T) {
	t.Parallel()
	const win, lose = 1, 2
	c := engine.NewChain[int, int]()
	roll := c.Step(func(s int, o *engine.Outcomes[int, int]) error {
		o.Exit(win, 1.0/6)
		o.Add(s, 0, 4.0/6)
		o.Exit(lose, 1.0/6)
		return nil
	})
	d, _ := c.Start(0)
	left := 1.0
	wins := 0.0
	for range 3 {
		d, _ = c.Advance(d, roll)
		exits := map[int]float64{}
		for m, p := range c.Exits() {
			exits[m] = p
		}
		flows := map[int]float64{}
		for m, p := range c.Flows() {
			flows[m] = p
		}
		if math.Abs(exits[win]-left/6) > 1e-15 || math.Abs(exits[lose]-left/6) > 1e-15 || len(exits) != 2 {
			t.Errorf("exits %v, want %v each", exits, left/6)
		}
		if math.Abs(flows[0]-left*4/6) > 1e-15 || flows[win] != exits[win] || len(flows) != 3 {
			t.Errorf("flows %v", flows)
		}
		wins += exits[win]
		left *= 4.0 / 6
		if math.Abs(d.Mass()-left) > 1e-15 {
			t.Errorf("mass left %v, want %v", d.Mass(), left)
		}
	}
	if math.Abs(wins-19.0/54) > 1e-15 {
		t.Errorf("P(win in three rolls) = %v, want 19/54", wins)
	}
	pmfs, err := c.Tallies([]engine.Tally[int]{{Of: func(m int) int { return b2i(m == win) }, Width: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(pmfs[0][1]-19.0/54) > 1e-15 || math.Abs(pmfs[0][0]-35.0/54) > 1e-15 {
		t.Errorf("tally of wins %v, want [35/54 19/54]", pmfs[0])
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A step registered with StepOnce gives what a memoised one gives, and
// is called again for a state it meets again.
func TestChainStepOnce(t *testing.T) {
	t.Parallel()
	for _, once := range []bool{false, true} {
		calls := 0
		c := engine.NewChain[int, struct{}]()
		f := func(s int, o *engine.Outcomes[int, struct{}]) error {
			calls++
			o.Add((s+1)%3, struct{}{}, 0.5)
			o.Add((s+2)%3, struct{}{}, 0.5)
			return nil
		}
		step := c.Step(f)
		if once {
			step = c.StepOnce(f)
		}
		d, _ := c.Start(0)
		for range 4 {
			d, _ = c.Advance(d, step)
		}
		var got []string
		for s, p := range c.All(d) {
			got = append(got, fmt.Sprint(*s, p))
		}
		if want := "[1 0.3125 2 0.3125 0 0.375]"; fmt.Sprint(got) != want {
			t.Errorf("once %v: %v, want %s", once, got, want)
		}
		if want := map[bool]int{false: 3, true: 1 + 2 + 3 + 3}[once]; calls != want {
			t.Errorf("once %v: %d calls, want %d", once, calls, want)
		}
	}
}

// Each limit stops a solution with a *LimitError naming it; a step's own
// error stops it too.
func TestChainLimits(t *testing.T) {
	t.Parallel()
	walk := func(l engine.ChainLimits, n int) error {
		c := engine.NewChain[int, int]()
		c.Limits = l
		step := c.Step(func(s int, o *engine.Outcomes[int, int]) error {
			if s > 50 {
				return errors.New("too far")
			}
			o.Add(s+1, 1, 0.5)
			o.Add(s-1, 0, 0.5)
			return nil
		})
		d, err := c.Start(0)
		for range n {
			if d, err = c.Advance(d, step); err != nil {
				return err
			}
		}
		_, err = c.Tallies([]engine.Tally[int]{{Of: func(m int) int { return m }, Width: n + 1}})
		return err
	}
	for _, c := range []struct {
		l    engine.ChainLimits
		n    int
		want engine.Limit
	}{
		{engine.ChainLimits{States: 10}, 20, engine.LimitStates},
		{engine.ChainLimits{Outcomes: 30}, 20, engine.LimitOutcomes},
		{engine.ChainLimits{Moves: 50}, 20, engine.LimitMoves},
		{engine.ChainLimits{TallyHeld: 100}, 20, engine.LimitTallyHeld},
		{engine.ChainLimits{TallyWork: 1000}, 20, engine.LimitTallyWork},
	} {
		var le *engine.LimitError
		if err := walk(c.l, c.n); !errors.As(err, &le) || le.Limit != c.want || le.Got <= le.Max {
			t.Errorf("%+v: err = %v, want the limit %d", c.l, err, c.want)
		}
	}
	if err := walk(engine.ChainLimits{}, 60); err == nil || err.Error() != "too far" {
		t.Errorf("the step's error: %v", err)
	}
	if err := walk(engine.ChainLimits{States: 1000, Outcomes: 10000, Moves: 10000, TallyHeld: 1e6, TallyWork: 1e7}, 40); err != nil {
		t.Errorf("within the limits: %v", err)
	}
}

// A step whose outcomes do not sum to 1 is a bug, and panics.
func TestChainStepMustSumToOne(t *testing.T) {
	t.Parallel()
	c := engine.NewChain[int, struct{}]()
	half := c.Step(func(s int, o *engine.Outcomes[int, struct{}]) error {
		o.Add(s+1, struct{}{}, 0.5)
		return nil
	})
	d, _ := c.Start(0)
	defer func() {
		if recover() == nil {
			t.Errorf("outcomes summing to 1/2: no panic")
		}
	}()
	_, _ = c.Advance(d, half)
}

// Two players roll a die each, the higher wins a point, first to two
// points wins; a tie is rolled again. The state is the score; the mark
// counts the rolls. Each point goes to A with 15/36 (and B alike), so A
// wins the match with 1/2; the scores are the 8 of 0..2 each but 2–2. By
// hand, two rolls end it with 2·(15/36)² = 0.3472, three with
// 2·(15/36)²·(30/36) (1–1, then a point) + 4·(6/36)·(15/36)² (a tie among
// the first two) = 0.4051.
func ExampleChain() {
	type score struct{ a, b int }
	c := engine.NewChain[score, int]()
	c.Absorbing = func(s *score) bool { return s.a == 2 || s.b == 2 }
	roll := c.Step(func(s score, o *engine.Outcomes[score, int]) error {
		o.Add(score{s.a + 1, s.b}, 1, 15.0/36)
		o.Add(score{s.a, s.b + 1}, 1, 15.0/36)
		o.Add(s, 1, 6.0/36)
		return nil
	})
	d, _ := c.Start(score{})
	for range 40 {
		d, _ = c.Advance(d, roll)
	}
	win := 0.0
	for s, p := range c.All(d) {
		if s.a == 2 {
			win += p
		}
	}
	rolls, _ := c.Tallies([]engine.Tally[int]{{Of: func(m int) int { return m }, Width: 41}})
	fmt.Printf("A wins %.4f; %d states; P(2 rolls) %.4f, P(3 rolls) %.4f\n", win, c.States(), rolls[0][2], rolls[0][3])
	// Output: A wins 0.5000; 8 states; P(2 rolls) 0.3472, P(3 rolls) 0.4051
}

// Ordered sums equal values and keeps the order they came in; Reset
// empties it.
func TestOrdered(t *testing.T) {
	t.Parallel()
	var o engine.Ordered[string]
	for _, a := range []struct {
		k string
		p float64
	}{{"b", 0.25}, {"a", 0.25}, {"b", 0.5}} {
		o.Add(a.k, a.p)
	}
	if fmt.Sprint(o.Keys, o.P, o.Len()) != "[b a] [0.75 0.25] 2" {
		t.Errorf("got %v %v", o.Keys, o.P)
	}
	o.Reset()
	o.Add("c", 1)
	if fmt.Sprint(o.Keys, o.P) != "[c] [1]" {
		t.Errorf("after Reset: %v %v", o.Keys, o.P)
	}
}
