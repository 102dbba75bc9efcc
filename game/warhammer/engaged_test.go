package warhammer

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// asUnits is cc, a fight of two written as Sides, written as Units: each
// unit of its own army, the charger touching the other's Facing with its
// Contact; the other's contact left out where leave says, for normalised
// to complete.
func asUnits(cc Combat, leave bool) Combat {
	u := Combat{HighGround: cc.HighGround, MaxRounds: cc.MaxRounds, Units: make([]Engaged, 2)}
	for i := range u.Units {
		e := &u.Units[i]
		e.Fighter, e.Army, e.Charged = cc.Sides[i], i, cc.Charger == i
		at := Front
		if e.Charged {
			at, e.ChargeDistance = cc.Facing, cc.ChargeDistance
		}
		if !leave || e.Charged || cc.Charger < 0 && i == 0 {
			e.Contacts = []Contact{{Enemy: 1 - i, At: at, Models: e.contact()}}
		}
	}
	return u
}

// A fight of two units reads the same written either way (Combat.Sides or
// Combat.Units): NewFight fills each form from the other, and the two
// fights record the same names and the same results, seed for seed. This
// is issue 30's two-unit case of the general model: each army one unit.
func TestUnitsFormIsTheSidesForm(t *testing.T) {
	withHero := block("a", 7, 3, hero("x", Profile{WS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 8}))
	withHero.Models, withHero.Challenge.Issue = 8, IssueAlways
	for _, c := range []struct {
		name string
		rs   *Ruleset
		cc   Combat
	}{
		{"a charge in the flank from 4 inches", tow(t), Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, Facing: Flank, ChargeDistance: 4, HighGround: 1, MaxRounds: 4}},
		{"Fear on the charge", sixth(t), Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 10}},
		{"no charger, characters and a challenge", eighth(t), Combat{Sides: [2]Fighter{withHero, trollsUnit()}, Charger: -1, HighGround: -1, MaxRounds: 5}},
		{"the second unit charges the rear", sixth(t), Combat{Sides: [2]Fighter{trollsUnit(), withHero}, Charger: 1, Facing: Rear, HighGround: 0, MaxRounds: 3}},
	} {
		for _, leave := range []bool{false, true} {
			sides, units := newFight(t, c.rs, c.cc), newFight(t, c.rs, asUnits(c.cc, leave))
			_, got := units.Inputs()
			_, want := sides.Inputs()
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s (contact left out %v): the units read as\n%+v\nwant\n%+v", c.name, leave, got, want)
			}
			if !reflect.DeepEqual(units.Metrics(), sides.Metrics()) || !reflect.DeepEqual(units.Events(), sides.Events()) {
				t.Errorf("%s: names %v %v, want %v %v", c.name, units.Metrics(), units.Events(), sides.Metrics(), sides.Events())
			}
			a := runSeed(t, sides, 2000, 5)
			b := runSeed(t, units, 2000, 5)
			if !reflect.DeepEqual(a.Hist, b.Hist) || !reflect.DeepEqual(a.Count, b.Count) {
				t.Errorf("%s: the units' results differ from the sides'", c.name)
			}
		}
	}
}

// runSeed is m's result of n trials with seed.
func runSeed(t *testing.T, m engine.Model, n int64, seed uint64) *engine.Result {
	t.Helper()
	res, err := engine.Run(context.Background(), m, engine.Config{Trials: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// An army named apart from its unit names the army's results (wins,
// wins_on_result, combat_result) and leaves the unit's as they were.
func TestArmyNames(t *testing.T) {
	cc := asUnits(Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 3}, false)
	cc.Armies[0] = Army{ID: "empire", Name: "The Empire"}
	f := newFight(t, sixth(t), cc)
	names := strings.Join(f.Events(), " ")
	for _, m := range f.Metrics() {
		names += " " + m.Name
	}
	for _, want := range []string{"empire.wins", "trolls.wins", "empire.wins_on_result", "empire.combat_result", "knights.breaks", "knights.casualties"} {
		if !strings.Contains(" "+names+" ", " "+want+" ") {
			t.Errorf("no %s among %s", want, names)
		}
	}
	if strings.Contains(names, "knights.wins") {
		t.Errorf("the army's results keep its unit's name: %s", names)
	}
}

// The units NewFight cannot fight are refused with a reason (fights of
// several units: several_test.go).
func TestUnitsRefused(t *testing.T) {
	two := func(edit func(u []Engaged, a *[2]Army)) Combat {
		cc := asUnits(Combat{Sides: [2]Fighter{empireKnights(), trollsUnit()}, Charger: 0, HighGround: -1, MaxRounds: 3}, false)
		edit(cc.Units, &cc.Armies)
		return cc
	}
	for _, c := range []struct {
		name, want string
		cc         Combat
	}{
		{"three units, an army of two with no id", "needs an id of its own", func() Combat {
			cc := two(func([]Engaged, *[2]Army) {})
			third := cc.Units[1]
			third.ID = "more"
			cc.Units = append(cc.Units, third)
			return cc
		}()},
		{"nine units", "9 units fight", func() Combat {
			cc := two(func([]Engaged, *[2]Army) {})
			for k := range 7 {
				more := cc.Units[1]
				more.ID = fmt.Sprint("more", k)
				cc.Units = append(cc.Units, more)
			}
			return cc
		}()},
		{"one unit", "1 units fight", Combat{MaxRounds: 1, Units: []Engaged{{Fighter: trollsUnit()}}}},
		{"both in one army", "army 0", two(func(u []Engaged, _ *[2]Army) { u[1].Army = 0 })},
		{"a contact with itself", "each touches the other", two(func(u []Engaged, _ *[2]Army) { u[0].Contacts[0].Enemy = 0 })},
		{"two contacts", "each touches the other", two(func(u []Engaged, _ *[2]Army) { u[0].Contacts = append(u[0].Contacts, u[0].Contacts[0]) })},
		{"fewer models than its Contact", "2 models in contact", two(func(u []Engaged, _ *[2]Army) { u[0].Contacts[0].Models = 2 })},
		{"a flank touched without a charge", "without charging", two(func(u []Engaged, _ *[2]Army) { u[1].Contacts[0].At = Flank })},
		{"no such face", "facing 3", two(func(u []Engaged, _ *[2]Army) { u[0].Contacts[0].At = Rear + 1 })},
		{"both charged", "only one army charges", two(func(u []Engaged, _ *[2]Army) { u[1].Charged = true })},
		{"a distance without a charge", "did not charge", two(func(u []Engaged, _ *[2]Army) { u[1].ChargeDistance = 3 })},
		{"an army named as the enemy's unit", "no enemy unit's", two(func(_ []Engaged, a *[2]Army) { a[0].ID = "trolls" })},
		{"two armies of one name", "no enemy unit's nor the other army's", two(func(_ []Engaged, a *[2]Army) { a[0].ID, a[1].ID = "x", "x" })},
	} {
		_, err := NewFight(sixth(t), c.cc)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
}
