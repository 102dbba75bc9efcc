// Package conquest resolves combat in Conquest: The Last Argument of Kings
// (Para Bellum), core rules v1.5 by default, with the 2nd edition (2.0) as a
// preset: roll-under tests, the Clash (Strikes, Support Strikes and Impact
// attacks on the charge), the Volley, the Wound Pool and casualty removal,
// the Resolve (Morale) test, Broken and Shattered regiments, and the
// Healing sequence of seed 003 with the heal sources that feed it.
//
// The rules follow ../shared/rules/conquest.md and RULES.md §7; seed 003
// (../shared/seeds/translations-en.md) is the Healing sequence, followed to
// the letter by [Heal]. Editions are [Ruleset] values: named options with a
// preset per edition. docs/conquest.md lists every rule and option with its
// source.
//
// Every roll is a roll-under [Test]: a die passes on a result equal to or
// under the target, a 1 always passes and a 6 always fails. Its exact odds
// ([Test.Odds]) split an action's attacks into misses and hits, and its hits
// into blocks and wounds, as counts drawn with [engine.Split]; the per-die
// path ([Strike.PerDie], [Fight.PerDie]) rolls every die and is the test
// oracle. [Strike] is one action (a Clash, a Charge's Impact attacks or a
// Volley) with an exact solver; [Fight] is a fight of several turns with
// healing between them, with an exact solver for fights small enough
// ([Fight.Exact]).
package conquest
