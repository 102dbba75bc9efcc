package scenario

import (
	"fmt"
	"slices"
	"strings"
)

// The contacts of an army-form close combat as a whole: every unit
// touches an enemy, says how many of its models touch each enemy when it
// touches several, does not stand in the flank of a unit that stands in
// its own, has no more models at a face than the face holds, and the
// contacts make one combat (plan §1.1, §1.4). sim places no models, so
// these are counts, not positions: a unit's front holds its frontage,
// plus one corner model for each further contact, which two contacts may
// share; a flank holds a model of each rank, the rear a rank.

// touching is one enemy a unit is in base contact with.
type touching struct {
	enemy  int // index in the fight's units
	listed int // index in the unit's fights, or -1 when only the enemy lists it
}

// contactsOf is, for each unit of us, the enemies it touches: those it
// lists, in its order, then those that list it and it does not list, in
// unit order, as the engine completes them.
func contactsOf(us []fighting, index map[string]int) [][]touching {
	touch := make([][]touching, len(us))
	for k, u := range us {
		for j, ct := range u.Fights {
			touch[k] = append(touch[k], touching{index[ct.Unit], j})
		}
	}
	for k, u := range us {
		for _, ct := range u.Fights {
			e := index[ct.Unit]
			if !slices.ContainsFunc(touch[e], func(t touching) bool { return t.enemy == k }) {
				touch[e] = append(touch[e], touching{k, -1})
			}
		}
	}
	return touch
}

// faceOf is the face of unit k that enemy e touches: the at of e's
// contact with k, or front when e does not list k (it is derived so).
func faceOf(us []fighting, k, e int) string {
	for _, ct := range us[e].Fights {
		if ct.Unit == us[k].Unit && ct.At != "" {
			return ct.At
		}
	}
	return "front"
}

// contacts checks the contacts of every unit, in passes that each need
// the one before to have found nothing: each unit touches an enemy and
// says how many models touch each; no two units stand in each other's
// flank; no face holds too many models; the contacts make one combat.
func (c *checker) contacts(s *Scenario, us []fighting, touch [][]touching) {
	units := make([]*Unit, len(us))
	for k := range us {
		units[k] = findUnit(s, us[k].Unit)
	}
	before := len(c.Errs)
	for _, pass := range []func(k int){
		func(k int) { c.touches(us, units, touch, k) },
		func(k int) { c.mutualFlank(us, touch, k) },
		func(k int) { c.faces(us, units, touch, k) },
	} {
		for k := range us {
			pass(k)
		}
		if len(c.Errs) > before {
			return
		}
	}
	c.oneCombat(us, touch)
}

// findUnit is the unit of s with the id, which validation found.
func findUnit(s *Scenario, id string) *Unit {
	i := slices.IndexFunc(s.Units, func(u Unit) bool { return u.ID == id })
	return &s.Units[i]
}

// touches checks that unit k touches an enemy, and says how many of its
// models touch each when it touches several: the engine derives a
// contact only for a unit that has no other.
func (c *checker) touches(us []fighting, units []*Unit, touch [][]touching, k int) {
	u := us[k]
	switch {
	case len(touch[k]) == 0:
		enemy := "an_enemy" // there is one: an army without units stops validation before this pass
		if e := slices.IndexFunc(us, func(e fighting) bool { return e.army != u.army }); e >= 0 {
			enemy = us[e].Unit
		}
		c.Add(u.path, "%q is in contact with no enemy unit; give it fights: [{unit: %s, at: flank}], or name it in an enemy's fights", u.Unit, enemy)
	case len(touch[k]) >= 2 && !c.modelsGiven(u, touch[k]):
		c.Add(u.path, "%s touches %s, so say how many of its models touch each: fights: [%s]",
			u.Unit, enemyNames(us, touch[k]), splitSuggestion(us, touch[k], contact(units[k])))
	}
}

// modelsGiven reports whether unit u lists every enemy it touches, each
// with its models.
func (c *checker) modelsGiven(u fighting, touch []touching) bool {
	for _, t := range touch {
		if t.listed < 0 || !c.Present(fmt.Sprintf("%s.fights[%d].models", u.path, t.listed)) {
			return false
		}
	}
	return true
}

// enemyNames is "a and b", or "a, b and c", of the enemies touched.
func enemyNames(us []fighting, touch []touching) string {
	var ids []string
	for _, t := range touch {
		ids = append(ids, us[t.enemy].Unit)
	}
	return andList(ids)
}

// andList joins words as "a", "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// splitSuggestion shares a unit's contact models out over its enemies,
// the earlier ones taking the odd models, for a message's example.
func splitSuggestion(us []fighting, touch []touching, models int) string {
	var items []string
	for i, t := range touch {
		m := models / len(touch)
		if i < models%len(touch) {
			m++
		}
		items = append(items, fmt.Sprintf("{unit: %s, models: %d}", us[t.enemy].Unit, max(1, m)))
	}
	return strings.Join(items, ", ")
}

// mutualFlank reports unit k standing in the flank or rear of an enemy
// that stands in its own: one of the two faces the other's front. It is
// reported once, at the later of the two.
func (c *checker) mutualFlank(us []fighting, touch [][]touching, k int) {
	for _, t := range touch[k] {
		if t.listed < 0 || t.enemy > k || facingOf(us[k].Fights[t.listed].At) == "front" {
			continue
		}
		if faceOf(us, t.enemy, k) != "front" && faceOf(us, k, t.enemy) != "front" {
			c.Add(fmt.Sprintf("%s.fights[%d].at", us[k].path, t.listed),
				"%s and %s each stand in the other's flank or rear; one of them faces the other's front", us[t.enemy].Unit, us[k].Unit)
		}
	}
}

// facingOf is at, or front when it is not given.
func facingOf(at string) string {
	if at == "" {
		return "front"
	}
	return at
}

// faces checks that unit k has no more models at each of its faces than
// the face holds: at the front its frontage and a corner model for each
// further contact; at a flank one a rank; at the rear one rank.
func (c *checker) faces(us []fighting, units []*Unit, touch [][]touching, k int) {
	u, unit := us[k], units[k]
	var front []string
	sum, last := 0, ""
	for _, t := range touch[k] {
		m, p := contact(unit), u.path
		if t.listed >= 0 {
			p = fmt.Sprintf("%s.fights[%d]", u.path, t.listed)
			if ct := u.Fights[t.listed]; ct.Models > 0 {
				m, p = ct.Models, p+".models"
			}
		}
		enemy := us[t.enemy].Unit
		switch face := faceOf(us, k, t.enemy); face {
		case "front":
			front = append(front, fmt.Sprintf("%s with %d", enemy, m))
			sum, last = sum+m, p
		case "flank":
			if r := ranks(unit); m > r {
				c.Add(p, "%s touch %s with %d models along their flank, beyond their %s; give fewer models", u.Unit, enemy, m, plural(r, "rank", "ranks"))
			}
		default:
			if w := frontage(unit); m > w {
				c.Add(p, "%s touch %s with %d models along their rear, beyond the %d of a rank; give fewer models", u.Unit, enemy, m, w)
			}
		}
	}
	w, n := frontage(unit), len(front)
	switch {
	case sum <= w+n-1:
	case n == 1:
		c.Add(last, "%s touch %s models at the front, beyond the %d of their front rank; give fewer models", u.Unit, front[0], w)
	default:
		c.Add(last, "%s touch %s models at the front, %d in all, beyond the %d of their front rank and the %s %s contacts may share; give fewer models",
			u.Unit, andList(front), sum, w, plural(n-1, "corner model", "corner models"), countWord(n))
	}
}

// ranks is how many ranks the unit forms, its characters' places
// counted: the models on a flank. A unit of no models (a mistake
// reported elsewhere) forms none, rather than dividing by its frontage 0.
func ranks(u *Unit) int {
	w := frontage(u)
	if w == 0 {
		return 0
	}
	return (u.Models + len(u.Characters) + w - 1) / w
}

// countWord is n in words, for the few units of a fight.
func countWord(n int) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight"}
	if n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

// oneCombat checks that the contacts join every unit into one combat: a
// scenario fights one.
func (c *checker) oneCombat(us []fighting, touch [][]touching) {
	group := make([]int, len(us))
	for i := range group {
		group[i] = -1
	}
	var combats []string
	for start := range us {
		if group[start] >= 0 {
			continue
		}
		g := len(combats)
		group[start] = g
		for queue := []int{start}; len(queue) > 0; queue = queue[1:] {
			for _, t := range touch[queue[0]] {
				if group[t.enemy] < 0 {
					group[t.enemy] = g
					queue = append(queue, t.enemy)
				}
			}
		}
		var sides [2][]string
		for k := range us {
			if group[k] == g {
				sides[us[k].army] = append(sides[us[k].army], us[k].Unit)
			}
		}
		combats = append(combats, andList(sides[0])+" with "+andList(sides[1]))
	}
	if n := len(combats); n > 1 {
		c.Add("fight.sides", "the contacts make %s separate combats (%s); a scenario fights one combat: split it into %s files",
			countWord(n), strings.Join(combats, "; "), countWord(n))
	}
}
