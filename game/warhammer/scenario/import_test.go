package scenario

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/battlescribe"
	"github.com/wargamesim/sim/scenarios"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata: the imports (testdata/import) and the pin of two-unit fights (two-unit.golden)")

// fixture is a file of the battlescribe package's fixtures, written for
// the tests in the BattleScribe schemas.
func fixture(name string) string {
	return filepath.Join("..", "..", "..", "battlescribe", "testdata", name)
}

// importFixture imports a fixture and decodes the library it writes.
func importFixture(t *testing.T, name string) ([]byte, map[string]Unit, map[string]Unit) {
	t.Helper()
	doc, err := battlescribe.Open(fixture(name))
	if err != nil {
		t.Fatal(err)
	}
	lib, err := Import(doc)
	if err != nil {
		t.Fatal(err)
	}
	data, err := lib.Marshal("warhammer", "sim import "+name)
	if err != nil {
		t.Fatal(err)
	}
	var lf struct {
		Game       string          `yaml:"game"`
		Source     string          `yaml:"source"`
		Units      map[string]Unit `yaml:"units"`
		Characters map[string]Unit `yaml:"characters"`
	}
	if _, errs := scenarios.Decode(name, data, &lf); len(errs) > 0 {
		t.Fatalf("the library does not decode: %v\n%s", errs, data)
	}
	return data, lf.Units, lf.Characters
}

// The imports of the fixtures, field by field, as read off the fixtures
// by hand; then the whole files against golden copies.
func TestImportCatalogue(t *testing.T) {
	data, units, chars := importFixture(t, "Fixture Army.cat")
	k := units["test_knights"]
	checkUnit(t, "test_knights", k, Unit{Name: "Test Knights", Type: "cavalry",
		Profile: Profile{M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}, Models: 5,
		Equipment: []string{"barding", "heavy_armour"}, Weapon: "lance", Points: 30})
	if k.Mount == nil || k.Mount.Kind != "cavalry" || *k.Mount.Profile != (MountProfile{M: 8, WS: 3, S: 3, I: 3, A: 2}) {
		t.Errorf("test_knights mount %+v: the linked Barded Warhorse, A1 and +1 by the link's modifier", k.Mount)
	}
	for _, opt := range []string{"Shields: 2 pts a model; equipment shield", "Knight Champion: 15 pts; a champion", "Standard Bearer: 10 pts; command standard"} {
		if !bytes.Contains(data, []byte(opt)) {
			t.Errorf("the optional upgrade %q is not listed", opt)
		}
	}
	tr := units["trolls"]
	checkUnit(t, "trolls", tr, Unit{Name: "Trolls", Profile: Profile{M: 6, WS: 3, BS: 1, S: 5, T: 4, W: 3, I: 1, A: 3, Ld: 4},
		Models: 3, Regeneration: 4, Rules: Special{CausesFear: true}, Points: 65})
	for _, note := range []string{"Stupidity: no engine rule; left out", "set WS to 4", "troop type: not in the data"} {
		if !slices.ContainsFunc(tr.NotSimulated, func(s string) bool { return strings.Contains(s, note) }) {
			t.Errorf("trolls' not_simulated %q does not report %q", tr.NotSimulated, note)
		}
	}
	checkUnit(t, "test_captain", chars["test_captain"], Unit{Name: "Test Captain",
		Profile: Profile{M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}, Equipment: []string{"light_armour"}, Points: 50})
	golden(t, "catalogue.yaml", data)
}

func TestImportRoster(t *testing.T) {
	data, units, chars := importFixture(t, "Fixture Warband.ros")
	// 6 knights for 180 and shields for 12 are (180+12)/6 = 32 a model;
	// the champion (15) and the standard (10) are the unit's 25.
	checkUnit(t, "test_knights", units["test_knights"], Unit{Name: "Test Knights", Type: "cavalry",
		Profile: Profile{M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}, Models: 6,
		Equipment: []string{"barding", "heavy_armour", "shield"}, Weapon: "lance",
		Command: Command{Standard: true, Champion: true}, Points: 32, UnitPoints: 25})
	if p := units["test_knights"].ChampionProfile; p == nil || p.A != 2 {
		t.Errorf("the champion's profile %+v: the roster gives A2", p)
	}
	checkUnit(t, "trolls", units["trolls"], Unit{Name: "Trolls", Profile: Profile{M: 6, WS: 3, BS: 1, S: 5, T: 4, W: 3, I: 1, A: 3, Ld: 4},
		Models: 4, Regeneration: 4, Rules: Special{CausesFear: true}, Points: 65})
	// The captain's 50 and his heavy armour's 4.
	checkUnit(t, "test_captain", chars["test_captain"], Unit{Name: "Test Captain",
		Profile: Profile{M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}, Equipment: []string{"heavy_armour"}, Points: 54})
	golden(t, "roster.yaml", data)
	json, _, _ := importFixture(t, "Fixture Warband.json")
	if a, b := strings.ReplaceAll(string(data), "Warband.ros", "Warband.json"), string(json); a != b {
		t.Errorf("the New Recruit JSON imports otherwise than the roster it mirrors:\n%s\n%s", a, b)
	}
}

// checkUnit compares the fields an import sets.
func checkUnit(t *testing.T, key string, got, want Unit) {
	t.Helper()
	if got.Name != want.Name || got.Type != want.Type || got.Profile != want.Profile || got.Models != want.Models ||
		!slices.Equal(sortedCopy(got.Equipment), sortedCopy(want.Equipment)) || got.Weapon != want.Weapon ||
		got.Command != want.Command || got.Regeneration != want.Regeneration || got.Rules != want.Rules ||
		got.Points != want.Points || got.UnitPoints != want.UnitPoints {
		t.Errorf("%s:\n got %+v\nwant %+v", key, got, want)
	}
	if !strings.Contains(got.Source, "entry \""+want.Name+"\" (") {
		t.Errorf("%s: source %q does not name the entry", key, got.Source)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "import", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		os.WriteFile(path+".got", got, 0o644)
		t.Errorf("%s differs from the golden file; the import wrote %s.got (go test -update rewrites it)", path, path)
	}
}

// unknownCharFixture writes the fixture army with the trolls' Ld called
// "Cool", and opens it.
func unknownCharFixture(t *testing.T) *battlescribe.Document {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"Fixture System.gst", "Fixture Army.cat"} {
		data, err := os.ReadFile(fixture(f))
		if err != nil {
			t.Fatal(err)
		}
		data = bytes.ReplaceAll(data, []byte(`name="Ld" typeId="fx-ld">4<`), []byte(`name="Cool" typeId="fx-ld">4<`))
		os.WriteFile(filepath.Join(dir, f), data, 0o644)
	}
	doc, err := battlescribe.Open(filepath.Join(dir, "Fixture Army.cat"))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// An unknown characteristic stops the import, naming the file, the entry
// and the fix a user of the binary has (an alias file), not a file of
// sim's source.
func TestImportUnknownCharacteristic(t *testing.T) {
	_, err := Import(unknownCharFixture(t))
	for _, w := range []string{"Fixture Army.cat: entry \"Trolls\"", `profile "Troll"`, `characteristic "Cool"`,
		"M (M, Mv, Move, Movement)", `"Cool = WS"`, "sim import --aliases FILE"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v does not say %q", err, w)
		}
	}
	if err != nil && (strings.Contains(err.Error(), ".yaml") || strings.Contains(err.Error(), "game/")) {
		t.Errorf("error %v names a file of sim's source", err)
	}
	// With the alias the user is told to write, the trolls import with Ld 4.
	lib, err := ImportAliases(unknownCharFixture(t), "my.aliases", []byte("# mine\n\nCool = Ld\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(lib.Units, func(u scenarios.ImportedUnit) bool { return u.Key == "trolls" }) {
		t.Errorf("with the alias the trolls are not imported: left out %q", lib.Skipped)
	}
}

// A bad alias file is refused at its line, saying what is wrong.
func TestImportAliasFileErrors(t *testing.T) {
	for _, tc := range []struct{ name, file, want string }{
		{"no equals sign", "Mv = M\nWeapon Skill WS\n", "my.aliases:2: \"Weapon Skill WS\": want NAME = MEANING"},
		{"no meaning", "# c\nMv =\n", "my.aliases:2: \"Mv =\": want NAME = MEANING"},
		{"a name twice", "Mv = M\nmv = WS\n", "my.aliases:2: \"mv\" is given at line 1 already"},
		{"an unknown meaning", "Mv = Movement\n", "my.aliases:1: \"Movement\" is neither what a characteristic means (M, WS,"},
	} {
		_, err := loadImportTable().withAliases("my.aliases", []byte(tc.file))
		var bs *battlescribe.Error
		if !errors.As(err, &bs) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want a battlescribe.Error saying %q", tc.name, err, tc.want)
		}
	}
	// Aliases of a characteristic and of a phrase, in any case, and the
	// embedded table left as it was.
	tb, err := loadImportTable().withAliases("my.aliases", []byte("Spd = m\nIthilmar Scale = Heavy Armour # as heavy armour\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tb.chars["spd"] != "M" || tb.Phrases["ithilmar scale"].Equipment != "heavy_armour" {
		t.Errorf("aliases not read: Spd is %q, Ithilmar Scale %+v", tb.chars["spd"], tb.Phrases["ithilmar scale"])
	}
	if _, ok := loadImportTable().chars["spd"]; ok {
		t.Error("an alias changed the embedded table")
	}
}

// Characteristics under the names community data gives them (Mv;
// spelled out; run together; LD), an armour and a ward save and a troop
// type in the profile. Values read off Fixture Names.cat by hand.
func TestImportCharacteristicNames(t *testing.T) {
	data, units, _ := importFixture(t, "Fixture Names.cat")
	// Mv 5; the Night Runner child: min 10 at 5 pts.
	checkUnit(t, "night_runners", units["night_runners"], Unit{Name: "Night Runners",
		Profile: Profile{M: 5, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 6}, Models: 10, Equipment: []string{"light_armour"}, Points: 5})
	// One model of 175 points, its saves its own: it has no equipment.
	sb := units["stone_beast"]
	checkUnit(t, "stone_beast", sb, Unit{Name: "Stone Beast", Type: "monster",
		Profile: Profile{M: 6, WS: 3, BS: 0, S: 6, T: 5, W: 5, I: 2, A: 4, Ld: 7}, Models: 1, Points: 175})
	if sb.Armour != 4 || len(sb.Ward) != 1 || sb.Ward[0] != 6 {
		t.Errorf("stone_beast armour %d, ward %v: the profile's ArmourSave 4+ and WardSave 6+", sb.Armour, sb.Ward)
	}
	// Its Armour Save 5+ is what its heavy armour gives: the equipment is
	// kept, and the data's save is noted, not given twice.
	tg := units["tower_guard"]
	checkUnit(t, "tower_guard", tg, Unit{Name: "Tower Guard", Type: "infantry",
		Profile: Profile{M: 5, WS: 5, BS: 4, S: 3, T: 3, W: 1, I: 6, A: 1, Ld: 8}, Models: 10, Equipment: []string{"heavy_armour"}, Points: 12})
	if tg.Armour != 0 || !slices.ContainsFunc(tg.NotSimulated, func(s string) bool { return strings.Contains(s, "armour save 5+") }) {
		t.Errorf("tower_guard armour %d, not_simulated %q: want the equipment's save, and the data's noted", tg.Armour, tg.NotSimulated)
	}
	golden(t, "names.yaml", data)
}

// Every phrase of the import table gives a field the scenario format has.
func TestImportTable(t *testing.T) {
	tb := loadImportTable()
	for name, p := range tb.Phrases {
		switch {
		case p.Equipment != "" && !slices.Contains(equipmentNames, p.Equipment):
			t.Errorf("%s: equipment %q is not one of %v", name, p.Equipment, equipmentNames)
		case p.Weapon != "" && !slices.Contains(weaponNames, p.Weapon):
			t.Errorf("%s: weapon %q is not one of %v", name, p.Weapon, weaponNames)
		case p.Rule != "" && !setRule(&Special{}, p.Rule):
			t.Errorf("%s: rule %q is not a special rule", name, p.Rule)
		case p.Command != "" && !slices.Contains([]string{"standard", "musician", "champion"}, p.Command):
			t.Errorf("%s: command %q", name, p.Command)
		}
		if r := p.Regeneration + p.Ward + p.Natural; r != "" && r != "given" && !isRoll(r) {
			t.Errorf("%s: roll %q is neither 2+ to 6+ nor given", name, r)
		}
	}
	for name, kind := range tb.Mounts {
		if !slices.Contains(mountKinds, kind) {
			t.Errorf("mount %s: kind %q is not one of %v", name, kind, mountKinds)
		}
	}
	// Names as the community data sets write them (issue 31), and the
	// parameter each keeps.
	for _, tc := range []struct{ in, want, param string }{
		{"Great Axes", "great axe", ""}, {"Shields", "shield", ""}, {"Chaos Armour", "chaos armour", ""}, {"Musician", "musician", ""},
		{"Regeneration (*)", "regeneration", ""}, {"Regeneration (5+)", "regeneration", "5+"},
		{"Always Strikes First (FAQ'ed)", "alway strike first", ""}, {"Killing Blow (BRB-72)", "killing blow", ""},
		{"Poisoned Attacks (BRB-73)", "poisoned attack", ""}, {"Lance (mounted models only)", "lance", ""},
		{"Full Plate Armor", "full plate armour", ""}, {"Spear (Foot)", "spear", ""}, {"Scaly Skin 4+", "scaly skin", "4+"},
		{"Two/Additional Hand Weapons (Models on foot only) (FAQ'ed)", "two/additional hand weapon", ""},
		{"Big \u2018Uns ", "big 'un", ""}, {"Ignore Greenskin Panic: ", "ignore greenskin panic", ""},
		{"Double-Handed Weapon", "double handed weapon", ""}, {"Infantry (Character)", "infantry", ""},
		{"Armour Piercing (1)", "armour piercing", ""}, {"(5+)", "", "5+"},
	} {
		_, param := nameParts(tc.in)
		if got := normName(tc.in); got != tc.want || param != tc.param {
			t.Errorf("normName(%q) = %q, parameter %q; want %q, %q", tc.in, got, param, tc.want, tc.param)
		}
	}
}

// A scenario that names the imported library fights its units, and a
// library file's mistakes are reported at their lines.
func TestLibraryFile(t *testing.T) {
	data, _, _ := importFixture(t, "Fixture Army.cat")
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "army.yaml"), data, 0o644)
	scenario := "name: imported\nlibrary: army.yaml\nunits:\n  - {id: knights, from: test_knights}\n  - {id: trolls, from: trolls}\n" +
		"fight: {type: close_combat, sides: [knights, trolls], charger: knights}\n"
	path := filepath.Join(dir, "fight.yaml")
	os.WriteFile(path, []byte(scenario), 0o644)
	p, err := (Game{}).Load(scenarios.Parse(path, []byte(scenario)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Names["knights"] != "Test Knights" || p.Names["trolls"] != "Trolls" {
		t.Errorf("names %v: the library file's units", p.Names)
	}
	bad := strings.Replace(string(data), "models: 5", "modles: 5", 1)
	os.WriteFile(filepath.Join(dir, "army.yaml"), []byte(bad), 0o644)
	_, err = (Game{}).Load(scenarios.Parse(path, []byte(scenario)), nil)
	if err == nil || !strings.Contains(err.Error(), "army.yaml:") || !strings.Contains(err.Error(), `units.test_knights.modles: unknown field "modles"`) {
		t.Errorf("error %v: want the library file's line and field", err)
	}
	os.WriteFile(filepath.Join(dir, "army.yaml"), data, 0o644)
	withCaptain := strings.Replace(scenario, "{id: knights, from: test_knights}", "{id: knights, from: test_knights, characters: [{id: captain, from: test_captain}]}", 1)
	if p, err = (Game{}).Load(scenarios.Parse(path, []byte(withCaptain)), nil); err != nil {
		t.Fatal(err)
	} else if p.Names["knights.captain"] != "Test Captain" {
		t.Errorf("names %v: the library file's character joins the knights", p.Names)
	} else if c := p.Costs["knights"]; c.PerModel != 30 || c.Fixed != 50 || c.Models != 5 {
		t.Errorf("knights' cost %+v: 5 models at 30, and the captain's 50", c)
	}
	os.WriteFile(filepath.Join(dir, "again.yaml"), data, 0o644)
	twice := strings.Replace(scenario, "library: army.yaml", "library: [army.yaml, again.yaml]", 1)
	_, err = (Game{}).Load(scenarios.Parse(path, []byte(twice)), nil)
	if err == nil || !strings.Contains(err.Error(), "test_knights is in more than one library file; name the one you mean: army.test_knights or again.test_knights") {
		t.Errorf("a name in two library files: %v", err)
	}
	// Named by their files, the two files' units are used together
	// (issue 31, item 7).
	both := strings.Replace(strings.Replace(twice, "from: test_knights", "from: army.test_knights", 1), "from: trolls", "from: again.trolls", 1)
	if p, err = (Game{}).Load(scenarios.Parse(path, []byte(both)), nil); err != nil {
		t.Errorf("army.test_knights against again.trolls: %v", err)
	} else if p.Names["knights"] != "Test Knights" || p.Names["trolls"] != "Trolls" {
		t.Errorf("names %v: each file's unit by its namespaced name", p.Names)
	}
	other := strings.Replace(string(data), "game: warhammer", "game: wotr", 1)
	os.WriteFile(filepath.Join(dir, "army.yaml"), []byte(other), 0o644)
	_, err = (Game{}).Load(scenarios.Parse(path, []byte(scenario)), nil)
	if err == nil || !strings.Contains(err.Error(), "army.yaml:") || !strings.Contains(err.Error(), "a library serves one game") {
		t.Errorf("a library of another game: %v", err)
	}
	missing := strings.Replace(scenario, "army.yaml", "nowhere.yaml", 1)
	_, err = (Game{}).Load(scenarios.Parse(path, []byte(missing)), nil)
	if err == nil || !strings.Contains(err.Error(), "fight.yaml:2:") || !strings.Contains(err.Error(), "no such library file") {
		t.Errorf("error %v: want the scenario's library line", err)
	}
}

// docs/import.md lists the characteristics the table reads, as the table
// has them, so that a user who cannot read sim's source sees every name.
func TestImportDocsListCharacteristics(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "import.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "| Meaning | Names |\n|---|---|\n")
	if !ok {
		t.Fatal("docs/import.md has no table of characteristics")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	got := map[string][]string{}
	for _, row := range strings.Split(table, "\n") {
		cells := strings.Split(strings.Trim(row, "| "), " | ")
		names, _, _ := strings.Cut(cells[1], " (")
		got[strings.Trim(cells[0], "`")] = strings.Split(names, ", ")
	}
	tb := loadImportTable()
	for _, f := range charFields {
		if !slices.Equal(got[f], tb.Characteristics[f]) {
			t.Errorf("docs/import.md gives %s the names %q; the table %q", f, got[f], tb.Characteristics[f])
		}
	}
	if len(got) != len(charFields) {
		t.Errorf("docs/import.md lists %d meanings, the table %d", len(got), len(charFields))
	}
}

// docs/import.md lists every phrase of the table, and no other, so that
// a user who cannot read sim's source sees every name it reads.
func TestImportDocsListPhrases(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "import.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "| Names (any case, plural or not) | Give |\n|---|---|\n")
	if !ok {
		t.Fatal("docs/import.md has no table of phrases")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	var got []string
	for _, row := range strings.Split(table, "\n") {
		names, _, _ := strings.Cut(strings.TrimPrefix(row, "| "), " | ")
		for _, n := range strings.Split(names, ", ") {
			got = append(got, normName(n))
		}
	}
	slices.Sort(got)
	if want := loadImportTable().phraseNames(); !slices.Equal(got, want) {
		t.Errorf("docs/import.md lists the phrases\n%q\nthe table has\n%q", got, want)
	}
}

// No alias file and no name, however malformed, panics: a bad line is an
// error at its line, and every name reads to a name and a parameter.
func FuzzImportAliases(f *testing.F) {
	for _, s := range []string{"Mv = M\n", "# c\n\nIthilmar Scale = heavy armour\n", "=\n", "a = b = c\n", "\ufeffMv=M", "Regeneration (5+) = regeneration\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tb, err := loadImportTable().withAliases("fuzz.aliases", []byte(s))
		var bs *battlescribe.Error
		if err != nil && (!errors.As(err, &bs) || bs.Line < 1) {
			t.Errorf("error %v has no line", err)
		}
		if err == nil && tb == nil {
			t.Error("no table and no error")
		}
		for _, line := range strings.Split(s, "\n") {
			normName(line)
			loadImportTable().phrases(line)
		}
	})
}
