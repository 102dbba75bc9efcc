package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wargamesim/sim/report"
)

// balanceJSON runs sim balance and decodes its JSON.
func balanceJSON(t *testing.T, args ...string) *report.Balance {
	t.Helper()
	code, out, stderr := sim(t, context.Background(), append(append([]string{"balance"}, args...), "--format", "json", "--quiet")...)
	if code != 0 {
		t.Fatalf("%q: exit %d: %s", args, code, stderr)
	}
	var b report.Balance
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	return &b
}

// The crossing sim balance finds by bisection is the one an exact sweep of
// every value shows (a different path through the code: no bisection),
// and the simulated search finds the same bracket, its estimates within
// 4.5 standard errors of the exact values.
func TestBalanceAgreesWithSweep(t *testing.T) {
	code, out, stderr := sim(t, context.Background(), "sweep", "trolls-vs-knights", "--vary", "units.knights.models=3..9", "--exact", "--seed", "1", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatal(stderr)
	}
	var sw report.Sweep
	if err := json.Unmarshal([]byte(out), &sw); err != nil {
		t.Fatal(err)
	}
	exact := map[int]float64{}
	below, above := -1, -1
	for i, p := range sw.Points {
		var v int
		fmt.Sscan(p.Values[0], &v)
		exact[v] = p.Events["knights.wins"].P
		if i > 0 && below < 0 && exact[v-1] < 0.5 && exact[v] >= 0.5 {
			below, above = v-1, v
		}
	}
	if below < 0 {
		t.Fatalf("the sweep never crosses 0.5: %v", exact)
	}
	b := balanceJSON(t, "trolls-vs-knights", "--vary", "units.knights.models=3..9", "--target", "knights.wins=0.5", "--seed", "1")
	if b.Method != "exact" || !b.Crossing.Found || b.Crossing.Below.Value != below || b.Crossing.Above.Value != above {
		t.Fatalf("exact balance: %s, %+v; the sweep crosses between %d and %d", b.Method, b.Crossing, below, above)
	}
	if got := b.Crossing.Below.Estimate; math.Abs(got-exact[below]) > 1e-12 {
		t.Errorf("exact balance at %d: %v, the sweep %v", below, got, exact[below])
	}
	if len(b.Tried) > 5 {
		t.Errorf("bisection over 7 values tried %d", len(b.Tried))
	}
	s := balanceJSON(t, "trolls-vs-knights", "--vary", "units.knights.models=3..9", "--target", "knights.wins=0.5", "--seed", "1", "--simulate", "--trials", "20000")
	if s.Method != "simulated" || !s.Crossing.Found || s.Crossing.Below.Value != below || s.Crossing.Above.Value != above || !s.Crossing.Significant {
		t.Fatalf("simulated balance: %+v; the sweep crosses between %d and %d", s.Crossing, below, above)
	}
	for _, p := range s.Tried {
		se := math.Sqrt(exact[p.Value] * (1 - exact[p.Value]) / float64(p.Trials))
		if math.Abs(p.Estimate-exact[p.Value]) > 4.5*se {
			t.Errorf("at %d: simulated %v, exact %v: more than 4.5 standard errors (%v) apart", p.Value, p.Estimate, exact[p.Value], se)
		}
	}
}

// A target the range never reaches is said so; a bracket too close to
// call at the most trials allowed is reported as not significant, after
// doubling the trials as the rule says.
func TestBalanceEdges(t *testing.T) {
	b := balanceJSON(t, "trolls-vs-knights", "--vary", "units.knights.models=3..4", "--target", "knights.wins=0.5", "--seed", "1")
	if b.Crossing.Found || !strings.Contains(b.Crossing.Says, "does not reach 0.5") {
		t.Errorf("no crossing in 3..4: %+v", b.Crossing)
	}
	// P(knights.wins) at 5 knights is 0.4559 exactly (the exact search
	// above), so 0.456 sits inside any interval 20,000 trials give.
	c := balanceJSON(t, "trolls-vs-knights", "--vary", "units.knights.models=5..6", "--target", "knights.wins=0.456", "--seed", "1",
		"--simulate", "--trials", "5000", "--max-trials", "20000")
	if c.Crossing.Significant || !strings.Contains(c.Crossing.Says, "NOT significant") {
		t.Errorf("a bracket too close to call: %+v", c.Crossing)
	}
	trials := map[int64]bool{}
	for _, p := range c.Tried {
		trials[p.Trials] = true
	}
	if !trials[5000] || !trials[10000] || !trials[20000] {
		t.Errorf("trials tried %v; the rule doubles 5,000 to 20,000", trials)
	}
	m := balanceJSON(t, "trolls-vs-knights", "--vary", "units.knights.models=3..9", "--target", "knights.casualties.mean=1.25", "--seed", "1")
	if !m.Crossing.Found || m.Target.Kind != "mean" {
		t.Errorf("a mean target: %+v", m.Crossing)
	}
}

// Bad flags are refused, saying what to give.
func TestBalanceFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"trolls-vs-knights", "--target", "knights.wins=0.5"}, "give the field to vary"},
		{[]string{"trolls-vs-knights", "--vary", "units.knights.models=3..9"}, "give EVENT=P"},
		{[]string{"trolls-vs-knights", "--vary", "units.knights.models=3..9:2", "--target", "knights.wins=0.5"}, "with no step"},
		{[]string{"trolls-vs-knights", "--vary", "units.knights.models=3..9", "--target", "knights.wins=1.5"}, "between 0 and 1"},
		{[]string{"trolls-vs-knights", "--vary", "units.knights.models=3..9", "--target", "knights.win=0.5"}, `no event "knights.win"`},
		{[]string{"trolls-vs-knights", "--vary", "units.knights.models=3..9", "--target", "knights.wins=0.5", "--confidence", "1"}, "--confidence"},
		{[]string{"trolls-vs-knights", "--vary", "units.knights.models=3..9", "--target", "knights.wins=0.5", "--trials", "1000", "--max-trials", "10"}, "--max-trials"},
	} {
		code, _, stderr := sim(t, context.Background(), append([]string{"balance"}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// A sharded balance simulates every value, so its shards merge to what one
// shard of the whole gives.
func TestBalanceShards(t *testing.T) {
	dir := t.TempDir()
	args := []string{"balance", "trolls-vs-knights", "--vary", "units.knights.models=4..6", "--target", "knights.wins=0.5", "--trials", "12300", "--seed", "2", "--simulate", "--quiet"}
	merge := func(n int) string {
		var files []string
		for i := range n {
			f := filepath.Join(dir, fmt.Sprintf("b%d-%d.json", n, i))
			if code, _, stderr := sim(t, context.Background(), append(args, "--shard", fmt.Sprintf("%d/%d", i, n), "--out", f)...); code != 0 {
				t.Fatal(stderr)
			}
			files = append(files, f)
		}
		code, out, stderr := sim(t, context.Background(), append([]string{"merge"}, files...)...)
		if code != 0 {
			t.Fatal(stderr)
		}
		return out
	}
	one, three := merge(1), merge(3)
	if one != three || !strings.Contains(one, "every value of 4..6 simulated") {
		t.Errorf("three shards merged:\n%s\none:\n%s", three, one)
	}
}

// --points varies a unit's models at the other side's cost: the library's
// three Trolls cost 3 × 50 = 150 points, the Empire Knights pay 24 for
// their standard and musician, so n Knights cost 23n + 24 now, and at
// equal points the break-even price is (150 − 24) / n for the n above the
// crossing; an exact sweep of the Knights' models shows the crossing.
func TestBalancePoints(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "kt.yaml")
	src := "name: kt\nunits:\n  - {id: knights, from: empire_knights}\n  - {id: trolls, from: trolls}\n" +
		"fight: {type: close_combat, sides: [knights, trolls], charger: knights}\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	b := balanceJSON(t, path, "--points", "knights", "--target", "knights.wins=0.5", "--seed", "1")
	p, c := b.Price, b.Crossing
	if p == nil || !c.Found || p.Budget != 150 || p.Fixed != 24 || p.PerModel != 23 || c.Above.Value != c.Below.Value+1 {
		t.Fatalf("price %+v, crossing %+v", p, c)
	}
	if want := 126 / float64(c.Above.Value); p.BreakEven != want {
		t.Errorf("break-even %v, want 126/%d = %v", p.BreakEven, c.Above.Value, want)
	}
	code, out, stderr := sim(t, context.Background(), "sweep", path, "--vary", "units.knights.models="+fmt.Sprint(c.Below.Value)+".."+fmt.Sprint(c.Above.Value),
		"--exact", "--seed", "1", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatal(stderr)
	}
	var sw report.Sweep
	json.Unmarshal([]byte(out), &sw)
	if lo, hi := sw.Points[0].Events["knights.wins"].P, sw.Points[1].Events["knights.wins"].P; !(lo < 0.5 && hi >= 0.5) {
		t.Errorf("the sweep at %d and %d gives %v and %v, which do not straddle 0.5", c.Below.Value, c.Above.Value, lo, hi)
	}
	if code, _, stderr := sim(t, context.Background(), "balance", "trolls-vs-knights", "--points", "knights", "--target", "knights.wins=0.5"); code != 2 || !strings.Contains(stderr, "no unit knights with points") {
		t.Errorf("a scenario without points: exit %d, %q", code, stderr)
	}
}

// A War of the Ring fight of three turns reports each turn, and compare
// gives the difference two Might policies make to the companies left
// after the third, with its interval (issue 19).
func TestWotRThreeTurnsCompare(t *testing.T) {
	dir := t.TempDir()
	_, src, _ := sim(t, context.Background(), "show", "wotr-three-turns")
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	os.WriteFile(a, []byte(src), 0o644)
	os.WriteFile(b, []byte(strings.Replace(strings.Replace(src, "might_policy: duel", "might_policy: greedy", 1), "name: wotr-three-turns", "name: greedy", 1)), 0o644)
	code, out, stderr := sim(t, context.Background(), "compare", a, b, "--trials", "20000", "--seed", "1", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatal(stderr)
	}
	var c report.Comparison
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	d, ok := c.Differences["greedy-wotr-three-turns"].Metrics["orcs.companies.turn3"]
	if !ok || !(d.CI95[0] <= d.Mean && d.Mean <= d.CI95[1]) {
		t.Fatalf("no difference with an interval for orcs.companies.turn3: %+v (%v)", d, ok)
	}
	for _, name := range []string{"gondor.companies.turn1", "captain.might.turn2", "orcs.wins.turn3"} {
		_, m := c.Results["wotr-three-turns"].Metrics[name]
		_, e := c.Results["wotr-three-turns"].Events[name]
		if !m && !e {
			t.Errorf("the three-turn fight reports no %s", name)
		}
	}
	if code, _, _ := sim(t, context.Background(), "exact", "wotr-three-turns"); code != 3 {
		t.Errorf("sim exact of three turns: exit %d, want 3 (simulated only)", code)
	}
	// docs/wotr.md: the Orc Captain who keeps his Might through turn 1
	// wins more duels, and his orcs are destroyed more often.
	later := filepath.Join(dir, "later.yaml")
	os.WriteFile(later, []byte(strings.Replace(strings.Replace(src, "- {action: heroic_duel, target: captain}", "- {action: heroic_duel, target: captain, turns: [2, 3]}", 1),
		"name: wotr-three-turns", "name: later", 1)), 0o644)
	code, out, stderr = sim(t, context.Background(), "compare", a, later, "--trials", "20000", "--seed", "1", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatal(stderr)
	}
	c = report.Comparison{}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"orc_captain.wins_duel", "orcs.destroyed"} {
		if d := c.Differences["later-wotr-three-turns"].Events[name]; !(d.CI95[0] > 0) {
			t.Errorf("declaring the duel later: %s difference %+v, want an interval above 0", name, d)
		}
	}
}

// The turns chart draws a fight of several turns, and is refused, naming
// what there is, for a scenario of one.
func TestTurnsChart(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "turns.png")
	if code, _, stderr := sim(t, context.Background(), "run", "wotr-three-turns", "--trials", "2000", "--seed", "1", "--quiet", "--plot", "turns="+png); code != 0 {
		t.Fatal(stderr)
	}
	if st, err := os.Stat(png); err != nil || st.Size() < 1000 {
		t.Errorf("turns chart: %v", err)
	}
	code, _, stderr := sim(t, context.Background(), "run", "wotr-captain-duel", "--trials", "2000", "--seed", "1", "--quiet", "--plot", "turns="+png)
	if code != 2 || !strings.Contains(stderr, "no such result") {
		t.Errorf("a one-turn scenario: exit %d, %q", code, stderr)
	}
}

// A bisection takes ranges wider than a sweep's hundred values: 1..1000
// Knights is bisected (the field's own limit, 10,000 models, is not
// reached), and a range past maxBalanceRange is refused.
func TestBalanceWideRange(t *testing.T) {
	b := balanceJSON(t, "trolls-vs-knights", "--vary", "units.knights.models=1..1000", "--target", "knights.wins=0.5", "--seed", "1",
		"--simulate", "--trials", "4096", "--max-trials", "4096")
	if !b.Crossing.Found || len(b.Tried) > 12 {
		t.Errorf("1..1000: found %v after %d values; bisection needs about log2(1000) + 2 = 12", b.Crossing.Found, len(b.Tried))
	}
	code, _, stderr := sim(t, context.Background(), "balance", "trolls-vs-knights", "--vary", "units.knights.models=0..9999999999", "--target", "knights.wins=0.5")
	if code != 2 || !strings.Contains(stderr, "a range of at most") {
		t.Errorf("a range too wide: exit %d, %q", code, stderr)
	}
}

// docs/conquest.md, "With and without healing": one compare of the
// built-in whose Mage heals against a copy whose Mage never casts; healing
// keeps the regiment in the fight, each difference with its interval.
func TestConquestHealingCompare(t *testing.T) {
	dir := t.TempDir()
	_, src, _ := sim(t, context.Background(), "show", "conquest-character-bleeds")
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	os.WriteFile(a, []byte(src), 0o644)
	noheal := strings.NewReplacer("first_turn: [cast]", "first_turn: []", "actions: [cast, clash]", "actions: [clash]",
		"name: conquest-character-bleeds", "name: no-healing").Replace(src)
	os.WriteFile(b, []byte(noheal), 0o644)
	code, out, stderr := sim(t, context.Background(), "compare", a, b, "--trials", "20000", "--seed", "1", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatal(stderr)
	}
	var c report.Comparison
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	diff := c.Differences["no-healing-conquest-character-bleeds"]
	if d := diff.Events["men_at_arms.destroyed"]; !(d.CI95[0] > 0.5) {
		t.Errorf("without healing the regiment is destroyed more often by far: %+v", d)
	}
	if d := diff.Metrics["men_at_arms.stands_after_turn_5"]; !(d.CI95[1] < 0) {
		t.Errorf("without healing fewer stands are left after turn 5: %+v", d)
	}
}

// docs/conquest.md, "Cast or duel?": the built-in whose Theist Priest
// casts Holy Fire against a copy whose Priest duels the High Clone
// Executor; casting destroys the Drones far more often, duelling costs
// the Priest and his regiment.
func TestConquestCastOrDuelCompare(t *testing.T) {
	dir := t.TempDir()
	_, src, _ := sim(t, context.Background(), "show", "conquest-priest-holy-fire")
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	os.WriteFile(a, []byte(src), 0o644)
	duel := strings.NewReplacer("actions: [cast, clash]", "actions: [duel, clash]",
		"name: conquest-priest-holy-fire", "name: priest-duels").Replace(src)
	os.WriteFile(b, []byte(duel), 0o644)
	code, out, stderr := sim(t, context.Background(), "compare", a, b, "--trials", "20000", "--seed", "1", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatal(stderr)
	}
	var c report.Comparison
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	diff := c.Differences["priest-duels-conquest-priest-holy-fire"]
	if d := diff.Events["drones.destroyed"]; !(d.CI95[1] < -0.5) {
		t.Errorf("duelling destroys the Drones far less often than Holy Fire: %+v", d)
	}
	if d := diff.Events["men_at_arms.character.slain"]; !(d.CI95[0] > 0.5) {
		t.Errorf("the Executor slays the duelling Priest most of the time: %+v", d)
	}
	if d := diff.Events["men_at_arms.destroyed"]; !(d.CI95[0] > 0.3) {
		t.Errorf("the duelling Priest's regiment is destroyed far more often: %+v", d)
	}
}

// docs/conquest.md, "What the hammer adds": the built-in of two regiments
// against one against a copy without the Knights' side; the Knights save
// the Men-at-Arms and destroy the Avatara far more often.
func TestConquestHammerCompare(t *testing.T) {
	dir := t.TempDir()
	_, src, _ := sim(t, context.Background(), "show", "conquest-hammer-and-anvil")
	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	os.WriteFile(a, []byte(src), 0o644)
	var kept []string
	for _, line := range strings.Split(src, "\n") {
		if !strings.Contains(line, "regiment: knights") {
			kept = append(kept, line)
		}
	}
	anvil := strings.Replace(strings.Join(kept, "\n"), "name: conquest-hammer-and-anvil", "name: no-knights", 1)
	os.WriteFile(b, []byte(anvil), 0o644)
	code, out, stderr := sim(t, context.Background(), "compare", a, b, "--trials", "20000", "--seed", "1", "--format", "json", "--quiet")
	if code != 0 {
		t.Fatal(stderr)
	}
	var c report.Comparison
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	diff := c.Differences["no-knights-conquest-hammer-and-anvil"]
	if d := diff.Events["avatara.destroyed"]; !(d.CI95[1] < -0.4) {
		t.Errorf("without the Knights the Avatara are destroyed far less often: %+v", d)
	}
	if d := diff.Events["men_at_arms.destroyed"]; !(d.CI95[0] > 0.25) {
		t.Errorf("without the Knights the Men-at-Arms are destroyed far more often: %+v", d)
	}
}
