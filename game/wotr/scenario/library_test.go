package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// Every library formation decodes, gives what a reader needs (name,
// source, faction, troop type, profile, size) and no heroes or id, and fights every
// other one, charging and charged, in a scenario that starts both from the
// library.
func TestFormationLibrary(t *testing.T) {
	t.Parallel()
	names := formations.Names()
	if len(names) < 5 {
		t.Fatalf("%d library formations; are formations/*.yaml embedded?", len(names))
	}
	for _, name := range names {
		f, pos, err := formations.Decode(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range []string{"name", "source", "faction", "type", "profile", "companies"} {
			if _, ok := pos[field]; !ok {
				t.Errorf("%s gives no %s", name, field)
			}
		}
		if len(f.Heroes) > 0 {
			t.Errorf("%s gives heroes: a library formation has none, since hero ids must differ in a scenario", name)
		}
	}
	scenariotest.EveryMatchupRuns(t, library{formations})
}

// A formation's from: starts it from the library, and what it gives
// overrides the library's; an unknown name is a located error that names
// the command that lists them.
func TestFormationFrom(t *testing.T) {
	t.Parallel()
	base := func(extra string) string {
		return "game: wotr\nformations:\n  - id: arnor\n    from: warriors_of_arnor\n" + extra +
			"  - id: orcs\n    from: orc_warriors\nfight: {type: fight, charger: arnor}\n"
	}
	p, err := scenarios.Load("w.yaml", []byte(base("    companies: 2\n")))
	if err != nil {
		t.Fatal(err)
	}
	if line := strings.Join(p.Lines, "\n"); !strings.Contains(line, "arnor: 2 companies of 8") {
		t.Errorf("companies: 2 did not override the library's 4:\n%s", line)
	}
	names := strings.Join(formations.Names(), ", ")
	scenariotest.WantOneError(t, "w.yaml", strings.Replace(base(""), "from: orc_warriors", "from: orc_warrior", 1),
		fmt.Sprintf(`w.yaml:6:11: formations[1].from: unknown library formation "orc_warrior"; did you mean "orc_warriors"? Use one of %s (sim units --game wotr lists them)`, names),
		"a misspelt library name is suggested")
}
