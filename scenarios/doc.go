// Package scenarios reads scenario files of any game, and holds what every
// game's scenario format shares.
//
// A scenario is a YAML file; its game field names the game (Warhammer when
// it names none). Each game implements [Game] in its own folder
// (game/NAME/scenario) and registers itself with [Register]; importing
// game/all registers them all. [Open], [Load] and [LoadWith] read the game
// field and hand the file to its game, which decodes, validates and builds
// it into a [Plan]: the engine's model, the ruleset as an
// [options.Ruleset], and what reports say about it. Nothing in a Plan is
// typed by one game, so the commands, reports and charts name no game.
//
// For the games' formats this package provides the shared machinery:
//
//   - [Parse]: a file parsed once into a [Document], which [LoadWith]
//     reads for the game and the game's [Format] decodes;
//   - [Decode]: strict YAML (an unknown field is an error, with a "did you
//     mean"), bounded against alias bombs, with the position of every
//     field ([Positions]);
//   - [Checker]: validation errors located by field path, as an
//     [ErrorList] whose entries read "file:line:col: path: what is wrong
//     and how to fix it";
//   - [Roll], [Rolls], [Amount] and [Reroll]: dice notation ("4+", "D3",
//     re-rolls) as a field's value;
//   - [Overlay]: a unit library's unit with the fields a scenario gives
//     laid over it;
//   - [ParseRules] and [ParseRulesFile]: a ruleset named on the command
//     line (a preset of any game, a house-rules file, plus options), and
//     [ParseVary] and [SetField] for sweeps over a field.
//
// docs/scenarios.md, docs/wotr.md and docs/conquest.md are the formats'
// manuals; docs/architecture.md shows how the pieces fit.
package scenarios
