// Package wotr is War of the Ring (Games Workshop, 2009): one turn of a
// fight between two formations, with the heroes in them and the heroic and
// epic actions they declare, resolved as an [engine.Model].
//
// It follows seed 001 (the ordering of heroic and epic actions, Heroic
// Move, and the Heroic Combat / Heroic Duel interplay) to the letter, and
// the rules reference rules/wotr.md for the rest: the duel, the formation
// fight (dice per company, the battle-skill modifier, the To Hit chart,
// Resilience and Hard to Kill), victory by casualties and the Panic table.
// The rulebook itself was not available to the authors of wotr.md; every
// value it tags uncertain [U], and every reading of the seed that is an
// interpretation [I], is a named option of the [Ruleset] (docs/wotr.md
// lists them with their defaults and sources).
//
// What is simulated, in order (docs/wotr.md, "A turn"):
//
//  1. The move, shoot and charge phases, for their heroic actions only:
//     declarations, the roll-off and alternate picks when both sides
//     declare, and Might deducted before anything resolves. A Heroic
//     Charge decides which formation charges; a Heroic Move forbids the
//     formation to charge for the rest of the turn.
//  2. The fight phase: Heroic Combat, Heroic Duel and Epic Duel are
//     ordered in the same way; duels and Heroic Combats resolve in that
//     order; the fight between the formations is fought when a Heroic
//     Combat calls it, else after the actions; a Heroic Combat that wins
//     may charge a second time.
//
// Heroes spend Might on dice by a [MightPolicy]; the simulation never
// decides for a player without saying how.
package wotr
