package warhammer

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/wargamesim/sim/engine"
)

// Charge reactions of a unit charged by several enemy units (issue 30;
// docs/rules.md "Charge reactions"):
//
//   - Flee: "If a unit is fleeing from two or more different chargers,
//     they will flee directly away from the enemy unit with the highest
//     unit strength" and it is caught "If the chargers have sufficient
//     movement" (7th.whfb.app movement/flee, movement/caught); The Old
//     World's charges move "one at a time" and one that makes contact
//     runs the fleeing unit down (the-movement-phase/charge-moves,
//     charge-reactions-and-multiple-charging-units; movement-in-detail/
//     running-down-the-foe). sim places no models: the unit rolls one
//     flee roll, and under flee_several_caught any_charger each charger
//     rolls its own reach against its own charge_distance plus that roll,
//     any that reaches catching it [I]; under fled_from only the charger
//     it flees from may, the one of highest Unit Strength, ties at random.
//   - Stand and shoot: "in response to one charge per turn, even if
//     charged by multiple units" (tow); at which charger is
//     stand_and_shoot_target [I]. It holds against the others.
//   - Terror: one test however many Terror-causers charge it, or one each
//     (terror_several_chargers [I]); failing any, it flees from them all.

// catcher is one charger of a unit that flees from several: its reach
// (charge_reach), P(reach = v) at v, and the distance it must cover, the
// unit's flee roll added (flee_reaction_caught's reach_more adds one).
type catcher struct {
	charger int
	reach   []float64
	need    int
}

// chargersOf lists the charging enemy units touching unit i, in unit
// order.
func (cc *Combat) chargersOf(i int) []int {
	var cs []int
	for _, c := range cc.Units[i].Contacts {
		if c.Enemy >= 0 && c.Enemy < len(cc.Units) && cc.Units[c.Enemy].Charged && !slices.Contains(cs, c.Enemy) {
			cs = append(cs, c.Enemy)
		}
	}
	slices.Sort(cs)
	return cs
}

// terrorCausers lists the chargers of unit i that cause Terror.
func (cc *Combat) terrorCausers(i int) []int {
	var ts []int
	for _, c := range cc.chargersOf(i) {
		if cc.Units[c].CausesTerror {
			ts = append(ts, c)
		}
	}
	return ts
}

// slowCharger is a charger of unit i with no Movement to reach it by (-1:
// none).
func (cc *Combat) slowCharger(i int) int {
	for _, c := range cc.chargersOf(i) {
		if cc.Units[c].Profile.M < 1 {
			return c
		}
	}
	return -1
}

// fleeFrom sets r's chances of being caught as it flees: from one charger,
// its reach less the flee roll; from several, each one's reach.
func (f *Fight) fleeFrom(r *reactor) {
	more := 0
	if f.rs.FleeCaught == CaughtReachMore {
		more = 1
	}
	if len(r.chargers) == 1 {
		r.reach, r.off = f.reachLessFlee(r.unit, r.charger)
		r.need = f.unit(r.charger).ChargeDistance + more
		return
	}
	for _, c := range r.chargers {
		r.catchers = append(r.catchers, catcher{charger: c, reach: f.reachDist(c), need: f.unit(c).ChargeDistance + more})
	}
	r.flee = f.fleeReactionDist(r.unit)
	if f.rs.FleeSeveral != FleeFledFrom {
		return
	}
	best := 0
	for _, c := range r.chargers {
		best = max(best, f.fullStrength(c))
	}
	for k, c := range r.chargers {
		if f.fullStrength(c) == best {
			r.from = append(r.from, k)
		}
	}
}

// reachDist is charger ch's reach (charge_reach), P(reach = v) at v.
func (f *Fight) reachDist(ch int) []float64 {
	m := f.unit(ch).Profile.M
	dist := make([]float64, m+13)
	switch f.rs.ChargeReach {
	case ReachDoubleMove:
		dist = make([]float64, 2*m+1)
		dist[2*m] = 1
	case ReachMovePlus2D6:
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				dist[m+a+b] += 1.0 / 36
			}
		}
	default:
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				dist[m+max(a, b)] += 1.0 / 36
			}
		}
	}
	return dist
}

// atLeast is P(reach >= v).
func (c *catcher) atLeast(v int) float64 {
	p := 0.0
	for r := max(v, 0); r < len(c.reach); r++ {
		p += c.reach[r]
	}
	return p
}

// caughtBySeveralChance is the chance that a unit fleeing from several
// chargers, all of them charging, is caught (flee_several_caught): the sum
// over its flee roll F of P(F) times, under any_charger, one less the
// chance that every charger falls short, each by its own reach; under
// fled_from, the chance that the charger of highest Unit Strength (each of
// equals alike) reaches.
func (r *reactor) caughtBySeveralChance() float64 {
	from := r.from
	p := 0.0
	for v, q := range r.flee {
		if q == 0 {
			continue
		}
		var caught float64
		if from == nil {
			missed := 1.0
			for k := range r.catchers {
				missed *= 1 - r.catchers[k].atLeast(r.catchers[k].need+v)
			}
			caught = 1 - missed
		} else {
			for _, k := range from {
				caught += r.catchers[k].atLeast(r.catchers[k].need+v) / float64(len(from))
			}
		}
		p += q * caught
	}
	return p
}

// caughtBySeveral rolls whether a unit fleeing from several chargers is
// caught, by the chargers still charging: under any_charger each one's
// reach in unit order, then the flee roll; under fled_from the charger of
// highest Unit Strength (ties: a D6 shared out among them), its reach,
// then the flee roll.
func (t *fightTrial) caughtBySeveral(d *engine.Dice, re *reactor) bool {
	var reach [MaxUnits]int
	if t.f.rs.FleeSeveral == FleeFledFrom {
		k := t.fledFromNow(d, re)
		reach[k] = t.rollReachOf(d, re.catchers[k].charger)
		return reach[k] >= re.catchers[k].need+t.rollFlee(d, re.unit)
	}
	for k, c := range re.catchers {
		if t.inCombat(c.charger) {
			reach[k] = t.rollReachOf(d, c.charger)
		}
	}
	flee := t.rollFlee(d, re.unit)
	for k, c := range re.catchers {
		if t.inCombat(c.charger) && reach[k] >= c.need+flee {
			return true
		}
	}
	return false
}

// fledFromNow is the catcher a unit flees from: of the chargers still
// charging, the one of highest Unit Strength now; of equals, one at random
// (a D6: 1-3 or 4-6 between two, 1-2, 3-4, 5-6 among three).
func (t *fightTrial) fledFromNow(d *engine.Dice, re *reactor) int {
	var top [MaxUnits]int
	n, best := 0, -1
	for k, c := range re.catchers {
		if !t.inCombat(c.charger) {
			continue
		}
		switch us := t.unitStrength(c.charger); {
		case us > best:
			best, top[0], n = us, k, 1
		case us == best:
			top[n] = k
			n++
		}
	}
	if n > 1 {
		return top[(d.D6()-1)*n/6]
	}
	return top[0]
}

// charging reports whether any charger of r still charges.
func (t *fightTrial) charging(r *reactor) bool {
	for _, c := range r.chargers {
		if t.inCombat(c) {
			return true
		}
	}
	return false
}

// terrorTests takes r's Terror tests: one, or one for each Terror-causer
// still charging (terror_several_chargers); it reports whether it passed
// them all.
func (t *fightTrial) terrorTests(d *engine.Dice, r *reactor) bool {
	n := 0
	for _, c := range r.chargers {
		if t.f.unit(c).CausesTerror && t.inCombat(c) {
			n++
		}
	}
	if t.f.rs.TerrorSeveral == TerrorOneTest {
		n = min(n, 1)
	}
	for range n {
		if !t.fearTest(d, r.unit) {
			return false
		}
	}
	return true
}

// standAndShootAt builds r's stand and shoot at each of its chargers far
// enough to be shot at (stand_and_shoot_range), in the order
// stand_and_shoot_target prefers them, and sets r.charger to the first.
func (f *Fight) standAndShootAt(r *reactor) {
	for _, c := range r.chargers {
		if f.mayStandAndShoot(r.unit, c) {
			v, n := f.shootVariant(r.unit, c)
			r.shots = append(r.shots, shot{charger: c, v: v, n: n})
		}
	}
	slices.SortStableFunc(r.shots, func(a, b shot) int {
		if f.rs.ShootTarget == ShootLargest {
			return cmp.Compare(f.fullStrength(b.charger), f.fullStrength(a.charger))
		}
		return cmp.Compare(f.unit(a.charger).ChargeDistance, f.unit(b.charger).ChargeDistance)
	})
	if len(r.shots) > 0 {
		r.charger = r.shots[0].charger
	}
}

// shotAt is the stand and shoot r fires: at the first charger of its
// preference still charging; nil, none (it holds).
func (t *fightTrial) shotAt(r *reactor) *shot {
	for k := range r.shots {
		if t.inCombat(r.shots[k].charger) {
			return &r.shots[k]
		}
	}
	return nil
}

// chargersText names r's chargers with their distances: "knights (9\")",
// "knights (9\") and wolves (12\")".
func (f *Fight) chargersText(r *reactor) string {
	var ns []string
	for _, c := range r.chargers {
		ns = append(ns, f.unit(c).ID+" ("+strconv.Itoa(f.unit(c).ChargeDistance)+"\")")
	}
	return strings.Join(ns, " and ")
}

// terrorText names r's Terror-causing chargers charging: "trolls
// charges", "a1 and a2 charge".
func (f *Fight) terrorText(r *reactor) string {
	var ns []string
	for _, c := range r.chargers {
		if f.unit(c).CausesTerror {
			ns = append(ns, f.unit(c).ID)
		}
	}
	if len(ns) == 1 {
		return ns[0] + " charges"
	}
	return strings.Join(ns, " and ") + " charge"
}

// severalNote is note where r answers several chargers, else "".
func severalNote(r *reactor, note string) string {
	if len(r.chargers) > 1 {
		return note
	}
	return ""
}
