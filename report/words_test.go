package report

import (
	"strings"
	"testing"
)

// The report knows no game's words: its tests bring their own, as a game
// does (scenarios.Worder), worded as the games word these results.
func init() {
	err := AddWords(Words{
		Quantities: map[string]string{"casualties": "models lost", "rounds": "rounds fought", "unsaved": "unsaved wounds"},
		Outcomes: map[string]string{"wins": "%s win", "lost_regeneration": "%s lose Regeneration", "wins_duel": "%s wins a duel",
			"slain": "%s slain", "falls_back": "%s fall back", "destroyed": "%s destroyed", "breaks": "%s break"},
		Headlines: []ListedEvent{{Event: "wins_duel", Verb: "wins the duel"}},
	})
	if err != nil {
		panic(err)
	}
}

// Words are one vocabulary across games: a second game may repeat a
// word, but not word a result otherwise, and a refused set adds nothing.
func TestAddWordsRefusesAClash(t *testing.T) {
	if err := AddWords(Words{Outcomes: map[string]string{"wins": "%s win"}}); err != nil {
		t.Errorf("the same word again: %v", err)
	}
	err := AddWords(Words{
		Quantities: map[string]string{"hits": "hits scored"},
		Outcomes:   map[string]string{"wins": "%s triumph"},
	})
	if err == nil || !strings.Contains(err.Error(), `"wins" is already worded "%s win"`) {
		t.Errorf("a clash: error %v", err)
	}
	if _, ok := quantity("hits"); ok {
		t.Errorf("a refused set added its other words")
	}
	err = AddWords(Words{Headlines: []ListedEvent{{Event: "wins_duel", Verb: "takes the duel"}}})
	if err == nil {
		t.Errorf("a listed event worded otherwise was accepted")
	}
}
