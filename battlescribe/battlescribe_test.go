package battlescribe

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fixtures in testdata are written for these tests in the BattleScribe
// schemas (not community data): a game system with a shared profile and
// rules, a catalogue whose units link them, and a roster of it in XML and
// in New Recruit's JSON. Expected values are read off the fixtures by hand.

func open(t *testing.T, name string) *Document {
	t.Helper()
	d, err := Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func find(t *testing.T, es []*Entry, name string) *Entry {
	t.Helper()
	for _, e := range es {
		if e.Name == name {
			return e
		}
	}
	t.Fatalf("no entry %q", name)
	return nil
}

func value(t *testing.T, p Profile, name string) string {
	t.Helper()
	v, ok := p.Get(name)
	if !ok {
		t.Fatalf("profile %s has no %s", p.Name, name)
	}
	return v
}

func TestCatalogue(t *testing.T) {
	d := open(t, "Fixture Army.cat")
	if d.Kind != "catalogue" || d.GameSystem != "Fixture Fantasy" || d.Revision != "7" {
		t.Errorf("document %s %q revision %s: want a catalogue of Fixture Fantasy, revision 7", d.Kind, d.GameSystem, d.Revision)
	}
	knights := find(t, d.Entries, "Test Knights")
	knight := find(t, knights.Children, "Knight")
	if knight.Min != 5 || knight.Max != 15 || knight.Points != 30 {
		t.Errorf("Knight: %d..%d models at %g pts; the fixture says 5..15 at 30", knight.Min, knight.Max, knight.Points)
	}
	if len(knight.Profiles) != 2 {
		t.Fatalf("Knight has %d profiles; want its own and the linked Barded Warhorse", len(knight.Profiles))
	}
	horse := knight.Profiles[1]
	if horse.Name != "Barded Warhorse" || value(t, horse, "A") != "2" || value(t, horse, "WS") != "3" {
		t.Errorf("linked profile %s A%s WS%s: the shared profile has A1, and the link increments A by 1", horse.Name, value(t, horse, "A"), value(t, horse, "WS"))
	}
	shields := find(t, knights.Children, "Shields")
	if shields.PerModel != 2 || shields.Points != 0 || shields.Min != 0 || shields.Max != 1 {
		t.Errorf("Shields: %g pts and %g a model, %d..%d; the fixture: 0 pts, +2 repeated per model, 0..1", shields.Points, shields.PerModel, shields.Min, shields.Max)
	}
	if lances := find(t, knights.Children, "Lances"); lances.Min != 1 {
		t.Errorf("Lances min %d; the fixture makes them compulsory (min 1)", lances.Min)
	}
	trolls := find(t, d.Entries, "Trolls") // a root entry link to a shared entry
	if strings.Join(trolls.Rules, ",") != "Stupidity,Fear,Regeneration" {
		t.Errorf("Trolls' rules %v: want the inline Stupidity, then the linked Fear and Regeneration", trolls.Rules)
	}
	troll := find(t, trolls.Children, "Troll")
	if i := value(t, troll.Profiles[0], "I"); i != "1" {
		t.Errorf("Troll I%s: the profile's I2 less the unconditional decrement of 1 is 1", i)
	}
	if ws := value(t, troll.Profiles[0], "WS"); ws != "3" || len(troll.Skipped) != 1 || !strings.Contains(troll.Skipped[0], "set WS to 4") {
		t.Errorf("Troll WS%s, skipped %q: the conditional set of WS to 4 is not applied, and says so", ws, troll.Skipped)
	}
	captain := find(t, d.Entries, "Test Captain")
	armour := find(t, captain.Children, "Armour")
	if armour.Kind != "group" || armour.Default != "fx00-upgr-0000-0007" || armour.Min != 1 {
		t.Errorf("Armour group: kind %s default %s min %d", armour.Kind, armour.Default, armour.Min)
	}
}

// A roster in XML, zipped and as New Recruit JSON reads the same.
func TestRosterFormats(t *testing.T) {
	ros, err := os.ReadFile(filepath.Join("testdata", "Fixture Warband.ros"))
	if err != nil {
		t.Fatal(err)
	}
	rosz := filepath.Join(t.TempDir(), "Fixture Warband.rosz")
	writeZip(t, rosz, map[string][]byte{"Fixture Warband.ros": ros})
	docs := []*Document{open(t, "Fixture Warband.ros"), open(t, "Fixture Warband.json")}
	z, err := Open(rosz)
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, z)
	for _, d := range docs {
		if d.Kind != "roster" || len(d.Entries) != 3 {
			t.Fatalf("%s: %s with %d selections; want a roster of 3", d.Path, d.Kind, len(d.Entries))
		}
		knights := find(t, d.Entries, "Test Knights")
		knight := find(t, knights.Children, "Knight")
		if knight.Min != 6 || knight.Max != 6 || knight.Points != 180 {
			t.Errorf("%s: Knight %d..%d at %g; the roster took 6 for 180 pts", d.Path, knight.Min, knight.Max, knight.Points)
		}
		if champ := find(t, knights.Children, "Knight Champion"); value(t, champ.Profiles[0], "A") != "2" {
			t.Errorf("%s: the champion's profile is not read", d.Path)
		}
		captain := find(t, d.Entries, "Test Captain")
		if captain.Kind != "model" || !strings.Contains(strings.Join(captain.Categories, ","), "Heroes") || captain.Points != 50 {
			t.Errorf("%s: captain %s %v %g", d.Path, captain.Kind, captain.Categories, captain.Points)
		}
	}
}

func writeZip(t *testing.T, path string, files map[string][]byte) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, data := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// Each malformed file is refused with a message naming the file, the
// entry where there is one, and what to do.
func TestErrors(t *testing.T) {
	gst, _ := os.ReadFile(filepath.Join("testdata", "Fixture System.gst"))
	cat, _ := os.ReadFile(filepath.Join("testdata", "Fixture Army.cat"))
	ros, _ := os.ReadFile(filepath.Join("testdata", "Fixture Warband.ros"))
	for _, tc := range []struct {
		name, file string
		files      map[string][]byte
		want       []string
	}{
		{"bad XML", "Army.cat", map[string][]byte{"Army.cat": cat[:len(cat)/2]},
			[]string{"Army.cat:", "bad XML", "is the file whole"}},
		{"missing link", "Army.cat", map[string][]byte{"System.gst": gst,
			"Army.cat": []byte(strings.Replace(string(cat), `targetId="fx00-prof-0000-0001"`, `targetId="fx00-gone-0000-0001"`, 1))},
			[]string{"Army.cat: entry \"Knight\" (fx00-modl-0000-0001)", "Barded Warhorse", "fx00-gone-0000-0001", "leads nowhere"}},
		{"no game system", "Army.cat", map[string][]byte{"Army.cat": cat},
			[]string{"Army.cat", "its game system (id fx00-0000-0000-0001) is not in the folder", ".gst"}},
		{"link cycle", "Army.cat", map[string][]byte{"System.gst": gst,
			"Army.cat": []byte(strings.Replace(string(cat), `<rules>
        <rule id="fx00-rule-0000-0101"`, `<entryLinks><entryLink id="loop" name="Trolls again" hidden="false" targetId="fx00-shrd-0000-0001" type="selectionEntry"/></entryLinks>
      <rules>
        <rule id="fx00-rule-0000-0101"`, 1))},
			[]string{"entry \"Trolls again\" (loop)", "cycle"}},
		{"zip of two", "Roster.rosz", nil, []string{"Roster.rosz", "holds 2 files"}},
		{"not a zip", "Roster.rosz", map[string][]byte{"Roster.rosz": ros}, []string{"Roster.rosz", "not a zip file"}},
		{"bad JSON", "Roster.json", map[string][]byte{"Roster.json": []byte("{\"roster\": {\n\"forces\": [}\n")},
			[]string{"Roster.json:2", "bad JSON"}},
		{"JSON of something else", "Roster.json", map[string][]byte{"Roster.json": []byte(`{"list": []}`)},
			[]string{"Roster.json", `no "roster" object`}},
		{"other extension", "Roster.txt", map[string][]byte{"Roster.txt": ros}, []string{`".txt" is not a file sim import reads`}},
		{"old schema", "Old.cat", map[string][]byte{"Old.cat": []byte(`<catalogue id="x" name="Old"><entries><entry id="e" name="E"/></entries></catalogue>`)},
			[]string{"Old.cat", "BattleScribe 1's schema"}},
		{"other root", "Other.cat", map[string][]byte{"Other.cat": []byte(`<html></html>`)}, []string{"root element is <html>"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tc.files {
				os.WriteFile(filepath.Join(dir, name), data, 0o644)
			}
			if tc.files == nil {
				writeZip(t, filepath.Join(dir, tc.file), map[string][]byte{"a.ros": ros, "b.ros": ros})
			}
			_, err := Open(filepath.Join(dir, tc.file))
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not say %q", err, w)
				}
			}
		})
	}
}

// No file, however malformed, panics the reader: it reads or it errs.
func FuzzOpen(f *testing.F) {
	for _, name := range []string{"Fixture Army.cat", "Fixture Warband.ros", "Fixture Warband.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, filepath.Ext(name))
	}
	gst, err := os.ReadFile(filepath.Join("testdata", "Fixture System.gst"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, ext string) {
		switch ext {
		case ".cat", ".ros", ".json", ".gst":
		default:
			ext = ".cat"
		}
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "System.gst"), gst, 0o644)
		path := filepath.Join(dir, "file"+ext)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := Open(path)
		if err == nil && d == nil {
			t.Fatal("no document and no error")
		}
	})
}

// A link's unconditional name modifier renames what it reaches: The Old
// World's data appends a rule's parameter so ("Regeneration" with "(3+)").
func TestLinkRenames(t *testing.T) {
	d := open(t, "Fixture Rules.cat")
	if r := find(t, d.Entries, "River Trolls").Rules; len(r) != 1 || r[0] != "Regeneration (3+)" {
		t.Errorf("River Trolls' rules %q: the shared Regeneration with (3+) appended by its link", r)
	}
}
