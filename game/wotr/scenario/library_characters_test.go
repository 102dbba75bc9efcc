package scenario

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// Every library hero decodes and gives what a reader needs (name, source,
// faction, profile) and no actions: a scenario declares them.
func TestHeroLibrary(t *testing.T) {
	t.Parallel()
	names := heroes.Names()
	if len(names) < 6 {
		t.Fatalf("%d library heroes; are heroes/*.yaml embedded?", len(names))
	}
	for _, name := range names {
		h, pos, err := heroes.Decode(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range []string{"name", "source", "faction", "profile", "profile.F", "profile.R", "profile.C", "profile.Might"} {
			if _, ok := pos[field]; !ok {
				t.Errorf("%s gives no %s", name, field)
			}
		}
		if len(h.Actions) > 0 || h.MightPolicy != "" {
			t.Errorf("%s gives actions or a Might policy: a scenario declares them", name)
		}
	}
	// Each hero leads a library formation of his faction in a scenario
	// that loads: his profile is in range.
	for _, name := range names {
		h, _ := heroes.Unit(name)
		src := fmt.Sprintf("game: wotr\nformations:\n  - id: a\n    from: %s\n    heroes: [{id: h, from: %s}]\n  - id: b\n    from: %s\nfight: {type: fight, charger: a}\n",
			factionFormation(t, h.Faction), name, factionFormation(t, "Mordor"))
		if _, err := scenarios.Load("h.yaml", []byte(src)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// factionFormation is the first library formation of faction.
func factionFormation(t *testing.T, faction string) string {
	t.Helper()
	for _, name := range formations.Names() {
		if f, _ := formations.Unit(name); f.Faction == faction {
			return name
		}
	}
	t.Fatalf("no library formation of faction %q", faction)
	return ""
}

// Every faction the library promises (issue 19) has at least two
// formations and one hero, and no file names another faction.
func TestLibraryFactions(t *testing.T) {
	t.Parallel()
	want := []string{"Gondor", "Rohan", "Isengard", "Mordor", "Elves", "Dwarves"}
	nf, nh := map[string]int{}, map[string]int{}
	for _, name := range formations.Names() {
		f, _ := formations.Unit(name)
		nf[f.Faction]++
	}
	for _, name := range heroes.Names() {
		h, _ := heroes.Unit(name)
		nh[h.Faction]++
	}
	for _, fa := range want {
		if nf[fa] < 2 || nh[fa] < 1 {
			t.Errorf("faction %s: %d formations and %d heroes; want at least 2 and 1", fa, nf[fa], nh[fa])
		}
		delete(nf, fa)
		delete(nh, fa)
	}
	if len(nf) > 0 || len(nh) > 0 {
		t.Errorf("formations or heroes of factions outside %s (misspelt?): %v %v", strings.Join(want, ", "), nf, nh)
	}
}

// A hero's from: starts him from the library, and what he gives overrides
// the library's, the profile field by field; an unknown name is a located
// error that suggests the nearest and names the command that lists them.
func TestHeroFrom(t *testing.T) {
	t.Parallel()
	base := func(captain string) string {
		return "game: wotr\nformations:\n  - id: gondor\n    from: warriors_of_minas_tirith\n    heroes:\n" + captain +
			"  - id: orcs\n    from: orc_warriors\n    heroes:\n      - {id: orc, from: orc_captain}\nfight: {type: fight, charger: gondor}\n"
	}
	p, err := scenarios.Load("h.yaml", []byte(base("      - id: captain\n        from: captain_of_minas_tirith\n        profile: {Might: 3}\n")))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Join(p.Lines, "\n")
	for _, want := range []string{
		"captain leads the command company of gondor: F4 R2 C4 Might 3", // Might overridden, F, R and C the library's
		"orc leads the command company of orcs: F4 R2 C3 Might 2",       // the library's as it is
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("want %q in the description:\n%s", want, lines)
		}
	}
	if _, ok := p.Names["captain"]; !ok || p.Names["captain"] != "Captain of Minas Tirith" {
		t.Errorf("the captain's name is %q, want the library's", p.Names["captain"])
	}
	names := strings.Join(heroes.Names(), ", ")
	scenariotest.WantOneError(t, "h.yaml", base("      - id: captain\n        from: captain_of_minas_tirth\n"),
		fmt.Sprintf(`h.yaml:7:15: formations[0].heroes[0].from: unknown library hero "captain_of_minas_tirth"; did you mean "captain_of_minas_tirith"? Use one of %s (sim units --game wotr --characters lists them)`, names),
		"a misspelt library hero is suggested")
	// A hero given in full needs no library, and a library hero's profile
	// field given out of range is reported where it is given.
	scenariotest.WantOneError(t, "h.yaml", base("      - id: captain\n        from: aragorn\n        profile: {Might: 11}\n"),
		"h.yaml:8:26: formations[0].heroes[0].profile.Might: must be 0 to 10, got 11",
		"an override is validated where it is given")
}

// docs/wotr.md's "The formation library" has a row for every library
// formation and hero, and none for a name the library lacks.
func TestLibraryDocumented(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../docs/wotr.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "### The formation library\n")
	if !ok {
		t.Fatal(`docs/wotr.md has no "### The formation library"`)
	}
	section, _, _ = strings.Cut(section, "\n#")
	rows := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		if name, ok := strings.CutPrefix(line, "| `"); ok {
			name, _, _ = strings.Cut(name, "`")
			rows[name] = true
		}
	}
	for _, name := range append(formations.Names(), heroes.Names()...) {
		if !rows[name] {
			t.Errorf("docs/wotr.md, The formation library: no row for %s", name)
		}
		delete(rows, name)
	}
	for name := range rows {
		t.Errorf("docs/wotr.md, The formation library: a row for %s, which the library lacks", name)
	}
}
