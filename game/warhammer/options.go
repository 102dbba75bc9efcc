package warhammer

import (
	"fmt"
	"strings"

	"github.com/wargamesim/sim/engine/options"
)

// optionList is every option: its values, what it means, its confidence tag
// (RULES.md §0.1) and source, and how to read and set it, in the order
// docs/rules.md gives them. docs/rules.md holds the same, longer, and a
// test keeps the two in step.
var optionList = options.List[Ruleset]{
	// Wounds and saves.
	options.Enum("regeneration", "V", "seed 000; RULES.md §2.7.5, §3.2; §4 (The Old World: after_wound); 7th not retrieved (§3.1 [U]): 6th kept",
		"when Regeneration is rolled: after all attacks of the phase (restoring slain models), as a save after armour instead of the ward, or as each wound is lost, after armour and ward (The Old World)",
		[]string{"end_of_phase", "save", "after_wound"}, func(r *Ruleset) *RegenTiming { return &r.Regeneration }),
	options.Bool("regeneration_counts_for_combat_result", "V", "RULES.md §4 (The Old World: a wound regenerated \"still counts for combat result\"); 6th: only wounds not regenerated count (seed 000)",
		"a wound regenerated as it is lost (after_wound or save) still counts for combat result",
		func(r *Ruleset) *bool { return &r.RegenCounts }),
	options.Enum("flaming_removes_regeneration", "V", "seed 000 (battle); RULES.md §2.7.5 (8th: phase); tow.whfb.app special-rules/flaming-attacks, regeneration (The Old World: never; the wound itself is not regenerated on a Flammable model)",
		"how long a unit that suffers a wound from Flaming Attacks loses Regeneration",
		[]string{"battle", "phase", "never"}, func(r *Ruleset) *RegenLoss { return &r.FlamingRegen }),
	options.Enum("regenerate_flaming_wounds", "V", "seed 000 and RULES.md §2.7.5 (6th-8th: never); tow.whfb.app special-rules/flammable, regeneration (The Old World: only Flammable models cannot)",
		"whether a wound from Flaming Attacks may be regenerated: never, or unless the model is Flammable (flammable in its special rules)",
		[]string{"never", "unless_flammable"}, func(r *Ruleset) *RegenFlaming { return &r.RegenFlaming }),
	options.Enum("regeneration_dice", "I", "seed 000 says one die per unsaved wound; RULES.md §3.2",
		"end-of-phase Regeneration: one die per unsaved wound (capped at the wounds lost), or one per wound lost; they differ only with Multiple Wounds",
		[]string{"unsaved_wounds", "wounds_lost"}, func(r *Ruleset) *RegenDice { return &r.RegenDice }),
	options.Enum("regeneration_or_ward", "I", "RULES.md §2.7.4 (8th: the player chooses)",
		"Regeneration as a save replaces the ward save; the model takes the better of the two, or always one of them",
		[]string{"better", "regeneration", "ward"}, func(r *Ruleset) *RegenChoice { return &r.RegenOrWard }),
	options.Custom("killing_blow_targets", "I", "RULES.md §3.1 (6th: man-sized, read as infantry and cavalry; 7th: Unit Strength 2 or less [V]), §2.9.1 (8th: infantry, cavalry, war beasts [V]), §4 (The Old World: infantry or cavalry [V])",
		"the troop types Killing Blow slays outright (a comma-separated list, or all)",
		"troop types, comma-separated, or all", append(TroopTypeNames(), "all"),
		func(r *Ruleset) string { return r.KillingBlowTargets.String() },
		func(r *Ruleset, v string) error {
			s, err := parseTroopSet(v)
			if err == nil {
				r.KillingBlowTargets = s
			}
			return err
		}),
	options.Enum("killing_blow_combat_result", "V", "seed 000 (remaining); RULES.md §2.9.1 (8th: profile), §4 (The Old World: all its remaining Wounds)",
		"what a model slain by Killing Blow adds to combat result: the wounds it had left, or its profile Wounds",
		[]string{"remaining_wounds", "profile_wounds"}, func(r *Ruleset) *KBWounds { return &r.KillingBlowWounds }),
	options.Enum("killing_blow_order", "I", "not covered by the seeds or RULES.md",
		"whether a volley's other wounds are marked before its Killing Blows (which then slay the model carrying them) or after",
		[]string{"after_other_wounds", "before_other_wounds"}, func(r *Ruleset) *KBOrder { return &r.KillingBlowOrder }),
	options.Enum("to_hit_chart", "V", "RULES.md §2.4 (6th-8th chart), §4 (The Old World's 2+ column)",
		"the close-combat to-hit chart: 3+ against a lower WS, 5+ against more than double, else 4+; or the same with 2+ against less than half the attacker's WS",
		[]string{"from_3_plus", "from_2_plus"}, func(r *Ruleset) *HitChart { return &r.ToHitChart }),
	options.WholeNumber("too_tough_to_wound", "V", "seed 002 and RULES.md §2.6 (6th-8th: T 4 or more above S), §4 (The Old World: S <= T - 6)",
		"how far Toughness must exceed Strength for a hit to have no chance to wound; below it the need stops at 6+", 4, 10,
		func(r *Ruleset) *int { return &r.TooTough }),
	options.Enum("poisoned_attacks", "V", "RULES.md §2.9.3 (6th-8th), §4 (The Old World: +2 to wound, the current wording; wounds automatically as first printed)",
		"a Poisoned natural 6 to hit: wounds automatically, or rolls to wound at +2",
		[]string{"wound_automatically", "plus_2_to_wound"}, func(r *Ruleset) *PoisonRule { return &r.Poison }),
	options.Enum("armour_modifier", "V", "seed 002 and RULES.md §2.7.2 (6th-8th: Strength), §4 (The Old World: weapons' Armour Piercing)",
		"what worsens armour saves: one per point of Strength above 3, or the weapon's Armour Piercing alone (great weapon, halberd, lance, cavalry spear, flail)",
		[]string{"strength", "weapon"}, func(r *Ruleset) *ArmourRule { return &r.ArmourMod }),
	options.Bool("mount_armour_bonus", "V", "seed 002 (6th: a mount +1, a Cold One +2); RULES.md §4 (The Old World: armour from the armour worn, shield +1, barding +1)",
		"riding a mount improves the armour save (a cavalry mount +1, a Cold One +2)",
		func(r *Ruleset) *bool { return &r.MountArmour }),
	options.Bool("armour_cap", "V", "tow.whfb.app weapons-of-war/maximum-armour-value (The Old World); 6th keeps saves better than 2+ against modifiers (seed 002)",
		"no armour better than 2+ for infantry and cavalry, 3+ for chariots, monsters and war machines, whatever adds to it",
		func(r *Ruleset) *bool { return &r.ArmourCap }),
	options.Bool("parry", "V", "RULES.md §4 (The Old World)",
		"regular and heavy infantry with a hand weapon and a shield have +1 armour in close combat, to 3+ at best",
		func(r *Ruleset) *bool { return &r.Parry }),
	options.Bool("six_always_hits", "I", "RULES.md §2.4 (8th [V]; 6th does not say: kept, since it matters only with to-hit modifiers)",
		"in close combat a natural 6 hits whatever the modifiers",
		func(r *Ruleset) *bool { return &r.SixAlwaysHits }),

	// Close combat: who strikes.
	options.Enum("striking_order", "V", "RULES.md §3.1 (6th, 7th: chargers first), §2.3 (8th: Initiative), §4 (The Old World: Initiative)",
		"who strikes first: chargers in the first round and then Initiative, or Initiative only",
		[]string{"chargers_first", "initiative"}, func(r *Ruleset) *StrikeOrder { return &r.StrikeOrder }),
	options.Enum("strike_first", "V", "RULES.md §2.3 (8th), §3.1 (7th); §4 (The Old World: Initiative 10 or 1 before modifiers, both cancel)",
		"Always Strikes First and Last: a strike step before (after) every other, or Initiative 10 (1) before modifiers",
		[]string{"own_step", "initiative_10"}, func(r *Ruleset) *StrikeFirstRule { return &r.StrikeFirst }),
	options.Bool("charge_initiative", "V", "RULES.md §4 (The Old World: +1 Initiative per full inch charged, at most +3 from the front or +4 from a flank or the rear, at most 10)",
		"in the first round a charger adds the fight's charge_distance to its Initiative",
		func(r *Ruleset) *bool { return &r.ChargeInitiative }),
	options.Enum("initiative_ties", "V", "RULES.md §3.1 (6th, 7th: the previous round's winner, else a roll-off), §2.3 (8th: simultaneous); The Old World read as 8th",
		"groups of equal strike order on opposite sides: the winner of the previous round strikes first (a roll-off in the first round and after a draw), or both at once",
		[]string{"previous_winner", "simultaneous"}, func(r *Ruleset) *TieRule { return &r.InitiativeTies }),
	options.Enum("asf_against_asf", "U", "RULES.md §2.3 (8th text: simultaneous; a later FAQ may say Initiative), §3.1 (7th: Initiative)",
		"two Always Strikes First groups on opposite sides: by Initiative (equal Initiative as initiative_ties says), or at once",
		[]string{"initiative", "simultaneous"}, func(r *Ruleset) *ASFTie { return &r.ASFAgainstASF }),
	options.Bool("asf_rerolls_misses", "U", "RULES.md §2.3 (8th [V]); 6th not covered",
		"Always Strikes First re-rolls misses against an enemy of equal or lower Initiative that has not Always Strikes First too; Always Strikes Last cancels it",
		func(r *Ruleset) *bool { return &r.ASFRerolls }),
	options.Bool("press_of_battle", "V", "tow.whfb.app troop-types-in-detail/press-of-battle (The Old World)",
		"the fighting rank of infantry (not monstrous) is two ranks deep except in the round it charged: the second rank makes one attack a model",
		func(r *Ruleset) *bool { return &r.PressOfBattle }),
	options.Bool("supporting_attacks", "V", "RULES.md §3.1 (6th, 7th: models in base contact), §2.2 (8th), §4 (The Old World: only weapons that allow them)",
		"the rank behind the fighting rank makes one attack a model (monstrous: up to 3), and hordes a rank more",
		func(r *Ruleset) *bool { return &r.SupportingAttacks }),

	// Close combat: combat result.
	options.WholeNumber("rank_bonus_width", "V", "RULES.md §3.1 (6th: 4 wide; 7th, 8th: 5); The Old World uses rank_bonus",
		"models a rank needs to add +1 to combat result (at most +3)", 1, 10,
		func(r *Ruleset) *int { return &r.RankWidth }),
	options.WholeNumber("monstrous_rank_width", "U", "RULES.md §2.9.11 (8th: 3 [V]); 6th has no monstrous troop type: the 6th width kept",
		"the same for monstrous infantry, cavalry and beasts", 1, 10,
		func(r *Ruleset) *int { return &r.MonstrousRankWidth }),
	options.Enum("rank_bonus_counted", "V", "RULES.md §3.1 (6th: start of the round; 8th: end)",
		"when ranks are counted for the rank bonus",
		[]string{"start_of_round", "end_of_round"}, func(r *Ruleset) *RankTime { return &r.RankCounted }),
	options.Enum("rank_bonus", "V", "RULES.md §3.1 (6th-8th: by width, at most +3), §4 (The Old World: by troop type)",
		"how ranks count: ranks of rank_bonus_width (monstrous_rank_width) models, at most +3; or each troop type's width and maximum",
		[]string{"by_width", "by_troop_type"}, func(r *Ruleset) *RankBonusRule { return &r.RankBonus }),
	options.Enum("flank_cancels_ranks", "V", "RULES.md §3.1 (6th, 7th: Unit Strength 5), §2.10 (8th: disruption)",
		"what a unit fighting an enemy's flank or rear needs to cancel that enemy's rank bonus",
		[]string{"unit_strength_5", "two_ranks_of_5"}, func(r *Ruleset) *FlankRule { return &r.FlankCancelsRanks }),
	options.Bool("outnumber_bonus", "S", "RULES.md §3.1 (6th, 7th [V]; 8th has none [S]), §4 (The Old World: Massed Infantry instead)",
		"+1 to the side with the greater Unit Strength",
		func(r *Ruleset) *bool { return &r.OutnumberBonus }),
	options.Custom("infantry_counts_as", "I", "RULES.md §4 (The Old World tells regular from heavy infantry; the older editions do not)",
		"what a unit of plain infantry (an older edition's type) counts as where the rules tell regular from heavy infantry",
		"regular or heavy", []string{"regular", "heavy"},
		func(r *Ruleset) string { return weightName(r.InfantryWeight) },
		func(r *Ruleset, v string) error { return setWeight(&r.InfantryWeight, v, Regular, Heavy) }),
	options.Custom("cavalry_counts_as", "I", "RULES.md §4 (The Old World tells light from heavy cavalry; the older editions do not: most of their cavalry is knights, heavy)",
		"what a unit of plain cavalry (an older edition's type) counts as where the rules tell light from heavy cavalry",
		"light or heavy", []string{"light", "heavy"},
		func(r *Ruleset) string { return weightName(r.CavalryWeight) },
		func(r *Ruleset, v string) error { return setWeight(&r.CavalryWeight, v, Light, Heavy) }),
	options.Bool("massed_infantry", "V", "RULES.md §4 (The Old World)",
		"+1 to an infantry side with the greater Unit Strength",
		func(r *Ruleset) *bool { return &r.MassedInfantry }),
	options.Enum("unit_strength", "V", "6th.whfb.app units/unit-strength (6th); RULES.md §4 (The Old World: light chariots 3, heavy 5)",
		"the Unit Strength of a model by troop type (unit_strength in a scenario overrides it)",
		[]string{"6th", "tow"}, func(r *Ruleset) *USRule { return &r.UnitStrength }),
	options.Bool("high_ground_bonus", "S", "RULES.md §3.1 (6th, 7th [V]; 8th has none [S]), §4 (The Old World: +1 [V])",
		"+1 for fighting from higher ground",
		func(r *Ruleset) *bool { return &r.HighGroundBonus }),
	options.Bool("charge_bonus", "V", "RULES.md §2.10 (8th); not among 6th's or 7th's bonuses (§3.1), nor The Old World's (§4)",
		"+1 to the side that charged, in the first round",
		func(r *Ruleset) *bool { return &r.ChargeBonus }),
	options.Enum("battle_standard_bonus", "V", "RULES.md §3.1 (6th: +1 in all, BSB included), §2.10 (8th: +1 more), §4 (The Old World: +1 more); 7th.whfb.app generals-and-battle-standards/combat-bonus (7th: \"an extra +1\")",
		"what a battle standard adds: it counts as the unit's standard, or +1 more",
		[]string{"counts_as_standard", "extra"}, func(r *Ruleset) *BSBBonus { return &r.BattleStandard }),
	options.Bool("musician_wins_draws", "V", "6th.whfb.app appendix-seven-special-rules/standard-bearers-and-musicians; 7th.whfb.app command-groups/drawn-combats; 8th.whfb.app command-groups/onwards-men; tow.whfb.app command-groups/onwards-to-victory",
		"a drawn combat is won by 1 by the side with a musician (if only one has one)",
		func(r *Ruleset) *bool { return &r.MusicianWinsDraws }),

	// Close combat: break tests and after.
	options.Bool("battle_standard_reroll", "U", "RULES.md §2.11 (8th [V]), §3.1 (7th [V]); 6th not covered",
		"a unit with the battle standard re-roll a failed break test",
		func(r *Ruleset) *bool { return &r.BSBReroll }),
	options.Bool("battle_standard_reroll_fear", "S", "RULES.md §2.11 (8th: Leadership tests of any kind [V]); 6th.whfb.app faq/psychology (6th: a re-roll of break tests is not one of psychology tests)",
		"where battle_standard_reroll allows it, the unit with the battle standard re-rolls a failed Fear test too",
		func(r *Ruleset) *bool { return &r.BSBRerollFear }),
	options.Bool("insane_courage", "U", "RULES.md §3.1 (7th, 8th [V]; not found in 6th [U]), §4 (The Old World: a double 1 gives ground)",
		"a double 1 always passes a break test",
		func(r *Ruleset) *bool { return &r.InsaneCourage }),
	options.Enum("break_test", "V", "RULES.md §2.11 (6th-8th), §4 (The Old World)",
		"what a break test comes to: break or hold; or break and flee (the natural roll fails), fall back in good order (only the modified roll fails), or give ground",
		[]string{"break_or_hold", "three_outcomes"}, func(r *Ruleset) *BreakRule { return &r.BreakTest }),
	options.Bool("terror", "V", "RULES.md §4 (The Old World)",
		"a loser beaten by a side that causes Terror takes its break test at Leadership -1",
		func(r *Ruleset) *bool { return &r.Terror }),
	options.Bool("steadfast", "V", "RULES.md §2.11 (8th); not in 6th, 7th (§3.1) or The Old World (§4)",
		"a loser with more ranks (of 5, or 3 monstrous) than its enemy tests on unmodified Leadership",
		func(r *Ruleset) *bool { return &r.Steadfast }),
	options.Enum("fear", "V", "6th.whfb.app psychology/defeated-by-fear-causing-enemy (6th, and 7th as §3.1 lists no change); RULES.md §2.4 (8th: WS 1), §4 (The Old World: -1 to hit)",
		"fighting a Fear-causing enemy: a beaten unit of lower Unit Strength than the Fear-causers breaks without a test (6th), or a unit that fails a Leadership test at the start of a round has WS 1 (8th), or nothing, or -1 to hit (The Old World)",
		[]string{"auto_break_when_outnumbered", "ws1_on_failed_test", "none", "minus_1_to_hit_on_failed_test"}, func(r *Ruleset) *FearRule { return &r.Fear }),
	options.Bool("fear_on_charge", "V", "6th.whfb.app psychology/fear, psychology/if-charged-by-a-fear-causing-enemy (6th); 8th tests at the start of each round instead (RULES.md §2.1)",
		"a unit that would charge a Fear-causer tests Leadership, and failing does not charge; a unit charged by one tests, and failing flees if its Unit Strength is lower than the charger's, else hits only on 6s in the first round",
		func(r *Ruleset) *bool { return &r.FearOnCharge }),
	options.Bool("fear_sixes_rerolled", "I", "6th.whfb.app psychology/if-charged-by-a-fear-causing-enemy (6th: must roll 6s to score hits); 7th.whfb.app psychology/fear (7th: no special rules apply)",
		"a unit that must roll 6s to hit for failing its Fear test when charged still re-rolls misses where its rules say so (Hatred, re-rolled hits)",
		func(r *Ruleset) *bool { return &r.FearSixesRerolled }),
	options.Bool("stomp", "S", "RULES.md §2.9.9 (8th); 6th and 7th have no Stomp; The Old World's Stomp Attacks (X) are a unit rule, not simulated",
		"monstrous infantry, cavalry and beasts make one Stomp hit a model in contact, after all other attacks, against infantry, war beasts and swarms",
		func(r *Ruleset) *bool { return &r.Stomp }),
	options.Enum("cavalry_flee_roll", "U", "RULES.md §2.11 (8th: Swiftstride, 3D6 dropping the lowest [S]); tow.whfb.app special-rules/swiftstride (The Old World: +D6 to a Flee or Pursuit roll, taken, so 3D6 [V]); 6th not covered",
		"how cavalry roll to flee and to pursue (infantry roll 2D6): 2D6, 3D6, or 3D6 dropping the lowest",
		[]string{"2d6", "3d6", "3d6_drop_lowest"}, func(r *Ruleset) *FleeRoll { return &r.CavalryFlee }),
	options.Custom("cavalry_flee_types", "I", "8th.whfb.app, troop-types/monstrous-cavalry (8th: all the cavalry rules apply to monstrous cavalry [V]); 6th has no monstrous cavalry: read as cavalry",
		"the troop types that flee and pursue as cavalry_flee_roll says (a comma-separated list, or all); the others roll 2D6",
		"troop types, comma-separated, or all", append(TroopTypeNames(), "all"),
		func(r *Ruleset) string { return r.CavalryFleeTypes.String() },
		func(r *Ruleset, v string) error {
			s, err := parseTroopSet(v)
			if err == nil {
				r.CavalryFleeTypes = s
			}
			return err
		}),

	// Weapons.
	options.WholeNumber("great_weapon_strength", "U", "RULES.md §2.9.13 ([U]); 6th: strikes last [V]",
		"Strength bonus of a great weapon", 0, 5, func(r *Ruleset) *int { return &r.GreatWeaponStrength }),
	options.WholeNumber("lance_strength", "U", "RULES.md §2.9.13 ([U])",
		"Strength bonus of a lance on the turn its bearer charged", 0, 5, func(r *Ruleset) *int { return &r.LanceStrength }),
	options.WholeNumber("flail_strength", "U", "RULES.md §2.9.13 ([U])",
		"Strength bonus of a flail in the first round of combat", 0, 5, func(r *Ruleset) *int { return &r.FlailStrength }),
	options.WholeNumber("morning_star_strength", "U", "RULES.md §2.9.13 ([U])",
		"Strength bonus of a morning star in the first round of combat", 0, 5, func(r *Ruleset) *int { return &r.MorningStarStrength }),

	// Characters and challenges.
	options.Bool("champion_takes_overflow", "I", "7th.whfb.app command-groups/champions (removed together with his comrades [V 7th]); 8th.whfb.app (last, after the rank and file [V]); 6th silent",
		"unsaved wounds left over when the last of the rank and file falls go on to the unit's champion (not in a challenge), as one of its models",
		func(r *Ruleset) *bool { return &r.ChampionOverflow }),
	options.Bool("lone_character_may_refuse", "I", "6th.whfb.app characters/single-character-challenges (cannot refuse [V]); 7th.whfb.app characters/refusing-a-challenge-boo-hiss (cannot refuse [V 7th]); tow.whfb.app characters/nowhere-to-run (the last remaining model cannot [V])",
		"a character with no rank and file left to hide behind may refuse a challenge",
		func(r *Ruleset) *bool { return &r.LoneCharacterRefuses }),
	options.Enum("refuse_needs", "S", "6th.whfb.app characters/single-character-challenges (\"no formation to hide behind\") [V]; 7th.whfb.app characters/refusing-a-challenge-boo-hiss (\"no positions in the unit where the character can avoid being in base contact\") [V 7th]; wap.whfb.app characters/nowhere-to-run-nowhere-to-hide (the 8th text) [S]; tow.whfb.app characters/nowhere-to-run (a lone or surrounded character) [V]",
		"what a unit needs for its character to refuse a challenge: rank and file left to hide behind, or a place out of base contact for him (more of its models standing than places in base contact)",
		[]string{"rank_and_file", "place_out_of_contact"}, func(r *Ruleset) *RefuseNeeds { return &r.RefuseNeeds }),
	options.Bool("refuse_retires_champion", "I", "6th.whfb.app characters/refusing-a-challenge-boo-hiss (retire one character); 8th forbids naming a champion [S]",
		"after a refused challenge the challenger may nominate the refusing unit's champion to retire, not only its characters",
		func(r *Ruleset) *bool { return &r.RetireChampion }),
	options.WholeNumber("overkill_cap", "V", "6th.whfb.app characters/overkill (up to +5); close-combat/challenges-combat-resolution (Warhammer Annual 2002); 8th +5 [S]",
		"the most Overkill a character slain in a challenge adds to combat result", 0, 20,
		func(r *Ruleset) *int { return &r.OverkillCap }),

	// Combats of several units (issue 30).
	options.Enum("side_rank_bonus", "I", "6th.whfb.app close-combat/combat-resolution-bonuses; 7th.whfb.app close-combat/combat-result-bonuses (\"unit with the most ranks\"); 8th.whfb.app extra-ranks-multiple-close-combats, tow rank-bonus-in-multiple-combats (\"best\", \"highest\") [V]",
		"an army with several units in a combat counts one rank bonus: the best any of its units can claim, or the deepest unit's (nothing if that one is disrupted)",
		[]string{"best_claimable", "deepest_unit"}, func(r *Ruleset) *SideRankRule { return &r.SideRankBonus }),
	options.Enum("disruption_unit_strength", "I", "6th.whfb.app close-combat/combat-resolution-bonuses (\"an enemy\"); 7th.whfb.app close-combat/combat-result-bonuses, tow forming-units/disrupted-units (\"an enemy unit\") [V]; 8th: two ranks of a unit [V]",
		"whose Unit Strength takes away a flanked unit's rank bonus: one enemy unit in its flank or rear strong enough, or all of them there together",
		[]string{"per_enemy_unit", "combined"}, func(r *Ruleset) *DisruptionRule { return &r.DisruptionUnitStrength }),
	options.Enum("flank_bonus_count", "U", "8th.whfb.app close-combat/flank-and-rear-multiple-close-combats, tow flank-and-rear-attacks-multiple-combats [V]; 6th, 7th not read",
		"how often an army earns the flank (+1) and rear (+2) bonuses: once per enemy unit attacked in the flank and once for its rear, or once per unit of it in an enemy's flank or rear",
		[]string{"per_enemy_unit", "per_attacking_unit"}, func(r *Ruleset) *FlankBonusCount { return &r.FlankBonusCount }),
	options.WholeNumber("flank_bonus_unit_strength", "U", "6th.whfb.app faq/close-combat (Warhammer Chronicles 2004 p.112) [S]; 7th not read; 8th.whfb.app close-combat/flank-attack, tow flank-and-rear-attacks (no condition) [V]",
		"the Unit Strength a unit in an enemy's flank or rear needs, at the end of the round, to claim the flank or rear bonus (0: any)", 0, 10,
		func(r *Ruleset) *int { return &r.FlankBonusUnitStrength }),
	options.Enum("standards_count", "S", "6th.whfb.app close-combat/combat-resolution-bonuses, 7th.whfb.app command-groups/combat-result-bonus, tow standards-multiple-combats [V]; 8th: worldanvil.com Battleaxe \"Multiple Combats\" [S]",
		"an army with several units in a combat counts +1 for standards however many of its units have one, or +1 a unit with one",
		[]string{"once_per_side", "per_unit"}, func(r *Ruleset) *StandardsCount { return &r.StandardsCount }),
	options.Enum("charge_bonus_count", "U", "8th.whfb.app (RULES.md §2.10: \"+1 if your unit charged\"); matters only where charge_bonus is yes (8th)",
		"where charge_bonus is yes, an army earns it once per unit of it that charged, or once however many charged",
		[]string{"per_charging_unit", "once_per_side"}, func(r *Ruleset) *ChargeCount { return &r.ChargeBonusCount }),
	options.Enum("fear_break_compare", "I", "6th.whfb.app psychology/defeated-by-fear-causing-enemy (\"its Unit Strength ... the victorious enemy\"); 7th.whfb.app same page (\"combined unit strength\") [V]; unused where fear is not auto_break_when_outnumbered",
		"in a combat of several units, what the Fear break compares with the Unit Strength of the Fear-causing winners in contact with a losing unit: the unit's own, or its army's in the combat",
		[]string{"unit_vs_fear_causers", "side_vs_fear_causers"}, func(r *Ruleset) *FearCompare { return &r.FearBreakCompare }),
	options.Bool("fear_break_insane_courage", "V", "7th.whfb.app psychology/defeated-by-fear-causing-enemy (\"an act of Insane Courage will keep such units in the fight\"); 6th: no Insane Courage found (insane_courage)",
		"a unit that breaks without a test for Fear rolls 2D6 first, and a double 1 keeps it in the fight",
		func(r *Ruleset) *bool { return &r.FearBreakInsaneCourage }),
	options.Enum("friend_breaks_panic", "I", "6th.whfb.app close-combat/panic-tests-for-breaks, psychology/panicking-in-close-combat [V]; 7th.whfb.app psychology/panic [V, exemption U]; 8th.whfb.app panic/panic-tests, tow no-need-for-hysterics-psychology (no Panic in combat) [V]",
		"in a combat of several units, whether the units still fighting beside a friend that broke or was wiped out take a Panic test (in_combat, every such friend counting as within 6\"), and flee with the broken if they fail",
		[]string{"none", "in_combat"}, func(r *Ruleset) *PanicRule { return &r.FriendBreaksPanic }),
	options.Enum("pursuit", "I", "7th.whfb.app close-combat/multiple-fleeing-and-pursuing [V]; 8th.whfb.app direction-of-pursuit-multiple-close-combats, tow the-combat-phase/pursuit [V]; 6th not read",
		"in a combat of several units, which fleeing units a winner chases: every one it touched, one roll against each; the one of them of highest Unit Strength; or none",
		[]string{"catch_every_fleeing_foe", "one_each_largest", "none"}, func(r *Ruleset) *PursuitRule { return &r.Pursuit }),
	options.Bool("pursue_while_engaged", "U", "6th.whfb.app close-combat/pursuit, 7th.whfb.app declare-pursuit-intentions, tow still-engaged [V]; 8th not read",
		"in a combat of several units, a winner still touching an enemy that holds may pursue the ones that flee",
		func(r *Ruleset) *bool { return &r.PursueWhileEngaged }),

	// Charge reactions (issue 30, step 7).
	options.Enum("charge_reach", "S", "6th.whfb.app movement/stand-and-shoot-movement (Move 7 Knights are more than half their charge move away beyond 7\") [V]; 7th.whfb.app movement/caught (\"sufficient movement\") [V]; 8th docslib reference [S]; tow the-movement-phase/determine-charge-range [V]",
		"how far a charger reaches a unit that fled from its charge: twice its Movement, its Movement + 2D6, or its Movement + the highest of 2D6",
		[]string{"double_move", "move_plus_2d6", "move_plus_highest_d6"}, func(r *Ruleset) *ReachRule { return &r.ChargeReach }),
	options.Enum("flee_reaction_roll", "V", "6th.whfb.app movement/flee, 7th.whfb.app movement/flee (2D6, 3D6 above Movement 6); 8th.whfb.app movement/flee (2D6); tow the-movement-phase/flee-charge-reaction (a flee roll, Swiftstride +D6)",
		"a unit's flee roll from a charge: 2D6, 3D6 for a Movement above 6; or as its flee from a lost combat (2D6, cavalry_flee_roll for cavalry_flee_types)",
		[]string{"by_movement", "flee_roll"}, func(r *Ruleset) *FleeReactionRule { return &r.FleeReactionRoll }),
	options.Enum("flee_reaction_caught", "I", "6th.whfb.app movement/charge-reactions, 7th.whfb.app movement/caught (\"sufficient movement\"); tow movement-in-detail/running-down-the-foe (contact)",
		"a unit that fled from a charge is caught, and destroyed, when the charger's reach is at least the distance plus its flee roll, or only when more",
		[]string{"reach_at_least", "reach_more"}, func(r *Ruleset) *CaughtRule { return &r.FleeCaught }),
	options.Enum("stand_and_shoot_range", "S", "6th.whfb.app shooting/stand-and-shoot-shooting [V]; 7th docsbay reference [S]; 8th 9th.whfb.app movement/stand-and-shoot [S]; tow the-movement-phase/stand-and-shoot [V]",
		"how far the charger must be for a unit to stand and shoot: beyond half its charge move (its Movement), or not nearer than its Movement; nearer, the unit holds",
		[]string{"half_charge", "charger_move"}, func(r *Ruleset) *ShootRangeRule { return &r.StandShootRange }),
	options.Bool("stand_and_shoot_long_range", "S", "6th.whfb.app shooting/stand-and-shoot-shooting (\"at the measured range\") [V]; 7th, 8th [S]; tow the-shooting-phase/standing-and-shooting [V]",
		"stand and shoot takes -1 to hit at long range, beyond half the missile weapon's range (its range: given)",
		func(r *Ruleset) *bool { return &r.StandShootLongRange }),
	options.Bool("stand_and_shoot_panic", "S", "6th.whfb.app movement/charge-reactions [V]; 7th, 8th (kaptainvon.com \"WFB8 step by step panic\") [S]; tow the-movement-phase/stand-and-shoot [V]",
		"a charger that loses a quarter of its models to stand and shoot tests Panic and, failing, flees: the charge is halted",
		func(r *Ruleset) *bool { return &r.StandShootPanic }),
	options.WholeNumber("shooting_ranks", "I", "7th.whfb.app shooting/line-of-sight-shooting (the front rank) [V]; 8th.whfb.app shooting/fire-in-two-ranks (\"including stand and shoot reactions\") [V]; tow the-shooting-phase/check-line-of-sight (the front rank) [V]; 6th not read: 7th's kept",
		"how many ranks of a unit shoot when it stands and shoots, each rank-and-file model of them with its shots", 1, 2,
		func(r *Ruleset) *int { return &r.ShootingRanks }),
}

var weightNames = [...]string{Unweighted: "none", Light: "light", Regular: "regular", Heavy: "heavy"}

func weightName(w Weight) string { return weightNames[w] }

// setWeight sets *w to the weight named v, one of allowed.
func setWeight(w *Weight, v string, allowed ...Weight) error {
	var names []string
	for _, a := range allowed {
		if weightNames[a] == v {
			*w = a
			return nil
		}
		names = append(names, weightNames[a])
	}
	return fmt.Errorf("unknown value %q; use %s", v, strings.Join(names, " or "))
}
