package scenario

import (
	"bytes"
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
	if k.Mount == nil || k.Mount.Kind != "cavalry" || *k.Mount.Profile != (MountProfile{WS: 3, S: 3, I: 3, A: 2}) {
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

// An unknown characteristic stops the import, naming the file, the entry
// and the table to teach it.
func TestImportUnknownCharacteristic(t *testing.T) {
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
	_, err = Import(doc)
	for _, w := range []string{"Fixture Army.cat: entry \"Trolls\"", `profile "Troll"`, `characteristic "Cool"`, "import/warhammer.yaml"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error %v does not say %q", err, w)
		}
	}
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
	}
	for name, kind := range tb.Mounts {
		if !slices.Contains(mountKinds, kind) {
			t.Errorf("mount %s: kind %q is not one of %v", name, kind, mountKinds)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"Great Axes", "great axe"}, {"Shields", "shield"}, {"Chaos Armour", "chaos armour"}, {"Musician", "musician"},
	} {
		if got := normName(tc.in); got != tc.want {
			t.Errorf("normName(%q) = %q, want %q", tc.in, got, tc.want)
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
	if err == nil || !strings.Contains(err.Error(), "units.test_knights: also in") {
		t.Errorf("a name in two library files: %v", err)
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
