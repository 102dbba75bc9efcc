package report

import (
	"fmt"
	"maps"
	"slices"
	"sync"
)

// Words are what a game's results mean, in words for people: the tables
// for people and the charts label results with them (EventLabel,
// MetricLabel) and the headline lists the events a game asks for. A game
// brings its own (scenarios.Worder); the report knows none itself, and a
// result it has no words for reads as its name, spaced.
type Words struct {
	// Quantities says what each metric counts, by the last part of its
	// name: "casualties" is "models lost".
	Quantities map[string]string
	// Outcomes words each event, by the last part of its name, with a
	// %s for the unit's name (a plural noun in the built-in scenarios):
	// "wins" is "%s win".
	Outcomes map[string]string
	// Headlines are events a run's headline lists, unit by unit, when
	// its results name no fight's winner: "wins_duel", each duellist's
	// chance to win his duel.
	Headlines []ListedEvent
}

// ListedEvent is an event the headline lists for each unit that has it, the
// likelier first: "Aragorn wins the duel 62.0% [...], Gorbag 31.0% [...]".
type ListedEvent struct {
	Event string // the last part of the events' names: "wins_duel"
	Verb  string // what follows the first unit's name: "wins the duel"
}

var (
	wordsMu sync.RWMutex
	words   Words
)

// AddWords adds w to the words every report uses. The games' words share
// one vocabulary, since a result's name means one thing whatever the game
// (docs/output.md): a name another game words otherwise is an error, and
// nothing is added.
func AddWords(w Words) error {
	wordsMu.Lock()
	defer wordsMu.Unlock()
	for _, pair := range []struct{ have, add map[string]string }{{words.Quantities, w.Quantities}, {words.Outcomes, w.Outcomes}} {
		for _, k := range slices.Sorted(maps.Keys(pair.add)) {
			if v, ok := pair.have[k]; ok && v != pair.add[k] {
				return fmt.Errorf("report: %q is already worded %q, not %q", k, v, pair.add[k])
			}
		}
	}
	for _, h := range w.Headlines {
		if i := slices.IndexFunc(words.Headlines, func(g ListedEvent) bool { return g.Event == h.Event }); i >= 0 && words.Headlines[i] != h {
			return fmt.Errorf("report: headline event %q is already worded %q, not %q", h.Event, words.Headlines[i].Verb, h.Verb)
		}
	}
	words.Quantities = merged(words.Quantities, w.Quantities)
	words.Outcomes = merged(words.Outcomes, w.Outcomes)
	for _, h := range w.Headlines {
		if !slices.Contains(words.Headlines, h) {
			words.Headlines = append(words.Headlines, h)
		}
	}
	return nil
}

func merged(a, b map[string]string) map[string]string {
	m := maps.Clone(a)
	if m == nil {
		m = map[string]string{}
	}
	maps.Copy(m, b)
	return m
}

// quantity is what metric q counts, in words, and whether it has words.
func quantity(q string) (string, bool) {
	wordsMu.RLock()
	defer wordsMu.RUnlock()
	w, ok := words.Quantities[q]
	return w, ok
}

// outcome is event ev's wording, a format with one %s, and whether it has
// one.
func outcome(ev string) (string, bool) {
	wordsMu.RLock()
	defer wordsMu.RUnlock()
	f, ok := words.Outcomes[ev]
	return f, ok
}

// headlines are the events the headline lists, in the order the games
// added them.
func headlines() []ListedEvent {
	wordsMu.RLock()
	defer wordsMu.RUnlock()
	return slices.Clone(words.Headlines)
}
