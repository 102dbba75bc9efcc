package scenario

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
)

// BenchmarkExact solves the built-in turns the exact solver takes, and
// wotr-epic-duel's duels fought over two turns (its states carried
// from turn to turn, each turn's duels followed again).
func BenchmarkExact(b *testing.B) {
	three := func() []byte {
		src, _ := scenarios.BuiltinSource("wotr-epic-duel")
		return []byte(strings.Replace(string(src), "  type: duels", "  type: duels\n  turns: 2", 1))
	}
	for _, c := range []struct {
		name string
		src  func() []byte
	}{
		{"wotr-worked-duel", nil},
		{"wotr-epic-duel", nil},
		{"wotr-captain-duel", nil},
		{"wotr-epic-duel-2-turns", three},
	} {
		b.Run(c.name, func(b *testing.B) {
			var p *scenarios.Plan
			var err error
			if c.src == nil {
				p, err = scenarios.Builtin(c.name)
			} else {
				p, err = scenarios.Load(c.name+".yaml", c.src())
			}
			if err != nil {
				b.Fatal(err)
			}
			sv, ok := p.Model.(engine.Solver)
			if !ok {
				b.Fatal("no exact solver")
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sv.Exact(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
