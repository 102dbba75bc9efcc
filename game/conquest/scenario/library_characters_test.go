package scenario

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
	"github.com/wargamesim/sim/scenarios"
	"github.com/wargamesim/sim/scenarios/scenariotest"
)

// Every library Character decodes, gives what a reader needs (name,
// source, faction, the eight characteristics), leaves engaged to the
// scenario, says in its source which era its profile is and that it was
// not checked against the book; every faction of the regiment library has
// at least one.
func TestCharacterLibrary(t *testing.T) {
	t.Parallel()
	names := characters.Names()
	if len(names) < 6 {
		t.Fatalf("%d library characters; are characters/*.yaml embedded?", len(names))
	}
	byFaction := map[string][]string{}
	for _, name := range names {
		c, pos, err := characters.Decode(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, field := range []string{"name", "source", "faction", "profile",
			"profile.M", "profile.V", "profile.C", "profile.A", "profile.W", "profile.R", "profile.D", "profile.E"} {
			if _, ok := pos[field]; !ok {
				t.Errorf("%s gives no %s", name, field)
			}
		}
		if _, ok := pos["engaged"]; ok {
			t.Errorf("%s gives engaged: whether he is in contact is the scenario's to say", name)
		}
		if !slices.Contains(libraryFactions, c.Faction) {
			t.Errorf("%s: faction %q; use one of %s", name, c.Faction, strings.Join(libraryFactions, ", "))
		}
		byFaction[c.Faction] = append(byFaction[c.Faction], name)
		if !strings.HasSuffix(c.Source, "(not checked against the book)") {
			t.Errorf("%s: source %q; say it was not checked against the book", name, c.Source)
		}
		if old, two := strings.Contains(c.Source, "1.5 profile"), strings.Contains(c.Source, "2.x profile"); old == two {
			t.Errorf("%s: source %q; say whether the profile is 1.5's or 2.x's", name, c.Source)
		}
	}
	for _, f := range libraryFactions {
		if len(byFaction[f]) < 1 {
			t.Errorf("faction %s has no library character; give it one", f)
		}
	}
}

// characterScenario is a one-turn clash of turns: the first library
// regiment of the Character's faction, with him engaged and casting his
// spell first when he has one, against a regiment of another faction of
// the same era, under that era's preset.
func characterScenario(t *testing.T, name string) string {
	t.Helper()
	c, _ := characters.Unit(name)
	form, ruleset := "per_model", "1.5"
	if strings.Contains(c.Source, "2.x profile") {
		form, ruleset = "per_stand", "2.0"
	}
	var own, other string
	for _, n := range regiments.Names() {
		r, _ := regiments.Unit(n)
		switch {
		case r.StandProfile != form:
		case r.Faction == c.Faction && own == "":
			own = n
		case r.Faction != c.Faction && other == "":
			other = n
		}
	}
	if own == "" || other == "" {
		t.Fatalf("%s: no library regiment of %s, or none of another faction, with stand_profile %s", name, c.Faction, form)
	}
	first := "[clash]"
	if c.Spell != nil {
		first = "[cast, clash]"
	}
	return fmt.Sprintf("game: conquest\nruleset: %q\nregiments:\n  - id: a\n    from: %s\n    character: {from: %s, engaged: true}\n  - {id: b, from: %s}\n"+
		"fight:\n  type: turns\n  turns: 1\n  sides:\n    - {regiment: a, first_turn: %s, actions: [clash]}\n    - {regiment: b, actions: [clash]}\n",
		ruleset, own, name, other, first)
}

// Each library Character joins a library regiment of his faction and era
// in a scenario that loads, under the era's preset, and runs.
func TestCharacterLibraryRuns(t *testing.T) {
	t.Parallel()
	for _, name := range characters.Names() {
		src := characterScenario(t, name)
		p, err := scenarios.Load("c.yaml", []byte(src))
		if err != nil {
			t.Errorf("%s:\n%s\n%v", name, src, err)
			continue
		}
		c, _ := characters.Unit(name)
		if line := strings.Join(p.Lines, "\n"); !strings.Contains(line, "with "+c.Name+" (") {
			t.Errorf("%s: the description does not name him:\n%s", name, line)
		}
		res, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: 20, Seed: 1, Workers: 1})
		if err != nil || res.Trials != 20 {
			t.Errorf("%s: Run: %v after %d trials", name, err, res.Trials)
		}
	}
}

// A character's from: starts him from the library, and what he gives
// overrides the library's, the profile field by field; an unknown name is
// a located error that suggests the nearest and names the command that
// lists them, and an override is validated where it is given.
func TestCharacterFrom(t *testing.T) {
	t.Parallel()
	base := func(mage string) string {
		return "game: conquest\nregiments:\n  - id: men\n    from: men_at_arms\n    character:\n" + mage +
			"  - id: guard\n    from: household_guard\n    character: {from: noble_lord_infantry}\nfight: {type: clash, attacker: men, target: guard}\n"
	}
	p, err := scenarios.Load("c.yaml", []byte(base("      from: chapter_mage\n      profile: {A: 3}\n      engaged: true\n")))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Join(p.Lines, "\n")
	for _, want := range []string{
		"with Chapter Mage (V3 C1 A3 W4 R2; Barrage 3)", // A overridden, the rest the library's
		"with Noble Lord (V1 C3 A5 W4 R3)",              // the library's as it is
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("want %q in the description:\n%s", want, lines)
		}
	}
	// The library's spell comes with him: the cast action is his to take.
	turns := strings.Replace(base("      from: chapter_mage\n"), "fight: {type: clash, attacker: men, target: guard}\n",
		"fight:\n  type: turns\n  turns: 1\n  sides:\n    - {regiment: men, actions: [cast]}\n    - {regiment: guard, actions: [clash]}\n", 1)
	if _, err := scenarios.Load("c.yaml", []byte(turns)); err != nil {
		t.Errorf("a library Chapter Mage casts: %v", err)
	}
	names := strings.Join(characters.Names(), ", ")
	scenariotest.WantOneError(t, "c.yaml", base("      from: chapter_mag\n"),
		fmt.Sprintf(`c.yaml:6:13: regiments[0].character.from: unknown library character "chapter_mag"; did you mean "chapter_mage"? Use one of %s (sim units --game conquest --characters lists them)`, names),
		"a misspelt library character is suggested")
	scenariotest.WantOneError(t, "c.yaml", base("      from: \"\"\n"),
		"c.yaml:6:13: regiments[0].character.from: empty; name a character of the library (sim units --game conquest --characters lists them), or remove from",
		"an empty from is refused")
	scenariotest.WantOneError(t, "c.yaml", base("      from: chapter_mage\n      profile: {W: 0}\n"),
		"c.yaml:7:20: regiments[0].character.profile.W: must be 1 to 20, got 0",
		"an override is validated where it is given")
	scenariotest.WantOneError(t, "c.yaml", base("      from: chapter_mage\n      special_rules: {impact: 2}\n"),
		"c.yaml:7:31: regiments[0].character.special_rules.impact: impact has no effect on a character: its regiment's profile and rules defend it, charge and test Morale; move it to the regiment's special_rules",
		"a rule refused on a character is refused where it is given")
}

// docs/conquest.md's "The regiment library" has a row for every library
// Character, and none for a character the library lacks.
func TestCharacterLibraryDocumented(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../docs/conquest.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "### The regiment library\n")
	if !ok {
		t.Fatal(`docs/conquest.md has no "### The regiment library"`)
	}
	section, _, _ = strings.Cut(section, "\n#")
	_, table, ok := strings.Cut(section, "| Character |")
	if !ok {
		t.Fatal(`docs/conquest.md, The regiment library: no table of characters ("| Character | ...")`)
	}
	table, _, _ = strings.Cut(table, "\n\n")
	rows := map[string]bool{}
	for _, line := range strings.Split(table, "\n") {
		if name, ok := strings.CutPrefix(line, "| `"); ok {
			name, _, _ = strings.Cut(name, "`")
			rows[name] = true
		}
	}
	for _, name := range characters.Names() {
		if !rows[name] {
			t.Errorf("docs/conquest.md, The regiment library: no row for the character %s", name)
		}
		delete(rows, name)
	}
	for name := range rows {
		t.Errorf("docs/conquest.md, The regiment library: a row for the character %s, which the library lacks", name)
	}
}
