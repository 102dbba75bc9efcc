package scenario

import (
	"bytes"
	"testing"
)

// The layouts of regiments that most community data uses (issue 31): the
// profile on the unit entry while a model child with no profile holds the
// size and the points, command models written as entries of type model,
// and a character written as a unit entry. Every value is read off the
// fixture by hand.
func TestImportRegiments(t *testing.T) {
	data, units, chars := importFixture(t, "Fixture Regiments.cat")
	spear := Profile{M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}
	// The Spearman child: min 10 at 6 pts; Spears and Light Armour are
	// compulsory (min 1) at 0; the unit entry costs 0.
	checkUnit(t, "spearmen", units["spearmen"], Unit{Name: "Spearmen", Profile: spear, Models: 10,
		Equipment: []string{"light_armour"}, Weapon: "spear", Points: 6})
	// The command models are optional, so listed with their costs.
	for _, opt := range []string{"Sergeant: 8 pts; a champion", "Standard bearer: 10 pts; command standard", "Musician: 5 pts; command musician"} {
		if !bytes.Contains(data, []byte(opt)) {
			t.Errorf("the optional command model %q is not listed", opt)
		}
	}
	// 12 Guardsmen at 9; the unit entry's 20 and its compulsory Musician
	// (6) and Standard Bearer (12) are the unit's 38.
	checkUnit(t, "household_guard", units["household_guard"], Unit{Name: "Household Guard",
		Profile: Profile{M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 8}, Models: 12, Weapon: "halberd",
		Command: Command{Standard: true, Musician: true}, Points: 9, UnitPoints: 38})
	// A unit entry of one model in the Characters category: 55 and its
	// compulsory Heavy Armour's 4.
	checkUnit(t, "regiment_captain", chars["regiment_captain"], Unit{Name: "Regiment Captain",
		Profile: Profile{M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8}, Equipment: []string{"heavy_armour"}, Points: 59})
	if _, ok := units["regiment_captain"]; ok {
		t.Error("the captain is a character, not a unit of one")
	}
	golden(t, "regiments.yaml", data)
}

// The roster of the same layout: 15 Spearmen for 90 and Shields for 15
// are (90+15)/15 = 7 a model; the Sergeant (8, a champion with A2) and
// the Musician (5) are command models, the unit's 13, and add no model.
func TestImportRegimentsRoster(t *testing.T) {
	data, units, _ := importFixture(t, "Fixture Regiments.ros")
	u := units["spearmen"]
	checkUnit(t, "spearmen", u, Unit{Name: "Spearmen", Profile: Profile{M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7},
		Models: 15, Equipment: []string{"light_armour", "shield"}, Weapon: "spear",
		Command: Command{Musician: true, Champion: true}, Points: 7, UnitPoints: 13})
	if p := u.ChampionProfile; p == nil || p.A != 2 {
		t.Errorf("the Sergeant's profile %+v: the roster gives A2", p)
	}
	golden(t, "regiments-roster.yaml", data)
}
