package scenario

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/wargamesim/sim/battlescribe"
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

// Rule, weapon and armour names as community data writes them (issue 31):
// what is in parentheses dropped, a roll in the name kept where the
// engine takes one, American spelling, and a name appended by a link's
// modifier. Every other name is listed as not simulated. Values read off
// Fixture Rules.cat by hand.
func TestImportSuffixedNames(t *testing.T) {
	data, units, _ := importFixture(t, "Fixture Rules.cat")
	troll := Profile{M: 6, WS: 3, BS: 1, S: 5, T: 4, W: 3, I: 1, A: 3, Ld: 4}
	// Regeneration (5+) is 5+, not the table's 4+; Terror (BRB-78).
	checkUnit(t, "cave_trolls", units["cave_trolls"], Unit{Name: "Cave Trolls", Profile: troll, Models: 3,
		Regeneration: 5, Rules: Special{CausesTerror: true}, Points: 40})
	// The shared Regeneration, "(3+)" appended by the link.
	checkUnit(t, "river_trolls", units["river_trolls"], Unit{Name: "River Trolls", Profile: troll, Models: 3,
		Regeneration: 3, Points: 45})
	bg := units["black_guard"]
	checkUnit(t, "black_guard", bg, Unit{Name: "Black Guard", Profile: Profile{M: 5, WS: 5, BS: 4, S: 3, T: 3, W: 1, I: 6, A: 1, Ld: 9},
		Models: 10, Equipment: []string{"plate_armour"}, Weapon: "spear",
		Rules: Special{KillingBlow: true, AlwaysStrikesFirst: true}, Points: 13})
	for _, name := range []string{"Hatred (High Elves)", "Frenzy", "troop type"} {
		if !slices.ContainsFunc(bg.NotSimulated, func(s string) bool { return strings.HasPrefix(s, name+":") }) {
			t.Errorf("black_guard's not_simulated %q does not list %q", bg.NotSimulated, name)
		}
	}
	// Regeneration (*) is the table's 4+; Ithilmar Barding is barding,
	// Light Armor light armour; the Elven Steed makes them cavalry.
	sr := units["shadow_riders"]
	checkUnit(t, "shadow_riders", sr, Unit{Name: "Shadow Riders", Type: "cavalry", Profile: Profile{M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8},
		Models: 5, Equipment: []string{"barding", "light_armour"}, Weapon: "lance", Regeneration: 4,
		Rules: Special{PoisonedAttacks: true}, Points: 24})
	if len(sr.NotSimulated) != 0 {
		t.Errorf("shadow_riders: every name is known, yet not_simulated is %q", sr.NotSimulated)
	}
	if so := units["scaled_ones"]; so.Natural != 5 {
		t.Errorf("scaled_ones natural armour %d: Scaly Skin (5+)", so.Natural)
	}
	if os := units["old_scales"]; os.Natural != 0 || !slices.ContainsFunc(os.NotSimulated, func(s string) bool { return strings.HasPrefix(s, "Scaly Skin: the data gives no roll") }) {
		t.Errorf("old_scales natural armour %d, not_simulated %q: Scaly Skin with no roll is noted, not guessed", os.Natural, os.NotSimulated)
	}
	golden(t, "rules.yaml", data)
	// The one line sim import prints: five units with no troop type and
	// no mount, and the names dropped from three units, in order.
	doc, err := battlescribe.Open(fixture("Fixture Rules.cat"))
	if err != nil {
		t.Fatal(err)
	}
	lib, err := Import(doc)
	want := "5 units assume infantry (no troop type in the data; give type: to change it); " +
		"3 units have rules or equipment sim does not simulate: Stupidity (BRB-77), Hatred (High Elves), Frenzy, Scaly Skin (listed under not_simulated)"
	if err != nil || lib.Summary != want {
		t.Errorf("summary %q (%v)\nwant    %q", lib.Summary, err, want)
	}
}

// A unit whose upgrades, profile and rule are two catalogues away
// (battlescribe/testdata/chain, issue 31 item 3): 10 Chain Warriors at 6
// pts, and the armoury's compulsory Shields at +1 a model, are 7 a
// model; the journal's Regeneration is the table's 4+; the journal's
// banner, offered by the armoury's group, is listed with its 25 points.
func TestImportLinkChain(t *testing.T) {
	data, units, _ := importFixture(t, "chain/Chain Army.cat")
	checkUnit(t, "chain_warriors", units["chain_warriors"], Unit{Name: "Chain Warriors",
		Profile: Profile{M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}, Models: 10,
		Equipment: []string{"shield"}, Regeneration: 4, Points: 7})
	if !bytes.Contains(data, []byte("Banner of Might: 25 pts")) {
		t.Errorf("the banner two catalogues away is not listed:\n%s", data)
	}
}

// Mounts as the data sets give them (issue 31, item 4), read off Fixture
// Mounts.cat by hand: a compulsory upgrade with a model profile is the
// mount, not a free champion, and makes the unit cavalry (the rider's
// Type is "-"); its Poisoned Attacks are the mount's; a shared profile
// of type Mount is a mount though its M is "8 (7)"; a mount whose Type is
// Monstrous Beast makes monstrous cavalry. The Boss stays an option.
func TestImportMounts(t *testing.T) {
	data, units, _ := importFixture(t, "Fixture Mounts.cat")
	wr := units["wolf_raiders"]
	checkUnit(t, "wolf_raiders", wr, Unit{Name: "Wolf Raiders", Type: "cavalry",
		Profile: Profile{M: 4, WS: 2, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6}, Models: 5, Points: 11})
	if m := wr.Mount; m == nil || m.Name != "Great Wolf" || m.Kind != "cavalry" || *m.Profile != (MountProfile{M: 9, WS: 3, S: 3, I: 3, A: 1}) || !m.Rules.PoisonedAttacks {
		t.Errorf("wolf_raiders mount %+v: the compulsory Great Wolf, WS3 S3 I3 A1, with its Poisoned Attacks", m)
	}
	if wr.Command.Champion || wr.ChampionProfile != nil || wr.Rules.PoisonedAttacks {
		t.Errorf("wolf_raiders: the wolf is no champion, and its Poisoned Attacks are not the riders'")
	}
	if !bytes.Contains(data, []byte("Boss: 10 pts; a champion")) {
		t.Error("the optional Boss is not listed as a champion")
	}
	il := units["iron_lancers"]
	checkUnit(t, "iron_lancers", il, Unit{Name: "Iron Lancers", Type: "cavalry",
		Profile: Profile{M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}, Models: 5, Points: 24})
	if m := il.Mount; m == nil || *m.Profile != (MountProfile{M: 8, WS: 3, S: 4, I: 2, A: 1}) {
		t.Errorf("iron_lancers mount %+v: the Mount profile Iron Steed, M \"8 (7)\" read as 8", m)
	}
	// 3 riders at 45; the Iron Beast's 15 is the unit's, as the data
	// puts it on the unit entry.
	cr := units["crusher_riders"]
	checkUnit(t, "crusher_riders", cr, Unit{Name: "Crusher Riders", Type: "monstrous_cavalry",
		Profile: Profile{M: 4, WS: 5, BS: 3, S: 4, T: 4, W: 1, I: 5, A: 2, Ld: 8}, Models: 3, Points: 45, UnitPoints: 15})
	golden(t, "mounts.yaml", data)
}

// A unit as The Old World's data lays it out (issue 31, item 6), read off
// Fixture Old World.cat by hand: the troop type from the "Unit" profile
// (Heavy cavalry), 5 knights at 20 with the compulsory Heavy Armour, the
// default Lance and the subType-mount Barded Steed with its compulsory
// Barding; the command models (type model, subType crew) offered with
// their costs; the Base profile passed over, the Special Rule profile
// listed as not simulated.
func TestImportOldWorld(t *testing.T) {
	data, units, _ := importFixture(t, "Fixture Old World.cat")
	knight := Profile{WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}
	k := units["old_world_knights"]
	checkUnit(t, "old_world_knights", k, Unit{Name: "Old World Knights", Type: "heavy_cavalry", Profile: knight, Models: 5,
		Equipment: []string{"barding", "heavy_armour"}, Weapon: "lance", Points: 20})
	if m := k.Mount; m == nil || m.Name != "Barded Steed" || *m.Profile != (MountProfile{M: 8, WS: 3, S: 3, I: 3, A: 1}) {
		t.Errorf("old_world_knights mount %+v: the Barded Steed, WS3 S3 I3 A1", m)
	}
	for _, opt := range []string{"Old Knight Champion: 7 pts; a champion", "Standard Bearer: 7 pts; command standard", "Musician: 6 pts; command musician", "Great Weapon: 2 pts; weapon great_weapon"} {
		if !bytes.Contains(data, []byte(opt)) {
			t.Errorf("the option %q is not listed", opt)
		}
	}
	if !slices.Equal(k.NotSimulated, []string{"First Charge: no engine rule; left out"}) {
		t.Errorf("not_simulated %q: only First Charge (the Base and Unit profiles give nothing to drop)", k.NotSimulated)
	}
	golden(t, "oldworld.yaml", data)
}

// The same unit in a New Recruit roster: 6 knights for 120 and Great
// Weapons for 12 are (120+12)/6 = 22 a model; the champion (7, A2) and
// the musician (6), command models of type model, are the unit's 13.
func TestImportOldWorldRoster(t *testing.T) {
	data, units, _ := importFixture(t, "Fixture Old World.json")
	k := units["old_world_knights"]
	checkUnit(t, "old_world_knights", k, Unit{Name: "Old World Knights", Type: "heavy_cavalry",
		Profile: Profile{WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8}, Models: 6,
		Equipment: []string{"barding", "heavy_armour"}, Weapon: "great_weapon",
		Command: Command{Musician: true, Champion: true}, Points: 22, UnitPoints: 13})
	if k.Mount == nil || k.ChampionProfile == nil || k.ChampionProfile.A != 2 {
		t.Errorf("mount %+v, champion %+v: the roster's Barded Steed and its champion with A2", k.Mount, k.ChampionProfile)
	}
	golden(t, "oldworld-roster.yaml", data)
}
