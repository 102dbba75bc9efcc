package conquestref

import (
	"testing"

	"github.com/wargamesim/sim/bench/refrun"
	"github.com/wargamesim/sim/engine/enginetest"
)

// The paired benchmarks: BenchmarkEngineX and BenchmarkReferenceX resolve
// the same built-in scenario, one trial per iteration on one goroutine,
// and report ns/trial. Compare them as ratios from the same run:
//
//	go test -run XXX -bench . -count 6 ./bench/conquest/ | tee new.txt
//	benchstat new.txt
//
// GuardVsDrones is a single action (a Clash and its Morale test);
// TrollsGroundDown a fight of six turns with Regeneration; MageHeals four
// turns with a Charge, Clashes and a healing spell; HammerAndAnvil three
// regiments over four turns, with the roll-off.

func BenchmarkEngineGuardVsDrones(b *testing.B)    { benchEngine(b, "conquest-guard-vs-drones") }
func BenchmarkReferenceGuardVsDrones(b *testing.B) { benchReference(b, "conquest-guard-vs-drones") }
func BenchmarkEngineTrollsGroundDown(b *testing.B) { benchEngine(b, "conquest-trolls-ground-down") }
func BenchmarkReferenceTrollsGroundDown(b *testing.B) {
	benchReference(b, "conquest-trolls-ground-down")
}
func BenchmarkEngineMageHeals(b *testing.B)    { benchEngine(b, "conquest-chapter-mage-heals") }
func BenchmarkReferenceMageHeals(b *testing.B) { benchReference(b, "conquest-chapter-mage-heals") }
func BenchmarkEngineHammerAndAnvil(b *testing.B) {
	benchEngine(b, "conquest-hammer-and-anvil")
}
func BenchmarkReferenceHammerAndAnvil(b *testing.B) {
	benchReference(b, "conquest-hammer-and-anvil")
}

func benchEngine(b *testing.B, name string) {
	p, _ := load(b, name)
	enginetest.BenchTrials(b, p.Model)
}

func benchReference(b *testing.B, name string) {
	_, ref := load(b, name)
	refrun.Bench(b, len(ref.Metrics()), len(ref.Events()), Stream, ref.Trial)
}

// TestReferenceDoesNotAllocate checks that a reference trial allocates
// nothing, so that the benchmarks compare dice with dice: the built-ins'
// and testdata's.
func TestReferenceDoesNotAllocate(t *testing.T) {
	for _, name := range builtinNames(t) {
		_, ref := load(t, name)
		if a := refrun.Allocs(len(ref.Metrics()), len(ref.Events()), Stream, ref.Trial); a != 0 {
			t.Errorf("%s: %.1f allocations a trial", name, a)
		}
	}
	for _, file := range []string{"counter-attack", "lethal-demise", "damage-spell", "spell-contact", "draw-event-rally", "duel",
		"two-on-one", "retarget", "three-on-three"} {
		_, ref := loadVariant(t, file, variant{opts: "duel_morale: yes"})
		if a := refrun.Allocs(len(ref.Metrics()), len(ref.Events()), Stream, ref.Trial); a != 0 {
			t.Errorf("testdata/%s: %.1f allocations a trial", file, a)
		}
	}
}
