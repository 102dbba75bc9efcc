package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// Every library regiment decodes, gives what a reader needs (name, source,
// type, class, profile, size), and clashes with every other one, striking
// and struck, in a scenario that starts both from the library.
func TestRegimentLibrary(t *testing.T) {
	t.Parallel()
	names := regiments.Names()
	if len(names) < 5 {
		t.Fatalf("%d library regiments; are regiments/*.yaml embedded?", len(names))
	}
	for _, name := range names {
		r, pos, err := regiments.Decode(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range []string{"name", "source", "type", "class", "profile", "stands", "models"} {
			if _, ok := pos[field]; !ok {
				t.Errorf("%s gives no %s", name, field)
			}
		}
		if !strings.Contains(r.Source, "1.5 profile, per model") {
			t.Errorf("%s: source %q; say the profile is 1.5's, per model", name, r.Source)
		}
	}
	scenariotest.EveryMatchupRuns(t, library{regiments})
}

// A regiment's from: starts it from the library, and what it gives
// overrides the library's; under 2.0 the library's per-model profiles are
// refused where they are used, with the reason.
func TestRegimentFrom(t *testing.T) {
	t.Parallel()
	base := "game: conquest\nregiments:\n  - id: guard\n    from: household_guard\n    stands: 5\n" +
		"  - id: drones\n    from: force_grown_drones\nfight: {type: clash, attacker: guard, target: drones}\n"
	p, err := scenarios.Load("c.yaml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	if line := strings.Join(p.Lines, "\n"); !strings.Contains(line, "guard): 5 stands of 4 models") {
		t.Errorf("stands: 5 did not override the library's 3:\n%s", line)
	}
	names := strings.Join(regiments.Names(), ", ")
	scenariotest.WantOneError(t, "c.yaml", strings.Replace(base, "from: force_grown_drones", "from: drones", 1),
		fmt.Sprintf(`c.yaml:7:11: regiments[1].from: unknown library regiment "drones"; use one of %s (sim units --game conquest lists them)`, names),
		"an unknown library name lists the library")
	_, err = scenarios.Load("c.yaml", []byte(strings.Replace(base, "game: conquest\n", "game: conquest\nruleset: \"2.0\"\n", 1)))
	if err == nil || !strings.Contains(err.Error(), "models: 4 models on a stand, but under stand_profile per_stand") {
		t.Errorf("a 1.5 library regiment under 2.0: %v, want the per-stand error at its from line", err)
	}
}
