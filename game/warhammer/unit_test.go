package warhammer

import (
	"github.com/wargamesim/sim/engine/options"
	"testing"

	"github.com/wargamesim/sim/engine"
)

func TestArmourSaveFromEquipment(t *testing.T) {
	for _, c := range []struct {
		name string
		eq   Equipment
		want Save
		why  string
	}{
		{"knight errant", Equipment{Body: HeavyArmour, Mount: CavalryMount, Barding: true, Natural: NoSave}, 3, "seed 002: heavy 5+, warhorse +1, barding +1 = 3+"},
		{"wolf rider", Equipment{Mount: CavalryMount, Natural: NoSave}, 6, "seed 002: a Goblin Wolf Rider with no equipment has 6+"},
		{"full knight", Equipment{Body: PlateArmour, Shield: true, Mount: CavalryMount, Barding: true, Natural: NoSave}, 1, "seed 002, maximum save: plate, shield, mount, barding = 1+"},
		{"cold one", Equipment{Body: HeavyArmour, Shield: true, Mount: ColdOne, Natural: NoSave}, 2, "Cold Ones give +2 (seed 002)"},
		{"saurus", Equipment{Shield: true, Natural: 5}, 4, "scaly skin 5+ stacks with a shield (seed 002)"},
		{"light armour", Equipment{Body: LightArmour, Natural: NoSave}, 6, "light armour 6+ (seed 002 table)"},
		{"light and shield", Equipment{Body: LightArmour, Shield: true, Natural: NoSave}, 5, "6th table: shield + light = 5+"},
		{"nothing", Equipment{Natural: NoSave}, NoSave, "no armour, no save"},
		{"zero natural", Equipment{}, NoSave, "the zero value has no natural armour either"},
	} {
		if got := c.eq.ArmourSave(); got != c.want {
			t.Errorf("%s: %d+, want %d+ (%s)", c.name, got, c.want, c.why)
		}
	}
}

// named is a preset's ruleset, with its name and origins.
func named(t testing.TB, preset string) *options.Rules[Ruleset] {
	t.Helper()
	rs, err := Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func sixth(t testing.TB) *Ruleset   { return &named(t, "6th").Values }
func seventh(t testing.TB) *Ruleset { return &named(t, "7th").Values }
func eighth(t testing.TB) *Ruleset  { return &named(t, "8th").Values }
func tow(t testing.TB) *Ruleset     { return &named(t, "tow").Values }

// setOption sets an option of rs by name, as a scenario's rules do.
func setOption(t testing.TB, rs *Ruleset, name, value string) {
	t.Helper()
	var from options.Origins
	if err := optionList.Set(rs, &from, name, value, "test"); err != nil {
		t.Fatal(err)
	}
}

// The armour save a wound of a given Strength leaves (seed 002 examples).
func TestArmourNeed(t *testing.T) {
	for _, c := range []struct {
		save  Save
		s, ap int
		pass  float64
		why   string
	}{
		{3, 5, 0, 2.0 / 6, "seed 002: the Knight Errant's 3+ against S5 needs 5+"},
		{6, 5, 0, 0, "seed 002: the wolf rider's 6+ against S5 has no save"},
		{1, 4, 0, 5.0 / 6, "seed 002: 1+ against S4 needs 2+, the same chance as an unmodified 1+"},
		{1, 3, 0, 5.0 / 6, "a 1+ save still fails on a natural 1"},
		{3, 3, 0, 4.0 / 6, "RULES.md §5.3: S3 leaves 3+"},
		{3, 6, 0, 1.0 / 6, "RULES.md §5.3: S6 leaves 6+"},
		{3, 7, 0, 0, "RULES.md §5.3: S7 leaves no save"},
		{4, 4, 1, 1.0 / 6, "S4 makes 4+ a 5+, and Armour Piercing one point more: 6+ (RULES.md §2.7.2)"},
	} {
		st := newStages(sixth(t), Attack{Phase: Shooting, Skill: 3, S: c.s, Count: 1, Rules: AttackRules{ArmourPiercing: c.ap}},
			Target{T: 3, W: 1, Models: 1, Defence: Defence{Armour: c.save, Ward: NoSave, Regeneration: NoSave}})
		if got := passChance(st.armour); !close(got, c.pass) {
			t.Errorf("%d+ against S%d (AP %d): saves with %.4f, want %.4f (%s)", c.save, c.s, c.ap, got, c.pass, c.why)
		}
	}
}

func close(a, b float64) bool { return a-b < 1e-12 && b-a < 1e-12 }

func TestKillingBlowEligibility(t *testing.T) {
	for _, c := range []struct {
		name   string
		rs     *Ruleset
		phase  Phase
		rules  AttackRules
		target TroopType
		auto   bool
		want   bool
		why    string
	}{
		{"6th infantry", sixth(t), CloseCombat, AttackRules{KillingBlow: true}, Infantry, false, true, "man-sized (RULES.md §3.1)"},
		{"6th troll", sixth(t), CloseCombat, AttackRules{KillingBlow: true}, MonstrousInfantry, false, false, "not man-sized"},
		{"8th war beast", eighth(t), CloseCombat, AttackRules{KillingBlow: true}, WarBeast, false, true, "8th: infantry, cavalry and war beasts (RULES.md §2.9.1)"},
		{"6th war beast", sixth(t), CloseCombat, AttackRules{KillingBlow: true}, WarBeast, false, false, "6th: man-sized only"},
		{"shooting", sixth(t), Shooting, AttackRules{KillingBlow: true}, Infantry, false, false, "Killing Blow is close combat only"},
		{"tow ogre", tow(t), CloseCombat, AttackRules{KillingBlow: true}, MonstrousInfantry, false, true, "tow: monstrous infantry are infantry (categories-of-troop-type)"},
		{"tow swarm", tow(t), CloseCombat, AttackRules{KillingBlow: true}, Swarm, false, true, "tow: swarms are infantry"},
		{"tow monstrous cavalry", tow(t), CloseCombat, AttackRules{KillingBlow: true}, MonstrousCavalry, false, true, "tow: monstrous cavalry are cavalry"},
		{"tow war beast", tow(t), CloseCombat, AttackRules{KillingBlow: true}, WarBeast, false, true, "tow: war beasts are cavalry"},
		{"tow monster", tow(t), CloseCombat, AttackRules{KillingBlow: true}, Monster, false, false, "tow: monsters are neither infantry nor cavalry"},
		{"tow chariot", tow(t), CloseCombat, AttackRules{KillingBlow: true}, Chariot, false, false, "tow: chariots are neither"},
		{"tow monstrous beast", tow(t), CloseCombat, AttackRules{KillingBlow: true}, MonstrousBeast, false, false, "tow has no monstrous beasts (8th's type): not read as infantry or cavalry"},
		{"heroic vs monster", sixth(t), CloseCombat, AttackRules{HeroicKillingBlow: true}, Monster, false, true, "Heroic Killing Blow: any type but swarms (RULES.md §2.9.2)"},
		{"heroic vs swarm", sixth(t), CloseCombat, AttackRules{HeroicKillingBlow: true}, Swarm, false, false, "but not swarms"},
		{"auto wound", sixth(t), CloseCombat, AttackRules{KillingBlow: true}, Infantry, true, false, "attacks that wound automatically never trigger it"},
	} {
		st := newStages(c.rs, Attack{Phase: c.phase, Skill: 4, S: 4, Count: 1, AutoWound: c.auto, Rules: c.rules},
			Target{Type: c.target, T: 4, W: 1, WS: 4, Models: 1, Defence: Defence{Armour: NoSave, Ward: NoSave, Regeneration: NoSave}})
		if st.killing != c.want {
			t.Errorf("%s: Killing Blow %v, want %v (%s)", c.name, st.killing, c.want, c.why)
		}
	}
}

// Seed 002, "Models with more than one Wound": 5 wounds on W3 Ogres remove
// one and leave 2 marked; one more wound removes a second Ogre.
func TestOgresCarryWounds(t *testing.T) {
	u := newUnitState(3, 3)
	u.woundEach(5, false)
	if u.alive != 2 || u.carried != 2 {
		t.Fatalf("5 wounds on 3 Ogres: %d standing, %d marked; want 2 and 2", u.alive, u.carried)
	}
	u.woundEach(1, false)
	if u.alive != 1 || u.carried != 0 {
		t.Fatalf("one more wound: %d standing, %d marked; want 1 and 0", u.alive, u.carried)
	}
}

// Seed 000: 4 wounds regenerated on 2 slain W3 Trolls give one Troll at 3 W
// and one at 1 W.
func TestRegenerateWholeModelsFirst(t *testing.T) {
	u := newUnitState(2, 3)
	u.woundEach(10, true)
	if u.alive != 0 || u.regenLost != 6 {
		t.Fatalf("10 wounds on 2 Trolls: %d standing, %d regenerable; want 0 and 6 (wounds capped at the profile)", u.alive, u.regenLost)
	}
	u.regenerate(4)
	if u.alive != 2 || u.carried != 2 {
		t.Errorf("4 regenerated: %d Trolls with %d wounds marked; want 2 with 2 (one at 3 W, one at 1 W)", u.alive, u.carried)
	}
}

// woundEach is the constant-time form of n single wounds: it must leave
// every tally as n calls of wound(1) would, from every starting state.
func TestWoundEachMatchesSingleWounds(t *testing.T) {
	for w := 1; w <= 4; w++ {
		for models := 1; models <= 3; models++ {
			for pre := 0; pre < models*w; pre++ {
				for preRegen := range 2 {
					for n := 0; n <= models*w+2; n++ {
						for _, regen := range []bool{false, true} {
							a := newUnitState(models, w)
							a.woundEach(pre, preRegen == 1)
							b := a
							a.woundEach(n, regen)
							for range n {
								b.wound(1, regen)
							}
							if a != b {
								t.Fatalf("W%d x%d, %d earlier wounds (regen %v), %d more (regen %v): woundEach %+v, single wounds %+v",
									w, models, pre, preRegen == 1, n, regen, a, b)
							}
						}
					}
				}
			}
		}
	}
}

// A Killing Blow on a model already carrying wounds from this phase takes
// those wounds out of what Regeneration may restore.
func TestKillingBlowOnDamagedModel(t *testing.T) {
	rs := sixth(t)
	u := newUnitState(3, 3)
	u.woundEach(2, true)
	u.killingBlow(rs)
	if u.alive != 2 || u.carried != 0 || u.regenLost != 0 || u.scored != 3 || u.lost != 3 {
		t.Errorf("2 wounds then a Killing Blow on W3: %+v; want 2 standing, none marked, nothing regenerable, 3 scored and lost (remaining wounds, seed 000)", u)
	}
	rs8 := eighth(t)
	v := newUnitState(3, 3)
	v.woundEach(2, true)
	v.killingBlow(rs8)
	if v.scored != 5 {
		t.Errorf("8th: 2 wounds then a Killing Blow score %d, want 2 + the profile's 3", v.scored)
	}
}

func TestScriptedAttack(t *testing.T) {
	// WS4 against WS3 hits on 3+, S4 against T3 wounds on 3+, 5+ save.
	st := newStages(sixth(t), Attack{Phase: CloseCombat, Skill: 4, S: 4, Count: 1},
		Target{T: 3, W: 1, WS: 3, Models: 1, Defence: Defence{Armour: 4, Ward: NoSave, Regeneration: NoSave}})
	for _, c := range []struct {
		dice []int
		want int
		why  string
	}{
		{[]int{2}, stMiss, "a 2 misses on 3+"},
		{[]int{3, 2}, stNoWound, "hit, then a 2 fails to wound on 3+"},
		{[]int{3, 3, 5}, stSaved, "hit, wound, and the 4+ save becomes 5+ against S4: a 5 saves"},
		{[]int{6, 6, 4}, stUnsaved, "a 4 no longer saves against S4"},
	} {
		d := engine.Scripted(c.dice...)
		if got := st.rollOne(d); got != c.want {
			t.Errorf("dice %v: state %d, want %d (%s)", c.dice, got, c.want, c.why)
		}
		if d.Left() != 0 {
			t.Errorf("dice %v: %d left unrolled", c.dice, d.Left())
		}
	}
}

// A model slain by Killing Blow never regenerates, not even the ordinary
// wounds it carried (seed 000): their unsaved wounds roll no dice. Found by
// the reference resolver in bench/warhammer.
func TestKillingBlowTakesItsWoundsRegenerationDice(t *testing.T) {
	rs := sixth(t)
	u := newUnitState(3, 3)
	u.wound(3, true) // a D3 of 3 slays the first model
	u.wound(1, true) // a second wound marks 1 on the next
	u.killingBlow(rs)
	if got := u.regenDice(rs); got != 1 {
		t.Errorf("%d Regeneration dice, want 1: the wound on the model slain by Killing Blow rolls none", got)
	}
	v := newUnitState(2, 3)
	for range 10 {
		v.wound(1, true)
	}
	if got := v.regenDice(rs); got != 6 {
		t.Errorf("10 wounds on 2 Trolls roll %d dice, want 6 (seed 000: at most the wounds lost)", got)
	}
}
