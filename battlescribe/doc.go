// Package battlescribe reads army data in the BattleScribe formats: game
// systems (.gst), catalogues (.cat), rosters (.ros), each also zipped
// (.gstz, .catz, .rosz), and New Recruit's JSON export of a roster, which
// mirrors the roster schema.
//
// [Open] reads one file into a [Document]: a tree of [Entry] values, with
// every link followed (entry links to shared selection entries and groups,
// info links to shared profiles and rules, in the catalogue, its game
// system and the catalogues it links) and the modifiers that need no
// selection applied. A catalogue finds its game system and linked
// catalogues in its own folder, by id.
//
// The package knows nothing of any game: what a profile's characteristics
// mean, and what an upgrade called "Shields" gives, is for the game's
// importer (game/warhammer/scenario's import.go and its phrase table).
// Every error names the file, and the entry where there is one, and says
// how to fix it.
//
// The schema is BattleScribe's (https://github.com/BSData/schemas); the
// community data sets are its real examples. The tests use fixtures this
// project wrote in that schema.
package battlescribe
