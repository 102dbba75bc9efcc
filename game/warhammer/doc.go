// Package warhammer resolves Warhammer Fantasy Battles combat: to hit, to
// wound, armour and ward saves, casualties on single- and multi-wound models,
// Regeneration, Killing Blow, Poisoned and Flaming Attacks, Multiple Wounds
// and re-rolls.
//
// The rules follow the annotated 6th-edition rulebook of the seed documents
// (seed 000 Regeneration, seed 002 Wounding, saves and casualty removal) and
// ../shared/rules/RULES.md §2, §3 and §5. Editions are [Ruleset] values:
// named options with a preset per edition, never branches spread through the
// code. docs/rules.md lists every rule and option with its source.
//
// A volley ([Volley]) moves its attacks through the stages of the rules as
// counts: each stage is an [engine.Test] whose exact odds become one step of
// an [engine.Flow], and the whole flow is sampled with a handful of draws per
// trial. The per-die path ([Volley.PerDie]) rolls every die instead and is the
// test oracle; [Volley.Exact] computes the exact distributions.
package warhammer
