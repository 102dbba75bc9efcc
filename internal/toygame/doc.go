// Package toygame is a toy game, registered by tests alone, that proves
// docs/architecture.md's recipe for adding a game: every command works for
// a game that implements scenarios.Game in its own package, with no edit
// elsewhere (cmd/sim's TestToyGame runs them). It is not in game/all, so
// sim never offers it; a test calls [Register].
//
// # The rules
//
// Two bands of models fight. Each round every model of a band makes its
// attacks, a D6 each, and each roll of the band's hit_on or more slays one
// model of the other band (no saves). With the option strikes: together
// (preset toy1) both bands strike at once and the casualties of both are
// removed at the end of the round; with strikes: in_turn (preset toy2) the
// first band listed strikes first, and the second strikes back with the
// models it has left. With reroll_misses: yes (preset toy2) every missed
// attack is rolled once more. Rounds are fought until a band has no model
// left, or max_rounds have been fought.
//
// # Scenario format (game: toy)
//
//	game: toy
//	name: toy-skirmish
//	ruleset: toy1            # toy1 (default) or toy2
//	rules: {reroll_misses: yes}
//	bands:                   # exactly two
//	  - {id: red, name: Red Band, models: 3, attacks: 1, hit_on: 4+}
//	  - {id: blue, from: veterans, models: 2}
//	fight: {max_rounds: 10}  # 1 to 20; 10 by default
//
// A band that says from: NAME starts as the library band NAME (bands/,
// listed by sim units --game toy), and the fields it gives override the
// library's.
//
// # Outputs
//
// Metrics: BAND.casualties (models lost), rounds (rounds fought). Events:
// BAND.wins (the other band has no model left, and this one has), draw
// (both fell, or max_rounds were fought with both standing). The exact
// solver ([Skirmish.Exact]) follows the distribution of (models left,
// models left) round by round.
package toygame
