package battlescribe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A catalogue's links are followed through every catalogue its catalogues
// link, however deep, and a cycle of catalogue links ends: testdata/chain
// is an army linking an armoury linking a journal linking the armoury
// back. The values are read off the three files by hand.
func TestLinkChain(t *testing.T) {
	d := open(t, filepath.Join("chain", "Chain Army.cat"))
	if d.GameSystem != "Chain Fantasy" {
		t.Errorf("game system %q: want the .gst's name", d.GameSystem)
	}
	unit := find(t, d.Entries, "Chain Warriors")
	if strings.Join(unit.Rules, ",") != "Regeneration" {
		t.Errorf("rules %q: the army links Regeneration, a rule of the journal (two links away)", unit.Rules)
	}
	shields := find(t, unit.Children, "Shields") // the armoury's, with the journal's profile
	if shields.Min != 1 || shields.PerModel != 1 || len(shields.Profiles) != 1 || shields.Profiles[0].Name != "Shield" {
		t.Errorf("Shields: min %d, %g a model, profiles %v; the link makes them compulsory, +1 a model, with the journal's Shield profile",
			shields.Min, shields.PerModel, shields.Profiles)
	}
	banners := find(t, unit.Children, "Magic Banners")
	if b := find(t, banners.Children, "Banner of Might"); b.Points != 25 {
		t.Errorf("Banner of Might: %g pts; the journal's entry, nested in a shared group, costs 25", b.Points)
	}
}

// A link that leads nowhere is named with the file the link is written
// in, and the file that holds the target or the files read; a catalogue
// the chain links that is not in the folder is named with the file that
// links it.
func TestLinkChainMissing(t *testing.T) {
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join("testdata", "chain", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	gst, army, armoury, journal := read("Chain System.gst"), read("Chain Army.cat"), read("Chain Armoury.cat"), read("Chain Journal.cat")
	unlinked := strings.Replace(armoury, `targetId="fx05-cat0-0000-0003"`, `targetId="fx05-cat0-0000-0009"`, 1)
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"no journal", map[string]string{"S.gst": gst, "Army.cat": army, "Armoury.cat": armoury},
			[]string{"Army.cat: ", `the catalogue "Chain Journal" that Armoury.cat links (id fx05-cat0-0000-0003) is not in the folder`}},
		{"journal not linked", map[string]string{"S.gst": gst, "Army.cat": army,
			"Armoury.cat": strings.Replace(armoury, `<catalogueLink id="fx05-clnk-0000-0002" name="Chain Journal" targetId="fx05-cat0-0000-0003" type="catalogue"/>`, "", 1), "Journal.cat": journal},
			[]string{`entry "Chain Warriors" (fx05-unit-0000-0001)`, `its link to the rule "Regeneration" (fx05-rule-0000-0001) leads nowhere`, "Journal.cat in the folder holds it", "no catalogue link of Army.cat"}},
		{"target nowhere", map[string]string{"S.gst": gst, "Army.cat": army, "Armoury.cat": strings.Replace(armoury, `targetId="fx05-prof-0000-0002"`, `targetId="fx05-gone-0000-0001"`, 1), "Journal.cat": journal},
			[]string{`entry "Shields" (fx05-shrd-0000-0001)`, `"Shield" (fx05-gone-0000-0001) (the link is in Armoury.cat) leads nowhere`, "no shared profile of that id in S.gst, Armoury.cat, Journal.cat, Army.cat, nor in any other file"}},
		{"catalogue link to nothing", map[string]string{"S.gst": gst, "Army.cat": army, "Armoury.cat": unlinked, "Journal.cat": journal},
			[]string{`the catalogue "Chain Journal" that Armoury.cat links (id fx05-cat0-0000-0009) is not in the folder`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tc.files {
				os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644)
			}
			_, err := Open(filepath.Join(dir, "Army.cat"))
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

// An info group that links itself is refused as a cycle, where the reader
// used to recurse until the stack ran out.
func TestInfoGroupCycle(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Cycle.cat")
	os.WriteFile(path, []byte(`<catalogue id="c1" name="Cycle" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
<sharedInfoGroups><infoGroup id="g1" name="G"><infoLinks><infoLink id="l1" name="G again" targetId="g1" type="infoGroup"/></infoLinks></infoGroup></sharedInfoGroups>
<selectionEntries><selectionEntry id="u1" name="U" type="unit"><infoLinks><infoLink id="l2" name="G" targetId="g1" type="infoGroup"/></infoLinks></selectionEntry></selectionEntries>
</catalogue>`), 0o644)
	_, err := Open(path)
	if err == nil || !strings.Contains(err.Error(), `entry "U" (u1): its link to the info group "G again" (g1) leads back to itself`) {
		t.Errorf("error %v: want the cycle named", err)
	}
}
