package scenario

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// The factions of the library (issue 20): each has at least two regiments.
var libraryFactions = []string{"Hundred Kingdoms", "Spires", "Nords", "Dweghom", "W'adrhun", "Old Dominion"}

// Every library regiment decodes, gives what a reader needs (name, source,
// faction, type, class, profile, size), says in its source which era and
// form its profile is and that it was not checked against the book, and
// clashes with every other one, striking and struck, in a scenario that
// starts both from the library. A per-stand (2.x) regiment has one model a
// stand and runs under the 2.0 preset.
func TestRegimentLibrary(t *testing.T) {
	t.Parallel()
	names := regiments.Names()
	if len(names) < 5 {
		t.Fatalf("%d library regiments; are regiments/*.yaml embedded?", len(names))
	}
	byFaction := map[string][]string{}
	for _, name := range names {
		r, pos, err := regiments.Decode(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range []string{"name", "source", "faction", "type", "class", "profile", "stands", "models"} {
			if _, ok := pos[field]; !ok {
				t.Errorf("%s gives no %s", name, field)
			}
		}
		if !slices.Contains(libraryFactions, r.Faction) {
			t.Errorf("%s: faction %q; use one of %s", name, r.Faction, strings.Join(libraryFactions, ", "))
		}
		byFaction[r.Faction] = append(byFaction[r.Faction], name)
		if !strings.Contains(r.Source, "(not checked against the book)") {
			t.Errorf("%s: source %q; say it was not checked against the book", name, r.Source)
		}
		perModel, perStand := strings.Contains(r.Source, "1.5 profile, per model"), strings.Contains(r.Source, "2.x profile, per stand")
		switch {
		case perModel == perStand:
			t.Errorf("%s: source %q; say whether the profile is 1.5's, per model, or 2.x's, per stand", name, r.Source)
		case perModel != (r.StandProfile == "per_model") || perStand != (r.StandProfile == "per_stand"):
			t.Errorf("%s: stand_profile %q, but its source says %q", name, r.StandProfile, r.Source)
		case perStand && r.Models != 1:
			t.Errorf("%s: a per-stand profile with %d models a stand; give 1", name, r.Models)
		case perStand:
			src := fmt.Sprintf("game: conquest\nruleset: \"2.0\"\nregiments:\n  - {id: a, from: %s}\n  - {id: b, from: %s}\nfight: {type: clash, attacker: a, target: b}\n", name, name)
			if _, err := scenarios.Load("c.yaml", []byte(src)); err != nil {
				t.Errorf("%s, a per-stand profile, under 2.0: %v", name, err)
			}
		}
	}
	for _, f := range libraryFactions {
		if len(byFaction[f]) < 2 {
			t.Errorf("faction %s has %d library regiments (%s); give it at least two", f, len(byFaction[f]), strings.Join(byFaction[f], ", "))
		}
	}
	scenariotest.EveryMatchupRuns(t, era{library{regiments}, "per_model", ""})
	scenariotest.EveryMatchupRuns(t, era{library{regiments}, "per_stand", "ruleset: \"2.0\"\n"})
}

// era is the library's regiments of one stand profile, their matchups
// under a ruleset that shares it: the two eras' profiles do not mix.
type era struct {
	library
	form, ruleset string
}

func (e era) Names() []string {
	var out []string
	for _, n := range e.library.Names() {
		if r, ok := e.Unit(n); ok && r.StandProfile == e.form {
			out = append(out, n)
		}
	}
	return out
}

func (e era) Matchup(row, col scenarios.Pick, fight string) []byte {
	return []byte(strings.Replace(string(e.library.Matchup(row, col, fight)), "game: conquest\n", "game: conquest\n"+e.ruleset, 1))
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
